#include "core/scenario/scenario_defs.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "core/scenario/scenario_read.h"

namespace tabula {

namespace fs = std::filesystem;
using scenario_read::at;

namespace {

std::string str(const toml::table& t, const char* key, const std::string& path) {
  const toml::node* n = t.get(key);
  if (!n) return "";
  if (!n->is_string()) throw std::runtime_error(at(*n) + ": " + path + key + " must be a string");
  return *n->value<std::string>();
}

// The definition's script, a Lua file relative to the scenario, registered
// as module "scenario/<path>" so that the host loads it with the packs'.
std::string add_script(PackSet& packs, const toml::node& n, const std::string& rel, const std::string& dir,
                       const std::string& path) {
  const fs::path file = fs::path(dir) / rel;
  std::error_code ec;
  if (fs::path(rel).is_absolute() || file.extension() != ".lua" || !fs::is_regular_file(file, ec))
    throw std::runtime_error(at(n) + ": " + path + "script: no Lua file '" + rel + "' next to the scenario");
  const std::string key = "scenario/" + fs::path(rel).lexically_normal().generic_string();
  packs.scripts.emplace(key, ScriptFile{key, file.string(), "scenario"});
  return key;
}

}  // namespace

void add_scenario_defs(PackSet& packs, const toml::table& defs, const std::string& dir) {
  for (auto&& [k, v] : defs) {
    const std::string id(k.str()), path = "defs." + id + ".";
    const toml::table* t = v.as_table();
    if (!t) throw std::runtime_error(at(v) + ": defs." + id + " must be a table: [defs." + id + "] kind = ...");
    scenario_read::only_keys(*t, {"kind", "like", "name", "props", "script", "tags"}, path);
    if (const EntityDef* old = packs.entity(id))
      throw std::runtime_error(at(v) + ": defs." + id + ": pack " + old->layer + " already defines '" + id +
                               "'; a fixture takes a new id (like = \"" + id + "\" copies it)");
    const std::string like = str(*t, "like", path), kind = str(*t, "kind", path), name = str(*t, "name", path);
    EntityDef d;
    if (!like.empty()) {
      const EntityDef* base = packs.entity(like);
      if (!base) throw std::runtime_error(at(*t->get("like")) + ": " + path + "like: no definition '" + like + "'");
      d = *base;
      if (!kind.empty() && kind != base->kind)
        throw std::runtime_error(at(*t->get("kind")) + ": " + path + "kind: '" + like + "' is a " + base->kind + ", not a " + kind);
    } else if (kind.empty()) {
      throw std::runtime_error(at(v) + ": defs." + id + " needs a kind, or like = an existing definition");
    } else if (!packs.kind(kind)) {
      std::string kinds;
      for (const auto& [kid, kd] : packs.kinds) kinds += (kinds.empty() ? "" : ", ") + kid;
      throw std::runtime_error(at(*t->get("kind")) + ": " + path + "kind: no kind '" + kind + "' (kinds: " + kinds + ")");
    } else {
      d.kind = kind;
      d.name.en = id;
    }
    d.id = id;
    d.layer = "scenario";
    const auto& src = v.source();
    d.pos = SourcePos{src.path ? *src.path : std::string(), static_cast<int>(src.begin.line), static_cast<int>(src.begin.column)};
    if (!name.empty()) d.name = Text{name, ""};
    const KindDef& kd = *packs.kind(d.kind);
    if (const toml::node* props = t->get("props")) {
      if (!props->is_table()) throw std::runtime_error(at(*props) + ": " + path + "props must be a table");
      for (auto&& [pk, pv] : *props->as_table()) {
        const std::string prop(pk.str());
        const PropSpec* spec = kd.prop(prop);
        if (!spec) throw std::runtime_error(at(pv) + ": " + path + "props." + prop + ": kind '" + d.kind + "' has no property '" + prop + "'");
        Value value = scenario_read::to_value(pv);
        if (value.kind() != spec->type)
          throw std::runtime_error(at(pv) + ": " + path + "props." + prop + ": expected " + Value::kind_name(spec->type) +
                                   ", found " + Value::kind_name(value.kind()));
        dict_set(d.props, prop, std::move(value));
        // A stated value is the test's own, not a provisional one of the pack.
        d.provisional.erase(std::remove(d.provisional.begin(), d.provisional.end(), prop), d.provisional.end());
      }
    }
    for (const auto& spec : kd.props)
      if (dict_get(d.props, spec.name).is_nil() && !spec.fallback.is_nil()) dict_set(d.props, spec.name, spec.fallback);
    if (const toml::node* tags = t->get("tags")) {
      if (!tags->is_array()) throw std::runtime_error(at(*tags) + ": " + path + "tags must be a list of strings");
      d.tags.clear();
      for (const auto& tag : *tags->as_array()) {
        if (!tag.is_string()) throw std::runtime_error(at(tag) + ": " + path + "tags must be a list of strings");
        d.tags.push_back(*tag.value<std::string>());
      }
    }
    if (const toml::node* script = t->get("script"))
      d.script = add_script(packs, *script, str(*t, "script", path), dir, path);
    packs.entities.emplace(id, std::move(d));
  }
  packs.finalize();
}

}  // namespace tabula
