#include "core/pack.h"

#include <algorithm>

namespace tabula {

std::string SourcePos::to_string() const {
  if (file.empty()) return "";
  std::string s = file;
  if (line > 0) s += ":" + std::to_string(line) + ":" + std::to_string(column);
  return s;
}

std::string Diagnostic::to_string() const {
  std::string s = pos.to_string();
  if (!s.empty()) s += ": ";
  s += severity == Severity::Error ? "error: " : severity == Severity::Warning ? "warning: " : "note: ";
  if (!key_path.empty()) s += key_path + ": ";
  return s + message;
}

std::string LoadResult::report() const {
  std::string s;
  for (const auto& d : diagnostics) s += d.to_string() + "\n";
  return s;
}

const PropSpec* KindDef::prop(std::string_view name) const {
  for (const auto& p : props)
    if (p.name == name) return &p;
  return nullptr;
}

bool EntityDef::has_tag(std::string_view t) const { return std::find(tags.begin(), tags.end(), t) != tags.end(); }

const ZoneDef* PackSet::zone(std::string_view id) const {
  for (const auto& z : zones)
    if (z.id == id) return &z;
  return nullptr;
}

const EntityDef* PackSet::entity(std::string_view id) const {
  auto it = entities.find(std::string(id));
  return it == entities.end() ? nullptr : &it->second;
}

const KindDef* PackSet::kind(std::string_view id) const {
  auto it = kinds.find(std::string(id));
  return it == kinds.end() ? nullptr : &it->second;
}

const Value& PackSet::param(std::string_view name) const {
  static const Value nil;
  auto it = params.find(std::string(name));
  return it == params.end() ? nil : it->second.value;
}

}  // namespace tabula
