// Running the built `tabula` tool from tests (as a child process through a
// shell), and the small file helpers those tests share.
#pragma once
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tabula::testing_support {

struct Output {
  int code = -1;     // the exit status; -1 when the tool did not exit normally
  std::string text;  // stdout and stderr together
};

// `s` as one word of a POSIX shell command line.
inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs a shell command line; its stderr joins its stdout.
inline Output run_shell(const std::string& command) {
  Output out;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.text.append(buf, n);
  const int status = pclose(p);
  out.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return out;
}

// The built tool; tests that run it depend on its target (tests/CMakeLists.txt).
inline std::string tabula_tool() { return std::string(TABULA_BINARY_DIR) + "/tools/tabula"; }

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Writes `text` to `p`, making its folders.
inline void write_file(const std::filesystem::path& p, const std::string& text) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace tabula::testing_support
