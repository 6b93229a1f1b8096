#include "tools/tabula/run_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <stdexcept>

#include "core/pack/text.h"
#include "tools/tabula/common.h"
#include "tools/tabula/lab_csv.h"
#include "tools/tabula/lab_html.h"

namespace tabula::cli {

using nlohmann::json;

json RunHeader::to_json() const {
  json ls = json::array();
  for (const SeatLabel& l : labels) ls.push_back({{"kind", l.kind}, {"base", l.base}, {"at_random", l.at_random}});
  return {{"pack", pack},           {"packs", packs},   {"sets", sets},   {"games", games}, {"seed", seed},
          {"max_choices", max_choices}, {"seats", seats}, {"setup", setup}, {"labels", ls},
          {"fingerprint", fingerprint}};
}

RunHeader RunHeader::from_json(const json& j) {
  RunHeader h;
  try {
    h.pack = j.at("pack").get<std::string>();
    h.packs = j.at("packs").get<std::vector<std::string>>();
    h.sets = j.at("sets").get<std::vector<std::string>>();
    h.games = j.at("games").get<uint64_t>();
    h.seed = j.at("seed").get<uint64_t>();
    h.max_choices = j.at("max_choices").get<uint64_t>();
    h.seats = j.at("seats").get<int>();
    h.setup = j.at("setup").get<std::string>();
    for (const auto& l : j.at("labels"))
      h.labels.push_back({l.at("kind").get<std::string>(), l.at("base").get<std::string>(), l.at("at_random").get<bool>()});
    h.fingerprint = j.at("fingerprint").get<std::string>();
  } catch (const json::exception& e) {
    throw std::runtime_error(e.what());
  }
  if (h.seats < 1 || h.seats > 64 || h.labels.size() != static_cast<size_t>(h.seats))
    throw std::runtime_error("the seats and their kinds do not match");
  return h;
}

json RunHeader::sets_json() const {
  json out = json::object();
  for (const auto& s : sets) {
    const size_t eq = s.find('=');
    out[s.substr(0, eq)] = json::parse(s.substr(eq + 1));
  }
  return out;
}

std::string RunHeader::differs(const RunHeader& o) const {
  if (pack != o.pack || packs != o.packs) return "the packs differ";
  if (sets != o.sets) return "the --set overrides differ";
  if (games != o.games || seed != o.seed) return "the games differ (a shard of another run: --games and --seed)";
  if (max_choices != o.max_choices) return "--max-choices differs";
  if (seats != o.seats || setup != o.setup) return "the seats or the setup differ";
  for (size_t i = 0; i < labels.size(); ++i)
    if (labels[i].kind != o.labels[i].kind) return "seat " + std::to_string(i + 1) + "'s kind differs";
  if (fingerprint != o.fingerprint) return "the rules differ (another version of a pack: game 1 starts otherwise)";
  return "";
}

RunHeader run_header(const Opened& o, const std::vector<SeatKind>& kinds, const GameSetup& g, uint64_t seed,
                     uint64_t max_choices, const std::string& setup) {
  const Engine& e = *o.engine;
  RunHeader h;
  h.pack = e.packs().id();
  h.packs = o.log_packs;
  h.sets = o.sets;
  h.seed = seed;
  h.max_choices = max_choices;
  h.seats = g.seats;
  h.setup = setup;
  for (const SeatKind& k : kinds)
    h.labels.push_back({k.text, k.base == SeatKind::Base::Bot ? k.bot.kind_name() : "", k.plays_at_random(e)});
  return h;
}

namespace {

double share(double part, uint64_t n) { return n ? part / static_cast<double>(n) : 0.0; }

// The first seat's share of the wins against an even share: in a game
// whose seats play alike, how much moving first is worth.
json first_seat(const RunHeader& h, const RunTally& t) {
  const double fair = 1.0 / h.seats;
  const double s = share(t.seat(0).credit(), t.with_winners());
  const Interval i = wilson(t.seat(0).credit(), static_cast<double>(t.with_winners()));
  bool alike = true;
  for (const SeatLabel& l : h.labels) alike = alike && l.kind == h.labels[0].kind;
  return {{"win_share", s},
          {"even_share", fair},
          {"advantage", s - fair},
          {"advantage_interval", {i.low - fair, i.high - fair}},
          {"evident", i.low > fair || i.high < fair},
          {"seats_alike", alike}};
}

// Per definition: the win share of the seats that had it against those that
// did not, over the games that state winners.
json definitions_json(const RunHeader& h, const RunTally& t) {
  json rows = json::array();
  const uint64_t seat_games = t.with_winners() * static_cast<uint64_t>(h.seats);
  double total = 0;
  for (size_t i = 0; i < static_cast<size_t>(h.seats); ++i) total += t.seat(i).credit();
  for (const auto& [id, d] : t.definitions()) {
    const uint64_t without = seat_games - std::min(seat_games, d.had);
    const double with_credit = d.credit(), without_credit = std::max(0.0, total - with_credit);
    json row = {{"def", id}, {"name", d.name}, {"appeared", d.appeared}, {"games", d.games}, {"had", d.had}, {"without", without}};
    if (d.had) {
      const Interval w = wilson(with_credit, static_cast<double>(d.had));
      row["had_win_share"] = with_credit / static_cast<double>(d.had);
      row["had_interval"] = {w.low, w.high};
    }
    if (without) {
      const Interval w = wilson(without_credit, static_cast<double>(without));
      row["without_win_share"] = without_credit / static_cast<double>(without);
      row["without_interval"] = {w.low, w.high};
    }
    if (d.had && without) row["difference"] = row["had_win_share"].get<double>() - row["without_win_share"].get<double>();
    rows.push_back(row);
  }
  return {{"zones", t.owned_zones()}, {"rows", rows}};
}

}  // namespace

json report_json(const RunHeader& h, const RunTally& t, double seconds) {
  const uint64_t games = t.games();
  json j = {{"pack", h.pack},
            {"games", games},
            {"seed", h.seed},
            {"seats", h.seats},
            {"finished", t.finished()},
            {"capped", t.capped()},
            {"max_choices", h.max_choices},
            {"choices", t.choices()},
            {"choices_per_game", share(static_cast<double>(t.choices()), games)},
            {"script_errors", t.errors()},
            {"lua_calls_per_game", share(static_cast<double>(t.lua_calls()), games)}};
  if (!h.setup.empty()) j["setup"] = h.setup;
  if (!h.sets.empty()) j["sets"] = h.sets;
  if (seconds >= 0) {
    j["seconds"] = seconds;
    j["games_per_second"] = seconds > 0 ? static_cast<double>(games) / seconds : 0.0;
    j["choices_per_second"] = seconds > 0 ? static_cast<double>(t.choices()) / seconds : 0.0;
  }
  json fs = json::array();
  for (const auto& [i, text] : t.first_errors()) fs.push_back(text);
  j["first_errors"] = fs;
  json rs = json::array();
  for (const auto& [res, n] : t.results()) rs.push_back({{"result", json::parse(res)}, {"count", n}});
  j["results"] = rs;

  const Summary len = summarise(t.lengths());
  // The population sd, as before the intervals came: kept for old readers.
  const double pop_sd = len.n > 1 ? len.sd * std::sqrt(static_cast<double>(len.n - 1) / static_cast<double>(len.n)) : 0.0;
  j["choices_per_finished_game"] = {{"games", len.n}, {"mean", len.mean}, {"sd", pop_sd}, {"min", len.min}, {"max", len.max}};
  j["length"] = {{"choices", summary_json(t.lengths())}};
  if (!t.rounds().empty()) j["length"]["rounds"] = summary_json(t.rounds());
  j["games_with_winners"] = t.with_winners();
  j["games_without_winner"] = t.no_winner();
  j["games_with_scores"] = t.with_scores();
  json per = json::array();
  for (size_t i = 0; i < static_cast<size_t>(h.seats); ++i) {
    const RunTally::Seat& s = t.seat(i);
    const SeatLabel& l = h.labels[i];
    json row = {{"seat", i + 1}, {"wins", s.wins}, {"shared_wins", s.shared_wins()}, {"decisions", s.decisions}};
    if (t.with_winners()) {
      const Interval w = wilson(s.credit(), static_cast<double>(t.with_winners()));
      row["win_share"] = share(s.credit(), t.with_winners());
      row["win_share_interval"] = {w.low, w.high};
    } else {
      row["win_share"] = json();
    }
    if (t.with_scores()) {
      row["mean_score"] = summarise(s.scores).mean;
      row["score"] = summary_json(s.scores);
    } else {
      row["mean_score"] = json();
    }
    if (!l.kind.empty()) row["kind"] = l.kind;
    if (!l.base.empty()) row["base"] = l.base;
    if (l.kind == "greedy" && l.at_random) row["plays_at_random"] = true;
    if (seconds >= 0) {
      row["ms_per_decision"] = s.decisions ? 1000 * s.think / static_cast<double>(s.decisions) : 0.0;
      row["ms_longest_decision"] = 1000 * s.think_max;
    }
    per.push_back(row);
  }
  j["per_seat"] = per;
  if (t.with_winners() && h.seats > 1) j["first_seat"] = first_seat(h, t);
  if (!t.definitions().empty()) j["definitions"] = definitions_json(h, t);
  return j;
}

namespace {

void print_thinking(const RunHeader& h, const RunTally& t) {
  bool searched = false;
  for (const SeatLabel& l : h.labels) searched = searched || (l.kind != "random" && !l.kind.empty());
  if (!searched) return;
  std::printf("time per decision:");
  for (size_t i = 0; i < static_cast<size_t>(h.seats); ++i) {
    const RunTally::Seat& s = t.seat(i);
    std::printf("%s seat %zu %.2f ms (longest %.1f ms)", i ? "," : "", i + 1,
                s.decisions ? 1000 * s.think / static_cast<double>(s.decisions) : 0.0, 1000 * s.think_max);
  }
  std::printf("\n");
}

unsigned long long ull(uint64_t v) { return static_cast<unsigned long long>(v); }

// "21.6 % (19.2 to 24.2)"
std::string percent(double credit, uint64_t n) {
  const Interval w = wilson(credit, static_cast<double>(n));
  char buf[64];
  std::snprintf(buf, sizeof buf, "%5.1f %% (%.1f to %.1f)", 100 * share(credit, n), 100 * w.low, 100 * w.high);
  return buf;
}

void print_seats(const RunHeader& h, const RunTally& t) {
  const bool won = t.with_winners() > 0, scored = t.with_scores() > 0;
  std::printf("  seat");
  if (won) std::printf("      wins    shared  win share (95 %% interval)");
  if (scored) std::printf("  mean score (95 %% interval)");
  std::printf("  kind\n");
  for (size_t i = 0; i < static_cast<size_t>(h.seats); ++i) {
    const RunTally::Seat& s = t.seat(i);
    std::printf("  %4zu", i + 1);
    if (won)
      std::printf("  %8llu  %8llu  %-25s", ull(s.wins), ull(s.shared_wins()), percent(s.credit(), t.with_winners()).c_str());
    if (scored) {
      const Summary sc = summarise(s.scores);
      char buf[96];
      std::snprintf(buf, sizeof buf, "%.2f (%.2f to %.2f)", sc.mean, sc.mean_interval.low, sc.mean_interval.high);
      std::printf("  %-26s", buf);
    }
    const SeatLabel& l = h.labels[i];
    std::printf("  %s%s%s%s\n", l.kind.c_str(), l.base.empty() ? "" : " (", l.base.c_str(), l.base.empty() ? "" : ")");
  }
  if (!won || h.seats < 2) return;
  const json f = first_seat(h, t);
  // Seats of different kinds differ in skill: their shares say nothing of
  // the seat order (--json still gives the figures, with seats_alike false).
  if (!f["seats_alike"].get<bool>()) return;
  const auto lim = f["advantage_interval"];
  std::printf("first seat: %.1f %% of the wins where an even share is %.1f %%: %+.1f points (95 %% interval %+.1f to %+.1f), %s\n",
              100 * f["win_share"].get<double>(), 100 * f["even_share"].get<double>(), 100 * f["advantage"].get<double>(),
              100 * lim[0].get<double>(), 100 * lim[1].get<double>(),
              f["evident"].get<bool>() ? "a real difference" : "no evident difference");
}

}  // namespace

// The definitions whose holders' win share differs most from the others'.
void print_definitions(const RunHeader& h, const RunTally& t) {
  if (!t.with_winners() || t.definitions().empty()) return;
  const json d = definitions_json(h, t);
  std::vector<const json*> rows;
  for (const json& r : d["rows"])
    if (r.contains("difference")) rows.push_back(&r);
  if (rows.empty()) return;
  // Most surely different first: by the gap between the two intervals (a
  // rare card with a big difference and wide intervals comes after a common
  // one whose intervals stand apart).
  auto gap = [](const json* r) {
    const json &a = (*r)["had_interval"], &b = (*r)["without_interval"];
    return std::max(a[0].get<double>() - b[1].get<double>(), b[0].get<double>() - a[1].get<double>());
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const json* a, const json* b) { return gap(a) > gap(b); });
  constexpr size_t kShown = 10;
  std::string zones;
  for (const auto& z : d["zones"]) zones += (zones.empty() ? "" : ", ") + z.get<std::string>();
  std::printf("definitions held (in %s): the %zu of %zu whose holders' win share differs most surely (--json gives all)\n",
              printable(zones).c_str(), std::min(kShown, rows.size()), rows.size());
  std::printf("  %-24s  %7s  %9s  %-25s  %-25s  %s\n", "definition", "games", "held", "holders' win share", "others' win share", "difference");
  // Two definitions may share a name (a Priest of each level): then the id
  // tells them apart.
  std::map<std::string, int> named;
  for (const json& r : d["rows"]) ++named[r["name"].get<std::string>()];
  for (size_t i = 0; i < rows.size() && i < kShown; ++i) {
    const json& r = *rows[i];
    std::string name = r["name"].get<std::string>();
    if (named[name] > 1) name += " (" + r["def"].get<std::string>() + ")";
    auto cell = [](const json& share, const json& lim) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.1f %% (%.1f to %.1f)", 100 * share.get<double>(), 100 * lim[0].get<double>(), 100 * lim[1].get<double>());
      return std::string(buf);
    };
    std::printf("  %-24s  %7llu  %9llu  %-25s  %-25s  %+.1f points\n", printable(name).substr(0, 32).c_str(),
                ull(r["games"].get<uint64_t>()), ull(r["had"].get<uint64_t>()), cell(r["had_win_share"], r["had_interval"]).c_str(),
                cell(r["without_win_share"], r["without_interval"]).c_str(), 100 * r["difference"].get<double>());
  }
}

void report_print(const RunHeader& h, const RunTally& t, double seconds) {
  const uint64_t games = t.games();
  // printf does not pass through main's filter: what a pack names is made
  // printable here (core/pack/text.h).
  std::printf("pack %s: %llu games (seeds %llu..%llu), %d seat%s%s\n", printable(h.pack).c_str(), ull(games), ull(h.seed),
              ull(h.seed + (games ? games - 1 : 0)), h.seats, h.seats == 1 ? "" : "s",
              h.setup.empty() ? "" : (", setup " + printable(h.setup)).c_str());
  for (const std::string& s : h.sets) std::printf("set %s\n", printable(s).c_str());
  std::printf("finished: %llu/%llu", ull(t.finished()), ull(games));
  if (t.capped()) std::printf(" (%llu stopped at the cap of %llu choices)", ull(t.capped()), ull(h.max_choices));
  std::printf("\nchoices: %llu total, %.1f per game\n", ull(t.choices()), share(static_cast<double>(t.choices()), games));
  std::printf("script errors: %llu\n", ull(t.errors()));
  // A script error's traceback lines sit under their game's line. Every
  // byte of a message can come from a pack (an option id, an error text):
  // each line is made printable.
  for (const auto& [index, text] : t.first_errors()) {
    for (size_t from = 0; from <= text.size();) {
      const size_t end = std::min(text.find('\n', from), text.size());
      std::printf("  %s\n", printable(std::string_view(text).substr(from, end - from)).c_str());
      from = end + 1;
    }
  }
  if (t.errors() > t.first_errors().size()) std::printf("  ... and %llu more\n", ull(t.errors() - t.first_errors().size()));
  // Most frequent first; games that state scores rarely repeat a result,
  // so then none are listed, else only the first ten.
  constexpr size_t kShown = 10;
  const bool all_scored = t.finished() > 0 && t.with_scores() == t.finished();
  std::vector<std::pair<std::string, uint64_t>> tally;
  if (!all_scored) {
    tally = t.results();
    std::printf("results:\n");
  }
  // Each result's share of the games, with its interval (ENGINE.md 16).
  for (size_t i = 0; i < tally.size() && i < kShown; ++i) {
    const Interval w = wilson(static_cast<double>(tally[i].second), static_cast<double>(games));
    char cell[48];
    std::snprintf(cell, sizeof cell, "%5.1f%% (%.1f to %.1f)", 100.0 * share(static_cast<double>(tally[i].second), games),
                  100 * w.low, 100 * w.high);
    std::printf("  %8llu  %-22s  %s\n", ull(tally[i].second), cell, printable(tally[i].first).c_str());
  }
  if (tally.size() > kShown)
    std::printf("  ... and %zu more distinct results (--json and --log-dir give them all)\n", tally.size() - kShown);
  if (tally.empty() && !all_scored) std::printf("  (no game finished)\n");
  for (size_t i = 0; i < static_cast<size_t>(h.seats); ++i)
    if (h.labels[i].kind == "greedy" && h.labels[i].at_random)
      std::printf("note: seat %zu (greedy) plays at random: the pack has no [pack] score\n", i + 1);
  if (t.finished()) {
    const Summary len = summarise(t.lengths());
    std::printf("choices per finished game: mean %.1f (95 %% interval %.1f to %.1f), sd %.1f, min %lld, median %lld, max %lld\n",
                len.mean, len.mean_interval.low, len.mean_interval.high, len.sd, static_cast<long long>(len.min),
                static_cast<long long>(len.median), static_cast<long long>(len.max));
    if (!t.rounds().empty()) {
      const Summary r = summarise(t.rounds());
      std::printf("rounds per finished game: mean %.1f (95 %% interval %.1f to %.1f), sd %.1f, min %lld, median %lld, max %lld\n",
                  r.mean, r.mean_interval.low, r.mean_interval.high, r.sd, static_cast<long long>(r.min),
                  static_cast<long long>(r.median), static_cast<long long>(r.max));
    }
    if (t.with_winners()) {
      std::printf("winners stated by %llu of %llu finished games", ull(t.with_winners()), ull(t.finished()));
      if (t.no_winner()) std::printf(", %llu without a winner", ull(t.no_winner()));
      std::printf("\n");
    }
    if (t.with_scores()) std::printf("scores stated by %llu of %llu finished games\n", ull(t.with_scores()), ull(t.finished()));
    if (t.with_winners() || t.with_scores()) print_seats(h, t);
    print_definitions(h, t);
  }
  if (seconds >= 0) print_thinking(h, t);
  std::printf("Lua calls: %.0f per game\n", share(static_cast<double>(t.lua_calls()), games));
  if (seconds >= 0) {
    const double rate = seconds > 0 ? static_cast<double>(games) / seconds : 0;
    std::printf("time: %.2f s, %.*f games/s, %.0f choices/s\n", seconds, rate < 1 ? 3 : 1, rate,
                seconds > 0 ? static_cast<double>(t.choices()) / seconds : 0.0);
  }
}

void probe_reports(const std::string& html, const std::string& csv) {
  for (const auto& [path, option] : {std::pair{html, "--report"}, std::pair{csv, "--csv"}}) {
    if (path.empty()) continue;
    std::ofstream f(path, std::ios::app);
    if (!f) throw CliError(std::string(option) + ": cannot write '" + printable(path) + "'");
  }
}

void write_reports(const json& report, const std::string& html, const std::string& csv) {
  auto write = [](const std::string& path, const std::string& text, const char* option) {
    if (path.empty()) return;
    std::ofstream f(path, std::ios::binary);
    f << text;
    f.close();
    if (!f) throw CliError(std::string(option) + ": cannot write '" + printable(path) + "'");
  };
  write(html, lab_html(report), "--report");
  write(csv, lab_csv(report), "--csv");
}

}  // namespace tabula::cli
