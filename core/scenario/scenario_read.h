// Reading scenario files (docs/scenarios.md): positions, strict keys and
// TOML values as kernel values, shared by the runner and its fixture
// definitions.
#pragma once
#include "core/pack/toml.h"

#include <string>
#include <vector>

#include "core/state/value.h"

namespace tabula::scenario_read {

// "file:line:column" of a node.
std::string at(const toml::node& n);
// Strict files: a key the format does not know is an error, not ignored.
void only_keys(const toml::table& t, const std::vector<std::string>& known, const std::string& prefix);
// Integers, strings, booleans, arrays and tables, at most kMaxValueDepth deep.
Value to_value(const toml::node& n, int depth = 0);

}  // namespace tabula::scenario_read
