// The terminal `tabula play` draws on: its size, and text fitted to it.
#pragma once
#include <cstddef>
#include <string>

namespace tabula::cli {

struct Terminal {
  size_t cols = 110;
  size_t rows = 45;
  bool tty = false;     // stdout is a terminal: screens may be cleared
  bool fitted = false;  // the width is known (a terminal, or COLUMNS): long lines are wrapped to it
};

// The size of the terminal on stdout; else COLUMNS and LINES when set;
// else 110 by 45, and lines of a transcript are left as they are, but for
// the options, wrapped at that width as a wide window would.
Terminal terminal();

// Characters (not bytes) of UTF-8 text.
size_t text_width(const std::string& s);

// `line` broken between words into lines of at most `width` characters,
// each after the first starting with `indent`; every line ends with a
// newline. A word longer than the width stays whole on its line.
std::string wrapped(const std::string& line, size_t width, const std::string& indent);

// `line` as printed on `t`: wrapped to its width when it is known (its
// continuation lines indented 2 more than the line), else as it is.
std::string fit(const Terminal& t, const std::string& line);

// The blanks a line starts with, for its wrapped continuation lines.
std::string leading_blanks(const std::string& line);

// Clears the screen and its scrollback, when stdout is a terminal.
void clear_screen(const Terminal& t);

}  // namespace tabula::cli
