// Starting a game inside its flow (Engine::start_at): the flow stack is
// built as the flow would have left it on reaching the place, without
// running what lies before it.
#include <algorithm>

#include "core/rules/kernel.h"

namespace tabula {

// The position in a seat loop that gives `seat`, or -1.
int Kernel::seat_pos_of(const State& s, int node, int seat) const {
  const int nseats = static_cast<int>(s.seats.size());
  FlowFrame f{node};
  f.first_seat = s.start_seat;
  for (f.seat_pos = 0; f.seat_pos < loop_seats(node, nseats); ++f.seat_pos)
    if (loop_seat(f, nseats) == seat) return f.seat_pos;
  return -1;
}

// Checks the whole path before the state changes, then pushes its frames.
// A node above the target is inside the unit the path names: started, its
// counter set, a fight opened if it is one, its child the next place. The
// target starts afresh (until, begin, then its first unit) when the place
// is its first unit; otherwise begin already ran in the part skipped, and
// the frame waits to enter the unit named (counter, skip_if, fight).
void Kernel::push_path(State& s, const std::vector<FlowPlace>& path) {
  using Part = FlowPathError::Part;
  if (path.empty()) throw FlowPathError(0, Part::Node, "the path names no node");
  const int nseats = static_cast<int>(s.seats.size());
  std::vector<FlowFrame> frames;
  for (size_t i = 0; i < path.size(); ++i) {
    const FlowPlace& p = path[i];
    const int node = node_index(p.node);
    if (i == 0 && p.node != packs_->flow_root)
      throw FlowPathError(0, Part::Node, "a path starts at the flow's root '" + packs_->flow_root + "', not '" + p.node + "'");
    if (i > 0) {
      const FlowNode& parent = *nodes_[frames.back().node];
      auto it = std::find(parent.steps.begin(), parent.steps.end(), p.node);
      if (it == parent.steps.end()) {
        std::string steps;
        for (const auto& st : parent.steps) steps += (steps.empty() ? "" : ", ") + st;
        throw FlowPathError(i, Part::Node, "'" + p.node + "' is not a step of flow node '" + parent.id + "' (its steps: " +
                                               (steps.empty() ? "none" : steps) + ")");
      }
      frames.back().child = static_cast<int>(it - parent.steps.begin()) + 1;  // as advance_flow leaves it
    }
    if (node < 0) throw FlowPathError(i, Part::Node, "no flow node '" + p.node + "'");
    const FlowNode& n = *nodes_[node];
    if (p.iteration < 1 || (n.repeat > 0 && p.iteration > n.repeat))
      throw FlowPathError(i, Part::Iteration, "flow node '" + n.id + "' runs " +
                                                  (n.repeat > 0 ? std::to_string(n.repeat) : std::string("1 or more")) +
                                                  " iteration(s); it has no iteration " + std::to_string(p.iteration));
    FlowFrame f{node};
    f.started = true;
    f.iteration = p.iteration;
    f.first_seat = s.start_seat;
    f.child = -1;
    if (p.seat >= 0) {
      if (!n.each_seat) throw FlowPathError(i, Part::Seat, "flow node '" + n.id + "' is not a seat loop (each_seat)");
      f.seat_pos = p.seat < nseats ? seat_pos_of(s, node, p.seat) : -1;
      if (f.seat_pos < 0)
        throw FlowPathError(i, Part::Seat, "seat " + std::to_string(p.seat + 1) + " is not in the seat loop of flow node '" + n.id + "'");
    } else if (n.each_seat && loop_seats(node, nseats) <= 0) {
      throw FlowPathError(i, Part::Seat, "the seat loop of flow node '" + n.id + "' has no seat in a game of " +
                                             std::to_string(nseats) + " seats");
    }
    frames.push_back(std::move(f));
  }
  s.flow.clear();
  for (size_t i = 0; i < frames.size(); ++i) {
    FlowFrame& f = frames[i];
    const FlowNode& n = *nodes_[f.node];
    if (i + 1 == frames.size() && f.iteration == 1 && f.seat_pos == 0) {
      s.flow.push_back(FlowFrame{f.node});
      break;
    }
    s.flow.push_back(f);
    if (i + 1 == frames.size()) break;
    if (!n.counter.empty()) s.set_var(n.counter, Value(static_cast<int64_t>(f.iteration)));
    if (n.combat || n.fight) {
      try {
        open_fight(s, f.node);
      } catch (const KernelError& e) {
        throw FlowPathError(i, Part::Node, e.what());
      }
    }
  }
}

}  // namespace tabula
