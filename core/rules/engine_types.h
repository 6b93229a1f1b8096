// The types of the kernel's public API (core/rules/engine.h): how a game
// runs (limits, modes), what a choice returns, places in the flow, and
// chance as data.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/pack/pack.h"
#include "core/state/kernel_error.h"
#include "core/state/state.h"

namespace tabula {

// A script failed: the action that ran it is rolled back.
struct ScriptError : std::runtime_error {
  std::string pack, where, entity, hook, message;
  // Problems found with their manifest position (functions the manifests
  // name that the scripts lack), one per problem; the message lists them.
  std::vector<Diagnostic> diagnostics;
  ScriptError(std::string pack, std::string where, std::string entity, std::string hook, std::string message);
};

struct Limits {
  // CPU time the scripts of one choice (or of a game's start) may use; 0: no
  // limit. Checked by a timer, so it costs nothing per instruction, and it is
  // not deterministic (docs/lua-api.md, "Limits").
  int64_t cpu_ms = 1000;
  size_t memory = 64u << 20;  // bytes for the whole script host
  // When > 0: a deterministic limit instead, in Lua instructions per choice,
  // counted by a hook on every instruction (slower; docs/lua-api.md).
  int64_t instructions = 0;
};

// How apply() and start() run.
enum class Mode : uint8_t {
  // For a game people follow: a failing choice is rolled back to exactly the
  // state before it, and journal lines, prompts and labels are kept.
  Play,
  // For random playouts and search: no copy is kept for rollback (a failed
  // choice leaves the state unusable: discard it) and no text is kept. States
  // hash the same in both modes.
  Playout,
};

// What wrote a journal line, as one reader may know it (Engine::cause).
struct LineCause {
  bool told = false;       // false: a card the reader did not know wrote it, and nothing is said
  std::string rule;        // the script function, "pack/file.lua:path"; "" for the kernel's own lines
  std::string layer;       // the pack whose script that is
  std::string card;        // the name of the entity it ran for ("" for none)
  std::string card_def;    // that entity's definition id
  std::string card_layer;  // the pack that last defined or changed that definition
};

struct ApplyResult {
  bool ok = true;
  std::string error;  // why the choice was rejected or rolled back
};

// A place in the declared flow (Engine::start_at): a node and the unit of it
// to start at: the iteration from 1 and, for an each_seat node, the seat
// from 0 (-1: the loop's first seat).
struct FlowPlace {
  std::string node;
  int iteration = 1;
  int seat = -1;
};

// A path that names no place in the flow: which place is wrong, and in what.
struct FlowPathError : KernelError {
  enum class Part : uint8_t { Node, Iteration, Seat };
  size_t index;
  Part part;
  FlowPathError(size_t i, Part p, const std::string& why) : KernelError(why), index(i), part(p) {}
};

// Where a run may pause between flow steps (Engine::pause_at).
enum class FlowEdge : uint8_t { Entered, Finished };

// A chance event a script declared (tabula.chance): every outcome it may
// have, with integer weights (outcome i comes up weights[i] times in
// sum(weights)), and the one drawn. Chance as data, for solvers and tools
// (docs/architecture.md, "Chance as data").
struct ChanceEvent {
  std::string name;
  std::vector<Value> outcomes;   // integers or strings, as the script gave them
  std::vector<int64_t> weights;  // one per outcome, each >= 1
  size_t drawn = 0;              // index into outcomes
};

// An entity arriving in a zone (Engine::record_arrivals): its definition,
// the zone's definition, and the seat it arrived for: the zone's seat for a
// per-seat zone, else the entity's owner (-1: nobody's). What per-definition
// statistics are made of (`tabula run`, docs/lab.md).
struct Arrival {
  int32_t def = -1;
  int32_t zone_def = -1;
  int32_t seat = -1;
};

// Chance that a test or a solver fixes in advance (Engine::force_chance;
// scenario files' `chance`, `random` and `shuffle` steps; ChancePath). Any
// answer may throw KernelError when the order does not fit what the game
// draws.
struct ForcedChance {
  virtual ~ForcedChance() = default;
  // A draw from [0, n) that a script asks for (tabula.random, or a chance
  // event that chance() left to the RNG, n being its weights' total): true
  // with `out` set to use a forced value, false to draw from the RNG.
  virtual bool random(uint64_t n, uint64_t& out) = 0;
  // Zone `zone` is about to be shuffled: true when `items` has been put in
  // the forced order (no draw is made), false to shuffle as usual.
  virtual bool shuffle(const State& s, int zone, std::vector<EntityId>& items) = 0;
  // Chance event `e` is about to be drawn (e.drawn not yet set): true with
  // `out` set to the index of the outcome to use (no number is drawn), false
  // to draw as usual.
  virtual bool chance(const State& s, const ChanceEvent& e, size_t& out) { return false; }
};

}  // namespace tabula
