// A script error names the line of the script the manifests name, even when
// shared code raised it on that script's behalf, and ends with a short
// traceback through the pack and scripts/ files (docs/lua-api.md, "Errors
// and rollback"). Pack: tests/packs/error-location, whose caller asks one
// question every round; each option makes a different error.
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "core/rules/engine.h"
#include "core/view/screen.h"

using namespace tabula;

namespace {

constexpr const char* kCaller = "error-location/pieces/caller.lua";
constexpr const char* kHurt = "error-location/lib/hurt.lua";
constexpr const char* kGame = "error-location/rules/game.lua";

struct Failure {
  std::string first;                // the message's first line
  std::vector<std::string> trace;   // the lines after it
};

Failure split_lines(const std::string& msg) {
  Failure f;
  size_t at = 0;
  for (;;) {
    const size_t end = msg.find('\n', at);
    const std::string line = msg.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (at == 0) f.first = line;
    else f.trace.push_back(line);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return f;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string at(const std::string& file, int line) { return file + ":" + std::to_string(line); }

// The trace with the line numbers of scripts/ files left out ("scripts/std/pile.lua:#"):
// the tests should not break when the standard library changes.
std::vector<std::string> without_std_lines(std::vector<std::string> lines) {
  for (auto& line : lines) {
    const size_t file = line.find("scripts/std/");
    const size_t colon = file == std::string::npos ? file : line.find(':', file);
    if (colon == std::string::npos) continue;
    size_t end = colon + 1;
    while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end]))) ++end;
    line.replace(colon + 1, end - colon - 1, "#");
  }
  return lines;
}

class ErrorLocation : public testing::Test {
 protected:
  void SetUp() override {
    LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/error-location");
    ASSERT_TRUE(r.ok()) << r.report();
    engine_ = std::make_unique<Engine>(std::move(r.packs));
    state_ = engine_->new_game(1, 1);
    ASSERT_EQ(state_.pending.size(), 1u);
  }

  // Applies `option`, which must fail and change nothing; returns its error.
  Failure fail(const std::string& option) {
    const uint64_t before = state_.hash();
    ApplyResult r = engine_->apply(state_, 0, option);
    EXPECT_FALSE(r.ok) << option;
    EXPECT_EQ(state_.hash(), before) << option;
    return split_lines(r.error);
  }

  // The script error's head as ScriptError formats it: the place, then,
  // after the entity and the hook, the message.
  static void expect_head(const Failure& f, const std::string& where, const std::string& message) {
    EXPECT_NE(f.first.find(" at " + where + ", "), std::string::npos) << f.first;
    EXPECT_TRUE(ends_with(f.first, ": " + message)) << f.first;
  }

  std::unique_ptr<Engine> engine_;
  State state_;
};

}  // namespace

// A required pack module passes the caller's bad value to a tabula function:
// Lua blames the module's line, the report blames the caller's.
TEST_F(ErrorLocation, HelperModuleErrorIsReportedAtTheCallersLine) {
  const Failure f = fail("helper");
  expect_head(f, at(kCaller, 26),
              "bad argument #3 to 'add' (number expected, got string) (raised in " + at(kHurt, 6) + ")");
  EXPECT_EQ(f.trace, (std::vector<std::string>{"  at " + at(kHurt, 6) + " in function 'hurt'",
                                               "  at " + at(kCaller, 26) + " in function 'act'"}));
}

// The same through the standard library in scripts/.
TEST_F(ErrorLocation, StandardLibraryErrorIsReportedAtTheCallersLine) {
  const Failure f = fail("std");
  EXPECT_NE(f.first.find(" at " + at(kCaller, 28) + ", "), std::string::npos) << f.first;
  EXPECT_NE(f.first.find(": bad argument #1 to 'move' (number expected, got string) (raised in scripts/std/pile.lua:"),
            std::string::npos)
      << f.first;
  EXPECT_EQ(without_std_lines(f.trace), (std::vector<std::string>{"  at scripts/std/pile.lua:# in function 'put_top'",
                                                                  "  at " + at(kCaller, 28) + " in function 'act'"}));
}

// Raised in the named script itself: the first line is as it always was.
TEST_F(ErrorLocation, DirectErrorKeepsItsFirstLineAndGetsATraceback) {
  const Failure f = fail("direct");
  expect_head(f, at(kCaller, 30), "the caller gives up");
  EXPECT_EQ(f.first.find("raised in"), std::string::npos) << f.first;
  EXPECT_EQ(f.trace, (std::vector<std::string>{"  at " + at(kCaller, 30) + " in function 'act'"}));
}

// Innermost frame first; a deep recursion shows its innermost five and
// outermost three frames around one "..." line.
TEST_F(ErrorLocation, TracebackIsInnermostFirstAndBounded) {
  const Failure f = fail("deep");
  expect_head(f, at(kCaller, 18), "reached the bottom");
  const std::string dive = " in function 'dive'";
  EXPECT_EQ(f.trace, (std::vector<std::string>{"  at " + at(kCaller, 18) + dive, "  at " + at(kCaller, 19) + dive,
                                               "  at " + at(kCaller, 19) + dive, "  at " + at(kCaller, 19) + dive,
                                               "  at " + at(kCaller, 19) + dive, "  ...",
                                               "  at " + at(kCaller, 19) + dive, "  at " + at(kCaller, 19) + dive,
                                               "  at " + at(kCaller, 32) + " in function 'act'"}))
      << testing::PrintToString(f.trace);
}

// A helper recursing far deeper than the stack is read level by level: the
// caller's line is still found (the stack is read at both ends).
TEST_F(ErrorLocation, DeepHelperRecursionStillFindsTheCallersLine) {
  const Failure f = fail("deeper");
  expect_head(f, at(kCaller, 34), "spiralled out (raised in " + at(kHurt, 11) + ")");
  ASSERT_EQ(f.trace.size(), 9u) << testing::PrintToString(f.trace);
  EXPECT_EQ(f.trace[0], "  at " + at(kHurt, 11) + " in function 'spiral'");
  EXPECT_EQ(f.trace[1], "  at " + at(kHurt, 12) + " in function 'spiral'");
  EXPECT_EQ(f.trace[5], "  ...");
  EXPECT_EQ(f.trace[8], "  at " + at(kCaller, 34) + " in function 'act'");
}

// Errors that name no place get one: error({}) at its own line, and
// error("x", 0) in a helper at the caller's line.
TEST_F(ErrorLocation, ErrorsWithoutAPlaceGetOne) {
  const Failure table = fail("table");
  expect_head(table, at(kCaller, 36), "error object of type table");
  EXPECT_EQ(table.trace, (std::vector<std::string>{"  at " + at(kCaller, 36) + " in function 'act'"}));

  const Failure level0 = fail("level0");
  expect_head(level0, at(kCaller, 38), "refused (raised in " + at(kHurt, 16) + ")");
  EXPECT_EQ(level0.trace, (std::vector<std::string>{"  at " + at(kHurt, 16) + " in function 'refuse'",
                                                    "  at " + at(kCaller, 38) + " in function 'act'"}));
}

// A modifier fails inside tabula.modify, which a helper called for the
// caller: the inner error keeps its own place and its traceback, which
// already reaches out to the caller; the outer one names the caller's line.
TEST_F(ErrorLocation, ModifierErrorInsideAHelperCallIsLocatedTwice) {
  const Failure f = fail("modifier");
  EXPECT_NE(f.first.find(" at " + at(kCaller, 40) + ", "), std::string::npos) << f.first;
  EXPECT_TRUE(ends_with(f.first, "at " + at(kGame, 14) + ", hook modifier boost (modify.boost): no boost today (raised in " +
                                     at(kHurt, 20) + ")"))
      << f.first;
  EXPECT_EQ(f.trace, (std::vector<std::string>{"  at " + at(kGame, 14) + " in function 'modify.boost'",
                                               "  at " + at(kHurt, 20) + " in function 'boost'",
                                               "  at " + at(kCaller, 40) + " in function 'act'"}));
}

// A scheduled call is a hook of its own: its line, not the scheduler's.
TEST_F(ErrorLocation, ScheduledCallErrorIsReportedAtItsLine) {
  const Failure f = fail("later");
  expect_head(f, at(kCaller, 46), "bad argument #1 to 'add' (number expected, got nil) (raised in " + at(kHurt, 6) + ")");
  EXPECT_EQ(f.trace, (std::vector<std::string>{"  at " + at(kHurt, 6) + " in function 'hurt'",
                                               "  at " + at(kCaller, 46) + " in function 'later'"}));
}

// A screen's draw (a screen host: a screen's `tabula`) follows the same rule:
// std.screen raised, the screen script's line is named.
TEST_F(ErrorLocation, ScreenErrorIsReportedAtTheScreenScriptsLine) {
  Screen screen(*engine_);
  std::string error = "no error";
  try {
    screen.draw(state_, 0, "en");
  } catch (const ScriptError& e) {
    error = e.what();
  }
  const Failure f = split_lines(error);
  EXPECT_NE(f.first.find(" at error-location/screen.lua:6, "), std::string::npos) << f.first;
  EXPECT_NE(f.first.find(": bad argument #1 to 'len' (string expected, got nil) (raised in scripts/std/screen.lua:"),
            std::string::npos)
      << f.first;
  EXPECT_EQ(without_std_lines(f.trace),
            (std::vector<std::string>{"  at scripts/std/screen.lua:# in function 'width'",
                                      "  at scripts/std/screen.lua:# in function 'pad'",
                                      "  at error-location/screen.lua:6 in function 'draw'"}));
}

// A module that fails while loading, required by a rules module: the error
// names the `require` line, the failing line after the message.
TEST(ErrorLocationLoad, LoadErrorIsReportedAtTheRequireLine) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/error-location-load");
  ASSERT_TRUE(r.ok()) << r.report();
  try {
    Engine e(std::move(r.packs));
    FAIL() << "the pack loaded";
  } catch (const ScriptError& e) {
    EXPECT_EQ(e.where, "error-location-load/rules/game.lua:3");
    EXPECT_EQ(e.message, "this module cannot load (raised in error-location-load/lib/broken.lua:2)\n"
                         "  at error-location-load/lib/broken.lua:2 in main chunk\n"
                         "  at error-location-load/rules/game.lua:3 in main chunk");
  }
}
