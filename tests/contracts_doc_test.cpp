// docs/contracts.md and the code cannot drift apart (issue 10, documented
// contracts): for every shipped game, each kind whose definitions have
// scripts has a section; the functions the kind `requires` are listed as
// required; every listed function is real (some script of the kind, in any
// pack of the game, its expansions included, exports
// it, or their rules reach it by that name); every listener, extension and
// modifier a script of the kind exports is listed; every function the rules
// reach by a literal name (tabula.call, tabula.handles) is listed. And every
// function of the shared library scripts/std has a section, and every
// section names a real one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "core/lua/lua_host.h"
#include "core/pack/pack_layers.h"
#include "core/rules/engine.h"
#include "core/rules/kernel.h"

namespace fs = std::filesystem;
using namespace tabula;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Section {
  std::set<std::string> exports;   // first cells of its table rows
  std::set<std::string> required;  // rows whose text says "required."
};

// "### GAME: KIND" sections and their tables; "### std.MODULE.FN" headings.
void parse_doc(const std::string& text, std::map<std::string, Section>& kinds, std::set<std::string>& std_fns) {
  static const std::regex kind_head(R"(^### ([a-z0-9-]+: [a-z_]+)$)");
  static const std::regex std_head(R"(^### (std\.[a-z_]+\.[a-z_]+)$)");
  static const std::regex row(R"(^\| `([^`]+)` \|(.*)$)");
  std::istringstream lines(text);
  std::string line;
  Section* in = nullptr;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_match(line, m, kind_head)) {
      EXPECT_EQ(kinds.count(m[1]), 0u) << m[1] << " is documented twice";
      in = &kinds[m[1]];
    } else if (std::regex_match(line, m, std_head)) {
      EXPECT_TRUE(std_fns.insert(m[1]).second) << m[1] << " is documented twice";
      in = nullptr;
    } else if (line.rfind("## ", 0) == 0) {
      in = nullptr;
    } else if (in && std::regex_match(line, m, row)) {
      in->exports.insert(m[1]);
      if (m[2].str().find("required.") != std::string::npos) in->required.insert(m[1]);
    }
  }
}

// The names a pack's Lua reaches with a literal: tabula.call(x, "fn") and
// tabula.handles(x, "fn") (T is the usual local for tabula), emit("EVENT")
// and collect("POINT").
struct Reached {
  std::set<std::string> called, emitted, collected;
};

Reached reached_by(const PackSet& packs) {
  static const std::regex call(R"(\b(?:T|tabula)\.(call|handles)\([^,()]+,\s*"([A-Za-z_][A-Za-z0-9_.]*)\")");
  static const std::regex point(R"(\b(?:T|tabula)\.(emit|collect)\(\s*\{?\s*"([A-Za-z_][A-Za-z0-9_]*)\")");
  Reached r;
  for (const auto& file : layer_lua_files(packs)) {
    const std::string src = read(file);
    for (std::sregex_iterator it(src.begin(), src.end(), call), end; it != end; ++it) r.called.insert((*it)[2]);
    for (std::sregex_iterator it(src.begin(), src.end(), point), end; it != end; ++it)
      ((*it)[1] == "emit" ? r.emitted : r.collected).insert((*it)[2]);
  }
  return r;
}

bool reached(const Reached& r, const std::string& fn) {
  if (fn.rfind("on.", 0) == 0) return r.emitted.count(fn.substr(3)) > 0;
  if (fn.rfind("extend.", 0) == 0) return r.collected.count(fn.substr(7)) > 0;
  return r.called.count(fn) > 0;
}

bool is_hook(const std::string& fn) {
  return fn.rfind("on.", 0) == 0 || fn.rfind("extend.", 0) == 0 || fn.rfind("modify.", 0) == 0;
}

}  // namespace

TEST(ContractsDoc, EveryScriptedKindOfEveryGameMatchesItsSection) {
  std::map<std::string, Section> doc;
  std::set<std::string> std_fns;
  const std::string text = read(fs::path(TABULA_SOURCE_DIR) / "docs" / "contracts.md");
  ASSERT_FALSE(text.empty()) << "docs/contracts.md is missing";
  parse_doc(text, doc, std_fns);
  const fs::path content = fs::path(TABULA_SOURCE_DIR) / "content";
  std::set<std::string> games;  // base pack ids
  std::set<std::string> kinds_of_games;  // "game: kind" for every kind declared
  std::vector<fs::path> packs;
  for (const auto& d : fs::directory_iterator(content))
    if (fs::exists(d.path() / "pack.toml")) packs.push_back(d.path());
  std::sort(packs.begin(), packs.end());
  // A game's section describes its expansions' cards too: a row is real when
  // a script of the kind in any pack of that game exports it, or the rules of
  // any of them reach it.
  std::map<std::string, std::set<std::string>> exported_by_game;  // "game: kind" -> exports
  std::map<std::string, Reached> reached_by_game;
  for (const auto& dir : packs) {
    auto r = load_pack(dir.string(), {}, {content.string()});
    ASSERT_TRUE(r.ok()) << r.report();
    Engine e(std::move(r.packs));
    const PackSet& p = e.packs();
    const LuaHost& host = e.kernel().host();
    const std::string game = p.layers.front().id;
    games.insert(game);
    for (const auto& [kind, _] : p.kinds) kinds_of_games.insert(game + ": " + kind);
    const Reached rules = reached_by(p);
    Reached& all = reached_by_game[game];
    all.called.insert(rules.called.begin(), rules.called.end());
    all.emitted.insert(rules.emitted.begin(), rules.emitted.end());
    all.collected.insert(rules.collected.begin(), rules.collected.end());
    // The functions the scripts of each kind export.
    std::map<std::string, std::set<std::string>> exported;
    for (const EntityDef* d : p.defs) {
      if (d->script.empty()) continue;
      const int m = host.module_index(d->script);
      ASSERT_GE(m, 0) << d->script;
      auto& fns = exported[d->kind];
      for (int32_t fn = 0; fn < host.function_count(); ++fn)
        if (host.function_module(fn) == m) fns.insert(host.function_path(fn));
    }
    std::set<std::string> documented;  // every export the game's sections list
    for (const auto& [kind, fns] : exported) {
      const std::string name = game + ": " + kind;
      auto s = doc.find(name);
      if (s == doc.end()) {
        ADD_FAILURE() << dir.filename() << ": docs/contracts.md has no section '### " << name << "'";
        continue;
      }
      documented.insert(s->second.exports.begin(), s->second.exports.end());
      for (const auto& fn : p.kinds.at(kind).required_functions)
        EXPECT_TRUE(s->second.required.count(fn)) << name << ": requires " << fn << ", which its section does not list as required";
      for (const auto& fn : s->second.required)
        EXPECT_NE(std::find(p.kinds.at(kind).required_functions.begin(), p.kinds.at(kind).required_functions.end(), fn),
                  p.kinds.at(kind).required_functions.end())
            << name << ": the section says " << fn << " is required, but [kinds." << kind << "] requires does not list it";
      for (const auto& fn : fns)
        if (is_hook(fn)) {
          EXPECT_TRUE(s->second.exports.count(fn)) << name << ": a script exports " << fn << ", which its section does not list";
        }
      exported_by_game[name].insert(fns.begin(), fns.end());
    }
    for (const auto& [name, s] : doc)
      if (name.rfind(game + ": ", 0) == 0) documented.insert(s.exports.begin(), s.exports.end());
    for (const auto& fn : rules.called)
      EXPECT_TRUE(documented.count(fn)) << dir.filename() << ": the rules call '" << fn << "' on an entity; no section of " << game << " lists it";
  }
  for (const auto& [name, s] : doc) {
    auto fns = exported_by_game.find(name);
    if (fns == exported_by_game.end()) continue;
    const Reached& rules = reached_by_game[name.substr(0, name.find(": "))];
    for (const auto& fn : s.exports) {
      if (fn[0] != '<') {
        EXPECT_TRUE(fns->second.count(fn) || reached(rules, fn)) << name << ": the section lists " << fn << ", which no script of the kind exports and the rules never reach";
      }
    }
  }
  for (const auto& [name, _] : doc)
    EXPECT_TRUE(kinds_of_games.count(name)) << "docs/contracts.md has a section for " << name << ", which is no kind of a shipped game";
}

// The shared library: every function a module of scripts/std exports at its
// top level is documented, and every documented one exists.
TEST(ContractsDoc, EveryStdFunctionIsDocumentedAndEverySectionIsAFunction) {
  std::map<std::string, Section> doc;
  std::set<std::string> documented;
  parse_doc(read(fs::path(TABULA_SOURCE_DIR) / "docs" / "contracts.md"), doc, documented);
  static const std::regex fn(R"(^function ([A-Za-z_]+)\.([A-Za-z_][A-Za-z0-9_]*)\()");
  std::set<std::string> real;
  for (const auto& f : fs::directory_iterator(fs::path(TABULA_SOURCE_DIR) / "scripts" / "std")) {
    if (f.path().extension() != ".lua") continue;
    std::istringstream lines(read(f.path()));
    std::string line;
    while (std::getline(lines, line)) {
      std::smatch m;
      if (std::regex_search(line, m, fn)) real.insert("std." + f.path().stem().string() + "." + m[2].str());
    }
  }
  ASSERT_GE(real.size(), 20u);
  for (const auto& name : real) EXPECT_TRUE(documented.count(name)) << name << " has no '### " << name << "' section in docs/contracts.md";
  for (const auto& name : documented) EXPECT_TRUE(real.count(name)) << "docs/contracts.md documents " << name << ", which does not exist";
}
