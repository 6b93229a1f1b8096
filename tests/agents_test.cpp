// The automatic agents of core/search/playout.h: the `ai` agent (GreedyAgent)
// plays the option the pack's rating ([pack] score) likes best, takes a win
// over any rating and does not undo a free action for ever; a pack without
// a rating gets the random agent's choices.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "core/rules/engine.h"
#include "core/search/playout.h"

using namespace tabula;

namespace {

std::unique_ptr<Engine> greedy_engine() {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/greedy");
  EXPECT_TRUE(r.ok()) << r.report();
  return std::make_unique<Engine>(std::move(r.packs));
}

}  // namespace

TEST(Agents, GreedyPlaysTheOptionThatRatesBest) {
  auto e = greedy_engine();
  ASSERT_TRUE(e->has_score());
  State s = e->new_game(1, 1);
  GreedyAgent ai(*e, 7);
  const Decision& d = s.pending.at(0);
  EXPECT_EQ(d.options[ai.choose(s, d)].id, "add3");
  EXPECT_EQ(e->score(s, 0), 0);
}

TEST(Agents, GreedyTakesAWin) {
  auto e = greedy_engine();
  State s = e->new_game(1, 1);
  GreedyAgent ai(*e, 7);
  std::vector<Agent*> seats{&ai};
  std::vector<std::string> chosen;
  PlayoutResult r = play_out(*e, s, seats, 100, [&](const State&, int, const std::string& o) { chosen.push_back(o); });
  ASSERT_TRUE(r.finished) << r.error;
  // 3 + 3 + 3 leaves 9: then a 1, a 2 or a 3 all win, and a win beats any rating.
  ASSERT_EQ(chosen.size(), 4u);
  EXPECT_EQ(chosen[0], "add3");
  EXPECT_GE(e->score(s, 0), 10);
}

TEST(Agents, GreedyShunsAPositionItHasChosenInBefore) {
  // `lamp` and `rest` rate the same, so the agent picks either by its RNG.
  // Flipping the lamp twice comes back to where it chose before: it rests
  // instead. Over many seeds the lamp is flipped at most once a game.
  auto e = greedy_engine();
  int flipped_once = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    State s = e->new_game(seed, 1, {{"tired", Value(true)}});
    GreedyAgent ai(*e, seed);
    std::vector<Agent*> seats{&ai};
    int lamps = 0;
    PlayoutResult r = play_out(*e, s, seats, 50, [&](const State&, int, const std::string& o) { lamps += o == "lamp"; });
    ASSERT_TRUE(r.finished) << "seed " << seed;
    EXPECT_LE(lamps, 1) << "seed " << seed;
    flipped_once += lamps;
  }
  EXPECT_GT(flipped_once, 5);  // the tie really goes both ways
}

TEST(Agents, WithoutARatingTheAiChoosesAsTheRandomAgent) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/subflow");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  EXPECT_FALSE(e.has_score());
  State s = e.new_game(1, 1);
  GreedyAgent ai(e, 99);
  RandomAgent random(99);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(ai.choose(s, s.pending.at(0)), random.choose(s, s.pending.at(0)));
}

TEST(Agents, AScoreThatIsNoFunctionOrNoIntegerIsALocatedError) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("tabula-agents-" + std::to_string(getpid()));
  fs::create_directories(root);
  std::ofstream(root / "pack.toml") << "[pack]\nid = \"p\"\nrules = \"rules.lua\"\nscore = \"rate\"\n"
                                       "[flow]\nroot = \"game\"\n[flow.game]\nhook = \"go\"\n";
  std::ofstream(root / "rules.lua") << "local M = {}\nfunction M.go() end\nreturn M\n";
  auto r = load_pack(root.string());
  ASSERT_TRUE(r.ok()) << r.report();
  try {
    Engine e(std::move(r.packs));
    ADD_FAILURE() << "a score naming no function loaded";
  } catch (const ScriptError& err) {
    EXPECT_NE(std::string(err.what()).find("pack.toml:4"), std::string::npos) << err.what();
    EXPECT_NE(std::string(err.what()).find("no function 'rate'"), std::string::npos) << err.what();
  }
  // A rating that is not an integer.
  std::ofstream(root / "rules.lua") << "local M = {}\nfunction M.go() end\nfunction M.rate() return 'high' end\nreturn M\n";
  auto r2 = load_pack(root.string());
  ASSERT_TRUE(r2.ok()) << r2.report();
  Engine e(std::move(r2.packs));
  State s = e.blank_state(1, 1);
  EXPECT_THROW(e.score(s, 0), ScriptError);
  fs::remove_all(root);
}
