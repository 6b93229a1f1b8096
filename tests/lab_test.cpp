// The balance lab's figures (docs/lab.md): intervals checked against
// values worked out by hand, and `tabula run` with --jobs, --shard and
// `tabula merge` giving exactly the figures of one plain run.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/tool_run.h"
#include "tools/tabula/lab_stats.h"

namespace fs = std::filesystem;
using namespace tabula::testing_support;
using nlohmann::json;
using tabula::cli::Counts;

namespace {

// Wilson's interval, from the closed form: 71 of 100 is 61.5-79.0 %,
// 0 of 15 is 0-20.4 %, 15 of 15 is 79.6-100 %.
TEST(LabStats, WilsonIntervals) {
  auto w = tabula::cli::wilson(71, 100);
  EXPECT_NEAR(w.low, 0.6146, 5e-4);
  EXPECT_NEAR(w.high, 0.7899, 5e-4);
  w = tabula::cli::wilson(0, 15);
  EXPECT_EQ(w.low, 0.0);
  EXPECT_NEAR(w.high, 0.2039, 5e-4);
  w = tabula::cli::wilson(15, 15);
  EXPECT_NEAR(w.low, 0.7961, 5e-4);
  EXPECT_EQ(w.high, 1.0);
  w = tabula::cli::wilson(0, 0);  // nothing known
  EXPECT_EQ(w.low, 0.0);
  EXPECT_EQ(w.high, 1.0);
}

// Scores 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample sd sqrt(32/7), the mean's
// interval 5 +- t(7) * sd / sqrt(8) with t(7) = 2.365; nearest-rank
// quartiles 4, 4 and 5.
TEST(LabStats, SummaryOfCounts) {
  const Counts c = {{2, 1}, {4, 3}, {5, 2}, {7, 1}, {9, 1}};
  const auto s = tabula::cli::summarise(c);
  EXPECT_EQ(s.n, 8u);
  EXPECT_DOUBLE_EQ(s.mean, 5.0);
  EXPECT_NEAR(s.sd, std::sqrt(32.0 / 7.0), 1e-12);
  const double half = 2.365 * std::sqrt(32.0 / 7.0) / std::sqrt(8.0);
  EXPECT_NEAR(s.mean_interval.low, 5 - half, 1e-9);
  EXPECT_NEAR(s.mean_interval.high, 5 + half, 1e-9);
  EXPECT_EQ(s.min, 2);
  EXPECT_EQ(s.p25, 4);
  EXPECT_EQ(s.median, 4);
  EXPECT_EQ(s.p75, 5);
  EXPECT_EQ(s.max, 9);
  // Eight values from 2 to 9 in 4 bins of width 2.
  const json h = tabula::cli::histogram(c, 4);
  EXPECT_EQ(h, json::parse(R"([{"from":2,"to":3,"count":1},{"from":4,"to":5,"count":5},
                                {"from":6,"to":7,"count":1},{"from":8,"to":9,"count":1}])"));
  EXPECT_EQ(tabula::cli::summarise({}).n, 0u);
  EXPECT_NEAR(tabula::cli::t95(1000), 1.962, 2e-3);
}

class Lab : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("tabula-lab-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string at(const std::string& name) const { return quote((dir_ / name).string()); }
  // What the tool prints on stdout: the progress line on stderr (every ten
  // seconds when stderr is no terminal, as in a slow sanitizer build) must
  // not mix into the figures compared or parsed.
  Output tabula(const std::string& args) const {
    return run_shell("cd " + quote(TABULA_SOURCE_DIR) + " && ( " + quote(tabula_tool()) + " " + args + " 2>/dev/null )");
  }
  // Stdout and stderr together, for the errors the tool says.
  Output said(const std::string& args) const {
    return run_shell("cd " + quote(TABULA_SOURCE_DIR) + " && " + quote(tabula_tool()) + " " + args);
  }
  fs::path dir_;
};

// The same seeds played by one process, by two, or in three shards merged
// print the same bytes (with the clock's figures left out).
TEST_F(Lab, JobsAndShardsGiveTheFiguresOfOneRun) {
  const std::string study = "run connect-four --games 60 --seed 7 --seats mcts:iterations=10,random";
  Output one = tabula(study + " --json --no-timing");
  ASSERT_EQ(one.code, 0) << one.text;
  const json j = json::parse(one.text);
  EXPECT_EQ(j["games"], 60);
  EXPECT_FALSE(j.contains("seconds"));
  EXPECT_FALSE(j["per_seat"][0].contains("ms_per_decision"));
  Output two = tabula(study + " --json --no-timing --jobs 2");
  EXPECT_EQ(two.text, one.text);
  for (int i = 1; i <= 3; ++i) {
    Output s = tabula(study + " --shard " + std::to_string(i) + "/3 --out " + at("s" + std::to_string(i) + ".json"));
    ASSERT_EQ(s.code, 0) << s.text;
    EXPECT_NE(s.text.find("shard " + std::to_string(i) + "/3: games " + std::to_string(20 * i - 19) + ".." +
                          std::to_string(20 * i)),
              std::string::npos)
        << s.text;
  }
  Output merged = tabula("merge " + at("s3.json") + " " + at("s1.json") + " " + at("s2.json") + " --json --no-timing");
  EXPECT_EQ(merged.code, 0);
  EXPECT_EQ(merged.text, one.text);
  // The text summary too.
  Output text = tabula(study + " --no-timing");
  Output merged_text = tabula("merge " + at("s1.json") + " " + at("s2.json") + " " + at("s3.json") + " --no-timing");
  EXPECT_EQ(merged_text.text, text.text);
  // Seats of different kinds: no first-seat line (their skill differs).
  EXPECT_EQ(text.text.find("first seat: "), std::string::npos) << text.text;
  EXPECT_FALSE(j["first_seat"]["seats_alike"].get<bool>());
}

// Random seats in Connect Four, 1000 games: the first seat wins 56.4 %
// (53.3 to 59.4), so its advantage over an even 50 % is evident.
TEST_F(Lab, FirstSeatAdvantageWhenSeatsPlayAlike) {
  Output o = tabula("run connect-four --games 1000 --seed 1 --no-timing");
  ASSERT_EQ(o.code, 0) << o.text;
  EXPECT_NE(o.text.find("     1       564         0   56.4 % (53.3 to 59.4)     random"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("first seat: 56.4 % of the wins where an even share is 50.0 %: +6.4 points "
                        "(95 % interval +3.3 to +9.4), a real difference"),
            std::string::npos)
      << o.text;
  Output few = tabula("run connect-four --games 20 --seed 1 --no-timing");
  EXPECT_NE(few.text.find("no evident difference"), std::string::npos) << few.text;
}

// Script errors found by workers are reported as one process reports them:
// the first five by game, then the count.
TEST_F(Lab, WorkersReportScriptErrorsInGameOrder) {
  fs::copy(fs::path(TABULA_SOURCE_DIR) / "tests/packs/duel", dir_ / "duel", fs::copy_options::recursive);
  {
    std::ofstream f(dir_ / "duel/cards/knight.lua");
    f << "return { modify = { damage = function(ctx) error('knight is broken') end } }\n";
  }
  Output one = tabula("run " + at("duel") + " --games 9 --seed 3 --no-timing");
  Output two = tabula("run " + at("duel") + " --games 9 --seed 3 --no-timing --jobs 3");
  EXPECT_EQ(one.code, 1);
  EXPECT_NE(one.text.find("game 5 (seed 7)"), std::string::npos) << one.text;
  EXPECT_NE(one.text.find("... and 4 more"), std::string::npos) << one.text;
  EXPECT_EQ(two.code, one.code);
  EXPECT_EQ(two.text, one.text);
}

TEST_F(Lab, MergeRefusesShardsThatDoNotMakeOneRun) {
  const std::string study = "run connect-four --games 10 --seed 1";
  ASSERT_EQ(tabula(study + " --shard 1/2 --out " + at("a1.json")).code, 0);
  ASSERT_EQ(tabula(study + " --shard 2/2 --out " + at("a2.json")).code, 0);
  ASSERT_EQ(tabula("run connect-four --games 10 --seed 2 --shard 2/2 --out " + at("b2.json")).code, 0);
  ASSERT_EQ(tabula(study + " --seats greedy,random --shard 2/2 --out " + at("c2.json")).code, 0);

  Output missing = said("merge " + at("a1.json"));
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.text.find("shard 2 of 2 missing"), std::string::npos) << missing.text;
  Output twice = said("merge " + at("a1.json") + " " + at("a1.json"));
  EXPECT_NE(twice.text.find("shard 1 again"), std::string::npos) << twice.text;
  Output seeds = said("merge " + at("a1.json") + " " + at("b2.json"));
  EXPECT_NE(seeds.text.find("shards of different runs: the games differ"), std::string::npos) << seeds.text;
  Output kinds = said("merge " + at("a1.json") + " " + at("c2.json"));
  EXPECT_NE(kinds.text.find("seat 1's kind differs"), std::string::npos) << kinds.text;
  {
    std::ofstream f(dir_ / "junk.json");
    f << "{\"format\": \"tabula-run-shard\", \"version\": 1, \"run\": 3}";
  }
  Output junk = said("merge " + at("junk.json"));
  EXPECT_EQ(junk.code, 1);
  EXPECT_NE(junk.text.find("junk.json: "), std::string::npos) << junk.text;
  Output bad = said(study + " --shard 3/2 --out " + at("x.json"));
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.text.find("--shard 3/2: expected I/N"), std::string::npos) << bad.text;
  EXPECT_FALSE(fs::exists(dir_ / "x.json"));
}

}  // namespace

namespace {

// --set changes a [params] value for one run, as a layer would; mistakes
// are named with the closest param or key.
TEST_F(Lab, SetOverridesAParam) {
  const std::string base = "run dungeon-lords --games 20 --seed 1 --seats greedy,greedy --json --no-timing";
  const json plain = json::parse(tabula(base).text);
  Output rich = tabula(base + " --set start_gold=9");
  ASSERT_EQ(rich.code, 0) << rich.text;
  const json j = json::parse(rich.text);
  EXPECT_EQ(j["sets"], json::array({"start_gold=9"}));
  EXPECT_NE(j["per_seat"][0]["score"], plain["per_seat"][0]["score"]);  // richer lords play otherwise
  Output dotted = tabula("run dorn --games 1 --max-choices 5 --set ai_rating.hero=400");
  EXPECT_EQ(dotted.code, 0) << dotted.text;
  EXPECT_NE(dotted.text.find("set ai_rating.hero=400"), std::string::npos) << dotted.text;

  Output typo = said("run dungeon-lords --games 1 --set start_gld=9");
  EXPECT_EQ(typo.code, 2);
  EXPECT_NE(typo.text.find("no param 'start_gld' (did you mean 'start_gold'?)"), std::string::npos) << typo.text;
  Output kind = said("run dungeon-lords --games 1 --set start_gold=[1]");
  EXPECT_NE(kind.text.find("param 'start_gold' holds integer, not list"), std::string::npos) << kind.text;
  Output key = said("run dorn --games 1 --set ai_rating.hro=1");
  EXPECT_NE(key.text.find("has no key 'hro' (did you mean 'hero'?)"), std::string::npos) << key.text;
  Output logs = said("run dungeon-lords --games 1 --set start_gold=9 --log-dir " + at("logs"));
  EXPECT_EQ(logs.code, 2);
  EXPECT_NE(logs.text.find("--log-dir with --set"), std::string::npos) << logs.text;

  ASSERT_EQ(tabula("run connect-four --games 4 --shard 1/2 --out " + at("p1.json")).code, 0);
  ASSERT_EQ(tabula("run dungeon-lords --games 4 --seats random,random --shard 2/2 --out " + at("p2.json")).code, 0);
  Output mixed = said("merge " + at("p1.json") + " " + at("p2.json"));
  EXPECT_NE(mixed.text.find("the packs differ"), std::string::npos) << mixed.text;
}

}  // namespace

namespace {

// Student's t: P(|T| >= 2) with 10 degrees of freedom is 0.0734 (tables);
// with many, t = 1.96 gives 0.05. Holm: 0.01, 0.04, 0.03 of three tests
// become 0.03, 0.06, 0.06.
TEST(LabStats, PValuesAndHolm) {
  EXPECT_NEAR(tabula::cli::t_p_value(2.0, 10), 0.0734, 5e-4);
  EXPECT_NEAR(tabula::cli::t_p_value(-2.0, 10), 0.0734, 5e-4);
  EXPECT_NEAR(tabula::cli::t_p_value(1.959964, 1000000), 0.05, 1e-4);
  EXPECT_NEAR(tabula::cli::t_p_value(12.706, 1), 0.05, 1e-4);
  EXPECT_DOUBLE_EQ(tabula::cli::t_p_value(0, 5), 1.0);
  const auto h = tabula::cli::holm({0.01, 0.04, 0.03});
  EXPECT_NEAR(h[0], 0.03, 1e-12);
  EXPECT_NEAR(h[1], 0.06, 1e-12);
  EXPECT_NEAR(h[2], 0.06, 1e-12);
  // Differences 1, 2, 3, 4: mean 2.5, sd 1.291, t = 3.873 on 3 df, p 0.0305.
  const auto p = tabula::cli::paired({1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(p.mean, 2.5);
  EXPECT_NEAR(p.p, 0.0305, 5e-4);
  EXPECT_NEAR(p.interval.low, 2.5 - 3.182 * 1.2910 / 2, 1e-3);
}

// A search seat against random is a real difference; the same seats on
// the same seeds play the very same games, so their difference is exactly
// nothing (the pairing at work), never flagged.
TEST_F(Lab, CompareFlagsOnlyRealDifferences) {
  Output o = tabula("compare connect-four --config 'name=searching seats=mcts:iterations=30,random' "
                    "--config 'name=same seats=random,random' --games 60 --json --no-timing");
  ASSERT_EQ(o.code, 0) << o.text;
  const json j = json::parse(o.text);
  EXPECT_EQ(j["games"], 60);
  ASSERT_EQ(j["configs"].size(), 3u);
  EXPECT_EQ(j["configs"][1]["name"], "searching");
  EXPECT_EQ(j["configs"][1]["seats"], json::array({"mcts:iterations=30", "random"}));
  ASSERT_EQ(j["runs"].size(), 3u);
  EXPECT_EQ(j["runs"][2], j["runs"][0]);  // the same games
  ASSERT_EQ(j["differences"].size(), 4u);  // 2 configurations x 2 seats, win share only
  for (const auto& d : j["differences"]) {
    EXPECT_EQ(d["metric"], "win_share");
    if (d["config"] == "searching") {
      EXPECT_TRUE(d["real"].get<bool>()) << d;
      EXPECT_LT(d["p_adjusted"].get<double>(), 0.001);
      EXPECT_GT(std::abs(d["difference"].get<double>()), 0.3);
    } else {
      EXPECT_FALSE(d["real"].get<bool>()) << d;
      EXPECT_EQ(d["difference"], 0.0);
      EXPECT_EQ(d["p"], 1.0);
    }
  }
  Output text = tabula("compare connect-four --config 'name=searching seats=mcts:iterations=30,random' --games 60 --no-timing");
  EXPECT_NE(text.text.find("  searching         1  win share   +"), std::string::npos) << text.text;
  EXPECT_NE(text.text.find("<0.001  real"), std::string::npos) << text.text;
}

// --until-decided looks after each batch and stops once every interval is
// narrow enough; a tight precision runs the whole budget.
TEST_F(Lab, CompareUntilDecided) {
  Output loose = tabula("compare connect-four --config 'seats=mcts:iterations=30,random' --games 200 --batch 20 "
                        "--until-decided --precision 0.25 --json --no-timing");
  ASSERT_EQ(loose.code, 0) << loose.text;
  json j = json::parse(loose.text);
  EXPECT_EQ(j["stopped"], "decided");
  EXPECT_LT(j["games"].get<int>(), 200);
  EXPECT_EQ(j["games"].get<int>() % 20, 0);
  Output tight = tabula("compare connect-four --config 'seats=mcts:iterations=30,random' --games 40 --batch 20 "
                        "--until-decided --precision 0.01 --json --no-timing");
  j = json::parse(tight.text);
  EXPECT_EQ(j["stopped"], "budget");
  EXPECT_EQ(j["games"], 40);
  Output none = said("compare connect-four --games 5");
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.text.find("compare needs two configurations"), std::string::npos) << none.text;
}

}  // namespace

namespace {

// tests/packs/holdings: each seat draws gold or lead into its hand; gold
// wins. The definitions table says so exactly: gold's holders win every
// game not shared, lead's never; the crown on the shared table counts only
// when a layer names the table as owned.
TEST_F(Lab, PerDefinitionStatistics) {
  Output o = tabula("run tests/packs/holdings --games 200 --seed 1 --json --no-timing");
  ASSERT_EQ(o.code, 0) << o.text;
  const json j = json::parse(o.text);
  const json& d = j["definitions"];
  EXPECT_EQ(d["zones"], json::array({"hand"}));
  std::map<std::string, json> rows;
  for (const auto& r : d["rows"]) rows[r["def"].get<std::string>()] = r;
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows["gold"]["had"].get<int>() + rows["lead"]["had"].get<int>(), 400);  // one card per seat and game
  EXPECT_EQ(rows["gold"]["without_win_share"], 0.0);
  EXPECT_EQ(rows["lead"]["had_win_share"], 0.0);
  // Gold's holders share every win: their credit is all the games with a winner.
  const double credit = rows["gold"]["had_win_share"].get<double>() * rows["gold"]["had"].get<double>();
  EXPECT_NEAR(credit, 200 - j["games_without_winner"].get<double>(), 1e-9);
  EXPECT_EQ(rows["gold"]["games"], 200 - j["games_without_winner"].get<int>());
  EXPECT_EQ(rows["crown"]["appeared"], 200);
  EXPECT_EQ(rows["crown"]["had"], 0);
  EXPECT_FALSE(rows["crown"].contains("difference"));

  // Workers count definitions as one process does.
  EXPECT_EQ(tabula("run tests/packs/holdings --games 200 --seed 1 --json --no-timing --jobs 3").text, o.text);
  Output t = tabula("run tests/packs/holdings --games 200 --seed 1 --no-timing");
  EXPECT_NE(t.text.find("definitions held (in hand): the 2 of 2"), std::string::npos) << t.text;
  EXPECT_NE(t.text.find("  Gold  "), std::string::npos) << t.text;

  fs::create_directories(dir_ / "table");
  {
    std::ofstream f(dir_ / "table" / "pack.toml");
    f << "[pack]\nid = \"table\"\npatches = \"holdings\"\nowned_zones = [\"table\"]\n";
  }
  Output table = tabula("run tests/packs/holdings --with " + at("table") + " --packs tests/packs --games 200 --seed 1 --json --no-timing");
  ASSERT_EQ(table.code, 0) << table.text;
  const json k = json::parse(table.text);
  EXPECT_EQ(k["definitions"]["zones"], json::array({"table"}));
  for (const auto& r : k["definitions"]["rows"])
    if (r["def"] == "crown") {
      EXPECT_EQ(r["had"], 200);  // seat 1's, every game
      EXPECT_NEAR(r["had_win_share"].get<double>(), k["per_seat"][0]["win_share"].get<double>(), 1e-12);
    } else {
      EXPECT_EQ(r["had"], 0) << r;
    }
  {
    std::ofstream f(dir_ / "table" / "pack.toml");
    f << "[pack]\nid = \"table\"\npatches = \"holdings\"\nowned_zones = [\"tabel\"]\n";
  }
  Output bad = said("check " + at("table") + " --packs tests/packs");
  EXPECT_NE(bad.code, 0);
  EXPECT_NE(bad.text.find("no zone 'tabel' (did you mean 'table'?)"), std::string::npos) << bad.text;
  EXPECT_NE(bad.text.find("pack.toml:4"), std::string::npos) << bad.text;
}

// A search plays games of its own on the engine while it thinks; the log of
// the real game must not take their chance events in (it would not replay).
TEST_F(Lab, LogsOfSearchingSeatsReplay) {
  Output o = tabula("run dungeon-lords --games 1 --seats mcts:iterations=5:depth=5,random --log-dir " + at("logs"));
  ASSERT_EQ(o.code, 0) << o.text;
  Output r = tabula("replay " + at("logs/game-1.json"));
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_NE(r.text.find("OK"), std::string::npos) << r.text;
}

}  // namespace

namespace {

// More gold to start with scores more in Dungeon Lords: the search over
// start_gold ranks 7 first, and says how the best two compare.
TEST_F(Lab, TuneRanksTheValues) {
  Output o = tabula("tune dungeon-lords --param start_gold=1,7 --target max:score:1 --seats greedy,greedy --games 40 --json");
  ASSERT_EQ(o.code, 0) << o.text;
  const json j = json::parse(o.text);
  EXPECT_EQ(j["candidates"], 2);
  ASSERT_EQ(j["ranking"].size(), 2u);
  EXPECT_EQ(j["ranking"][0]["sets"]["start_gold"], 7);
  EXPECT_EQ(j["ranking"][0]["games"], 40);
  EXPECT_GT(j["ranking"][0]["value"].get<double>(), j["ranking"][1]["value"].get<double>());
  EXPECT_TRUE(j.contains("best_against_second"));
  EXPECT_GT(j["best_against_second"]["nearer"].get<double>(), 0);
  // Four candidates: halved after the first round.
  Output four = tabula("tune dungeon-lords --param start_gold=1,3 --param start_food=1,5 --target score:1=0 "
                       "--seats greedy,greedy --games 20 --json");
  ASSERT_EQ(four.code, 0) << four.text;
  const json k = json::parse(four.text);
  EXPECT_EQ(k["rounds"][0]["candidates"], 4);
  EXPECT_EQ(k["rounds"][0]["kept"], 2);
  EXPECT_EQ(k["rounds"][1]["games"], 20);
  EXPECT_TRUE(k["ranking"][0].contains("off_target"));

  Output bad = said("tune dungeon-lords --param start_gold=1,7 --target win:3=0.5 --games 4");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.text.find("seat 3 of 2"), std::string::npos) << bad.text;
  Output word = said("tune dungeon-lords --param start_gold=1,7 --target wins:1=0.5 --games 4");
  EXPECT_NE(word.text.find("'wins:1' is not win:N, score:N or length"), std::string::npos) << word.text;
}

}  // namespace

namespace {

// [pack] rounds: Prophecy counts its rounds, and run reports them for every
// finished game.
TEST_F(Lab, RoundsWhereThePackSays) {
  Output o = tabula("run prophecy --games 4 --seed 2 --json --no-timing");
  ASSERT_EQ(o.code, 0) << o.text;
  const json j = json::parse(o.text);
  ASSERT_TRUE(j["length"].contains("rounds")) << o.text;
  EXPECT_EQ(j["length"]["rounds"]["n"], j["finished"]);
  EXPECT_GE(j["length"]["rounds"]["min"].get<int>(), 1);
  Output c = tabula("run connect-four --games 4 --json --no-timing");
  EXPECT_FALSE(json::parse(c.text)["length"].contains("rounds"));  // it names no such function
}

}  // namespace
