// Runs the declared flow (pack.h, FlowNode): one small step per call, so
// that the engine can stop at any decision and the position stays data.
#include <algorithm>

#include "core/lua/lua_host.h"
#include "core/rules/kernel.h"
#include "core/state/kernel_error.h"

namespace tabula {

namespace {
// What a node's hooks get as ctx.args: what tabula.start gave this run of
// the node, else the node's declared args.
const Value& hook_args(const FlowFrame& f, const FlowNode& n) { return f.args.is_nil() ? n.args : f.args; }
}  // namespace

// An each_seat node runs once per seat of the game, or of its seat group.
int Kernel::loop_seats(int node, int seats) const {
  const SeatGroup* g = node_fns_[node].group;
  return g ? g->end(seats) - g->first : seats;
}

// The seat of the frame's current unit. A group's seats run in seat order
// from the first member at or after the starting seat, wrapping around
// within the group. Groups are runs of seats, so a starting seat outside the
// group starts at the group's first seat (the group lies after it, or the
// order wraps around to it).
int Kernel::loop_seat(const FlowFrame& f, int seats) const {
  const SeatGroup* g = node_fns_[f.node].group;
  if (!g) return (f.first_seat + f.seat_pos) % seats;
  const int end = g->end(seats), size = end - g->first;
  if (size <= 0) return -1;
  const int from = f.first_seat >= g->first && f.first_seat < end ? f.first_seat - g->first : 0;
  return g->first + (from + f.seat_pos) % size;
}

int Kernel::body_length(const FlowNode& n) const {
  if (n.combat) return static_cast<int>(packs_->combat.stages.size());
  if (!n.stages.empty()) return static_cast<int>(n.stages.size());
  if (!n.hook.empty()) return 1;
  return static_cast<int>(n.steps.size());
}

// Starts one unit of the top frame's body: sets the counter and the seat,
// opens a fight for the combat pipeline, and honours skip_if.
void Kernel::enter_unit(State& s) {
  FlowFrame& f = s.flow.back();
  const int node = f.node;
  const FlowNode& n = *nodes_[node];
  f.child = 0;
  if (!n.counter.empty()) s.set_var(n.counter, Value(static_cast<int64_t>(f.iteration)));
  const size_t depth = s.flow.size();
  if (node_fns_[node].skip_if >= 0 && query(s, node_fns_[node].skip_if, CallKind::SkipIf, node, &hook_args(f, n))) {
    s.flow[depth - 1].child = body_length(n);
    return;
  }
  if (n.combat || n.fight) open_fight(s, node);
}

void Kernel::advance_flow(State& s) {
  // A decided fight drops what its body started (child steps, started nodes).
  if (s.combat.active && s.combat.defeated && static_cast<int>(s.flow.size()) > s.combat.flow_depth) {
    for (size_t i = static_cast<size_t>(s.combat.flow_depth); i < s.flow.size(); ++i) host_->dequeued(frame_bytes(s.flow[i]));
    s.flow.resize(static_cast<size_t>(s.combat.flow_depth));
    return;
  }
  const size_t depth = s.flow.size();
  FlowFrame& f = s.flow.back();
  const int node = f.node;
  const FlowNode& n = *nodes_[node];
  const NodeFns& fns = node_fns_[node];
  const int nseats = static_cast<int>(s.seats.size());

  if (!f.started) {
    f.started = true;
    f.iteration = 1;
    f.seat_pos = 0;
    f.first_seat = s.start_seat;
    f.child = -1;  // the first unit is entered after `begin` has run
    if (n.each_seat && loop_seats(node, nseats) <= 0 && fns.group)
      throw KernelError("flow " + n.id + ": seat group '" + fns.group->name + "' has no seat in a game of " +
                        std::to_string(nseats) + " seats");
    if (fns.until >= 0 && query(s, fns.until, CallKind::Until, node, &hook_args(f, n))) {
      host_->dequeued(frame_bytes(f));
      s.flow.pop_back();  // nothing to do at all: neither begin nor finish
      return;
    }
    if (fns.begin >= 0) {
      schedule(s, Call{fns.begin, kNoEntity, CallKind::Begin, node, hook_args(f, n)});
      flush_scheduled(s);
    }
    if (node == pause_node_ && pause_edge_ == FlowEdge::Entered) pause_hit_ = true;
    return;
  }
  if (f.child < 0) {
    enter_unit(s);
    return;
  }

  if (f.child < body_length(n)) {
    if ((n.combat || n.fight) && s.combat.defeated) {
      f.child = body_length(n);  // the fight is decided: the rest of its body is skipped
      return;
    }
    if (n.combat || !n.stages.empty()) {
      const int stage = f.child;
      if (n.combat || n.fight) s.combat.stage = stage;
      ++f.child;
      schedule(s, Call{n.combat ? stage_fns_[stage] : fns.stages[stage], kNoEntity, CallKind::Stage, stage, hook_args(f, n)});
      flush_scheduled(s);
    } else if (fns.hook >= 0) {
      ++f.child;
      schedule(s, Call{fns.hook, kNoEntity, CallKind::Flow, node, hook_args(f, n)});
      flush_scheduled(s);
    } else {
      int child = node_index(n.steps[f.child]);
      ++f.child;
      host_->queued(sizeof(FlowFrame));
      s.flow.push_back(FlowFrame{child});
    }
    return;
  }

  // The unit is done: close a fight, then move to the next seat, the next
  // iteration, or finish the node.
  if (n.combat || n.fight) s.combat.active = false;
  if (n.each_seat && f.seat_pos + 1 < loop_seats(node, nseats)) {
    ++f.seat_pos;
    enter_unit(s);
    return;
  }
  const bool more = n.repeat == 0 || f.iteration < n.repeat;
  if (more && f.iteration > 0) {
    if (n.rotate_start != 0 && nseats > 0)
      s.start_seat = ((s.start_seat + n.rotate_start) % nseats + nseats) % nseats;
    if (fns.until < 0 || !query(s, fns.until, CallKind::Until, node, &hook_args(f, n))) {
      FlowFrame& g = s.flow[depth - 1];
      ++g.iteration;
      g.seat_pos = 0;
      g.first_seat = s.start_seat;
      enter_unit(s);
      return;
    }
  }
  Value args = hook_args(s.flow.back(), n);
  host_->dequeued(frame_bytes(s.flow.back()));
  s.flow.pop_back();
  if (fns.finish >= 0) {
    schedule(s, Call{fns.finish, kNoEntity, CallKind::Finish, node, std::move(args)});
    flush_scheduled(s);
  }
  if (node == pause_node_ && pause_edge_ == FlowEdge::Finished) pause_hit_ = true;
}

}  // namespace tabula
