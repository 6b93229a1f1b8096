// Bad manifests fail to load with a diagnostic that names the file, the
// line:column of the offending key or value, and its key path (ENGINE.md
// invariant 8). Each case is a small pack under tests/packs/bad-*/.
#include <gtest/gtest.h>

#include <string>

#include "core/pack/pack.h"

using namespace tabula;

namespace {

std::string pack_dir(const std::string& name) { return std::string(TABULA_SOURCE_DIR) + "/tests/packs/" + name; }

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// Loads a bad pack, expects failure and returns the diagnostic for `key_path`.
Diagnostic expect_diagnostic(const std::string& pack, const std::string& key_path) {
  LoadResult r = load_pack(pack_dir(pack));
  EXPECT_FALSE(r.ok()) << pack << " loaded although it is broken";
  for (const auto& d : r.diagnostics)
    if (d.key_path == key_path) return d;
  ADD_FAILURE() << pack << ": no diagnostic for " << key_path << "; got:\n" << r.report();
  return {};
}

// The position, the file and the key path all appear in the printed line.
void expect_at(const Diagnostic& d, const std::string& file, int line, int column) {
  EXPECT_TRUE(ends_with(d.pos.file, file)) << d.pos.file;
  EXPECT_EQ(d.pos.line, line) << d.to_string();
  EXPECT_EQ(d.pos.column, column) << d.to_string();
  const std::string text = d.to_string();
  EXPECT_NE(text.find(file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: " + d.key_path),
            std::string::npos)
      << text;
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

}  // namespace

// (a) A misspelled entity key, with a suggestion.
TEST(PackValidation, MisspelledEntityKeyNamesFileLineColumnAndSuggests) {
  Diagnostic d = expect_diagnostic("bad-key", "squire.kidn");
  expect_at(d, "bad-key/cards.toml", 2, 1);
  EXPECT_TRUE(contains(d.message, "unknown key")) << d.message;
  EXPECT_TRUE(contains(d.message, "did you mean 'kind'?")) << d.message;
}

// (a) A misspelled flow key, with a suggestion.
TEST(PackValidation, MisspelledFlowKeyNamesFileLineColumnAndSuggests) {
  Diagnostic d = expect_diagnostic("bad-flow-key", "flow.game.ech_seat");
  expect_at(d, "bad-flow-key/pack.toml", 10, 1);
  EXPECT_TRUE(contains(d.message, "did you mean 'each_seat'?")) << d.message;
}

// (b) A value of the wrong type points at the value.
TEST(PackValidation, WrongTypePointsAtTheValue) {
  Diagnostic d = expect_diagnostic("bad-type", "squire.props.hp");
  expect_at(d, "bad-type/cards.toml", 3, 16);
  EXPECT_TRUE(contains(d.message, "expected integer, found a string")) << d.message;
}

// (c) A script file that does not exist.
TEST(PackValidation, MissingScriptNamesThePath) {
  Diagnostic d = expect_diagnostic("bad-script", "squire.script");
  expect_at(d, "bad-script/cards.toml", 3, 10);
  EXPECT_TRUE(contains(d.message, "missing script")) << d.message;
  EXPECT_TRUE(contains(d.message, "bad-script/cards/squire.lua")) << d.message;
}

// (d) An unknown kind, with a suggestion.
TEST(PackValidation, UnknownKindPointsAtTheValueAndSuggests) {
  Diagnostic d = expect_diagnostic("bad-kind", "squire.kind");
  expect_at(d, "bad-kind/cards.toml", 2, 8);
  EXPECT_TRUE(contains(d.message, "unknown kind 'figter'")) << d.message;
  EXPECT_TRUE(contains(d.message, "did you mean 'fighter'?")) << d.message;
}

// (d) A flow step that names no node points at the step itself.
TEST(PackValidation, FlowStepNamingNoNodePointsAtTheStep) {
  Diagnostic d = expect_diagnostic("bad-step", "flow.game.steps[1]");
  expect_at(d, "bad-step/pack.toml", 9, 19);
  EXPECT_TRUE(contains(d.message, "step 'rounds' is not a flow node")) << d.message;
}

// (d) combat.defenders naming no zone points at the value, with a suggestion.
TEST(PackValidation, CombatDefendersNamingNoZonePointsAtTheValue) {
  Diagnostic d = expect_diagnostic("bad-defenders", "combat.defenders");
  expect_at(d, "bad-defenders/pack.toml", 17, 13);
  EXPECT_TRUE(contains(d.message, "zone 'bnad' is not declared")) << d.message;
  EXPECT_TRUE(contains(d.message, "did you mean 'band'?")) << d.message;
}

// The good packs these variants came from do load.
TEST(PackValidation, TheTestPacksThemselvesLoad) {
  for (const char* name : {"duel", "layer-base"}) {
    LoadResult r = load_pack(pack_dir(name));
    EXPECT_TRUE(r.ok()) << name << ":\n" << r.report();
    EXPECT_TRUE(r.diagnostics.empty()) << r.report();
  }
}
