// The generic reader: positions and type names of TOML nodes, Table's strict
// keys and typed values, TOML values as kernel values, escaped and checked
// ids, and parsing a file with located errors.
#include "core/pack/toml_reader.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/pack/toml_guard.h"
#include "core/state/suggest.h"

namespace tabula::pack_toml {

namespace {

// Ids name things in saves, logs and every view; none needs more.
constexpr size_t kMaxIdLength = 128;

}  // namespace

SourcePos pos_of(const toml::source_region& r) {
  SourcePos p;
  if (r.path) p.file = *r.path;
  p.line = static_cast<int>(r.begin.line);
  p.column = static_cast<int>(r.begin.column);
  return p;
}

const char* type_name(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a decimal number";
    case toml::node_type::boolean: return "a boolean";
    default: return "a date or time";
  }
}

std::optional<std::string> Table::str(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) {
    if (required(k)) l_.error(pos(), key(k), "missing required key");
    return std::nullopt;
  }
  if (!n->is_string()) {
    l_.wrong_type(*n, key(k), "a string");
    return std::nullopt;
  }
  return n->value<std::string>();
}

std::optional<int64_t> Table::integer(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) return std::nullopt;
  if (!n->is_integer()) {
    l_.wrong_type(*n, key(k), "an integer");
    return std::nullopt;
  }
  return n->value<int64_t>();
}

std::optional<double> Table::number(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) return std::nullopt;
  if (n->is_integer()) return static_cast<double>(*n->value<int64_t>());
  if (!n->is_floating_point()) {
    l_.wrong_type(*n, key(k), "a number");
    return std::nullopt;
  }
  return n->value<double>();
}

std::optional<bool> Table::boolean(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) return std::nullopt;
  if (!n->is_boolean()) {
    l_.wrong_type(*n, key(k), "true or false");
    return std::nullopt;
  }
  return n->value<bool>();
}

std::optional<std::vector<std::string>> Table::strings(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) return std::nullopt;
  const toml::array* a = n->as_array();
  if (!a) {
    l_.wrong_type(*n, key(k), "an array of strings");
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < a->size(); ++i) {
    const toml::node& x = *a->get(i);
    if (!x.is_string()) l_.wrong_type(x, key(k) + "[" + std::to_string(i) + "]", "a string");
    else out.push_back(*x.value<std::string>());
  }
  return out;
}

const toml::table* Table::table(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) {
    if (required(k)) l_.error(pos(), key(k), "missing required table");
    return nullptr;
  }
  if (!n->is_table()) {
    l_.wrong_type(*n, key(k), "a table");
    return nullptr;
  }
  return n->as_table();
}

std::optional<Text> Table::text(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) return std::nullopt;
  Text t;
  if (n->is_string()) {
    t.en = *n->value<std::string>();
    return t;
  }
  if (!n->is_table()) {
    l_.wrong_type(*n, key(k), "a string or a table { en = ..., cs = ... }");
    return std::nullopt;
  }
  Table tt(l_, *n->as_table(), key(k), KeyTable::Text);
  t.en = tt.str("en").value_or("");
  t.cs = tt.str("cs").value_or("");
  tt.finish();
  return t;
}

void Table::finish() {
  const KeyTableSpec& spec = manifest_keys(keys_);
  if (read_ != (uint64_t{1} << spec.keys.size()) - 1)
    for (size_t i = 0; i < spec.keys.size(); ++i)
      if (!(read_ >> i & 1))
        throw std::logic_error("pack loader never reads '" + key(spec.keys[i].name) + "', which manifest_keys.cpp lists");
  for (auto&& [k, v] : t_) {
    std::string name(k.str());
    if (spec.index(name) >= 0) continue;
    std::vector<std::string> known;
    for (const auto& x : spec.keys) known.emplace_back(x.name);
    l_.error(pos_of(k.source()), key(escape_id(name)), "unknown key" + suggestion(name, known));
  }
}

std::optional<Value> to_value(Loader& l, const toml::node& n, const std::string& key, int depth) {
  if (depth > kMaxValueDepth) {
    l.error(n, key, "nested deeper than " + std::to_string(kMaxValueDepth) + " levels");
    return std::nullopt;
  }
  if (n.is_integer()) return Value(*n.value<int64_t>());
  if (n.is_string()) return Value(*n.value<std::string>());
  if (n.is_boolean()) return Value(*n.value<bool>());
  if (const toml::array* a = n.as_array()) {
    List items;
    for (size_t i = 0; i < a->size(); ++i) {
      auto v = to_value(l, *a->get(i), key + "[" + std::to_string(i) + "]", depth + 1);
      if (!v) return std::nullopt;
      items.push_back(std::move(*v));
    }
    return Value::list(std::move(items));
  }
  if (const toml::table* t = n.as_table()) {
    Dict d;
    for (auto&& [k, v] : *t) {
      auto x = to_value(l, v, key + "." + std::string(k.str()), depth + 1);
      if (!x) return std::nullopt;
      d.emplace_back(std::string(k.str()), std::move(*x));
    }
    return Value::dict(std::move(d));
  }
  l.error(n, key, std::string("values must be integers, strings, booleans, arrays or tables, found ") + type_name(n));
  return std::nullopt;
}

std::string escape_id(std::string_view id) {
  std::string out;
  if (id.size() > 64) {
    size_t cut = 60;
    while (cut > 0 && (static_cast<unsigned char>(id[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    return escape_id(id.substr(0, cut)) + "...";
  }
  for (char c : id) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) {
      const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

std::string not_a_file(const fs::path& path) {
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return "";
  return fs::is_directory(path, ec) ? "is a folder, not a file" : "is not a regular file";
}

bool parse_toml(Loader& l, const fs::path& path, toml::table& out) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in) {
    l.error(SourcePos{path.string()}, "", "cannot read the file");
    return false;
  }
  const std::string text = ss.str();
  int line = 0, column = 0;
  if (const std::string why = toml_guard_error(text, line, column); !why.empty()) {
    l.error(SourcePos{path.string(), line, column}, "", why);
    return false;
  }
  try {
    out = toml::parse(text, path.string());
  } catch (const toml::parse_error& e) {
    l.error(pos_of(e.source()), "", std::string(e.description()));
    return false;
  }
  return true;
}

// Ids of packs, entities, zones, flow nodes and kinds are names, never
// paths: not empty, at most kMaxIdLength bytes, no `/`, `\\`, `..`,
// whitespace or control characters.
bool Loader::good_id(const std::string& id, const SourcePos& at, const std::string& key) {
  std::string why;
  if (id.empty()) why = "an id may not be empty";
  else if (id.size() > kMaxIdLength)
    why = "an id may be at most " + std::to_string(kMaxIdLength) + " bytes long, this one has " + std::to_string(id.size());
  else if (id.find_first_of("/\\") != std::string::npos) why = "an id may not contain '/' or '\\'";
  else if (id.find("..") != std::string::npos) why = "an id may not contain '..'";
  else if (std::any_of(id.begin(), id.end(), [](char c) { return c == ' ' || c == 0x7F || static_cast<unsigned char>(c) < 0x20; }))
    why = "an id may not contain whitespace or control characters";
  if (why.empty()) return true;
  error(at, escape_id(key), why + " (found \"" + escape_id(id) + "\")");
  return false;
}

}  // namespace tabula::pack_toml
