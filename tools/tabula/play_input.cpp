#include "tools/tabula/play_input.h"

#include <charconv>
#include <iostream>

#include "core/rules/subset.h"
#include "tools/tabula/ui_text.h"

namespace tabula::cli {

namespace {
// Only this much of a line is kept: no answer is longer, and a stream
// without newlines (< /dev/zero) must not fill the memory. A line longer
// than kLineEnds ends the input, or such a stream would be read forever.
constexpr size_t kLineKept = 4096;
constexpr size_t kLineEnds = size_t{16} << 20;

// A number 1..n, as an index from 0.
bool number(const std::string& w, size_t n, size_t& k) {
  auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), k);
  if (ec != std::errc() || p != w.data() + w.size() || k < 1 || k > n) return false;
  --k;
  return true;
}

// The set a line names: numbers 1..n separated by spaces or commas, or
// "none" / "-" for the empty set. False when a word is not such a number.
bool numbers(std::string line, size_t n, std::vector<size_t>& out) {
  for (char& c : line)
    if (c == ',' || c == '\t' || c == '\r') c = ' ';
  std::vector<std::string> words;
  for (size_t at = 0; (at = line.find_first_not_of(' ', at)) != std::string::npos;) {
    const size_t end = std::min(line.find(' ', at), line.size());
    words.push_back(line.substr(at, end - at));
    at = end;
  }
  out.clear();
  if (words.empty()) return false;
  if (words.size() == 1 && (words[0] == "none" || words[0] == "-")) return true;
  for (const auto& w : words) {
    size_t k = 0;
    if (!number(w, n, k)) return false;
    out.push_back(k);
  }
  return true;
}
}  // namespace

std::string pick_range(const Decision& d) {
  return d.pick_min == d.most() ? std::to_string(d.pick_min) : std::to_string(d.pick_min) + "-" + std::to_string(d.most());
}

std::string folded(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

std::vector<size_t> matching(const std::vector<std::string>& shown, const std::string& part) {
  std::vector<size_t> out;
  const std::string want = folded(part);
  if (want.empty()) return out;
  for (size_t i = 0; i < shown.size(); ++i)
    if (folded(shown[i]).find(want) != std::string::npos) out.push_back(i);
  return out;
}

bool read_line(std::string& line, const std::string& lang) {
  line.clear();
  std::streambuf* in = std::cin.rdbuf();
  size_t n = 0;
  for (;;) {
    const int c = in->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      if (n == 0) return false;
      break;  // a last line without its newline
    }
    if (c == '\n') break;
    if (++n <= kLineKept) {
      line.push_back(static_cast<char>(c));
    } else if (n > kLineEnds) {
      std::cout << "\n" << ui(lang, Ui::EndlessLine, std::to_string(kLineEnds >> 20));
      return false;
    }
  }
  if (n > kLineKept) line.clear();
  return true;
}

std::string trimmed(const std::string& line) {
  auto b = line.find_first_not_of(" \t\r");
  auto e = line.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : line.substr(b, e - b + 1);
}

Typed ask(const Decision& d, const std::vector<std::string>& shown, const std::string& lang, size_t& k,
          std::vector<size_t>& set) {
  const size_t n = d.options.size();
  std::string line;
  for (;;) {
    std::cout << "> " << std::flush;
    if (!read_line(line, lang)) {
      std::cout << "\n";
      return {Typed::Kind::Quit, ""};
    }
    line = trimmed(line);
    const Typed typed = typed_command(line, lang);
    if (typed.kind == Typed::Kind::Done) continue;
    if (typed.kind != Typed::Kind::Answer) return typed;
    if (!d.subset()) {
      if (number(line, n, k)) return typed;
      std::vector<size_t> found = matching(shown, line);
      if (found.size() == 1) {
        k = found[0];
        return typed;
      }
      if (found.empty()) {
        std::cout << ui(lang, Ui::EnterNumber, std::to_string(n)) << "\n";
        continue;
      }
      std::cout << ui(lang, Ui::SeveralMatch, std::to_string(found.size()), line) << "\n";
      for (size_t i : found) std::cout << "  " << i + 1 << ") " << shown[i] << "\n";
      continue;
    }
    const bool ok = numbers(line, n, set);
    const std::string why = ok ? check_subset(d, set) : "";
    if (ok && why.empty()) return typed;
    if (!why.empty()) std::cout << why << "\n";
    std::cout << ui(lang, Ui::EnterSet, pick_range(d), std::to_string(n), d.pick_min == 0 ? ui(lang, Ui::NoneHint) : "")
              << "\n";
  }
}

bool confirmed(const std::string& lang) {
  std::string line;
  std::cout << "> " << std::flush;
  if (!read_line(line, lang)) return false;
  line = trimmed(line);
  return line == "yes" || line == "y" || line == "ano" || line == "a";
}

}  // namespace tabula::cli
