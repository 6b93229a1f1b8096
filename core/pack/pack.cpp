#include "core/pack/pack.h"

#include "core/pack/text.h"

#include <algorithm>

namespace tabula {

std::string SourcePos::to_string() const {
  if (file.empty()) return "";
  std::string s = file;
  if (line > 0) s += ":" + std::to_string(line);
  if (line > 0 && column > 0) s += ":" + std::to_string(column);  // a script position has a line only
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

const char* BotDef::kind_name() const {
  switch (kind) {
    case Kind::Random: return "random";
    case Kind::Greedy: return "greedy";
    case Kind::Mcts: return "mcts";
    case Kind::Policy: return "policy";
  }
  return "random";
}

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

const SeatGroup* SeatsDef::group(std::string_view name) const {
  for (const auto& g : groups)
    if (g.name == name) return &g;
  return nullptr;
}

const Value& PackSet::param(std::string_view name) const {
  static const Value nil;
  auto it = params.find(std::string(name));
  return it == params.end() ? nil : it->second.value;
}

bool PackSet::internal_name(std::string_view name) const {
  for (std::string_view n : internal) {
    const bool prefix = !n.empty() && n.back() == '*';
    if (prefix ? name.substr(0, n.size() - 1) == n.substr(0, n.size() - 1) : name == n) return true;
  }
  return false;
}

namespace {
template <class Names>
int32_t index_in(const Names& sorted, std::string_view name) {
  auto it = std::lower_bound(sorted.begin(), sorted.end(), name);
  return (it != sorted.end() && *it == name) ? static_cast<int32_t>(it - sorted.begin()) : -1;
}

int8_t type_code(Value::Kind k) { return static_cast<int8_t>(k); }

}  // namespace

// A property, or with dots a field of a table property ("effect.weapons").
const Value& prop_path(const Dict& props, std::string_view path) {
  static const Value nil;
  const Dict* d = &props;
  for (;;) {
    const size_t dot = path.find('.');
    const Value& v = dict_get(*d, path.substr(0, dot));
    if (dot == std::string_view::npos) return v;
    if (!v.is_dict()) return nil;
    d = &v.entries();
    path.remove_prefix(dot + 1);
  }
}

namespace {

// `source` with its {prop} slots filled from `props` (checked at load: a
// slot that names nothing shows as written).
std::string filled(const std::string& source, const Dict& props, std::string_view lang) {
  if (source.find('{') == std::string::npos && source.find('}') == std::string::npos) return source;
  std::vector<TextPiece> pieces;
  std::string error;
  if (!parse_template(source, pieces, error)) return source;
  std::string out;
  for (const auto& p : pieces) {
    const Value& v = p.kind == TextPiece::Kind::Literal ? Value() : prop_path(props, p.text);
    if (p.kind == TextPiece::Kind::Literal) out += p.text;
    else if (v.is_nil()) out += "{" + p.text + "}";
    else if (p.kind == TextPiece::Kind::Plural && !p.forms.empty())
      out += p.forms[std::min(plural_form(lang, v.as_int()), p.forms.size() - 1)];
    else out += v.is_str() ? std::string(v.as_str()) : v.to_string();
  }
  return out;
}
}  // namespace

void PackSet::finalize() {
  defs.clear();
  kind_names.clear();
  prop_names.clear();
  tag_names.clear();
  for (const auto& [id, k] : kinds) {
    kind_names.push_back(id);
    for (const auto& p : k.props) prop_names.push_back(p.name);
  }
  for (const auto& [id, e] : entities)
    for (const auto& t : e.tags) tag_names.push_back(t);
  for (auto* names : {&prop_names, &tag_names}) {
    std::sort(names->begin(), names->end());
    names->erase(std::unique(names->begin(), names->end()), names->end());
  }
  const size_t np = prop_names.size();
  prop_types.assign(kind_names.size() * np, -1);
  for (size_t k = 0; k < kind_names.size(); ++k)
    for (const auto& p : kinds.at(kind_names[k]).props) prop_types[k * np + index_in(prop_names, p.name)] = type_code(p.type);
  def_props.assign(entities.size() * np, Value());
  for (auto& [id, e] : entities) {
    e.index = static_cast<int32_t>(defs.size());
    e.kind_index = index_in(kind_names, e.kind);
    e.tag_ids.clear();
    for (const auto& t : e.tags) e.tag_ids.push_back(index_in(tag_names, t));
    std::sort(e.tag_ids.begin(), e.tag_ids.end());
    e.card_text.en = filled(e.text.en, e.props, "en");
    e.card_text.cs = filled(e.text.cs, e.props, "cs");
    for (const auto& [name, v] : e.props)
      if (int32_t p = index_in(prop_names, name); p >= 0) def_props[e.index * np + p] = v;
    const ListenScope& scope = e.listen.set ? e.listen : kinds.at(e.kind).listen;
    e.scoped = !scope.anywhere;
    e.listen_zones.clear();
    for (const auto& z : scope.zones)
      if (int32_t zd = zone_id(z); zd >= 0) e.listen_zones.push_back(zd);
    std::sort(e.listen_zones.begin(), e.listen_zones.end());
    e.listen_zones.erase(std::unique(e.listen_zones.begin(), e.listen_zones.end()), e.listen_zones.end());
    defs.push_back(&e);
  }
  std::sort(texts.begin(), texts.end(), [](const TextDef& a, const TextDef& b) { return a.key < b.key; });
  zone_shared_before.clear();
  zone_per_seat_before.clear();
  int32_t shared = 0, per_seat = 0;
  for (const auto& z : zones) {
    zone_shared_before.push_back(shared);
    zone_per_seat_before.push_back(per_seat);
    (z.per_seat ? per_seat : shared) += 1;
  }
  zone_shared_before.push_back(shared);
  zone_per_seat_before.push_back(per_seat);
}

int32_t PackSet::def_id(std::string_view id) const {
  const EntityDef* d = entity(id);
  return d ? d->index : -1;
}

int32_t PackSet::prop_id(std::string_view name) const { return index_in(prop_names, name); }
int32_t PackSet::tag_id(std::string_view name) const { return index_in(tag_names, name); }

int32_t PackSet::zone_id(std::string_view id) const {
  for (size_t i = 0; i < zones.size(); ++i)
    if (zones[i].id == id) return static_cast<int32_t>(i);
  return -1;
}

int32_t PackSet::text_id(std::string_view key) const {
  auto it = std::lower_bound(texts.begin(), texts.end(), key, [](const TextDef& t, std::string_view k) { return t.key < k; });
  return (it != texts.end() && it->key == key) ? static_cast<int32_t>(it - texts.begin()) : -1;
}

int PackSet::zone_index(int32_t zone_def, int seat, int seats) const {
  return zone_shared_before[zone_def] + zone_per_seat_before[zone_def] * seats + (zones[zone_def].per_seat ? seat : 0);
}

size_t PackSet::zone_count(int seats) const {
  return static_cast<size_t>(zone_shared_before.back() + zone_per_seat_before.back() * seats);
}

}  // namespace tabula
