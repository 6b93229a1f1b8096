#include "tools/tabula/lab_csv.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace tabula::cli {

using nlohmann::json;

namespace {

using Cells = std::vector<std::string>;

struct Table {
  std::string name;
  Cells header;
  std::vector<Cells> rows;
};

// RFC 4180: a field with a comma, a quote or a line break is quoted, its
// quotes doubled. Spreadsheets read everything else as it is.
std::string field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

const json& at(const json& j, const char* key) {
  static const json null;
  if (!j.is_object()) return null;
  auto it = j.find(key);
  return it == j.end() ? null : *it;
}

// Integers exactly, other numbers with six significant digits (enough to
// re-read a share or a mean), null as an empty field, strings as they are
// and anything else as compact JSON.
std::string cell(const json& v) {
  if (v.is_null()) return "";
  if (v.is_number_integer()) return v.dump();
  if (v.is_number()) {
    const double d = v.get<double>();
    if (!std::isfinite(d)) return "";
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.6g", d);
    return buf;
  }
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_string()) return v.get<std::string>();
  return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string cell(const json& j, const char* key) { return cell(at(j, key)); }

// The low and high ends of an [lo, hi] interval (empty when absent).
std::string end(const json& interval, size_t i) {
  return interval.is_array() && interval.size() == 2 ? cell(interval[i]) : "";
}

const json& array(const json& v) {
  static const json none = json::array();
  return v.is_array() ? v : none;
}

// In a comparison every run-level table starts with the configuration's
// name, so the runs stack into one table each.
struct Tables {
  bool compare = false;
  Table facts{"run", {"key", "value"}, {}};
  Table seats{"seats", {"seat", "kind", "base", "wins", "shared_wins", "win_share", "win_share_low", "win_share_high",
                        "mean_score", "score_low", "score_high", "decisions"}, {}};
  Table first{"first_seat", {"win_share", "even_share", "advantage", "advantage_low", "advantage_high", "evident",
                             "seats_alike"}, {}};
  Table length{"length", {"n", "mean", "mean_low", "mean_high", "sd", "min", "p25", "median", "p75", "max"}, {}};
  Table length_hist{"length_histogram", {"from", "to", "count"}, {}};
  Table score_hist{"score_histogram", {"seat", "from", "to", "count"}, {}};
  Table defs{"definitions", {"def", "name", "games", "had", "had_win_share", "had_low", "had_high", "without",
                             "without_win_share", "without_low", "without_high", "difference"}, {}};
  Table results{"results", {"count", "result"}, {}};
  Table errors{"errors", {"error"}, {}};

  void add(Table& t, const std::string& config, Cells row) {
    if (compare) row.insert(row.begin(), config);
    t.rows.push_back(std::move(row));
  }
};

void add_facts(Tables& t, const json& r, const std::string& config) {
  static const char* keys[] = {"pack", "games", "seed", "seats", "setup", "finished", "capped", "max_choices",
                               "choices", "choices_per_game", "script_errors", "lua_calls_per_game",
                               "games_with_winners", "games_without_winner", "games_with_scores", "seconds",
                               "games_per_second", "choices_per_second"};
  for (const char* k : keys)
    if (r.is_object() && r.contains(k)) t.add(t.facts, config, {k, cell(r, k)});
}

void add_seats(Tables& t, const json& r, const std::string& config) {
  for (const json& s : array(at(r, "per_seat"))) {
    const json& wi = at(s, "win_share_interval");
    const json& si = at(at(s, "score"), "mean_interval");
    t.add(t.seats, config,
          {cell(s, "seat"), cell(s, "kind"), cell(s, "base"), cell(s, "wins"), cell(s, "shared_wins"), cell(s, "win_share"),
           end(wi, 0), end(wi, 1), cell(s, "mean_score"), end(si, 0), end(si, 1), cell(s, "decisions")});
    for (const json& b : array(at(at(s, "score"), "histogram")))
      t.add(t.score_hist, config, {cell(s, "seat"), cell(b, "from"), cell(b, "to"), cell(b, "count")});
  }
  const json& f = at(r, "first_seat");
  if (f.is_object()) {
    const json& ai = at(f, "advantage_interval");
    t.add(t.first, config, {cell(f, "win_share"), cell(f, "even_share"), cell(f, "advantage"), end(ai, 0), end(ai, 1),
                            cell(f, "evident"), cell(f, "seats_alike")});
  }
}

void add_length(Tables& t, const json& r, const std::string& config) {
  const json& c = at(at(r, "length"), "choices");
  if (!c.is_object()) return;
  const json& mi = at(c, "mean_interval");
  t.add(t.length, config, {cell(c, "n"), cell(c, "mean"), end(mi, 0), end(mi, 1), cell(c, "sd"), cell(c, "min"),
                           cell(c, "p25"), cell(c, "median"), cell(c, "p75"), cell(c, "max")});
  for (const json& b : array(at(c, "histogram")))
    t.add(t.length_hist, config, {cell(b, "from"), cell(b, "to"), cell(b, "count")});
}

void add_definitions(Tables& t, const json& r, const std::string& config) {
  for (const json& d : array(at(at(r, "definitions"), "rows"))) {
    const json& hi = at(d, "had_interval");
    const json& wi = at(d, "without_interval");
    t.add(t.defs, config,
          {cell(d, "def"), cell(d, "name"), cell(d, "games"), cell(d, "had"), cell(d, "had_win_share"), end(hi, 0),
           end(hi, 1), cell(d, "without"), cell(d, "without_win_share"), end(wi, 0), end(wi, 1), cell(d, "difference")});
  }
}

void add_run(Tables& t, const json& r, const std::string& config) {
  add_facts(t, r, config);
  add_seats(t, r, config);
  add_length(t, r, config);
  add_definitions(t, r, config);
  for (const json& res : array(at(r, "results"))) t.add(t.results, config, {cell(res, "count"), cell(res, "result")});
  for (const json& e : array(at(r, "first_errors"))) t.add(t.errors, config, {cell(e)});
}

Table compare_facts(const json& c) {
  Table t{"compare", {"key", "value"}, {}};
  for (const char* k : {"pack", "games", "seed", "stopped"})
    if (c.contains(k)) t.rows.push_back({k, cell(c, k)});
  const json& m = at(c, "method");
  if (m.is_object())
    for (auto it = m.begin(); it != m.end(); ++it) t.rows.push_back({it.key(), cell(it.value())});
  return t;
}

// Layers joined by " + " (a pack id holds no spaces); sets as JSON.
Table configs(const json& c) {
  Table t{"configs", {"config", "packs", "sets", "seats"}, {}};
  for (const json& k : array(at(c, "configs"))) {
    std::string packs, seats;
    for (const json& p : array(at(k, "packs"))) packs += (packs.empty() ? "" : " + ") + cell(p);
    for (const json& s : array(at(k, "seats"))) seats += (seats.empty() ? "" : ",") + cell(s);
    t.rows.push_back({cell(k, "name"), packs, at(k, "sets").is_null() ? "" : cell(at(k, "sets")), seats});
  }
  return t;
}

Table differences(const json& c) {
  Table t{"differences", {"config", "against", "seat", "metric", "value", "baseline", "difference", "low", "high", "p",
                          "p_adjusted", "real"}, {}};
  for (const json& d : array(at(c, "differences"))) {
    const json& i = at(d, "interval");
    t.rows.push_back({cell(d, "config"), cell(d, "against"), cell(d, "seat"), cell(d, "metric"), cell(d, "value"),
                      cell(d, "baseline"), cell(d, "difference"), end(i, 0), end(i, 1), cell(d, "p"), cell(d, "p_adjusted"),
                      cell(d, "real")});
  }
  return t;
}

// Tables without rows are left out, except the ones that say "none".
void write(std::string& out, const Table& t, bool keep_empty = false) {
  if (t.rows.empty() && !keep_empty) return;
  if (!out.empty()) out += "\r\n";
  out += field(t.name) + "\r\n";
  for (size_t i = 0; i < t.header.size(); ++i) out += (i ? "," : "") + field(t.header[i]);
  out += "\r\n";
  for (const Cells& row : t.rows) {
    for (size_t i = 0; i < row.size(); ++i) out += (i ? "," : "") + field(row[i]);
    out += "\r\n";
  }
}

}  // namespace

std::string lab_csv(const json& report) {
  Tables t;
  std::string out;
  t.compare = at(report, "compare").is_boolean() && at(report, "compare").get<bool>();
  if (t.compare) {
    for (Table* tab : {&t.facts, &t.seats, &t.first, &t.length, &t.length_hist, &t.score_hist, &t.defs, &t.results,
                       &t.errors})
      tab->header.insert(tab->header.begin(), "config");
    write(out, compare_facts(report));
    write(out, configs(report));
    write(out, differences(report), true);
    const json& runs = array(at(report, "runs"));
    const json& cs = array(at(report, "configs"));
    for (size_t i = 0; i < runs.size(); ++i)
      add_run(t, runs[i], i < cs.size() ? cell(cs[i], "name") : std::to_string(i + 1));
  } else {
    add_run(t, report, "");
  }
  write(out, t.facts);
  write(out, t.seats, true);
  write(out, t.first);
  write(out, t.length);
  write(out, t.length_hist);
  write(out, t.score_hist);
  write(out, t.defs);
  write(out, t.results);
  write(out, t.errors);
  return out;
}

}  // namespace tabula::cli
