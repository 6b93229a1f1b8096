#include "core/toml_guard.h"

#include <string>

namespace tabula {

// The first byte outside strings and comments that TOML 1.0 does not allow
// there: any non-ASCII character. toml++ 3.3 (Debian) reaches
// __builtin_unreachable when it classifies some of them (U+00A1..U+0499,
// U+2CDE..U+30D7) as whitespace, so the loader rejects them before parsing.
// Columns count characters, not bytes.
std::pair<int, int> toml_non_ascii_position(std::string_view s) {
  size_t i = s.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // a byte order mark
  int line = 1;
  size_t line_start = 0;
  auto column = [&](size_t at) {
    int c = 1;
    for (size_t k = line_start; k < at; ++k) c += (static_cast<unsigned char>(s[k]) & 0xC0) != 0x80;
    return c;
  };
  auto newline = [&](size_t at) {
    ++line;
    line_start = at + 1;
  };
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      newline(i++);
    } else if (c == '#') {
      while (i < s.size() && s[i] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
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
    } else if (static_cast<unsigned char>(c) >= 0x80) {
      return {line, column(i)};
    } else {
      ++i;
    }
  }
  return {0, 0};
}

}  // namespace tabula
