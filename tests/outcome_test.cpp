// The game-result convention (core/state/outcome.h): how a Value is read, and how
// tabula.game_over refuses a bad result at the script's line, rolling the
// choice back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/rules/engine.h"
#include "core/state/outcome.h"

namespace fs = std::filesystem;
using namespace tabula;

namespace {

Value ints(std::initializer_list<int64_t> xs) {
  List l;
  for (int64_t x : xs) l.push_back(Value(x));
  return Value::list(std::move(l));
}

Value result(Value winners, Value scores = Value()) {
  Value r = Value::dict();
  if (!winners.is_nil()) r.set("winners", std::move(winners));
  if (!scores.is_nil()) r.set("scores", std::move(scores));
  return r;
}

TEST(Outcome, ReadsWinnersAndScores) {
  Outcome o;
  EXPECT_EQ(read_outcome(result(ints({1, 3}), ints({12, 7, 12})), 3, o), "");
  EXPECT_TRUE(o.has_winners);
  EXPECT_EQ(o.winners, (std::vector<int>{0, 2}));
  EXPECT_TRUE(o.has_scores);
  EXPECT_EQ(o.scores, (std::vector<int64_t>{12, 7, 12}));
  // Nobody won: an empty list (what an empty Lua table becomes).
  EXPECT_EQ(read_outcome(result(Value::list()), 2, o), "");
  EXPECT_TRUE(o.has_winners);
  EXPECT_TRUE(o.winners.empty());
  // Results without the convention's keys follow it trivially.
  Value other = Value::dict();
  other.set("winner", Value(1));
  EXPECT_EQ(read_outcome(other, 2, o), "");
  EXPECT_FALSE(o.has_winners);
  EXPECT_FALSE(o.has_scores);
  EXPECT_EQ(read_outcome(Value(), 2, o), "");
  EXPECT_EQ(read_outcome(ints({5}), 2, o), "");
}

TEST(Outcome, SaysWhatIsWrong) {
  Outcome o;
  EXPECT_EQ(read_outcome(result(ints({3})), 2, o), "winners[1] is seat 3 but the game has 2 seats");
  EXPECT_EQ(read_outcome(result(ints({1, 0})), 2, o), "winners[2] is seat 0 but the game has 2 seats");
  EXPECT_EQ(read_outcome(result(ints({2, 2})), 2, o), "winners[2] names seat 2 twice");
  EXPECT_EQ(read_outcome(result(Value::list({Value("a")})), 2, o), "winners[1] must be a seat number, not a string");
  EXPECT_EQ(read_outcome(result(Value(1)), 2, o), "winners must be a list of seats, not an integer");
  EXPECT_EQ(read_outcome(result(Value(), ints({1, 2, 3})), 2, o), "scores has 3 entries but the game has 2 seats");
  EXPECT_EQ(read_outcome(result(Value(), Value::list({Value(1), Value(true)})), 2, o),
            "scores[2] must be an integer, not a boolean");
  EXPECT_EQ(read_outcome(result(Value(), Value(4)), 1, o), "scores must be a list of integers, one per seat, not an integer");
}

// A pack whose one decision ends the game with the result its option names.
const char* kToml = R"(
[pack]
id = "ending"
name = { en = "Ending" }
version = "1"
rules = "rules.lua"
texts = ["texts.toml"]

[seats]
min = 2
max = 2
default = 2

[flow]
root = "game"
[flow.game]
hook = "ask"
)";

const char* kLua = R"(local T = tabula
local M = {}
local results = {
  good = { winners = { 1, 2 }, scores = { 4, 4 }, note = "kept" },
  seat = { winners = { 3 } },
  length = { scores = { 1 } },
  fraction = { scores = { 1, 2.5 } },
  word = { scores = { 1, "two" } },
}
function M.ask() T.decide { seat = 1, prompt = "end", options = { "good", "seat", "length", "fraction", "word" }, on_choice = "done" } end
function M.done(ctx)
  T.game_over(results[ctx.choice])
end
return M
)";

class GameOver : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tabula-outcome-test-" + std::to_string(getpid()));
    fs::create_directories(dir_);
    std::ofstream(dir_ / "pack.toml") << kToml;
    std::ofstream(dir_ / "rules.lua") << kLua;
    std::ofstream(dir_ / "texts.toml") << "end = \"How does it end?\"\n";
    auto r = load_pack(dir_.string());
    ASSERT_TRUE(r.ok()) << r.report();
    engine_ = std::make_unique<Engine>(std::move(r.packs));
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The error of ending with `choice`; the state must be as before it.
  std::string error_of(const std::string& choice) {
    State s = engine_->new_game(1, 2);
    const uint64_t before = s.hash();
    ApplyResult a = engine_->apply(s, 0, choice);
    EXPECT_FALSE(a.ok) << choice;
    EXPECT_FALSE(s.over) << choice;
    EXPECT_EQ(s.hash(), before) << choice;
    return a.error;
  }

  fs::path dir_;
  std::unique_ptr<Engine> engine_;
};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST_F(GameOver, KeepsAGoodResult) {
  State s = engine_->new_game(1, 2);
  ASSERT_TRUE(engine_->apply(s, 0, "good").ok);
  ASSERT_TRUE(s.over);
  EXPECT_EQ(s.result.get("winners"), ints({1, 2}));
  EXPECT_EQ(s.result.get("scores"), ints({4, 4}));
  EXPECT_EQ(s.result.get("note"), Value("kept"));
}

TEST_F(GameOver, RefusesABadResultAtTheScriptsLine) {
  const std::string seat = error_of("seat");
  EXPECT_TRUE(has(seat, "rules.lua:12")) << seat;
  EXPECT_TRUE(has(seat, "game_over: winners[1] is seat 3 but the game has 2 seats")) << seat;
  const std::string length = error_of("length");
  EXPECT_TRUE(has(length, "rules.lua:12")) << length;
  EXPECT_TRUE(has(length, "game_over: scores has 1 entry but the game has 2 seats")) << length;
  const std::string fraction = error_of("fraction");
  EXPECT_TRUE(has(fraction, "must be integers")) << fraction;
  const std::string word = error_of("word");
  EXPECT_TRUE(has(word, "game_over: scores[2] must be an integer, not a string")) << word;
}

}  // namespace
