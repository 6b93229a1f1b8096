// Writes the JSON Schemas of manifest_schema.h. Every key, its shape and its
// description come from core/pack/manifest_keys.cpp; this file knows only how
// each shape is written in JSON Schema draft-07, which both Python's
// jsonschema and taplo (Even Better TOML) read.
#include "tools/tabula/manifest_schema.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/io/state_json.h"
#include "core/pack/manifest_keys.h"
#include "core/pack/pack.h"

namespace tabula::cli {

namespace {

// Ordered, so that editors offer the keys in the order the format lists them.
using J = nlohmann::ordered_json;

constexpr const char* kDraft = "http://json-schema.org/draft-07/schema#";

J of_type(const char* t) { return J{{"type", t}}; }

J def_ref(const std::string& def) { return J{{"$ref", "#/definitions/" + def}}; }

J list_of_strings() {
  J s = of_type("array");
  s["items"] = of_type("string");
  return s;
}

J choice_list(std::string_view c) {
  J out = J::array();
  while (!c.empty()) {
    const size_t bar = c.find('|');
    out.push_back(std::string(c.substr(0, bar)));
    c = bar == std::string_view::npos ? std::string_view{} : c.substr(bar + 1);
  }
  return out;
}

// Any value the loader takes: integers, strings, booleans and lists and
// tables of them (no decimals, no dates).
J any_value() {
  J v;
  v["type"] = J::array({"integer", "string", "boolean", "array", "object"});
  v["items"] = def_ref("value");
  v["additionalProperties"] = def_ref("value");
  return v;
}

const ManifestKey& key_named(KeyTable t, std::string_view name) {
  const KeyTableSpec& spec = manifest_keys(t);
  const int i = spec.index(name);
  if (i < 0) throw std::logic_error("manifest_keys.cpp lists no key '" + std::string(name) + "'");
  return spec.keys[static_cast<size_t>(i)];
}

J key_schema(const ManifestKey& k);

// A table of the format: its keys and nothing else. `partial`: every key is
// optional ([change.X]).
J table_schema(KeyTable t, bool partial = false) {
  const KeyTableSpec& spec = manifest_keys(t);
  J s = of_type("object");
  s["description"] = std::string(spec.about);
  J props = J::object(), required = J::array();
  for (const auto& k : spec.keys) {
    props[std::string(k.name)] = key_schema(k);
    if (k.required && !partial) required.push_back(std::string(k.name));
  }
  s["properties"] = std::move(props);
  if (!required.empty()) s["required"] = std::move(required);
  s["additionalProperties"] = false;
  return s;
}

// A string, or a table that holds any of `table`'s keys.
J string_or_table(KeyTable t, bool partial) {
  J s;
  s["anyOf"] = J::array({of_type("string"), table_schema(t, partial)});
  return s;
}

// [params] name = value | { value, ... } | { append, remove, ... }
J param_schema() {
  J long_form = of_type("object");
  for (const auto& k : manifest_keys(KeyTable::Param).keys)
    if (k.required) long_form["required"].push_back(std::string(k.name));
  J edit = of_type("object");
  for (const auto& k : manifest_keys(KeyTable::ParamEdit).keys)
    if (k.shape == KeyShape::Values) edit["anyOf"].push_back(J{{"required", J::array({std::string(k.name)})}});
  J s;
  s["if"] = long_form;
  s["then"] = table_schema(KeyTable::Param);
  s["else"] = J{{"if", edit}, {"then", table_schema(KeyTable::ParamEdit)}, {"else", any_value()}};
  return s;
}

J key_schema(const ManifestKey& k) {
  J s;
  switch (k.shape) {
    case KeyShape::String:
      s = of_type("string");
      if (!k.choices.empty()) s["enum"] = choice_list(k.choices);
      break;
    case KeyShape::Integer: s = of_type("integer"); break;
    case KeyShape::Number: s = of_type("number"); break;
    case KeyShape::Boolean: s = of_type("boolean"); break;
    case KeyShape::Strings: s = list_of_strings(); break;
    case KeyShape::Text: s = string_or_table(KeyTable::Text, false); break;
    case KeyShape::Value: s = any_value(); break;
    case KeyShape::Values:
      s = of_type("array");
      s["items"] = def_ref("value");
      break;
    case KeyShape::ValuesOf:
      s = of_type("object");
      s["additionalProperties"] = def_ref("value");
      break;
    case KeyShape::Table: s = table_schema(k.table); break;
    case KeyShape::TablesOf:
    case KeyShape::Changes:
      s = of_type("object");
      s["additionalProperties"] = table_schema(k.table, k.shape == KeyShape::Changes);
      break;
    case KeyShape::FlagOrName: s["type"] = J::array({"boolean", "string"}); break;
    case KeyShape::ZoneScope: s["anyOf"] = J::array({list_of_strings(), J{{"enum", choice_list(k.choices)}}}); break;
    case KeyShape::PropTypes: {
      const ManifestKey& type = key_named(k.table, "type");
      s = of_type("object");
      s["additionalProperties"] = J{{"anyOf", J::array({J{{"enum", choice_list(type.choices)}}, table_schema(k.table)})}};
      break;
    }
    case KeyShape::Params:
      s = of_type("object");
      s["additionalProperties"] = param_schema();
      break;
    case KeyShape::FlowNodes:
      s = table_schema(KeyTable::Flow);
      s["additionalProperties"] = table_schema(k.table);
      break;
    case KeyShape::GraphNodes:
      s = of_type("object");
      s["additionalProperties"] = J{{"anyOf", J::array({list_of_strings(), table_schema(k.table)})}};
      break;
    case KeyShape::Props:
      s = of_type("object");
      s["additionalProperties"] = def_ref("value");
      break;
  }
  s["description"] = std::string(k.about);
  return s;
}

// The schema's own header, then the body's keys.
J document(const std::string& title, const J& body, J definitions) {
  J doc;
  doc["$schema"] = kDraft;
  doc["title"] = title;
  doc["$comment"] = "Written by `tabula schema` from the pack loader's own key list (core/pack/manifest_keys.cpp).";
  for (const auto& [k, v] : body.items()) doc[k] = v;
  definitions["value"] = any_value();
  doc["definitions"] = std::move(definitions);
  return doc;
}

const char* type_name(Value::Kind k) {
  switch (k) {
    case Value::Kind::Int: return "int";
    case Value::Kind::Str: return "string";
    case Value::Kind::Bool: return "bool";
    case Value::Kind::List: return "list";
    case Value::Kind::Dict: return "table";
    case Value::Kind::Nil: break;
  }
  return "nil";
}

// A kind's properties: only those it declares, each of its type.
J props_schema(const KindDef& kind) {
  J props = J::object();
  for (const auto& p : kind.props) {
    J s;
    switch (p.type) {
      case Value::Kind::Int: s = of_type("integer"); break;
      case Value::Kind::Str: s = of_type("string"); break;
      case Value::Kind::Bool: s = of_type("boolean"); break;
      case Value::Kind::List:
        s = of_type("array");
        s["items"] = def_ref("value");
        break;
      default:
        s = of_type("object");
        s["additionalProperties"] = def_ref("value");
        break;
    }
    std::string about = std::string(type_name(p.type)) + " (kinds." + kind.id + ".props." + p.name + ")";
    if (!p.fallback.is_nil()) {
      about += ", default " + p.fallback.to_string();
      s["default"] = J::parse(value_to_json(p.fallback).dump());
    }
    s["description"] = about;
    props[p.name] = std::move(s);
  }
  J s = of_type("object");
  s["description"] = "Properties of kind '" + kind.id + "'.";
  s["properties"] = std::move(props);
  s["additionalProperties"] = false;
  return s;
}

// `provisional` names properties of the entity's kind.
J provisional_schema(const KindDef& kind) {
  J s = of_type("array");
  J names = J::array();
  for (const auto& p : kind.props) names.push_back(p.name);
  if (names.empty()) s["maxItems"] = 0;
  else s["items"] = J{{"enum", std::move(names)}};
  return s;
}

// A key's description kept beside a $ref, which draft-07 reads alone.
J described_ref(const std::string& def, const std::string& about) {
  return J{{"description", about}, {"allOf", J::array({def_ref(def)})}};
}

}  // namespace

std::string pack_schema() {
  J doc = document("Tabula pack.toml", table_schema(KeyTable::Root), J::object());
  return doc.dump(2) + "\n";
}

std::string manifest_schema(const PackSet& packs) {
  const std::string kind = "kind", props = "props", provisional = "provisional";
  J definitions = J::object();
  J kinds = J::array();
  for (const auto& [id, k] : packs.kinds) kinds.push_back(id);

  // A definition: its kind is declared, and its props are that kind's.
  J entity = table_schema(KeyTable::Entity);
  entity["properties"][kind]["enum"] = kinds;
  for (const auto& [id, k] : packs.kinds) {
    J when = J{{"properties", J{{kind, J{{"const", id}}}}}, {"required", J::array({kind})}};
    J then = J{{"properties", J{{props, def_ref("props." + id)}, {provisional, provisional_schema(k)}}}};
    entity["allOf"].push_back(J{{"if", std::move(when)}, {"then", std::move(then)}});
    definitions["props." + id] = props_schema(k);
  }
  definitions["entity"] = std::move(entity);

  // [change.X] of an entity of the layers loaded: the props of its kind.
  const std::string props_about(key_named(KeyTable::Entity, props).about);
  for (const auto& [id, k] : packs.kinds) {
    J change = table_schema(KeyTable::Entity, true);
    change["properties"][kind]["enum"] = kinds;
    change["properties"][props] = described_ref("props." + id, props_about);
    change["properties"][provisional] = provisional_schema(k);
    change["properties"][provisional]["description"] = std::string(key_named(KeyTable::Entity, provisional).about);
    definitions["change." + id] = std::move(change);
  }

  J body = table_schema(KeyTable::Manifest);
  body["description"] = std::string(manifest_keys(KeyTable::Manifest).about) + " Pack '" + packs.id() + "'.";
  J& change = body["properties"]["change"];
  change["properties"] = J::object();
  for (const auto& [id, e] : packs.entities)
    if (packs.kinds.count(e.kind)) change["properties"][id] = def_ref("change." + e.kind);
  change["additionalProperties"] = false;
  J& replace = body["properties"]["replace"];
  J ids = J::array();
  for (const auto& [id, e] : packs.entities) ids.push_back(id);
  replace["propertyNames"] = J{{"enum", std::move(ids)}};
  replace["additionalProperties"] = def_ref("entity");
  body["additionalProperties"] = def_ref("entity");
  J doc = document("Tabula manifest of pack '" + packs.id() + "'", body, std::move(definitions));
  return doc.dump(2) + "\n";
}

std::string texts_schema() {
  // A text file is a tree of tables; a table with en or cs is a text, any
  // other table a branch, and a string an English text.
  J is_text = J::object();
  for (const auto& k : manifest_keys(KeyTable::Text).keys)
    is_text["anyOf"].push_back(J{{"required", J::array({std::string(k.name)})}});
  J text = table_schema(KeyTable::Text, true);  // a later layer may give only a translation
  J entry;
  entry["if"] = of_type("object");
  entry["then"] = J{{"if", std::move(is_text)}, {"then", std::move(text)}, {"else", J{{"$ref", "#"}}}};
  entry["else"] = J{{"type", "string"}, {"description", "A text in English."}};
  J body = of_type("object");
  body["description"] = "A text file: tables whose leaves are texts; the path of tables names the text's key.";
  body["additionalProperties"] = def_ref("entry");
  J doc = document("Tabula texts file", body, J{{"entry", std::move(entry)}});
  return doc.dump(2) + "\n";
}

}  // namespace tabula::cli
