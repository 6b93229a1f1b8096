// tabula tune: which values of a pack's [params] bring a figure of the game
// to a target (a first seat that wins half its games, a gap in skill
// between two bots, a game of a given length). Every combination of the
// values given is a candidate; all play the same seeds (paired), and
// successive halving (Karnin, Koren and Somekh 2013) spends the games where
// they tell most: each round plays every surviving candidate on twice the
// seeds of the round before and keeps the better half, until one is left
// or the budget is spent. The ranking comes with each figure's interval, so
// a reader sees whether the best is clearly best.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/pack/text.h"
#include "core/state/rng.h"
#include "tools/tabula/common.h"
#include "tools/tabula/lab_configs.h"
#include "tools/tabula/lab_stats.h"

namespace tabula::cli {

using nlohmann::json;

namespace {

// A figure of the game: a sum of terms, each a seat's win share or mean
// score, or the game's length, with a sign.
struct Term {
  char what = 'w';  // 'w' win share, 's' score, 'l' length
  int seat = 0;     // from 0
  double sign = 1;
};

struct Target {
  std::vector<Term> terms;
  enum class Aim { Value, Max, Min } aim = Aim::Value;
  double value = 0;
  std::string text;
};

Target parse_target(const std::string& text, int seats) {
  Target t;
  t.text = text;
  std::string expr = text;
  auto bad = [&](const std::string& why) {
    return UsageError("--target " + printable(text) + ": " + why +
                      " (e.g. win:1=0.5, max:win:1, win:1-win:2=0.2, min:length, score:2=10)");
  };
  if (expr.rfind("max:", 0) == 0) t.aim = Target::Aim::Max, expr = expr.substr(4);
  else if (expr.rfind("min:", 0) == 0) t.aim = Target::Aim::Min, expr = expr.substr(4);
  else {
    const size_t eq = expr.rfind('=');
    if (eq == std::string::npos) throw bad("give a value (EXPR=V) or max:EXPR or min:EXPR");
    try {
      size_t used = 0;
      t.value = std::stod(expr.substr(eq + 1), &used);
      if (used != expr.size() - eq - 1) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw bad("'" + printable(expr.substr(eq + 1)) + "' is not a number");
    }
    expr = expr.substr(0, eq);
  }
  double sign = 1;
  size_t at = 0;
  while (at < expr.size()) {
    size_t next = expr.find_first_of("+-", at);
    const std::string term = expr.substr(at, next == std::string::npos ? std::string::npos : next - at);
    Term x;
    x.sign = sign;
    if (term == "length") {
      x.what = 'l';
    } else if (term.rfind("win:", 0) == 0 || term.rfind("score:", 0) == 0) {
      x.what = term[0];
      const std::string n = term.substr(term.find(':') + 1);
      if (n.empty() || n.size() > 2 || n.find_first_not_of("0123456789") != std::string::npos) throw bad("'" + printable(term) + "': a seat is a number");
      x.seat = std::stoi(n) - 1;
      if (x.seat < 0 || x.seat >= seats) throw bad("seat " + n + " of " + std::to_string(seats));
    } else {
      throw bad("'" + printable(term) + "' is not win:N, score:N or length");
    }
    t.terms.push_back(x);
    if (next == std::string::npos) break;
    sign = expr[next] == '-' ? -1 : 1;
    at = next + 1;
  }
  if (t.terms.empty()) throw bad("no figure named");
  return t;
}

// The target's figure in each game, NaN where a term is missing (a win
// share needs stated winners, a score stated scores).
std::vector<double> by_game(const Target& t, const Config& c, uint64_t played) {
  std::vector<double> out(played, NAN);
  for (uint64_t i = 0; i < played && i < c.games.size(); ++i) {
    const GameFigures& g = c.games[i];
    if (!g.finished) continue;
    double v = 0;
    bool ok = true;
    for (const Term& x : t.terms) {
      if (x.what == 'w') ok = ok && g.won, v += ok ? x.sign * g.credit[static_cast<size_t>(x.seat)] : 0;
      else if (x.what == 's') ok = ok && g.scored, v += ok ? x.sign * static_cast<double>(g.scores[static_cast<size_t>(x.seat)]) : 0;
      else v += x.sign * static_cast<double>(g.choices);
    }
    if (ok) out[i] = v;
  }
  return out;
}

std::vector<double> known(const std::vector<double>& v) {
  std::vector<double> out;
  for (double x : v)
    if (!std::isnan(x)) out.push_back(x);
  return out;
}

// --param NAME=V1,V2,...: the values, each JSON or a plain word; commas
// inside brackets belong to a value.
std::pair<std::string, std::vector<std::string>> parse_param(const std::string& text) {
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw UsageError("--param " + printable(text) + ": expected NAME=V1,V2,... (e.g. start_gold=3,4,5)");
  std::vector<std::string> values;
  int depth = 0;
  std::string cur;
  for (char ch : text.substr(eq + 1)) {
    if (ch == '[' || ch == '{') ++depth;
    if (ch == ']' || ch == '}') --depth;
    if (ch == ',' && depth == 0) values.push_back(cur), cur.clear();
    else cur += ch;
  }
  values.push_back(cur);
  for (const auto& v : values)
    if (v.empty()) throw UsageError("--param " + printable(text) + ": an empty value");
  return {text.substr(0, eq), values};
}

struct Candidate {
  Config config;
  bool alive = true;
  uint64_t played = 0;
  Paired figure;
  double miss = 0;  // how far from the aim; smaller is better
};

double miss(const Target& t, double v) {
  if (t.aim == Target::Aim::Max) return -v;
  if (t.aim == Target::Aim::Min) return v;
  return std::fabs(v - t.value);
}

}  // namespace

int cmd_tune(const TuneArgs& a) {
  if (a.params.empty()) throw UsageError("tune needs --param NAME=V1,V2,... (one or more)");
  std::vector<std::pair<std::string, std::vector<std::string>>> params;
  for (const auto& p : a.params) params.push_back(parse_param(p));
  // Every combination, the first param varying slowest.
  std::vector<std::vector<std::string>> combos(1);
  for (const auto& [name, values] : params) {
    std::vector<std::vector<std::string>> next;
    for (const auto& c : combos)
      for (const auto& v : values) {
        next.push_back(c);
        next.back().push_back(name + "=" + v);
      }
    combos = std::move(next);
  }
  const size_t total = combos.size();
  if (combos.size() > a.candidates) {
    // A sample of the combinations, drawn from the seed (not the clock).
    Rng rng(derive_seed(a.seed, 0x7475u));
    for (size_t i = 0; i < a.candidates; ++i) std::swap(combos[i], combos[i + rng.below(combos.size() - i)]);
    combos.resize(a.candidates);
  }

  const StudyArgs study{a.pack, a.with, a.seed, a.setup, a.seats, a.max_choices};
  std::vector<Candidate> cs(combos.size());
  for (size_t i = 0; i < cs.size(); ++i) {
    cs[i].config.spec.sets = combos[i];
    cs[i].config.spec.name = default_name(cs[i].config.spec);
    open_config(cs[i].config, study);
  }
  const int seats = cs[0].config.header.seats;
  const Target target = parse_target(a.target, seats);

  // Rounds: b, 2b, 4b, ... games, the last reaching the budget.
  size_t rounds = 1;
  while ((size_t{1} << rounds) < cs.size()) ++rounds;
  uint64_t games = std::max<uint64_t>(2, a.games >> (rounds - 1));
  uint64_t planned = 0;
  for (size_t r = 0, n = cs.size(); r < rounds; ++r, n = (n + 1) / 2) planned += n * std::min(a.games, games << r);
  Progress progress(planned);
  json log = json::array();
  uint64_t played = 0;
  for (size_t round = 0; round < rounds || played < a.games; ++round) {
    const uint64_t upto = std::min(a.games, games << round);
    std::vector<Candidate*> alive;
    for (auto& c : cs)
      if (c.alive) alive.push_back(&c);
    for (Candidate* c : alive) {
      play_batch(c->config, played, upto, a.jobs, progress);
      c->played = upto;
      c->figure = paired(known(by_game(target, c->config, upto)));
      c->miss = c->figure.n ? miss(target, c->figure.mean) : INFINITY;
    }
    played = upto;
    std::stable_sort(alive.begin(), alive.end(), [](const Candidate* x, const Candidate* y) { return x->miss < y->miss; });
    const size_t keep = alive.size() > 1 ? (alive.size() + 1) / 2 : 1;
    log.push_back({{"round", round + 1}, {"candidates", alive.size()}, {"games", upto}, {"kept", played >= a.games ? alive.size() : keep}});
    if (played >= a.games) break;
    for (size_t i = keep; i < alive.size(); ++i) alive[i]->alive = false;
  }
  progress.finish();

  std::vector<Candidate*> ranked;
  for (auto& c : cs) ranked.push_back(&c);
  // Survivors first (they played most), each group by how near the aim.
  std::stable_sort(ranked.begin(), ranked.end(), [](const Candidate* x, const Candidate* y) {
    return x->played != y->played ? x->played > y->played : x->miss < y->miss;
  });

  uint64_t errors = 0;
  for (const auto& c : cs) errors += c.config.tally->errors();
  json rows = json::array();
  for (const Candidate* c : ranked) {
    const json sets = c->config.header.sets_json();
    json row = {{"sets", sets}, {"games", c->played}, {"pairs", c->figure.n}, {"value", c->figure.mean},
                {"interval", {c->figure.interval.low, c->figure.interval.high}}};
    if (target.aim == Target::Aim::Value) row["off_target"] = c->miss;
    json shares = json::array();
    const RunTally& t = *c->config.tally;
    for (size_t s = 0; s < static_cast<size_t>(seats); ++s)
      shares.push_back(t.with_winners() ? json(t.seat(s).credit() / static_cast<double>(t.with_winners())) : json());
    row["win_shares"] = shares;
    rows.push_back(row);
  }
  json out = {{"tune", true}, {"pack", cs[0].config.header.pack}, {"target", target.text}, {"seed", a.seed},
              {"budget", a.games}, {"combinations", total}, {"candidates", cs.size()}, {"rounds", log}, {"ranking", rows},
              {"method", "successive halving on the same seeds"}};
  // The best two compared on the same games: how much nearer the aim the
  // best is, game by game (paired), and whether that is clear.
  if (ranked.size() > 1 && ranked[0]->played == ranked[1]->played) {
    const std::vector<double> x = by_game(target, ranked[0]->config, ranked[0]->played);
    const std::vector<double> y = by_game(target, ranked[1]->config, ranked[1]->played);
    std::vector<double> d;
    for (size_t i = 0; i < x.size(); ++i)
      if (!std::isnan(x[i]) && !std::isnan(y[i])) d.push_back(x[i] - y[i]);
    Paired p = paired(d);
    // In the aim's direction: towards the value from the second's side,
    // up for max, down for min.
    double dir = target.aim == Target::Aim::Max ? 1 : target.aim == Target::Aim::Min ? -1
                 : (ranked[1]->figure.mean < target.value ? 1 : -1);
    Interval i = dir > 0 ? p.interval : Interval{-p.interval.high, -p.interval.low};
    out["best_against_second"] = {{"nearer", dir * p.mean}, {"interval", {i.low, i.high}}, {"p", p.p}, {"clear", i.low > 0}};
  }
  if (a.json) {
    std::cout << dump_report(out, 2) << "\n";
    return errors ? 1 : 0;
  }
  std::printf("tune %s: %zu candidate%s", printable(out["pack"].get<std::string>()).c_str(), cs.size(), cs.size() == 1 ? "" : "s");
  if (total > cs.size()) std::printf(" (a sample of %zu combinations)", total);
  std::printf(", target %s, seeds from %llu\n", printable(target.text).c_str(), static_cast<unsigned long long>(a.seed));
  for (const auto& r : log)
    std::printf("  round %d: %d candidate%s on %llu games, %d kept\n", r["round"].get<int>(), r["candidates"].get<int>(),
                r["candidates"].get<int>() == 1 ? "" : "s", static_cast<unsigned long long>(r["games"].get<uint64_t>()),
                r["kept"].get<int>());
  if (errors) std::printf("  %llu games stopped by a script error\n", static_cast<unsigned long long>(errors));
  std::printf("ranking (the figure's 95 %% interval; the first rows played the most games):\n");
  std::printf("  %4s  %-40s  %6s  %-28s%s\n", "rank", "settings", "games", "figure (95 % interval)",
              target.aim == Target::Aim::Value ? "  off target" : "");
  for (size_t i = 0; i < ranked.size() && i < 15; ++i) {
    const Candidate* c = ranked[i];
    std::string sets;
    for (const auto& s : c->config.header.sets) sets += (sets.empty() ? "" : " ") + s;
    char fig[64];
    std::snprintf(fig, sizeof fig, "%.3f (%.3f to %.3f)", c->figure.mean, c->figure.interval.low, c->figure.interval.high);
    std::printf("  %4zu  %-40s  %6llu  %-28s", i + 1, printable(sets).c_str(), static_cast<unsigned long long>(c->played), fig);
    if (target.aim == Target::Aim::Value) std::printf("  %.3f", c->miss);
    std::printf("\n");
  }
  if (ranked.size() > 15) std::printf("  ... and %zu more (--json gives all)\n", ranked.size() - 15);
  if (ranked.size() > 1 && ranked[0]->played == ranked[1]->played) {
    const json& b = out["best_against_second"];
    std::printf("the best against the second, game by game: %+.3f (95 %% interval %+.3f to %+.3f) nearer the aim, %s\n",
                b["nearer"].get<double>(), b["interval"][0].get<double>(), b["interval"][1].get<double>(),
                b["clear"].get<bool>() ? "clearly better" : "not clearly better: more games (--games) would tell, or they are alike");
  }
  return errors ? 1 : 0;
}

}  // namespace tabula::cli
