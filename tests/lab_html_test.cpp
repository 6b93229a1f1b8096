// The balance lab's HTML and CSV reports (docs/lab-report.md): sections
// present exactly when their figures are, figures printed as worked out by
// hand, every string from the report escaped, nothing fetched from the
// network, and the same report giving the same bytes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tools/tabula/lab_csv.h"
#include "tools/tabula/lab_html.h"

using nlohmann::json;
using tabula::cli::lab_csv;
using tabula::cli::lab_html;

namespace {

// Two seats of the same kind, with scores: seat 1 won 56.4 % of 100
// games, so the first seat is 6.4 points above the even share of 50 %.
const char* kRun = R"({
  "pack": "duel", "games": 100, "seed": 7, "seats": 2, "finished": 100, "capped": 0, "max_choices": 100000,
  "choices": 2500, "choices_per_game": 25.0, "script_errors": 0, "first_errors": [],
  "results": [{"result": {"winners": [1], "scores": [3, 1]}, "count": 56},
              {"result": {"winners": [2], "scores": [1, 3]}, "count": 44}],
  "lua_calls_per_game": 12.5,
  "choices_per_finished_game": {"games": 100, "mean": 25.0, "sd": 3.0, "min": 20, "max": 31},
  "length": {"choices": {"n": 100, "mean": 25.0, "mean_interval": [24.4, 25.6], "sd": 3.0, "min": 20, "p25": 23,
             "median": 25, "p75": 27, "max": 31,
             "histogram": [{"from": 20, "to": 23, "count": 30}, {"from": 24, "to": 27, "count": 50},
                           {"from": 28, "to": 31, "count": 20}]}},
  "games_with_winners": 100, "games_without_winner": 0, "games_with_scores": 100,
  "per_seat": [
    {"seat": 1, "kind": "greedy", "wins": 56, "shared_wins": 0, "win_share": 0.564,
     "win_share_interval": [0.467, 0.657], "mean_score": 2.14, "decisions": 1300,
     "score": {"n": 100, "mean": 2.14, "mean_interval": [1.89, 2.39], "sd": 1.0, "min": 0, "p25": 1, "median": 2,
               "p75": 3, "max": 4, "histogram": [{"from": 0, "to": 1, "count": 40}, {"from": 2, "to": 4, "count": 60}]}},
    {"seat": 2, "kind": "greedy", "wins": 44, "shared_wins": 0, "win_share": 0.436,
     "win_share_interval": [0.343, 0.534], "mean_score": 1.5, "decisions": 1200,
     "score": {"n": 100, "mean": 1.5, "mean_interval": [1.25, 1.75], "sd": 1.0, "min": 0, "p25": 1, "median": 1,
               "p75": 2, "max": 4, "histogram": [{"from": 0, "to": 1, "count": 55}, {"from": 2, "to": 4, "count": 45}]}}],
  "first_seat": {"win_share": 0.564, "even_share": 0.5, "advantage": 0.064, "advantage_interval": [-0.034, 0.157],
                 "evident": false, "seats_alike": true}
})";

// Winners only, no game finished with scores: no score section.
const char* kWinnersOnly = R"({
  "pack": "connect-four", "games": 10, "seed": 1, "seats": 2, "finished": 10, "capped": 0, "max_choices": 100000,
  "choices": 200, "script_errors": 0, "first_errors": [], "results": [],
  "length": {"choices": {"n": 0}}, "games_with_winners": 10, "games_without_winner": 0, "games_with_scores": 0,
  "per_seat": [{"seat": 1, "kind": "random", "wins": 6, "shared_wins": 0, "win_share": 0.6,
                "win_share_interval": [0.31, 0.83], "mean_score": null, "decisions": 100},
               {"seat": 2, "kind": "mcts", "wins": 4, "shared_wins": 0, "win_share": 0.4,
                "win_share_interval": [0.17, 0.69], "mean_score": null, "decisions": 100}]
})";

json run_with_definitions() {
  json r = json::parse(kRun);
  r["definitions"] = json::parse(R"({"zones": ["hand", "dungeon"], "rows": [
    {"def": "troll", "name": "Troll", "games": 120, "had": 150, "had_win_share": 0.31, "had_interval": [0.24, 0.39],
     "without": 650, "without_win_share": 0.22, "without_interval": [0.19, 0.25], "difference": 0.09},
    {"def": "imp", "name": "Imp", "games": 0, "had": 0, "had_win_share": null,
     "without": 800, "without_win_share": 0.25, "without_interval": [0.22, 0.28], "difference": null}]})");
  return r;
}

json compare_report() {
  json base = json::parse(kRun);
  json wealthy = json::parse(kRun);
  wealthy["per_seat"][0]["win_share"] = 0.614;
  json c = json::parse(R"({"compare": true, "pack": "duel", "games": 100, "seed": 7,
    "configs": [{"name": "base", "packs": ["duel"], "sets": {}, "seats": ["greedy", "greedy"]},
                {"name": "wealthy", "packs": ["duel", "duel-wealthy"], "sets": {"start_gold": 5},
                 "seats": ["greedy", "greedy"]}],
    "differences": [
      {"config": "wealthy", "against": "base", "seat": 1, "metric": "win_share", "value": 0.614, "baseline": 0.564,
       "difference": 0.05, "interval": [0.01, 0.09], "p": 0.012, "p_adjusted": 0.048, "real": true},
      {"config": "wealthy", "against": "base", "seat": 2, "metric": "mean_score", "value": 1.4, "baseline": 1.5,
       "difference": -0.1, "interval": [-0.6, 0.4], "p": 0.7, "p_adjusted": 0.7, "real": false}],
    "method": {"pairing": "same seeds", "test": "paired t", "correction": "holm", "alpha": 0.05},
    "stopped": "budget"})");
  c["runs"] = json::array({base, wealthy});
  return c;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

size_t occurrences(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// Nothing that would make a browser fetch something.
void expect_self_contained(const std::string& html) {
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_TRUE(has(html, "<svg"));
  EXPECT_FALSE(has(html, "http://"));
  EXPECT_FALSE(has(html, "https://"));
  EXPECT_FALSE(has(html, "<link"));
  EXPECT_FALSE(has(html, " src="));
  EXPECT_FALSE(has(html, "@import"));
  EXPECT_TRUE(has(html, "</html>"));
}

TEST(LabHtml, RunReportHasItsSectionsAndFigures) {
  const std::string html = lab_html(json::parse(kRun));
  expect_self_contained(html);
  EXPECT_TRUE(has(html, "<title>duel · balance lab</title>"));
  EXPECT_TRUE(has(html, "seeds 7 to 106"));
  EXPECT_TRUE(has(html, ">Wins</h2>"));
  EXPECT_TRUE(has(html, ">Scores</h2>"));
  EXPECT_TRUE(has(html, ">Game length</h2>"));
  EXPECT_TRUE(has(html, ">Outcomes</h2>"));
  EXPECT_FALSE(has(html, ">Definitions</h2>"));
  EXPECT_FALSE(has(html, "<script"));  // only the definitions table needs one
  // The win shares, in the chart and in the table, with their intervals.
  EXPECT_TRUE(has(html, "56.4 %"));
  EXPECT_TRUE(has(html, "43.6 %"));
  EXPECT_TRUE(has(html, "46.7–65.7"));
  EXPECT_TRUE(has(html, "even share 50.0 %"));
  EXPECT_TRUE(has(html, "<title>Seat 1 · greedy: 56.4 % of the wins, 95 % interval 46.7 to 65.7 %</title>"));
  // Seats alike: the first seat's advantage in words.
  EXPECT_TRUE(has(html, "First seat:</strong> 56.4 % of the wins where an even share is 50.0 %: +6.4 pts"));
  EXPECT_TRUE(has(html, "(95 % interval -3.4 to +15.7), no evident advantage."));
  // Mean scores with two decimals, the length with its mean and median.
  EXPECT_TRUE(has(html, ">2.14<"));
  EXPECT_TRUE(has(html, "1.89 to 2.39"));
  EXPECT_TRUE(has(html, "mean 25.0"));
  EXPECT_TRUE(has(html, "median 25"));
  EXPECT_TRUE(has(html, "winners 1 · scores 3, 1"));
  EXPECT_FALSE(has(html, "script error"));
}

TEST(LabHtml, WinnersOnlyLeavesScoresOut) {
  const std::string html = lab_html(json::parse(kWinnersOnly));
  expect_self_contained(html);
  EXPECT_TRUE(has(html, ">Wins</h2>"));
  EXPECT_FALSE(has(html, ">Scores</h2>"));
  EXPECT_FALSE(has(html, "Mean score"));
  EXPECT_FALSE(has(html, ">Game length</h2>"));  // no game finished with a length
  EXPECT_FALSE(has(html, ">Outcomes</h2>"));
  EXPECT_FALSE(has(html, "First seat:"));
  EXPECT_TRUE(has(html, "60.0 %"));
}

// Timed runs: seconds and each seat's time per decision, in a unit that
// keeps small times readable.
TEST(LabHtml, TimingsInReadableUnits) {
  json r = json::parse(kWinnersOnly);
  r["seconds"] = 0.0126;
  r["games_per_second"] = 793.65;
  r["per_seat"][0]["ms_per_decision"] = 2.5e-05;
  r["per_seat"][0]["ms_longest_decision"] = 0.19;
  r["per_seat"][1]["ms_per_decision"] = 12.34;
  r["per_seat"][1]["ms_longest_decision"] = 80.0;
  const std::string html = lab_html(r);
  EXPECT_TRUE(has(html, "<dd>0.013 s <small>794 games/s</small></dd>"));
  EXPECT_TRUE(has(html, "<td class=\"num\">25 ns</td><td class=\"num\">190.0 µs</td>"));
  EXPECT_TRUE(has(html, "<td class=\"num\">12.3 ms</td><td class=\"num\">80.0 ms</td>"));
  EXPECT_FALSE(has(lab_html(json::parse(kWinnersOnly)), "Time / decision"));
}

// A report missing most keys still renders (a page, not an exception).
TEST(LabHtml, ToleratesMissingKeys) {
  EXPECT_EQ(lab_html(json::object()).rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(lab_html(json::parse(R"({"compare": true, "runs": [{}], "differences": [{}]})")).rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(lab_html(json::array()).rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_TRUE(has(lab_csv(json::object()), "seats\r\n"));
}

TEST(LabHtml, NoWinnersSaysSo) {
  json r = json::parse(kWinnersOnly);
  r["games_with_winners"] = 0;
  for (json& s : r["per_seat"]) {
    s["win_share"] = nullptr;
    s.erase("win_share_interval");
  }
  const std::string html = lab_html(r);
  EXPECT_TRUE(has(html, "No game had a winner."));
  EXPECT_FALSE(has(html, "even share"));
}

TEST(LabHtml, ScriptErrorsAreHighlightedAndListed) {
  json r = json::parse(kRun);
  r["script_errors"] = 2;
  r["first_errors"] = {"game 3 (seed 9): scripts/fight.lua:41: attempt to index a nil value"};
  const std::string html = lab_html(r);
  EXPECT_TRUE(has(html, "<div class=\"fact bad\"><dt>Script errors</dt><dd>2</dd>"));
  EXPECT_TRUE(has(html, "2 games stopped on a script error."));
  EXPECT_TRUE(has(html, "<code>game 3 (seed 9): scripts/fight.lua:41: attempt to index a nil value</code>"));
}

// Packs and reports travel: a hostile pack id, kind, result, error text or
// definition name must come out as text, never as markup.
TEST(LabHtml, EscapesEveryStringFromTheReport) {
  json r = json::parse(kRun);
  r["pack"] = "<script>alert(1)</script>";
  r["setup"] = "a&b";
  r["per_seat"][0]["kind"] = "\"><img onerror='x'>";
  r["results"][0]["result"]["winners"] = {"<script>w</script>"};
  r["script_errors"] = 1;
  r["first_errors"] = {"<script>e</script>"};
  std::string html = lab_html(r);
  EXPECT_FALSE(has(html, "<script"));
  EXPECT_FALSE(has(html, "<img"));
  EXPECT_TRUE(has(html, "<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"));
  EXPECT_TRUE(has(html, "a&amp;b"));
  EXPECT_TRUE(has(html, "&quot;&gt;&lt;img onerror=&#39;x&#39;&gt;"));
  EXPECT_TRUE(has(html, "&lt;script&gt;e&lt;/script&gt;"));

  r["definitions"] = {{"zones", {"<script>z"}},
                      {"rows", {{{"def", "<script>d"}, {"name", "</script><script>n"}, {"games", 1}}}}};
  html = lab_html(r);
  EXPECT_EQ(occurrences(html, "<script"), 1u);  // the page's own sorting script
  EXPECT_EQ(occurrences(html, "</script>"), 1u);
  EXPECT_TRUE(has(html, "&lt;/script&gt;&lt;script&gt;n"));

  json c = compare_report();
  c["pack"] = "<script>p";
  c["configs"][1]["name"] = "<script>c";
  c["configs"][1]["packs"][1] = "<script>l";
  c["configs"][1]["sets"] = {{"<script>k", "<script>v"}};
  c["differences"][0]["config"] = "<script>c";
  c["method"]["test"] = "<script>t";
  html = lab_html(c);
  EXPECT_FALSE(has(html, "<script"));
  EXPECT_TRUE(has(html, "&lt;script&gt;c"));
}

TEST(LabHtml, SameReportSameBytes) {
  const std::string a = lab_html(json::parse(kRun));
  EXPECT_EQ(a, lab_html(json::parse(kRun)));
  EXPECT_EQ(lab_html(compare_report()), lab_html(compare_report()));
  EXPECT_EQ(lab_html(run_with_definitions()), lab_html(run_with_definitions()));
}

TEST(LabHtml, DefinitionsTableSortsAndShowsShares) {
  const std::string html = lab_html(run_with_definitions());
  expect_self_contained(html);
  EXPECT_TRUE(has(html, ">Definitions</h2>"));
  EXPECT_TRUE(has(html, "(in hand, dungeon)"));
  EXPECT_TRUE(has(html, "<table class=\"sortable\">"));
  EXPECT_EQ(occurrences(html, "<script>"), 1u);
  // Numbers right-aligned with the raw value to sort by; shares in percent.
  EXPECT_TRUE(has(html, "<td class=\"num\" data-v=\"0.31\">31.0 %</td>"));
  EXPECT_TRUE(has(html, "<td class=\"num\" data-v=\"150\">150</td>"));
  EXPECT_TRUE(has(html, "24.0–39.0"));
  EXPECT_TRUE(has(html, "+9.0 pts"));
  // A definition no seat had: no share, blank sort key.
  EXPECT_TRUE(has(html, "<td class=\"num\" data-v=\"\">–</td>"));
}

TEST(LabHtml, CompareReportHasConfigurationsDifferencesAndRuns) {
  const std::string html = lab_html(compare_report());
  expect_self_contained(html);
  EXPECT_TRUE(has(html, "comparison of 2 configurations"));
  EXPECT_TRUE(has(html, ">Configurations</h2>"));
  EXPECT_TRUE(has(html, "<code>duel</code> <span class=\"sep\">+</span> <code>duel-wealthy</code>"));
  EXPECT_TRUE(has(html, "<code>start_gold = 5</code>"));
  EXPECT_TRUE(has(html, ">Differences</h2>"));
  EXPECT_TRUE(has(html, "same 100 seeds"));
  EXPECT_TRUE(has(html, "Holm's method"));
  EXPECT_TRUE(has(html, "below 0.05"));
  EXPECT_TRUE(has(html, "budget of games ran out"));
  // The forest plots, one per metric: the real difference highlighted,
  // the other greyed, each with its numbers.
  EXPECT_TRUE(has(html, "aria-label=\"Differences in win share\""));
  EXPECT_TRUE(has(html, "aria-label=\"Differences in mean score\""));
  EXPECT_EQ(occurrences(html, "<g class=\"row faint\">"), 1u);
  EXPECT_TRUE(has(html, "+5.0 pts"));
  EXPECT_TRUE(has(html, "+1.0 to +9.0 pts"));
  EXPECT_TRUE(has(html, "-0.60 to +0.40"));
  EXPECT_TRUE(has(html, "<td class=\"num\">0.048</td>"));
  EXPECT_EQ(occurrences(html, "<span class=\"badge\">real</span>"), 1u);
  // Each configuration's run, compact: no histograms, no outcomes.
  EXPECT_TRUE(has(html, "Configuration <q>base</q>"));
  EXPECT_TRUE(has(html, "Configuration <q>wealthy</q>"));
  EXPECT_TRUE(has(html, "61.4 %"));
  EXPECT_EQ(occurrences(html, ">Wins</h3>"), 2u);
  EXPECT_FALSE(has(html, "Outcomes"));
  EXPECT_FALSE(has(html, "<div class=\"multiples\">"));
}

// ------------------------------------------------------------------ CSV

TEST(LabCsv, RunTablesWithHeadersAndBlankLines) {
  const std::string csv = lab_csv(json::parse(kRun));
  EXPECT_EQ(csv.rfind("run\r\nkey,value\r\npack,duel\r\ngames,100\r\nseed,7\r\n", 0), 0u);
  EXPECT_TRUE(has(csv, "\r\n\r\nseats\r\nseat,kind,base,wins,shared_wins,win_share,win_share_low,win_share_high,"
                       "mean_score,score_low,score_high,decisions\r\n"
                       "1,greedy,,56,0,0.564,0.467,0.657,2.14,1.89,2.39,1300\r\n"));
  EXPECT_TRUE(has(csv, "\r\n\r\nlength\r\nn,mean,mean_low,mean_high,sd,min,p25,median,p75,max\r\n"
                       "100,25,24.4,25.6,3,20,23,25,27,31\r\n"));
  EXPECT_TRUE(has(csv, "\r\n\r\nlength_histogram\r\nfrom,to,count\r\n20,23,30\r\n"));
  EXPECT_TRUE(has(csv, "\r\n\r\nscore_histogram\r\nseat,from,to,count\r\n1,0,1,40\r\n"));
  EXPECT_TRUE(has(csv, "\r\n\r\nfirst_seat\r\n"));
  EXPECT_FALSE(has(csv, "definitions"));
  EXPECT_FALSE(has(csv, "differences"));
  EXPECT_EQ(csv, lab_csv(json::parse(kRun)));
}

// RFC 4180: quoted when holding a comma, quote or line break, quotes doubled.
TEST(LabCsv, QuotesFieldsWithCommasQuotesAndLineBreaks) {
  json r = json::parse(kRun);
  r["per_seat"][0]["kind"] = "mcts(iters=5, \"wide\")";
  r["first_errors"] = {"line one\nline two"};
  const std::string csv = lab_csv(r);
  EXPECT_TRUE(has(csv, "\r\n1,\"mcts(iters=5, \"\"wide\"\")\",,56,"));
  EXPECT_TRUE(has(csv, "errors\r\nerror\r\n\"line one\nline two\"\r\n"));
  // A result is written as JSON, which holds both commas and quotes.
  EXPECT_TRUE(has(csv, "56,\"{\"\"scores\"\":[3,1],\"\"winners\"\":[1]}\"\r\n"));
}

TEST(LabCsv, NumbersReadBackAndNullsAreEmpty) {
  json r = json::parse(kWinnersOnly);
  r["per_seat"][0]["win_share"] = 2.0 / 3.0;
  r["max_choices"] = 1000000;
  const std::string csv = lab_csv(r);
  EXPECT_TRUE(has(csv, "\r\nmax_choices,1000000\r\n"));  // integers exact, not 1e+06
  EXPECT_TRUE(has(csv, "\r\n1,random,,6,0,0.666667,0.31,0.83,,,,100\r\n"));
  EXPECT_TRUE(has(csv, "\r\n2,mcts,,4,0,0.4,0.17,0.69,,,,100\r\n"));
}

TEST(LabCsv, DefinitionsTable) {
  const std::string csv = lab_csv(run_with_definitions());
  EXPECT_TRUE(has(csv, "\r\n\r\ndefinitions\r\ndef,name,games,had,had_win_share,had_low,had_high,without,"
                       "without_win_share,without_low,without_high,difference\r\n"
                       "troll,Troll,120,150,0.31,0.24,0.39,650,0.22,0.19,0.25,0.09\r\n"
                       "imp,Imp,0,0,,,,800,0.25,0.22,0.28,\r\n"));
}

TEST(LabCsv, CompareTablesNameTheirConfiguration) {
  const std::string csv = lab_csv(compare_report());
  EXPECT_EQ(csv.rfind("compare\r\nkey,value\r\npack,duel\r\n", 0), 0u);
  EXPECT_TRUE(has(csv, "\r\nalpha,0.05\r\ncorrection,holm\r\npairing,same seeds\r\ntest,paired t\r\n"));
  EXPECT_TRUE(has(csv, "configs\r\nconfig,packs,sets,seats\r\nbase,duel,{},\"greedy,greedy\"\r\n"
                       "wealthy,duel + duel-wealthy,\"{\"\"start_gold\"\":5}\",\"greedy,greedy\"\r\n"));
  EXPECT_TRUE(has(csv, "differences\r\nconfig,against,seat,metric,value,baseline,difference,low,high,p,p_adjusted,real\r\n"
                       "wealthy,base,1,win_share,0.614,0.564,0.05,0.01,0.09,0.012,0.048,true\r\n"
                       "wealthy,base,2,mean_score,1.4,1.5,-0.1,-0.6,0.4,0.7,0.7,false\r\n"));
  EXPECT_TRUE(has(csv, "seats\r\nconfig,seat,kind,"));
  EXPECT_TRUE(has(csv, "\r\nbase,1,greedy,,56,0,0.564,"));
  EXPECT_TRUE(has(csv, "\r\nwealthy,1,greedy,,56,0,0.614,"));
}

}  // namespace
