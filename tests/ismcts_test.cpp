// The ISMCTS agent (core/search/ismcts.h): it never peeks (two states that
// differ only in what its seat cannot see get the same choice, for every
// shipped game, at several points of a game), it is deterministic for a seed
// and an iteration budget, it beats random play at Connect Four and takes a
// win it sees, and it plays whole games of every shipped game to the end.
// Budgets are small: these check behaviour, bench/ measures strength and
// speed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <unistd.h>
#include <string>
#include <vector>

#include "core/rules/engine.h"
#include "core/rules/infoset.h"
#include "core/rules/subset.h"
#include "core/search/ismcts.h"
#include "core/search/playout.h"
#include "core/state/outcome.h"
#include "tests/agent_choice.h"

using namespace tabula;
using tabula::testing_support::choice;

namespace {

struct Game {
  const char* name;
  const char* pack;   // in content/
  const char* layer;  // a layer on top, or null
};

const Game kGames[] = {
    {"DungeonLords", "dungeon-lords", nullptr},
    {"Thunderstone", "thunderstone-dragonspire", nullptr},
    {"Dorn", "dorn", nullptr},
    {"Prophecy", "prophecy", nullptr},
    {"ProphecyWaterRealm", "prophecy", "prophecy-water-realm"},
    {"ConnectFour", "connect-four", nullptr},
};

std::unique_ptr<Engine> load(const Game& g) {
  const std::string root = std::string(TABULA_SOURCE_DIR) + "/content/";
  std::vector<std::string> layers;
  if (g.layer) layers.push_back(root + g.layer);
  auto r = load_pack(root + g.pack, layers);
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

std::vector<RandomAgent> walkers(int seats, uint64_t seed) {
  std::vector<RandomAgent> out;
  for (int i = 0; i < seats; ++i) out.emplace_back(derive_seed(seed, static_cast<uint64_t>(i)));
  return out;
}

std::vector<Agent*> pointers(std::vector<RandomAgent>& agents) {
  std::vector<Agent*> out;
  for (auto& a : agents) out.push_back(&a);
  return out;
}

std::string name_of(const testing::TestParamInfo<Game>& i) { return i.param.name; }

class IsmctsPacks : public testing::TestWithParam<Game> {};

}  // namespace

// ENGINE.md invariant 14: from mid-game states of a random game, for every
// seat with a decision open, the true state and a determinization of it for
// that seat (the seat cannot tell them apart: the same info_hash) get the
// same choice from two agents of the same seed.
TEST_P(IsmctsPacks, NeverPeeks) {
  auto e = load(GetParam());
  ASSERT_TRUE(e);
  const int seats = e->packs().seats.fallback;
  State s = e->new_game(21, seats, {}, Mode::Playout);
  auto random = walkers(seats, 21);
  const auto agents = pointers(random);
  IsmctsParams p;
  p.iterations = 40;
  p.depth = 30;
  int searched = 0, differed = 0;
  uint64_t done = 0;
  for (uint64_t at : {5u, 30u, 90u, 200u}) {
    const PlayoutResult walk = play_out(*e, s, agents, at - done);
    ASSERT_FALSE(walk.failed) << walk.error;
    done += walk.choices;
    if (s.over) break;
    for (const Decision& d : std::vector<Decision>(s.pending)) {
      SCOPED_TRACE("after " + std::to_string(done) + " choices, seat " + std::to_string(d.seat + 1));
      const State b = determinize(*e, s, d.seat, 99);
      ASSERT_EQ(info_hash(*e, s, d.seat), info_hash(*e, b, d.seat));
      differed += b.hash() != s.hash();
      IsmctsAgent x(*e, 5, p), y(*e, 5, p);
      EXPECT_EQ(choice(x, s, d.seat), choice(y, b, d.seat));
      EXPECT_EQ(x.last_iterations(), y.last_iterations());
      searched += x.last_iterations() > 0;
    }
  }
  EXPECT_GT(searched, 0) << "no decision with a choice to search";
  if (std::string(GetParam().pack) != "connect-four") {
    EXPECT_GT(differed, 0) << "no determinization differed";
  }
}

// Every seat played by the agent for the first 150 choices (every kind of
// decision of a game's opening turns, set and secret ones included), then by
// random play to the end: a Dorn game between searching sides runs to a
// thousand choices and more. The budget is tiny.
TEST_P(IsmctsPacks, PlaysAWholeGame) {
  auto e = load(GetParam());
  ASSERT_TRUE(e);
  const int seats = e->packs().seats.fallback;
  State s = e->new_game(3, seats, {}, Mode::Playout);
  IsmctsParams p;
  p.iterations = 10;
  p.depth = 6;
  std::vector<std::unique_ptr<IsmctsAgent>> bots;
  std::vector<Agent*> agents;
  for (int i = 0; i < seats; ++i) {
    bots.push_back(std::make_unique<IsmctsAgent>(*e, derive_seed(3, static_cast<uint64_t>(i)), p));
    agents.push_back(bots.back().get());
  }
  int64_t searched = 0;
  const PlayoutResult r = play_out(*e, s, agents, 150,
                                   [&](const State&, int seat, const std::string&) { searched += bots[seat]->last_iterations() > 0; });
  EXPECT_FALSE(r.failed) << r.error;
  EXPECT_GT(searched, 0);
  auto random = walkers(seats, 3);
  const PlayoutResult rest = play_out(*e, s, pointers(random), 100000);
  EXPECT_FALSE(rest.failed) << rest.error;
  EXPECT_TRUE(s.over);
}

INSTANTIATE_TEST_SUITE_P(Shipped, IsmctsPacks, testing::ValuesIn(kGames), name_of);

TEST(Ismcts, TheSameSeedGivesTheSameChoice) {
  for (const Game& g : {kGames[0], kGames[1]}) {
    auto e = load(g);
    ASSERT_TRUE(e);
    const int seats = e->packs().seats.fallback;
    State s = e->new_game(8, seats, {}, Mode::Playout);
    auto random = walkers(seats, 8);
    ASSERT_FALSE(play_out(*e, s, pointers(random), 50).failed);
    ASSERT_FALSE(s.over);
    const int seat = s.pending.front().seat;
    IsmctsParams p;
    p.iterations = 60;
    p.depth = 30;
    IsmctsAgent a(*e, 17, p), b(*e, 17, p);
    const std::string first = choice(a, s, seat);
    EXPECT_EQ(first, choice(b, s, seat)) << g.name;
    // The agent's RNG moves on: a second decision by the same agents agrees too.
    EXPECT_EQ(choice(a, s, seat), choice(b, s, seat)) << g.name;
  }
}

// Dorn's monsters move a field per question, so a seat often decides again
// right after its own choice: the search goes on from the subtree of that
// choice, and only then (never after another seat's choice, nor with reuse
// off). The answers stay legal all game long.
TEST(Ismcts, KeepsTheSubtreeOfItsOwnLastChoice) {
  auto e = load(kGames[2]);
  ASSERT_TRUE(e);
  for (bool keep : {true, false}) {
    State s = e->new_game(5, 2, {}, Mode::Playout);
    IsmctsParams p;
    p.iterations = 12;
    p.depth = 6;
    p.reuse = keep;
    IsmctsAgent bot(*e, 5, p);
    RandomAgent other(6);
    std::vector<Agent*> agents{&bot, &other};
    int64_t kept = 0, wrongly = 0;
    int last = -1;
    const PlayoutResult r = play_out(*e, s, agents, 20000, [&](const State&, int seat, const std::string&) {
      if (seat == 0 && bot.last_kept() > 0) {
        ++kept;
        wrongly += last != 0;  // another seat chose in between
      }
      last = seat;
    });
    EXPECT_FALSE(r.failed) << r.error;
    EXPECT_TRUE(r.finished);
    EXPECT_EQ(wrongly, 0);
    if (keep) {
      EXPECT_GT(kept, 0) << "no decision went on from the last one's subtree";
    } else {
      EXPECT_EQ(kept, 0);
    }
  }
}

// dorn.md §4.15.4 lets either side concede at any of its decisions. A random
// playout that concedes for the opponent now and then made handing the
// opponent the move look like a win, so the heroes' search passed its turns:
// [pack] resign names the concession, and the playouts never take it while
// another option is open.
TEST(Ismcts, PlayoutsNeverResignWhileAnotherOptionIsOpen) {
  auto e = load(kGames[2]);
  ASSERT_TRUE(e);
  ASSERT_EQ(e->packs().resign, std::vector<std::string>{"concede"});
  Decision d;
  for (const char* id : {"a", "concede", "b"}) {
    Option o;
    o.id = id;
    d.options.push_back(o);
  }
  State s;
  PlayoutWalker walker(7, &e->packs().resign);
  int picked[3] = {0, 0, 0};
  for (int i = 0; i < 600; ++i) ++picked[walker.choose(s, d)];
  EXPECT_EQ(picked[1], 0);
  EXPECT_GT(picked[0], 200);
  EXPECT_GT(picked[2], 200);
  d.options.erase(d.options.begin() + 2);
  d.options.erase(d.options.begin());
  EXPECT_EQ(walker.choose(s, d), 0u);  // the only option
  // Without the list every option is taken.
  PlayoutWalker plain(7, nullptr);
  d.options.insert(d.options.begin(), Option{});
  int conceded = 0;
  for (int i = 0; i < 200; ++i) conceded += plain.choose(s, d) == 1;
  EXPECT_GT(conceded, 50);
}

// [pack] score_relative: a rating that already weighs a seat against the
// others is judged by the seat's own gain, not by its lead over the others'
// ratings (which, in Dorn, made the heroes' every step toward the monsters
// look like a loss). In tests/packs/relative building earns seat 1 a point
// and seat 2 two: it pays by the gain and loses by the lead.
TEST(Ismcts, ARelativeScoreIsJudgedByTheSeatsOwnGain) {
  for (const bool relative : {true, false}) {
    auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/relative");
    ASSERT_TRUE(r.ok()) << r.report();
    EXPECT_TRUE(r.packs->score_relative);
    r.packs->score_relative = relative;
    Engine e(std::move(r.packs));
    State s = e.new_game(1, 2);
    IsmctsParams p;
    p.iterations = 200;
    p.depth = 3;
    IsmctsAgent a(e, 5, p);
    EXPECT_EQ(choice(a, s, 0), relative ? "build" : "wait") << (relative ? "relative" : "lead");
  }
}

// [pack] resign in the tree as in the playouts: with one iteration the
// answer is the one option the search tried, which must never be a
// concession while another option is open.
TEST(Ismcts, NeverResignsWhileAnotherOptionIsOpen) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/relative");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 2);
  IsmctsParams p;
  p.iterations = 1;
  p.depth = 2;
  std::set<std::string> chosen;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    IsmctsAgent a(e, seed, p);
    chosen.insert(choice(a, s, 0));
  }
  EXPECT_EQ(chosen, (std::set<std::string>{"build", "wait"}));
}

// IsmctsParams::prior: the options of a fresh root start with visits that
// follow their rating one choice ahead, so even one iteration answers what
// `greedy` would (tests/packs/greedy: add3 rates best), where without it the
// one option tried is the node's random first.
TEST(Ismcts, APriorStartsFromTheBestRatedOption) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/greedy");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 1);
  std::set<std::string> with, without;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    IsmctsParams p;
    p.iterations = 1;
    p.depth = 1;
    IsmctsAgent plain(e, seed, p);
    without.insert(choice(plain, s, 0));
    p.prior = 3;
    IsmctsAgent biased(e, seed, p);
    with.insert(choice(biased, s, 0));
  }
  EXPECT_EQ(with, std::set<std::string>{"add3"});
  EXPECT_GT(without.size(), 2u);
}

TEST(Ismcts, ATimeBudgetRunsIterations) {
  auto e = load(kGames[5]);
  ASSERT_TRUE(e);
  State s = e->new_game(1, 2, {}, Mode::Playout);
  IsmctsParams p;
  p.ms = 20;
  IsmctsAgent a(*e, 1, p);
  choice(a, s, 0);
  EXPECT_GT(a.last_iterations(), 0);
}

TEST(IsmctsConnectFour, TakesAWinItSees) {
  auto e = load(kGames[5]);
  ASSERT_TRUE(e);
  // Seat 1 has three in the bottom row (columns 1-3) and seat 2 three in
  // column 7: column 4 wins at once, anything else but 7 loses at once.
  State s = e->new_game(1, 2);
  for (const char* c : {"1", "7", "2", "7", "3", "7"}) ASSERT_TRUE(e->apply(s, s.pending.front().seat, c).ok) << c;
  ASSERT_EQ(s.pending.front().seat, 0);
  IsmctsParams p;
  p.iterations = 200;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    IsmctsAgent a(*e, seed, p);
    EXPECT_EQ(choice(a, s, 0), "4") << "seed " << seed;
  }
}

TEST(IsmctsConnectFour, BeatsRandomPlay) {
  auto e = load(kGames[5]);
  ASSERT_TRUE(e);
  IsmctsParams p;
  p.iterations = 200;
  int wins = 0;
  const int games = 20;
  for (int g = 0; g < games; ++g) {
    const int me = g % 2;  // seats alternate
    State s = e->new_game(100 + static_cast<uint64_t>(g), 2, {}, Mode::Playout);
    IsmctsAgent bot(*e, derive_seed(static_cast<uint64_t>(g), 1), p);
    RandomAgent random(derive_seed(static_cast<uint64_t>(g), 2));
    std::vector<Agent*> agents(2);
    agents[me] = &bot;
    agents[1 - me] = &random;
    const PlayoutResult r = play_out(*e, s, agents);
    ASSERT_TRUE(r.finished) << r.error;
    Outcome o;
    ASSERT_EQ(read_outcome(s.result, 2, o), "");
    wins += o.winners == std::vector<int>{me};
  }
  EXPECT_GE(wins, 18) << wins << " of " << games;
}

// tests/packs/decisions-kit: the heroes move at once in secret (several
// decisions open), then the Lord buys a set of cards and keeps two dice
// (subset decisions). The agent answers them all with legal sets, the same
// for the same seed.
TEST(Ismcts, AnswersSetsAndSimultaneousDecisions) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/decisions-kit");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  IsmctsParams p;
  p.iterations = 30;
  std::vector<std::string> runs[2];
  for (auto& run : runs) {
    State s = e.new_game(5, 3, {}, Mode::Playout);
    std::vector<std::unique_ptr<IsmctsAgent>> bots;
    std::vector<Agent*> agents;
    for (int i = 0; i < 3; ++i) {
      bots.push_back(std::make_unique<IsmctsAgent>(e, derive_seed(5, static_cast<uint64_t>(i)), p));
      agents.push_back(bots.back().get());
    }
    bool together = false;
    const PlayoutResult done = play_out(e, s, agents, 1000, [&](const State& at, int, const std::string& option) {
      run.push_back(option);
      together = together || at.pending.size() > 1;
    });
    ASSERT_FALSE(done.failed) << done.error;
    EXPECT_TRUE(done.finished);
    EXPECT_TRUE(together) << "no simultaneous decisions";
  }
  EXPECT_EQ(runs[0], runs[1]);
  // The last answer is a set: the two dice kept.
  ASSERT_GE(runs[0].size(), 2u);
  EXPECT_NE(runs[0].back().find(kSubsetSeparator), std::string::npos) << runs[0].back();
}

// A set decision of 4,096 sets (twelve options, any number of them): the
// agent samples sets by rank, and the game is won by a set with `c` and
// without `a` (a quarter of them). Random sets win a quarter of the time;
// the agent's choice wins.
TEST(Ismcts, FindsAWinningSetAmongManySampled) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("tabula-ismcts-" + std::to_string(getpid()));
  fs::create_directories(root);
  std::ofstream(root / "texts.toml") << "p = { en = \"Take cards\", cs = \"Vezmi karty\" }\n";
  std::ofstream(root / "pack.toml") << "[pack]\nid = \"sets\"\nrules = \"rules.lua\"\ntexts = [\"texts.toml\"]\n"
                                       "[seats]\nmin = 1\nmax = 1\ndefault = 1\n"
                                       "[flow]\nroot = \"game\"\n[flow.game]\nhook = \"ask\"\n";
  std::ofstream(root / "rules.lua")
      << "local T = tabula\nlocal M = {}\n"
         "function M.ask()\n"
         "  T.decide { seat = 1, prompt = \"p\", options = { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l' },\n"
         "             on_choice = 'took', pick = { min = 0 } }\n"
         "end\n"
         "function M.took(ctx)\n"
         "  local has = {}\n"
         "  for _, id in ipairs(ctx.choice) do has[id] = true end\n"
         "  T.game_over({ winners = (has.c and not has.a) and { 1 } or {} })\n"
         "end\n"
         "return M\n";
  auto r = load_pack(root.string());
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  fs::remove_all(root);
  IsmctsParams p;
  p.iterations = 200;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    State s = e.new_game(seed, 1, {}, Mode::Playout);
    ASSERT_EQ(subset_count(s.pending.at(0)), 4096u);
    IsmctsAgent a(e, seed, p);
    const std::string set = choice(a, s, 0);
    EXPECT_TRUE(e.apply(s, 0, set, Mode::Playout).ok) << set;
    Outcome o;
    read_outcome(s.result, 1, o);
    EXPECT_EQ(o.winners, std::vector<int>{0}) << "seed " << seed << ": " << set;
  }
}
