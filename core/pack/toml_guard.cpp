#include "core/pack/toml_guard.h"

#include <cstdio>
#include <tuple>
#include <utility>
#include <string>

namespace tabula {

namespace {

// Walks a TOML text and hands `at` each byte outside strings and comments,
// and each string as one '"'; stops at the first for which `at` returns
// true and gives its 1-based line and column (characters, not bytes), else
// {0, 0}.
template <class At>
std::pair<int, int> walk(std::string_view s, At&& at) {
  size_t i = s.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // a byte order mark
  int line = 1;
  size_t line_start = 0;
  auto here = [&] {
    int c = 1;
    for (size_t k = line_start; k < i; ++k) c += (static_cast<unsigned char>(s[k]) & 0xC0) != 0x80;
    return std::pair<int, int>{line, c};
  };
  auto newline = [&](size_t at) {
    ++line;
    line_start = at + 1;
  };
  while (i < s.size()) {
    const char c = s[i];
    if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
      if (at('"')) return here();
      const bool multi = s.substr(i, 3) == std::string(3, c);
      i += multi ? 3 : 1;
      while (i < s.size()) {
        if (c == '"' && s[i] == '\\') {
          if (i + 1 < s.size() && s[i + 1] == '\n') newline(i + 1);
          i += 2;
        } else if (multi ? s.substr(i, 3) == std::string(3, c) : s[i] == c) {
          i += multi ? 3 : 1;
          while (multi && i < s.size() && s[i] == c) ++i;  // up to two quotes end the content
          break;
        } else if (s[i] == '\n') {
          if (!multi) break;  // an unterminated string: toml++ reports it
          newline(i++);
        } else {
          ++i;
        }
      }
    } else {
      if (at(c)) return here();
      if (c == '\n') newline(i);
      ++i;
    }
  }
  return {0, 0};
}


// TOML allows non-ASCII characters only in strings and comments; a key
// written with one gets a clearer message than toml++'s. (This check was
// first the guard against toml++ 3.3's unreachable point on such
// characters; core/pack/toml.h now removes that point itself.)
std::pair<int, int> toml_non_ascii_position(std::string_view s) {
  return walk(s, [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

// A dotted key nests a table per part, and toml++ walks the result
// recursively (1,000,000 parts overflow the stack). A run of key parts is
// bare-key characters, spaces and quoted strings joined by dots; anything
// else ends it. A decimal number is such a run of one dot.
// No valid pack or scenario nests this deep: values nest at most 32 levels.
constexpr int kMaxTomlKeyParts = 64;

std::pair<int, int> toml_long_key_position(std::string_view s, int max_parts = kMaxTomlKeyParts) {
  int parts = 1;
  return walk(s, [&](char c) {
    const bool key_char = c == '"' || c == '-' || c == '_' || c == ' ' || c == '\t' || (c >= '0' && c <= '9') ||
                          (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (c == '.') return ++parts > max_parts;
    if (!key_char) parts = 1;
    return false;
  });
}

// TOML allows no control character but tab, LF and CR, in strings neither;
// toml++ misread the text after a NUL byte (found by fuzzing). The offset of
// the first, or npos.
size_t toml_control_offset(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F) return i;
  }
  return std::string_view::npos;
}

// The 1-based line and column (in characters) of byte `at`.
std::pair<int, int> line_column(std::string_view s, size_t at) {
  int line = 1, column = 1;
  for (size_t i = 0; i < at; ++i) {
    if (s[i] == '\n') {
      ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      ++column;
    }
  }
  return {line, column};
}

}  // namespace

std::string toml_guard_error(std::string_view text, int& line, int& column) {
  if (const size_t at = toml_control_offset(text); at != std::string_view::npos) {
    std::tie(line, column) = line_column(text, at);
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[at]));
    return std::string("a control character (") + hex + ") is not allowed in TOML";
  }
  if (auto [l, c] = toml_non_ascii_position(text); l > 0) {
    line = l;
    column = c;
    return "a non-ASCII character outside a string or comment (TOML allows them only there: quote the key, e.g. "
           "\"\u010d\" = 1)";
  }
  if (auto [l, c] = toml_long_key_position(text); l > 0) {
    line = l;
    column = c;
    return "a key of more than " + std::to_string(kMaxTomlKeyParts) + " dotted parts";
  }
  return "";
}

}  // namespace tabula
