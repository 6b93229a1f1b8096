// tabula check: load a pack chain, report every diagnostic, build the
// engine (loads every script), then list what the pack marks provisional.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/view/screen.h"
#include "tools/tabula/common.h"

namespace tabula::cli {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string where(const SourcePos& p) {
  SourcePos q = p;
  q.file = shown_path(p.file);
  return q.to_string();
}

const char* severity_name(Diagnostic::Severity s) {
  return s == Diagnostic::Severity::Error ? "error" : s == Diagnostic::Severity::Warning ? "warning" : "note";
}

struct Provisional {
  std::string what;  // "param" or "prop"
  std::string name;  // param name, or "entity.prop"
  std::string entity, prop;
  Value value;
  std::string note, layer;
  SourcePos pos;
};

// Texts that have English but no Czech: game texts, and the names and card
// texts of entity definitions. A missing translation shows in English.
struct Missing {
  std::string what;  // "text" or "name"/"text of" an entity
  std::string key;
  SourcePos pos;
  std::string layer;  // the layer that last wrote it
};

std::vector<Missing> missing_translations(const PackSet& p) {
  std::vector<Missing> out;
  for (const auto& t : p.texts)
    if (t.text.cs.empty()) out.push_back({"text", t.key, t.pos, t.layer});
  for (const auto& [id, d] : p.entities) {
    if (!d.name.en.empty() && d.name.cs.empty()) out.push_back({"name", id, d.pos, d.layer});
    if (!d.text.en.empty() && d.text.cs.empty()) out.push_back({"card text", id, d.pos, d.layer});
  }
  for (const auto& [id, b] : p.bots) {
    if (!b.name.en.empty() && b.name.cs.empty() && b.name.en != id) out.push_back({"bot name", id, b.pos, b.layer});
    if (!b.about.en.empty() && b.about.cs.empty()) out.push_back({"bot about", id, b.pos, b.layer});
  }
  return out;
}

std::vector<Provisional> provisional_values(const PackSet& p) {
  std::vector<Provisional> out;
  for (const auto& [name, param] : p.params)
    if (param.provisional) out.push_back({"param", name, "", "", param.value, param.note, param.layer, param.pos});
  for (const auto& [id, def] : p.entities)
    for (const auto& prop : def.provisional)
      out.push_back({"prop", id + "." + prop, id, prop, dict_get(def.props, prop), "", def.layer, def.pos});
  return out;
}

// The layers `tabula check` was asked about: the pack named and its --with
// layers, not the layers below that they build on. A finding belongs to the
// layer whose folder holds its file.
struct Owners {
  std::vector<std::pair<std::string, std::string>> dirs;  // canonical folder, layer id, deepest first
  std::set<std::string> checked;                          // ids of the checked layers

  explicit Owners(const PackSet& p, const CheckArgs& a) {
    std::set<std::string> asked;
    std::error_code ec;
    auto canon = [&](const std::string& d) { return fs::weakly_canonical(fs::absolute(d, ec), ec).string(); };
    try {
      asked.insert(canon(resolve_pack(a.pack).dir));
      for (const auto& w : a.with) asked.insert(canon(resolve_pack(w).dir));
    } catch (const CliError&) {
    }
    for (const auto& l : p.layers) {
      dirs.push_back({canon(l.dir), l.id});
      if (asked.count(dirs.back().first)) checked.insert(l.id);
    }
    if (checked.empty()) checked.insert(p.id());
    // A layer inside another's folder (tests/packs/x/layer) is the deeper one.
    std::sort(dirs.begin(), dirs.end(), [](const auto& x, const auto& y) { return x.first.size() > y.first.size(); });
  }
  std::string layer_of_file(const std::string& file) const {
    if (file.empty()) return "";
    std::error_code ec;
    const std::string f = fs::weakly_canonical(fs::absolute(file, ec), ec).string();
    for (const auto& [dir, id] : dirs)
      if (f.size() > dir.size() && f.compare(0, dir.size(), dir) == 0 && f[dir.size()] == '/') return id;
    return "";
  }
  // Unknown files (a script of scripts/, no file) count as the checked ones'.
  bool own(const std::string& layer) const { return layer.empty() || checked.count(layer) > 0; }
  bool whole() const { return checked.size() == dirs.size(); }
};

}  // namespace

int cmd_check(const CheckArgs& a) {
  LoadResult lr;
  try {
    lr = load_named(a.pack, a.with, /*check_scripts=*/true);
  } catch (const CliError& e) {
    // A pack that cannot be found is still an answer a program reads.
    if (!a.json) throw;
    json j = {{"ok", false}, {"pack", a.pack}, {"errors", 1}, {"warnings", 0},
              {"diagnostics", json::array({{{"severity", "error"}, {"message", e.what()}}})}};
    std::cout << dump_report(j, 2) << "\n";
    return 1;
  }

  int errors = 0, warnings = 0;
  std::unique_ptr<Owners> owners;
  if (lr.packs) owners = std::make_unique<Owners>(*lr.packs, a);
  size_t hidden_warnings = 0;
  json diags = json::array();
  auto show = [&](const Diagnostic& d) {
    const std::string layer = owners ? owners->layer_of_file(d.pos.file) : "";
    // Errors and notes (what the checked layer did below it) always show; a
    // warning of a layer below only with --all.
    if (!a.json && !a.all && owners && d.severity == Diagnostic::Severity::Warning && !owners->own(layer)) {
      ++hidden_warnings;
      return;
    }
    if (d.severity == Diagnostic::Severity::Error) ++errors;
    if (d.severity == Diagnostic::Severity::Warning) ++warnings;
    Diagnostic shown = d;
    shown.pos.file = shown_path(d.pos.file);
    if (a.json) {
      json x = {{"severity", severity_name(d.severity)},
                {"file", shown.pos.file},
                {"line", d.pos.line},
                {"column", d.pos.column},
                {"key", d.key_path},
                {"message", d.message}};
      if (!layer.empty()) x["layer"] = layer;
      diags.push_back(x);
    } else {
      std::cout << shown.to_string() << "\n";
    }
  };
  for (const auto& d : lr.diagnostics) show(d);

  std::string script_error;
  std::vector<Provisional> prov;
  std::vector<Missing> missing;
  std::unique_ptr<Engine> engine;
  if (lr.ok()) {
    prov = provisional_values(*lr.packs);
    missing = missing_translations(*lr.packs);
    try {
      engine = std::make_unique<Engine>(std::move(lr.packs));
    } catch (const ScriptError& e) {
      // Missing functions come located, each on its own line like the
      // loader's diagnostics; other load failures as one message.
      for (const auto& d : e.diagnostics) show(d);
      if (e.diagnostics.empty()) {
        script_error = e.what();
        ++errors;
      }
    }
  }
  // The screen is no module of the game's: it loads on its own.
  if (engine && Screen::declared(engine->packs())) {
    try {
      Screen screen(*engine);
    } catch (const ScriptError& e) {
      script_error = e.what();
      ++errors;
    }
  }

  if (a.json) {
    json j = {{"ok", errors == 0}, {"pack", a.pack}, {"errors", errors}, {"warnings", warnings}, {"diagnostics", diags}};
    if (!script_error.empty()) j["script_error"] = script_error;
    if (engine) {
      const PackSet& p = engine->packs();
      json layers = json::array();
      for (const auto& l : p.layers) layers.push_back(l.id);
      json checked = json::array();
      for (const auto& l : p.layers)
        if (owners && owners->checked.count(l.id)) checked.push_back(l.id);
      j["checked_layers"] = checked;
      json setups = json::array();
      for (const auto& [id, s] : p.setups) setups.push_back(id);
      j["pack"] = p.id();
      j["layers"] = layers;
      j["entities"] = p.entities.size();
      j["scripts"] = p.scripts.size();
      j["flow_nodes"] = p.flow.size();
      j["setups"] = setups;
      json bots = json::array();
      for (const auto& [id, b] : p.bots)
        bots.push_back({{"name", id}, {"kind", b.kind_name()}, {"display", b.name.en}, {"about", b.about.en}, {"layer", b.layer}});
      j["bots"] = bots;
      json pj = json::array();
      for (const auto& v : prov) {
        json x = {{"kind", v.what}, {"value", value_to_json(v.value)}, {"layer", v.layer},
                  {"file", shown_path(v.pos.file)}, {"line", v.pos.line}, {"column", v.pos.column}};
        if (v.what == "param") {
          x["name"] = v.name;
          x["note"] = v.note;
        } else {
          x["entity"] = v.entity;
          x["prop"] = v.prop;
        }
        pj.push_back(x);
      }
      j["provisional"] = pj;
      json mj = json::array();
      for (const auto& m : missing)
        mj.push_back({{"kind", m.what}, {"key", m.key}, {"lang", "cs"}, {"file", shown_path(m.pos.file)}, {"line", m.pos.line},
                      {"layer", m.layer}});
      j["missing_translations"] = mj;
      j["texts"] = p.texts.size();
    }
    std::cout << dump_report(j, 2) << "\n";
    return errors ? 1 : 0;
  }

  if (!script_error.empty()) std::cout << script_error << "\n";
  if (!engine || errors) {
    std::cout << "FAILED: " << errors << " error" << (errors == 1 ? "" : "s");
    if (warnings) std::cout << ", " << warnings << " warning" << (warnings == 1 ? "" : "s");
    std::cout << "\n";
    return 1;
  }
  const PackSet& p = engine->packs();
  std::string layers;
  for (const auto& l : p.layers) layers += (layers.empty() ? "" : " < ") + l.id;
  auto count = [](size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
  std::cout << "OK " << p.id() << ": " << count(p.layers.size(), "layer", "layers") << " (" << layers << "), "
            << count(p.entities.size(), "entity definition", "entity definitions") << ", "
            << count(p.scripts.size(), "script", "scripts") << ", " << count(p.flow.size(), "flow node", "flow nodes")
            << ", " << count(p.setups.size(), "setup", "setups") << ", " << count(p.texts.size(), "text", "texts");
  if (warnings) std::cout << ", " << warnings << " warning" << (warnings == 1 ? "" : "s");
  std::cout << "\n";
  if (!p.setups.empty()) {
    std::cout << "setups:";
    for (const auto& [id, s] : p.setups) std::cout << " " << id;
    std::cout << "\n";
  }
  if (!p.bots.empty()) {
    std::cout << "bots (for --seats):\n";
    for (const auto& [id, b] : p.bots) {
      std::cout << "  " << id << " (" << b.kind_name() << ")";
      if (!b.about.en.empty()) std::cout << ": " << b.about.en;
      std::cout << "  [layer " << b.layer << "]\n";
    }
  }
  // A layer's own findings; those of the layers below only with --all.
  std::vector<std::string> below;
  for (const auto& l : p.layers)
    if (!owners->checked.count(l.id)) below.push_back(l.id);
  const bool everything = a.all || owners->whole();
  size_t hidden_prov = 0, hidden_missing = 0;
  if (!everything) {
    auto prov_hidden = [&](const Provisional& v) { return !owners->own(v.layer); };
    auto missing_hidden = [&](const Missing& m) { return !owners->own(m.layer); };
    hidden_prov = static_cast<size_t>(std::count_if(prov.begin(), prov.end(), prov_hidden));
    hidden_missing = static_cast<size_t>(std::count_if(missing.begin(), missing.end(), missing_hidden));
    prov.erase(std::remove_if(prov.begin(), prov.end(), prov_hidden), prov.end());
    missing.erase(std::remove_if(missing.begin(), missing.end(), missing_hidden), missing.end());
  }
  std::cout << "provisional values (" << prov.size() << ")" << (prov.empty() ? "" : ":") << "\n";
  for (const auto& v : prov) {
    std::cout << "  " << v.what << " " << v.name << " = " << v.value.to_string() << "  [layer " << v.layer << ", "
              << where(v.pos) << "]";
    if (!v.note.empty()) std::cout << "  " << v.note;
    std::cout << "\n";
  }
  std::cout << "missing Czech translations (" << missing.size() << ")" << (missing.empty() ? "" : ", shown in English:") << "\n";
  for (const auto& m : missing) std::cout << "  " << m.what << " " << m.key << "  [" << where(m.pos) << "]\n";
  if (hidden_prov + hidden_missing + hidden_warnings > 0) {
    std::string names;
    for (size_t i = 0; i < below.size(); ++i) names += (i ? ", " : "") + below[i];
    std::string parts;
    auto part = [&](size_t n, const char* one, const char* many) {
      if (n) parts += (parts.empty() ? "" : ", ") + std::to_string(n) + " " + (n == 1 ? one : many);
    };
    part(hidden_warnings, "warning", "warnings");
    part(hidden_prov, "provisional value", "provisional values");
    part(hidden_missing, "missing translation", "missing translations");
    std::cout << "not shown: " << parts << " of the layers below (" << names << "); `tabula check " << a.pack;
    for (const auto& w : a.with) std::cout << " --with " << w;
    std::cout << " --all` lists them\n";
  }
  return 0;
}

}  // namespace tabula::cli
