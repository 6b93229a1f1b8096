// Chance as data (docs/lua-api.md "tabula.chance", docs/architecture.md
// "Chance as data"): a chance event is listed with its outcomes and weights
// through the C++ API, each outcome can be forced for a search, a uniform
// event draws what tabula.random drew, uneven weights are honoured, bad
// declarations are located errors, and logs record and check the events.
// Packs: tests/packs/chance (weather 3:2:1, a die, a token from a bag) and
// content/prophecy (its die).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/io/game_log.h"
#include "core/pack/pack.h"
#include "core/rules/engine.h"
#include "core/scenario/scenario.h"
#include "core/search/chance.h"
#include "core/search/playout.h"
#include "core/rules/kernel.h"

using namespace tabula;

namespace {

std::unique_ptr<Engine> engine_for(const std::string& dir) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/" + dir);
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

// Forces every tabula.random draw (and so every unforced chance event's
// draw) to `draw`, counting from 0.
struct FixedDraw : ForcedChance {
  uint64_t draw = 0;
  bool random(uint64_t n, uint64_t& out) override {
    out = draw % n;
    return true;
  }
  bool shuffle(const State&, int, std::vector<EntityId>&) override { return false; }
};

}  // namespace

// The weather of tests/packs/chance: outcomes and weights as the script
// declares them, listed by the recorder at the start.
TEST(Chance, TheStartListsTheWeatherWithItsUnevenWeights) {
  auto e = engine_for("tests/packs/chance");
  ASSERT_TRUE(e);
  std::vector<ChanceEvent> met;
  e->record_chance(&met);
  State s = e->new_game(1, 2);
  e->record_chance(nullptr);
  ASSERT_EQ(met.size(), 1u);
  EXPECT_EQ(met[0].name, "weather");
  EXPECT_EQ(met[0].outcomes, (std::vector<Value>{Value("calm"), Value("rain"), Value("storm")}));
  EXPECT_EQ(met[0].weights, (std::vector<int64_t>{3, 2, 1}));
  ASSERT_LT(met[0].drawn, 3u);
  EXPECT_EQ(s.var("weather"), met[0].outcomes[met[0].drawn]);
}

// Weights 3:2:1 share out the six draws of random(6): 0-2 calm, 3-4 rain,
// 5 storm; each draw forced in turn gives its outcome.
TEST(Chance, UnevenWeightsShareOutTheDraws) {
  const std::vector<int64_t> w{3, 2, 1};
  const size_t want[] = {0, 0, 0, 1, 1, 2};
  for (uint64_t d = 0; d < 6; ++d) EXPECT_EQ(Kernel::chance_outcome(w, d), want[d]) << "draw " << d;
  auto e = engine_for("tests/packs/chance");
  ASSERT_TRUE(e);
  const char* weather[] = {"calm", "calm", "calm", "rain", "rain", "storm"};
  for (uint64_t d = 0; d < 6; ++d) {
    FixedDraw fixed;
    fixed.draw = d;
    e->force_chance(&fixed);
    State s = e->new_game(1, 2);
    e->force_chance(nullptr);
    EXPECT_EQ(s.var("weather"), Value(weather[d])) << "draw " << d;
  }
}

// Same seed, same draws: a uniform event over n outcomes draws what
// tabula.random(n) would, one number from the game's RNG.
TEST(Chance, AUniformEventDrawsWhatRandomWould) {
  auto e = engine_for("tests/packs/chance");
  ASSERT_TRUE(e);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    State s = e->new_game(seed, 1);
    Rng copy = s.rng;
    const uint64_t expected = copy.below(6) + 1;  // what tabula.random(6) returns
    std::vector<ChanceEvent> met;
    e->record_chance(&met);
    ASSERT_TRUE(e->apply(s, 0, "roll").ok);
    e->record_chance(nullptr);
    ASSERT_GE(met.size(), 1u);
    EXPECT_EQ(met[0].name, "die");
    EXPECT_EQ(met[0].outcomes[met[0].drawn], Value(static_cast<int64_t>(expected))) << "seed " << seed;
  }
}

// A search enumerates a choice's chance: applied once to learn the events,
// then once per outcome of the die with that outcome forced, and deeper for
// the token drawn after it. Every branch takes the outcome asked for; the
// token's outcomes are the entity ids in the bag.
TEST(Chance, ASearchWalksAChoicesChanceTree) {
  auto e = engine_for("tests/packs/chance");
  ASSERT_TRUE(e);
  const State start = e->new_game(3, 1);
  std::vector<ChanceEvent> met;
  State probe = start;
  ASSERT_TRUE(apply_with_chance(*e, probe, 0, 0, {}, &met).ok);
  ASSERT_EQ(met.size(), 2u);
  EXPECT_EQ(met[0].name, "die");
  EXPECT_EQ(met[0].weights, std::vector<int64_t>(6, 1));
  EXPECT_EQ(met[1].name, "token");
  ASSERT_EQ(met[1].outcomes.size(), 3u);
  std::set<uint64_t> hashes;
  for (size_t pips = 0; pips < 6; ++pips)
    for (size_t token = 0; token < 3; ++token) {
      State branch = start;
      std::vector<ChanceEvent> got;
      ASSERT_TRUE(apply_with_chance(*e, branch, 0, 0, {pips, token}, &got).ok);
      ASSERT_EQ(got.size(), 2u);
      EXPECT_EQ(got[0].drawn, pips);
      EXPECT_EQ(got[1].drawn, token);
      hashes.insert(branch.hash());
    }
  EXPECT_EQ(hashes.size(), 18u) << "each (die, token) pair is a state of its own";
  // The engine's own hooks are as they were.
  EXPECT_EQ(e->kernel().forced_chance(), nullptr);
  EXPECT_EQ(e->kernel().chance_recorder(), nullptr);
  // A path index outside the event's outcomes fails the choice.
  State bad = start;
  const ApplyResult r = apply_with_chance(*e, bad, 0, 0, {6}, nullptr, Mode::Play);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("chance 'die': the forced outcome index 6 is outside its 6 outcomes (1, 2, 3, 4, 5, 6)"),
            std::string::npos)
      << r.error;
  EXPECT_EQ(bad.hash(), start.hash()) << "rolled back";
}

// A real case: Prophecy's die (content/prophecy/rules/dice.lua). Random games
// are played until a choice rolls it; that choice's die is listed with its
// six outcomes of weight 1, and each forced in turn leads to a state of its
// own (PB §5.1: the roll decides the fight or the move).
TEST(Chance, ProphecysDieIsListedAndEachOutcomeLeadsToItsOwnState) {
  auto e = engine_for("content/prophecy");
  ASSERT_TRUE(e);
  bool found = false;
  for (uint64_t seed = 1; seed <= 5 && !found; ++seed) {
    State s = e->new_game(seed, 2, {}, Mode::Playout);
    RandomAgent agent(seed);
    for (int step = 0; step < 400 && !s.over && !found && !s.pending.empty(); ++step) {
      const Decision& d = s.pending.front();
      const int seat = d.seat;
      if (d.subset()) {
        std::vector<size_t> set;
        agent.choose_subset(s, d, set);
        ASSERT_TRUE(e->apply_subset(s, seat, set, Mode::Playout).ok);
        continue;
      }
      const size_t option = agent.choose(s, d);
      std::vector<ChanceEvent> met;
      State probe = s;
      ASSERT_TRUE(apply_with_chance(*e, probe, seat, option, {}, &met).ok);
      if (!met.empty() && met[0].name == "die") {
        found = true;
        EXPECT_EQ(met[0].outcomes, (std::vector<Value>{1, 2, 3, 4, 5, 6}));
        EXPECT_EQ(met[0].weights, std::vector<int64_t>(6, 1));
        std::set<uint64_t> hashes;
        for (size_t pips = 0; pips < 6; ++pips) {
          State branch = s;
          std::vector<ChanceEvent> got;
          ASSERT_TRUE(apply_with_chance(*e, branch, seat, option, {pips}, &got).ok);
          ASSERT_FALSE(got.empty());
          EXPECT_EQ(got[0].name, "die");
          EXPECT_EQ(got[0].outcomes[got[0].drawn], Value(static_cast<int64_t>(pips + 1)));
          hashes.insert(branch.hash());
        }
        EXPECT_GT(hashes.size(), 1u) << "the die's outcomes lead to different states (seed " << seed << ")";
      }
      s = std::move(probe);
    }
  }
  EXPECT_TRUE(found) << "no random Prophecy game of seeds 1..5 rolled the die";
}

// A chance event declared wrongly is a script error at its line.
TEST(Chance, BadDeclarationsAreLocatedErrors) {
  auto e = engine_for("tests/packs/chance");
  ASSERT_TRUE(e);
  const std::pair<const char*, const char*> cases[] = {
      {"no_name", "a chance event needs a name"},
      {"no_outcomes", "a chance event needs at least one outcome"},
      {"table_outcome", "chance 'x': outcome 2 is a table; outcomes are integers or strings"},
      {"short_weights", "chance 'x': 1 weights for 2 outcomes"},
      {"zero_weight", "chance 'x': weight 2 is not an integer from 1"},
      {"huge_count", "a count of outcomes from 1 to 65536"},
  };
  for (const auto& [bad, message] : cases) {
    try {
      e->new_game(1, 1, {{"bad", Value(bad)}});
      ADD_FAILURE() << bad << ": no error";
    } catch (const ScriptError& x) {
      const std::string what = x.what();
      EXPECT_NE(what.find(message), std::string::npos) << bad << ": " << what;
      EXPECT_NE(what.find("rules/chance.lua:"), std::string::npos) << bad << ": " << what;
    }
  }
}

// The game log records each choice's chance events; replay checks them and
// names the first that differs.
TEST(Chance, LogsRecordTheEventsAndReplayChecksThem) {
  auto e = engine_for("tests/packs/chance");
  ASSERT_TRUE(e);
  std::vector<ChanceEvent> met;
  e->record_chance(&met);
  State s = e->new_game(7, 2);
  GameLog log;
  log.packs = {"tests/packs/chance"};
  log.seed = 7;
  log.seats = 2;
  log.start_hash = s.hash();
  log.start_draws = static_cast<int64_t>(s.rng.draws());
  log.chance_logged = true;
  log.start_chance = logged_chance(met);
  while (!s.over) {
    const int seat = s.pending.front().seat;
    ASSERT_TRUE(e->apply(s, seat, "roll").ok);
    log.choices.push_back({seat, "roll", s.hash(), s.rng.draws(), logged_chance(met)});
  }
  e->record_chance(nullptr);
  ASSERT_EQ(log.start_chance.size(), 1u);
  ASSERT_EQ(log.choices[0].chance.size(), 2u);
  EXPECT_EQ(log.choices[0].chance[0].event, "die");
  const GameLog back = GameLog::from_json(log.to_json());
  EXPECT_TRUE(back.chance_logged);
  ASSERT_EQ(back.choices[0].chance.size(), 2u);
  EXPECT_EQ(back.choices[0].chance[1], log.choices[0].chance[1]);
  const ReplayReport ok = replay(*e, back);
  EXPECT_TRUE(ok.ok) << ok.error;
  // A log whose die said otherwise: the replay names the event.
  GameLog changed = back;
  const int64_t pips = changed.choices[1].chance[0].outcome.as_int();
  changed.choices[1].chance[0].outcome = Value(pips % 6 + 1);
  const ReplayReport bad = replay(*e, changed);
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.error, "after choice 2: chance event 1 is 'die' = " + std::to_string(pips) + ", the log says 'die' = " +
                           std::to_string(pips % 6 + 1));
  // A log from before chance was data replays on its hashes alone.
  GameLog old = changed;
  old.chance_logged = false;
  EXPECT_TRUE(replay(*e, old).ok);
  EXPECT_EQ(e->kernel().chance_recorder(), nullptr);
}

namespace {

ScenarioResult run_text(const std::string& name, const std::string& body) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "tabula-chance-test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / name) << "[scenario]\npack = \"" << TABULA_SOURCE_DIR << "/tests/packs/chance\"\n" << body;
  return run_scenario((dir / name).string(), std::string(TABULA_SOURCE_DIR) + "/content");
}

std::string failures(const ScenarioResult& r) {
  std::string s;
  for (const auto& f : r.failures) s += f + "\n";
  return s;
}

}  // namespace

// docs/scenarios.md, "Forced chance": an outcome the event does not have,
// one never met and one of the wrong type fail, saying where.
TEST(Chance, ScenarioFilesForceEventsByNameAndSayWhatDoesNotFit) {
  auto seven = run_text("seven.toml", "[[step]]\nchoose = \"roll\"\nchance = { die = 7 }\n");
  EXPECT_FALSE(seven.ok);
  EXPECT_NE(failures(seven).find("the forced chance die = 7 (step 1 ("), std::string::npos) << failures(seven);
  EXPECT_NE(failures(seven).find("seven.toml:3:1)) is not among the event's outcomes: 1, 2, 3, 4, 5, 6"), std::string::npos)
      << failures(seven);
  auto dragon = run_text("dragon.toml", "[[step]]\nchoose = \"roll\"\nchance = { token = \"dragon\" }\n");
  EXPECT_NE(failures(dragon).find("is not among the event's outcomes: "), std::string::npos) << failures(dragon);
  EXPECT_NE(failures(dragon).find("(gem)"), std::string::npos) << "entity outcomes are named: " << failures(dragon);
  auto never = run_text("never.toml", "[[step]]\nchoose = \"pass\"\nchance = { die = [2] }\nexpect = { \"seat1.score\" = 0 }\n");
  EXPECT_NE(failures(never).find("forced chance die never met: 2 (step 1 ("), std::string::npos) << failures(never);
  auto typed = run_text("typed.toml", "[[step]]\nchoose = \"roll\"\nchance = { die = 1.5 }\n");
  EXPECT_NE(failures(typed).find(": step.chance.die: an outcome is an integer or a string"), std::string::npos)
      << failures(typed);
}

namespace {

// A shipped pack (with its layers and a setup) and the chance events its
// random games must meet.
struct ShippedCase {
  const char* pack;
  const char* setup;  // "" for none
  int seats;
  std::vector<std::string> events;
};

// What a choice (or the start) was, to apply it again with its chance forced.
struct Step {
  bool start = true;
  int seat = 0;
  bool subset = false;
  size_t option = 0;
  std::vector<size_t> set;
};

// Runs `step` again from `before` with the events met forced along `path`;
// returns the events met.
std::vector<ChanceEvent> again(Engine& e, const State& before, uint64_t seed, int seats, const Dict& options,
                               const Step& step, const std::vector<size_t>& path, std::string& error) {
  std::vector<ChanceEvent> met;
  ChancePath forced(path);
  e.force_chance(&forced);
  e.record_chance(&met);
  try {
    State s = before;
    if (step.start) {
      s = e.new_game(seed, seats, options, Mode::Playout);
    } else {
      const ApplyResult r = step.subset ? e.apply_subset(s, step.seat, step.set, Mode::Playout)
                                        : e.apply_index(s, step.seat, step.option, Mode::Playout);
      if (!r.ok) error = r.error;
    }
  } catch (const std::exception& x) {
    error = x.what();
  }
  e.force_chance(nullptr);
  e.record_chance(nullptr);
  return met;
}

}  // namespace

// Every shipped pack that rolls dice or picks at random declares it as chance
// events (docs/lua-api.md, tabula.chance): random games meet each event the
// pack declares, every event lists outcomes with a weight each and the one
// drawn among them, and the first time each name comes up, each of its
// outcomes (the first six) is forced in turn through the C++ API and comes
// up. Connect Four has no chance.
TEST(Chance, EveryShippedPackListsAndForcesItsChanceEvents) {
  const std::vector<ShippedCase> cases = {
      {"connect-four", "", 2, {}},
      {"dorn", "", 2, {"strong_monster"}},
      {"dorn", "random_heroes", 3, {"hero", "strong_monster"}},
      {"dorn-cave-ins", "", 2, {"cavein", "strong_monster"}},
      {"dorn-missing-artifact", "", 2, {"artifact_field", "strong_monster"}},
      {"dungeon-lords", "", 2, {"blocked_order", "combat_card", "dummy_blocked_order", "dummy_order"}},
      {"dungeon-lords-full", "", 3, {"combat_card", "drawn_order", "dummy_blocked_order", "dummy_order"}},
      {"dungeon-lords", "skirmish", 2,
       {"skirmish_combat_card", "skirmish_hero", "skirmish_monster", "skirmish_room", "skirmish_trap"}},
      {"prophecy", "", 2, {"artifact", "character", "die", "greater_guardian", "lesser_guardian"}},
      {"prophecy-water-realm", "", 3, {"artifact", "character", "current", "die", "greater_guardian", "lesser_guardian"}},
      {"prophecy-new-artifacts", "artifacts_paired", 2,
       {"artifact", "character", "die", "greater_guardian", "lesser_guardian", "paired_artifact"}},
      {"thunderstone-dragonspire", "", 2, {"guardian", "setting", "start_seat", "thunderstone"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.pack) + (*c.setup ? " --setup " + std::string(c.setup) : ""));
    auto e = engine_for(std::string("content/") + c.pack);
    ASSERT_TRUE(e);
    const Dict options = *c.setup ? e->packs().setups.at(c.setup).options : Dict{};
    std::set<std::string> seen, forced;
    for (uint64_t seed = 1; seed <= 120 && forced.size() < c.events.size(); ++seed) {
      std::vector<ChanceEvent> met;
      e->record_chance(&met);
      State s = e->new_game(seed, c.seats, options, Mode::Playout);
      e->record_chance(nullptr);
      RandomAgent agent(seed);
      State before = s;
      Step step;
      for (int n = 0; n < 3000; ++n) {
        for (size_t k = 0; k < met.size(); ++k) {
          const ChanceEvent& ev = met[k];
          seen.insert(ev.name);
          ASSERT_FALSE(ev.outcomes.empty()) << ev.name;
          ASSERT_EQ(ev.weights.size(), ev.outcomes.size()) << ev.name;
          for (int64_t w : ev.weights) EXPECT_GE(w, 1) << ev.name;
          ASSERT_LT(ev.drawn, ev.outcomes.size()) << ev.name;
          if (forced.count(ev.name)) continue;
          forced.insert(ev.name);
          std::vector<size_t> path;
          for (size_t j = 0; j < k; ++j) path.push_back(met[j].drawn);
          for (size_t i = 0; i < std::min<size_t>(ev.outcomes.size(), 6); ++i) {
            path.push_back(i);
            std::string error;
            const auto got = again(*e, before, seed, c.seats, options, step, path, error);
            path.pop_back();
            ASSERT_EQ(error, "") << ev.name << " forced to outcome " << i;
            ASSERT_GT(got.size(), k) << ev.name;
            EXPECT_EQ(got[k].name, ev.name);
            EXPECT_EQ(got[k].drawn, i) << ev.name;
            EXPECT_EQ(got[k].outcomes, ev.outcomes) << ev.name << ": the events before it were forced as drawn";
          }
        }
        met.clear();
        if (s.over || s.pending.empty()) break;
        const Decision& d = s.pending.front();
        before = s;
        step = Step{false, d.seat, d.subset(), 0, {}};
        if (step.subset) agent.choose_subset(s, d, step.set);
        else step.option = agent.choose(s, d);
        e->record_chance(&met);
        const ApplyResult r = step.subset ? e->apply_subset(s, step.seat, step.set, Mode::Playout)
                                          : e->apply_index(s, step.seat, step.option, Mode::Playout);
        e->record_chance(nullptr);
        ASSERT_TRUE(r.ok) << r.error;
      }
    }
    EXPECT_EQ(seen, std::set<std::string>(c.events.begin(), c.events.end()))
        << "the chance events of random games (seeds 1.. until each was forced)";
  }
}
