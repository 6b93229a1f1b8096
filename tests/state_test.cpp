// The single state value (ENGINE.md invariants 1, 2, 4 and 8): values and
// dicts, the seeded RNG, clone independence, save/load round trips, rejected
// choices that change nothing, and the action log's replay. Pack: tests/packs/duel.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/rules/engine.h"
#include "core/search/playout.h"

using namespace tabula;

namespace {

std::unique_ptr<Engine> duel() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/duel");
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

// Applies the first option of the one open decision.
void step(Engine& e, State& s, size_t option = 0) {
  ASSERT_EQ(s.pending.size(), 1u);
  const Decision& d = s.pending.front();
  ApplyResult r = e.apply(s, d.seat, d.options.at(std::min(option, d.options.size() - 1)).id);
  ASSERT_TRUE(r.ok) << r.error;
}

// Plays to the end with the first option, returning the number of choices.
int play_out(Engine& e, State& s) {
  int n = 0;
  while (!s.over && n < 200) {
    step(e, s);
    ++n;
  }
  EXPECT_TRUE(s.over);
  return n;
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

}  // namespace

// --- Value and Dict ------------------------------------------------------------

TEST(StateValue, DictsStaySortedAndNilErases) {
  Value d = Value::dict({{"b", Value(2)}, {"a", Value(1)}, {"c", Value("three")}});
  ASSERT_TRUE(d.is_dict());
  ASSERT_EQ(d.entries().size(), 3u);
  EXPECT_EQ(d.entries()[0].first, "a");
  EXPECT_EQ(d.entries()[2].first, "c");
  EXPECT_EQ(d.get("b").as_int(), 2);
  EXPECT_TRUE(d.get("missing").is_nil());
  d.set("aa", Value(true));
  EXPECT_EQ(d.entries()[1].first, "aa");
  d.set("aa", Value());  // nil removes
  EXPECT_EQ(d.entries().size(), 3u);
  EXPECT_TRUE(d.erase("c"));
  EXPECT_FALSE(d.erase("c"));
  EXPECT_EQ(d.to_string(), "{a = 1, b = 2}");

  Dict raw;
  dict_set(raw, "z", Value(1));
  dict_set(raw, "m", Value(2));
  EXPECT_EQ(raw.front().first, "m");
  ASSERT_NE(dict_find(raw, "z"), nullptr);
  EXPECT_EQ(dict_find(raw, "q"), nullptr);
  dict_set(raw, "z", Value());
  EXPECT_EQ(raw.size(), 1u);
}

TEST(StateValue, KindsEqualityAndHashing) {
  EXPECT_TRUE(Value().is_nil());
  EXPECT_EQ(Value(int64_t{5}).as_int(), 5);
  EXPECT_EQ(Value("x").as_int(7), 7);  // a fallback for what is not a number
  EXPECT_FALSE(Value().as_bool());
  EXPECT_FALSE(Value(false).as_bool());
  EXPECT_TRUE(Value(0).as_bool());  // as in Lua, only nil and false are false
  EXPECT_NE(Value(true), Value(1));
  EXPECT_EQ(Value::list({Value(1), Value("a")}), Value::list({Value(1), Value("a")}));
  EXPECT_NE(Value::list(), Value::dict());
  // Insertion order does not matter for a dict, neither for == nor the hash.
  Value a = Value::dict({{"x", Value(1)}, {"y", Value(2)}});
  Value b = Value::dict({{"y", Value(2)}, {"x", Value(1)}});
  EXPECT_EQ(a, b);
  Hasher ha, hb, hc, hd;
  ha.value(a);
  hb.value(b);
  hc.value(Value(true));
  hd.value(Value(1));
  EXPECT_EQ(ha.h, hb.h);
  EXPECT_NE(hc.h, hd.h);
  EXPECT_EQ(Value::list({Value("a"), Value()}).to_string(), "[\"a\", nil]");
}

// --- RNG (invariant 4) -------------------------------------------------------------

// xoshiro256** seeded through splitmix64; the expected words were computed
// with an independent implementation of the two published algorithms.
TEST(StateRng, FixedSeedGivesFixedDraws) {
  Rng r(42);
  EXPECT_EQ(r.next(), 0x15780b2e0c2ec716ull);
  EXPECT_EQ(r.next(), 0x6104d9866d113a7eull);
  EXPECT_EQ(r.next(), 0xae17533239e499a1ull);
  EXPECT_EQ(r.draws(), 3u);
  Rng z(0);
  EXPECT_EQ(z.next(), 0x99ec5f36cb75f2b4ull);
  EXPECT_EQ(z.next(), 0xbf6e1f784956452aull);
}

TEST(StateRng, BelowStaysInRangeAndRestoreContinuesTheStream) {
  Rng r(7);
  std::set<uint64_t> seen;
  for (int i = 0; i < 600; ++i) {
    uint64_t x = r.below(6);
    ASSERT_LT(x, 6u);
    seen.insert(x);
  }
  EXPECT_EQ(seen.size(), 6u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(r.below(1), 0u);
  Rng copy;
  copy.restore(r.words(), r.draws());
  for (int i = 0; i < 10; ++i) EXPECT_EQ(copy.next(), r.next());
  EXPECT_EQ(copy.draws(), r.draws());
}

// --- clone, save/load (invariant 1) ------------------------------------------------------

TEST(StateClone, CopiesContinueIndependently) {
  auto e = duel();
  ASSERT_TRUE(e);
  State s = e->new_game(3, 2);
  ASSERT_EQ(s.pending.size(), 1u);
  const uint64_t at_decision = s.hash();
  State a = s;
  State b = s;
  EXPECT_EQ(a.hash(), at_decision);
  ASSERT_TRUE(e->apply(a, a.pending[0].seat, "hit1").ok);
  ASSERT_TRUE(e->apply(b, b.pending[0].seat, "hit2").ok);
  EXPECT_NE(a.hash(), b.hash());
  EXPECT_EQ(s.hash(), at_decision);  // the original is untouched
  EXPECT_EQ(s.choices_applied, 0u);
  // Both copies play on to the end, and so does the original.
  play_out(*e, a);
  play_out(*e, b);
  play_out(*e, s);
  EXPECT_TRUE(a.over && b.over);
}

TEST(StateJson, RoundTripAtAMidGameDecisionKeepsTheHash) {
  auto e = duel();
  ASSERT_TRUE(e);
  State s = e->new_game(11, 2);
  step(*e, s, 1);
  step(*e, s, 0);
  step(*e, s, 1);
  ASSERT_FALSE(s.over);
  ASSERT_FALSE(s.pending.empty());
  const std::string text = state_to_json(*e, s).dump();
  State loaded = state_from_json(*e, nlohmann::json::parse(text));
  EXPECT_EQ(loaded.hash(), s.hash());
  EXPECT_EQ(state_to_json(*e, loaded).dump(), text);
  // The loaded state plays on exactly like the original.
  while (!s.over) {
    step(*e, s);
    step(*e, loaded);
    ASSERT_EQ(loaded.hash(), s.hash());
  }
  EXPECT_EQ(loaded.result, s.result);
}

// Logs of the format before texts and ids became data hold hashes this
// kernel does not compute: they are refused by name, not reported as a
// mismatch after the first choice.
TEST(StateLog, AnOlderFormatIsRefusedClearly) {
  const std::string old = R"({"format": "tabula-log/1", "packs": ["duel"], "seed": 1, "seats": 2,
                               "options": {}, "start_hash": "1", "choices": []})";
  try {
    GameLog::from_json(old);
    FAIL() << "a tabula-log/1 log was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(contains(e.what(), "recorded by an older format (tabula-log/1)")) << e.what();
  }
  EXPECT_THROW(GameLog::from_json(R"({"format": "something"})"), std::runtime_error);
}

TEST(StateJson, MalformedInputIsAnError) {
  auto e = duel();
  ASSERT_TRUE(e);
  EXPECT_THROW(state_from_json(*e, nlohmann::json::parse("{\"format\": \"other\"}")), std::runtime_error);
  nlohmann::json j = state_to_json(*e, e->blank_state(1, 2));
  j.erase("flow");
  EXPECT_THROW(state_from_json(*e, j), std::runtime_error);
  // A state names definitions, zones and functions: unknown names are refused.
  nlohmann::json k = state_to_json(*e, e->new_game(1, 2));
  k["entities"][0]["def"] = "dragon";
  EXPECT_THROW(state_from_json(*e, k), std::runtime_error);
}

// --- rejected choices (invariant 8) -----------------------------------------------------------

TEST(StateApply, IllegalOptionIsRejectedWithTheLegalIdsAndChangesNothing) {
  auto e = duel();
  ASSERT_TRUE(e);
  State s = e->new_game(5, 2);
  const uint64_t before = s.hash();
  const int seat = s.pending.at(0).seat;
  ApplyResult r = e->apply(s, seat, "hit9");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(contains(r.error, "'hit9' is not a legal option")) << r.error;
  EXPECT_TRUE(contains(r.error, "legal: hit1, hit2")) << r.error;
  EXPECT_EQ(s.hash(), before);
}

TEST(StateApply, ASeatWithNoDecisionIsRejectedAndChangesNothing) {
  auto e = duel();
  ASSERT_TRUE(e);
  State s = e->new_game(5, 2);
  const uint64_t before = s.hash();
  const int waiting = s.pending.at(0).seat;
  const int idle = 1 - waiting;
  ApplyResult r = e->apply(s, idle, "hit1");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(contains(r.error, "has nothing to decide")) << r.error;
  EXPECT_TRUE(contains(r.error, "waiting for seat " + std::to_string(waiting + 1))) << r.error;
  EXPECT_EQ(s.hash(), before);
  // Out of range seats too.
  EXPECT_FALSE(e->apply(s, 7, "hit1").ok);
  EXPECT_FALSE(e->apply(s, -1, "hit1").ok);
  EXPECT_EQ(s.hash(), before);
}

TEST(StateApply, NothingIsAcceptedOnceTheGameIsOver) {
  auto e = duel();
  ASSERT_TRUE(e);
  State s = e->new_game(5, 2);
  play_out(*e, s);
  const uint64_t before = s.hash();
  ApplyResult r = e->apply(s, 0, "hit1");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(contains(r.error, "over")) << r.error;
  EXPECT_EQ(s.hash(), before);
}

// --- action log and replay (invariant 4) ------------------------------------------------------

namespace {
GameLog record_duel(Engine& e, uint64_t seed) {
  GameLog log;
  log.packs = {"tests/packs/duel"};
  log.seed = seed;
  log.seats = 2;
  State s = e.new_game(seed, 2);
  log.start_hash = s.hash();
  int turn = 0;
  while (!s.over && turn < 200) {
    const Decision& d = s.pending.front();
    const int seat = d.seat;
    const std::string option = d.options[turn++ % d.options.size()].id;
    EXPECT_TRUE(e.apply(s, seat, option).ok);
    log.choices.push_back({seat, option, s.hash(), s.rng.draws()});
  }
  EXPECT_TRUE(s.over);
  return log;
}
}  // namespace

TEST(StateLog, APlayedDuelReplaysWithEveryHashMatching) {
  auto e = duel();
  ASSERT_TRUE(e);
  GameLog log = record_duel(*e, 21);
  ASSERT_GT(log.choices.size(), 2u);
  ReplayReport r = replay(*e, log);
  EXPECT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.steps, log.choices.size());
  // Through its file format too, on a fresh engine.
  GameLog back = GameLog::from_json(log.to_json());
  EXPECT_EQ(back.choices.size(), log.choices.size());
  EXPECT_EQ(back.start_hash, log.start_hash);
  auto fresh = duel();
  ReplayReport r2 = replay(*fresh, back);
  EXPECT_TRUE(r2.ok) << r2.error;
}

TEST(StateLog, ATamperedLogIsReported) {
  auto e = duel();
  ASSERT_TRUE(e);
  GameLog log = record_duel(*e, 21);
  // A different but legal choice at step 2: the hashes no longer match.
  GameLog changed = log;
  changed.choices[1].option = changed.choices[1].option == "hit1" ? "hit2" : "hit1";
  ReplayReport r = replay(*e, changed);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.steps, 2u);
  EXPECT_TRUE(contains(r.error, "after choice 2")) << r.error;
  // An illegal choice is named as such.
  GameLog illegal = log;
  illegal.choices[0].option = "hit9";
  ReplayReport r2 = replay(*e, illegal);
  EXPECT_FALSE(r2.ok);
  EXPECT_TRUE(contains(r2.error, "choice 1")) << r2.error;
  EXPECT_TRUE(contains(r2.error, "rejected")) << r2.error;
  // A different seed changes the start.
  GameLog reseeded = log;
  reseeded.start_hash ^= 1;
  EXPECT_FALSE(replay(*e, reseeded).ok);
  EXPECT_THROW(GameLog::from_json("{\"format\": \"tabula-log/1\"}"), std::runtime_error);
}

// The state's memory estimate (State::kept_bytes, which the memory cap
// counts), kept up to date by the operations that change the state, equals
// the estimate counted anew after every choice of games of the shipped
// packs, and a state read back from JSON starts with the same.
TEST(StateMemory, KeptBytesFollowEveryChange) {
  for (const char* pack : {"connect-four", "dungeon-lords", "dorn", "prophecy", "thunderstone-dragonspire"}) {
    LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/" + pack);
    ASSERT_TRUE(r.ok()) << r.report();
    Engine e(std::move(r.packs));
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      State s = e.new_game(seed, e.packs().seats.fallback);
      ASSERT_EQ(s.kept_bytes, s.count_kept_bytes()) << pack;
      std::vector<RandomAgent> agents;
      for (size_t i = 0; i < s.seats.size(); ++i) agents.emplace_back(derive_seed(seed, i));
      std::vector<Agent*> seats;
      for (auto& a : agents) seats.push_back(&a);
      int mismatches = 0;
      play_out(e, s, seats, 400, [&](const State& now, int, const std::string& option) {
        if (now.kept_bytes != now.count_kept_bytes() && mismatches++ < 3)
          ADD_FAILURE() << pack << " seed " << seed << " after '" << option << "': kept " << now.kept_bytes
                        << ", counted " << now.count_kept_bytes();
      }, Mode::Play);
      EXPECT_GT(s.kept_bytes, 0) << pack;
      const State back = state_from_json(e, state_to_json(e, s));
      EXPECT_EQ(back.kept_bytes, s.kept_bytes) << pack;
    }
  }
}
