// The statistics of `tabula run` and `tabula merge`: intervals that say how
// sure a figure is, and summaries of integer counts (scores, game lengths)
// kept as value -> how often, so that tallies of separate runs add up
// exactly, in any order, to the tally of one run.
#pragma once
#include <cstdint>
#include <map>
#include <vector>
#include <nlohmann/json.hpp>

namespace tabula::cli {

struct Interval {
  double low = 0, high = 0;
};

// Wilson's 95 % score interval of a share `successes` / `n` (successes may
// be fractional: a win shared by k seats counts 1/k). n = 0: [0, 1].
Interval wilson(double successes, double n);

// Student's t for a two-sided 95 % interval with `df` degrees of freedom
// (exact to three decimals up to 30, then within 0.005 of the table).
double t95(uint64_t df);

// The two-sided p-value of Student's t statistic `t` with `df` degrees of
// freedom: the chance of a |t| at least this large when the true mean is 0.
double t_p_value(double t, uint64_t df);

// Holm's step-down adjustment of p-values for testing them all at once
// (the family-wise error stays at the level asked): same order as given.
std::vector<double> holm(const std::vector<double>& p);

// A paired comparison: the mean of the differences d_i, its 95 % interval
// (Student's t) and the p-value of "the true mean difference is 0".
struct Paired {
  uint64_t n = 0;
  double mean = 0, sd = 0;
  Interval interval;
  double p = 1;
};
Paired paired(const std::vector<double>& differences);

// How often each integer value came up.
using Counts = std::map<int64_t, uint64_t>;

struct Summary {
  uint64_t n = 0;
  double mean = 0, sd = 0;  // sd of the sample (n - 1)
  Interval mean_interval;   // 95 %, Student's t
  int64_t min = 0, p25 = 0, median = 0, p75 = 0, max = 0;
};
Summary summarise(const Counts& c);

// At most `bins` bins of equal integer width from min to max:
// [{"from", "to", "count"}] (from and to inclusive).
nlohmann::json histogram(const Counts& c, int bins = 20);

// The summary as JSON, with the histogram.
nlohmann::json summary_json(const Counts& c);

void add_counts(Counts& into, const Counts& from);
nlohmann::json counts_json(const Counts& c);           // [[value, count], ...]
Counts counts_from_json(const nlohmann::json& j);      // throws std::runtime_error

}  // namespace tabula::cli
