// What lua_host.cpp, sandbox.cpp and lua_modules.cpp share (file-static while
// they were one file): the registry keys of the host's own tables, the count
// hook's period and require(). Private to them; lua_host.h, which rules/
// includes, needs none of it.
#pragma once

struct lua_State;

namespace tabula {

inline constexpr const char* kModules = "tabula.modules";
// require's answers by module name: a module found in a later script folder
// was otherwise looked for on disk in the earlier ones on every call.
inline constexpr const char* kRequired = "tabula.required";
inline constexpr const char* kFrozen = "tabula.frozen";  // the read-only proxies, as keys
inline constexpr int kHookEvery = 1000;  // instructions between budget checks (deterministic mode)

// require() for scripts: a module of the packs' script folders or scripts/,
// loaded once (lua_modules.cpp).
int lua_require(lua_State* L);

}  // namespace tabula
