// Subset decisions (Decision::pick_min/pick_max): one decision whose answer
// is a set of its options. A set is one action, never an ordering of picks,
// so a search AI sees C(n, k) actions for k picks, not n!/(n-k)!. The sets
// are ranked (by size, then lexicographically by option index), so an AI
// can count them, draw one by rank, or visit them all.
//
// On the wire (Engine::apply, logs, scenarios) a set is one string: the
// chosen ids in option order joined by ',' ("a,c"), or "-" for the empty set.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/state/state.h"

namespace tabula {

constexpr char kSubsetSeparator = ',';
constexpr std::string_view kEmptySubset = "-";
// So that every count fits 64 bits (2^62 sets at most).
constexpr size_t kMaxSubsetOptions = 62;

// C(n, k), exact for n <= kMaxSubsetOptions; 0 when k < 0 or k > n.
uint64_t binomial(int n, int k);

// How many legal answers `d` has: its sets, or for an ordinary decision its
// options.
uint64_t subset_count(const Decision& d);

// The answer of rank `rank` (< subset_count(d)) as option indices in
// ascending order; for an ordinary decision, the one index `rank`.
void subset_at(const Decision& d, uint64_t rank, std::vector<size_t>& out);

// Calls fn(indices) for every legal answer in rank order, reusing one
// vector; fn returns false to stop early.
template <class F>
void for_each_subset(const Decision& d, F&& fn) {
  const int n = static_cast<int>(d.options.size());
  std::vector<size_t> c;
  if (!d.subset()) {
    for (int i = 0; i < n; ++i) {
      c.assign(1, static_cast<size_t>(i));
      if (!fn(static_cast<const std::vector<size_t>&>(c))) return;
    }
    return;
  }
  for (int k = d.pick_min; k <= d.most(); ++k) {
    c.resize(static_cast<size_t>(k));
    for (int i = 0; i < k; ++i) c[i] = static_cast<size_t>(i);
    for (;;) {
      if (!fn(static_cast<const std::vector<size_t>&>(c))) return;
      int i = k - 1;  // the rightmost index that can still move right
      while (i >= 0 && c[i] == static_cast<size_t>(n - k + i)) --i;
      if (i < 0) break;
      ++c[i];
      for (int j = i + 1; j < k; ++j) c[j] = c[j - 1] + 1;
    }
  }
}

// The canonical string of a set given as ascending option indices.
std::string subset_id(const Decision& d, const std::vector<size_t>& indices);

// Sorts `indices` and checks them against `d`'s bounds; "" when legal, else
// why not.
std::string check_subset(const Decision& d, std::vector<size_t>& indices);

// Reads a set string (ids in any order) into ascending indices; "" when
// legal, else why not.
std::string parse_subset(const Decision& d, std::string_view text, std::vector<size_t>& indices);

}  // namespace tabula
