// The Lua API reference and the kernel's registry cannot drift apart: every
// function in the `tabula` table has a `### tabula.NAME` section in
// docs/lua-api.md, and every such section names a real function.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "core/lua_host.h"

namespace {

std::set<std::string> documented_functions(std::string& text) {
  std::ifstream in(std::string(TABULA_SOURCE_DIR) + "/docs/lua-api.md");
  std::stringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  std::set<std::string> names;
  static const std::regex heading(R"(^### tabula\.([A-Za-z_][A-Za-z0-9_]*)\s*$)");
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_match(line, m, heading)) {
      EXPECT_TRUE(names.insert(m[1]).second) << "tabula." << m[1] << " is documented twice";
    }
  }
  return names;
}

}  // namespace

TEST(ApiDocs, EveryFunctionIsDocumentedAndEverySectionIsAFunction) {
  std::string text;
  const std::set<std::string> documented = documented_functions(text);
  ASSERT_FALSE(text.empty()) << "docs/lua-api.md is missing";
  const auto registry = tabula::api_function_names();
  const std::set<std::string> real(registry.begin(), registry.end());
  ASSERT_FALSE(real.empty());
  for (const auto& name : real)
    EXPECT_TRUE(documented.count(name)) << "tabula." << name << " has no '### tabula." << name << "' section";
  for (const auto& name : documented)
    EXPECT_TRUE(real.count(name)) << "docs/lua-api.md documents tabula." << name << ", which does not exist";
}

// Each section starts with its signature, so a reader sees the arguments first.
TEST(ApiDocs, EverySectionGivesASignature) {
  std::string text;
  documented_functions(text);
  for (const auto& name : tabula::api_function_names()) {
    const std::string head = "### tabula." + name + "\n";
    auto at = text.find(head);
    if (at == std::string::npos) continue;  // reported above
    const std::string next = text.substr(at + head.size(), 64);
    EXPECT_EQ(next.rfind("`tabula." + name, 0), 0u) << "tabula." << name << ": the line after the heading should be its signature";
  }
}

// The Screens section says which functions a screen's `tabula` holds.
TEST(ApiDocs, TheScreensSectionListsTheScreensFunctions) {
  std::string text;
  documented_functions(text);
  const auto at = text.find("\n## Screens\n");
  ASSERT_NE(at, std::string::npos) << "docs/lua-api.md has no '## Screens' section";
  const std::string section = text.substr(at, text.find("\n### ", at) - at);
  for (const auto& name : tabula::screen_api_function_names())
    EXPECT_NE(section.find("`tabula." + name + "`"), std::string::npos) << "the Screens section does not list tabula." << name;
}
