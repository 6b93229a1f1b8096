// The conformance checks (core/search/conformance.h) for every pack in content/
// (and tests/packs/proto-*) and every setup it offers: random games to the
// end, save/load, clone as a playout, replay, a sound state, and no seat's
// view or text holding what it may not know. `tabula conformance` runs the
// same code on any pack; this suite lists one test per pack and start.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <nlohmann/json.hpp>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/rules/engine.h"
#include "core/rules/subset.h"
#include "core/search/conformance.h"
#include "core/search/playout.h"
#include "core/state/outcome.h"
#include "tests/come_up.h"

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
  // ctest runs every test in a process of its own, and each process builds
  // every parameter list: loading all packs here cost each of them half a
  // second. A run filtered to other tests needs no cases.
  const std::string filter = GTEST_FLAG_GET(filter);
  if (filter != "*" && filter.find("Conformance") == std::string::npos) return out;
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
    // A layer's setups are its base's (or restated): the base pack's own
    // cases play them, so a layer plays only its default starts.
    if (r.ok() && r.packs->layers.size() == 1)
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

// The seats and options a case starts its games with.
std::pair<int, Dict> start_of(const Engine& e, const Case& c) {
  int seats = c.most_seats ? e.packs().seats.max : e.packs().seats.fallback;
  Dict options;
  if (!c.setup.empty()) {
    const auto& s = e.packs().setups.at(c.setup);
    options = s.options;
    if (s.seats > 0) seats = s.seats;
  }
  return {seats, options};
}

TEST_P(Conformance, RandomGamesKeepTheInvariants) {
  auto r = load_pack(GetParam().pack);
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  const auto [seats, options] = start_of(e, GetParam());
  ConformanceConfig cfg;
  // TABULA_CONFORMANCE_GAMES lowers the count where every step is costly
  // (tools/sanitize.sh: the sanitizers make whole games slow; its own
  // random games cover breadth there).
  if (const char* env = std::getenv("TABULA_CONFORMANCE_GAMES"))
    cfg.games = std::max<uint64_t>(1, std::strtoull(env, nullptr, 10));
  // The views are watched in the first games only, which keeps the test
  // quick; TABULA_CONFORMANCE_WATCH sets how many (tools/sanitize.sh: 0,
  // the plain build's games watch them). The game with a long seed that no
  // view may show is always watched.
  if (const char* env = std::getenv("TABULA_CONFORMANCE_WATCH")) cfg.watched = std::strtoull(env, nullptr, 10);
  // The identity check replays a game with shifted ids and compares every
  // view at every step; TABULA_CONFORMANCE_IDENTITY sets how many games
  // (tools/sanitize.sh: 0, the plain build checks it).
  if (const char* env = std::getenv("TABULA_CONFORMANCE_IDENTITY")) cfg.identity = std::strtoull(env, nullptr, 10);
  const ConformanceReport rep = check_conformance(e, {GetParam().setup, options, seats}, cfg);
  EXPECT_TRUE(rep.ok) << located(rep.first);
  EXPECT_EQ(rep.games, cfg.games);
}

INSTANTIATE_TEST_SUITE_P(Packs, Conformance, testing::ValuesIn(cases()), case_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Conformance);

// A card joins a game by being declared (ENGINE.md, layering): each test
// layer tests/packs/newcard-* adds definitions to a shipped game with no
// rules file copied or replaced (an entry, a script, a list append or a
// declared group). Every definition the layer itself adds must come up in
// some seat's view within a few random games of the default start.
TEST(NewCards, ALayersNewCardsComeUpInRandomGames) {
  const fs::path content = fs::path(TABULA_SOURCE_DIR) / "content";
  std::vector<fs::path> layers;
  for (const auto& d : fs::directory_iterator(fs::path(TABULA_SOURCE_DIR) / "tests" / "packs"))
    if (d.path().filename().string().rfind("newcard-", 0) == 0) layers.push_back(d.path());
  std::sort(layers.begin(), layers.end());
  ASSERT_GE(layers.size(), 2u) << "the test layers tests/packs/newcard-* are missing";
  for (const auto& dir : layers) {
    auto r = load_pack(dir.string(), {}, {content.string()});
    ASSERT_TRUE(r.ok()) << dir << "\n" << r.report();
    Engine e(std::move(r.packs));
    const std::string layer = e.packs().layers.back().id;
    std::set<std::string> unseen;
    for (const EntityDef* d : e.packs().defs)
      if (d->layer == layer) unseen.insert(d->id);
    ASSERT_FALSE(unseen.empty()) << layer << " adds no definition";
    std::string error;
    unseen = testing_support::never_seen(e, unseen, 30, error);
    EXPECT_EQ(error, "") << layer;
    for (const auto& id : unseen) ADD_FAILURE() << layer << ": " << id << " never came up in 30 random games";
  }
}

// Each check of unsound() fires on a state broken by hand.
TEST(ConformanceChecks, FindBrokenStates) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/proto-deckbuilder");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  const State good = e.new_game(1, 2);
  ASSERT_EQ(unsound(e, good), "");
  int zone = -1;  // a zone with two entities at least
  for (size_t z = 0; z < good.zones.size() && zone < 0; ++z)
    if (good.zones[z].items.size() >= 2) zone = static_cast<int>(z);
  ASSERT_GE(zone, 0);
  const int other = zone == 0 ? 1 : 0;
  const EntityId a = good.zones[zone].items[0];
  const std::string at = e.zone_name(good, zone);
  const std::string id = "#" + std::to_string(a);
  auto contains = [](const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; };

  State twice = good;
  twice.zones[zone].items.push_back(a);
  EXPECT_EQ(unsound(e, twice), "zone " + at + " lists entity " + id + " twice");

  State two_zones = good;
  two_zones.zones[other].items.push_back(a);
  const std::string both = unsound(e, two_zones);
  EXPECT_TRUE(contains(both, "entity " + id + " is listed in zones ")) << both;

  State stray = good;
  stray.entities[a].zone = other;
  EXPECT_EQ(unsound(e, stray), "zone " + at + " lists entity " + id + " whose zone is " + std::to_string(other));

  State unlisted = good;
  unlisted.zones[zone].items.erase(unlisted.zones[zone].items.begin());
  EXPECT_EQ(unsound(e, unlisted), "entity " + id + " is in zone " + at + " but not in its list");

  State no_entity = good;
  no_entity.zones[zone].items.push_back(static_cast<EntityId>(good.entities.size()));
  EXPECT_TRUE(contains(unsound(e, no_entity), "which is no entity"));

  State negative = good;
  negative.seats[1].counters.emplace_back("debt", Value(-3));
  EXPECT_EQ(unsound(e, negative), "seat 2's counter debt is -3");

  State bad_result = good;
  bad_result.over = true;
  bad_result.result = Value::dict();
  bad_result.result.set("winners", Value::list({Value(3)}));
  EXPECT_EQ(unsound(e, bad_result), "the result {winners = [3]} breaks the convention: winners[1] is seat 3 but the game has 2 seats");
}

}  // namespace
