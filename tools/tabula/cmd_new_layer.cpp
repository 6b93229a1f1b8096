// tabula new layer: a variant or house rule (--patches) or an expansion
// (--extends) of a pack found on the search path, in a folder of its own. Its
// examples are real: a parameter and an entry property of the loaded base,
// written as comments. Its scenario states what holds when the game starts.
#include <filesystem>
#include <iostream>

#include "tools/tabula/cmd_new.h"
#include "tools/tabula/new_files.h"
#include "tools/tabula/new_probe.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

struct Example {
  std::string name;  // a parameter, or "definition.prop"
  std::string def, prop;
  int64_t value = 0;
  std::string file;  // where the base states it, as a file name
};

// The first parameter (by name) that is an integer.
Example example_param(const PackSet& p) {
  for (const auto& [name, param] : p.params)
    if (param.value.is_int())
      return {name, "", "", param.value.as_int(), fs::path(param.pos.file).filename().string()};
  return {};
}

// The first definition (by id) with a non-zero integer property, and that
// property; else the first with an integer property at all.
Example example_prop(const PackSet& p) {
  Example any;
  for (const auto& [id, def] : p.entities) {
    const KindDef* kind = p.kind(def.kind);
    if (!kind) continue;
    for (const auto& spec : kind->props) {
      const Value& v = dict_get(def.props, spec.name);
      if (!v.is_int()) continue;
      Example e{id + "." + spec.name, id, spec.name, v.as_int(), fs::path(def.pos.file).filename().string()};
      if (e.value != 0) return e;
      if (any.def.empty()) any = e;
    }
  }
  return any;
}

// Whether a layer in `dir` finds the pack `id` as load_pack looks for it:
// a folder of that name beside the layer, then on the search path.
bool finds(const fs::path& dir, const std::string& id) {
  std::error_code ec;
  if (fs::is_regular_file(fs::absolute(dir, ec).lexically_normal().parent_path() / id / "pack.toml", ec)) return true;
  for (const auto& d : pack_search_path())
    if (fs::is_regular_file(fs::path(d) / id / "pack.toml", ec)) return true;
  return false;
}

std::string pack_toml(const std::string& id, const std::string& base, bool patches, const Example& param) {
  const std::string name = toml_string(title_of(id));
  std::string t = "# " + id + ": " + (patches ? "a variant or house rule of " : "an expansion of ") + base +
                  ",\n# written by `tabula new layer`. It changes the game without copying it:\n"
                  "# parameters here, entries in changes.toml (docs/modding.md; docs/packs.md,\n# \"Layers\").\n"
                  "[pack]\nid = \"" + id + "\"\n"
                  "name = { en = " + name + ", cs = " + name + " }   # give it a Czech name too\n"
                  "version = \"0.1.0\"\n" +
                  (patches ? "patches" : "extends") + " = \"" + base + "\"\nmanifests = [\"changes.toml\"]\n";
  if (!param.name.empty())
    t += "\n# A parameter set here replaces the one below. For example, " + base + "\n# has " + param.name +
         " = " + std::to_string(param.value) + " (in its " + param.file +
         "): to change it, remove the '# '\n# of both lines below.\n# [params]\n# " + param.name + " = " +
         std::to_string(param.value + 1) + "\n";
  return t;
}

std::string changes_toml(const std::string& id, const std::string& base, bool patches, const Example& prop,
                         const std::string& dir) {
  std::string t = "# What " + id + " changes in the entries of " + base +
                  " (docs/packs.md, \"Layers\").\n"
                  "# [change.ID] merges the keys given into an entry, [replace.ID] states a\n"
                  "# whole new entry, remove = [\"ID\"] takes one out.\n";
  if (!prop.def.empty())
    t += "#\n# For example, " + prop.def + " has " + prop.prop + " = " + std::to_string(prop.value) + " (in " +
         prop.file + " of " + base + "):\n# to change it, remove the '# ' of both lines below.\n# [change." +
         prop.def + ".props]\n# " + prop.prop + " = " + std::to_string(prop.value + 1) + "\n";
  t += std::string("#\n# ") + (patches ? "A new entry" : "New entries") + " can go here too; this writes one:\n#   tabula new card " +
       dir + " KIND ID\n";
  return t;
}

std::string scenario_toml(const std::string& id, const std::string& base, const StartFacts& f) {
  std::string t = "# Written by `tabula new layer`: " + id + " loads over " + base +
                  ",\n# and its game starts as below (seed 1, the default seats). When a change\n"
                  "# of yours alters the start, this says so: update it, then add steps that\n"
                  "# test the change (docs/scenarios.md).\n"
                  "[scenario]\nname = " +
                  toml_string(id + ": the game starts") + "\npack = \"..\"\nseed = 1\n\n[expect]\n\"game.over\" = " +
                  (f.over ? "true" : "false") + "\n";
  if (f.seat > 0) t += "\"decision.seat\" = " + std::to_string(f.seat) + "\n";
  for (const auto& [name, v] : f.counters)
    if (v.is_int() || v.is_bool() || v.is_str()) t += toml_string("seat1." + name) + " = " + toml_value(v) + "\n";
  return t;
}

}  // namespace

int new_layer(const NewArgs& a) {
  if (a.patches.empty() == a.extends.empty())
    throw CliError("tabula new layer needs one of --patches PACK (a variant or house rule) and --extends PACK "
                   "(an expansion)");
  const bool patches = !a.patches.empty();
  const std::string& base_arg = patches ? a.patches : a.extends;
  const std::string id = new_pack_id(a);
  const PackRef ref = resolve_pack(base_arg);
  LoadResult lr = load_pack(ref.dir, {}, pack_search_path());
  if (!lr.ok())
    throw CliError("pack '" + base_arg + "' does not load: fix it first (see `tabula check " + base_arg + "`)");
  const std::string base = lr.packs->id();
  if (id == base) throw CliError("the layer needs an id of its own, not '" + base + "': give one with --id");
  if (!finds(a.dir, base))
    throw CliError("a layer finds the pack it builds on by its id, '" + base +
                   "', in a folder of that name beside the layer or on the search path, and neither has one: put '" +
                   shown_path(a.dir) + "' beside it, or add the folder that holds it with --packs DIR or TABULA_PATH");
  const Example param = example_param(*lr.packs), prop = example_prop(*lr.packs);
  std::unique_ptr<Engine> engine;
  try {
    engine = std::make_unique<Engine>(std::move(lr.packs));
  } catch (const ScriptError& e) {
    throw CliError("pack '" + base_arg + "' does not load: " + e.what());
  }
  const StartFacts facts = start_facts(*engine);

  const fs::path dir = a.dir;
  const std::string shown = shown_path(dir.string());
  NewFiles files(dir.string());
  files.create("pack.toml", pack_toml(id, base, patches, param), std::string(patches ? "patches " : "extends ") + base);
  files.create("changes.toml", changes_toml(id, base, patches, prop, shown), "its entries: an example to start from");
  const std::string scenario_file = "scenarios/" + id + ".toml";
  files.create(scenario_file, scenario_toml(id, base, facts), "what holds when the game starts");
  const std::string scenario = (dir / scenario_file).string();
  files.write();
  const std::string flags = packs_flags();
  std::cout << "next:\n"
            << "  tabula check " << shown << flags << "\n"
            << "  tabula scenario " << shown_path(scenario) << flags << "\n"
            << "  tabula play " << base_arg << " --with " << shown << flags << "\n"
            << "  tabula run " << base_arg << " --with " << shown << " --games 100" << flags << "\n";
  return 0;
}

}  // namespace tabula::cli
