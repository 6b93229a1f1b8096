// Checks, once the scripts are loaded, that every function the manifests
// name (PackSet::named_functions) exists in its module: one diagnostic per
// missing function, at the manifest position that names it.
#pragma once
#include <vector>

#include "core/pack/pack.h"

namespace tabula {

class LuaHost;

std::vector<Diagnostic> missing_functions(const PackSet& packs, const LuaHost& host);

}  // namespace tabula
