#include "core/lua/function_check.h"

#include <algorithm>
#include <tuple>

#include "core/lua/lua_host.h"
#include "core/state/suggest.h"

namespace tabula {

std::vector<Diagnostic> missing_functions(const PackSet& packs, const LuaHost& host) {
  std::vector<Diagnostic> out;
  for (const auto& f : packs.named_functions) {
    const int m = host.module_index(f.module);
    if (host.function_id(m, f.name) >= 0) continue;
    std::vector<std::string> names;  // the module's functions, for a suggestion
    for (int32_t fn = 0; fn < host.function_count(); ++fn)
      if (host.function_module(fn) == m) names.push_back(host.function_path(fn));
    out.push_back({Diagnostic::Severity::Error, f.pos, f.key_path,
                   "no function '" + f.name + "' in " + f.module + suggestion(f.name, names)});
  }
  // In the order a reader meets them in the files.
  std::stable_sort(out.begin(), out.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.pos.file, a.pos.line, a.pos.column) < std::tie(b.pos.file, b.pos.line, b.pos.column);
  });
  return out;
}

}  // namespace tabula
