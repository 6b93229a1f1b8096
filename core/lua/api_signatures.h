// What scripts see, as data: the signature of every function of the `tabula`
// table (argument names and LuaLS types, results, a one-line summary) and the
// sandbox's globals. docs/lua-api.md, the LuaLS annotations and the
// .luacheckrc that `tabula annotations` writes are all rendered from here,
// and tests hold this registry to the functions the kernel registers.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tabula {

struct ApiParam {
  std::string_view name;  // as the docs and the annotations name it
  std::string_view type;  // a LuaLS type expression
  bool optional = false;
};

struct ApiResult {
  std::string_view shown;  // as the docs' signature line shows it
  std::string_view type;   // a LuaLS type expression
};

// Where a function is available: a game's scripts, a screen's, or both.
enum class ApiScope { Game, Screen, Both };

struct ApiSignature {
  std::string_view name;
  std::vector<ApiParam> params;
  std::vector<ApiResult> results;
  std::string_view summary;  // one sentence
  ApiScope scope = ApiScope::Game;
  // Called as tabula.NAME{...}: `params` are the fields of its one table argument.
  bool table_call = false;
};

// Every function of the `tabula` table, sorted by name.
const std::vector<ApiSignature>& api_signatures();
// nullptr for a name the registry does not know.
const ApiSignature* find_api_signature(std::string_view name);

// The signature line of docs/lua-api.md, without backticks:
// "tabula.move(id, zone [, seat [, position]])".
std::string render_signature(const ApiSignature& s);

// A LuaLS type alias the signatures use (tabula.Id, tabula.Text...).
struct ApiAlias {
  std::string_view name;
  std::string_view type;
  std::string_view summary;
};
const std::vector<ApiAlias>& api_aliases();

// A global a script can read: a base function, or a library table with the
// fields the sandbox leaves in it (math without random, string without dump).
struct SandboxGlobal {
  std::string_view name;
  std::vector<std::string_view> fields;  // empty for a function or a value
};
// Sorted by name; `tabula` is not among them (see api_signatures()).
const std::vector<SandboxGlobal>& sandbox_globals();

}  // namespace tabula
