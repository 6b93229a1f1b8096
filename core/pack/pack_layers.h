// What the loader does once every layer is merged, so that layers add to a
// base without restating it (docs/packs.md, "Layers"): flow steps a layer
// inserts into another node, and entries a layer removed, followed to the
// lists and values that still name them. Used by the loader only (pack_toml*.cpp).
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/pack/pack.h"

namespace tabula {

// `insert = { into = "turn", after = "draw" }` of the flow node `node`.
struct StepInsert {
  std::string node;    // the inserted node
  std::string into;    // the node whose steps receive it
  std::string anchor;  // the step it goes before or after
  bool before = false;
  int layer = 0;       // index of the declaring layer in PackSet::layers
  SourcePos pos;       // of the insert table
};

// Splices every insert into its parent's steps: in layer order, then by node
// id, so several inserts at one place keep that order. `step_pos` (node ->
// where each step is named) follows the steps for later messages.
void splice_inserts(PackSet& out, std::vector<StepInsert> inserts,
                    std::map<std::string, std::vector<SourcePos>>& step_pos, std::vector<Diagnostic>& diags);

// An entity definition a layer's `remove` dropped.
struct Removal {
  std::string id;
  std::string layer;
  SourcePos pos;  // of the remove list
};

// Where the value with a loader claim key ("entity.x.props.hp") was last
// written, or the fallback.
using PositionOf = std::function<SourcePos(const std::string& what, const SourcePos& fallback)>;

// Drops removed ids from list parameters and setups' option lists (a note
// each) and reports what else still names them: a scalar parameter or
// setup option and an entity's string or list property (errors), a string
// literal in a Lua file of the layers' folders (a warning with file:line).
// An id a later layer defined again is not followed.
void follow_removals(PackSet& out, const std::vector<Removal>& removed, const PositionOf& at,
                     std::vector<Diagnostic>& diags);

// Every Lua file in the folders of the packs' layers, sorted: what scripts
// say, read as text (removed ids still named, ids that name nothing).
std::vector<std::string> layer_lua_files(const PackSet& packs);

// Every string literal of Lua source that equals one of `names`, with its
// line (comments and long strings understood).
struct LuaLiteral {
  std::string text;
  int line = 0;
};
std::vector<LuaLiteral> lua_string_literals(const std::string& source, const std::vector<std::string>& names);

}  // namespace tabula
