// Where a script error happened, told for the person who wrote the script
// (docs/lua-api.md, "Errors and rollback"). An error raised inside shared
// code (scripts/, a pack module only `require` names, a C function) on a
// script's behalf is reported at that script's line, and every message ends
// with a short traceback through the pack and scripts/ files.
#pragma once
#include <string>

struct lua_State;

namespace tabula {

// Splits "file:line: message" as Lua formats it; `where` is "" when the
// message names no place.
void split_where(const std::string& msg, std::string& where, std::string& text);

// "file:line" of the innermost pack or scripts/ frame of L, or "".
std::string script_where(lua_State* L);

// The message handler of the host's protected calls (lua_pcall's msgh). It
// runs only on error, while the failing stack is still there.
int locate_error(lua_State* L);

}  // namespace tabula
