// Named bots ([bots.NAME], docs/packs.md): reading them, with a located
// error for each bad input; a layer overriding one; choosing one by name in
// `tabula run` and `tabula play`; a policy's ranking deciding, with the
// subset rule; the policy's sandbox (it runs on a throwaway determinization
// as a query); and ENGINE.md invariant 14 for every bot a shipped pack
// declares: two states that differ only in what the bot's seat cannot see
// get the same choices from it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/lua/script_errors.h"
#include "core/rules/engine.h"
#include "core/rules/infoset.h"
#include "core/rules/subset.h"
#include "core/search/bots.h"
#include "core/search/playout.h"
#include "tests/agent_choice.h"
#include "tests/tool_run.h"

using namespace tabula;
using namespace tabula::testing_support;
namespace fs = std::filesystem;

namespace {

const std::string kContent = std::string(TABULA_SOURCE_DIR) + "/content";

// A folder of its own per test, removed afterwards.
class Scratch {
 public:
  explicit Scratch(const std::string& name)
      : dir_(fs::temp_directory_path() / ("tabula-bots-" + name + "-" + std::to_string(getpid()))) {
    fs::remove_all(dir_);
  }
  ~Scratch() { fs::remove_all(dir_); }
  const fs::path& dir() const { return dir_; }
  std::string write(const std::string& rel, const std::string& text) const {
    write_file(dir_ / rel, text);
    return (dir_ / rel).string();
  }

 private:
  fs::path dir_;
};

// A layer on Connect Four whose pack.toml ends with `bots` (and its own
// bots.lua, when given).
LoadResult c4_layer(const Scratch& s, const std::string& bots, const std::string& lua = "") {
  s.write("layer/pack.toml", "[pack]\nid = \"c4-bots\"\npatches = \"connect-four\"\n\n" + bots);
  if (!lua.empty()) s.write("layer/bots.lua", lua);
  return load_pack((s.dir() / "layer").string(), {}, {kContent});
}

// The one error of a load that should fail: its text with file:line:column.
std::string only_error(const LoadResult& r) {
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics.size(), 1u) << r.report();
  return r.diagnostics.empty() ? "" : r.diagnostics[0].to_string();
}

TEST(BotsReading, EachBadInputIsALocatedError) {
  struct Case {
    const char* toml;
    const char* key;
    const char* says;
    int line;
  };
  const Case cases[] = {
      {"[bots.x]\nkind = \"random\"\nspeed = 3\n", "bots.x.speed", "unknown key", 7},
      {"[bots.x]\nkind = \"mtcs\"\n", "bots.x.kind", "did you mean 'mcts'", 6},
      {"[bots.x]\nname = \"X\"\n", "bots.x.kind", "missing required key", 5},
      {"[bots.x]\nkind = \"mcts\"\niterations = 0\n", "bots.x.iterations", "whole number from 1", 7},
      {"[bots.x]\nkind = \"mcts\"\nexploration = \"high\"\n", "bots.x.exploration", "expected a number", 7},
      {"[bots.x]\nkind = \"mcts\"\nwiden_alpha = 1.5\n", "bots.x.widen_alpha", "from 0 to 1", 7},
      {"[bots.x]\nkind = \"mcts\"\nplayout = \"smart\"\n", "bots.x.playout", "random or greedy", 7},
      {"[bots.x]\nkind = \"random\"\niterations = 5\n", "bots.x.iterations", "only mcts bots", 7},
      {"[bots.x]\nkind = \"policy\"\n", "bots.x.kind", "needs policy", 6},
      {"[bots.x]\nkind = \"mcts\"\niterations = 5\nms = 5\n", "bots.x.ms", "not both", 8},
      {"[bots.mcts]\nkind = \"random\"\n", "bots.mcts", "built-in seat kind", 5},
      {"[bots.Big]\nkind = \"random\"\n", "bots.Big", "lowercase", 5},
      {"[bots.x]\nkind = \"greedy\"\n", "bots.x.rating", "needs a rating", 5},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.toml);
    Scratch s("read");
    const std::string e = only_error(c4_layer(s, c.toml));
    EXPECT_TRUE(has(e, "layer/pack.toml:" + std::to_string(c.line) + ":")) << e;
    EXPECT_TRUE(has(e, c.key)) << e;
    EXPECT_TRUE(has(e, c.says)) << e;
  }
}

// A function that does not exist fails when the engine loads the scripts,
// at the file and key that name it, with a suggestion.
TEST(BotsReading, AMisspeltFunctionFailsAtLoadWithFileAndKey) {
  Scratch s("fn");
  auto r = c4_layer(s, "[bots.x]\nkind = \"policy\"\nscript = \"bots.lua\"\npolicy = \"rnak\"\n",
                    "local M = {}\nfunction M.rank(ctx) return {} end\nreturn M\n");
  ASSERT_TRUE(r.ok()) << r.report();
  try {
    Engine e(std::move(r.packs));
    FAIL() << "the engine loaded";
  } catch (const ScriptError& err) {
    const std::string what = err.what();
    EXPECT_TRUE(has(what, "layer/pack.toml:8:")) << what;
    EXPECT_TRUE(has(what, "bots.x.policy")) << what;
    EXPECT_TRUE(has(what, "did you mean 'rank'")) << what;
  }
}

TEST(BotsReading, ALayerOverridesABotByNameAndAddsItsOwn) {
  Scratch s("layer");
  auto r = c4_layer(s, "[bots.deep]\nkind = \"mcts\"\niterations = 7\ndepth = 3\nplayout = \"greedy\"\n"
                       "rating = \"lean\"\nscript = \"bots.lua\"\n\n[bots.coin]\nkind = \"random\"\nabout = \"flips\"\n",
                    "local M = {}\nfunction M.lean(ctx) return 0 end\nreturn M\n");
  ASSERT_TRUE(r.ok()) << r.report();
  const auto& bots = r.packs->bots;
  ASSERT_TRUE(bots.count("deep") && bots.count("center") && bots.count("coin"));
  const BotDef& deep = bots.at("deep");
  EXPECT_EQ(deep.layer, "c4-bots");
  EXPECT_EQ(deep.iterations, 7);
  EXPECT_EQ(deep.depth, 3);
  EXPECT_EQ(deep.playout, BotDef::Playout::Greedy);
  EXPECT_EQ(deep.exploration, 0.7);  // replaced whole: the base's 1.0 is gone
  EXPECT_EQ(deep.rating.module, "c4-bots/bots.lua");
  EXPECT_EQ(bots.at("center").layer, "connect-four");
  EXPECT_EQ(bots.at("coin").about.en, "flips");
  Engine e(std::move(r.packs));  // the rating resolves
  const IsmctsParams p = bot_mcts_params(e.packs().bots.at("deep"), 100);
  EXPECT_EQ(p.iterations, 7);
  EXPECT_TRUE(p.greedy_playouts);
}

// --- the tool ----------------------------------------------------------------

std::string tool(const std::string& args) { return tabula_tool() + " " + args; }

TEST(BotsCli, RunTakesABotByNameAndReportsItsBase) {
  const Output o = run_shell(tool("run " + quote(kContent + "/connect-four") +
                                  " --seats center,deep:iterations=5 --games 2 --seed 4 --json"));
  ASSERT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(has(o.text, "\"kind\":\"center\"") || has(o.text, "\"kind\": \"center\"")) << o.text;
  EXPECT_TRUE(has(o.text, "\"base\":\"policy\"") || has(o.text, "\"base\": \"policy\"")) << o.text;
  EXPECT_TRUE(has(o.text, "deep:iterations=5")) << o.text;
  EXPECT_TRUE(has(o.text, "\"base\":\"mcts\"") || has(o.text, "\"base\": \"mcts\"")) << o.text;
}

TEST(BotsCli, AMisspeltBotNameSuggestsTheBot) {
  const Output o = run_shell(tool("run " + quote(kContent + "/connect-four") + " --seats centre,random --games 1"));
  EXPECT_NE(o.code, 0);
  EXPECT_TRUE(has(o.text, "did you mean 'center'")) << o.text;
  EXPECT_TRUE(has(o.text, "the packs' bots: center, deep")) << o.text;
}

TEST(BotsCli, OnlyMctsBotsTakeParameters) {
  const Output o = run_shell(tool("run " + quote(kContent + "/connect-four") + " --seats center:iterations=5,random --games 1"));
  EXPECT_NE(o.code, 0);
  EXPECT_TRUE(has(o.text, "bot center is policy: it takes no parameters")) << o.text;
}

TEST(BotsCli, PlayLabelsTheSeatByTheBotsName) {
  const Output o = run_shell(tool("play " + quote(kContent + "/connect-four") + " --seats center,random --seed 2 </dev/null"));
  ASSERT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(has(o.text, "Seat 1 (Centre) — center (policy): wins when it can")) << o.text;
}

// --- the policy --------------------------------------------------------------

// One seat, one decision of five options (a set of 1 to 3 of them with
// `pick`), and bots whose policies the tests write.
std::unique_ptr<Engine> one_choice(const Scratch& s, const std::string& pick, const std::string& policies) {
  s.write("pick/texts.toml", "ask = { en = \"Choose\", cs = \"Vyber\" }\n");
  s.write("pick/pack.toml", "[pack]\nid = \"pick\"\nrules = \"rules.lua\"\ntexts = [\"texts.toml\"]\n\n[flow]\nroot = \"ask\"\n[flow.ask]\nhook = \"ask\"\n\n"
                            "[bots.ranker]\nkind = \"policy\"\npolicy = \"rank\"\n"
                            "[bots.writer]\nkind = \"policy\"\npolicy = \"write\"\n"
                            "[bots.decider]\nkind = \"policy\"\npolicy = \"decide\"\n"
                            "[bots.wrong]\nkind = \"policy\"\npolicy = \"wrong\"\n");
  s.write("pick/rules.lua", "local T = tabula\nlocal M = {}\n"
                            "function M.ask() T.set_var('n', 0)\n"
                            "  T.decide { seat = 1, prompt = 'ask', options = { 'a', 'b', 'c', 'd', 'e' }, " + pick +
                                " on_choice = 'done' } end\n"
                            "function M.done() T.game_over({ winners = { 1 } }) end\n" + policies + "return M\n");
  auto r = load_pack((s.dir() / "pick").string());
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

std::string pick_of(Engine& e, const std::string& bot, State& s, uint64_t seed = 1) {
  auto agent = make_bot(e, e.packs().bots.at(bot), seed, 10);
  const Decision& d = s.pending.front();
  if (!d.subset()) return d.options[agent->choose(s, d)].id;
  std::vector<size_t> set;
  agent->choose_subset(s, d, set);
  return subset_id(d, set);
}

const char* const kPolicies =
    "function M.rank(ctx)\n"
    "  local r = {}\n"
    "  for i, o in ipairs(ctx.args.options) do r[i] = ({ a = 5, b = -1, c = 3, d = 2, e = 0 })[o.id] end\n"
    "  return r end\n"
    "function M.write(ctx) T.set_var('n', 99) return { 0, 0, 0, 0, 9 } end\n"
    "function M.decide(ctx) T.decide { seat = 1, prompt = 'ask', options = { 'a' }, on_choice = 'done' } return {1,1,1,1,1} end\n"
    "function M.wrong(ctx) return { 1, 2 } end\n";

TEST(BotsPolicy, TheBestRankedOptionIsChosen) {
  Scratch sc("rank");
  auto e = one_choice(sc, "", kPolicies);
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  for (uint64_t seed = 1; seed < 6; ++seed) EXPECT_EQ(pick_of(*e, "ranker", s, seed), "a");
}

// pick_min best-ranked options, then every further one ranked above 0, up
// to the most allowed.
TEST(BotsPolicy, ASetTakesTheBestThenThePositiveUpToTheMost) {
  Scratch sc("set");
  auto e = one_choice(sc, "pick = { min = 1, max = 3 },", kPolicies);
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  EXPECT_EQ(pick_of(*e, "ranker", s), subset_id(s.pending.front(), {0, 2, 3}));  // a, c, d; e is 0, b below
  Scratch sc2("set2");
  auto few = one_choice(sc2, "pick = { min = 2, max = 2 },", kPolicies);
  ASSERT_TRUE(few);
  State t = few->new_game(1, 1);
  EXPECT_EQ(pick_of(*few, "ranker", t), subset_id(t.pending.front(), {0, 2}));
}

// The policy runs as a query on the bot's own determinization: what it
// writes never reaches the game, and asking for a decision is refused.
TEST(BotsPolicy, ThePolicyCannotChangeTheGame) {
  Scratch sc("sandbox");
  auto e = one_choice(sc, "", kPolicies);
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  const uint64_t before = s.hash();
  EXPECT_EQ(pick_of(*e, "writer", s), "e");
  EXPECT_EQ(s.hash(), before);
  try {
    pick_of(*e, "decider", s);
    FAIL() << "a policy asked for a decision";
  } catch (const ScriptError& err) {
    EXPECT_TRUE(has(err.what(), "may not ask for a decision")) << err.what();
  }
  try {
    pick_of(*e, "wrong", s);
    FAIL() << "two ranks for five options were taken";
  } catch (const ScriptError& err) {
    EXPECT_TRUE(has(err.what(), "must return a list of 5 integers")) << err.what();
  }
  EXPECT_EQ(s.hash(), before);
}

// --- invariant 14 ------------------------------------------------------------

struct Shipped {
  const char* name;  // for the test's name
  const char* pack;  // in content/
  const char* bot;
};

// Every bot the shipped packs declare (EveryShippedBotIsListed keeps the
// list whole).
const Shipped kShipped[] = {
    {"ConnectFourCenter", "connect-four", "center"},
    {"ConnectFourDeep", "connect-four", "deep"},
    {"DungeonLordsSteady", "dungeon-lords", "steady"},
    {"ThunderstoneShrewd", "thunderstone-dragonspire", "shrewd"},
    {"ProphecySeer", "prophecy", "seer"},
    {"DornPatient", "dorn", "patient"},
};

std::unique_ptr<Engine> load(const std::string& pack, const std::vector<std::string>& layers = {}) {
  auto r = load_pack(kContent + "/" + pack, layers, {kContent});
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

TEST(BotsShipped, EveryShippedBotIsListed) {
  for (const auto& dir : fs::directory_iterator(kContent)) {
    if (!fs::exists(dir.path() / "pack.toml")) continue;
    auto r = load_pack(dir.path().string(), {}, {kContent});
    ASSERT_TRUE(r.ok()) << r.report();
    for (const auto& [id, b] : r.packs->bots) {
      const bool listed = std::any_of(std::begin(kShipped), std::end(kShipped), [&](const Shipped& s) {
        return b.layer == s.pack && id == s.bot;
      });
      EXPECT_TRUE(listed) << "bot " << id << " of " << b.layer << " has no NeverPeeks test: add it to kShipped";
    }
  }
}

// A small budget of the bot's own kind: the test checks where its
// information comes from, not how well it plays.
BotDef small(BotDef b) {
  if (b.kind != BotDef::Kind::Mcts) return b;
  b.iterations = 16;
  b.ms = 0;
  b.depth = b.depth > 0 ? std::min(b.depth, 12) : 12;
  return b;
}

// From mid-game states of a random game, for every seat with a decision
// open, the true state and a determinization of it for that seat (the same
// info_hash) get the same choice from two bots of the same seed.
void never_peeks(Engine& e, const BotDef& bot, bool hidden) {
  const int seats = e.packs().seats.fallback;
  State s = e.new_game(21, seats, {}, Mode::Playout);
  std::vector<RandomAgent> random;
  std::vector<Agent*> walkers;
  for (int i = 0; i < seats; ++i) random.emplace_back(derive_seed(21, static_cast<uint64_t>(i)));
  for (auto& r : random) walkers.push_back(&r);
  int asked = 0, differed = 0;
  uint64_t done = 0;
  for (uint64_t at : {5u, 30u, 90u}) {
    const PlayoutResult walk = play_out(e, s, walkers, at - done);
    ASSERT_FALSE(walk.failed) << walk.error;
    done += walk.choices;
    if (s.over) break;
    for (const Decision& d : std::vector<Decision>(s.pending)) {
      SCOPED_TRACE("after " + std::to_string(done) + " choices, seat " + std::to_string(d.seat + 1));
      const State b = determinize(e, s, d.seat, 99);
      ASSERT_EQ(info_hash(e, s, d.seat), info_hash(e, b, d.seat));
      differed += b.hash() != s.hash();
      auto x = make_bot(e, bot, 5, 16), y = make_bot(e, bot, 5, 16);
      EXPECT_EQ(choice(*x, s, d.seat), choice(*y, b, d.seat));
      ++asked;
    }
  }
  EXPECT_GT(asked, 0) << "no decision to ask the bot";
  if (hidden) {
    EXPECT_GT(differed, 0) << "no determinization differed";
  }
}

class BotsNeverPeek : public testing::TestWithParam<Shipped> {};

TEST_P(BotsNeverPeek, TheSameChoicesFromStatesItsSeatCannotTellApart) {
  auto e = load(GetParam().pack);
  ASSERT_TRUE(e);
  ASSERT_TRUE(e->packs().bots.count(GetParam().bot));
  never_peeks(*e, small(e->packs().bots.at(GetParam().bot)), std::string(GetParam().pack) != "connect-four");
}

INSTANTIATE_TEST_SUITE_P(Bots, BotsNeverPeek, testing::ValuesIn(kShipped),
                         [](const testing::TestParamInfo<Shipped>& i) { return std::string(i.param.name); });

// A policy that reads the hidden Dungeon deck gets from the true state ranks
// it could not know, yet the bot chooses the same: it only ever sees its
// determinization. (The first half shows the test above could fail.)
TEST(BotsNeverPeek, APolicyThatReadsAHiddenDeckSeesOnlyADeterminization) {
  Scratch sc("peek");
  sc.write("peek/pack.toml", "[pack]\nid = \"peek\"\npatches = \"thunderstone-dragonspire\"\n\n"
                             "[bots.peeker]\nkind = \"policy\"\nscript = \"peek.lua\"\npolicy = \"rank\"\n");
  sc.write("peek/peek.lua", "local T = tabula\nlocal M = {}\n"
                            "function M.rank(ctx)\n  local deck, r = T.zone('dungeon'), {}\n"
                            "  for i = 1, #ctx.args.options do\n"
                            "    local name = deck[i] and T.def(deck[i]) or ''\n"
                            "    r[i] = #name * 256 + (name:byte(1) or 0)\n  end\n"
                            "  return r end\nreturn M\n");
  auto e = load("thunderstone-dragonspire", {(sc.dir() / "peek").string()});
  ASSERT_TRUE(e);
  const BotDef& peeker = e->packs().bots.at("peeker");
  State s = e->new_game(21, 2, {}, Mode::Playout);
  RandomAgent r0(1), r1(2);
  ASSERT_FALSE(play_out(*e, s, {&r0, &r1}, 30).failed);
  ASSERT_FALSE(s.pending.empty());
  const Decision d = s.pending.front();
  const State b = determinize(*e, s, d.seat, 99);
  std::vector<int64_t> truth, guess;
  State s2 = s, b2 = b;
  e->rank(s2, d, e->function_id(peeker.policy.module, peeker.policy.name), truth);
  e->rank(b2, d, e->function_id(peeker.policy.module, peeker.policy.name), guess);
  EXPECT_NE(truth, guess) << "the policy does not read the hidden deck: this test shows nothing";
  never_peeks(*e, peeker, true);
}

}  // namespace
