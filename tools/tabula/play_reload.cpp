#include "tools/tabula/play_reload.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
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

// A diagnostic as `tabula check` prints it: located, the path as typed.
std::string located(const Diagnostic& d) {
  Diagnostic shown = d;
  shown.pos.file = shown_path(d.pos.file);
  return shown.to_string();
}

}  // namespace

uint64_t pack_files_digest(const PackSet& packs) {
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
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    mix(h, file);
    mix(h, std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
  }
  return h;
}

Reload reload_packs(const Engine& old, const State& s, const std::string& pack, const std::vector<std::string>& with,
                    uint64_t digest, const std::string& lang) {
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
  r.digest = pack_files_digest(*packs);
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
  r.report.push_back(ui(lang, r.digest == digest ? Ui::ReloadedSame : Ui::Reloaded));
  return r;
}

}  // namespace tabula::cli
