// The files `tabula annotations` and `tabula luacheckrc` write for editors
// and linters, rendered from the kernel's registry of what scripts see
// (core/lua/api_signatures.h) and from the shared Lua library's source.
#pragma once
#include <string>
#include <vector>

namespace tabula::cli {

// The LuaLS ---@meta file for the global `tabula`.
std::string tabula_meta();

// An exported function of a Lua module: `function NAME.fn(a, b)`, with the
// `--` comment lines just above it.
struct LuaFunctionDoc {
  std::string name;
  std::vector<std::string> params;
  std::string comment;  // the comment's lines, joined by '\n'; "" when none
  bool returns = false;  // its body has a `return` with a value
};

struct LuaModuleDoc {
  std::string module;   // as scripts require it: "std.list"
  std::string summary;  // the file's opening comment
  std::vector<LuaFunctionDoc> functions;  // in source order
};

// Reads a module's exported functions from its source. The module's table
// is the name the file returns (`return list`). Throws CliError naming
// `file` when there is no such name.
LuaModuleDoc read_lua_module(const std::string& module, const std::string& file, const std::string& source);

// The LuaLS ---@meta file for one module: `require "std.list"` resolves to it.
std::string module_meta(const LuaModuleDoc& doc);

// A luacheck configuration: the sandbox's globals only, `tabula` read-only
// with its functions as fields, no globals defined.
std::string luacheck_config();

// A pack's .luarc.json for the Lua Language Server: Lua 5.4, the sandbox's
// libraries, and `library` folders (the annotations, the layers below) where
// require() finds modules as the engine does.
std::string luarc_json(const std::vector<std::string>& library);

}  // namespace tabula::cli
