// Checks every TOML reader runs on a text before toml++ sees it: control
// characters TOML forbids, non-ASCII characters outside strings and comments
// (a clear message for a key like `č = 1`), and dotted keys of so many parts
// that toml++ would overflow the stack. toml++'s own undefined behaviour on
// some non-ASCII characters is removed in core/pack/toml.h.
#pragma once
#include <string>
#include <string_view>

namespace tabula {

// The message of the first check that fails, in that order (control
// characters, non-ASCII outside strings and comments, over-long dotted keys),
// with its 1-based line and column; "" when the text passes.
std::string toml_guard_error(std::string_view text, int& line, int& column);

}  // namespace tabula
