// What a person types at `tabula play`: lines read safely from stdin, and
// the answers to one question (a number, a set of numbers, or a command).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/state/state.h"
#include "tools/tabula/play_commands.h"

namespace tabula::cli {

// Reads a line into `line` (without its newline); false at the end of input.
// A line longer than a few KiB comes back empty, which no question takes; a
// stream without newlines ends the input rather than fill the memory.
bool read_line(std::string& line, const std::string& lang);

// `line` without the blanks around it.
std::string trimmed(const std::string& line);

// Reads the answer to `d`, whose options read `shown`: an option into `k`
// (from 0) — by its number, or by a part of its text that no other option
// has (several that have it are listed with their numbers) — or for a
// subset decision a set into `set`, and returns Kind::Answer; or a command
// other than :help (which is answered here), which the caller carries out.
// Bad input is explained and asked again; the end of input is Kind::Quit.
Typed ask(const Decision& d, const std::vector<std::string>& shown, const std::string& lang, size_t& k,
          std::vector<size_t>& set);

// "2", or "0-3": how many options a subset decision wants.
std::string pick_range(const Decision& d);

// `s` with the letters A-Z made small, for finding a name in any case.
std::string folded(std::string s);

// The options whose text holds `part` (letters A-Z in any case).
std::vector<size_t> matching(const std::vector<std::string>& shown, const std::string& part);

// "yes" (or y, ano, a) to a question that asks for it; anything else is no.
bool confirmed(const std::string& lang);

}  // namespace tabula::cli
