// The decision kit (issue 6, item 1): subset decisions as one action,
// decisions refreshed or withdrawn when the state under them changes, seat
// groups, and flow nodes whose hooks receive arguments. Packs:
// tests/packs/decisions-kit and tests/packs/bad-group.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/rules/engine.h"
#include "core/rules/subset.h"
#include "core/search/playout.h"

using namespace tabula;
using nlohmann::json;

namespace {

std::unique_ptr<Engine> kit() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/decisions-kit");
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

Option option(std::string id) {
  Option o;
  o.id = std::move(id);
  return o;
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

Value ints(std::initializer_list<int64_t> xs) {
  List l;
  for (int64_t x : xs) l.push_back(Value(x));
  return Value::list(std::move(l));
}

Value strs(std::initializer_list<const char*> xs) {
  List l;
  for (const char* x : xs) l.push_back(Value(x));
  return Value::list(std::move(l));
}

std::vector<std::string> option_ids(const State& s, int seat) {
  std::vector<std::string> ids;
  if (const Decision* d = s.pending_for(seat))
    for (const auto& o : d->options) ids.push_back(o.id);
  return ids;
}

Decision subset_decision(int n, int min, int max) {
  Decision d;
  for (int i = 0; i < n; ++i) d.options.push_back(option(std::string(1, static_cast<char>('a' + i))));
  d.pick_min = min;
  d.pick_max = max;
  return d;
}

// Plays the kit's opening: every hero moves, then the Lord's guard question.
void to_market(Engine& e, State& s) {
  ASSERT_TRUE(e.apply(s, 1, "hall").ok);
  ASSERT_TRUE(e.apply(s, 2, "tower").ok);
  ASSERT_TRUE(e.apply(s, 0, "watch").ok);
  ASSERT_EQ(s.pending.size(), 1u);
  ASSERT_TRUE(s.pending[0].subset());
}

}  // namespace

// --- counting, ranking and drawing sets ---------------------------------------

TEST(Subsets, CountRankAndVisitAgree) {
  EXPECT_EQ(binomial(5, 2), 10u);
  EXPECT_EQ(binomial(62, 31), 465428353255261088ull);
  EXPECT_EQ(binomial(4, 5), 0u);
  Decision d = subset_decision(5, 1, 3);
  EXPECT_EQ(subset_count(d), 5u + 10u + 10u);
  std::vector<std::vector<size_t>> seen;
  for_each_subset(d, [&](const std::vector<size_t>& set) {
    seen.push_back(set);
    return true;
  });
  ASSERT_EQ(seen.size(), subset_count(d));
  std::set<std::vector<size_t>> distinct(seen.begin(), seen.end());
  EXPECT_EQ(distinct.size(), seen.size());
  std::vector<size_t> at;
  for (uint64_t r = 0; r < seen.size(); ++r) {
    subset_at(d, r, at);
    EXPECT_EQ(at, seen[r]) << "rank " << r;
    EXPECT_TRUE(std::is_sorted(at.begin(), at.end()));
    EXPECT_EQ(check_subset(d, at), "");
  }
  // A cap above the number of options means all of them; the empty set counts.
  Decision all = subset_decision(3, 0, 1000);
  EXPECT_EQ(subset_count(all), 8u);
  subset_at(all, 0, at);
  EXPECT_TRUE(at.empty());
  EXPECT_EQ(subset_id(all, at), "-");
  // An ordinary decision: one answer per option.
  Decision one;
  one.options = {option("x"), option("y")};
  EXPECT_EQ(subset_count(one), 2u);
  subset_at(one, 1, at);
  EXPECT_EQ(at, std::vector<size_t>{1});
}

TEST(Subsets, ParseAndCheckGiveReasons) {
  Decision d = subset_decision(4, 1, 2);
  std::vector<size_t> set;
  EXPECT_EQ(parse_subset(d, "c,a", set), "");
  EXPECT_EQ(set, (std::vector<size_t>{0, 2}));
  EXPECT_EQ(subset_id(d, set), "a,c");
  EXPECT_TRUE(contains(parse_subset(d, "a,a", set), "'a' is chosen twice"));
  EXPECT_TRUE(contains(parse_subset(d, "a,b,c", set), "choose 1 to 2 of the options, not 3"));
  EXPECT_TRUE(contains(parse_subset(d, "-", set), "not 0"));
  EXPECT_TRUE(contains(parse_subset(d, "a,z", set), "'z' is not a legal option here; legal: a, b, c, d"));
  EXPECT_TRUE(contains(parse_subset(d, "a,", set), "'' is not a legal option"));
  set = {7};
  EXPECT_TRUE(contains(check_subset(d, set), "option 8 does not exist here (there are 4)"));
}

// Every legal set is drawn equally often: sizes weigh C(n, k).
TEST(Subsets, RandomAgentIsUniformOverTheLegalSets) {
  Decision d = subset_decision(4, 1, 2);  // 4 singles and 6 pairs
  RandomAgent agent(11);
  std::map<std::vector<size_t>, int> counts;
  std::vector<size_t> set;
  const int draws = 20000;
  for (int i = 0; i < draws; ++i) {
    agent.choose_subset(State{}, d, set);
    ASSERT_EQ(check_subset(d, set), "");
    ++counts[set];
  }
  ASSERT_EQ(counts.size(), 10u);
  for (const auto& [s, n] : counts) EXPECT_NEAR(n, draws / 10, draws / 10 * 0.12) << subset_id(d, s);
}

// --- subset decisions in a game -------------------------------------------------

TEST(Subsets, ApplyTakesAnyOrderAndGivesTheSetInOptionOrder) {
  auto e = kit();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 3);
  to_market(*e, s);
  json view = json::parse(e->view_json(s, 0));
  EXPECT_EQ(view["decisions"][0]["pick"], json({{"min", 0}, {"max", 2}}));
  const uint64_t before = s.hash();
  // Rejected answers change nothing and say why.
  ApplyResult r = e->apply(s, 0, "rope,rope");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(contains(r.error, "'rope' is chosen twice")) << r.error;
  r = e->apply(s, 0, "rope,sword,lamp");
  EXPECT_TRUE(contains(r.error, "choose 0 to 2 of the options, not 3")) << r.error;
  r = e->apply(s, 0, "axe");
  EXPECT_TRUE(contains(r.error, "'axe' is not a legal option here")) << r.error;
  r = e->apply_index(s, 0, 1);
  EXPECT_TRUE(contains(r.error, "asked for a set of options")) << r.error;
  r = e->apply_subset(s, 0, {9});
  EXPECT_TRUE(contains(r.error, "option 10 does not exist")) << r.error;
  r = e->apply_subset(s, 1, {0});
  EXPECT_TRUE(contains(r.error, "seat 2 has nothing to decide now")) << r.error;
  EXPECT_EQ(s.hash(), before);

  State by_index = s;
  ASSERT_TRUE(e->apply(s, 0, "rope,sword").ok);
  EXPECT_EQ(s.var("bought"), strs({"sword", "rope"}));
  // The same set by indices, in any order, is the same action.
  ASSERT_TRUE(e->apply_subset(by_index, 0, {3, 0}).ok);
  EXPECT_EQ(by_index.hash(), s.hash());

  // Integer ids come back as integers; a single choice is refused a set.
  ASSERT_TRUE(s.pending_for(0)->subset());
  r = e->apply(s, 0, "4,1");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(s.var("dice"), ints({1, 4}));
  EXPECT_TRUE(s.over);
}

TEST(Subsets, TheEmptySetIsADash) {
  auto e = kit();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 3);
  to_market(*e, s);
  ApplyResult r = e->apply(s, 0, "-");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(s.var("bought").items().empty());
  EXPECT_EQ(s.zones[e->zone_index(s, "offer")].items.size(), 4u);
}

TEST(Subsets, BadBoundsAndIdsAreScriptErrors) {
  auto e = kit();
  ASSERT_TRUE(e);
  const std::pair<const char*, const char*> cases[] = {
      {"min_over_max", "pick.max (1) is below pick.min (2)"},
      {"min_over_options", "pick.min = 3, but there are only 2 options"},
      {"negative", "pick.min must be 0 or more, not -1"},
      {"comma_id", "option id 'a,b' of a subset decision may not contain ','"},
      {"dash_id", "option id '-' of a subset decision may not contain ',' or be '-'"},
      {"group", "unknown seat group 'heros' (declared: heroes, lord)"},
      {"refresh_fn", "decide: refresh: 'nowhere' is not a function"},
  };
  for (const auto& [bad, message] : cases) {
    try {
      e->new_game(1, 3, Dict{{"bad", Value(bad)}});
      ADD_FAILURE() << bad << ": no error";
    } catch (const ScriptError& err) {
      EXPECT_TRUE(contains(err.what(), message)) << bad << ": " << err.what();
      EXPECT_TRUE(contains(err.what(), "rules.lua:")) << err.what();
    }
  }
}

// --- refreshed and withdrawn decisions -------------------------------------------

// The case: two heroes choose at once, in secret, where to move;
// once one takes an area, the other's open question no longer offers it.
TEST(Refresh, AnOpenQuestionFollowsAnotherSeatsChoice) {
  auto e = kit();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 3);
  ASSERT_EQ(s.pending.size(), 3u);
  EXPECT_EQ(option_ids(s, 2), (std::vector<std::string>{"gate", "hall", "tower"}));
  State playout = s;
  ASSERT_TRUE(e->apply(s, 1, "hall").ok);
  ASSERT_TRUE(e->apply(playout, 1, "hall", Mode::Playout).ok);
  EXPECT_EQ(option_ids(s, 2), (std::vector<std::string>{"gate", "tower"}));
  EXPECT_EQ(e->apply(s, 2, "hall").error.substr(0, 35), "'hall' is not a legal option here; ");
  // Both modes refresh alike.
  EXPECT_EQ(playout.hash(), s.hash());
  // The refreshed option still stands for its entity (its label is its name).
  const Decision* d = s.pending_for(2);
  ASSERT_TRUE(d);
  EXPECT_EQ(e->label(s, *d, d->options[0]), "Gate");
  // The Lord's question declares no refresh and stays as it was.
  EXPECT_EQ(option_ids(s, 0), (std::vector<std::string>{"watch", "rest"}));
}

TEST(Refresh, NoOptionsLeftWithdrawsAndOnWithdrawRuns) {
  auto e = kit();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 3, Dict{{"areas", Value(1)}});
  EXPECT_EQ(s.var("withdrew_nothing"), Value(true));
  ASSERT_EQ(s.pending.size(), 3u);
  // Hero 2 takes the only area, the gate: its choice withdraws the Lord's
  // question by tabula.withdraw, and hero 3's refresh finds nothing left.
  ApplyResult r = e->apply(s, 1, "gate");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(s.var("lord_was_asked"), strs({"watch", "rest"}));
  EXPECT_EQ(s.var("withdrew_lord"), Value(true));
  EXPECT_EQ(s.var("lord_withdrawn"), Value(true));
  EXPECT_EQ(s.var("stuck"), ints({3}));
  EXPECT_TRUE(s.var("guard").is_nil());
  // Nobody was left to ask: the flow went on to the market.
  ASSERT_EQ(s.pending.size(), 1u);
  EXPECT_EQ(s.pending[0].seat, 0);
  EXPECT_TRUE(s.pending[0].subset());
  EXPECT_EQ(s.var("order"), ints({2, 3}));
}

TEST(Refresh, BadResultsRollTheChoiceBack) {
  auto e = kit();
  ASSERT_TRUE(e);
  const std::pair<const char*, const char*> cases[] = {
      {"refresh_garbage", "refresh must return a list of options (as decide's options; {} withdraws), not a number"},
      {"refresh_twice", "option id 'gate' appears twice"},
      {"refresh_schedules", "a query hook may not schedule work"},
  };
  for (const auto& [bad, message] : cases) {
    State s = e->new_game(1, 3, Dict{{"bad", Value(bad)}});
    const uint64_t before = s.hash();
    ApplyResult r = e->apply(s, 0, "watch");
    EXPECT_FALSE(r.ok) << bad;
    EXPECT_TRUE(contains(r.error, message)) << bad << ": " << r.error;
    EXPECT_TRUE(contains(r.error, "still_free")) << r.error;
    EXPECT_EQ(s.hash(), before) << bad;
  }
}

// Open subset and refresh decisions survive save and load, and the loaded
// state goes on exactly like the original.
TEST(Refresh, OpenDecisionsRoundTripThroughJson) {
  auto e = kit();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 3);
  auto round_trip = [&](const State& st) { return state_from_json(*e, json::parse(state_to_json(*e, st).dump())); };
  State loaded = round_trip(s);
  ASSERT_EQ(loaded.hash(), s.hash());
  EXPECT_EQ(loaded.pending_for(2)->refresh, s.pending_for(2)->refresh);
  EXPECT_EQ(loaded.pending_for(2)->on_withdraw, s.pending_for(2)->on_withdraw);
  ASSERT_TRUE(e->apply(s, 1, "hall").ok);
  ASSERT_TRUE(e->apply(loaded, 1, "hall").ok);
  EXPECT_EQ(loaded.hash(), s.hash());
  ASSERT_TRUE(e->apply(s, 2, "tower").ok);
  ASSERT_TRUE(e->apply(s, 0, "rest").ok);
  State market = round_trip(s);
  ASSERT_EQ(market.hash(), s.hash());
  EXPECT_EQ(market.pending[0].pick_min, 0);
  EXPECT_EQ(market.pending[0].most(), 2);
  // The bounds are part of the hash.
  market.pending[0].pick_max = 1;
  EXPECT_NE(market.hash(), s.hash());
}

// --- seat groups -------------------------------------------------------------------

TEST(SeatGroups, LuaSeesTheGroupsAndEachSeatLoopsOverOne) {
  auto e = kit();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 4);
  EXPECT_EQ(s.var("lord"), ints({1}));
  EXPECT_EQ(s.var("heroes"), ints({2, 3, 4}));
  EXPECT_EQ(s.var("seat2_hero"), Value(true));
  // The group loop starts at the first member at or after the starting
  // seat, in seat order, wrapping around within the group.
  const std::pair<int, Value> starts[] = {{0, ints({2, 3, 4})}, {2, ints({3, 4, 2})}, {3, ints({4, 2, 3})}};
  for (const auto& [start, order] : starts) {
    State g = e->blank_state(1, 4);
    g.start_seat = start;
    e->start(g);
    ASSERT_TRUE(e->apply(g, 1, "gate").ok);
    ASSERT_TRUE(e->apply(g, 2, "hall").ok);
    ASSERT_TRUE(e->apply(g, 3, "tower").ok);
    EXPECT_EQ(g.var("order"), order) << "start seat " << start + 1;
    EXPECT_EQ(g.var("expected_order"), order) << "std.seats.group_from_start, start seat " << start + 1;
  }
}

TEST(SeatGroups, UnknownAndOutOfRangeGroupsAreLocatedErrors) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/bad-group");
  ASSERT_FALSE(r.ok());
  const std::string report = r.report();
  EXPECT_TRUE(contains(report, "pack.toml:20:13: error: flow.game.each_seat: unknown seat group 'heros' (did you mean 'heroes'?)"))
      << report;
  EXPECT_TRUE(contains(report, "seats.groups.late.first: group 'late' starts at seat 3, but a game may have only 2 seat(s)"))
      << report;
  EXPECT_TRUE(contains(report, "seats.groups.wide.count: group 'wide' ends at seat 4, past seats.max = 3")) << report;
  EXPECT_FALSE(contains(report, "group 'heroes'")) << report;
}

// --- node args ----------------------------------------------------------------------

TEST(NodeArgs, OneQueryServesSeveralBranches) {
  auto e = kit();
  ASSERT_TRUE(e);
  for (const char* action : {"a", "b"}) {
    State s = e->new_game(1, 3, Dict{{"action", Value(action)}});
    to_market(*e, s);
    const bool b = std::string(action) == "b";
    EXPECT_EQ(s.var("acted"), Value::list({Value(action), Value(int64_t{b ? 2 : 0})})) << action;
  }
}

// --- random games, logs and replays -----------------------------------------------------

// Random games with subset and refreshed decisions: at every decision the
// state survives JSON, a playout copy hashes like the played game, and the
// log (sets as canonical strings) replays to the same hashes.
TEST(Subsets, RandomGamesReplayFromTheirLogs) {
  auto e = kit();
  ASSERT_TRUE(e);
  int sets = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const int seats = 3 + static_cast<int>(seed % 2);
    const Dict options{{"areas", Value(static_cast<int64_t>(1 + seed % 3))}};
    State s = e->new_game(seed, seats, options);
    GameLog log;
    log.seed = seed;
    log.seats = seats;
    log.options = options;
    log.start_hash = s.hash();
    std::vector<RandomAgent> agents;
    std::vector<Agent*> ptrs;
    for (int i = 0; i < seats; ++i) agents.emplace_back(derive_seed(seed, static_cast<uint64_t>(i)));
    for (auto& a : agents) ptrs.push_back(&a);
    State playout = s;
    PlayoutResult r = play_out(*e, s, ptrs, 0, [&](const State& st, int seat, const std::string& option) {
      log.choices.push_back({seat, option, st.hash(), st.rng.draws()});
      if (option.find(',') != std::string::npos || option == "-") ++sets;
      State loaded = state_from_json(*e, json::parse(state_to_json(*e, st).dump()));
      EXPECT_EQ(loaded.hash(), st.hash());
      ApplyResult a = e->apply(playout, seat, option, Mode::Playout);
      EXPECT_TRUE(a.ok) << a.error;
      EXPECT_EQ(playout.hash(), st.hash());
    }, Mode::Play);
    ASSERT_FALSE(r.failed) << r.error;
    ASSERT_TRUE(r.finished);
    ReplayReport rep = replay(*e, GameLog::from_json(log.to_json()));
    EXPECT_TRUE(rep.ok) << "seed " << seed << ": " << rep.error;
    EXPECT_EQ(rep.steps, log.choices.size());
  }
  EXPECT_GT(sets, 10);  // the dice are always two, joined by ','
}
