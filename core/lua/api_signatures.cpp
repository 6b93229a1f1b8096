#include "core/lua/api_signatures.h"

#include <algorithm>

namespace tabula {

namespace {

using S = ApiScope;

// Types the signatures share; the annotations declare them as aliases.
constexpr std::string_view kId = "tabula.Id";
constexpr std::string_view kSeat = "tabula.Seat";
constexpr std::string_view kValue = "tabula.Value";
constexpr std::string_view kText = "tabula.Text";
constexpr std::string_view kFn = "tabula.Fn";
constexpr std::string_view kBlocked = "tabula.Blocked";

ApiParam req(std::string_view name, std::string_view type) { return {name, type, false}; }
ApiParam opt(std::string_view name, std::string_view type) { return {name, type, true}; }

std::vector<ApiSignature> build() {
  std::vector<ApiSignature> v = {
      // Entities
      {"create", {req("def", "string"), req("zone", "string"), opt("seat", kSeat)}, {{"id", kId}},
       "Creates an entity of definition `def` at the back of `zone`, owned by `seat` or by nobody."},
      {"move", {req("id", kId), req("zone", "string"), opt("seat", kSeat), opt("position", "\"back\"|\"front\"|integer")}, {},
       "Moves an entity to the back of a zone (default), its front or a 1-based position."},
      {"remove", {req("id", kId)}, {}, "Takes an entity out of play; `tabula.move` brings it back."},
      {"def", {req("id", kId)}, {{"string", "string"}}, "The entity's definition id."},
      {"kind", {req("id", kId)}, {{"string", "string"}}, "The kind of the entity's definition."},
      {"has_tag", {req("id", kId), req("tag", "string")}, {{"boolean", "boolean"}},
       "Whether the entity's definition lists `tag` in its tags."},
      {"get", {req("id", kId), req("key", "string"), opt("default", kValue)}, {{"value", kValue}},
       "A property: the entity's own value, else its definition's, else `default` (an undeclared key without one is an error)."},
      {"set", {req("id", kId), req("key", "string"), req("value", kValue)}, {},
       "Sets a property of the entity; the definition's value or nil removes the entity's own."},
      {"add", {req("id", kId), req("key", "string"), req("n", "integer")}, {{"integer", "integer"}},
       "Adds `n` to a property (a missing one counts as 0) and returns the new value."},
      {"owner", {req("id", kId)}, {{"seat | nil", "tabula.Seat|nil"}}, "The entity's owner, or nil."},
      {"set_owner", {req("id", kId), opt("seat", kSeat)}, {}, "Sets the entity's owner; no seat clears it."},
      {"where", {req("id", kId)}, {{"zone", "string?"}, {"seat | nil", "tabula.Seat?"}, {"position", "integer?"}},
       "The entity's zone, that zone's seat (nil for a shared zone) and its 1-based position; nothing when out of play."},
      {"face_up", {req("id", kId)}, {{"boolean", "boolean"}}, "Whether the entity is face up."},
      {"turn", {req("id", kId), req("face_up", "boolean")}, {}, "Turns the entity face up (true) or face down (false)."},
      {"has", {req("id", kId), req("key", "string")}, {{"boolean", "boolean"}},
       "Whether the entity's kind declares the property `key`."},
      // Zones
      {"zone", {req("zone", "string"), opt("seat", kSeat)}, {{"{id, ...}", "tabula.Id[]"}}, "The entity ids in a zone, front first."},
      {"placed", {req("graph", "string"), opt("kind", "string")}, {{"{id, ...}", "tabula.Id[]"}},
       "The entities on the nodes of a graph whose nodes are zones (of `kind` only, if given), in node order, then front first."},
      {"count", {req("zone", "string"), opt("seat", kSeat)}, {{"integer", "integer"}}, "How many entities a zone holds."},
      {"shuffle", {req("zone", "string"), opt("seat", kSeat)}, {},
       "Shuffles a zone with the kernel's seeded RNG; what was revealed of it is hidden again."},
      {"reveal", {req("id", kId), req("seat", kSeat)}, {},
       "Lets one seat see an entity until it moves or its zone is shuffled."},
      {"known", {req("id", kId), req("seat", kSeat)}, {{"boolean", "boolean"}}, "Whether the seat's view shows this entity."},
      // Seats, variables and parameters
      {"seats", {}, {{"integer", "integer"}}, "The number of seats in this game."},
      {"counter", {req("seat", kSeat), req("name", "string")}, {{"value", kValue}}, "A public seat counter; nil when unset."},
      {"add_counter", {req("seat", kSeat), req("name", "string"), req("n", "integer")}, {{"integer", "integer"}},
       "Adds `n` to a seat counter (a missing one counts as 0) and returns the new value."},
      {"set_counter", {req("seat", kSeat), req("name", "string"), req("value", kValue)}, {},
       "Sets a seat counter; nil removes it."},
      {"secret", {req("seat", kSeat), req("name", "string")}, {{"value", kValue}}, "A value only that seat may see; nil when unset."},
      {"set_secret", {req("seat", kSeat), req("name", "string"), req("value", kValue)}, {},
       "Sets a value only that seat may see; nil removes it."},
      {"var", {req("name", "string")}, {{"value", kValue}},
       "A public game variable (a list or table comes back as a live table); nil when unset."},
      {"set_var", {req("name", "string"), req("value", kValue)}, {}, "Sets a game variable to a copy of `value`; nil removes it."},
      {"param", {req("name", "string")}, {{"value", kValue}},
       "A value of the packs' merged [params]; a list or table comes back read-only.", S::Both},
      {"option", {req("name", "string")}, {{"value", kValue}}, "A setup option of this game; nil when not given."},
      {"start_seat", {}, {{"seat", kSeat}}, "The starting seat: the first of each round of seats."},
      {"set_start_seat", {req("seat", kSeat)}, {}, "Sets the starting seat from the next round of seats on."},
      {"current_seat", {}, {{"seat | nil", "tabula.Seat|nil"}},
       "The seat whose unit the innermost each_seat flow node is running, or nil."},
      {"random", {req("n", "integer")}, {{"integer", "integer"}}, "A uniform integer in 1..n from the kernel's seeded RNG."},
      {"chance", {req("name", "string"), req("outcomes", "(integer|string)[]|integer"), opt("weights", "integer[]")},
       {{"outcome", "integer|string"}, {"index", "integer"}},
       "A chance event as data: one of `outcomes` (or of 1..n), drawn by integer `weights` (default 1 each) with the kernel's RNG."},
      {"group", {req("name", "string")}, {{"{seat, ...}", "tabula.Seat[]"}}, "The seats of a seat group, in seat order."},
      {"in_group", {req("seat", kSeat), req("name", "string")}, {{"boolean", "boolean"}},
       "Whether a seat belongs to a seat group."},
      // Decisions and flow
      {"decide",
       {req("seat", kSeat), req("prompt", kText), req("options", "tabula.Option[]"), req("on_choice", kFn),
        opt("label", kText), opt("args", "table"), opt("secret", "boolean"), opt("pick", "{min?: integer, max?: integer}"),
        opt("refresh", kFn), opt("on_withdraw", kFn)},
       {},
       "Opens a decision for a seat; the game stops there once the running work allows.",
       S::Game,
       true},
      {"schedule", {req("fn", kFn), opt("args", "table"), opt("entity", kId)}, {},
       "Schedules a function with ctx.args = args and ctx.self = entity (default: the caller's own self)."},
      {"call", {req("entity", kId), req("fn", kFn), opt("args", "table")}, {},
       "Schedules a function of the entity's own script, with ctx.self = entity."},
      {"handles", {req("entity", kId), req("fn", "string")}, {{"boolean", "boolean"}},
       "Whether the entity's own script has the function `fn` (dotted names included)."},
      {"emit", {req("event", "string"), opt("args", "table")}, {}, "Schedules every listener of an event, each with ctx.args = args."},
      {"modify", {req("channel", "string"), req("amount", "integer"), opt("args", "table")}, {{"integer", "integer"}},
       "Runs a channel's modifiers over `amount` at once and returns the result (never below 0)."},
      {"start", {req("node", "string"), opt("args", "table")}, {},
       "Starts a declared flow node as a sub-flow, after the work already scheduled."},
      {"withdraw", {req("seat", kSeat)}, {{"boolean", "boolean"}},
       "Removes a seat's open decision and returns true; false when it has none."},
      {"pending", {req("seat", kSeat)}, {{"{id, ...} | nil", "(integer|string)[]|nil"}},
       "The option ids of a seat's open decision, or nil when it has none."},
      {"collect", {req("point", "string"), opt("args", "table")}, {{"list", "any[]"}},
       "Calls every module's extend.<point> listener and returns their lists concatenated."},
      // Combat
      {"damage", {req("id", kId), req("amount", "integer"), opt("info", "table")},
       {{"{dealt =, prevented =, knocked_out =}", "{dealt: integer, prevented: integer, knocked_out: boolean}"}},
       "Deals damage through the damage modifiers; the target is knocked out when it reaches its hit points."},
      {"heal", {req("id", kId), req("amount", "integer"), opt("info", "table")}, {{"integer", "integer"}},
       "Removes damage through the heal modifiers and returns how much was removed."},
      {"knock_out", {req("id", kId), opt("info", "table")}, {}, "Knocks an entity out, in a fight or not."},
      {"defenders", {}, {{"{id, ...}", "tabula.Id[]"}}, "The running fight's defenders still standing; empty outside a fight."},
      {"combat", {}, {{"{seat =, defeated =, stage =, lost =} | nil",
                       "{seat?: tabula.Seat, defeated: boolean, stage?: string, lost?: \"defenders\"|\"attackers\"}|nil"}},
       "The running fight: its seat, whether it is decided, its stage and the side that lost; nil outside a fight."},
      {"attackers", {}, {{"{id, ...}", "tabula.Id[]"}}, "The running fight's attackers still standing; empty outside a fight."},
      // Graphs
      {"nodes", {req("graph", "string"), opt("tag", "string")}, {{"{node, ...}", "string[]"}},
       "The nodes of a graph, or only those carrying `tag`, in node order.", S::Both},
      {"adjacent", {req("node", "string")}, {{"{node, ...}", "string[]"}}, "The nodes an edge leads to from `node`.", S::Both},
      {"distance", {req("a", "string"), req("b", "string")}, {{"integer | nil", "integer|nil"}},
       "The number of edges on a shortest path from `a` to `b`; nil when there is none.", S::Both},
      {"path", {req("from", "string"), req("to", "string"), opt("blocked", kBlocked)}, {{"{node, ...} | nil", "string[]|nil"}},
       "A shortest path that enters no blocked node (the nodes after `from`), or nil.", S::Both},
      {"within", {req("node", "string"), req("d", "integer"), opt("blocked", kBlocked)}, {{"{node, ...}", "string[]"}},
       "The nodes at distance 1 to `d` from `node`, nearest first.", S::Both},
      {"node_tags", {req("node", "string")}, {{"{tag, ...}", "string[]"}}, "The tags a node carries, sorted.", S::Both},
      // Journal and end
      {"log", {req("text", kText), opt("seat", kSeat)}, {},
       "Adds a line to the journal of the current choice; with `seat`, only that seat sees it."},
      {"game_over", {opt("result", kValue), opt("text", kText)}, {},
       "Ends the game at once, with a result for programs (winners, scores) and a text for people."},
      // Definitions
      {"defs", {opt("filter", "{kind?: string, tag?: string}")}, {{"{def, ...}", "string[]"}},
       "The ids of the packs' definitions, sorted; a filter keeps those of a kind and/or with a tag.", S::Both},
      {"def_get", {req("def", "string"), req("key", "string"), opt("default", kValue)}, {{"value", kValue}},
       "A property of a definition as its manifest gives it, without an entity.", S::Both},
      // Screens
      {"text", {req("text", kText)}, {{"string", "string"}},
       "Screens only: a text rendered in the language of the screen's reader.", S::Screen},
      {"definition", {req("def", "string")},
       {{"{id, kind, name, text, tags, props}",
         "{id: string, kind: string, name: string, text: string, tags: string[], props: table<string, tabula.Value>}"}},
       "Screens only: what the manifests say of a definition, in the reader's language.", S::Screen},
  };
  std::sort(v.begin(), v.end(), [](const ApiSignature& a, const ApiSignature& b) { return a.name < b.name; });
  return v;
}

}  // namespace

const std::vector<ApiSignature>& api_signatures() {
  static const std::vector<ApiSignature> all = build();
  return all;
}

const ApiSignature* find_api_signature(std::string_view name) {
  const auto& all = api_signatures();
  auto it = std::lower_bound(all.begin(), all.end(), name,
                             [](const ApiSignature& s, std::string_view n) { return s.name < n; });
  return it != all.end() && it->name == name ? &*it : nullptr;
}

// Required arguments, then the optional ones: each optional argument of a
// call nests in the one before (`[, seat [, position]]`, since giving one
// means giving those before it); a table's optional fields are independent
// (`[, label =] [, args =]`).
std::string render_signature(const ApiSignature& s) {
  std::string out = "tabula.";
  out += s.name;
  out += s.table_call ? "{" : "(";
  bool first = true;
  int open = 0;
  for (const auto& p : s.params) {
    const std::string name = std::string(p.name) + (s.table_call ? " =" : "");
    if (!p.optional) {
      out += (first ? "" : ", ") + name;
    } else if (s.table_call) {
      out += (first ? "[" : " [, ") + name + "]";
    } else {
      out += (first ? "[" : " [, ") + name;
      ++open;
    }
    first = false;
  }
  out.append(static_cast<size_t>(open), ']');
  out += s.table_call ? "}" : ")";
  for (size_t i = 0; i < s.results.size(); ++i) {
    out += i == 0 ? " -> " : ", ";
    out += s.results[i].shown;
  }
  return out;
}

const std::vector<ApiAlias>& api_aliases() {
  static const std::vector<ApiAlias> all = {
      {"tabula.Id", "integer", "An entity id: an opaque integer the kernel hands out."},
      {"tabula.Seat", "integer", "A seat, counted from 1."},
      {"tabula.Value", "nil|boolean|integer|string|table",
       "A value the kernel keeps: nil, a boolean, an integer, a string, a list or a table with string keys."},
      {"tabula.Text", "string|table", "A text: a key of the pack's texts, or a table { key, name = argument, ... }."},
      {"tabula.Fn", "string|function",
       "A function of the calling module by its (dotted) name, or a loaded module's function itself."},
      {"tabula.Option", "integer|string|{id: integer|string, entity?: tabula.Id, label?: tabula.Text, on_choice?: tabula.Fn}",
       "A decision's option: its id, or a table with its id and what it stands for."},
      {"tabula.Blocked", "string[]|table<string, boolean>",
       "Nodes a search may not enter: a list of node ids or a set { [node] = true }."},
  };
  return all;
}

// Lua 5.4's base library and the libraries the sandbox opens, less what it
// removes (core/lua/sandbox.cpp, LuaHost::open_sandbox); tests/annotations_test
// compares this list with what a script of a real engine sees.
const std::vector<SandboxGlobal>& sandbox_globals() {
  static const std::vector<SandboxGlobal> all = {
      {"_G", {}},
      {"_VERSION", {}},
      {"assert", {}},
      {"coroutine", {"close", "create", "isyieldable", "resume", "running", "status", "wrap", "yield"}},
      {"error", {}},
      {"getmetatable", {}},
      {"ipairs", {}},
      {"load", {}},
      // Debian builds Lua 5.4 with LUA_COMPAT_MATHLIB: atan2, cosh, pow and the rest stay.
      {"math", {"abs", "acos", "asin", "atan", "atan2", "ceil", "cos", "cosh", "deg", "exp", "floor", "fmod", "frexp",
                "huge", "ldexp", "log", "log10", "max", "maxinteger", "min", "mininteger", "modf", "pi", "pow", "rad",
                "sin", "sinh", "sqrt", "tan", "tanh", "tointeger", "type", "ult"}},
      {"next", {}},
      {"pairs", {}},
      {"pcall", {}},
      {"print", {}},
      {"rawequal", {}},
      {"rawget", {}},
      {"rawlen", {}},
      {"rawset", {}},
      {"require", {}},
      {"select", {}},
      {"setmetatable", {}},
      {"string", {"byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "pack", "packsize", "rep",
                  "reverse", "sub", "unpack", "upper"}},
      {"table", {"concat", "insert", "move", "pack", "remove", "sort", "unpack"}},
      {"tonumber", {}},
      {"tostring", {}},
      {"type", {}},
      {"utf8", {"char", "charpattern", "codepoint", "codes", "len", "offset"}},
      {"warn", {}},
      {"xpcall", {}},
  };
  return all;
}

}  // namespace tabula
