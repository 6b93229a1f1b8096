// The same checks for every pack in content/ (and tests/packs/proto-*) and
// every setup it offers, in the spirit of OpenSpiel's RandomSimTest: random
// games run to the end with no script error; at every decision the state
// survives a JSON round trip with its hash, a clone continues exactly like the
// original (the clone as a playout, which keeps no copy for rollback and no
// text: the two modes must hash alike), and a replay of the log reproduces
// every hash (ENGINE.md invariants 1, 2 and 4). At every step no seat's view
// (nor the onlooker's) holds what the seat may not know, and a secret choice
// changes nothing another seat sees while the simultaneous choice goes on
// (invariants 2 and 3). At every step, too, the state itself is sound: every
// entity in play sits in exactly one zone, whose list agrees with the
// entity's own zone field; no seat counter is negative; a finished game's
// result follows the convention of core/outcome.h.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <nlohmann/json.hpp>

#include "core/engine.h"
#include "core/game_log.h"
#include "core/outcome.h"
#include "core/playout.h"
#include "core/state_json.h"
#include "core/subset.h"
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

// What a seat may know of an entity, from the kernel's data alone (not from
// Engine::known, which the views use): the items of public zones and of the
// seat's own owner zones, minus face-down entities the seat neither owns nor
// sits at; plus what was revealed to it. Hidden and contents zones show no
// entity (contents zones only counts per definition).
bool may_know(const Engine& e, const State& s, EntityId id, int seat) {
  const Entity* en = s.entity(id);
  if (!en || en->zone < 0) return false;
  if (seat >= 0 && s.revealed_to(id, seat)) return true;
  const Zone& z = s.zones[en->zone];
  switch (e.packs().zones[z.def].visibility) {
    case ZoneDef::Visibility::Public: break;
    case ZoneDef::Visibility::Owner:
      if (seat < 0 || z.seat != seat) return false;
      break;
    case ZoneDef::Visibility::Hidden:
    case ZoneDef::Visibility::Contents: return false;
  }
  return en->face_up || (seat >= 0 && (en->owner == seat || z.seat == seat));
}

// Every entity object ({"id", "def", ...}) anywhere in a view.
void entities_in(const nlohmann::json& j, std::vector<std::pair<int64_t, std::string>>& out) {
  if (j.is_object()) {
    auto id = j.find("id"), def = j.find("def");
    if (id != j.end() && def != j.end() && id->is_number_integer()) out.emplace_back(id->get<int64_t>(), def->get<std::string>());
    for (const auto& [k, v] : j.items()) entities_in(v, out);
  } else if (j.is_array()) {
    for (const auto& v : j) entities_in(v, out);
  }
}

bool has_key(const nlohmann::json& j, std::string_view key) {
  if (j.is_object()) {
    for (const auto& [k, v] : j.items())
      if (k == key || has_key(v, key)) return true;
  } else if (j.is_array()) {
    for (const auto& v : j)
      if (has_key(v, key)) return true;
  }
  return false;
}

// The views of every seat and of the onlooker (index 0 = seat -1).
std::vector<nlohmann::json> views(const Engine& e, const State& s) {
  std::vector<nlohmann::json> out;
  for (int v = -1; v < static_cast<int>(s.seats.size()); ++v) out.push_back(nlohmann::json::parse(e.view_json(s, v)));
  return out;
}

// Invariant 3 on one state: no view holds an entity its seat may not know,
// another seat's secrets, another seat's options or secret prompt, the seed
// or the RNG state.
std::string leaks(const Engine& e, const State& s, const std::vector<nlohmann::json>& vs, uint64_t seed) {
  std::vector<std::string> rng_words;
  for (int i = 0; i < 4; ++i) rng_words.push_back(std::to_string(s.rng.words()[i]));
  for (int v = -1; v < static_cast<int>(s.seats.size()); ++v) {
    const nlohmann::json& j = vs[static_cast<size_t>(v + 1)];
    const std::string who = v < 0 ? "the onlooker" : "seat " + std::to_string(v + 1);
    std::vector<std::pair<int64_t, std::string>> ents;
    entities_in(j, ents);
    for (const auto& [id, def] : ents) {
      if (!may_know(e, s, id, v)) return who + " sees entity #" + std::to_string(id) + " (" + def + ") it may not know";
      if (e.packs().defs[s.entities[id].def]->id != def) return who + " sees entity #" + std::to_string(id) + " as " + def;
    }
    for (size_t i = 0; i < j["seats"].size(); ++i)
      if (static_cast<int>(i) != v && j["seats"][i].contains("secret")) return who + " sees the secrets of seat " + std::to_string(i + 1);
    const auto& ds = j["decisions"];
    if (ds.size() != s.pending.size()) return who + ": the decisions do not match the state";
    for (size_t k = 0; k < s.pending.size(); ++k) {
      const Decision& d = s.pending[k];
      if (d.seat == v) continue;
      if (ds[k].contains("options")) return who + " sees the options of seat " + std::to_string(d.seat + 1);
      if (d.secret && ds[k].contains("prompt")) return who + " sees the secret prompt of seat " + std::to_string(d.seat + 1);
    }
    if (has_key(j, "rng") || has_key(j, "seed")) return who + " sees the RNG";
    const std::string text = j.dump();
    for (const auto& w : rng_words)
      if (text.find(w) != std::string::npos) return who + " sees the RNG state";
    if (seed > 1000 && text.find(std::to_string(seed)) != std::string::npos) return who + " sees the seed";
  }
  return "";
}

// Seat `p`'s decisions left out of a view: whether and when a seat is still
// deciding is public; nothing else about its secret choice is. The journal
// holds the lines of the last choice only: those of a secret choice that a
// view shows must be none.
nlohmann::json without_seat(nlohmann::json j, int p) {
  nlohmann::json ds = nlohmann::json::array();
  for (const auto& d : j["decisions"])
    if (d["seat"] != p + 1) ds.push_back(d);
  j["decisions"] = ds;
  return j;
}

// A decision as its own seat sees it (prompt and options).
std::vector<nlohmann::json> own_decisions(const std::vector<nlohmann::json>& vs, int seat) {
  std::vector<nlohmann::json> out;
  for (const auto& d : vs[static_cast<size_t>(seat + 1)]["decisions"])
    if (d["seat"] == seat + 1) out.push_back(d);
  return out;
}

// What is unsound in `s` itself, or "": zones and entities that disagree, a
// negative counter, a result off the convention.
std::string unsound(const Engine& e, const State& s) {
  std::vector<int> seen(s.entities.size(), -1);  // the zone that lists each entity
  for (size_t z = 0; z < s.zones.size(); ++z) {
    const std::string zone = e.zone_name(s, static_cast<int>(z));
    for (EntityId id : s.zones[z].items) {
      if (id < 0 || static_cast<size_t>(id) >= s.entities.size()) return "zone " + zone + " lists #" + std::to_string(id) + ", which is no entity";
      if (seen[id] == static_cast<int>(z)) return "zone " + zone + " lists entity #" + std::to_string(id) + " twice";
      if (seen[id] >= 0) return "entity #" + std::to_string(id) + " is listed in zones " + e.zone_name(s, seen[id]) + " and " + zone;
      seen[id] = static_cast<int>(z);
      if (s.entities[id].zone != static_cast<int>(z))
        return "zone " + zone + " lists entity #" + std::to_string(id) + " whose zone is " +
               (s.entities[id].zone < 0 ? std::string("none (out of play)") : std::to_string(s.entities[id].zone));
    }
  }
  for (size_t id = 0; id < s.entities.size(); ++id) {
    const int z = s.entities[id].zone;
    if (z >= static_cast<int>(s.zones.size())) return "entity #" + std::to_string(id) + " has zone " + std::to_string(z) + ", which is no zone";
    if (z >= 0 && seen[id] != z) return "entity #" + std::to_string(id) + " is in zone " + e.zone_name(s, z) + " but not in its list";
  }
  // No pack has a counter that may go below zero (a debt, a score that
  // falls): when one does, [seats] should say so and this check read it.
  for (size_t seat = 0; seat < s.seats.size(); ++seat)
    for (const auto& [name, v] : s.seats[seat].counters)
      if (v.is_int() && v.as_int() < 0)
        return "seat " + std::to_string(seat + 1) + "'s counter " + name + " is " + std::to_string(v.as_int());
  if (s.over) {
    Outcome o;
    const std::string why = read_outcome(s.result, static_cast<int>(s.seats.size()), o);
    if (!why.empty()) return "the result " + s.result.to_string() + " breaks the convention: " + why;
  }
  return "";
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
  const std::string pack = fs::path(GetParam().pack).filename().string();
  // TABULA_CONFORMANCE_GAMES lowers the count where every step is costly
  // (tools/sanitize.sh: the sanitizers make whole games slow; its own
  // random games cover breadth there).
  uint64_t games = 12;
  if (const char* env = std::getenv("TABULA_CONFORMANCE_GAMES"))
    games = std::max<uint64_t>(1, std::strtoull(env, nullptr, 10));
  for (uint64_t seed = 1; seed <= games; ++seed) {
    State s = e.new_game(seed, seats, options);
    // The views are watched in the first games only, which keeps the test
    // quick; TABULA_CONFORMANCE_WATCH sets how many (tools/sanitize.sh: 0,
    // the plain build's games watch them).
    uint64_t watched = 4;
    if (const char* env = std::getenv("TABULA_CONFORMANCE_WATCH")) watched = std::strtoull(env, nullptr, 10);
    const bool watch = seed <= watched;
    std::vector<nlohmann::json> vs;
    if (watch) vs = views(e, s);
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
      ASSERT_EQ(unsound(e, s), "") << pack << " seed " << seed << " step " << guard;
      if (watch) {
        ASSERT_EQ(leaks(e, s, vs, seed), "") << "seed " << seed << " step " << guard;
      }
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
      const bool secret = d.secret;
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
      // While another seat still has the same decision open, the secret
      // choice just made shows nowhere but in its own seat's view.
      if (!watch) continue;
      std::vector<nlohmann::json> after = views(e, s);
      if (secret) {
        bool goes_on = false;
        for (int w = 0; w < seats && !goes_on; ++w)
          goes_on = w != seat && !own_decisions(vs, w).empty() && own_decisions(vs, w) == own_decisions(after, w);
        for (int w = -1; goes_on && w < seats; ++w) {
          if (w == seat) continue;
          nlohmann::json was = without_seat(vs[w + 1], seat), is = without_seat(after[w + 1], seat);
          was["journal"] = nlohmann::json::array();
          ASSERT_TRUE(was == is)
              << nlohmann::json::diff(was, is).dump() << "\nseed " << seed << " step " << guard << ": " << (w < 0 ? "the onlooker" : "seat " + std::to_string(w + 1))
              << " sees seat " << (seat + 1) << "'s secret choice " << option;
        }
      }
      vs = std::move(after);
    }
    ASSERT_EQ(unsound(e, s), "") << pack << " seed " << seed << " at the end, after " << guard << " steps";
    ReplayReport rep = replay(e, log);
    EXPECT_TRUE(rep.ok) << "seed " << seed << ": " << rep.error;
    EXPECT_EQ(rep.steps, log.choices.size());
  }
}

// A game with a seed long enough to be spotted: no view (the onlooker's
// neither) ever shows the seed or the RNG state, and the onlooker sees no
// owner-only or hidden entity and no secret (invariant 3).
TEST_P(Conformance, ViewsNeverShowTheSeedOrWhatTheOnlookerMayNotKnow) {
  auto r = load_pack(GetParam().pack);
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  const auto [seats, options] = start_of(e, GetParam());
  const uint64_t seed = 9876543210123ull;
  State s = e.new_game(seed, seats, options);
  RandomAgent agent(derive_seed(seed, 7));
  for (int step = 0; step < 300 && !s.over; ++step) {
    ASSERT_EQ(leaks(e, s, views(e, s), seed), "") << "step " << step;
    const nlohmann::json onlooker = nlohmann::json::parse(e.view_json(s, -1));
    for (const auto& st : onlooker["seats"]) EXPECT_FALSE(st.contains("secret"));
    for (const auto& z : onlooker["zones"]) {
      const ZoneDef* zd = e.packs().zone(z["zone"].get<std::string>());
      ASSERT_NE(zd, nullptr);
      if (zd->visibility != ZoneDef::Visibility::Public) {
        EXPECT_FALSE(z.contains("items")) << zd->id << " at step " << step;
      }
    }
    for (const auto& d : onlooker["decisions"]) EXPECT_FALSE(d.contains("options"));
    const Decision& d = s.pending[s.pending.size() == 1 ? 0 : agent.choose(s, s.pending.front()) % s.pending.size()];
    ApplyResult ra = e.apply(s, d.seat, testing_support::random_option(agent, s, d));
    ASSERT_TRUE(ra.ok) << ra.error;
  }
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
