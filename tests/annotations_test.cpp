// Editor and linter support (`tabula annotations`, `tabula luacheckrc`), run
// as a child process like tests/cli_test.cpp: the LuaLS meta files cover the
// whole `tabula` table and every exported function of scripts/, they are
// valid Lua, a pack gets a .luarc.json that finds its modules as the engine
// does, and the generated luacheck settings catch what the sandbox forbids.
// The registry of the sandbox's globals is held to a real engine's sandbox.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <lua.hpp>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/lua/api_signatures.h"
#include "core/lua/lua_host.h"
#include "core/rules/engine.h"
#include "tests/tool_run.h"

namespace fs = std::filesystem;
using namespace tabula::testing_support;

namespace {




Output run_tabula(const std::string& args) { return run_shell(quote(tabula_tool()) + " " + args); }



// A fresh folder of this test's own.
fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("tabula-annotations-test-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// Whether `text` compiles as a Lua 5.4 chunk (the error, if not).
std::string lua_syntax_error(const std::string& text, const std::string& name) {
  lua_State* L = luaL_newstate();
  std::string error;
  if (luaL_loadbufferx(L, text.data(), text.size(), name.c_str(), "t") != LUA_OK) error = lua_tostring(L, -1);
  lua_close(L);
  return error;
}

// The names a Lua module exports: `function NAME.fn(` for the NAME it returns.
std::vector<std::string> exported_functions(const std::string& source, std::string& table) {
  std::istringstream lines(source);
  std::vector<std::string> out;
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) {
    all.push_back(line);
    if (line.rfind("return ", 0) == 0) table = line.substr(7);
  }
  for (const auto& line : all) {
    const std::string head = "function " + table + ".";
    if (line.rfind(head, 0) == 0) out.push_back(line.substr(head.size(), line.find('(') - head.size()));
  }
  return out;
}

// The block of annotation lines just above `function tabula.NAME(`.
std::string block_before(const std::string& text, const std::string& declaration) {
  const auto at = text.find(declaration);
  if (at == std::string::npos) return "";
  const auto start = text.rfind("\n\n", at);
  return text.substr(start == std::string::npos ? 0 : start, at - (start == std::string::npos ? 0 : start));
}

}  // namespace

TEST(Annotations, TabulaMetaDeclaresEveryFunctionWithItsParameters) {
  const fs::path dir = temp_dir("meta");
  const Output o = run_tabula("annotations --out-dir " + quote(dir.string()));
  ASSERT_EQ(o.code, 0) << o.text;
  const std::string meta = read_file(dir / "tabula.lua");
  ASSERT_EQ(meta.rfind("---@meta", 0), 0u) << meta.substr(0, 200);
  EXPECT_EQ(lua_syntax_error(meta, "tabula.lua"), "");
  for (const auto& name : tabula::api_function_names()) {
    const std::string block = block_before(meta, "\nfunction tabula." + name + "(");
    ASSERT_FALSE(block.empty()) << "tabula.lua does not declare tabula." << name;
    const auto* sig = tabula::find_api_signature(name);
    ASSERT_TRUE(sig);
    EXPECT_NE(block.find("---" + std::string(sig->summary)), std::string::npos) << "tabula." << name << " has no description";
    if (!sig->params.empty()) {
      EXPECT_NE(block.find("---@param "), std::string::npos) << "tabula." << name << block;
    }
    if (!sig->results.empty()) {
      EXPECT_NE(block.find("---@return "), std::string::npos) << "tabula." << name << block;
    }
  }
  // Optional arguments are marked, a table argument's fields are a class.
  EXPECT_NE(block_before(meta, "\nfunction tabula.move(").find("---@param seat? tabula.Seat"), std::string::npos);
  EXPECT_NE(meta.find("---@class tabula.decide.Spec\n---@field seat tabula.Seat\n"), std::string::npos);
  EXPECT_NE(meta.find("---@field label? tabula.Text\n"), std::string::npos);
  EXPECT_NE(meta.find("---@alias tabula.Id integer\n"), std::string::npos);
  fs::remove_all(dir);
}

TEST(Annotations, StdMetaDeclaresEveryExportedFunctionWithItsComment) {
  const fs::path dir = temp_dir("std");
  const Output o = run_tabula("annotations --out-dir " + quote(dir.string()));
  ASSERT_EQ(o.code, 0) << o.text;
  const fs::path std_src = fs::path(TABULA_SOURCE_DIR) / "scripts" / "std";
  int modules = 0;
  for (const auto& e : fs::directory_iterator(std_src)) {
    if (e.path().extension() != ".lua") continue;
    ++modules;
    const std::string stem = e.path().stem().string();
    const std::string meta = read_file(dir / "std" / (stem + ".lua"));
    ASSERT_FALSE(meta.empty()) << "no meta file for std." << stem << ":\n" << o.text;
    EXPECT_EQ(meta.rfind("---@meta std." + stem + "\n", 0), 0u) << meta.substr(0, 100);
    EXPECT_EQ(lua_syntax_error(meta, stem), "") << "std/" << stem << ".lua";
    std::string table;
    const auto functions = exported_functions(read_file(e.path()), table);
    EXPECT_FALSE(functions.empty()) << e.path();
    for (const auto& fn : functions)
      EXPECT_NE(meta.find("\nfunction " + stem + "." + fn + "("), std::string::npos) << "std." << stem << "." << fn;
  }
  EXPECT_EQ(modules, 6) << "scripts/std has a new module: check its meta file by hand once";
  // The comment above a function is its description; the parameters are named.
  const std::string pile = read_file(dir / "std" / "pile.lua");
  EXPECT_NE(pile.find("---The top entity, or nil when the pile is empty.\n---@param zone any\n---@param seat any\n"
                      "---@return any\nfunction pile.top(zone, seat) end\n"),
            std::string::npos)
      << pile;
  EXPECT_NE(pile.find("---@param id any\n---@param zone any\n---@param seat any\nfunction pile.put_bottom(id, zone, seat) end"),
            std::string::npos)
      << "put_bottom returns nothing";
  fs::remove_all(dir);
}

// A layer's .luarc.json: Lua 5.4 without io/os/debug, the annotations
// first, then the folder of the pack it extends (where require() looks next).
TEST(Annotations, APackGetsALuarcThatFindsItsModulesAsTheEngineDoes) {
  const fs::path dir = temp_dir("luarc");
  for (const char* p : {"layer-base", "layer-exp"})
    fs::copy(fs::path(TABULA_SOURCE_DIR) / "tests" / "packs" / p, dir / p, fs::copy_options::recursive);
  const Output o = run_tabula("annotations " + quote((dir / "layer-exp").string()) + " --out-dir " + quote((dir / "ann").string()));
  ASSERT_EQ(o.code, 0) << o.text;
  const auto j = nlohmann::json::parse(read_file(dir / "layer-exp" / ".luarc.json"));
  EXPECT_EQ(j["runtime"]["version"], "Lua 5.4");
  EXPECT_EQ(j["runtime"]["path"], nlohmann::json::array({"?.lua"}));
  EXPECT_EQ(j["runtime"]["builtin"]["io"], "disable");
  EXPECT_EQ(j["runtime"]["builtin"]["os"], "disable");
  const auto canonical = [](const fs::path& p) { return fs::weakly_canonical(p).string(); };
  EXPECT_EQ(j["workspace"]["library"], nlohmann::json::array({canonical(dir / "ann"), canonical(dir / "layer-base")}));
  EXPECT_TRUE(fs::exists(dir / "ann" / "tabula.lua"));
  EXPECT_TRUE(fs::exists(dir / "ann" / "std" / "list.lua"));
  fs::remove_all(dir);
}

// A pack may come with any file in it, links too: a .luarc.json, an
// annotations folder or a folder in it that leads out of the pack must not
// get a file outside overwritten. Each is refused, naming the path, before
// anything is written.
TEST(Annotations, NoFileIsWrittenThroughALink) {
  const fs::path dir = temp_dir("links");
  const fs::path pack = dir / "duel";
  fs::copy(fs::path(TABULA_SOURCE_DIR) / "tests" / "packs" / "duel", pack, fs::copy_options::recursive);
  write_file(dir / "outside" / "victim.txt", "keep me\n");
  fs::create_directories(dir / "outside" / "folder");
  const auto outside_unchanged = [&](const std::string& what) {
    EXPECT_EQ(read_file(dir / "outside" / "victim.txt"), "keep me\n") << what;
    EXPECT_TRUE(fs::is_empty(dir / "outside" / "folder")) << what;
  };
  const std::string args = "annotations " + quote(pack.string()) + " --out-dir " + quote((dir / "ann").string());

  // The pack's .luarc.json, a link to a file outside the pack.
  fs::create_symlink(dir / "outside" / "victim.txt", pack / ".luarc.json");
  Output o = run_tabula(args);
  EXPECT_EQ(o.code, 1) << o.text;
  // The command names a path as it was given or relative to the working
  // folder, whichever reads shorter: check from the test's folder on.
  const fs::path tail = dir.filename();
  EXPECT_NE(o.text.find("tabula: error: refusing to write '"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find((tail / pack.filename() / ".luarc.json").string() +
                        "': it is a symbolic link (tabula writes no file through a link)"),
            std::string::npos)
      << o.text;
  EXPECT_FALSE(fs::exists(dir / "ann")) << "written before the refusal";
  outside_unchanged(".luarc.json");
  // A hard link is a file outside the pack as well.
  fs::remove(pack / ".luarc.json");
  fs::create_hard_link(dir / "outside" / "victim.txt", pack / ".luarc.json");
  o = run_tabula(args);
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_NE(o.text.find("it has other hard links"), std::string::npos) << o.text;
  outside_unchanged("a hard link");
  fs::remove(pack / ".luarc.json");

  // A folder inside the annotations folder, a link out of it.
  fs::create_directories(dir / "ann");
  fs::create_directory_symlink(dir / "outside" / "folder", dir / "ann" / "std");
  o = run_tabula(args);
  EXPECT_EQ(o.code, 1) << o.text;
  const fs::path ann = tail / "ann";
  EXPECT_NE(o.text.find((ann / "std" / "chance.lua").string() + "': '"), std::string::npos) << o.text;  // the first std module
  EXPECT_NE(o.text.find((ann / "std").string() + "' is a symbolic link"),
            std::string::npos)
      << o.text;
  EXPECT_FALSE(fs::exists(dir / "ann" / "tabula.lua")) << "written before the refusal";
  EXPECT_FALSE(fs::exists(pack / ".luarc.json"));
  outside_unchanged("ann/std");
  fs::remove_all(dir / "ann");

  // The default annotations folder, made where the command runs (here the
  // pack's own folder), shipped as a link out of it.
  fs::create_directory_symlink(dir / "outside" / "folder", pack / "tabula-annotations");
  o = run_shell("cd " + quote(pack.string()) + " && " + quote(tabula_tool()) + " annotations .");
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_NE(o.text.find("refusing to write into --out-dir 'tabula-annotations': it is a symbolic link"), std::string::npos)
      << o.text;
  outside_unchanged("tabula-annotations");
  fs::remove(pack / "tabula-annotations");

  // Without links it writes as before.
  o = run_tabula(args);
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(fs::is_regular_file(pack / ".luarc.json"));
  outside_unchanged("no link");
  fs::remove_all(dir);
}

TEST(Annotations, CommandsHaveHelp) {
  Output o = run_tabula("annotations --help");
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_NE(o.text.find("--out-dir"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find(".luarc.json"), std::string::npos) << o.text;
  o = run_tabula("luacheckrc --help");
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_NE(o.text.find("--out"), std::string::npos) << o.text;
  o = run_tabula("--help");
  EXPECT_NE(o.text.find("annotations"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("luacheckrc"), std::string::npos) << o.text;
}

TEST(Annotations, BadArgumentsGiveAClearError) {
  const fs::path dir = temp_dir("bad");
  write_file(dir / "a-file", "x");
  Output o = run_tabula("annotations --out-dir " + quote((dir / "a-file").string()));
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_NE(o.text.find("tabula: error: --out-dir"), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("is a file, not a folder"), std::string::npos) << o.text;
  o = run_tabula("annotations no-such-pack --out-dir " + quote((dir / "ann").string()));
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_NE(o.text.find("tabula: error: no pack 'no-such-pack'"), std::string::npos) << o.text;
  o = run_tabula("annotations one two");
  EXPECT_EQ(o.code, 2) << o.text;
  EXPECT_EQ(o.text.rfind("tabula: error: ", 0), 0u) << o.text;
  o = run_tabula("luacheckrc --bogus");
  EXPECT_EQ(o.code, 2) << o.text;
  EXPECT_EQ(o.text.rfind("tabula: error: ", 0), 0u) << o.text;
  o = run_tabula("luacheckrc -o " + quote((dir / "no-such-folder" / "x" / "rc").string()));
  EXPECT_EQ(o.code, 0) << o.text;  // folders are made as needed
  o = run_tabula("luacheckrc -o " + quote((dir / "a-file" / "rc").string()));
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_EQ(o.text.rfind("tabula: error: cannot create folder", 0), 0u) << o.text;
  fs::remove_all(dir);
}

// A shared module that does not say which table it exports is named, file
// and all, instead of giving an empty meta file.
TEST(Annotations, AModuleWithoutAReturnedTableIsAnErrorAtItsFile) {
  const fs::path dir = temp_dir("noreturn");
  write_file(dir / "scripts" / "std" / "odd.lua", "local M = {}\nfunction M.f() end\n");
  const Output o = run_shell("TABULA_SCRIPTS=" + quote((dir / "scripts").string()) + " " +
                             quote(std::string(TABULA_BINARY_DIR) + "/tools/tabula") + " annotations --out-dir " +
                             quote((dir / "ann").string()));
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_NE(o.text.find("tabula: error: "), std::string::npos) << o.text;
  EXPECT_NE(o.text.find("odd.lua: no `return NAME` line"), std::string::npos) << o.text;
  fs::remove_all(dir);
}

// The generated luacheck settings flag what the sandbox forbids (defining a
// global, writing into `tabula`, an unknown `tabula` function, io, the
// removed math.random) and pass what it allows. Needs Debian's lua-check.
TEST(Annotations, LuacheckWithTheGeneratedSettingsFlagsWhatTheSandboxForbids) {
  const fs::path dir = temp_dir("luacheck");
  Output o = run_tabula("luacheckrc -o " + quote((dir / "rc.lua").string()));
  ASSERT_EQ(o.code, 0) << o.text;
  const std::string rc = read_file(dir / "rc.lua");
  for (const auto& name : tabula::api_function_names())
    EXPECT_NE(rc.find("\"" + name + "\""), std::string::npos) << "the luacheck settings do not list tabula." << name;
  write_file(dir / "good.lua",
             "local T = tabula\nlocal list = require \"std.list\"\nlocal M = {}\n"
             "function M.setup(ctx)\n  local id = T.create(\"thing\", \"table\", ctx.seat)\n"
             "  T.log(string.format(\"%d\", math.max(id, 1)))\n  return list.sum(T.zone(\"table\"), utf8.len)\nend\n"
             "return M\n");
  write_file(dir / "global.lua", "score = 1\nreturn {}\n");
  write_file(dir / "write_api.lua", "tabula.foo = 1\nreturn {}\n");
  write_file(dir / "replace_api.lua", "tabula.create = print\nreturn {}\n");
  write_file(dir / "unknown_api.lua", "return { f = function() return tabula.no_such_function() end }\n");
  write_file(dir / "io.lua", "return { f = function() io.write(\"x\") end }\n");
  write_file(dir / "random.lua", "return { f = function() return math.random(6) end }\n");
  const std::string luacheck = "luacheck --no-color --codes --config " + quote((dir / "rc.lua").string()) + " ";
  o = run_shell(luacheck + quote((dir / "good.lua").string()));
  EXPECT_EQ(o.code, 0) << o.text;
  const struct {
    const char* file;
    const char* code;  // luacheck's warning code
  } bad[] = {{"global.lua", "W111"}, {"write_api.lua", "W142"}, {"replace_api.lua", "W122"},
             {"unknown_api.lua", "W143"}, {"io.lua", "W113"}, {"random.lua", "W143"}};
  for (const auto& b : bad) {
    o = run_shell(luacheck + quote((dir / b.file).string()));
    EXPECT_NE(o.code, 0) << b.file << ":\n" << o.text;
    EXPECT_NE(o.text.find(b.code), std::string::npos) << b.file << ":\n" << o.text;
  }
  fs::remove_all(dir);
}

// The registry's list of globals is what a script of a real engine sees:
// every global and every field of each library table.
TEST(Annotations, SandboxGlobalsRegistryMatchesTheRealSandbox) {
  auto r = tabula::load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/sandbox-globals");
  ASSERT_TRUE(r.ok()) << r.report();
  tabula::Engine e(std::move(r.packs));
  tabula::State s = e.new_game(1, 1);
  std::set<std::string> seen;
  std::istringstream words{std::string(s.var("globals").as_str())};
  for (std::string w; words >> w;) seen.insert(w);
  std::set<std::string> registry;
  for (const auto& g : tabula::sandbox_globals()) {
    if (g.fields.empty()) registry.insert(std::string(g.name));
    for (const auto& f : g.fields) registry.insert(std::string(g.name) + "." + std::string(f));
  }
  for (const auto& name : seen)
    EXPECT_TRUE(registry.count(name)) << name << " is in the sandbox but not in sandbox_globals() (core/lua/api_signatures.cpp)";
  for (const auto& name : registry)
    EXPECT_TRUE(seen.count(name)) << name << " is in sandbox_globals() but not in the sandbox";
}
