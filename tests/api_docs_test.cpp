// The Lua API reference, the kernel's functions and the signature registry
// (core/lua/api_signatures.h, which the LuaLS annotations are rendered from)
// cannot drift apart: every function in the `tabula` table has a
// `### tabula.NAME` section in docs/lua-api.md and a registry entry, every
// such section or entry names a real function, and each section's signature
// line is the one rendered from the registry.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "core/lua/api_signatures.h"
#include "core/lua/lua_host.h"

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

TEST(ApiDocs, EveryFunctionHasASignatureAndEverySignatureIsAFunction) {
  const auto registry = tabula::api_function_names();
  const std::set<std::string> real(registry.begin(), registry.end());
  std::set<std::string> signed_names;
  for (const auto& s : tabula::api_signatures()) {
    EXPECT_TRUE(signed_names.insert(std::string(s.name)).second) << "tabula." << s.name << " has two signatures";
    EXPECT_TRUE(real.count(std::string(s.name))) << "core/lua/api_signatures.cpp has tabula." << s.name << ", which does not exist";
    EXPECT_FALSE(s.summary.empty()) << "tabula." << s.name << " has no summary";
  }
  for (const auto& name : real)
    EXPECT_TRUE(tabula::find_api_signature(name)) << "tabula." << name << " has no entry in core/lua/api_signatures.cpp";
}

// A screen's `tabula` holds exactly the functions the registry marks as a
// screen's (ApiScope::Screen or Both).
TEST(ApiDocs, SignatureScopesMatchTheScreensTable) {
  const auto screen = tabula::screen_api_function_names();
  const std::set<std::string> in_screen(screen.begin(), screen.end());
  for (const auto& s : tabula::api_signatures())
    EXPECT_EQ(s.scope != tabula::ApiScope::Game, in_screen.count(std::string(s.name)) == 1)
        << "tabula." << s.name << ": its scope in core/lua/api_signatures.cpp disagrees with the screen's table";
}

// The docs' signature line is rendered from the registry, character for
// character, so the docs and the annotations say the same.
TEST(ApiDocs, EverySignatureLineMatchesTheRegistry) {
  std::string text;
  documented_functions(text);
  for (const auto& s : tabula::api_signatures()) {
    const std::string head = "### tabula." + std::string(s.name) + "\n";
    const auto at = text.find(head);
    if (at == std::string::npos) continue;  // reported above
    const auto start = at + head.size();
    const std::string line = text.substr(start, text.find('\n', start) - start);
    EXPECT_EQ(line, "`" + tabula::render_signature(s) + "`") << "docs/lua-api.md, tabula." << s.name;
  }
}

TEST(ApiDocs, SignaturesRenderOptionalArgumentsNested) {
  const auto* move = tabula::find_api_signature("move");
  ASSERT_TRUE(move);
  EXPECT_EQ(tabula::render_signature(*move), "tabula.move(id, zone [, seat [, position]])");
  const auto* over = tabula::find_api_signature("game_over");
  ASSERT_TRUE(over);
  EXPECT_EQ(tabula::render_signature(*over), "tabula.game_over([result [, text]])");
  const auto* where = tabula::find_api_signature("where");
  ASSERT_TRUE(where);
  EXPECT_EQ(tabula::render_signature(*where), "tabula.where(id) -> zone, seat | nil, position");
  const auto* decide = tabula::find_api_signature("decide");
  ASSERT_TRUE(decide);
  EXPECT_EQ(tabula::render_signature(*decide).rfind("tabula.decide{seat =, prompt =, options =, on_choice = [, label =] [, args =]", 0), 0u);
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
