// Checks every TOML reader runs on a text before toml++ sees it: control
// characters TOML forbids, non-ASCII characters outside strings and comments
// (a clear message for a key like `č = 1`), and dotted keys of so many parts
// that toml++ would overflow the stack. toml++'s own undefined behaviour on
// some non-ASCII characters is removed in core/toml.h.
#pragma once
#include <string>
#include <string_view>
#include <utility>

namespace tabula {

// The 1-based line and column of the first non-ASCII byte outside a string or
// a comment; {0, 0} when there is none.
std::pair<int, int> toml_non_ascii_position(std::string_view text);

// No valid pack or scenario nests this deep: values nest at most 32 levels.
inline constexpr int kMaxTomlKeyParts = 64;

// The line and column of the dot that makes a dotted key or table header
// longer than `max_parts` parts; {0, 0} when there is none.
std::pair<int, int> toml_long_key_position(std::string_view text, int max_parts = kMaxTomlKeyParts);

// The line and column of the first control character TOML does not allow
// (all but tab, LF and CR), in strings too; {0, 0} when there is none.
std::pair<int, int> toml_control_position(std::string_view text);

// All the checks above, in order: the message of the first that fails, with
// its line and column, or "".
std::string toml_guard_error(std::string_view text, int& line, int& column);

}  // namespace tabula
