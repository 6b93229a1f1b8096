// The pack's declared graphs ([graphs.X], pack.h GraphDef) as numbers:
// nodes numbered in name order across all graphs, and sorted adjacency.
// Distances come from rows: the distances from one node to every node of
// its graph (or from every node to it), one breadth-first search each,
// computed when first asked for and cached within a budget of bytes (the
// oldest row goes first; the engine counts the cache against its memory
// cap). A row is the same whenever it is computed, so what the cache holds
// never changes an answer. Queries copy nothing of the graph; the ones that
// avoid blocked nodes search anew into buffers the caller keeps.
#pragma once
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/pack/pack.h"

namespace tabula {

class GraphIndex {
 public:
  // The most nodes a pack's graphs may hold together (the loader refuses
  // more, docs/packs.md): a row of the largest graph takes 40 KB.
  static constexpr size_t kMaxNodes = 10000;

  GraphIndex() = default;
  explicit GraphIndex(const PackSet& packs);

  // The bytes the cached rows may take, and take now.
  void set_cache_budget(size_t bytes) { budget_ = static_cast<int64_t>(bytes); }
  int64_t cache_bytes() const { return cache_bytes_; }
  // Nodes and edges the searches have visited since the last call (the
  // deterministic instruction budget charges them: docs/lua-api.md).
  uint64_t take_work() const {
    const uint64_t w = work_;
    work_ = 0;
    return w;
  }

  size_t node_count() const { return names_.size(); }
  int32_t node(std::string_view name) const;   // -1 when no graph has it
  int32_t graph(std::string_view name) const;  // -1 when not declared
  const std::string& node_name(int32_t n) const { return names_[n]; }
  const std::string& graph_name(int32_t g) const { return graphs_[g].name; }
  int32_t graph_of(int32_t n) const { return graph_of_[n]; }

  std::span<const int32_t> nodes(int32_t g) const { return graphs_[g].nodes; }  // in node order
  std::span<const int32_t> adjacent(int32_t n) const {
    return {adj_.data() + adj_start_[n], adj_.data() + adj_start_[n + 1]};
  }
  const std::vector<std::string>& tags(int32_t n) const { return tags_[n]; }  // sorted
  bool has_tag(int32_t n, std::string_view tag) const;

  // Edges between a and b on a shortest path; -1 when b cannot be reached
  // (or lies in another graph).
  int distance(int32_t a, int32_t b) const;

  // Nodes a search may not enter: blocked[n] != 0. Empty: none.
  using Blocked = std::vector<uint8_t>;

  // The shortest path from `from` to `to` that enters no blocked node, as
  // the nodes after `from` up to `to`; false when there is none. Among
  // equally short paths, each step goes to the first neighbour in node
  // order. `work` is scratch space.
  bool path(int32_t from, int32_t to, const Blocked& blocked, std::vector<int32_t>& out, std::vector<int32_t>& work) const;

  // The nodes at distance 1..d from `from` over nodes that are not blocked,
  // nearest first, then in node order.
  void within(int32_t from, int d, const Blocked& blocked, std::vector<int32_t>& out, std::vector<int32_t>& work) const;

 private:
  struct Graph {
    std::string name;
    std::vector<int32_t> nodes;  // global ids, ascending
    bool symmetric = true;       // every edge both ways: a row serves both directions
  };
  // The distances from node n to every node of its graph by local id (or,
  // reverse, from every node to n), -1 where there is no path: cached, or
  // searched now. Valid until the next call.
  const int32_t* row(int32_t n, bool reverse) const;
  struct Row {
    int32_t node = -1;
    bool reverse = false;
    std::vector<int32_t> dist;
  };
  // Distances from `start` (by local id of its graph) along the edges, or
  // against them when `reverse`, entering no blocked node but `exempt`;
  // -1 = not reached within max_depth. `dist` holds the distances in its
  // first (graph size) entries; the rest is the search's queue.
  void search(int32_t start, bool reverse, const Blocked& blocked, int32_t exempt, int max_depth,
              std::vector<int32_t>& dist) const;
  int32_t local(int32_t n) const { return local_[n]; }

  std::vector<Graph> graphs_;       // in name order
  std::vector<std::string> names_;  // node id -> name
  std::vector<int32_t> graph_of_, local_;
  std::vector<int32_t> adj_start_, adj_;    // edges out of each node, sorted
  std::vector<int32_t> radj_start_, radj_;  // edges into each node, sorted
  std::vector<std::vector<std::string>> tags_;
  // The row cache: per direction, each node's row in rows_ (-1: none);
  // the rows, the cached ones in the order they came, and free ones.
  mutable std::vector<int32_t> row_of_[2];
  mutable std::vector<Row> rows_;
  mutable std::deque<int32_t> order_;  // the cached rows, oldest first
  mutable std::vector<int32_t> free_;
  mutable std::vector<int32_t> search_;
  mutable int64_t cache_bytes_ = 0;
  int64_t budget_ = 4 << 20;
  mutable uint64_t work_ = 0;
};

}  // namespace tabula
