// What scripts keep between calls, fingerprinted. The state must own
// everything (ENGINE.md invariant 1): a module table or a local that a
// script changes during a game makes the next game, a replay or a search
// playout behave differently from the log. Globals and libraries are frozen
// by the sandbox; module tables and upvalues cannot be, so the host compares
// fingerprints of everything they reach instead (docs/security.md).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct lua_State;

namespace tabula {

// The string keys of the table at `t`, sorted (the walks' fixed order).
std::vector<std::string> sorted_string_keys(lua_State* L, int t);

// One part of a module: a field of its table, or an upvalue of one of its
// functions, with a hash of everything reachable from it that an earlier
// part did not reach.
struct ScriptStatePart {
  std::string module;  // "pack/file.lua"
  std::string name;    // "M.cache", "upvalue 'count' of M.act"
  uint64_t hash = 0;
};

// The objects a walk has reached: an open-addressing set of addresses,
// kept between walks so that its memory is reused.
class ScriptWalkScratch {
 public:
  void clear();
  bool insert(const void* p);  // false if it was there

 private:
  std::vector<uintptr_t> slots_;  // 0 = empty; the size is a power of two
  size_t used_ = 0;
};

// The fingerprint of every module in the table at `modules` (module key ->
// the table the module returned). Tables at `skip` (as keys) are frozen and
// not walked; the kernel's live tables are not walked either. The walk is
// iterative and visits each object once: the objects still to visit wait in
// the table at `queue` (empty, kept by the caller), not on the C stack.
uint64_t fingerprint_scripts(lua_State* L, int modules, int skip, int queue, ScriptWalkScratch& seen);

// The same walk in a fixed order, part by part, to say what changed: slower,
// for when the fingerprint differs.
std::vector<ScriptStatePart> describe_scripts(lua_State* L, int modules, int skip, int queue,
                                              ScriptWalkScratch& seen);

// The first part that differs, as a sentence, or "" if none does.
std::string describe_script_state_change(const std::vector<ScriptStatePart>& before,
                                         const std::vector<ScriptStatePart>& after);

}  // namespace tabula
