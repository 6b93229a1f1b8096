#include "tools/tabula/lab_stats.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tabula::cli {

using nlohmann::json;

Interval wilson(double successes, double n) {
  if (n <= 0) return {0, 1};
  constexpr double z = 1.959963984540054;
  const double p = successes / n, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double t95(uint64_t df) {
  static const double table[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                 2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df == 0) return INFINITY;
  if (df <= 30) return table[df - 1];
  return 1.959964 + 2.4 / static_cast<double>(df);
}

namespace {

// The continued fraction of the regularized incomplete beta function
// (modified Lentz), which converges fast for x < (a + 1) / (a + b + 2).
double beta_fraction(double a, double b, double x) {
  constexpr double tiny = 1e-300, eps = 1e-15;
  double c = 1, d = 1 - (a + b) * x / (a + 1);
  if (std::fabs(d) < tiny) d = tiny;
  d = 1 / d;
  double h = d;
  for (int m = 1; m <= 300; ++m) {
    const double m2 = 2.0 * m;
    double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    c = 1 + num / c;
    if (std::fabs(d) < tiny) d = tiny;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    c = 1 + num / c;
    if (std::fabs(d) < tiny) d = tiny;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1) < eps) break;
  }
  return h;
}

// I_x(a, b), the regularized incomplete beta function.
double incomplete_beta(double a, double b, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return front * beta_fraction(a, b, x) / a;
  return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

// The value at rank ceil(q * n) (nearest rank, from 1).
int64_t quantile(const Counts& c, uint64_t n, double q) {
  const uint64_t rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(q * static_cast<double>(n))));
  uint64_t seen = 0;
  for (const auto& [v, k] : c) {
    seen += k;
    if (seen >= rank) return v;
  }
  return c.empty() ? 0 : c.rbegin()->first;
}

}  // namespace

double t_p_value(double t, uint64_t df) {
  if (df == 0 || std::isnan(t)) return 1;
  if (std::isinf(t)) return 0;
  const double v = static_cast<double>(df);
  return incomplete_beta(v / 2, 0.5, v / (v + t * t));
}

std::vector<double> holm(const std::vector<double>& p) {
  const size_t m = p.size();
  std::vector<size_t> order(m);
  for (size_t i = 0; i < m; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p[a] < p[b]; });
  std::vector<double> out(m);
  double running = 0;
  for (size_t k = 0; k < m; ++k) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - k) * p[order[k]]));
    out[order[k]] = running;
  }
  return out;
}

Paired paired(const std::vector<double>& d) {
  Paired r;
  r.n = d.size();
  if (!r.n) return r;
  double sum = 0;
  for (double x : d) sum += x;
  r.mean = sum / static_cast<double>(r.n);
  double squares = 0;
  for (double x : d) squares += (x - r.mean) * (x - r.mean);
  r.sd = r.n > 1 ? std::sqrt(squares / static_cast<double>(r.n - 1)) : 0.0;
  if (r.n < 2) {
    r.interval = {-INFINITY, INFINITY};
    return r;
  }
  const double se = r.sd / std::sqrt(static_cast<double>(r.n));
  const double half = t95(r.n - 1) * se;
  r.interval = {r.mean - half, r.mean + half};
  // Every pair differs by the same amount: no doubt unless it is nothing.
  if (se == 0) r.p = r.mean == 0 ? 1.0 : 0.0;
  else r.p = t_p_value(r.mean / se, r.n - 1);
  return r;
}

Summary summarise(const Counts& c) {
  Summary s;
  if (c.empty()) return s;
  double sum = 0;
  for (const auto& [v, k] : c) {
    s.n += k;
    sum += static_cast<double>(v) * static_cast<double>(k);
  }
  s.mean = sum / static_cast<double>(s.n);
  double squares = 0;
  for (const auto& [v, k] : c) {
    const double d = static_cast<double>(v) - s.mean;
    squares += d * d * static_cast<double>(k);
  }
  s.sd = s.n > 1 ? std::sqrt(squares / static_cast<double>(s.n - 1)) : 0.0;
  const double half = s.n > 1 ? t95(s.n - 1) * s.sd / std::sqrt(static_cast<double>(s.n)) : 0.0;
  s.mean_interval = {s.mean - half, s.mean + half};
  s.min = c.begin()->first;
  s.max = c.rbegin()->first;
  s.p25 = quantile(c, s.n, 0.25);
  s.median = quantile(c, s.n, 0.5);
  s.p75 = quantile(c, s.n, 0.75);
  return s;
}

json histogram(const Counts& c, int bins) {
  json out = json::array();
  if (c.empty()) return out;
  const int64_t lo = c.begin()->first, hi = c.rbegin()->first;
  const uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
  const uint64_t width = (span + static_cast<uint64_t>(bins) - 1) / static_cast<uint64_t>(bins);
  auto it = c.begin();
  for (int64_t from = lo; from <= hi; from += static_cast<int64_t>(width)) {
    const int64_t to = std::min<int64_t>(hi, from + static_cast<int64_t>(width) - 1);
    uint64_t n = 0;
    for (; it != c.end() && it->first <= to; ++it) n += it->second;
    out.push_back({{"from", from}, {"to", to}, {"count", n}});
    if (to == hi) break;
  }
  return out;
}

json summary_json(const Counts& c) {
  const Summary s = summarise(c);
  if (!s.n) return json{{"n", 0}};
  return {{"n", s.n},
          {"mean", s.mean},
          {"mean_interval", {s.mean_interval.low, s.mean_interval.high}},
          {"sd", s.sd},
          {"min", s.min},
          {"p25", s.p25},
          {"median", s.median},
          {"p75", s.p75},
          {"max", s.max},
          {"histogram", histogram(c)}};
}

void add_counts(Counts& into, const Counts& from) {
  for (const auto& [v, k] : from) into[v] += k;
}

json counts_json(const Counts& c) {
  json out = json::array();
  for (const auto& [v, k] : c) out.push_back({v, k});
  return out;
}

Counts counts_from_json(const json& j) {
  Counts c;
  if (!j.is_array()) throw std::runtime_error("expected a list of [value, count] pairs");
  for (const auto& p : j) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_number_integer() || !p[1].is_number_unsigned())
      throw std::runtime_error("expected [value, count], got " + p.dump());
    c[p[0].get<int64_t>()] += p[1].get<uint64_t>();
  }
  return c;
}

}  // namespace tabula::cli
