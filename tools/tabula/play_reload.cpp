#include "tools/tabula/play_reload.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/io/state_json.h"
#include "core/view/screen.h"
#include "tools/tabula/common.h"
#include "tools/tabula/ui_text.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

// FNV-1a, 64 bits: a change to any byte changes the digest.
void mix(uint64_t& h, const std::string& bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  h ^= 0xff;  // ends the piece, so "ab" + "c" differs from "a" + "bc"
  h *= 0x100000001b3ULL;
}

// `items` joined by ", ", the first 12 of them.
std::string listed(const std::vector<std::string>& items, const std::string& lang) {
  std::string out;
  for (size_t i = 0; i < items.size() && i < 12; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > 12) out += ", " + ui(lang, Ui::AndMore, std::to_string(items.size() - 12));
  return out;
}

std::string shown_value(const Value& v) {
  std::string s = v.is_str() ? std::string(v.as_str()) : v.to_string();
  return s.size() > 40 ? s.substr(0, 37) + "..." : s;
}

// What a definition's change is: "troll: attack 3 -> 4, text".
std::string def_change(const EntityDef& a, const EntityDef& b) {
  std::vector<std::string> what;
  std::set<std::string> names;
  for (const auto& [k, v] : a.props) names.insert(k);
  for (const auto& [k, v] : b.props) names.insert(k);
  for (const auto& k : names) {
    const Value &x = dict_get(a.props, k), &y = dict_get(b.props, k);
    if (!(x == y)) what.push_back(k + " " + shown_value(x) + " -> " + shown_value(y));
  }
  if (a.name.en != b.name.en || a.name.cs != b.name.cs) what.push_back("name");
  if (a.text.en != b.text.en || a.text.cs != b.text.cs) what.push_back("text");
  if (a.tags != b.tags) what.push_back("tags");
  if (a.script != b.script) what.push_back("script");
  if (a.kind != b.kind) what.push_back("kind");
  if (what.empty()) return "";
  std::string out = a.id + ":";
  for (size_t i = 0; i < what.size(); ++i) out += (i ? ", " : " ") + what[i];
  return out;
}

// The report's lines on what differs between the old packs and the new.
void report_changes(const PackSet& was, const PackSet& now, const PackFiles& old_files, const PackFiles& new_files,
                    const std::string& lang, std::vector<std::string>& out) {
  std::vector<std::string> files;
  for (const auto& [f, h] : new_files.each) {
    auto it = old_files.each.find(f);
    if (it == old_files.each.end()) files.push_back(ui(lang, Ui::FileNew, shown_path(f)));
    else if (it->second != h) files.push_back(shown_path(f));
  }
  for (const auto& [f, h] : old_files.each)
    if (!new_files.each.count(f)) files.push_back(ui(lang, Ui::FileGone, shown_path(f)));
  if (!files.empty()) out.push_back(ui(lang, Ui::ChangedFiles, listed(files, lang)));
  std::vector<std::string> changed, added, removed;
  for (const auto& [id, d] : now.entities) {
    auto it = was.entities.find(id);
    if (it == was.entities.end()) added.push_back(id);
    else if (std::string c = def_change(it->second, d); !c.empty()) changed.push_back(c);
  }
  for (const auto& [id, d] : was.entities)
    if (!now.entities.count(id)) removed.push_back(id);
  if (!changed.empty()) out.push_back(ui(lang, Ui::ChangedDefs, listed(changed, lang)));
  if (!added.empty()) out.push_back(ui(lang, Ui::AddedDefs, listed(added, lang)));
  if (!removed.empty()) out.push_back(ui(lang, Ui::RemovedDefs, listed(removed, lang)));
  std::vector<std::string> params;
  std::set<std::string> names;
  for (const auto& [k, v] : was.params) names.insert(k);
  for (const auto& [k, v] : now.params) names.insert(k);
  for (const auto& k : names) {
    auto x = was.params.find(k), y = now.params.find(k);
    const Value none;
    const Value& vx = x == was.params.end() ? none : x->second.value;
    const Value& vy = y == now.params.end() ? none : y->second.value;
    if (!(vx == vy)) params.push_back(k + " " + shown_value(vx) + " -> " + shown_value(vy));
  }
  if (!params.empty()) out.push_back(ui(lang, Ui::ChangedParams, listed(params, lang)));
  std::map<std::string, const TextDef*> old_texts;
  for (const auto& t : was.texts) old_texts[t.key] = &t;
  std::vector<std::string> texts;
  for (const auto& t : now.texts) {
    auto it = old_texts.find(t.key);
    if (it == old_texts.end() || it->second->text.en != t.text.en || it->second->text.cs != t.text.cs) texts.push_back(t.key);
    if (it != old_texts.end()) old_texts.erase(it);
  }
  for (const auto& [k, t] : old_texts) texts.push_back(k);
  if (!texts.empty()) out.push_back(ui(lang, Ui::ChangedTexts, listed(texts, lang)));
}

// A diagnostic as `tabula check` prints it: located, the path as typed.
std::string located(const Diagnostic& d) {
  Diagnostic shown = d;
  shown.pos.file = shown_path(d.pos.file);
  return shown.to_string();
}

}  // namespace

PackFiles pack_files(const PackSet& packs) {
  std::set<std::string> folders;  // ordered: the digest must not depend on the listing order
  for (const auto& l : packs.layers) folders.insert(l.dir);
  for (const auto& d : packs.script_dirs) folders.insert(d.dir);
  std::set<std::string> files;
  std::error_code ec;
  for (const auto& folder : folders)
    for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      const std::string ext = it->path().extension().string();
      if ((ext == ".toml" || ext == ".lua") && it->is_regular_file(ec))
        files.insert(fs::weakly_canonical(it->path(), ec).string());
    }
  PackFiles out;
  uint64_t& h = out.digest;
  h = 0xcbf29ce484222325ULL;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    mix(h, file);
    mix(h, bytes);
    uint64_t own = 0xcbf29ce484222325ULL;
    mix(own, bytes);
    out.each[file] = own;
  }
  return out;
}

Reload reload_packs(const Engine& old, const State& s, const std::string& pack, const std::vector<std::string>& with,
                    const PackFiles& files, const std::string& lang) {
  Reload r;
  auto failed = [&](const std::string& why) {
    r.engine.reset();
    r.report.push_back(ui(lang, Ui::ReloadFailed, why));
    return std::move(r);
  };
  std::unique_ptr<PackSet> packs;
  try {
    LoadResult lr = load_named(pack, with, /*check_scripts=*/true);
    for (const auto& d : lr.diagnostics) r.report.push_back(located(d));
    if (!lr.ok()) return failed(ui(lang, Ui::NotLoading, ui(lang, Ui::ErrorsAbove)));
    packs = std::move(lr.packs);
  } catch (const CliError& e) {  // a folder that is gone
    return failed(ui(lang, Ui::NotLoading, e.what()));
  }
  r.files = pack_files(*packs);
  try {
    r.engine = std::make_unique<Engine>(std::move(packs));
  } catch (const ScriptError& e) {
    // Missing functions come one a line, located, as `tabula check` lists them.
    for (const auto& d : e.diagnostics) r.report.push_back(located(d));
    return failed(ui(lang, Ui::ScriptsFail, e.diagnostics.empty() ? e.what() : ui(lang, Ui::ErrorsAbove)));
  }
  // The screen belongs to the packs: one that no longer loads is no reload.
  if (Screen::declared(r.engine->packs())) {
    try {
      Screen loads(*r.engine);
    } catch (const ScriptError& e) {
      return failed(ui(lang, Ui::ScreenFails, e.what()));
    }
  }
  // The saved form names what the state holds (definitions, properties,
  // zones, flow nodes, functions, texts); loading it into the new packs
  // fails on the first name they no longer have.
  try {
    r.state = state_from_json(*r.engine, state_to_json(old, s));
  } catch (const std::runtime_error& e) {
    std::string why = e.what();
    const std::string prefix = "malformed state: ";  // true of a file; here the packs changed
    if (why.compare(0, prefix.size(), prefix) == 0) why.erase(0, prefix.size());
    return failed(ui(lang, Ui::StateMisfit, why));
  }
  // Ids are numbered in the sorted order of the names: a definition added
  // or removed renumbers others, and the hash follows.
  if (r.state.hash() != s.hash()) r.report.push_back(ui(lang, Ui::HashChanged, hex(s.hash()), hex(r.state.hash())));
  const bool same = r.files.digest == files.digest;
  r.report.push_back(ui(lang, same ? Ui::ReloadedSame : Ui::Reloaded));
  if (!same) report_changes(old.packs(), r.engine->packs(), files, r.files, lang, r.report);
  return r;
}

}  // namespace tabula::cli
