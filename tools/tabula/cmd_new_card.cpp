// tabula new card: a new definition of a kind the pack declares, added to
// the pack or layer in PACKDIR: its manifest entry (every property of the
// kind, at its default or copied from --like), its script (new_card_script)
// and a scenario that creates it where entities of its kind lie.
#include <filesystem>
#include <iostream>
#include <set>

#include "core/state/suggest.h"
#include "tools/tabula/cmd_new.h"
#include "tools/tabula/manifest_list.h"
#include "tools/tabula/new_card_script.h"
#include "tools/tabula/new_files.h"
#include "tools/tabula/new_probe.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

// PACKDIR as given when it is a folder, else a pack found on the search path.
fs::path pack_folder(const std::string& arg) {
  std::error_code ec;
  const fs::path dir = fs::is_directory(arg, ec) ? fs::path(arg) : fs::path(resolve_pack(arg).dir);
  if (!fs::is_regular_file(dir / "pack.toml", ec))
    throw CliError("'" + shown_path(dir.string()) + "' is not a pack folder: it has no pack.toml");
  return dir;
}

std::unique_ptr<Engine> load(const fs::path& dir) {
  LoadResult lr = load_pack(dir.string(), {}, pack_search_path());
  const std::string shown = shown_path(dir.string());
  if (!lr.ok()) throw CliError("pack '" + shown + "' does not load: fix it first (see `tabula check " + shown + "`)");
  try {
    return std::make_unique<Engine>(std::move(lr.packs));
  } catch (const ScriptError& e) {
    throw CliError("pack '" + shown + "' does not load: " + e.what());
  }
}

template <class Map>
std::vector<std::string> keys(const Map& m) {
  std::vector<std::string> out;
  for (const auto& [k, v] : m) out.push_back(k);
  return out;
}

// The manifest to add to, relative to the pack folder: inside it, a .toml file.
std::string manifest_path(const std::string& given, const std::string& kind) {
  const fs::path rel = fs::path(given.empty() ? kind + "s.toml" : given).lexically_normal();
  const std::string s = rel.generic_string();
  if (rel.is_absolute() || s.empty() || s.rfind("..", 0) == 0 || rel.extension() != ".toml")
    throw CliError("--manifest '" + given + "': give a .toml file inside the pack's folder, relative to it");
  return s;
}

// The base pack as the next commands name it: by id when the search path
// finds it, else by its folder.
std::string base_arg(const PackInfo& base) {
  std::error_code ec;
  for (const auto& d : pack_search_path())
    if (fs::equivalent(fs::path(d) / base.id, base.dir, ec)) return base.id;
  return shown_path(base.dir);
}

// Assertion keys of an entity that are not its properties (docs/scenarios.md).
bool assertion_word(const std::string& prop) {
  return prop == "zone" || prop == "where" || prop == "face_up" || prop == "owner";
}

std::string entry_toml(const std::string& id, const KindDef& kind, const EntityDef* like,
                       const std::string& script) {
  std::string t = "\n# " + title_of(id) + ": a new " + kind.id + ", written by `tabula new card`" +
                  (like ? " like " + like->id : "") + ".\n# Its properties are all its kind's, at " +
                  (like ? like->id + "'s values" : "their defaults") +
                  ". Its Czech name and its own text are yours to write\n# (text = { en = \"...\", cs = \"...\" }); "
                  "`tabula check` lists what lacks Czech.\n";
  t += "[" + id + "]\nkind = " + toml_string(kind.id) + "\nname = { en = " + toml_string(title_of(id)) + " }\n";
  if (like && !like->text.en.empty()) {  // what it does so far: what --like does
    t += "text = { en = " + toml_string(like->text.en);
    if (!like->text.cs.empty()) t += ", cs = " + toml_string(like->text.cs);
    t += " }\n";
  }
  t += "script = " + toml_string(script) + "\n";
  if (like && !like->tags.empty()) {
    std::string tags;
    for (const auto& tag : like->tags) tags += (tags.empty() ? "" : ", ") + toml_string(tag);
    t += "tags = [" + tags + "]\n";
  }
  if (kind.props.empty()) return t;
  t += "[" + id + ".props]\n";
  for (const auto& spec : kind.props) {
    const Value& v = like ? dict_get(like->props, spec.name) : spec.fallback;
    if (v.is_nil())
      t += "# " + toml_key(spec.name) + ": " + Value::kind_name(spec.type) + ", no value (nil) unless given\n";
    else
      t += toml_key(spec.name) + " = " + toml_value(v) + "\n";
  }
  return t;
}

std::string scenario_toml(const PackSet& p, const std::string& id, const KindDef& kind, const EntityDef* like,
                          const ZonePick& zone) {
  std::string t = "# Written by `tabula new card`: " + id + " exists with the values of its entry.\n# It lies in " +
                  zone.zone + ":\n#   " + zone.why + ".\n# Add steps that make it act (docs/scenarios.md).\n";
  t += "[scenario]\nname = " + toml_string(id + ": a new " + kind.id) + "\npack = \"..\"\nseed = 1\n\n";
  t += "[[create]]\nas = \"new\"\ndef = " + toml_string(id) + "\nzone = " + toml_string(zone.zone) + "\n";
  if (zone.per_seat) t += "seat = 1\n";
  t += "\n[[step]]\nnote = \"the game begins: stop before its first hook runs\"\nrun_until = " +
       toml_string(p.flow_root) + "\n\n[expect]\n\"new.zone\" = " + toml_string(zone.zone) + "\n";
  for (const auto& spec : kind.props) {
    const Value& v = like ? dict_get(like->props, spec.name) : spec.fallback;
    if ((v.is_int() || v.is_bool() || v.is_str()) && !assertion_word(spec.name))
      t += toml_string("new." + spec.name) + " = " + toml_value(v) + "\n";
  }
  return t;
}

// Where a list of the packs names one of `ids`: "monster_pile_y1",
// "practice_boards[1].monsters", "setups.skirmish.options.pool".
struct Naming {
  std::string where;
  bool top_list = false;  // a parameter that is itself the list: `append` adds to it
  std::string param;
};

void lists_naming(const Value& v, const std::string& path, const std::set<std::string>& ids, bool top,
                  const std::string& param, std::vector<Naming>& out) {
  if (v.is_list()) {
    bool named = false;
    for (const auto& x : v.items()) named = named || (x.is_str() && ids.count(std::string(x.as_str())));
    if (named) out.push_back({path, top, param});
    for (size_t i = 0; i < v.items().size(); ++i)
      if (!v.items()[i].is_str()) lists_naming(v.items()[i], path + "[" + std::to_string(i + 1) + "]", ids, false, param, out);
  } else if (v.is_dict()) {
    for (const auto& [k, x] : v.entries()) lists_naming(x, path + "." + k, ids, false, param, out);
  }
}

std::vector<Naming> lists_naming(const PackSet& p, const std::set<std::string>& ids) {
  std::vector<Naming> out;
  for (const auto& [name, param] : p.params) lists_naming(param.value, name, ids, true, name, out);
  for (const auto& [id, setup] : p.setups)
    for (const auto& [k, x] : setup.options) lists_naming(x, "setups." + id + ".options." + k, ids, false, "", out);
  return out;
}

// What deals the new card: the lists that name its model (--like) or, without
// one, definitions of its kind; and how to add it to the first such list.
std::string dealt_by(const PackSet& p, const std::string& id, const std::string& kind, const EntityDef* like,
                     bool layer) {
  std::set<std::string> ids;
  if (like) ids.insert(like->id);
  else
    for (const auto& [eid, d] : p.entities)
      if (d.kind == kind) ids.insert(eid);
  const std::vector<Naming> lists = lists_naming(p, ids);
  const std::string what = like ? like->id : "a " + kind;
  std::string out = "no list deals " + id + " yet: it joins a game once a list or setup of the pack names it.\n";
  if (lists.empty())
    return "No parameter or setup of the packs names " + what + ": the rules find " +
           (like ? like->id : "each " + kind) + " by " + (like ? "its" : "their") + " properties or tags (" +
           (like ? "--like copied " + like->id + "'s, so " + id + " may be found the same way"
                 : "give " + id + " those the rules look for") +
           "; the pack's rules and README say which).\n";
  std::string where;
  for (size_t i = 0; i < lists.size() && i < 8; ++i) where += (i ? ", " : "") + lists[i].where;
  if (lists.size() > 8) where += ", and " + std::to_string(lists.size() - 8) + " more";
  out += "The lists that name " + what + " (in [params] or [setups]): " + where + ".\n";
  for (const auto& l : lists)
    if (l.top_list) {
      if (layer)
        out += "To deal it, add to the layer's pack.toml:\n  [params." + l.param + "]\n  append = [\"" + id + "\"]\n";
      else
        out += "To deal it, add \"" + id + "\" to the list " + l.param + " in [params] of pack.toml.\n";
      break;
    }
  return out;
}

}  // namespace

int new_card(const NewArgs& a) {
  const fs::path dir = pack_folder(a.dir);
  check_plain_id(a.id, "definition id");
  const std::unique_ptr<Engine> engine = load(dir);
  const PackSet& p = engine->packs();
  const std::string shown = shown_path(dir.string());
  if (const EntityDef* d = p.entity(a.id)) {
    SourcePos pos = d->pos;
    pos.file = shown_path(pos.file);
    throw CliError("'" + a.id + "' is already defined (layer " + d->layer + ", " + pos.to_string() +
                   "): choose another id, or alter it with [change." + a.id + "] in a layer");
  }
  const KindDef* kind = p.kind(a.kind);
  if (!kind) {
    std::string hint = suggestion(a.kind, keys(p.kinds));
    if (hint.empty()) {
      for (const auto& [k, d] : p.kinds) hint += (hint.empty() ? " (its kinds: " : ", ") + k;
      hint += p.kinds.empty() ? " (it declares none)" : ")";
    }
    throw CliError("pack '" + p.id() + "' declares no kind '" + a.kind + "'" + hint);
  }
  check_plain_id(a.kind, "kind");
  const EntityDef* like = nullptr;
  if (!a.like.empty()) {
    like = p.entity(a.like);
    if (!like) throw CliError("--like: no definition '" + a.like + "'" + suggestion(a.like, keys(p.entities)));
    if (like->kind != a.kind)
      throw CliError("--like: '" + a.like + "' is a " + like->kind + ", not a " + a.kind);
  }
  const ZonePick zone = zone_for_kind(*engine, a.kind);
  if (zone.zone.empty()) throw CliError("pack '" + p.id() + "' declares no zone to put a new " + a.kind + " in");

  const std::string manifest = manifest_path(a.manifest, a.kind);
  const std::string script = a.kind + "s/" + a.id + ".lua";
  const ManifestList list = read_manifest_list((dir / "pack.toml").string());
  NewFiles files(dir.string());
  const std::string entry = entry_toml(a.id, *kind, like, script);
  std::error_code ec;
  if (list.listed(manifest)) {
    std::string before = read_text((dir / manifest).string());
    files.append(manifest, (before.empty() || before.back() == '\n' ? "" : "\n") + entry, "[" + a.id + "] added");
  } else if (fs::exists(fs::symlink_status(dir / manifest, ec))) {
    throw CliError("'" + shown_path((dir / manifest).string()) +
                   "' exists but is not one of the pack's manifests: name another with --manifest");
  } else {
    files.create(manifest, entry.substr(1), "[" + a.id + "], a new manifest");
    files.rewrite("pack.toml", list.with(manifest), manifest + " added to [pack] manifests");
  }
  files.create(script, card_script(*engine, {a.id, a.kind, script, like}),
               kind->required_functions.empty() ? "its script" : "its script: the functions its kind requires");
  const std::string scenario_file = "scenarios/" + a.id + ".toml";
  files.create(scenario_file, scenario_toml(p, a.id, *kind, like, zone), "creates it in " + zone.zone);
  const std::string scenario = (dir / scenario_file).string();
  files.write();

  const std::string flags = packs_flags();
  const bool layer = p.layers.size() > 1;
  std::cout << "next:\n"
            << "  tabula check " << shown << flags << "\n"
            << "  tabula scenario " << shown_path(scenario) << flags << "\n";
  if (layer)
    std::cout << "  tabula run " << base_arg(p.layers.front()) << " --with " << shown << " --games 5" << flags << "\n";
  else
    std::cout << "  tabula run " << shown << " --games 5" << flags << "\n";
  std::cout << dealt_by(p, a.id, a.kind, like, layer);
  return 0;
}

}  // namespace tabula::cli
