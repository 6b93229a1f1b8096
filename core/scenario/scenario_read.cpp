#include "core/scenario/scenario_read.h"

#include <algorithm>
#include <stdexcept>

#include "core/io/state_json.h"

namespace tabula::scenario_read {

std::string at(const toml::node& n) {
  const auto& s = n.source();
  return (s.path ? *s.path : std::string("?")) + ":" + std::to_string(s.begin.line) + ":" +
         std::to_string(s.begin.column);
}

// Strict files: a key the format does not know is an error, not ignored.
void only_keys(const toml::table& t, const std::vector<std::string>& known, const std::string& prefix) {
  for (auto&& [k, v] : t)
    if (std::find(known.begin(), known.end(), std::string(k.str())) == known.end())
      throw std::runtime_error(at(v) + ": unknown key '" + prefix + std::string(k.str()) + "'");
}

// Kernel values nest at most kMaxValueDepth levels; a deeper one would make
// a state that no save can hold.
Value to_value(const toml::node& n, int depth) {
  if (depth > kMaxValueDepth)
    throw std::runtime_error(at(n) + ": nested deeper than " + std::to_string(kMaxValueDepth) + " levels");
  if (n.is_integer()) return Value(*n.value<int64_t>());
  if (n.is_string()) return Value(*n.value<std::string>());
  if (n.is_boolean()) return Value(*n.value<bool>());
  if (const toml::array* a = n.as_array()) {
    List l;
    for (const auto& x : *a) l.push_back(to_value(x, depth + 1));
    return Value::list(std::move(l));
  }
  if (const toml::table* t = n.as_table()) {
    Dict d;
    for (auto&& [k, v] : *t) d.emplace_back(std::string(k.str()), to_value(v, depth + 1));
    return Value::dict(std::move(d));
  }
  throw std::runtime_error(at(n) + ": unsupported value (integers, strings, booleans, arrays, tables)");
}

}  // namespace tabula::scenario_read
