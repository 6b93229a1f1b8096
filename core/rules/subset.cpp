#include "core/pack/text.h"
#include "core/rules/subset.h"

#include <algorithm>

namespace tabula {

uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  k = std::min(k, n - k);
  uint64_t r = 1;
  // r * (n - k + i) / i stays exact: r is C(n - k + i - 1, i - 1) before the
  // step, and the product fits 64 bits for n <= 62.
  for (int i = 1; i <= k; ++i) r = r * static_cast<uint64_t>(n - k + i) / static_cast<uint64_t>(i);
  return r;
}

uint64_t subset_count(const Decision& d) {
  const int n = static_cast<int>(d.options.size());
  if (!d.subset()) return static_cast<uint64_t>(n);
  uint64_t total = 0;
  for (int k = d.pick_min; k <= d.most(); ++k) total += binomial(n, k);
  return total;
}

void subset_at(const Decision& d, uint64_t rank, std::vector<size_t>& out) {
  out.clear();
  if (!d.subset()) {
    out.push_back(static_cast<size_t>(rank));
    return;
  }
  const int n = static_cast<int>(d.options.size());
  int k = d.pick_min;
  // First the size: the sets of each size take a block of ranks...
  while (k < d.most() && rank >= binomial(n, k)) rank -= binomial(n, k++);
  // ...then the k-set of that rank in lexicographic order: skip past every
  // set whose next index is smaller than the one taken.
  int next = 0;
  for (int left = k; left > 0; --left) {
    for (;;) {
      const uint64_t with = binomial(n - next - 1, left - 1);
      if (rank < with) break;
      rank -= with;
      ++next;
    }
    out.push_back(static_cast<size_t>(next++));
  }
}

std::string subset_id(const Decision& d, const std::vector<size_t>& indices) {
  if (indices.empty()) return std::string(kEmptySubset);
  std::string s;
  for (size_t i : indices) {
    if (!s.empty()) s += kSubsetSeparator;
    s += d.options[i].id;
  }
  return s;
}

std::string check_subset(const Decision& d, std::vector<size_t>& indices) {
  const size_t n = d.options.size();
  for (size_t i : indices)
    if (i >= n) return "option " + std::to_string(i + 1) + " does not exist here (there are " + std::to_string(n) + ")";
  std::sort(indices.begin(), indices.end());
  for (size_t i = 1; i < indices.size(); ++i)
    if (indices[i] == indices[i - 1]) return "option '" + d.options[indices[i]].id + "' is chosen twice";
  const int k = static_cast<int>(indices.size());
  if (k < d.pick_min || k > d.most()) {
    const std::string range = d.pick_min == d.most() ? std::to_string(d.pick_min)
                                                      : std::to_string(d.pick_min) + " to " + std::to_string(d.most());
    return "choose " + range + " of the options, not " + std::to_string(k);
  }
  return "";
}

std::string parse_subset(const Decision& d, std::string_view text, std::vector<size_t>& indices) {
  indices.clear();
  if (text != kEmptySubset) {
    size_t start = 0;
    for (;;) {
      const size_t end = std::min(text.find(kSubsetSeparator, start), text.size());
      const std::string_view id = text.substr(start, end - start);
      size_t i = 0;
      while (i < d.options.size() && d.options[i].id != id) ++i;
      if (i == d.options.size()) {
        std::string ids;
        for (const auto& o : d.options) ids += (ids.empty() ? "" : ", ") + o.id;
        return "'" + utf8_text(id) + "' is not a legal option here; legal: " + ids +
               " (a set is ids joined by ',', or '-' for none)";
      }
      indices.push_back(i);
      if (end == text.size()) break;
      start = end + 1;
    }
  }
  return check_subset(d, indices);
}

}  // namespace tabula
