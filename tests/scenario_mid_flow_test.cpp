// What a whole game's test vectors need of the kernel and the scenario
// runner (docs/scenarios.md): starting inside the flow, pausing between
// flow steps, recording events, fixture definitions; and the errors each
// gives for bad input, with the place in the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/rules/engine.h"
#include "core/scenario/scenario.h"

namespace fs = std::filesystem;
using namespace tabula;

namespace {

const std::string kPackDir = std::string(TABULA_SOURCE_DIR) + "/tests/packs/midflow";

std::unique_ptr<Engine> midflow() {
  auto r = load_pack(kPackDir);
  EXPECT_TRUE(r.ok()) << r.report();
  return std::make_unique<Engine>(std::move(r.packs));
}

ScenarioResult run(const std::string& name, const std::string& body) {
  fs::path dir = fs::temp_directory_path() / "tabula-mid-flow-test";
  fs::create_directories(dir);
  std::ofstream(dir / name) << "[scenario]\npack = \"" << kPackDir << "\"\nseats = 2\n" << body;
  return run_scenario((dir / name).string(), std::string(TABULA_SOURCE_DIR) + "/content");
}

std::string failures(const ScenarioResult& r) {
  std::string s;
  for (const auto& f : r.failures) s += f + "\n";
  return s;
}

// The scenario fails, and its report contains `what`.
void fails_with(const ScenarioResult& r, const std::string& what) {
  EXPECT_FALSE(r.ok);
  EXPECT_NE(failures(r).find(what), std::string::npos) << failures(r);
}

}  // namespace

// --- Engine::start_at ---------------------------------------------------------

TEST(StartAt, TheRootsFirstUnitIsAnOrdinaryStart) {
  auto e = midflow();
  State a = e->new_game(3, 2);
  State b = e->blank_state(3, 2);
  e->start_at(b, {{"game"}});
  EXPECT_EQ(a.hash(), b.hash());
}

TEST(StartAt, ATargetsFirstUnitRunsItsBeginHookALaterUnitDoesNot) {
  auto e = midflow();
  State first = e->blank_state(1, 2);
  e->start_at(first, {{"game"}, {"year"}});
  EXPECT_EQ(first.var("years_begun").as_int(), 1);
  EXPECT_TRUE(first.var("games_begun").is_nil());  // game lies above the place: its begin was skipped
  EXPECT_EQ(first.var("year").as_int(), 1);
  State second = e->blank_state(1, 2);
  e->start_at(second, {{"game"}, {"year", 2}});
  EXPECT_TRUE(second.var("years_begun").is_nil());
  EXPECT_EQ(second.var("year").as_int(), 2);
  ASSERT_EQ(second.pending.size(), 1u);
  EXPECT_EQ(second.pending[0].seat, 0);
}

TEST(StartAt, IsDeterministicAndPlaysOnLikeAnyGame) {
  auto e = midflow();
  auto play = [&] {
    State s = e->blank_state(9, 3);
    s.start_seat = 1;
    e->start_at(s, {{"game"}, {"year", 2}, {"round", 1, 0}});
    while (!s.over) EXPECT_TRUE(e->apply_index(s, s.pending.front().seat, 0).ok);
    return s;
  };
  State a = play(), b = play();
  EXPECT_EQ(a.hash(), b.hash());
  // seat 1 (index 0) is the third unit of round 1 when seat 2 starts: then
  // round 2 gives all three seats a turn, each digging once.
  EXPECT_EQ(a.result.get("coins").items()[0].as_int(), 2);
  EXPECT_EQ(a.result.get("coins").items()[1].as_int(), 1);
}

TEST(StartAt, ABadPathNamesThePlaceAndChangesNothing) {
  auto e = midflow();
  State s = e->blank_state(1, 2);
  const uint64_t before = s.hash();
  auto error = [&](std::vector<FlowPlace> path) -> FlowPathError {
    try {
      e->start_at(s, path);
    } catch (const FlowPathError& err) {
      return err;
    }
    ADD_FAILURE() << "no error";
    return FlowPathError(99, FlowPathError::Part::Node, "");
  };
  FlowPathError root = error({{"year"}});
  EXPECT_EQ(root.index, 0u);
  EXPECT_STREQ(root.what(), "a path starts at the flow's root 'game', not 'year'");
  FlowPathError step = error({{"game"}, {"round"}});
  EXPECT_EQ(step.index, 1u);
  EXPECT_STREQ(step.what(), "'round' is not a step of flow node 'game' (its steps: setup, year)");
  FlowPathError iteration = error({{"game"}, {"year", 3}});
  EXPECT_EQ(iteration.part, FlowPathError::Part::Iteration);
  EXPECT_STREQ(iteration.what(), "flow node 'year' runs 2 iteration(s); it has no iteration 3");
  FlowPathError seat = error({{"game"}, {"year", 1, 1}});
  EXPECT_EQ(seat.part, FlowPathError::Part::Seat);
  EXPECT_STREQ(seat.what(), "flow node 'year' is not a seat loop (each_seat)");
  EXPECT_EQ(s.hash(), before);
}

// --- pause_at, resume, record_events ------------------------------------------

TEST(PauseAt, APausedGameResumesToTheSameStateAsOneNeverPaused) {
  auto e = midflow();
  std::vector<std::string> events;
  e->record_events(&events);
  State plain = e->new_game(5, 2);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(e->apply(plain, plain.pending.front().seat, "dig").ok);
  e->pause_at(e->node_index("tally"), FlowEdge::Finished);
  State paused = plain;
  ASSERT_TRUE(e->apply(paused, 1, "dig").ok);
  EXPECT_TRUE(e->paused());
  EXPECT_TRUE(paused.pending.empty());
  EXPECT_EQ(paused.var("tallies").as_int(), 1);
  e->pause_at(-1);
  EXPECT_TRUE(e->resume(paused).ok);
  EXPECT_FALSE(e->paused());
  ASSERT_TRUE(e->apply(plain, 1, "dig").ok);
  EXPECT_EQ(paused.hash(), plain.hash());
  EXPECT_EQ(e->resume(plain).error, "a decision is open: the game goes on by a choice");
  e->record_events(nullptr);
  // 4 digs in each copy, and one tally in each
  EXPECT_EQ(std::count(events.begin(), events.end(), "dug"), 5);
  EXPECT_EQ(std::count(events.begin(), events.end(), "tallied"), 2);
}

// --- the scenario keys' errors --------------------------------------------------

TEST(ScenarioStart, ErrorsSayWhere) {
  fails_with(run("not-a-step.toml", "[start]\nat = [\"game\", \"round\"]\n[expect]\n\"var.x\" = 0\n"),
             "not-a-step.toml:5:15: start.at: 'round' is not a step of flow node 'game' (its steps: setup, year)");
  fails_with(run("iteration.toml", "[start]\nat = [\"game\", \"year\"]\niteration = { year = 3 }\n[expect]\n\"var.x\" = 0\n"),
             "iteration.toml:6:22: start.iteration.year: flow node 'year' runs 2 iteration(s); it has no iteration 3");
  fails_with(run("off-path.toml", "[start]\nat = [\"game\"]\nseat = { round = 1 }\n[expect]\n\"var.x\" = 0\n"),
             "off-path.toml:6:18: start.seat.round: 'round' is not on the path start.at");
  fails_with(run("seat.toml", "[start]\nat = [\"game\", \"year\", \"round\"]\nseat = { round = 3 }\n[expect]\n\"var.x\" = 0\n"),
             "seat.toml:6:18: start.seat.round: 3 is no seat (1..2)");
}

TEST(ScenarioRunUntil, ErrorsSayWhere) {
  fails_with(run("unknown.toml", "[[step]]\nrun_until = \"nowhere\"\n"), "unknown.toml:5:13: step.run_until: no flow node 'nowhere'");
  fails_with(run("when.toml", "[[step]]\nrun_until = \"tally\"\nwhen = \"later\"\n"),
             "when.toml:6:8: step.when: \"entered\" or \"finished\", not \"later\"");
  fails_with(run("never.toml", "[[step]]\nseat = 1\nchoose = \"dig\"\nrun_until = \"setup\"\n"),
             "run_until: the flow never entered 'setup'; before that seat 2 was asked \"Dig or rest?\"");
  fails_with(run("open.toml", "[[step]]\nseat = 1\nchoose = \"dig\"\n[[step]]\nrun_until = \"tally\"\n"),
             "run_until: seat 2 must first answer \"Dig or rest?\" (give the step a choose)");
}

TEST(ScenarioLogs, OrderMattersAndAnEmptyContainsIsRefused) {
  EXPECT_TRUE(run("ok.toml", "[[step]]\nseat = 1\nchoose = \"dig\"\nexpect = { \"log.keys\" = [\"set_up\", \"dug\"], "
                             "\"events\" = [\"dug\"] }\n").ok);
  fails_with(run("order.toml", "[[step]]\nseat = 1\nchoose = \"dig\"\nexpect = { \"log.keys\" = [\"dug\", \"set_up\"] }\n"),
             "log.keys: expected [\"dug\", \"set_up\"] in this order, actual [\"game_begins\", \"set_up\", \"dug\"]");
  fails_with(run("since.toml", "[[step]]\nseat = 1\nchoose = \"dig\"\n[[step]]\nseat = 2\nchoose = \"rest\"\n"
                               "expect = { \"events\" = [\"dug\"] }\n"),
             "events: expected [\"dug\"] in this order, actual []");
  fails_with(run("empty.toml", "[expect]\n\"events\" = []\n"), "events: give a non-empty list (events.all = [] says that nothing was)");
}

TEST(ScenarioDefs, ErrorsSayWhere) {
  fails_with(run("type.toml", "[defs.x]\nlike = \"pebble\"\nprops = { worth = \"five\" }\n[expect]\n\"var.x\" = 0\n"),
             "type.toml:6:19: defs.x.props.worth: expected integer, found string");
  fails_with(run("prop.toml", "[defs.x]\nkind = \"stone\"\nprops = { weight = 1 }\n[expect]\n\"var.x\" = 0\n"),
             "prop.toml:6:20: defs.x.props.weight: kind 'stone' has no property 'weight'");
  fails_with(run("kind.toml", "[defs.x]\nkind = \"card\"\n[expect]\n\"var.x\" = 0\n"),
             "kind.toml:5:8: defs.x.kind: no kind 'card' (kinds: stone)");
  fails_with(run("like.toml", "[defs.x]\nlike = \"boulder\"\n[expect]\n\"var.x\" = 0\n"),
             "like.toml:5:8: defs.x.like: no definition 'boulder'");
  fails_with(run("taken.toml", "[defs.flint]\nkind = \"stone\"\n[expect]\n\"var.x\" = 0\n"),
             "defs.flint: pack midflow already defines 'flint'");
  fails_with(run("script.toml", "[defs.x]\nkind = \"stone\"\nscript = \"nothing.lua\"\n[expect]\n\"var.x\" = 0\n"),
             "script.toml:6:10: defs.x.script: no Lua file 'nothing.lua' next to the scenario");
}
