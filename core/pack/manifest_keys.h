// The keys each table of the pack format may hold (docs/packs.md), with one
// line on each. The loader (toml_reader.cpp) rejects every other key by this
// list, and `tabula schema` writes its JSON Schemas from it, so an editor's
// hover help and completion cannot drift from what the loader accepts.
#pragma once
#include <cstdint>
#include <span>
#include <string_view>

namespace tabula {

// The tables of the pack format, by where they stand.
enum class KeyTable : uint8_t {
  Root,        // the top level of pack.toml
  Pack,        // [pack]
  Seats,       // [seats]
  SeatGroup,   // [seats.groups.X]
  Kind,        // [kinds.X]
  PropType,    // [kinds.X.props] name = { type, default }
  Zone,        // [zones.X]
  Flow,        // [flow]: its root (the other entries are nodes)
  FlowNode,    // [flow.X]
  FlowInsert,  // [flow.X] insert = { into, after | before }
  Combat,      // [combat]
  Param,       // [params] name = { value, provisional, note }
  ParamEdit,   // [params] name = { append, remove }: edits a list of a lower layer
  Setup,       // [setups.X]
  Graph,       // [graphs.X]
  GraphNode,   // [graphs.X.nodes] name = { adjacent, tags }
  Screen,      // [screen]
  Bot,         // [bots.X]
  Manifest,    // the top level of a manifest (the other entries are definitions)
  Entity,      // an entity definition, [change.X] and [replace.X]
  Text,        // a text given as { en, cs }
};

// What a key holds.
enum class KeyShape : uint8_t {
  String,
  Integer,
  Number,      // an integer or a decimal number
  Boolean,
  Strings,     // a list of strings
  Text,        // a string (English) or { en, cs }
  Value,       // any value: integer, string, boolean, list or table of values
  Values,      // a list of values
  ValuesOf,    // a table of named values (counters, options, args)
  Table,       // one table of `table`'s keys
  TablesOf,    // a table of named tables of `table`'s keys
  Changes,     // like TablesOf, every key optional ([change.X])
  FlagOrName,  // true, false or a name
  ZoneScope,   // a list of zone ids, or one of `choices`
  PropTypes,   // name = one of PropType.type's choices, or a `table`
  Params,      // name = a value, a Param table or a ParamEdit table
  FlowNodes,   // the Flow table's keys, then nodes of `table`'s keys
  GraphNodes,  // name = a list of neighbours, or a `table`
  Props,       // an entity's property values, typed by its kind's declarations
};

struct ManifestKey {
  std::string_view name;
  KeyShape shape;
  std::string_view about;  // one line, shown by editors as hover help
  bool required = false;   // the table is an error without it
  KeyTable table = KeyTable::Root;  // the table a Table, TablesOf... key holds
  std::string_view choices = {};    // the strings allowed, separated by '|'; empty: any
};

struct KeyTableSpec {
  std::string_view about;
  std::span<const ManifestKey> keys;
  // The key's place in `keys`, or -1.
  int index(std::string_view name) const;
};

const KeyTableSpec& manifest_keys(KeyTable table);

}  // namespace tabula
