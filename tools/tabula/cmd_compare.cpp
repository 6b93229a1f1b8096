// tabula compare: two or more configurations of a pack (layers, --set
// overrides, seat kinds) played on the same seeds, and what differs between
// them, with the doubt that remains. Game i of every configuration starts
// from seed S+i-1, so the configurations share their luck as far as their
// rules let them (common random numbers), and each difference is judged on
// the pairs of games (a paired t test), its p-value adjusted for the number
// of differences looked at (Holm). With --until-decided the games come in
// batches until every interval is narrow enough or the budget is spent.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/pack/text.h"
#include "tools/tabula/common.h"
#include "tools/tabula/lab_configs.h"
#include "tools/tabula/lab_stats.h"
#include "tools/tabula/run_games.h"
#include "tools/tabula/run_report.h"
#include "tools/tabula/run_tally.h"
#include "tools/tabula/seat_kinds.h"

namespace tabula::cli {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Difference {
  size_t config = 0;
  int seat = 0;
  std::string metric;  // "win_share" or "mean_score"
  double value = 0, baseline = 0;
  Paired test;
  double p_adjusted = 1;
  double spread = 0;  // the baseline's sd, the unit of --precision for scores
};

std::vector<Difference> differences(const std::vector<Config>& cs, uint64_t played) {
  std::vector<Difference> out;
  const Config& base = cs[0];
  const int seats = base.header.seats;
  for (size_t c = 1; c < cs.size(); ++c) {
    if (cs[c].header.seats != seats) continue;
    for (int s = 0; s < seats; ++s) {
      for (const char* metric : {"win_share", "mean_score"}) {
        const bool wins = std::string(metric) == "win_share";
        std::vector<double> d;
        double sum_c = 0, sum_b = 0;
        Counts spread;
        for (uint64_t i = 0; i < played; ++i) {
          const GameFigures& x = cs[c].games[i];
          const GameFigures& y = base.games[i];
          if (wins ? !(x.won && y.won) : !(x.scored && y.scored)) continue;
          const double xv = wins ? x.credit[static_cast<size_t>(s)] : static_cast<double>(x.scores[static_cast<size_t>(s)]);
          const double yv = wins ? y.credit[static_cast<size_t>(s)] : static_cast<double>(y.scores[static_cast<size_t>(s)]);
          d.push_back(xv - yv);
          sum_c += xv;
          sum_b += yv;
          if (!wins) ++spread[y.scores[static_cast<size_t>(s)]];
        }
        if (d.empty()) continue;
        Difference f;
        f.config = c;
        f.seat = s + 1;
        f.metric = metric;
        f.value = sum_c / static_cast<double>(d.size());
        f.baseline = sum_b / static_cast<double>(d.size());
        f.test = paired(d);
        f.spread = wins ? 1.0 : summarise(spread).sd;
        out.push_back(f);
      }
    }
  }
  std::vector<double> p;
  for (const auto& f : out) p.push_back(f.test.p);
  const std::vector<double> adjusted = holm(p);
  for (size_t i = 0; i < out.size(); ++i) out[i].p_adjusted = adjusted[i];
  return out;
}

// Narrow enough: a win share's half-interval at most `precision` (a
// fraction), a score's at most `precision` of the baseline's sd.
bool decided(const Difference& f, double precision) {
  if (f.test.n < 2) return false;
  const double half = (f.test.interval.high - f.test.interval.low) / 2;
  return half <= precision * (f.metric == "win_share" ? 1.0 : std::max(f.spread, 1.0));
}

std::string p_text(double p) {
  if (p < 0.001) return "<0.001";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.3f", p);
  return buf;
}

std::string config_line(const Config& c) {
  std::string s;
  for (const auto& p : c.header.packs) s += (s.empty() ? "" : " + ") + p;
  for (const auto& x : c.header.sets) s += ", set " + x;
  s += ", seats ";
  for (size_t i = 0; i < c.header.labels.size(); ++i) s += (i ? "," : "") + c.header.labels[i].kind;
  return s;
}

}  // namespace

int cmd_compare(const CompareArgs& a) {
  if (a.precision <= 0 || a.precision > 1) throw UsageError("--precision is a fraction above 0 and at most 1 (0.02: two points of win share)");
  if (a.alpha <= 0 || a.alpha >= 1) throw UsageError("--alpha is a level between 0 and 1 (0.05)");
  probe_reports(a.report, a.csv);
  std::vector<Config> cs;
  if (!a.no_base) cs.emplace_back().spec.name = "base";
  for (const auto& w : a.with) cs.emplace_back().spec.with = {w};
  for (const auto& s : a.sets) cs.emplace_back().spec.sets = {s};
  for (const auto& text : a.configs) cs.emplace_back().spec = parse_config(text);
  if (cs.size() < 2)
    throw UsageError("compare needs two configurations at least: the pack itself and --with LAYER, --set NAME=VALUE or --config SPEC "
                     "(or two of them with --no-base)");
  const StudyArgs study{a.pack, a.base_with, a.seed, a.setup, a.seats, a.max_choices};
  for (auto& c : cs) {
    if (c.spec.name.empty()) c.spec.name = default_name(c.spec);
    open_config(c, study);
  }
  for (size_t i = 0; i < cs.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (cs[i].spec.name == cs[j].spec.name) cs[i].spec.name += " (" + std::to_string(i + 1) + ")";
  const int seats = cs[0].header.seats;
  for (const auto& c : cs)
    if (c.header.seats != seats)
      throw CliError("configuration '" + printable(c.spec.name) + "' has " + std::to_string(c.header.seats) + " seats, '" +
                     printable(cs[0].spec.name) + "' " + std::to_string(seats) + ": compare seats with seats (--seats)");

  const uint64_t batch = a.until_decided ? std::max<uint64_t>(a.batch, 2) : a.games;
  Progress progress(a.games * cs.size());
  uint64_t played = 0;
  std::string stopped = "budget";
  std::vector<Difference> diffs;
  while (played < a.games) {
    const uint64_t upto = std::min(a.games, played + batch);
    for (auto& c : cs) play_batch(c, played, upto, a.jobs, progress);
    played = upto;
    diffs = differences(cs, played);
    if (a.until_decided && !diffs.empty() &&
        std::all_of(diffs.begin(), diffs.end(), [&](const Difference& f) { return decided(f, a.precision); })) {
      stopped = "decided";
      break;
    }
  }
  progress.finish();
  for (auto& c : cs) c.header.games = played;

  uint64_t errors = 0;
  for (const auto& c : cs) errors += c.tally->errors();
  const bool timing = !a.no_timing;
  json out = {{"compare", true}, {"pack", cs[0].header.pack}, {"games", played}, {"seed", a.seed}, {"seats", seats},
              {"method", {{"pairing", "same seeds"}, {"test", "paired t"}, {"correction", "holm"}, {"alpha", a.alpha}}}};
  if (a.until_decided) out["stopped"] = stopped, out["precision"] = a.precision, out["budget"] = a.games;
  json configs = json::array(), runs = json::array();
  for (const auto& c : cs) {
    const json sets = c.header.sets_json();
    json kinds = json::array();
    for (const auto& l : c.header.labels) kinds.push_back(l.kind);
    configs.push_back({{"name", c.spec.name}, {"packs", c.header.packs}, {"sets", sets}, {"seats", kinds}});
    runs.push_back(report_json(c.header, *c.tally, timing ? c.seconds : -1));
  }
  out["configs"] = configs;
  out["runs"] = runs;
  json ds = json::array();
  for (const auto& f : diffs)
    ds.push_back({{"config", cs[f.config].spec.name}, {"against", cs[0].spec.name}, {"seat", f.seat}, {"metric", f.metric},
                  {"value", f.value}, {"baseline", f.baseline}, {"difference", f.test.mean}, {"pairs", f.test.n},
                  {"interval", {f.test.interval.low, f.test.interval.high}}, {"p", f.test.p}, {"p_adjusted", f.p_adjusted},
                  {"real", f.p_adjusted < a.alpha}});
  out["differences"] = ds;
  write_reports(out, a.report, a.csv);

  if (a.json) {
    std::cout << dump_report(out, 2) << "\n";
    return errors ? 1 : 0;
  }
  std::printf("compare %s: %llu games per configuration (seeds %llu..%llu, the same in each), %d seat%s\n",
              printable(cs[0].header.pack).c_str(), static_cast<unsigned long long>(played),
              static_cast<unsigned long long>(a.seed), static_cast<unsigned long long>(a.seed + (played ? played - 1 : 0)), seats,
              seats == 1 ? "" : "s");
  int width = 13;  // "configuration"
  for (const auto& c : cs) width = std::max(width, static_cast<int>(printable(c.spec.name).size()));
  width = std::min(width, 40);
  for (size_t i = 0; i < cs.size(); ++i)
    std::printf("  %zu %-*s  %s\n", i + 1, width, printable(cs[i].spec.name).c_str(), printable(config_line(cs[i])).c_str());
  for (const auto& c : cs)
    if (c.tally->errors() || c.tally->capped())
      std::printf("  %s: %llu games stopped by a script error, %llu at the cap\n", printable(c.spec.name).c_str(),
                  static_cast<unsigned long long>(c.tally->errors()), static_cast<unsigned long long>(c.tally->capped()));
  for (const char* metric : {"win_share", "mean_score"}) {
    const bool wins = std::string(metric) == "win_share";
    bool any = false;
    for (const auto& c : cs) any = any || (wins ? c.tally->with_winners() : c.tally->with_scores()) > 0;
    if (!any) continue;
    std::printf("%s (95 %% interval):\n  seat", wins ? "win share" : "mean score");
    for (const auto& c : cs) std::printf("  %-24s", printable(c.spec.name).substr(0, 24).c_str());  // a column of figures
    std::printf("\n");
    for (int s = 0; s < seats; ++s) {
      std::printf("  %4d", s + 1);
      for (const auto& c : cs) {
        char buf[64] = "-";
        const RunTally& t = *c.tally;
        if (wins && t.with_winners()) {
          const double n = static_cast<double>(t.with_winners()), k = t.seat(static_cast<size_t>(s)).credit();
          const Interval w = wilson(k, n);
          std::snprintf(buf, sizeof buf, "%.1f %% (%.1f to %.1f)", 100 * k / n, 100 * w.low, 100 * w.high);
        } else if (!wins && t.with_scores()) {
          const Summary m = summarise(t.seat(static_cast<size_t>(s)).scores);
          std::snprintf(buf, sizeof buf, "%.2f (%.2f to %.2f)", m.mean, m.mean_interval.low, m.mean_interval.high);
        }
        std::printf("  %-24s", buf);
      }
      std::printf("\n");
    }
  }
  std::printf("differences against %s, paired on the seeds (p adjusted by Holm's method for %zu tests; real: adjusted p < %g):\n",
              printable(cs[0].spec.name).c_str(), diffs.size(), a.alpha);
  if (diffs.empty()) std::printf("  (none: the games state neither winners nor scores)\n");
  else std::printf("  %-*s  seat  %-10s  %-32s  %7s  %8s\n", width, "configuration", "figure", "difference (95 % interval)", "p", "adjusted");
  for (const auto& f : diffs) {
    char buf[96];
    if (f.metric == "win_share")
      std::snprintf(buf, sizeof buf, "%+.1f points (%+.1f to %+.1f)", 100 * f.test.mean, 100 * f.test.interval.low, 100 * f.test.interval.high);
    else
      std::snprintf(buf, sizeof buf, "%+.2f (%+.2f to %+.2f)", f.test.mean, f.test.interval.low, f.test.interval.high);
    std::printf("  %-*s  %4d  %-10s  %-32s  %7s  %8s%s\n", width, printable(cs[f.config].spec.name).substr(0, 40).c_str(), f.seat,
                f.metric == "win_share" ? "win share" : "mean score", buf, p_text(f.test.p).c_str(), p_text(f.p_adjusted).c_str(),
                f.p_adjusted < a.alpha ? "  real" : "");
  }
  if (a.until_decided)
    std::printf("stopped: %s after %llu games per configuration (%s)\n", stopped == "decided" ? "decided" : "budget spent",
                static_cast<unsigned long long>(played),
                stopped == "decided" ? "every interval is narrow enough" : "some intervals are still wider than --precision");
  if (timing) {
    double secs = 0;
    for (const auto& c : cs) secs += c.seconds;
    std::printf("time: %.2f s\n", secs);
  }
  return errors ? 1 : 0;
}

}  // namespace tabula::cli
