// The pack format's keys, table by table. Within a table the keys stand in
// the order the loader reads them: "did you mean" picks the first of two
// equally close names.
#include "core/pack/manifest_keys.h"

#include <iterator>

namespace tabula {

namespace {

using S = KeyShape;
using T = KeyTable;

constexpr ManifestKey kRoot[] = {
    {"pack", S::Table, "The pack's id, name and files.", true, T::Pack},
    {"seats", S::Table, "How many seats a game has, their counters and groups.", false, T::Seats},
    {"kinds", S::TablesOf, "Types of entity definitions and their properties.", false, T::Kind},
    {"zones", S::TablesOf, "Places that hold entities: decks, hands, boards.", false, T::Zone},
    {"flow", S::FlowNodes, "Rounds, phases and steps: the root node and every node.", false, T::FlowNode},
    {"combat", S::Table, "The combat pipeline: its stage hooks, in order.", false, T::Combat},
    {"params", S::Params, "Named values the scripts read with tabula.param(name).", false},
    {"setups", S::TablesOf, "Named ways to start a game (a practice board, a scenario).", false, T::Setup},
    {"graphs", S::TablesOf, "Graphs of nodes and edges (areas, spaces).", false, T::Graph},
    {"screen", S::Table, "How `tabula play` shows the game to a person.", false, T::Screen},
    {"bots", S::TablesOf, "Named automatic players, chosen by name like a built-in seat kind (--seats human,NAME).", false, T::Bot},
};

constexpr ManifestKey kPack[] = {
    {"id", S::String, "The pack's id: other packs and the search path find it by this name.", true},
    {"name", S::Text, "Display name."},
    {"version", S::String, "Free-form version."},
    {"extends", S::String, "Id of the pack this one expands (adds to)."},
    {"patches", S::String, "Id of the pack this one alters (a variant or house rule)."},
    {"manifests", S::Strings, "Manifest files, relative to the pack folder, read in order."},
    {"rules", S::String, "This layer's rules script: the default module of the flow nodes it declares."},
    {"texts", S::Strings, "Text files, relative to the pack folder, read in order."},
    {"score", S::String, "A function of the rules script that rates a position for a seat (ctx.args.seat): an integer, higher is better. `greedy` seats play the option that rates best; `mcts` seats judge cut playouts by it."},
    {"score_relative", S::Boolean, "Whether the score already weighs the seat against the others (default false). When true, `mcts` seats reward a seat by how much its own score grew over the position they search from; when false, by its lead over the best of the others' scores."},
    {"rounds", S::String, "A function of this layer's rules script that says how many rounds a finished game lasted (called as a query; returns an integer), for the game length `tabula run` reports. The top-most layer that names one wins."},
    {"owned_zones", S::Strings, "The zones in which a definition counts as a seat's for the per-definition statistics of `tabula run` (an entity entering one for a seat: a per-seat zone's seat, else the entity's owner). Default: every per-seat zone. Layers add to the list."},
    {"resign", S::Strings, "Option ids by which a seat gives the game up (a concession): the random playouts of `mcts` seats never take them while another option is open. Layers add to the list."},
    {"determinize", S::String, "A function of the rules script that resamples, in a determinized state, what a seat (ctx.args.seat) cannot know and the kernel cannot tell from the zones' visibility (e.g. other seats' secrets)."},
};

constexpr ManifestKey kSeats[] = {
    {"min", S::Integer, "Fewest seats (default 1)."},
    {"max", S::Integer, "Most seats (default 1)."},
    {"default", S::Integer, "Seats when none are asked for (default 1)."},
    {"game_min", S::Integer, "Fewest seats of a game started without a setup (default: min); fewer seats play only a setup that allows them (one whose seats are that count, or unset)."},
    {"counters", S::ValuesOf, "Every seat's counters at the start, e.g. { gold = 0 }."},
    {"groups", S::TablesOf, "Named runs of seats, e.g. team = { first = 2 }.", false, T::SeatGroup},
};

constexpr ManifestKey kSeatGroup[] = {
    {"first", S::Integer, "The group's first seat, counted from 1.", true},
    {"count", S::Integer, "How many seats; without it, up to the last seat of the game."},
};

constexpr ManifestKey kKind[] = {
    {"props", S::PropTypes, "The kind's properties: a type name, or { type, default }.", false, T::PropType},
    {"show", S::Strings, "The properties a view shows for each entity of the kind, in order."},
    {"back", S::Strings, "The properties printed on the back: hidden entities with other values of these are told apart (determinization exchanges only entities whose backs match)."},
    {"listen_in", S::ZoneScope, "The zones where the script handlers of the kind's entities listen.", false, T::Root,
     "anywhere"},
    {"requires", S::Strings, "Functions every entry's script must export (the kind's script contract)."},
    {"hp", S::String, "The int property holding hit points."},
    {"damage", S::String, "The int property holding damage taken."},
    {"knocked_out_to", S::String, "The zone a knocked-out entity moves to."},
    {"reset_damage", S::Boolean, "Whether a knock-out sets damage back to 0 (default true)."},
};

constexpr ManifestKey kPropType[] = {
    {"type", S::String, "The property's type.", true, T::Root, "int|string|bool|list|table"},
    {"default", S::Value, "The value of a definition that leaves the property out."},
};

constexpr ManifestKey kZone[] = {
    {"per_seat", S::Boolean, "One zone per seat instead of one shared zone (default false)."},
    {"ordered", S::Boolean, "Whether the order of the zone matters (default true)."},
    {"visibility", S::String, "Who sees the contents (default public).", false, T::Root,
     "public|owner|hidden|contents"},
    {"view", S::String, "How a view lists the entities: one by one, or grouped by definition (default items).",
     false, T::Root, "items|grouped"},
    {"unseen_pool", S::String, "Zones naming the same pool exchange the entities a seat cannot see when its information set is determinized (default: the zone's own id)."},
};

constexpr ManifestKey kFlow[] = {
    {"root", S::String, "The node the game starts with."},
};

constexpr ManifestKey kFlowNode[] = {
    {"script", S::String, "The module whose functions the hooks name (default: the layer's rules)."},
    {"steps", S::Strings, "The body: these child nodes, in order."},
    {"hook", S::String, "The body: one function of the node's script."},
    {"combat", S::Boolean, "The body: the combat pipeline's stages, for the current seat."},
    {"fight", S::Boolean, "Each unit is a fight; its sides come from tabula.start."},
    {"stages", S::Strings, "The body: these functions of the node's script, in order."},
    {"repeat", S::Integer, "Iterations (default 1); 0 repeats until `until` says stop."},
    {"counter", S::String, "A variable set to the iteration number (from 1) at each unit."},
    {"until", S::String, "Query hook, asked before the first iteration and after each one; true stops the node."},
    {"skip_if", S::String, "Query hook, asked before each unit; true skips the unit."},
    {"begin", S::String, "Hook run once before the first unit."},
    {"finish", S::String, "Hook run once after the last unit."},
    {"each_seat", S::FlagOrName, "Run the body once per seat; a seat group's name: once per seat of the group."},
    {"args", S::ValuesOf, "Handed to every hook of the node as ctx.args."},
    {"rotate_start", S::Integer, "After each iteration, the starting seat passes on by this many seats."},
    {"insert", S::Table, "This node joins another node's steps: { into, after } or { into, before }.", false,
     T::FlowInsert},
};

constexpr ManifestKey kFlowInsert[] = {
    {"into", S::String, "The node whose steps this node joins.", true},
    {"after", S::String, "The step this node comes after."},
    {"before", S::String, "The step this node comes before."},
};

constexpr ManifestKey kCombat[] = {
    {"script", S::String, "The module with the stage hooks (required once the layers are merged)."},
    {"stages", S::Strings, "Stage hooks, run in order for each fight (required once the layers are merged)."},
    {"hp", S::String, "The property holding hit points (default \"hp\")."},
    {"damage", S::String, "The property holding damage taken (default \"damage\")."},
    {"defenders", S::String, "Per-seat zone of the current seat that holds the defending side."},
    {"knocked_out_to", S::String, "Per-seat zone that receives knocked-out defenders."},
};

constexpr ManifestKey kParam[] = {
    {"value", S::Value, "The parameter's value.", true},
    {"provisional", S::Boolean, "True when no rulebook gives the value (tabula check lists it)."},
    {"note", S::String, "Why the value is what it is."},
};

constexpr ManifestKey kParamEdit[] = {
    {"remove", S::Values, "Each entry takes one occurrence out of a lower layer's list."},
    {"append", S::Values, "Added at the end of a lower layer's list, after the removals."},
    {"provisional", S::Boolean, "True when no rulebook gives the value (tabula check lists it)."},
    {"note", S::String, "Why the value is what it is."},
};

constexpr ManifestKey kSetup[] = {
    {"name", S::Text, "Display name."},
    {"seats", S::Integer, "Seats for this setup (0 or none: the pack's default)."},
    {"options", S::ValuesOf, "Options handed to the game, read with tabula.option(name)."},
};

constexpr ManifestKey kGraph[] = {
    {"symmetric", S::Boolean, "Every edge is declared at both ends (default true)."},
    {"zones", S::Boolean, "Each node is also a shared public zone of the same id (default false)."},
    {"nodes", S::GraphNodes, "Node id = a list of neighbours, or { adjacent, tags }.", false, T::GraphNode},
};

constexpr ManifestKey kGraphNode[] = {
    {"adjacent", S::Strings, "The node's neighbours."},
    {"tags", S::Strings, "Read with tabula.node_tags."},
};

constexpr ManifestKey kScreen[] = {
    {"script", S::String, "A Lua module whose draw(view) returns the lines a seat sees."},
    {"internal", S::Strings, "Variables the generic screen does not print: a name, or a prefix ending in '*'."},
};

constexpr ManifestKey kBot[] = {
    {"kind", S::String, "How it plays: a built-in kind with the parameters below, or a Lua policy.", true, T::Root,
     "random|greedy|mcts|policy"},
    {"name", S::Text, "Display name (default: the bot's id)."},
    {"about", S::Text, "One line on how it plays, shown by `tabula play` and `tabula check`."},
    {"script", S::String, "The module its rating and policy are functions of (default: the layer's rules)."},
    {"rating", S::String, "greedy, mcts: the function that rates a position for ctx.args.seat (default: [pack] score)."},
    {"policy", S::String, "policy: the function that ranks ctx.args.options for ctx.args.seat: a list of integers, higher is better."},
    {"iterations", S::Integer, "mcts: iterations per decision (default: the tools' mcts budget, 100)."},
    {"ms", S::Integer, "mcts: milliseconds per decision instead of iterations (not deterministic)."},
    {"depth", S::Integer, "mcts: a playout stops after this many choices and is rated (default 0: at the end)."},
    {"exploration", S::Number, "mcts: UCB1's exploration constant (default 0.7)."},
    {"widen_k", S::Number, "mcts: progressive widening, ceil(widen_k * visits^widen_alpha) options (default 2)."},
    {"widen_alpha", S::Number, "mcts: progressive widening's exponent (default 0.5)."},
    {"prior", S::Integer, "mcts: visits each option of a new root starts with, rewarded by its rating one choice ahead (progressive bias; default 0, none)."},
    {"playout", S::String, "mcts: how playouts choose: at random, or one step ahead with the rating (default random).",
     false, T::Root, "random|greedy"},
};

constexpr ManifestKey kManifest[] = {
    {"remove", S::Strings, "Ids of entities of lower layers to remove."},
    {"change", S::Changes, "[change.id]: change some values of a lower layer's entity; the rest stays.", false,
     T::Entity},
    {"replace", S::TablesOf, "[replace.id]: a whole new definition under a lower layer's id.", false, T::Entity},
};

constexpr ManifestKey kEntity[] = {
    {"kind", S::String, "A declared kind.", true},
    {"name", S::Text, "Display name; logic never reads it."},
    {"text", S::Text, "The definition's text for players; logic never reads it."},
    {"script", S::String, "The entity's module: its handlers and the functions its hooks name."},
    {"tags", S::Strings, "Read with tabula.has_tag."},
    {"listen_in", S::ZoneScope, "Where the entity's script handlers listen; replaces its kind's listen_in.", false,
     T::Root, "anywhere"},
    {"provisional", S::Strings, "Properties whose values no rulebook gives."},
    {"props", S::Props, "Values of the kind's properties."},
};

constexpr ManifestKey kText[] = {
    {"en", S::String, "English.", true},
    {"cs", S::String, "Czech."},
};

constexpr KeyTableSpec kTables[] = {
    {"pack.toml: a pack's declarations.", kRoot},
    {"The pack's id, name and files.", kPack},
    {"How many seats a game has (1 <= min <= default <= max <= 1000).", kSeats},
    {"A named run of seats.", kSeatGroup},
    {"A kind: a type of entity definition.", kKind},
    {"A property declared with a default.", kPropType},
    {"A zone.", kZone},
    {"The flow: root = \"node\", and every other entry a node.", kFlow},
    {"A flow node; it has exactly one body: steps, hook, stages or combat = true.", kFlowNode},
    {"Where this node joins another node's steps: give after or before.", kFlowInsert},
    {"The combat pipeline.", kCombat},
    {"A parameter with its notes.", kParam},
    {"An edit of a list parameter of a lower layer.", kParamEdit},
    {"A named way to start a game.", kSetup},
    {"A graph of nodes and edges.", kGraph},
    {"A graph node with tags.", kGraphNode},
    {"How `tabula play` shows the game.", kScreen},
    {"A named automatic player.", kBot},
    {"A manifest: entity definitions keyed by id, and a layer's changes.", kManifest},
    {"An entity definition.", kEntity},
    {"A text in English and Czech.", kText},
};

static_assert(std::size(kTables) == static_cast<size_t>(KeyTable::Text) + 1, "one spec per KeyTable, in its order");

// The loader marks the keys it reads in a 64-bit mask.
constexpr bool every_table_fits_a_mask() {
  for (const auto& t : kTables)
    if (t.keys.size() > 64) return false;
  return true;
}
static_assert(every_table_fits_a_mask());

}  // namespace

int KeyTableSpec::index(std::string_view name) const {
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i].name == name) return static_cast<int>(i);
  return -1;
}

const KeyTableSpec& manifest_keys(KeyTable table) { return kTables[static_cast<size_t>(table)]; }

}  // namespace tabula
