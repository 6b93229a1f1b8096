#include "core/pack/graph.h"

#include <algorithm>
#include <limits>

namespace tabula {

namespace {
// Compressed adjacency: the targets of node n are out[start[n] .. start[n+1]).
void compress(const std::vector<std::vector<int32_t>>& lists, std::vector<int32_t>& start, std::vector<int32_t>& out) {
  start.assign(1, 0);
  out.clear();
  for (const auto& l : lists) {
    out.insert(out.end(), l.begin(), l.end());
    start.push_back(static_cast<int32_t>(out.size()));
  }
}
}  // namespace

// The loader has checked the graphs (pack_toml_seats.cpp, check_graphs): node ids are unique and
// every neighbour exists, so every name here resolves.
GraphIndex::GraphIndex(const PackSet& packs) {
  for (const auto& [gid, g] : packs.graphs)
    for (const auto& [nid, n] : g.nodes) names_.push_back(nid);
  std::sort(names_.begin(), names_.end());
  const size_t n = names_.size();
  graph_of_.assign(n, -1);
  local_.assign(n, -1);
  tags_.assign(n, {});
  std::vector<std::vector<int32_t>> out(n), in(n);
  for (const auto& [gid, g] : packs.graphs) {
    Graph graph;
    graph.name = gid;
    graph.symmetric = g.symmetric;
    const int32_t gi = static_cast<int32_t>(graphs_.size());
    for (const auto& [nid, nd] : g.nodes) {  // std::map: in name order, as the global ids
      const int32_t id = node(nid);
      graph_of_[id] = gi;
      local_[id] = static_cast<int32_t>(graph.nodes.size());
      graph.nodes.push_back(id);
      tags_[id] = nd.tags;
      std::sort(tags_[id].begin(), tags_[id].end());
      tags_[id].erase(std::unique(tags_[id].begin(), tags_[id].end()), tags_[id].end());
      for (const auto& to : nd.adjacent) {
        const int32_t t = node(to);
        out[id].push_back(t);
        in[t].push_back(id);
      }
    }
    graphs_.push_back(std::move(graph));
  }
  for (auto* lists : {&out, &in})
    for (auto& l : *lists) {
      std::sort(l.begin(), l.end());
      l.erase(std::unique(l.begin(), l.end()), l.end());
    }
  compress(out, adj_start_, adj_);
  compress(in, radj_start_, radj_);
  row_of_[0].assign(n, -1);
  row_of_[1].assign(n, -1);
}

const int32_t* GraphIndex::row(int32_t n, bool reverse) const {
  const Graph& g = graphs_[graph_of_[n]];
  if (g.symmetric) reverse = false;  // the same distances both ways
  if (const int32_t at = row_of_[reverse][n]; at >= 0) return rows_[at].dist.data();
  const size_t m = g.nodes.size();
  const int64_t bytes = static_cast<int64_t>(m * sizeof(int32_t) + sizeof(Row));
  // The oldest rows make room; one row is always kept, whatever the budget.
  while (!order_.empty() && cache_bytes_ + bytes > budget_) {
    Row& old = rows_[order_.front()];
    row_of_[old.reverse][old.node] = -1;
    cache_bytes_ -= static_cast<int64_t>(old.dist.size() * sizeof(int32_t) + sizeof(Row));
    free_.push_back(order_.front());
    order_.pop_front();
  }
  int32_t at;
  if (!free_.empty()) {
    at = free_.back();
    free_.pop_back();
  } else {
    at = static_cast<int32_t>(rows_.size());
    rows_.emplace_back();
  }
  search(n, reverse, Blocked{}, -1, std::numeric_limits<int>::max(), search_);
  Row& r = rows_[at];
  r.node = n;
  r.reverse = reverse;
  r.dist.assign(search_.begin(), search_.begin() + static_cast<std::ptrdiff_t>(m));
  r.dist.shrink_to_fit();  // a reused row of a larger graph gives its memory back
  row_of_[reverse][n] = at;
  order_.push_back(at);
  cache_bytes_ += bytes;
  return r.dist.data();
}

int32_t GraphIndex::node(std::string_view name) const {
  auto it = std::lower_bound(names_.begin(), names_.end(), name);
  return it != names_.end() && *it == name ? static_cast<int32_t>(it - names_.begin()) : -1;
}

int32_t GraphIndex::graph(std::string_view name) const {
  for (size_t g = 0; g < graphs_.size(); ++g)
    if (graphs_[g].name == name) return static_cast<int32_t>(g);
  return -1;
}

bool GraphIndex::has_tag(int32_t n, std::string_view tag) const {
  const auto& t = tags_[n];
  return std::binary_search(t.begin(), t.end(), tag);
}

int GraphIndex::distance(int32_t a, int32_t b) const {
  if (graph_of_[a] != graph_of_[b]) return -1;
  if (row_of_[0][a] < 0) {
    // A cached row into b serves as well as one out of a (in a symmetric
    // graph, b's own row is one).
    const int32_t into = row_of_[graphs_[graph_of_[a]].symmetric ? 0 : 1][b];
    if (into >= 0) return rows_[into].dist[local(a)];
  }
  return row(a, false)[local(b)];
}

void GraphIndex::search(int32_t start, bool reverse, const Blocked& blocked, int32_t exempt, int max_depth,
                        std::vector<int32_t>& dist) const {
  const size_t m = graphs_[graph_of_[start]].nodes.size();
  // dist[0..m): the distances; dist[m..2m): the queue of nodes in the order
  // they were reached. One buffer, so a search allocates nothing once the
  // caller's buffer has grown.
  dist.assign(2 * m, -1);
  const auto& first = reverse ? radj_start_ : adj_start_;
  const auto& edges = reverse ? radj_ : adj_;
  int32_t* queue = dist.data() + m;
  size_t tail = 0;
  queue[tail++] = start;
  dist[local(start)] = 0;
  for (size_t head = 0; head < tail; ++head) {
    const int32_t at = queue[head];
    const int32_t d = dist[local(at)];
    work_ += 1 + static_cast<uint64_t>(first[at + 1] - first[at]);
    if (d >= max_depth) continue;
    for (int32_t i = first[at]; i < first[at + 1]; ++i) {
      const int32_t next = edges[i];
      if (dist[local(next)] >= 0) continue;
      if (!blocked.empty() && blocked[next] && next != exempt) continue;
      dist[local(next)] = d + 1;
      queue[tail++] = next;
    }
  }
}

bool GraphIndex::path(int32_t from, int32_t to, const Blocked& blocked, std::vector<int32_t>& out,
                      std::vector<int32_t>& work) const {
  out.clear();
  if (graph_of_[from] != graph_of_[to]) return false;
  if (from == to) return true;
  if (!blocked.empty() && blocked[to]) return false;
  // Distance of every node to `to`: the row into `to` when nothing is
  // blocked, else a search against the edges from `to`.
  const int32_t* goal = nullptr;
  if (blocked.empty()) {
    goal = row(to, true);
  } else {
    search(to, true, blocked, from, std::numeric_limits<int>::max(), work);
    goal = work.data();
  }
  auto to_goal = [&](int32_t n) { return goal[local(n)]; };
  int32_t at = from;
  int left = to_goal(from);
  if (left < 0) return false;
  while (at != to) {
    for (int32_t next : adjacent(at)) {
      if (!blocked.empty() && blocked[next] && next != to) continue;
      if (to_goal(next) == left - 1) {
        at = next;
        break;
      }
    }
    --left;
    out.push_back(at);
  }
  return true;
}

void GraphIndex::within(int32_t from, int d, const Blocked& blocked, std::vector<int32_t>& out,
                        std::vector<int32_t>& work) const {
  out.clear();
  if (d < 1) return;
  const Graph& g = graphs_[graph_of_[from]];
  const int32_t* dist = nullptr;
  if (blocked.empty()) {
    dist = row(from, false);
  } else {
    search(from, false, blocked, from, d, work);
    dist = work.data();
  }
  for (size_t i = 0; i < g.nodes.size(); ++i)
    if (dist[i] >= 1 && dist[i] <= d) out.push_back(g.nodes[i]);
  std::sort(out.begin(), out.end(), [&](int32_t a, int32_t b) {
    const int32_t da = dist[local(a)], db = dist[local(b)];
    return da != db ? da < db : a < b;
  });
}

}  // namespace tabula
