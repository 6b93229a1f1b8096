// Checks every TOML reader runs on a text before toml++ sees it. toml++ 3.3
// reaches __builtin_unreachable on some non-ASCII characters outside strings
// and comments (e.g. a line that starts with a non-ASCII letter), and
// overflows the stack on a dotted key of a million parts.
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
