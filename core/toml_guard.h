// toml++ 3.3 reaches __builtin_unreachable on some non-ASCII characters
// outside strings and comments (e.g. a line that starts with a non-ASCII
// letter). Every TOML reader checks its text with this first.
#pragma once
#include <string_view>
#include <utility>

namespace tabula {

// The 1-based line and column of the first non-ASCII byte outside a string or
// a comment; {0, 0} when there is none.
std::pair<int, int> toml_non_ascii_position(std::string_view text);

}  // namespace tabula
