#include "tools/tabula/lab_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace tabula::cli {

using nlohmann::json;

namespace {

// ---------------------------------------------------------------- text

// Report strings come from packs written by anyone: everything that came
// from the JSON passes through here before it reaches the page.
std::string esc(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// Fixed decimals; a value that rounds to zero prints as zero, not "-0.0".
std::string fixed(double v, int decimals) {
  if (!std::isfinite(v)) return "–";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  std::string s = buf;
  if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
  return s;
}

std::string signed_fixed(double v, int decimals) {
  std::string s = fixed(v, decimals);
  return (s[0] == '-' || s == fixed(0, decimals)) ? s : "+" + s;
}

// A duration in the unit that keeps it readable: random seats decide in
// nanoseconds, searching ones in milliseconds.
std::string duration_ms(double ms) {
  if (ms >= 1) return fixed(ms, 1) + " ms";
  if (ms >= 0.001) return fixed(ms * 1000, 1) + " µs";
  return fixed(ms * 1e6, 0) + " ns";
}

std::string pct(double share) { return fixed(100 * share, 1) + " %"; }
std::string points(double share) { return signed_fixed(100 * share, 1) + " pts"; }

// Shortens a label for a chart's margin at a UTF-8 character boundary; the
// full text stays in the chart's <title>.
std::string clip(const std::string& s, size_t max_bytes) {
  if (s.size() <= max_bytes) return s;
  size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return s.substr(0, cut) + "…";
}

// ------------------------------------------------------- reading JSON

// The report is read leniently: a missing or odd key leaves its figure
// out rather than failing the whole page.
const json& at(const json& j, const char* key) {
  static const json null;
  if (!j.is_object()) return null;
  auto it = j.find(key);
  return it == j.end() ? null : *it;
}

bool has_num(const json& j, const char* key) { return at(j, key).is_number(); }

double num(const json& j, const char* key, double otherwise = 0) {
  const json& v = at(j, key);
  return v.is_number() ? v.get<double>() : otherwise;
}

// A JSON value as text: strings as they are, anything else as compact JSON.
std::string as_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "";
  return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string str(const json& j, const char* key) { return as_text(at(j, key)); }

// Integers exactly; fractional counts (merged reports) with no decimals.
std::string count(const json& j, const char* key) {
  const json& v = at(j, key);
  if (v.is_number_integer()) return v.dump();
  return v.is_number() ? fixed(v.get<double>(), 0) : "–";
}

bool interval(const json& v, double& lo, double& hi) {
  if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number()) return false;
  lo = v[0].get<double>();
  hi = v[1].get<double>();
  return true;
}

const json& seats_of(const json& run) {
  static const json none = json::array();
  const json& p = at(run, "per_seat");
  return p.is_array() ? p : none;
}

// "greedy (base mcts)" or "" when the report names no kind.
std::string kind_text(const json& seat) {
  std::string k = str(seat, "kind");
  const std::string base = str(seat, "base");
  if (!base.empty()) k += " (" + base + ")";
  if (at(seat, "plays_at_random").is_boolean() && at(seat, "plays_at_random").get<bool>()) k += ", at random";
  return k;
}

// "Seat 2 · random" (unescaped; callers escape).
std::string seat_name(const json& seat) {
  std::string s = "Seat " + count(seat, "seat");
  const std::string k = kind_text(seat);
  return k.empty() ? s : s + " · " + k;
}

// Seats keep one colour across every chart of the page.
const char* seat_colour(size_t i) {
  static const char* palette[] = {"#3867b0", "#d47a26", "#2f9a68", "#b14a7e",
                                  "#6c58bf", "#8d7b32", "#2e93ad", "#c04a3c"};
  return palette[i % 8];
}

// ---------------------------------------------------------------- SVG

// A linear scale from a data range to pixels.
struct Scale {
  double lo, hi, x0, x1;
  double at(double v) const { return hi == lo ? x0 : x0 + (v - lo) / (hi - lo) * (x1 - x0); }
};

// A round step (1, 2 or 5 times a power of ten) giving about `want` ticks.
double nice_step(double range, int want) {
  if (!(range > 0)) return 1;
  const double raw = range / want, mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / mag;
  return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

// Widens [lo, hi] to whole steps so the axis starts and ends on a tick.
double widen(double& lo, double& hi, int want) {
  if (hi <= lo) { lo -= 1; hi += 1; }
  const double step = nice_step(hi - lo, want);
  lo = std::floor(lo / step + 1e-9) * step;
  hi = std::ceil(hi / step - 1e-9) * step;
  return step;
}

std::vector<double> ticks(double lo, double hi, double step) {
  std::vector<double> t;
  for (double v = lo; v <= hi + step * 1e-6; v += step) t.push_back(std::fabs(v) < step * 1e-9 ? 0 : v);
  return t;
}

int decimals_for(double step) { return step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9)); }

std::string px(double v) { return fixed(v, 1); }

std::string svg_open(double w, double h, const std::string& label) {
  return "<svg class=\"chart\" viewBox=\"0 0 " + px(w) + " " + px(h) + "\" role=\"img\" aria-label=\"" +
         esc(label) + "\" preserveAspectRatio=\"xMinYMin meet\">\n";
}

std::string line(double x1, double y1, double x2, double y2, const std::string& cls) {
  return "<line class=\"" + cls + "\" x1=\"" + px(x1) + "\" y1=\"" + px(y1) + "\" x2=\"" + px(x2) + "\" y2=\"" +
         px(y2) + "\"/>";
}

std::string text_at(double x, double y, const std::string& anchor, const std::string& cls, const std::string& body) {
  return "<text x=\"" + px(x) + "\" y=\"" + px(y) + "\" text-anchor=\"" + anchor + "\"" +
         (cls.empty() ? "" : " class=\"" + cls + "\"") + ">" + body + "</text>";
}

// A horizontal interval with end caps, the usual 95 % whisker.
std::string whisker(double x_lo, double x_hi, double y, const std::string& cls) {
  return line(x_lo, y, x_hi, y, cls) + line(x_lo, y - 5, x_lo, y + 5, cls) + line(x_hi, y - 5, x_hi, y + 5, cls);
}

// Vertical grid lines and their labels under a plot.
// `unit` non-empty: the values are shares, labelled in percent or points.
std::string x_axis(const Scale& s, double step, double top, double bottom, const std::string& unit) {
  std::string out;
  const bool share = !unit.empty();
  const int d = decimals_for(share ? step * 100 : step);
  for (double t : ticks(s.lo, s.hi, step)) {
    const double x = s.at(t);
    out += line(x, top, x, bottom, t == 0 ? "axis0" : "grid");
    out += text_at(x, bottom + 15, "middle", "tick", share ? fixed(100 * t, d) + " " + unit : fixed(t, d));
  }
  return out + "\n";
}

// One row of a dot/bar-and-whisker chart.
struct Row {
  std::string label;      // left margin, unescaped
  std::string value;      // right margin, unescaped
  std::string title;      // tooltip, unescaped
  double v = 0, lo = 0, hi = 0;
  bool has_interval = false, known = true;
  std::string colour;     // empty: grey (or highlighted by `strong`)
  bool strong = true;     // false: drawn greyed out
};

constexpr double kChartW = 760, kLabelW = 230, kValueW = 120, kRowH = 32;

// Rows of figures against a common axis: `bars` draws a bar from zero (win
// shares), otherwise a dot (scores, differences). `mark` is a dashed
// reference line (the even share) labelled `mark_label`.
std::string row_chart(const std::vector<Row>& rows, double lo, double hi, const std::string& unit, bool bars,
                      const std::string& label, double mark = NAN, const std::string& mark_label = "") {
  const double step = widen(lo, hi, 5);
  const double top = std::isnan(mark) ? 10 : 26, h = top + kRowH * static_cast<double>(rows.size()) + 30;
  const Scale s{lo, hi, kLabelW + 10, kChartW - kValueW};
  std::string out = svg_open(kChartW, h, label) + "<title>" + esc(label) + "</title>\n";
  const double bottom = top + kRowH * static_cast<double>(rows.size());
  out += x_axis(s, step, top - 4, bottom, unit);
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    const double y = top + kRowH * static_cast<double>(i) + kRowH / 2;
    out += "<g class=\"" + std::string(r.strong ? "row" : "row faint") + "\"><title>" + esc(r.title) + "</title>";
    out += text_at(kLabelW, y + 4, "end", "label", esc(clip(r.label, 26)));
    const std::string colour = r.colour.empty() ? "" : " style=\"--c:" + r.colour + "\"";
    if (r.known) {
      if (bars) {
        const double x0 = s.at(std::max(lo, 0.0)), x1 = s.at(r.v);
        out += "<rect class=\"bar\"" + colour + " x=\"" + px(std::min(x0, x1)) + "\" y=\"" + px(y - 9) +
               "\" width=\"" + px(std::fabs(x1 - x0)) + "\" height=\"18\" rx=\"2\"/>";
      }
      if (r.has_interval) out += whisker(s.at(r.lo), s.at(r.hi), y, "whisker");
      if (!bars) out += "<circle class=\"dot\"" + colour + " cx=\"" + px(s.at(r.v)) + "\" cy=\"" + px(y) + "\" r=\"5\"/>";
    }
    out += text_at(kChartW - kValueW + 12, y + 4, "start", "value", esc(r.value));
    out += "</g>\n";
  }
  if (!std::isnan(mark)) {
    const double x = s.at(mark);
    out += line(x, top - 8, x, bottom, "mark") + text_at(x, top - 12, "middle", "marklabel", esc(mark_label)) + "\n";
  }
  return out + "</svg>\n";
}

// ------------------------------------------------------------- sections

struct Page {
  std::string out;
  int h = 2;  // heading level of the sections being written
  void heading(const std::string& escaped, const std::string& id = "") {
    const std::string n = std::to_string(h);
    out += "<h" + n + (id.empty() ? "" : " id=\"" + id + "\"") + ">" + escaped + "</h" + n + ">\n";
  }
};

// "1 to 30": the seeds the games used (game i plays seed + i).
std::string seeds_text(const json& r) {
  if (!at(r, "seed").is_number_integer() || !at(r, "games").is_number_integer()) return "";
  const json& seed = at(r, "seed");
  const uint64_t games = at(r, "games").get<uint64_t>();
  if (games <= 1) return "seed " + seed.dump();
  if (seed.is_number_unsigned()) return "seeds " + seed.dump() + " to " + std::to_string(seed.get<uint64_t>() + games - 1);
  return "seeds " + seed.dump() + " to " + std::to_string(seed.get<int64_t>() + static_cast<int64_t>(games) - 1);
}

void fact(Page& p, const std::string& name, const std::string& escaped_value, const std::string& cls = "") {
  p.out += "<div class=\"fact" + (cls.empty() ? "" : " " + cls) + "\"><dt>" + name + "</dt><dd>" + escaped_value +
           "</dd></div>";
}

// The run's facts: what was played and whether anything went wrong.
void run_facts(Page& p, const json& r) {
  p.out += "<dl class=\"facts\">";
  fact(p, "Games", count(r, "games"));
  const std::string seeds = seeds_text(r);
  if (!seeds.empty()) fact(p, "Seeds", esc(seeds.substr(seeds.find(' ') + 1)));
  std::string seats;
  const json& ss = seats_of(r);
  for (size_t i = 0; i < ss.size(); ++i) {
    const std::string k = kind_text(ss[i]);
    seats += "<span class=\"chip\"><i style=\"background:" + std::string(seat_colour(i)) + "\"></i>" +
             count(ss[i], "seat") + (k.empty() ? "" : " " + esc(k)) + "</span> ";
  }
  fact(p, "Seats", seats.empty() ? count(r, "seats") : seats);
  if (!str(r, "setup").empty()) fact(p, "Setup", esc(str(r, "setup")));
  fact(p, "Finished", count(r, "finished") + " of " + count(r, "games"));
  const double capped = num(r, "capped"), errors = num(r, "script_errors");
  fact(p, "Capped", count(r, "capped") + (has_num(r, "max_choices") ? " <small>at " + count(r, "max_choices") + " choices</small>" : ""),
       capped > 0 ? "warn" : "");
  fact(p, "Script errors", count(r, "script_errors"), errors > 0 ? "bad" : "");
  if (has_num(r, "seconds"))
    fact(p, "Time", fixed(num(r, "seconds"), num(r, "seconds") < 1 ? 3 : 1) + " s <small>" +
                        fixed(num(r, "games_per_second"), num(r, "games_per_second") < 100 ? 1 : 0) + " games/s</small>");
  p.out += "</dl>\n";
  const json& fe = at(r, "first_errors");
  if (errors > 0 || (fe.is_array() && !fe.empty())) {
    p.out += "<div class=\"alert\"><strong>" + count(r, "script_errors") + " game" + (errors == 1 ? "" : "s") +
             " stopped on a script error.</strong>";
    if (fe.is_array() && !fe.empty()) {
      p.out += " The first:<ul>";
      for (const json& e : fe) p.out += "<li><code>" + esc(as_text(e)) + "</code></li>";
      p.out += "</ul>";
    }
    p.out += "</div>\n";
  }
}

// The first seat's share against an even share, in words. Only when every
// seat plays the same kind: otherwise skill, not seat order, explains it.
void first_seat_sentence(Page& p, const json& r) {
  const json& f = at(r, "first_seat");
  if (!f.is_object()) return;
  if (!at(f, "seats_alike").is_boolean() || !at(f, "seats_alike").get<bool>()) {
    p.out += "<p class=\"note\">The seats play different kinds, so their shares measure the players, not the seat order.</p>\n";
    return;
  }
  double lo = 0, hi = 0;
  const bool known = interval(at(f, "advantage_interval"), lo, hi);
  const bool evident = at(f, "evident").is_boolean() && at(f, "evident").get<bool>();
  p.out += std::string("<p class=\"verdict ") + (evident ? "real" : "none") + "\"><strong>First seat:</strong> " +
           pct(num(f, "win_share")) + " of the wins where an even share is " + pct(num(f, "even_share")) + ": " +
           points(num(f, "advantage"));
  if (known) p.out += " (95 % interval " + signed_fixed(100 * lo, 1) + " to " + signed_fixed(100 * hi, 1) + ")";
  p.out += std::string(", ") + (evident ? "<strong>a real advantage</strong>" : "no evident advantage") + ".</p>\n";
}

void win_chart(Page& p, const json& r) {
  std::vector<Row> rows;
  const json& seats = seats_of(r);
  for (size_t i = 0; i < seats.size(); ++i) {
    const json& s = seats[i];
    Row row;
    row.label = seat_name(s);
    row.colour = seat_colour(i);
    row.known = has_num(s, "win_share");
    row.v = num(s, "win_share");
    row.has_interval = interval(at(s, "win_share_interval"), row.lo, row.hi);
    row.value = row.known ? pct(row.v) : "–";
    row.title = row.label + ": " + (row.known ? pct(row.v) + " of the wins" : "no share");
    if (row.has_interval) row.title += ", 95 % interval " + fixed(100 * row.lo, 1) + " to " + pct(row.hi);
    rows.push_back(row);
  }
  const double even = seats.empty() ? NAN : 1.0 / static_cast<double>(seats.size());
  p.out += "<figure>" + row_chart(rows, 0, 1, "%", true, "Win share per seat with 95 % intervals", even,
                                  "even share " + pct(even)) +
           "<figcaption>Share of the wins per seat (a shared win counts as a part); the whisker is the 95 % "
           "interval, the dashed line the even share.</figcaption></figure>\n";
}

bool has_scores(const json& r) {
  for (const json& s : seats_of(r))
    if (has_num(s, "mean_score")) return true;
  return false;
}

void score_chart(Page& p, const json& r) {
  std::vector<Row> rows;
  double lo = INFINITY, hi = -INFINITY;
  const json& seats = seats_of(r);
  for (size_t i = 0; i < seats.size(); ++i) {
    const json& s = seats[i];
    Row row;
    row.label = seat_name(s);
    row.colour = seat_colour(i);
    row.known = has_num(s, "mean_score");
    row.v = num(s, "mean_score");
    row.has_interval = interval(at(at(s, "score"), "mean_interval"), row.lo, row.hi);
    row.value = row.known ? fixed(row.v, 2) : "–";
    row.title = row.label + ": mean score " + row.value;
    if (row.has_interval) row.title += ", 95 % interval " + fixed(row.lo, 2) + " to " + fixed(row.hi, 2);
    if (row.known) {
      lo = std::min({lo, row.v, row.has_interval ? row.lo : row.v});
      hi = std::max({hi, row.v, row.has_interval ? row.hi : row.v});
    }
    rows.push_back(row);
  }
  if (!(lo <= hi)) return;
  p.out += "<figure>" + row_chart(rows, lo, hi, "", false, "Mean score per seat with 95 % intervals") +
           "<figcaption>Mean final score per seat; the whisker is the 95 % interval of the mean.</figcaption></figure>\n";
}

// A histogram of integer bins [{from, to, count}]: x over [xlo, xhi), y
// in games, or games per unit of width (`per_unit`) so that the bins of
// histograms with different widths compare. Marks the mean (solid) and
// the median (dashed).
std::string histogram_svg(const json& summary, double w, double h, double xlo, double xhi, double ymax, bool per_unit,
                          const char* colour, const std::string& label, const std::string& what) {
  const double left = 40, right = 12, top = 26, bottom = h - 22;
  // Scores and lengths are integers, and so are counts: no tick between two.
  const double xstep = std::max(1.0, widen(xlo, xhi, w > 400 ? 8 : 4));
  const Scale sx{xlo, xhi, left, w - right};
  double y0 = 0, y1 = ymax * 1.12;  // headroom for the mean and median labels
  double ystep = widen(y0, y1, 3);
  if (!per_unit && ystep < 1) {
    ystep = 1;
    y1 = std::ceil(y1);
  }
  const Scale sy{0, y1, bottom, top};
  std::string out = svg_open(w, h, label) + "<title>" + esc(label) + "</title>\n";
  for (double t : ticks(0, y1, ystep))
    out += line(left, sy.at(t), w - right, sy.at(t), t == 0 ? "axis0" : "grid") +
           text_at(left - 5, sy.at(t) + 4, "end", "tick", fixed(t, decimals_for(ystep)));
  for (double t : ticks(xlo, xhi, xstep)) out += text_at(sx.at(t), bottom + 15, "middle", "tick", fixed(t, decimals_for(xstep)));
  out += "\n";
  const json& bins = at(summary, "histogram");
  if (bins.is_array())
    for (const json& b : bins) {
      const double from = num(b, "from"), to = num(b, "to") + 1, c = num(b, "count");
      const double d = per_unit ? c / std::max(1.0, to - from) : c;
      const double x0 = sx.at(from), x1 = sx.at(to);
      out += "<rect class=\"hbar\" style=\"--c:" + std::string(colour) + "\" x=\"" + px(x0 + 0.5) + "\" y=\"" +
             px(sy.at(d)) + "\" width=\"" + px(std::max(0.5, x1 - x0 - (x1 - x0 > 6 ? 1 : 0.3))) + "\" height=\"" + px(bottom - sy.at(d)) +
             "\"><title>" + esc(what) + " " + fixed(from, 0) + (to - 1 > from ? " to " + fixed(to - 1, 0) : "") + ": " +
             count(b, "count") + " game" + (c == 1 ? "" : "s") + "</title></rect>";
    }
  out += "\n";
  // The median's label sits a line lower so the two never overwrite.
  if (has_num(summary, "mean")) {
    const double x = sx.at(num(summary, "mean") + 0.5);
    out += line(x, top - 4, x, bottom, "mean") + text_at(x, top - 8, "middle", "marklabel", "mean " + fixed(num(summary, "mean"), 1));
  }
  if (has_num(summary, "median")) {
    const double x = sx.at(num(summary, "median") + 0.5);
    out += line(x, top + 8, x, bottom, "median") +
           text_at(x + 4, top + 18, "start", "marklabel", "median " + fixed(num(summary, "median"), 0));
  }
  return out + "\n</svg>\n";
}

// The tallest bin, in games or games per unit of width.
double tallest(const json& summary, bool per_unit) {
  double m = 0;
  const json& bins = at(summary, "histogram");
  if (bins.is_array())
    for (const json& b : bins)
      m = std::max(m, num(b, "count") / (per_unit ? std::max(1.0, num(b, "to") + 1 - num(b, "from")) : 1.0));
  return m;
}

// One small histogram per seat, all on the same scales so that they compare.
void score_histograms(Page& p, const json& r) {
  double lo = INFINITY, hi = -INFINITY, ymax = 0;
  for (const json& s : seats_of(r)) {
    const json& sc = at(s, "score");
    if (num(sc, "n") <= 0) continue;
    lo = std::min(lo, num(sc, "min"));
    hi = std::max(hi, num(sc, "max") + 1);
    ymax = std::max(ymax, tallest(sc, true));
  }
  if (!(lo < hi)) return;
  p.out += "<div class=\"multiples\">";
  const json& seats = seats_of(r);
  for (size_t i = 0; i < seats.size(); ++i) {
    const json& sc = at(seats[i], "score");
    if (num(sc, "n") <= 0) continue;
    const std::string name = seat_name(seats[i]);
    p.out += "<figure class=\"small\"><figcaption>" + esc(name) + "</figcaption>" +
             histogram_svg(sc, 300, 150, lo, hi, ymax, true, seat_colour(i), "Scores of " + name, "score") + "</figure>";
  }
  p.out += "</div>\n<p class=\"note\">Final scores per seat, games per score point on shared scales; the solid line is the "
           "mean, the dashed one the median.</p>\n";
}

std::string interval_cell(const json& v, bool percent) {
  double lo = 0, hi = 0;
  if (!interval(v, lo, hi)) return "";
  return percent ? fixed(100 * lo, 1) + "–" + fixed(100 * hi, 1) : fixed(lo, 2) + " to " + fixed(hi, 2);
}

// The figures of the charts as a table, for screen readers and copying.
void seat_table(Page& p, const json& r) {
  const bool scores = has_scores(r), timing = has_num(r, "seconds");
  p.out += "<div class=\"scroll\"><table><thead><tr><th>Seat</th><th>Kind</th><th class=\"num\">Wins</th>"
           "<th class=\"num\">Shared</th><th class=\"num\">Win share</th><th class=\"num\">95 % interval</th>";
  if (scores) p.out += "<th class=\"num\">Mean score</th><th class=\"num\">95 % interval</th>";
  p.out += "<th class=\"num\">Decisions</th>";
  if (timing) p.out += "<th class=\"num\">Time / decision</th><th class=\"num\">Longest</th>";
  p.out += "</tr></thead><tbody>\n";
  const json& seats = seats_of(r);
  for (size_t i = 0; i < seats.size(); ++i) {
    const json& s = seats[i];
    p.out += "<tr><td><i class=\"key\" style=\"background:" + std::string(seat_colour(i)) + "\"></i>" + count(s, "seat") +
             "</td><td>" + esc(kind_text(s)) + "</td><td class=\"num\">" + count(s, "wins") + "</td><td class=\"num\">" +
             count(s, "shared_wins") + "</td><td class=\"num\">" + (has_num(s, "win_share") ? pct(num(s, "win_share")) : "–") +
             "</td><td class=\"num\">" + interval_cell(at(s, "win_share_interval"), true) + "</td>";
    if (scores)
      p.out += "<td class=\"num\">" + (has_num(s, "mean_score") ? fixed(num(s, "mean_score"), 2) : "–") +
               "</td><td class=\"num\">" + interval_cell(at(at(s, "score"), "mean_interval"), false) + "</td>";
    p.out += "<td class=\"num\">" + count(s, "decisions") + "</td>";
    if (timing)
      p.out += "<td class=\"num\">" + duration_ms(num(s, "ms_per_decision")) + "</td><td class=\"num\">" +
               duration_ms(num(s, "ms_longest_decision")) + "</td>";
    p.out += "</tr>\n";
  }
  p.out += "</tbody></table></div>\n";
}

void wins_section(Page& p, const json& r) {
  p.heading("Wins");
  bool shares = false;
  for (const json& s : seats_of(r)) shares = shares || has_num(s, "win_share");
  if (!shares) {
    p.out += "<p class=\"note\">No game had a winner.</p>\n";
  } else {
    win_chart(p, r);
    first_seat_sentence(p, r);
  }
  seat_table(p, r);
  if (num(r, "games_without_winner") > 0)
    p.out += "<p class=\"note\">" + count(r, "games_without_winner") + " finished game" +
             (num(r, "games_without_winner") == 1 ? "" : "s") + " had no winner.</p>\n";
}

void scores_section(Page& p, const json& r, bool compact) {
  if (!has_scores(r)) return;
  p.heading("Scores");
  score_chart(p, r);
  if (!compact) score_histograms(p, r);
}

std::string length_line(const json& c) {
  return "Mean " + fixed(num(c, "mean"), 1) + " choices (95 % interval " + interval_cell(at(c, "mean_interval"), false) +
         "), median " + count(c, "median") + ", quartiles " + count(c, "p25") + " and " + count(c, "p75") + ", from " +
         count(c, "min") + " to " + count(c, "max") + " over " + count(c, "n") + " finished games.";
}

void length_section(Page& p, const json& r, bool compact) {
  const json& c = at(at(r, "length"), "choices");
  if (num(c, "n") <= 0) return;
  p.heading("Game length");
  if (!compact)
    p.out += "<figure>" + histogram_svg(c, kChartW, 220, num(c, "min"), num(c, "max") + 1, tallest(c, false), false, "#58708f",
                                        "Game length in choices", "length") +
             "<figcaption>Finished games by their number of choices.</figcaption></figure>\n";
  p.out += "<p>" + length_line(c) + "</p>\n";
}

// "winners 1 · scores −1, −16, −11", falling back to the JSON itself.
std::string result_text(const json& res) {
  if (!res.is_object() || !res.contains("winners")) return as_text(res);
  std::string t = "winners ";
  const json& w = res["winners"];
  if (w.is_array() && w.empty()) t += "none";
  for (size_t i = 0; w.is_array() && i < w.size(); ++i) t += (i ? ", " : "") + as_text(w[i]);
  const json& sc = at(res, "scores");
  if (sc.is_array()) {
    t += " · scores ";
    for (size_t i = 0; i < sc.size(); ++i) t += (i ? ", " : "") + as_text(sc[i]);
  }
  return t;
}

// The most frequent outcomes; games with scores rarely repeat, so few rows.
void results_section(Page& p, const json& r) {
  const json& rs = at(r, "results");
  if (!rs.is_array() || rs.empty()) return;
  std::vector<size_t> order(rs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return num(rs[a], "count") > num(rs[b], "count"); });
  const size_t shown = std::min<size_t>(order.size(), 8);
  p.heading("Outcomes");
  p.out += "<div class=\"scroll\"><table><thead><tr><th class=\"num narrow\">Games</th><th>Result</th></tr></thead><tbody>\n";
  for (size_t k = 0; k < shown; ++k)
    p.out += "<tr><td class=\"num\">" + count(rs[order[k]], "count") + "</td><td>" +
             esc(result_text(at(rs[order[k]], "result"))) + "</td></tr>\n";
  p.out += "</tbody></table></div>\n";
  if (shown < order.size())
    p.out += "<p class=\"note\">The " + std::to_string(shown) + " most frequent of " + std::to_string(order.size()) +
             " different results.</p>\n";
}

// A sortable cell: data-v holds the raw number the script sorts by.
std::string num_cell(const json& row, const char* key, bool share) {
  if (!has_num(row, key)) return "<td class=\"num\" data-v=\"\">–</td>";
  const double v = num(row, key);
  char raw[40];
  std::snprintf(raw, sizeof raw, "%.9g", v);
  const std::string shown = share ? pct(v) : count(row, key);
  return "<td class=\"num\" data-v=\"" + std::string(raw) + "\">" + shown + "</td>";
}

void definitions_section(Page& p, const json& r) {
  const json& d = at(r, "definitions");
  const json& rows = at(d, "rows");
  if (!rows.is_array()) return;
  p.heading("Definitions");
  std::string zones;
  const json& z = at(d, "zones");
  for (size_t i = 0; z.is_array() && i < z.size(); ++i) zones += (i ? ", " : "") + esc(as_text(z[i]));
  p.out += "<p class=\"note\">Win share of the seats that had each definition" +
           (zones.empty() ? std::string() : " (in " + zones + ")") +
           " against the seats that did not. Click a column's header to sort by it.</p>\n";
  p.out += "<div class=\"scroll\"><table class=\"sortable\"><thead><tr><th>Definition</th><th class=\"num\">Games</th>"
           "<th class=\"num\">Had</th><th class=\"num\">Win share had</th><th class=\"num\">95 % interval</th>"
           "<th class=\"num\">Without</th><th class=\"num\">Win share without</th><th class=\"num\">95 % interval</th>"
           "<th class=\"num\">Difference</th></tr></thead><tbody>\n";
  for (const json& row : rows) {
    const std::string name = str(row, "name"), def = str(row, "def");
    double dv = num(row, "difference");
    char raw[40];
    std::snprintf(raw, sizeof raw, "%.9g", dv);
    p.out += "<tr><td data-v=\"" + esc(name.empty() ? def : name) + "\">" + esc(name.empty() ? def : name) +
             (name.empty() || def.empty() ? "" : " <small>" + esc(def) + "</small>") + "</td>" + num_cell(row, "games", false) +
             num_cell(row, "had", false) + num_cell(row, "had_win_share", true) + "<td class=\"num\">" +
             interval_cell(at(row, "had_interval"), true) + "</td>" + num_cell(row, "without", false) +
             num_cell(row, "without_win_share", true) + "<td class=\"num\">" + interval_cell(at(row, "without_interval"), true) +
             "</td>" +
             (has_num(row, "difference")
                  ? "<td class=\"num " + std::string(dv > 0 ? "up" : dv < 0 ? "down" : "") + "\" data-v=\"" + raw + "\">" +
                        points(dv) + "</td>"
                  : "<td class=\"num\" data-v=\"\">–</td>") +
             "</tr>\n";
  }
  p.out += "</tbody></table></div>\n";
}

// A run's figures; `compact` (inside a comparison) leaves out the
// histograms and the outcomes.
void run_body(Page& p, const json& r, bool compact) {
  run_facts(p, r);
  wins_section(p, r);
  scores_section(p, r, compact);
  length_section(p, r, compact);
  definitions_section(p, r);
  if (!compact) results_section(p, r);
}

// ------------------------------------------------------------- compare

bool is_share_metric(const json& d) { return str(d, "metric") == "win_share"; }

std::string diff_value(const json& d, const char* key) {
  if (!has_num(d, key)) return "–";
  return is_share_metric(d) ? pct(num(d, key)) : fixed(num(d, key), 2);
}

std::string diff_change(const json& d, double v) { return is_share_metric(d) ? points(v) : signed_fixed(v, 2); }

// "+1.0 to +9.0 pts" or "+0.40 to +3.80".
std::string interval_change(const json& d, double lo, double hi) {
  return is_share_metric(d) ? signed_fixed(100 * lo, 1) + " to " + points(hi) : signed_fixed(lo, 2) + " to " + signed_fixed(hi, 2);
}

std::string metric_name(const std::string& m) {
  if (m == "win_share") return "win share";
  if (m == "mean_score") return "mean score";
  return m;
}

bool is_real(const json& d) { return at(d, "real").is_boolean() && at(d, "real").get<bool>(); }

std::string p_text(const json& d, const char* key) {
  if (!has_num(d, key)) return "–";
  const double v = num(d, key);
  return v < 0.001 ? "&lt; 0.001" : fixed(v, 3);
}

// The method in plain words: how the configurations were paired and how
// the p-values were adjusted for testing many differences at once.
void method_section(Page& p, const json& c) {
  const json& m = at(c, "method");
  if (!m.is_object()) return;
  const std::string pairing = str(m, "pairing"), test = str(m, "test"), corr = str(m, "correction");
  const double alpha = num(m, "alpha", 0.05);
  std::string t = "<p class=\"method\">";
  if (pairing == "same seeds")
    t += "Every configuration played the same " + count(c, "games") +
         " seeds, so each game is compared with its twin: the luck of the deal cancels out and smaller differences show. ";
  else if (!pairing.empty())
    t += "Pairing: " + esc(pairing) + ". ";
  if (!test.empty()) t += "Each difference is tested with a " + esc(test) + " test. ";
  if (corr == "holm")
    t += "Because several differences are tested at once, the p-values are adjusted by Holm's method, which keeps the "
         "chance of calling even one of them real by accident below " + pct(alpha) + ". ";
  else if (corr == "bonferroni")
    t += "Because several differences are tested at once, each p-value is multiplied by their number (Bonferroni), which "
         "keeps the chance of calling even one of them real by accident below " + pct(alpha) + ". ";
  else if (!corr.empty() && corr != "none")
    t += "The p-values are adjusted for testing several differences at once (" + esc(corr) + "). ";
  else
    t += "The p-values are not adjusted for testing several differences at once. ";
  t += "A difference counts as real when its adjusted p is below " + fixed(alpha, 2) + ".";
  const std::string stopped = str(c, "stopped");
  if (stopped == "decided") t += " The comparison stopped early, once every difference was decided.";
  else if (stopped == "budget") t += " The comparison stopped when its budget of games ran out.";
  else if (!stopped.empty()) t += " Stopped: " + esc(stopped) + ".";
  p.out += t + "</p>\n";
}

void configs_section(Page& p, const json& c) {
  const json& cs = at(c, "configs");
  if (!cs.is_array() || cs.empty()) return;
  p.heading("Configurations");
  p.out += "<div class=\"configs\">";
  for (size_t i = 0; i < cs.size(); ++i) {
    const json& k = cs[i];
    p.out += "<div class=\"config\"><h3><a href=\"#config-" + std::to_string(i + 1) + "\">" + esc(str(k, "name")) +
             "</a></h3><dl>";
    std::string layers;
    const json& packs = at(k, "packs");
    for (size_t j = 0; packs.is_array() && j < packs.size(); ++j)
      layers += (j ? " <span class=\"sep\">+</span> " : "") + std::string("<code>") + esc(as_text(packs[j])) + "</code>";
    if (!layers.empty()) p.out += "<dt>Layers</dt><dd>" + layers + "</dd>";
    const json& sets = at(k, "sets");
    if (sets.is_object() && !sets.empty()) {
      p.out += "<dt>Sets</dt><dd>";
      for (auto it = sets.begin(); it != sets.end(); ++it)
        p.out += "<code>" + esc(it.key()) + " = " + esc(it.value().dump(-1, ' ', false, json::error_handler_t::replace)) +
                 "</code> ";
      p.out += "</dd>";
    }
    const json& seats = at(k, "seats");
    std::string st;
    for (size_t j = 0; seats.is_array() && j < seats.size(); ++j) st += (j ? ", " : "") + esc(as_text(seats[j]));
    if (!st.empty()) p.out += "<dt>Seats</dt><dd>" + st + "</dd>";
    p.out += "</dl></div>";
  }
  p.out += "</div>\n";
}

// Seat first: a long configuration name is clipped, never the seat (the
// baseline is named in the caption and the table).
std::string diff_label(const json& d) {
  return "Seat " + as_text(at(d, "seat")) + " · " + str(d, "config");
}

// Each difference as a dot with its interval around a zero line; one plot
// per metric, since win shares and scores do not share a scale.
void forest(Page& p, const json& diffs, const std::string& metric) {
  std::vector<Row> rows;
  double lo = 0, hi = 0;
  for (const json& d : diffs) {
    if (str(d, "metric") != metric || !has_num(d, "difference")) continue;
    Row r;
    r.label = diff_label(d);
    r.v = num(d, "difference");
    r.has_interval = interval(at(d, "interval"), r.lo, r.hi);
    r.strong = is_real(d);
    r.colour = r.strong ? "#c0392b" : "";
    r.value = diff_change(d, r.v) + (r.strong ? " real" : "");
    r.title = r.label + ", " + metric_name(metric) + ": " + diff_change(d, r.v);
    if (r.has_interval) r.title += " (95 % interval " + interval_change(d, r.lo, r.hi) + ")";
    r.title += ", adjusted p " + p_text(d, "p_adjusted") + (r.strong ? ", real" : ", not evident");
    lo = std::min({lo, r.v, r.has_interval ? r.lo : r.v});
    hi = std::max({hi, r.v, r.has_interval ? r.hi : r.v});
    rows.push_back(r);
  }
  if (rows.empty()) return;
  const double m = std::max(std::fabs(lo), std::fabs(hi));  // symmetric: zero in the middle
  const std::string what = metric_name(metric);
  p.out += "<figure>" + row_chart(rows, -m, m, metric == "win_share" ? "pts" : "", false, "Differences in " + what) +
           "<figcaption>Differences in " + esc(what) + " against the baseline with 95 % intervals; real ones in red, "
           "the others greyed.</figcaption></figure>\n";
}

void differences_section(Page& p, const json& c) {
  const json& diffs = at(c, "differences");
  if (!diffs.is_array()) return;
  p.heading("Differences");
  method_section(p, c);
  if (diffs.empty()) {
    p.out += "<p class=\"note\">No differences were tested.</p>\n";
    return;
  }
  std::vector<std::string> metrics;
  for (const json& d : diffs)
    if (std::find(metrics.begin(), metrics.end(), str(d, "metric")) == metrics.end()) metrics.push_back(str(d, "metric"));
  for (const std::string& m : metrics) forest(p, diffs, m);
  p.out += "<div class=\"scroll\"><table><thead><tr><th>Configuration</th><th>Against</th><th class=\"num\">Seat</th>"
           "<th>Metric</th><th class=\"num\">Value</th><th class=\"num\">Baseline</th><th class=\"num\">Difference</th>"
           "<th class=\"num\">95 % interval</th><th class=\"num\">p</th><th class=\"num\">p adjusted</th><th>Real</th>"
           "</tr></thead><tbody>\n";
  for (const json& d : diffs) {
    double lo = 0, hi = 0;
    const bool iv = interval(at(d, "interval"), lo, hi);
    p.out += std::string("<tr") + (is_real(d) ? " class=\"realrow\"" : "") + "><td>" + esc(str(d, "config")) + "</td><td>" +
             esc(str(d, "against")) + "</td><td class=\"num\">" + esc(as_text(at(d, "seat"))) + "</td><td class=\"nw\">" +
             esc(metric_name(str(d, "metric"))) + "</td><td class=\"num\">" + diff_value(d, "value") +
             "</td><td class=\"num\">" + diff_value(d, "baseline") + "</td><td class=\"num\">" +
             (has_num(d, "difference") ? diff_change(d, num(d, "difference")) : "–") + "</td><td class=\"num\">" +
             (iv ? interval_change(d, lo, hi) : "") + "</td><td class=\"num\">" + p_text(d, "p") +
             "</td><td class=\"num\">" + p_text(d, "p_adjusted") + "</td><td>" +
             (is_real(d) ? "<span class=\"badge\">real</span>" : "<span class=\"faint\">no</span>") + "</td></tr>\n";
  }
  p.out += "</tbody></table></div>\n";
}

void compare_body(Page& p, const json& c) {
  configs_section(p, c);
  differences_section(p, c);
  const json& runs = at(c, "runs");
  const json& cs = at(c, "configs");
  for (size_t i = 0; runs.is_array() && i < runs.size(); ++i) {
    const std::string name = cs.is_array() && i < cs.size() ? str(cs[i], "name") : "configuration " + std::to_string(i + 1);
    p.out += "<section class=\"run\">";
    p.heading("Configuration <q>" + esc(name) + "</q>", "config-" + std::to_string(i + 1));
    p.h = 3;
    run_body(p, runs[i], true);
    p.h = 2;
    p.out += "</section>\n";
  }
}

// --------------------------------------------------------------- page

const char* kStyle = R"CSS(
:root{--ink:#1d2530;--soft:#5b6675;--line:#dde3ea;--bg:#f4f6f9;--card:#fff;--accent:#3867b0;--bad:#b3261e;--warn:#9a6200}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:1120px;margin:0 auto;padding:24px 20px 48px}
header h1{margin:0;font-size:28px;letter-spacing:-.01em}
header .sub{margin:2px 0 16px;color:var(--soft)}
h2{font-size:19px;margin:28px 0 10px;padding-bottom:4px;border-bottom:2px solid var(--line)}
h3{font-size:16px;margin:20px 0 8px}
section.run{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:4px 20px 16px;margin:24px 0}
.facts{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 12px}
.fact{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:6px 12px;min-width:90px}
.fact dt{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--soft)}
.fact dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums}
.fact small{font-weight:400;color:var(--soft)}
.fact.bad{border-color:var(--bad);background:#fdecea}.fact.bad dd{color:var(--bad)}
.fact.warn{border-color:var(--warn);background:#fff5e0}.fact.warn dd{color:var(--warn)}
.chip{white-space:nowrap;margin-right:6px}.chip i,.key{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:4px}
.alert{border-left:4px solid var(--bad);background:#fdecea;padding:10px 14px;border-radius:6px;margin:8px 0 12px}
.alert ul{margin:6px 0 0;padding-left:20px}.alert code{white-space:pre-wrap;word-break:break-word}
figure{margin:8px 0 12px;background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 14px}
section.run figure{border:none;padding:4px 0}
figcaption{font-size:13px;color:var(--soft);margin-top:4px}
svg.chart{display:block;width:100%;height:auto;font-size:12px}
svg .grid{stroke:#e8ecf1}svg .axis0{stroke:#9aa4b1}
svg .tick{fill:var(--soft);font-size:11px}svg .label{fill:var(--ink);font-size:13px}svg .value{fill:var(--ink);font-weight:600;font-variant-numeric:tabular-nums}
svg .bar,svg .hbar{fill:var(--c,#7d8a99);opacity:.85}svg .hbar:hover,svg .row:hover .bar{opacity:1}
svg .dot{fill:var(--c,#8e99a6)}svg .whisker{stroke:var(--ink);stroke-width:1.5}
svg .faint .whisker{stroke:#aab3be}svg .faint .label,svg .faint .value{fill:#8e99a6;font-weight:400}
svg .mark{stroke:var(--ink);stroke-dasharray:4 3}svg .marklabel{fill:var(--soft);font-size:11px;paint-order:stroke;stroke:#fff;stroke-width:3px}
svg .mean{stroke:var(--ink);stroke-width:1.5}svg .median{stroke:var(--ink);stroke-dasharray:3 3}
.multiples{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:10px}
.multiples figure{margin:0}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;background:var(--card);font-size:14px;margin:6px 0 10px}
th,td{padding:6px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{font-size:12px;text-transform:uppercase;letter-spacing:.02em;color:var(--soft);font-weight:600;white-space:nowrap}
td.num,th.num,td.nw{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}td.nw{text-align:left}
td small{color:var(--soft)}th.narrow{width:1%}
td.up{color:#1e7b4f}td.down{color:var(--bad)}
tr.realrow td{background:#fff6f4}
table.sortable th{cursor:pointer;user-select:none}
table.sortable th[aria-sort=ascending]::after{content:" ▲"}table.sortable th[aria-sort=descending]::after{content:" ▼"}
.note{color:var(--soft);font-size:13px}
.verdict{padding:8px 12px;border-radius:6px;background:#eef2f7}.verdict.real{background:#fdf1e3}
.method{background:#eef2f7;padding:10px 14px;border-radius:6px}
.badge{background:#c0392b;color:#fff;border-radius:10px;padding:1px 8px;font-size:12px;font-weight:600}
.faint{color:#8e99a6}
.configs{display:grid;grid-template-columns:repeat(auto-fill,minmax(280px,1fr));gap:10px}
.config{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:4px 14px 10px}
.config h3{margin:8px 0 4px}.config a{color:var(--accent);text-decoration:none}
.config dt{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--soft);margin-top:6px}
.config dd{margin:0}.sep{color:var(--soft)}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#eef1f5;border-radius:4px;padding:0 4px}
@media (max-width:860px){main{padding:16px 10px}body{font-size:14px}th,td{padding:5px 6px}}
@media print{body{background:#fff;font-size:12px}main{max-width:none;padding:0}
figure,section.run,table,.config{break-inside:avoid;box-shadow:none}
table.sortable th::after{content:""!important}.scroll{overflow:visible}}
)CSS";

// Sorts a table by the clicked column: numbers by their data-v, text by
// its letters, blanks last. Without JavaScript the table stays as written.
const char* kSortScript = R"JS(
document.querySelectorAll("table.sortable").forEach(function(t){
  var hs=t.querySelectorAll("th");
  hs.forEach(function(th,i){
    th.tabIndex=0;
    function key(r){var c=r.cells[i];return c.hasAttribute("data-v")?c.getAttribute("data-v"):c.textContent;}
    function go(){
      var up=th.getAttribute("aria-sort")!=="ascending",b=t.tBodies[0],rs=[].slice.call(b.rows);
      rs.sort(function(a,c){var x=key(a),y=key(c);if(x==="")return y===""?0:1;if(y==="")return -1;
        var d=(isNaN(x)||isNaN(y))?x.localeCompare(y):x-y;return up?d:-d;});
      hs.forEach(function(h){h.removeAttribute("aria-sort");});th.setAttribute("aria-sort",up?"ascending":"descending");
      rs.forEach(function(r){b.appendChild(r);});
    }
    th.addEventListener("click",go);
    th.addEventListener("keydown",function(e){if(e.key==="Enter"||e.key===" "){e.preventDefault();go();}});
  });
});
)JS";

bool has_definitions(const json& report) {
  if (at(at(report, "definitions"), "rows").is_array()) return true;
  const json& runs = at(report, "runs");
  if (runs.is_array())
    for (const json& r : runs)
      if (at(at(r, "definitions"), "rows").is_array()) return true;
  return false;
}

}  // namespace

std::string lab_html(const json& report) {
  const bool compare = at(report, "compare").is_boolean() && at(report, "compare").get<bool>();
  const std::string pack = esc(str(report, "pack"));
  Page p;
  p.out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + pack +
          (compare ? " · comparison" : " · balance lab") + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<main>\n";
  p.out += "<header><h1>" + pack + "</h1><p class=\"sub\">";
  if (compare) {
    const json& cs = at(report, "configs");
    p.out += "Balance lab comparison of " + std::to_string(cs.is_array() ? cs.size() : 0) + " configurations · " +
             count(report, "games") + " games each · " + esc(seeds_text(report));
  } else {
    p.out += "Balance lab run · " + count(report, "games") + " games · " + esc(seeds_text(report));
  }
  p.out += "</p></header>\n";
  if (compare)
    compare_body(p, report);
  else
    run_body(p, report, false);
  p.out += "</main>\n";
  if (has_definitions(report)) p.out += "<script>" + std::string(kSortScript) + "</script>\n";
  p.out += "</body>\n</html>\n";
  return p.out;
}

}  // namespace tabula::cli
