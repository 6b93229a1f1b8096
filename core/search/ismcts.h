// Information-set Monte Carlo tree search (single observer; Cowling, Powley
// and Whitehouse 2012) for any pack: the search player of the seat that
// decides, built on SeatDecision so that it never reads what its seat cannot
// see (ENGINE.md invariant 14; docs/architecture.md, "Information sets and
// determinization").
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/search/playout.h"
#include "core/search/seat_decision.h"
#include "core/state/rng.h"

namespace tabula {

struct IsmctsParams {
  int64_t iterations = 1000;  // the budget, deterministic for a seed
  int64_t ms = 0;             // when > 0: a time budget instead (not deterministic)
  double exploration = 0.7;   // UCB1's constant (rewards lie in [0, 1])
  // Progressive widening: a node visited v times considers at most
  // ceil(widen_k * v^widen_alpha) of its options.
  double widen_k = 2.0, widen_alpha = 0.5;
  int depth = 0;              // a playout stops after this many choices; 0: at the end
  bool use_rating = true;     // rate a cut playout by `rating` (each seat's lead, squashed)
  // The rating cut playouts are scored by (a named bot's; empty: the pack's
  // [pack] score), and with greedy_playouts the one the playouts follow:
  // one step ahead (GreedyWalker) instead of at random.
  FunctionRef rating;
  bool greedy_playouts = false;
  // Keep the subtree of its last choice when the seat decides again right
  // after it (IsmctsAgent::reuse).
  bool reuse = true;
  // Progressive bias at a new root: each option starts with this many
  // visits whose reward follows its rating one choice ahead (the best-rated
  // 0.75 a visit, the worst 0.25), and the root widens in the rating's
  // order; 0: no prior. A small budget then starts where `greedy` ends.
  int prior = 0;
};

// Each iteration draws a determinization of the deciding seat's information
// set (SeatDecision::determinize, a seed from the agent's own RNG), walks
// down a tree of options (edges keyed by the seat that chose and the option
// id, or the canonical set for a subset decision) by UCB1 with availability
// counts for whichever seat decides at each node (the lowest seat first when
// several decisions are open, as play_out does), adds one edge, plays on at
// random (RandomAgent; GreedyWalker with greedy_playouts) to the end or to
// `depth` choices and credits each edge with the reward of the seat that
// chose it. A failed choice (a script error in Mode::Playout) ends the
// iteration as a loss for its seat. The answer is the most visited option of
// the root. When the seat decides again right after its own choice, the
// search goes on from the subtree of that choice (reuse); otherwise the tree
// is built anew.
class IsmctsAgent : public InfoSetAgent {
 public:
  IsmctsAgent(Engine& engine, uint64_t seed, IsmctsParams params = {})
      : InfoSetAgent(engine), rng_(seed), params_(params) {}
  // Iterations run by the last decision (0 when it had one answer).
  int64_t last_iterations() const { return last_iterations_; }
  // Visits of the root kept from the decision before (reuse); 0 when the
  // last decision's tree was built anew.
  uint32_t last_kept() const { return last_kept_; }

 protected:
  size_t decide(const SeatDecision& sd) override;
  void decide_subset(const SeatDecision& sd, std::vector<size_t>& out) override;

 private:
  struct Node {
    uint64_t salt = 0;       // orders the options for widening, drawn once
    int32_t first_edge = -1;
    uint32_t visits = 0;
  };
  struct Edge {
    uint64_t key = 0;        // the seat and the option id (or set)
    int32_t child = -1;
    int32_t next = -1;       // the node's next edge
    int32_t seat = 0;        // who chose it; its rewards are that seat's
    uint32_t visits = 0, avail = 0;
    double reward = 0;
    uint64_t rank = 0;       // at the root: the option index or the set's rank
  };
  struct Candidate {
    uint64_t key, priority, rank;  // rank: the option index, or the set's rank
    int32_t edge;                  // -1: not in the tree yet
  };

  void search(const SeatDecision& sd);
  void iterate(const SeatDecision& sd);
  void candidates(const Node& node, const Decision& d, int seat, bool at_root);
  void seed_prior(const SeatDecision& sd);
  bool apply(Engine& engine, State& s, const Decision& d, int seat, uint64_t rank);
  void evaluate(Engine& engine, State& s);
  void lose(int seat);
  void rank_first(const std::vector<int64_t>& scores);
  void graded(const std::vector<int64_t>& scores);
  // The most visited root edge: its option index or set rank (of `count`).
  uint64_t best_root(const SeatDecision& sd, uint64_t count);
  bool reuse(const SeatDecision& sd);

  Rng rng_;
  IsmctsParams params_;
  int64_t last_iterations_ = 0;
  uint32_t last_kept_ = 0;
  std::vector<Node> nodes_;
  int32_t root_ = 0;
  // The last answer, for reuse: its root edge, seat and choice count, and
  // the engine the tree was built with (packs reloaded: start afresh).
  int32_t last_edge_ = -1;
  int last_seat_ = -1;
  uint64_t last_choices_ = 0;
  const Engine* tree_engine_ = nullptr;
  std::vector<Edge> edges_;
  std::vector<Candidate> cands_;
  std::vector<int32_t> path_;
  std::vector<double> reward_;
  std::vector<size_t> set_;
  std::vector<int32_t> ties_;
  std::vector<int64_t> scores_;
  std::vector<int64_t> base_;
  const std::vector<std::string>* resign_ = nullptr;  // [pack] resign of the engine searched
  std::vector<uint64_t> root_order_;  // with a prior: each root option's place by its rating    // each seat's rating where the iteration starts ([pack] score_relative)
  double margin_sum_ = 0;  // of |lead| over this search's rated playouts
  int64_t margins_ = 0;
  PlayoutWalker walker_{0, nullptr};
  std::vector<Agent*> walkers_;  // walker_ (or greedy_) for every seat
  int32_t rating_fn_ = -1;       // params_.rating resolved for this decision
  std::optional<GreedyWalker> greedy_;
};

}  // namespace tabula
