// Hostile scripts name themselves in a trailing comment (`-- name`); their
// tests expect errors at that line, found here so that edits above it do
// not break the tests.
#pragma once
#include <gtest/gtest.h>

#include <fstream>
#include <string>

namespace tabula::testing_support {

// The 1-based line of `file` that ends with " -- <name>", or 0 (a failure).
inline int marked_line(const std::string& file, const std::string& name) {
  std::ifstream in(file);
  std::string line;
  const std::string mark = " -- " + name;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.size() >= mark.size() && line.compare(line.size() - mark.size(), std::string::npos, mark) == 0) return n;
  ADD_FAILURE() << "no line of " << file << " is marked " << name;
  return 0;
}

}  // namespace tabula::testing_support
