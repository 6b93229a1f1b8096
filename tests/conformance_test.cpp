// The same checks for every pack in content/ (and tests/packs/proto-*) and
// every setup it offers, in the spirit of OpenSpiel's RandomSimTest: random
// games run to the end with no script error; at every decision the state
// survives a JSON round trip with its hash, a clone continues exactly like the
// original (the clone as a playout, which keeps no copy for rollback and no
// text: the two modes must hash alike), and a replay of the log reproduces
// every hash (ENGINE.md invariants 1, 2 and 4).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/engine.h"
#include "core/game_log.h"
#include "core/playout.h"
#include "core/state_json.h"
#include "core/subset.h"

namespace fs = std::filesystem;
using namespace tabula;

namespace {

struct Case {
  std::string pack;
  std::string setup;  // "" = the pack's default start
  bool most_seats = false;  // the default start with as many seats as the pack allows
};

// How ctest and gtest print a case.
void PrintTo(const Case& c, std::ostream* os) {
  *os << fs::path(c.pack).filename().string() << (c.setup.empty() ? "" : " --setup " + c.setup)
      << (c.most_seats ? " (most seats)" : "");
}

std::vector<Case> cases() {
  std::vector<Case> out;
  // The shipped packs, and the prototype packs of tests/packs/proto-* that
  // exercise kernel features no shipped game uses yet.
  std::vector<fs::path> packs;
  for (const auto& e : fs::directory_iterator(fs::path(TABULA_SOURCE_DIR) / "content"))
    if (fs::exists(e.path() / "pack.toml")) packs.push_back(e.path());
  for (const auto& e : fs::directory_iterator(fs::path(TABULA_SOURCE_DIR) / "tests" / "packs"))
    if (e.path().filename().string().rfind("proto-", 0) == 0 && fs::exists(e.path() / "pack.toml"))
      packs.push_back(e.path());
  std::sort(packs.begin(), packs.end());
  for (const auto& p : packs) {
    out.push_back({p.string(), ""});
    auto r = load_pack(p.string());
    if (r.ok() && r.packs->seats.max > r.packs->seats.fallback) out.push_back({p.string(), "", true});
    if (r.ok())
      for (const auto& [name, _] : r.packs->setups) out.push_back({p.string(), name});
  }
  return out;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
  std::string n = fs::path(info.param.pack).filename().string() + "_" + (info.param.setup.empty() ? "default" : info.param.setup) +
                  (info.param.most_seats ? "_most_seats" : "");
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

class Conformance : public testing::TestWithParam<Case> {};

TEST_P(Conformance, RandomGamesKeepTheInvariants) {
  auto r = load_pack(GetParam().pack);
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  int seats = GetParam().most_seats ? e.packs().seats.max : e.packs().seats.fallback;
  Dict options;
  if (!GetParam().setup.empty()) {
    const auto& s = e.packs().setups.at(GetParam().setup);
    options = s.options;
    if (s.seats > 0) seats = s.seats;
  }
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    State s = e.new_game(seed, seats, options);
    GameLog log;
    log.seed = seed;
    log.seats = seats;
    log.options = options;
    log.start_hash = s.hash();
    RandomAgent agent(derive_seed(seed, 7));
    int guard = 0;
    while (!s.over) {
      ASSERT_LT(++guard, 2000) << "seed " << seed << ": the game does not end";
      ASSERT_FALSE(s.pending.empty()) << "seed " << seed << ": no decision open but the game is not over";
      // Save and load keep the hash.
      State loaded = state_from_json(e, nlohmann::json::parse(state_to_json(e, s).dump()));
      ASSERT_EQ(loaded.hash(), s.hash()) << "seed " << seed << " step " << guard;
      // With simultaneous secret choices open, take them in turn (a seat at random).
      const Decision& d = s.pending[s.pending.size() == 1 ? 0 : agent.choose(s, s.pending.front()) % s.pending.size()];
      std::string option;
      if (d.subset()) {  // a set of options, as one canonical string
        std::vector<size_t> set;
        agent.choose_subset(s, d, set);
        ASSERT_EQ(check_subset(d, set), "");
        option = subset_id(d, set);
      } else {
        option = d.options[agent.choose(s, d)].id;
      }
      int seat = d.seat;
      // A clone continues exactly like the original, even as a playout, and
      // the original is untouched by what happens to the clone.
      State clone = s;
      uint64_t before = s.hash();
      ApplyResult rc = e.apply(clone, seat, option, Mode::Playout);
      ASSERT_EQ(s.hash(), before);
      ApplyResult ra = e.apply(s, seat, option);
      ASSERT_TRUE(ra.ok) << "seed " << seed << ": " << ra.error;
      ASSERT_TRUE(rc.ok);
      ASSERT_EQ(clone.hash(), s.hash());
      log.choices.push_back({seat, option, s.hash(), s.rng.draws()});
    }
    ReplayReport rep = replay(e, log);
    EXPECT_TRUE(rep.ok) << "seed " << seed << ": " << rep.error;
    EXPECT_EQ(rep.steps, log.choices.size());
  }
}

INSTANTIATE_TEST_SUITE_P(Packs, Conformance, testing::ValuesIn(cases()), case_name);

}  // namespace
