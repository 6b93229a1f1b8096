#include "core/state/suggest.h"

#include <algorithm>

namespace tabula {

namespace {
// The edit distance of `a` and `b` if it is below `limit`, else `limit`.
// Only cells within `limit` of the diagonal can stay below it, so the work
// is O(length * limit): names of a megabyte cost milliseconds, not hours.
size_t edit_distance(std::string_view a, std::string_view b, size_t limit) {
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) >= limit) return limit;
  const size_t far = limit;  // stands for any distance >= limit
  std::vector<size_t> prev(b.size() + 1, far), cur(b.size() + 1, far);
  for (size_t j = 0; j <= std::min(b.size(), limit); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    const size_t from = i > limit ? i - limit : 1, to = std::min(b.size(), i + limit);
    std::fill(cur.begin() + (from > 1 ? from - 1 : 0), cur.begin() + std::min(b.size(), to + 1) + 1, far);
    if (from == 1) cur[0] = i < limit ? i : far;
    size_t best = cur[0];
    for (size_t j = from; j <= to; ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), far});
      best = std::min(best, cur[j]);
    }
    if (best >= limit) return limit;
    std::swap(prev, cur);
  }
  return std::min(prev[b.size()], far);
}
}  // namespace

std::string suggestion(std::string_view key, const std::vector<std::string>& known) {
  std::string best;
  size_t best_d = 3;
  for (const auto& k : known) {
    size_t d = edit_distance(key, k, best_d);
    if (d < best_d) best_d = d, best = k;
  }
  return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

}  // namespace tabula
