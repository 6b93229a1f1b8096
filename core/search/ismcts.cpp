#include "core/search/ismcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "core/rules/engine.h"
#include "core/rules/subset.h"
#include "core/state/outcome.h"

namespace tabula {

namespace {

// Subset decisions with more sets than this are sampled by rank, and a node
// considers at most this many of their sets.
constexpr uint64_t kMaxSets = 64;
// A playout without a depth stops here all the same (a game that never ends).
constexpr uint64_t kMaxPlayout = 20000;
// A tree kept from decision to decision is dropped past this many nodes.
constexpr size_t kMaxKept = 1 << 20;
constexpr uint64_t kNoRank = UINT64_MAX;

uint64_t fnv(uint64_t h, std::string_view text) {
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return h;
}
constexpr uint64_t kFnvBasis = 0xcbf29ce484222325ull;

// An edge's key: the seat and the option id, or the set as subset_id writes
// it, hashed without building the string.
uint64_t option_key(int seat, const Decision& d, size_t index) {
  return derive_seed(fnv(kFnvBasis, d.options[index].id), static_cast<uint64_t>(seat));
}
uint64_t set_key(int seat, const Decision& d, const std::vector<size_t>& set) {
  uint64_t h = kFnvBasis;
  if (set.empty()) h = fnv(h, kEmptySubset);
  for (size_t i = 0; i < set.size(); ++i) {
    if (i) h = fnv(h, std::string_view(&kSubsetSeparator, 1));
    h = fnv(h, d.options[set[i]].id);
  }
  return derive_seed(h, static_cast<uint64_t>(seat));
}

}  // namespace

size_t IsmctsAgent::decide(const SeatDecision& sd) {
  last_iterations_ = 0;
  last_kept_ = 0;
  if (sd.decision().options.size() == 1) return 0;
  search(sd);
  return static_cast<size_t>(best_root(sd, sd.decision().options.size()));
}

void IsmctsAgent::decide_subset(const SeatDecision& sd, std::vector<size_t>& out) {
  last_iterations_ = 0;
  last_kept_ = 0;
  if (subset_count(sd.decision()) == 1) return subset_at(sd.decision(), 0, out);
  search(sd);
  subset_at(sd.decision(), best_root(sd, subset_count(sd.decision())), out);
}

void IsmctsAgent::search(const SeatDecision& sd) {
  rating_fn_ = resolve(sd.engine(), params_.rating);
  resign_ = &sd.engine().packs().resign;
  root_order_.clear();
  if (!reuse(sd)) {
    nodes_.clear();
    edges_.clear();
    root_ = 0;
    nodes_.push_back(Node{rng_.next()});
  }
  tree_engine_ = &sd.engine();
  last_kept_ = nodes_[root_].visits;
  if (params_.prior > 0 && nodes_[root_].first_edge < 0) seed_prior(sd);
  margin_sum_ = 0;
  margins_ = 0;
  int64_t n = 0;
  if (params_.ms > 0) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(params_.ms);
    do {
      iterate(sd);
      ++n;
    } while (std::chrono::steady_clock::now() < end);
  } else {
    for (; n < params_.iterations; ++n) iterate(sd);
  }
  last_iterations_ = n;
}

// The subtree under the option it chose last is a head start when the seat
// decides again right after that choice (nobody else chose in between: the
// count of choices applied, which every seat sees, says so). What the choice
// itself revealed (a card drawn, a die) is new to the seat; the old
// iterations, played on guesses of it, stay as a prior that the new ones
// outweigh. The root's edges are matched to today's options by key; an edge
// without one is left out of the answer. Sampled subset decisions (too many
// sets to list) and a tree past kMaxKept nodes start afresh.
bool IsmctsAgent::reuse(const SeatDecision& sd) {
  const int32_t child = last_edge_ >= 0 ? edges_[last_edge_].child : -1;
  last_edge_ = -1;
  if (!params_.reuse || child < 0 || tree_engine_ != &sd.engine() || sd.seat() != last_seat_ ||
      sd.choices_applied() != last_choices_ + 1 || nodes_.size() > kMaxKept)
    return false;
  const Decision& d = sd.decision();
  if (d.subset() && subset_count(d) > kMaxSets) return false;
  root_ = child;
  for (int32_t e = nodes_[root_].first_edge; e >= 0; e = edges_[e].next) edges_[e].rank = kNoRank;
  const uint64_t count = d.subset() ? subset_count(d) : d.options.size();
  for (uint64_t r = 0; r < count; ++r) {
    uint64_t key;
    if (d.subset()) {
      subset_at(d, r, set_);
      key = set_key(sd.seat(), d, set_);
    } else {
      key = option_key(sd.seat(), d, static_cast<size_t>(r));
    }
    for (int32_t e = nodes_[root_].first_edge; e >= 0; e = edges_[e].next)
      if (edges_[e].key == key) edges_[e].rank = r;
  }
  return true;
}

// The options a node may consider: the first ceil(widen_k * visits^widen_alpha)
// in the node's own random order (at a root with a prior, the rating's),
// leaving out those that give the game up ([pack] resign) while another is
// open: a search that has looked at a move a few times must not concede on
// the strength of it.
void IsmctsAgent::candidates(const Node& node, const Decision& d, int seat, bool at_root) {
  cands_.clear();
  const double widened = std::ceil(params_.widen_k * std::pow(static_cast<double>(std::max<uint32_t>(node.visits, 1)), params_.widen_alpha));
  const size_t allowed = widened < 1 ? 1 : widened > 1e9 ? size_t{1000000000} : static_cast<size_t>(widened);
  if (!d.subset()) {
    const bool play_on = !resign_->empty() && plays_on(*resign_, d);
    const bool ordered = at_root && root_order_.size() == d.options.size();
    for (size_t i = 0; i < d.options.size(); ++i) {
      if (play_on && resigns(*resign_, d.options[i])) continue;
      const uint64_t key = option_key(seat, d, i);
      cands_.push_back({key, ordered ? root_order_[i] : derive_seed(key, node.salt), i, -1});
    }
  } else if (const uint64_t count = subset_count(d); count <= kMaxSets) {
    for (uint64_t r = 0; r < count; ++r) {
      subset_at(d, r, set_);
      const uint64_t key = set_key(seat, d, set_);
      cands_.push_back({key, derive_seed(key, node.salt), r, -1});
    }
  } else {
    // Too many sets to list: the node's own sample of ranks, in the order
    // drawn, as many as it may consider.
    const uint64_t want = std::min<uint64_t>(allowed, kMaxSets);
    for (uint64_t j = 0; j < want; ++j) {
      const uint64_t r = derive_seed(node.salt, j) % count;
      subset_at(d, r, set_);
      const uint64_t key = set_key(seat, d, set_);
      if (std::none_of(cands_.begin(), cands_.end(), [&](const Candidate& c) { return c.key == key; }))
        cands_.push_back({key, j, r, -1});
    }
  }
  auto before = [](const Candidate& a, const Candidate& b) {
    return a.priority != b.priority ? a.priority < b.priority : a.key < b.key;
  };
  if (cands_.size() > allowed) {
    std::nth_element(cands_.begin(), cands_.begin() + static_cast<std::ptrdiff_t>(allowed), cands_.end(), before);
    cands_.resize(allowed);
  }
  std::sort(cands_.begin(), cands_.end(), before);
  for (auto& c : cands_)
    for (int32_t e = node.first_edge; e >= 0; e = edges_[e].next)
      if (edges_[e].key == c.key) {
        c.edge = e;
        break;
      }
}

bool IsmctsAgent::apply(Engine& engine, State& s, const Decision& d, int seat, uint64_t rank) {
  if (!d.subset()) return engine.apply_index(s, seat, static_cast<size_t>(rank), Mode::Playout).ok;
  subset_at(d, rank, set_);
  return engine.apply_subset(s, seat, set_, Mode::Playout).ok;
}

void IsmctsAgent::iterate(const SeatDecision& sd) {
  Engine& engine = sd.engine();
  State s = sd.determinize(rng_.next());
  reward_.assign(s.seats.size(), 0.0);
  path_.clear();
  // A relative score is judged against where this determinization starts.
  base_.clear();
  if (params_.use_rating && engine.packs().score_relative && (rating_fn_ >= 0 || engine.has_score()))
    for (size_t i = 0; i < s.seats.size(); ++i) base_.push_back(engine.rate(s, static_cast<int>(i), rating_fn_));
  int32_t node = root_;
  bool scored = false;
  while (!s.over && !s.pending.empty()) {
    // The seat that decides: the root's, then the lowest with a decision open.
    int seat = sd.seat();
    if (!path_.empty()) {
      seat = s.pending.front().seat;
      for (const auto& p : s.pending) seat = std::min(seat, p.seat);
    }
    const Decision* d = s.pending_for(seat);
    if (!d || d->options.empty()) {
      lose(seat);
      scored = true;
      break;
    }
    ++nodes_[node].visits;
    candidates(nodes_[node], *d, seat, path_.empty());
    // Every considered edge was available; the first one not yet in the tree
    // (in the node's order) is added, else UCB1 picks.
    // The option is applied by its place in this determinization's decision
    // (the candidate's rank): another seat's options may lie elsewhere in
    // another determinization, so an edge's own rank holds only at the root.
    int32_t pick = -1;
    uint64_t pick_rank = 0;
    const Candidate* fresh = nullptr;
    for (const auto& c : cands_) {
      if (c.edge >= 0) ++edges_[c.edge].avail;
      else if (!fresh) fresh = &c;
    }
    if (fresh) {
      pick = static_cast<int32_t>(edges_.size());
      Edge e;
      e.key = fresh->key;
      e.next = nodes_[node].first_edge;
      e.seat = seat;
      e.avail = 1;
      e.rank = fresh->rank;
      pick_rank = fresh->rank;
      edges_.push_back(e);
      nodes_[node].first_edge = pick;
    } else {
      double best = -1;
      for (const auto& c : cands_) {
        const Edge& e = edges_[c.edge];
        const double v = e.reward / e.visits +
                         params_.exploration * std::sqrt(std::log(static_cast<double>(e.avail)) / e.visits);
        if (v > best) {
          best = v;
          pick = c.edge;
          pick_rank = c.rank;
        }
      }
    }
    path_.push_back(pick);
    if (!apply(engine, s, *d, seat, pick_rank)) {  // the state is unusable now
      lose(seat);
      scored = true;
      break;
    }
    if (fresh) break;
    if (edges_[pick].child < 0) {
      edges_[pick].child = static_cast<int32_t>(nodes_.size());
      nodes_.push_back(Node{rng_.next()});
    }
    node = edges_[pick].child;
  }
  if (!scored) {
    if (!s.over && !s.pending.empty()) {
      if (params_.greedy_playouts) {
        greedy_.emplace(engine, rng_.next(), rating_fn_);
        walkers_.assign(s.seats.size(), &*greedy_);
      } else {
        walker_ = PlayoutWalker(rng_.next(), &engine.packs().resign);
        walkers_.assign(s.seats.size(), &walker_);
      }
      const uint64_t cap = params_.depth > 0 ? static_cast<uint64_t>(params_.depth) : kMaxPlayout;
      const PlayoutResult r = play_out(engine, s, walkers_, cap);
      if (r.failed) lose(r.seat);
      else evaluate(engine, s);
    } else {
      evaluate(engine, s);
    }
  }
  for (int32_t e : path_) {
    Edge& edge = edges_[e];
    ++edge.visits;
    edge.reward += reward_[static_cast<size_t>(edge.seat)];
  }
}

void IsmctsAgent::evaluate(Engine& engine, State& s) {
  const int seats = static_cast<int>(reward_.size());
  if (s.over) {
    Outcome o;
    read_outcome(s.result, seats, o);
    size_t winners = 0;
    for (int w : o.winners) winners += w >= 0 && w < seats;
    if (winners) {
      for (int w : o.winners)
        if (w >= 0 && w < seats) reward_[static_cast<size_t>(w)] = 1.0 / static_cast<double>(winners);
    } else if (o.has_scores && !o.has_winners && static_cast<int>(o.scores.size()) == seats) {
      rank_first(o.scores);
    } else {
      // Nobody won: a draw shared among rivals, a loss for a seat alone.
      std::fill(reward_.begin(), reward_.end(), seats > 1 ? 1.0 / seats : 0.0);
    }
    return;
  }
  if (params_.use_rating && (rating_fn_ >= 0 || engine.has_score())) {
    scores_.resize(reward_.size());
    for (int i = 0; i < seats; ++i) scores_[static_cast<size_t>(i)] = engine.rate(s, i, rating_fn_);
    graded(scores_);
    return;
  }
  std::fill(reward_.begin(), reward_.end(), 1.0 / seats);
}

// A finished game's scores without winners: the best seats share 1, the
// others get 0.
void IsmctsAgent::rank_first(const std::vector<int64_t>& scores) {
  const int64_t best = *std::max_element(scores.begin(), scores.end());
  const double top = static_cast<double>(std::count(scores.begin(), scores.end(), best));
  for (size_t i = 0; i < scores.size(); ++i) reward_[i] = scores[i] == best ? 1.0 / top : 0.0;
}

// Each seat's lead over the best of the others (or, for a pack whose score
// already weighs the seat against the others, its gain over the start of the
// iteration, base_), squashed by a logistic curve whose scale is the mean
// size of the leads met so far in this search: a rating's scale is the
// pack's own, so it is learnt, not assumed. A big lead is near a win and a
// small one near a draw, which tells close positions apart better than who
// happens to lead.
void IsmctsAgent::graded(const std::vector<int64_t>& scores) {
  const size_t n = scores.size();
  if (n < 2 && base_.empty()) {
    reward_[0] = 0.5;
    return;
  }
  for (size_t i = 0; i < n; ++i) {
    int64_t other = INT64_MIN;
    if (!base_.empty()) other = base_[i];
    else
      for (size_t j = 0; j < n; ++j)
        if (j != i) other = std::max(other, scores[j]);
    const double lead = static_cast<double>(scores[i]) - static_cast<double>(other);
    margin_sum_ += std::fabs(lead);
    ++margins_;
    reward_[i] = lead;
  }
  const double scale = std::max(1.0, margin_sum_ / static_cast<double>(margins_));
  for (size_t i = 0; i < n; ++i) reward_[i] = 1.0 / (1.0 + std::exp(-reward_[i] / scale));
}

// A failed choice (or a decision without options) loses for its seat; the
// others share the win.
void IsmctsAgent::lose(int seat) {
  const size_t seats = reward_.size();
  if (seat < 0 || static_cast<size_t>(seat) >= seats) {
    std::fill(reward_.begin(), reward_.end(), 1.0 / static_cast<double>(seats));
    return;
  }
  std::fill(reward_.begin(), reward_.end(), seats > 1 ? 1.0 / static_cast<double>(seats - 1) : 0.0);
  reward_[static_cast<size_t>(seat)] = 0;
}

// Progressive bias (params_.prior): on one determinization, each option
// played one choice ahead and rated for the seat, as `greedy` does; the
// ratings, scaled to the range between the worst and the best, become
// `prior` visits of reward 0.25 to 0.75 on a new edge (a win 1, a loss or a
// failed choice 0), and the root widens from the best-rated option down.
void IsmctsAgent::seed_prior(const SeatDecision& sd) {
  Engine& engine = sd.engine();
  const Decision& d = sd.decision();
  const size_t n = d.options.size();
  if (d.subset() || n < 2 || (rating_fn_ < 0 && !engine.has_score())) return;
  const bool play_on = !resign_->empty() && plays_on(*resign_, d);
  const State world = sd.determinize(rng_.next());
  std::vector<int64_t> value(n, INT64_MIN);
  std::vector<bool> open(n, false);
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (size_t i = 0; i < n; ++i) {
    if (play_on && resigns(*resign_, d.options[i])) continue;
    open[i] = true;
    State next = world;
    if (!engine.apply_index(next, sd.seat(), i, Mode::Playout).ok) continue;
    value[i] = rate_reached(engine, next, sd.seat(), rating_fn_);
    if (value[i] != INT64_MIN && value[i] != INT64_MAX) lo = std::min(lo, value[i]), hi = std::max(hi, value[i]);
  }
  std::vector<double> share(n, 0.0);
  for (size_t i = 0; i < n; ++i) {
    if (value[i] == INT64_MAX) share[i] = 1.0;
    else if (value[i] == INT64_MIN) share[i] = 0.0;
    else share[i] = 0.25 + 0.5 * (hi > lo ? static_cast<double>(value[i] - lo) / static_cast<double>(hi - lo) : 0.5);
  }
  std::vector<size_t> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return share[a] > share[b]; });
  root_order_.assign(n, 0);
  for (size_t place = 0; place < n; ++place) root_order_[order[place]] = place;
  const uint32_t visits = static_cast<uint32_t>(params_.prior);
  for (size_t i = 0; i < n; ++i) {
    if (!open[i]) continue;
    Edge e;
    e.key = option_key(sd.seat(), d, i);
    e.next = nodes_[root_].first_edge;
    e.seat = sd.seat();
    e.visits = visits;
    e.avail = visits;
    e.reward = share[i] * visits;
    e.rank = i;
    nodes_[root_].first_edge = static_cast<int32_t>(edges_.size());
    edges_.push_back(e);
    nodes_[root_].visits += visits;
  }
}

uint64_t IsmctsAgent::best_root(const SeatDecision& sd, uint64_t count) {
  uint32_t most = 0;
  ties_.clear();
  for (int32_t e = nodes_[root_].first_edge; e >= 0; e = edges_[e].next) {
    if (edges_[e].rank == kNoRank) continue;  // a kept edge that is not an option now
    if (edges_[e].visits > most || ties_.empty()) {
      most = edges_[e].visits;
      ties_.assign(1, e);
    } else if (edges_[e].visits == most) {
      ties_.push_back(e);
    }
  }
  last_seat_ = sd.seat();
  last_choices_ = sd.choices_applied();
  if (ties_.empty()) return rng_.below(count);  // no iteration ran
  last_edge_ = ties_[static_cast<size_t>(rng_.below(ties_.size()))];
  return edges_[last_edge_].rank;
}

}  // namespace tabula
