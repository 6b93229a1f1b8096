// Hostile manifests (issue 7): packs that would hang `run`, reach files
// outside their folder, load the wrong layer, use ids that are paths, or
// trip toml++'s undefined behaviour. Each is refused at load with a located
// error. The packs are under tests/packs/hostile-*/.
#include <gtest/gtest.h>

#include <string>

#include "core/engine.h"
#include "core/pack.h"

using namespace tabula;

namespace {

std::string pack_dir(const std::string& name) { return std::string(TABULA_SOURCE_DIR) + "/tests/packs/" + name; }

// The one error the pack gives, printed as check prints it, with the path
// from tests/packs/ on.
std::string only_error(const std::string& pack) {
  LoadResult r = load_pack(pack_dir(pack));
  EXPECT_FALSE(r.ok()) << pack << " loaded although it is hostile";
  std::string out;
  for (const auto& d : r.diagnostics)
    if (d.severity == Diagnostic::Severity::Error) out += (out.empty() ? "" : "\n") + d.to_string();
  const std::string root = pack_dir("");
  for (size_t at; (at = out.find(root)) != std::string::npos;) out.erase(at, root.size());
  return out;
}

}  // namespace

TEST(HostileManifests, FlowNodeThatIsItsOwnStep) {
  EXPECT_EQ(only_error("hostile-self-step"),
            "hostile-self-step/pack.toml:7:10: error: flow.game.steps[0]: flow node 'game' contains itself: game -> game");
}

TEST(HostileManifests, FlowCycleThroughOtherNodes) {
  EXPECT_EQ(only_error("hostile-cycle"),
            "hostile-cycle/pack.toml:11:10: error: flow.turn.steps[0]: flow node 'round' contains itself: round -> turn -> round");
}

TEST(HostileManifests, FlowCycleMadeByInsertedSteps) {
  EXPECT_EQ(only_error("hostile-insert-cycle"),
            "hostile-insert-cycle/pack.toml:14:10: error: flow.loop.steps[0]: flow node 'again' contains itself: "
            "again -> loop -> again");
}

TEST(HostileManifests, RepeatZeroWithoutUntil) {
  EXPECT_EQ(only_error("hostile-repeat-zero"),
            "hostile-repeat-zero/pack.toml:7:10: error: flow.game.repeat: repeat = 0 repeats until the `until` hook says "
            "stop, but the node has no until: it would never end");
}

// A start seat passed on by billions of seats would overflow the flow's seat
// arithmetic.
TEST(HostileManifests, RotateStartIsBounded) {
  EXPECT_EQ(only_error("hostile-rotate"),
            "hostile-rotate/pack.toml:8:16: error: flow.game.rotate_start: must be between -1000 and 1000 (seats to "
            "pass the start on by)");
}

TEST(HostileManifests, FlowWithoutRootHasALine) {
  EXPECT_EQ(only_error("hostile-no-root"),
            "hostile-no-root/pack.toml:5:7: error: flow.root: the flow needs a root node: add root = \"...\" to [flow]");
}

TEST(HostileManifests, AbsoluteScriptPath) {
  EXPECT_EQ(only_error("hostile-abs-script"),
            "hostile-abs-script/pack.toml:8:10: error: flow.game.script: '/etc/passwd' is an absolute path; name a file "
            "inside the pack's folder");
}

TEST(HostileManifests, RulesLeavingThePackWithDotDot) {
  EXPECT_EQ(only_error("hostile-dotdot-rules"),
            "hostile-dotdot-rules/pack.toml:3:9: error: pack.rules: '../bad-step/rules.lua' leads outside the pack's "
            "folder (to bad-step/rules.lua)");
}

TEST(HostileManifests, AbsoluteManifestIsReportedWhereItIsNamed) {
  EXPECT_EQ(only_error("hostile-abs-manifest"),
            "hostile-abs-manifest/pack.toml:4:28: error: pack.manifests: '/etc/passwd' is an absolute path; name a file "
            "inside the pack's folder");
}

TEST(HostileManifests, TextsLeavingThePack) {
  EXPECT_EQ(only_error("hostile-dotdot-texts"),
            "hostile-dotdot-texts/pack.toml:4:10: error: pack.texts: '../texts/texts.toml' leads outside the pack's "
            "folder (to texts/texts.toml)");
}

TEST(HostileManifests, SymlinkLeadingOutOfThePack) {
  EXPECT_EQ(only_error("hostile-symlink"),
            "hostile-symlink/pack.toml:4:14: error: pack.manifests: 'cards.toml' leads outside the pack's folder (to "
                "bad-step/pack.toml)");
}

TEST(HostileManifests, ExtendsGivenAsAPath) {
  EXPECT_EQ(only_error("hostile-extends-path"),
            "hostile-extends-path/pack.toml:3:11: error: pack.extends: '../packs/layer-base' is not a pack id: name a "
            "sibling pack's id, not a path");
}

TEST(HostileManifests, ExtendsAFolderHoldingAnotherPack) {
  EXPECT_EQ(only_error("hostile-extends-wrong-id"),
            "hostile-extends-wrong-id/pack.toml:3:11: error: pack.extends: folder hostile-named-other holds pack "
            "'someone-else', not 'hostile-named-other'");
}

TEST(HostileManifests, LayerCycleIsLocated) {
  EXPECT_EQ(only_error("hostile-cycle-a"),
            "hostile-cycle-b/pack.toml:4:11: error: pack.patches: layers form a cycle: hostile-cycle-a -> hostile-cycle-b "
            "-> hostile-cycle-a");
}

TEST(HostileManifests, IdsThatAreEmptyPathsOrHoldControlCharacters) {
  EXPECT_EQ(only_error("hostile-ids"),
            "hostile-ids/pack.toml:5:8: error: kinds.: an id may not be empty (found \"\")\n"
            "hostile-ids/pack.toml:7:8: error: zones.../up: an id may not contain '/' or '\\' (found \"../up\")\n"
            "hostile-ids/pack.toml:8:8: error: zones.a b: an id may not contain whitespace or control characters (found "
            "\"a b\")\n"
            "hostile-ids/pack.toml:13:7: error: flow.x/y: an id may not contain '/' or '\\' (found \"x/y\")\n"
            "hostile-ids/cards.toml:1:2: error: bad\\x01id: an id may not contain whitespace or control characters "
            "(found \"bad\\x01id\")");
}

// toml++ 3.3 reaches __builtin_unreachable on these (a UBSan build reports
// it); the loader refuses them before toml++ sees them.
TEST(HostileManifests, NonAsciiKeyInPackToml) {
  EXPECT_EQ(only_error("hostile-unicode-key"),
            "hostile-unicode-key/pack.toml:5:1: error: a non-ASCII character outside a string or comment (TOML allows "
            "them only there: quote the key, e.g. \"\u010d\" = 1)");
}

TEST(HostileManifests, NonAsciiAfterAMultiLineStringInAManifest) {
  EXPECT_EQ(only_error("hostile-unicode-manifest"),
            "hostile-unicode-manifest/cards.toml:6:1: error: a non-ASCII character outside a string or comment (TOML "
            "allows them only there: quote the key, e.g. \"\u010d\" = 1)");
}

// A flow that passes check but never asks and never ends stops at the cap on
// flow steps between two decisions, with an error naming the node.
TEST(HostileManifests, EndlessFlowStopsAtTheStepCap) {
  LoadResult r = load_pack(pack_dir("hostile-spin"));
  ASSERT_TRUE(r.ok()) << r.report();
  Engine engine(std::move(r.packs));
  try {
    engine.new_game(1, 2);
    FAIL() << "the endless flow ran to an end";
  } catch (const ScriptError& e) {
    EXPECT_NE(std::string(e.what()).find("flow node 'game' ran more than 1000000 flow steps without a decision (the limit)"),
              std::string::npos)
        << e.what();
  }
}
