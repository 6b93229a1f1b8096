#include "tools/tabula/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace tabula::cli {

namespace {
// A positive size from the environment variable, or `fallback`.
size_t env_size(const char* name, size_t fallback) {
  const char* v = std::getenv(name);
  size_t n = 0;
  if (!v || !*v) return fallback;
  auto [p, ec] = std::from_chars(v, v + std::strlen(v), n);
  return ec == std::errc() && *p == '\0' && n >= 20 && n <= 1000 ? n : fallback;
}
}  // namespace

Terminal terminal() {
  Terminal t;
  t.tty = isatty(STDOUT_FILENO);
  winsize w{};
  if (t.tty && ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 20 && w.ws_row >= 5) {
    t.cols = w.ws_col;
    t.rows = w.ws_row;
    t.fitted = true;
    return t;
  }
  t.fitted = env_size("COLUMNS", 0) != 0;
  t.cols = env_size("COLUMNS", t.cols);
  t.rows = env_size("LINES", t.rows);
  return t;
}

size_t text_width(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

std::string wrapped(const std::string& line, size_t width, const std::string& indent) {
  std::string out, current;
  size_t at = 0;
  while (at < line.size()) {
    size_t end = line.find(' ', at + 1);
    if (end == std::string::npos) end = line.size();
    const std::string word = line.substr(at, end - at);  // with its leading space, but the first
    if (!current.empty() && text_width(current) + text_width(word) > width && word.front() == ' ' &&
        text_width(current) > text_width(indent)) {
      out += current + "\n";
      const size_t skip = word.find_first_not_of(' ');
      current = indent + (skip == std::string::npos ? "" : word.substr(skip));
    } else {
      current += word;
    }
    at = end;
  }
  return out + current + "\n";
}

std::string leading_blanks(const std::string& line) {
  const size_t n = line.find_first_not_of(' ');
  return std::string(n == std::string::npos ? 0 : n, ' ');
}

std::string fit(const Terminal& t, const std::string& line) {
  return t.fitted ? wrapped(line, t.cols, leading_blanks(line) + "  ") : line + "\n";
}

void clear_screen(const Terminal& t) {
  if (!t.tty) return;
  // Past the filter that shows every control character a pack's text holds
  // as text (main.cpp): this sequence is the program's own.
  static const char kClear[] = "\033[H\033[2J\033[3J";
  std::cout << std::flush;
  if (::write(STDOUT_FILENO, kClear, sizeof kClear - 1) < 0) std::cout << "\n";
}

}  // namespace tabula::cli
