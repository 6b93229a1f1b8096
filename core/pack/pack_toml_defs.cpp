// Reading the definitions of a pack: kinds and their properties, zones,
// entities (the manifests, with their remove, change and replace) and
// listen_in scopes, and the text files (each text's template checked).
#include "core/pack/toml_reader.h"

#include <algorithm>
#include <cctype>

#include "core/pack/text.h"
#include "core/state/suggest.h"

namespace tabula::pack_toml {

namespace {

std::optional<Value::Kind> kind_of_type(std::string_view t) {
  if (t == "int") return Value::Kind::Int;
  if (t == "string") return Value::Kind::Str;
  if (t == "bool") return Value::Kind::Bool;
  if (t == "list") return Value::Kind::List;
  if (t == "table") return Value::Kind::Dict;
  return std::nullopt;
}

}  // namespace

// [kinds.X]: a kind's properties with their types and defaults, the ones
// shown and on its back, where it listens, the functions its entries' scripts
// must have, and how it fights.
void Loader::read_kinds(const LayerFile& layer, const toml::table& kinds) {
  for (auto&& [k, v] : kinds) {
    std::string id(k.str());
    if (!good_id(id, k, "kinds." + id)) continue;
    if (!v.is_table()) {
      wrong_type(v, "kinds." + id, "a table");
      continue;
    }
    KindDef& kd = out.kinds[id];
    kd.id = id;
    Table t(*this, *v.as_table(), "kinds." + id, KeyTable::Kind);
    if (const toml::table* props = t.table("props")) {
      for (auto&& [pk, pv] : *props) {
        std::string name(pk.str());
        std::string key = "kinds." + id + ".props." + name;
        PropSpec spec;
        spec.name = name;
        std::string type;
        if (pv.is_string()) {
          type = *pv.value<std::string>();
        } else if (pv.is_table()) {
          Table pt(*this, *pv.as_table(), key, KeyTable::PropType);
          type = pt.str("type").value_or("int");
          if (const toml::node* d = pt.node("default")) {
            if (auto x = to_value(*this, *d, key + ".default")) spec.fallback = *x;
          }
          pt.finish();
        } else {
          wrong_type(pv, key, "a type name (\"int\", \"string\", \"bool\", \"list\", \"table\") or { type, default }");
          continue;
        }
        auto kindv = kind_of_type(type);
        if (!kindv) {
          error(pv, key, "unknown type '" + type + "' (use int, string, bool, list or table)");
          continue;
        }
        spec.type = *kindv;
        if (!spec.fallback.is_nil() && spec.fallback.kind() != spec.type)
          error(pv, key + ".default", "default does not match the type");
        auto it = std::find_if(kd.props.begin(), kd.props.end(), [&](const PropSpec& p) { return p.name == name; });
        if (it != kd.props.end()) *it = spec;
        else kd.props.push_back(spec);
        touch(layer, key, pos_of(pv.source()));
      }
    }
    if (auto v = t.strings("show")) {
      kd.show_declared = true;
      kd.show = *v;
      const toml::array* arr = t.raw().get("show")->as_array();
      for (size_t i = 0; i < kd.show.size(); ++i)
        if (!kd.prop(kd.show[i])) {
          std::vector<std::string> names;
          for (const auto& p : kd.props) names.push_back(p.name);
          error(*arr->get(i), "kinds." + id + ".show[" + std::to_string(i) + "]",
                "kind '" + id + "' has no property '" + kd.show[i] + "'" + suggestion(kd.show[i], names));
        }
      touch(layer, "kinds." + id + ".show", pos_of(t.raw().get("show")->source()));
    }
    if (auto v = t.strings("back")) {
      kd.back = *v;
      const toml::array* arr = t.raw().get("back")->as_array();
      for (size_t i = 0; i < kd.back.size(); ++i)
        if (!kd.prop(kd.back[i])) {
          std::vector<std::string> names;
          for (const auto& p : kd.props) names.push_back(p.name);
          error(*arr->get(i), "kinds." + id + ".back[" + std::to_string(i) + "]",
                "kind '" + id + "' has no property '" + kd.back[i] + "'" + suggestion(kd.back[i], names));
        }
      touch(layer, "kinds." + id + ".back", pos_of(t.raw().get("back")->source()));
    }
    read_listen(t, kd.listen);
    if (const toml::node* n = t.raw().get("listen_in")) touch(layer, "kinds." + id + ".listen_in", pos_of(n->source()));
    if (auto v = t.strings("requires")) {
      kd.required_functions = *v;
      touch(layer, "kinds." + id + ".requires", pos_of(t.raw().get("requires")->source()));
    }
    // How this kind fights; checked once every layer is in (check_fight_kinds).
    for (auto [key, field] : {std::pair<const char*, std::string*>{"hp", &kd.hp},
                              {"damage", &kd.damage}, {"knocked_out_to", &kd.knocked_out_to}})
      if (auto v = t.str(key)) {
        *field = *v;
        touch(layer, "kinds." + id + "." + key, pos_of(t.raw().get(key)->source()));
      }
    if (auto v = t.boolean("reset_damage")) {
      kd.reset_damage = *v;
      touch(layer, "kinds." + id + ".reset_damage", pos_of(t.raw().get("reset_damage")->source()));
    }
    t.finish();
  }
}

// [zones.X]: a zone, whether each seat has one, and who sees what in it.
void Loader::read_zones(const LayerFile& layer, const toml::table& zones) {
  for (auto&& [k, v] : zones) {
    std::string id(k.str());
    if (!good_id(id, k, "zones." + id)) continue;
    if (!v.is_table()) {
      wrong_type(v, "zones." + id, "a table");
      continue;
    }
    ZoneDef* z = nullptr;
    for (auto& x : out.zones)
      if (x.id == id) z = &x;
    if (!z) {
      z = &out.zones.emplace_back();
      z->id = id;
      z->order = static_cast<int>(out.zones.size()) - 1;
    }
    Table t(*this, *v.as_table(), "zones." + id, KeyTable::Zone);
    if (auto b = t.boolean("per_seat")) z->per_seat = *b;
    if (auto b = t.boolean("ordered")) z->ordered = *b;
    if (auto vis = t.str("visibility")) {
      if (*vis == "public") z->visibility = ZoneDef::Visibility::Public;
      else if (*vis == "owner") z->visibility = ZoneDef::Visibility::Owner;
      else if (*vis == "hidden") z->visibility = ZoneDef::Visibility::Hidden;
      else if (*vis == "contents") z->visibility = ZoneDef::Visibility::Contents;
      else error(*t.raw().get("visibility"), "zones." + id + ".visibility", "use public, owner, hidden or contents");
    }
    if (auto view = t.str("view")) {
      if (*view == "grouped") z->grouped = true;
      else if (*view == "items") z->grouped = false;
      else error(*t.raw().get("view"), "zones." + id + ".view", "use items or grouped");
    }
    if (auto pool = t.str("unseen_pool")) {
      if (pool->empty()) error(*t.raw().get("unseen_pool"), "zones." + id + ".unseen_pool", "must name a pool");
      else z->unseen_pool = *pool;
    }
    t.finish();
    touch(layer, "zones." + id, pos_of(k.source()));
  }
}

// listen_in: a list of zone ids, or "anywhere". The ids are checked once
// every layer's zones are known (check_references).
void Loader::read_listen(Table& t, ListenScope& scope) {
  const toml::node* n = t.node("listen_in");
  if (!n) return;
  if (n->is_string() && *n->value<std::string>() == "anywhere") {
    scope = ListenScope{true, true, {}, {}};
    return;
  }
  const toml::array* a = n->as_array();
  if (!a) {
    if (n->is_string()) error(*n, t.key("listen_in"), "use a list of zone ids or \"anywhere\", not \"" + *n->value<std::string>() + "\"");
    else wrong_type(*n, t.key("listen_in"), "a list of zone ids or \"anywhere\"");
    return;
  }
  scope = ListenScope{true, false, {}, {}};
  for (size_t i = 0; i < a->size(); ++i) {
    const toml::node& x = *a->get(i);
    if (!x.is_string()) {
      wrong_type(x, t.key("listen_in") + "[" + std::to_string(i) + "]", "a zone id");
      continue;
    }
    scope.zones.push_back(*x.value<std::string>());
    scope.pos.push_back(pos_of(x.source()));
  }
}

void Loader::check_listen(const ListenScope& scope, const std::string& key) {
  for (size_t i = 0; i < scope.zones.size(); ++i) {
    if (out.zone(scope.zones[i])) continue;
    std::vector<std::string> names;
    for (const auto& z : out.zones) names.push_back(z.id);
    error(scope.pos[i], key + "[" + std::to_string(i) + "]",
          "zone '" + scope.zones[i] + "' is not declared" + suggestion(scope.zones[i], names));
  }
}

void Loader::read_entity(const LayerFile& layer, Table& t, EntityDef& e) {
  if (auto v = t.str("kind")) e.kind = *v;
  if (auto v = t.text("name")) e.name = *v;
  if (auto v = t.text("text")) {
    e.text = *v;
    text_layer_[e.id] = layer.info.id;
    text_at_def_["entities." + e.id + ".text"] = pos_of(t.raw().get("text")->source());
  }
  if (auto v = t.str("script")) e.script = script_key(layer, *v, *t.raw().get("script"), t.key("script"));
  if (auto v = t.strings("tags")) e.tags = *v;
  read_listen(t, e.listen);
  if (auto v = t.strings("provisional")) {
    for (const auto& p : *v)
      if (std::find(e.provisional.begin(), e.provisional.end(), p) == e.provisional.end()) e.provisional.push_back(p);
  }
  const KindDef* kind = nullptr;
  if (auto it = out.kinds.find(e.kind); it != out.kinds.end()) kind = &it->second;
  else if (!e.kind.empty()) {
    std::vector<std::string> names;
    for (const auto& [k, _] : out.kinds) names.push_back(k);
    const toml::node* at = t.raw().get("kind");
    error(at ? pos_of(at->source()) : t.pos(), t.key("kind"), "unknown kind '" + escape_id(e.kind) + "'" + suggestion(e.kind, names));
  }
  if (const toml::table* props = t.table("props")) {
    for (auto&& [k, v] : *props) {
      std::string name(k.str());
      std::string key = t.key("props." + name);
      if (!kind) continue;
      const PropSpec* spec = kind->prop(name);
      if (!spec) {
        std::vector<std::string> names;
        for (const auto& p : kind->props) names.push_back(p.name);
        error(pos_of(k.source()), key, "kind '" + e.kind + "' has no property '" + name + "'" + suggestion(name, names));
        continue;
      }
      auto value = to_value(*this, v, key);
      if (!value) continue;
      if (value->kind() != spec->type) {
        error(v, key, std::string("expected ") + Value::kind_name(spec->type) + ", found " + type_name(v));
        continue;
      }
      if (const Value& was = dict_get(e.props, name); was.is_int() && value->is_int() && !(was == *value))
        number_changes_[e.id + "." + name] = {e.id, name, layer.info.id, layer.chain, was.as_int(), value->as_int(),
                                              pos_of(v.source())};
      dict_set(e.props, name, std::move(*value));
      touch(layer, "entity." + e.id + ".props." + name, pos_of(v.source()));
    }
  }
  t.finish();
  for (const auto& p : e.provisional)
    if (kind && !kind->prop(p)) error(t.pos(), t.key("provisional"), "'" + p + "' is not a property of kind '" + e.kind + "'");
  if (kind)
    for (const auto& spec : kind->props)
      if (dict_get(e.props, spec.name).is_nil() && !spec.fallback.is_nil()) dict_set(e.props, spec.name, spec.fallback);
  e.layer = layer.info.id;
}

void Loader::merge_manifest(const LayerFile& layer, const std::string& rel, const SourcePos& where) {
  const toml::table* doc = read_file(layer, rel, where, "pack.manifests", "manifest");
  if (!doc) return;
  const toml::table& root = *doc;
  for (auto&& [k, v] : root) {
    std::string id(k.str());
    if (id == "remove") {
      Table holder(*this, root, "", KeyTable::Manifest);
      auto ids = holder.strings("remove");
      for (const auto& r : ids.value_or(std::vector<std::string>{})) {
        if (!out.entities.erase(r)) error(v, "remove", "cannot remove '" + r + "': no such entity");
        else removed_.push_back(Removal{r, layer.info.id, pos_of(v.source())});
        touch(layer, "entity." + r, pos_of(v.source()));
      }
      continue;
    }
    if (!v.is_table()) {
      wrong_type(v, id, "a table (an entity definition)");
      continue;
    }
    if (id == "change" || id == "replace") {
      for (auto&& [ek, ev] : *v.as_table()) {
        std::string eid(ek.str());
        std::string key = id + "." + eid;
        if (!ev.is_table()) {
          wrong_type(ev, key, "a table");
          continue;
        }
        auto it = out.entities.find(eid);
        if (it == out.entities.end()) {
          error(pos_of(ek.source()), key, "no entity '" + eid + "' to " + id + " in the layers below");
          continue;
        }
        Table t(*this, *ev.as_table(), key, KeyTable::Entity, /*all_optional=*/id == "change");
        if (id == "replace") {
          EntityDef e;
          e.id = eid;
          e.pos = pos_of(ek.source());
          read_entity(layer, t, e);
          touch(layer, "entity." + eid, e.pos);
          it->second = std::move(e);
        } else {
          // Each field a change sets is its own claim (props are claimed one by
          // one in read_entity), so two layers may change different fields.
          for (auto&& [fk, fv] : *ev.as_table())
            if (fk.str() != "props") touch(layer, "entity." + eid + "." + std::string(fk.str()), pos_of(fk.source()));
          read_entity(layer, t, it->second);
        }
      }
      continue;
    }
    if (out.entities.count(id)) {
      error(pos_of(k.source()), id,
            "'" + id + "' is already defined by pack '" + out.entities[id].layer +
                "'; use [change." + id + "] or [replace." + id + "] to alter it");
      continue;
    }
    if (!good_id(id, k, id)) continue;
    EntityDef e;
    e.id = id;
    e.pos = pos_of(k.source());
    Table t(*this, *v.as_table(), id, KeyTable::Entity);
    read_entity(layer, t, e);
    touch(layer, "entity." + id, e.pos);
    out.entities[id] = std::move(e);
  }
}

// A text file is a tree of tables whose leaves are texts: a string (English)
// or { en = ..., cs = ... }. The path of tables names the key:
// [combat] where = "..." is the text "combat.where".
void Loader::merge_texts(const LayerFile& layer, const std::string& rel, const SourcePos& where) {
  if (const toml::table* doc = read_file(layer, rel, where, "pack.texts", "text file")) read_text_table(layer, *doc, "");
}

// Recursive, as deep as the file's tables: the depth is bounded as for values.
void Loader::read_text_table(const LayerFile& layer, const toml::table& t, const std::string& prefix, int depth) {
  for (auto&& [k, v] : t) {
    std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
    const toml::table* sub = v.as_table();
    if (sub && depth >= kMaxValueDepth) error(v, key, "nested deeper than " + std::to_string(kMaxValueDepth) + " levels");
    else if (sub && !sub->contains("en") && !sub->contains("cs")) read_text_table(layer, *sub, key, depth + 1);
    else read_text_entry(layer, v, key);
  }
}

void Loader::read_text_entry(const LayerFile& layer, const toml::node& n, const std::string& key) {
  auto at = text_at_.find(key);
  const bool fresh = at == text_at_.end();
  TextDef def;
  if (!fresh) def = out.texts[at->second];
  def.key = key;
  def.layer = layer.info.id;
  def.pos = pos_of(n.source());
  auto check = [&](const std::string& lang, const std::string& source, const toml::node& at) {
    std::vector<TextPiece> pieces;
    std::string why;
    if (!parse_template(source, pieces, why)) error(at, key + "." + lang, why);
    touch(layer, "texts." + key + "." + lang, pos_of(at.source()));
  };
  if (n.is_string()) {
    def.text.en = *n.value<std::string>();
    check("en", def.text.en, n);
  } else if (const toml::table* t = n.as_table()) {
    // A layer may give only a translation of a text below; a text still
    // without English after this is an error below.
    Table tt(*this, *t, key, KeyTable::Text, /*all_optional=*/true);
    if (auto en = tt.str("en")) {
      def.text.en = *en;
      check("en", *en, *t->get("en"));
    }
    if (auto cs = tt.str("cs")) {
      def.text.cs = *cs;
      check("cs", *cs, *t->get("cs"));
    }
    tt.finish();
  } else {
    wrong_type(n, key, "a text: a string or { en = \"...\", cs = \"...\" }");
    return;
  }
  if (def.text.en.empty()) {
    error(n, key, "a text needs its English form (en)");
    return;
  }
  if (fresh) {
    text_at_.emplace(key, out.texts.size());
    out.texts.push_back(std::move(def));
  } else {
    out.texts[at->second] = std::move(def);
  }
}

}  // namespace tabula::pack_toml

namespace tabula::pack_toml {

// A card's text may name its own properties ({attack}, {cost?coin|coins}), so
// that a layer changing a number changes the words too; nothing else fits
// there (no arguments reach a card's text).
void Loader::check_card_texts() {
  for (const auto& [id, e] : out.entities)
    for (const auto& [lang, source] : {std::pair<const char*, const std::string*>{"en", &e.text.en}, {"cs", &e.text.cs}}) {
      std::vector<TextPiece> pieces;
      std::string why;
      const std::string key = "entities." + id + ".text." + lang;
      const auto written = text_at_def_.find(key.substr(0, key.size() - 3));
      const SourcePos at = written != text_at_def_.end() ? written->second : e.pos;
      if (!parse_template(*source, pieces, why)) {
        error(at, key, why);
        continue;
      }
      for (const auto& p : pieces) {
        if (p.kind == TextPiece::Kind::Literal) continue;
        if (p.kind == TextPiece::Kind::EntityName || p.kind == TextPiece::Kind::EntityText) {
          error(at, key, "{" + p.text + ":...} names an entity, and a card's text has none: name a property, as {" + p.text + "}");
          continue;
        }
        const Value& v = prop_path(e.props, p.text);
        if (v.is_nil()) {
          std::vector<std::string> names;
          for (const auto& [name, value] : e.props) names.push_back(name);
          error(at, key, "{" + p.text + "} is not a property of " + id + " (kind " + e.kind + ")" + suggestion(p.text, names));
        } else if (p.kind == TextPiece::Kind::Plural && !v.is_int()) {
          error(at, key, "{" + p.text + "?...} picks a plural form, but " + p.text + " is not a number");
        }
      }
    }
}

}  // namespace tabula::pack_toml

namespace tabula::pack_toml {

namespace {

// Whether `text` holds `n` as a word of its own: "3" in "Standard 3," or
// "(3)", not in "13" or "3rd".
bool says_number(const std::string& text, int64_t n) {
  const std::string w = std::to_string(n);
  auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  for (size_t at = text.find(w); at != std::string::npos; at = text.find(w, at + 1)) {
    if ((at == 0 || !alnum(text[at - 1])) && (at + w.size() == text.size() || !alnum(text[at + w.size()])))
      return true;
  }
  return false;
}

}  // namespace

// A layer changed a number (an attack 3 -> 4) of a definition whose text
// a layer below wrote, and the text still says the old number and not the
// new one, with no {attack} slot: its readers would read the old rule. A
// warning at the change, since the words may name the number otherwise.
void Loader::check_stale_numbers() {
  for (const auto& [key, c] : number_changes_) {
    auto e = out.entities.find(c.entity);
    auto tl = text_layer_.find(c.entity);
    if (e == out.entities.end() || tl == text_layer_.end() || tl->second == c.layer) continue;
    if (std::find(c.chain.begin(), c.chain.end(), tl->second) == c.chain.end()) continue;  // written above it
    const Value& now = dict_get(e->second.props, c.prop);
    if (!now.is_int() || now.as_int() != c.now) continue;
    for (const std::string* text : {&e->second.text.en, &e->second.text.cs}) {
      if (text->empty() || text->find("{" + c.prop + "}") != std::string::npos ||
          text->find("{" + c.prop + "?") != std::string::npos)
        continue;
      if (!says_number(*text, c.was) || says_number(*text, c.now)) continue;
      diags.push_back({Diagnostic::Severity::Warning, c.pos, "entities." + c.entity + ".props." + c.prop,
                       c.entity + "'s text (layer " + tl->second + ") still says " + std::to_string(c.was) + ", the " +
                           c.prop + " before this layer made it " + std::to_string(c.now) + ": \"" + *text +
                           "\"; where the text names it, write {" + c.prop + "} (a slot filled from the property), "
                           "or give the text anew"});
      break;
    }
  }
}

}  // namespace tabula::pack_toml
