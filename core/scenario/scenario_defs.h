// A scenario's fixture definitions ([defs.X], docs/scenarios.md): entity
// definitions a test adds to the packs it loaded, without touching them.
#pragma once
#include "core/pack/toml.h"

#include <string>

#include "core/pack/pack.h"

namespace tabula {

// Adds every definition of `defs` to `packs` and finalizes them again;
// `dir` is the scenario file's folder, where their scripts lie. Throws
// std::runtime_error naming file:line:column and the key path.
void add_scenario_defs(PackSet& packs, const toml::table& defs, const std::string& dir);

}  // namespace tabula
