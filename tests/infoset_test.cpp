// A seat's information set and its determinizations (core/rules/infoset.h;
// docs/architecture.md, "Information sets and determinization"; ENGINE.md
// invariant 14). For every shipped pack and layer, from mid-game states of
// random games and for each seat: a determinization shows the seat exactly
// what it saw; two states that differ only in what the seat cannot see give
// the same determinization for the same seed and the same choice from the
// `ai` agent; and a determinized state is sound and plays on to the end.
// Then one test per rule on tests/packs/infoset.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include "core/rules/engine.h"
#include "core/rules/infoset.h"
#include "core/search/conformance.h"
#include "core/search/playout.h"
#include "core/rules/kernel.h"

namespace fs = std::filesystem;
using namespace tabula;

namespace {

std::vector<std::string> shipped_packs() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(TABULA_SOURCE_DIR) / "content"))
    if (fs::exists(e.path() / "pack.toml")) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

std::unique_ptr<Engine> load(const std::string& dir) {
  auto r = load_pack(dir);
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

// The seat's view without the journal (a determinization keeps none).
nlohmann::json seen(const Engine& e, const State& s, int seat) {
  nlohmann::json j = nlohmann::json::parse(e.view_json(s, seat));
  j.erase("journal");
  return j;
}

// One chosen option of the `ai` agent, a fresh one with seed 3.
std::string ai_choice(Engine& e, const State& s, int seat) {
  const Decision* d = s.pending_for(seat);
  if (!d) return "";
  GreedyAgent ai(e, 3);
  if (!d->subset()) return d->options[ai.choose(s, *d)].id;
  std::vector<size_t> set;
  ai.choose_subset(s, *d, set);
  std::string out;
  for (size_t i : set) out += d->options[i].id + ",";
  return out;
}

class Determinization : public testing::TestWithParam<std::string> {};

TEST_P(Determinization, AgreesWithTheSeatAndResamplesTheRest) {
  auto e = load((fs::path(TABULA_SOURCE_DIR) / "content" / GetParam()).string());
  ASSERT_TRUE(e);
  const int seats = e->packs().seats.fallback;
  State s = e->new_game(11, seats, {}, Mode::Playout);
  std::vector<RandomAgent> walkers;
  for (int i = 0; i < seats; ++i) walkers.emplace_back(derive_seed(11, static_cast<uint64_t>(i)));
  std::vector<Agent*> agents;
  for (auto& w : walkers) agents.push_back(&w);
  int checked = 0, resampled = 0;
  uint64_t done = 0;
  for (uint64_t at : {6u, 40u, 160u}) {
    const PlayoutResult walk = play_out(*e, s, agents, at - done);
    ASSERT_FALSE(walk.failed) << walk.error;
    done += walk.choices;
    if (s.over) break;
    for (int seat = 0; seat < seats; ++seat) {
      SCOPED_TRACE("after " + std::to_string(done) + " choices, seat " + std::to_string(seat + 1));
      const State b = determinize(*e, s, seat, 1001 + at);
      bool differs = false;
      for (size_t i = 0; i < s.entities.size(); ++i) differs = differs || s.entities[i].def != b.entities[i].def;
      for (size_t i = 0; i < s.seats.size(); ++i) differs = differs || s.seats[i].secret != b.seats[i].secret;
      resampled += differs;
      // What the seat sees is the same in both.
      ASSERT_EQ(seen(*e, s, seat), seen(*e, b, seat));
      ASSERT_EQ(info_hash(*e, s, seat), info_hash(*e, b, seat));
      // (a) The same seed gives the same determinization of either.
      State da = determinize(*e, s, seat, 7);
      const State db = determinize(*e, b, seat, 7);
      EXPECT_EQ(da.hash(), db.hash());
      // (c) The `ai` agent cannot tell them apart.
      EXPECT_EQ(ai_choice(*e, s, seat), ai_choice(*e, b, seat));
      // (b) A determinized state is a sound state of the game, whose views
      // and texts pass the conformance checks (core/search/conformance.h), and
      // which random play takes to the end without a script error.
      EXPECT_EQ(unsound(*e, da), "");
      int who = -2;
      EXPECT_EQ(view_leaks(*e, da, conformance_views(*e, da), da.seed, who), "");
      EXPECT_EQ(text_leaks(*e, nullptr, da, who), "");
      const PlayoutResult rest = play_out(*e, da, agents, 20000);
      EXPECT_FALSE(rest.failed) << rest.error;
      EXPECT_TRUE(rest.finished);
      ++checked;
    }
  }
  EXPECT_GT(checked, 0) << "no mid-game state";
  // Every game but one with nothing hidden has something to draw anew.
  bool hides = false;
  for (const auto& z : e->packs().zones) hides = hides || z.visibility != ZoneDef::Visibility::Public;
  if (hides) {
    EXPECT_GT(resampled, 0) << "no determinization changed anything";
  }
}

INSTANTIATE_TEST_SUITE_P(Shipped, Determinization, testing::ValuesIn(shipped_packs()),
                         [](const testing::TestParamInfo<std::string>& i) {
                           std::string n = i.param;
                           for (auto& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

// tests/packs/infoset after the deal, seat 1 having committed its secret
// order while seat 2 still decides.
struct Small : testing::Test {
  void SetUp() override {
    e = load(std::string(TABULA_SOURCE_DIR) + "/tests/packs/infoset");
    ASSERT_TRUE(e);
    s = e->new_game(5, 2);
    ASSERT_TRUE(e->apply(s, 0, "attack").ok);
    ASSERT_TRUE(s.pending_for(1));
  }
  int zone(const std::string& id, int seat = -1) const {
    for (size_t z = 0; z < s.zones.size(); ++z)
      if (e->packs().zones[s.zones[z].def].id == id && s.zones[z].seat == seat) return static_cast<int>(z);
    return -1;
  }
  std::vector<int32_t> defs(const State& x, int z) const {
    std::vector<int32_t> out;
    for (EntityId id : x.zones[z].items) out.push_back(x.entities[id].def);
    return out;
  }
  std::unique_ptr<Engine> e;
  State s;
};

std::vector<int32_t> sorted(std::vector<int32_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// A hidden deck: its entities keep their ids and places and exchange what
// they are; the card revealed to the seat stays what it is (docs/packs.md,
// zone visibility and tabula.reveal).
TEST_F(Small, HiddenDeckIsDealtAgainButTheRevealedCardStays) {
  const int deck = zone("deck");
  ASSERT_EQ(s.zones[deck].items.size(), 4u);
  ASSERT_TRUE(s.revealed_to(s.zones[deck].items[0], 0));
  bool changed = false;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const State d = determinize(*e, s, 0, seed);
    EXPECT_EQ(d.zones[deck].items, s.zones[deck].items);
    EXPECT_EQ(defs(d, deck)[0], defs(s, deck)[0]);
    EXPECT_EQ(d.revealed.size(), s.revealed.size());
    changed = changed || defs(d, deck) != defs(s, deck);
  }
  EXPECT_TRUE(changed);
}

// An opponent's hand shares the pool "cards" with the deck ([zones.X]
// unseen_pool): it may hold any card the seat has not seen; the seat's own
// hand never changes, and the cards it cannot see stay the same multiset.
TEST_F(Small, OpponentsHandIsDrawnFromWhatTheSeatHasNotSeen) {
  const int deck = zone("deck"), mine = zone("hand", 0), theirs = zone("hand", 1);
  auto unseen = [&](const State& x) {
    std::vector<int32_t> v = defs(x, theirs);
    const auto d = defs(x, deck);
    v.insert(v.end(), d.begin() + 1, d.end());
    return sorted(v);
  };
  bool from_deck = false;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const State d = determinize(*e, s, 0, seed);
    EXPECT_EQ(defs(d, mine), defs(s, mine));
    EXPECT_EQ(unseen(d), unseen(s));
    const std::vector<int32_t> held = defs(s, theirs);
    for (int32_t def : defs(d, theirs)) from_deck = from_deck || std::count(held.begin(), held.end(), def) == 0;
  }
  EXPECT_TRUE(from_deck);
  // Seat 2 knows its hand: for it, the hand stays.
  EXPECT_EQ(defs(determinize(*e, s, 1, 9), theirs), defs(s, theirs));
}

// Properties go with what an entity is: the deck card whose rank was set
// to 40 is still the only one, and of the same definition.
TEST_F(Small, OwnPropertiesTravelWithTheCard) {
  auto holder = [&](const State& x) {
    std::vector<int32_t> out;
    for (size_t id = 0; id < x.entities.size(); ++id)
      if (e->prop(x, static_cast<EntityId>(id), "rank") == Value(40)) out.push_back(x.entities[id].def);
    return out;
  };
  ASSERT_EQ(holder(s).size(), 1u);
  for (uint64_t seed = 1; seed <= 20; ++seed) EXPECT_EQ(holder(determinize(*e, s, 0, seed)), holder(s));
}

// Face-down cards in a public zone are hidden from all but their owner
// (docs/packs.md): seat 1 may find them exchanged, seat 2 never.
TEST_F(Small, FaceDownCardsAreResampledForOthersOnly) {
  const int table = zone("table");
  bool changed = false;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    changed = changed || defs(determinize(*e, s, 0, seed), table) != defs(s, table);
    EXPECT_EQ(defs(determinize(*e, s, 1, seed), table), defs(s, table));
  }
  EXPECT_TRUE(changed);
}

// A contents zone: the counts per definition hold; where each lies and
// what the face-down tokens are is drawn anew (docs/packs.md, `contents`).
TEST_F(Small, ContentsCountsHold) {
  const int bag = zone("bag");
  bool moved = false;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const State d = determinize(*e, s, 0, seed);
    EXPECT_EQ(sorted(defs(d, bag)), sorted(defs(s, bag)));
    for (EntityId id : d.zones[bag].items) {
      const bool up = d.entities[id].face_up;
      EXPECT_EQ(up, s.entities[id].face_up);
      if (!up) {
        EXPECT_EQ(e->packs().defs[d.entities[id].def]->id, "gold");  // no face-up token turns face down
      }
    }
    moved = moved || defs(d, bag) != defs(s, bag);
  }
  EXPECT_TRUE(moved);
}

// A committed secret choice: the pack's determinize hook redraws seat 1's
// order for seat 2; seat 1 keeps its own (docs/lua-api.md, tabula.decide
// `secret`; docs/packs.md, [pack] determinize).
TEST_F(Small, OtherSeatsSecretsAreResampledByThePackHook) {
  ASSERT_TRUE(e->kernel().has_determinize_hook());
  std::map<std::string, int> orders;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    ++orders[std::string(dict_get(determinize(*e, s, 1, seed).seats[0].secret, "order").as_str())];
    EXPECT_EQ(dict_get(determinize(*e, s, 0, seed).seats[0].secret, "order"), Value("attack"));
  }
  EXPECT_GT(orders["attack"], 0);
  EXPECT_GT(orders["defend"], 0);
  EXPECT_EQ(orders.size(), 2u);
}

// The dice: a determinization rolls from its own seed, never the game's,
// and keeps the count of draws; the same seed gives the same state.
TEST_F(Small, DiceAreReseeded) {
  const State a = determinize(*e, s, 0, 1), b = determinize(*e, s, 0, 2), again = determinize(*e, s, 0, 1);
  EXPECT_NE(std::vector<uint64_t>(a.rng.words(), a.rng.words() + 4), std::vector<uint64_t>(s.rng.words(), s.rng.words() + 4));
  EXPECT_NE(std::vector<uint64_t>(a.rng.words(), a.rng.words() + 4), std::vector<uint64_t>(b.rng.words(), b.rng.words() + 4));
  EXPECT_EQ(a.rng.draws(), s.rng.draws());
  EXPECT_EQ(a.hash(), again.hash());
  EXPECT_NE(a.hash(), b.hash());
}

// The typed view agrees with view_json: items a seat knows by id, the
// hidden ones counted, a contents zone by definition.
TEST_F(Small, InfoSetListsWhatTheViewShows) {
  const InfoSet is = info_set(*e, s, 0);
  const auto& deck = is.zones[zone("deck")];
  EXPECT_TRUE(deck.ordered);  // the revealed top card
  ASSERT_EQ(deck.items.size(), 4u);
  EXPECT_NE(deck.items[0], kNoEntity);
  EXPECT_EQ(deck.items[1], kNoEntity);
  EXPECT_EQ(deck.hidden, 3);
  EXPECT_FALSE(is.zones[zone("hand", 1)].ordered);
  EXPECT_EQ(is.zones[zone("hand", 1)].hidden, 2);
  const auto& bag = is.zones[zone("bag")];
  EXPECT_EQ(bag.defs.size(), 3u);
  EXPECT_EQ(bag.hidden, 2);
  EXPECT_TRUE(is.knows(s.zones[zone("hand", 0)].items[0]));
  EXPECT_FALSE(is.knows(s.zones[zone("hand", 1)].items[0]));
  EXPECT_EQ(is.decision, nullptr);  // seat 1 has committed
  ASSERT_NE(is.secret, nullptr);
  EXPECT_EQ(dict_get(*is.secret, "order"), Value("attack"));
}

// Dungeon Lords' determinize hook (content/dungeon-lords/rules/
// determinize.lua; dungeon-lords.md §4.3.2): once a lord has committed his
// three orders, another lord still planning finds them drawn anew from the
// first one's hand, three distinct cards; the lord himself keeps his own.
TEST(DungeonLordsDeterminize, CommittedOrdersAreDrawnAnew) {
  auto e = load(std::string(TABULA_SOURCE_DIR) + "/content/dungeon-lords");
  ASSERT_TRUE(e);
  ASSERT_TRUE(e->kernel().has_determinize_hook());
  State s = e->new_game(3, 2, {}, Mode::Playout);
  RandomAgent a(1), b(2);
  std::vector<Agent*> agents{&a, &b};
  int done = -1, planning = -1;
  for (int step = 0; step < 400 && done < 0; ++step) {
    for (int seat = 0; seat < 2 && done < 0; ++seat)
      if (!s.pending_for(seat) && dict_get(s.seats[seat].secret, "orders").items().size() == 3 && s.pending_for(1 - seat))
        done = seat, planning = 1 - seat;
    if (done < 0) {
      ASSERT_FALSE(play_out(*e, s, agents, 1).failed);
    }
  }
  ASSERT_GE(done, 0) << "no lord committed his orders while the other planned";
  int hand = -1;
  for (size_t z = 0; z < s.zones.size(); ++z)
    if (e->packs().zones[s.zones[z].def].id == "orders_hand" && s.zones[z].seat == done) hand = static_cast<int>(z);
  ASSERT_GE(hand, 0);
  const Value mine = dict_get(s.seats[done].secret, "orders");
  std::set<std::vector<int64_t>> plans;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    const State d = determinize(*e, s, planning, seed);
    std::vector<int64_t> plan;
    for (const Value& v : dict_get(d.seats[done].secret, "orders").items()) plan.push_back(v.as_int());
    ASSERT_EQ(plan.size(), 3u);
    for (int64_t id : plan) EXPECT_EQ(d.entities[id].zone, hand);
    EXPECT_EQ(std::set<int64_t>(plan.begin(), plan.end()).size(), 3u);
    plans.insert(plan);
    EXPECT_EQ(dict_get(determinize(*e, s, done, seed).seats[done].secret, "orders"), mine);
  }
  EXPECT_GT(plans.size(), 1u);
}

// Bad input is a located error (docs/packs.md): a determinize hook naming
// no function, an empty unseen pool, a back naming no property, and a hook
// that fails.
TEST(DeterminizeManifest, MistakesAreLocatedErrors) {
  const fs::path root = fs::temp_directory_path() / ("tabula-infoset-" + std::to_string(getpid()));
  fs::create_directories(root);
  auto write = [&](const std::string& pack, const std::string& rules) {
    std::ofstream(root / "pack.toml") << pack;
    std::ofstream(root / "rules.lua") << rules;
  };
  const std::string flow = "[flow]\nroot = \"game\"\n[flow.game]\nhook = \"go\"\n";
  const std::string go = "local M = {}\nfunction M.go() end\n";
  write("[pack]\nid = \"p\"\nrules = \"rules.lua\"\ndeterminize = \"redraw\"\n" + flow, go + "return M\n");
  auto r = load_pack(root.string());
  ASSERT_TRUE(r.ok()) << r.report();
  try {
    Engine e(std::move(r.packs));
    ADD_FAILURE() << "a determinize hook naming no function loaded";
  } catch (const ScriptError& err) {
    EXPECT_NE(std::string(err.what()).find("pack.toml:4"), std::string::npos) << err.what();
    EXPECT_NE(std::string(err.what()).find("no function 'redraw'"), std::string::npos) << err.what();
  }
  write("[pack]\nid = \"p\"\nrules = \"rules.lua\"\n[zones.deck]\nunseen_pool = \"\"\n" + flow, go + "return M\n");
  auto empty = load_pack(root.string());
  EXPECT_FALSE(empty.ok());
  EXPECT_NE(empty.report().find("zones.deck.unseen_pool"), std::string::npos) << empty.report();
  write("[pack]\nid = \"p\"\nrules = \"rules.lua\"\n[kinds.card]\nback = [\"rnak\"]\n[kinds.card.props]\nrank = \"int\"\n" + flow,
        go + "return M\n");
  auto back = load_pack(root.string());
  EXPECT_FALSE(back.ok());
  EXPECT_NE(back.report().find("kinds.card.back[0]"), std::string::npos) << back.report();
  EXPECT_NE(back.report().find("rank"), std::string::npos) << back.report();
  write("[pack]\nid = \"p\"\nrules = \"rules.lua\"\ndeterminize = \"redraw\"\n" + flow,
        go + "function M.redraw() error('no luck') end\nreturn M\n");
  auto failing = load_pack(root.string());
  ASSERT_TRUE(failing.ok()) << failing.report();
  Engine e(std::move(failing.packs));
  State s = e.new_game(1, 1);
  EXPECT_THROW(determinize(e, s, 0, 1), ScriptError);
  fs::remove_all(root);
}

}  // namespace
