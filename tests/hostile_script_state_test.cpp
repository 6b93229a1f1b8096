// Scripts that keep state between calls (issue 7; docs/security.md,
// "Determinism"). A local or a module table that a script changes makes the
// next game, a replay or a search playout differ from the log, so a game
// that ends with the scripts changed since they were loaded fails with an
// error naming what changed, its last choice is rolled back, and no new game
// starts on that engine. Pack: tests/packs/hostile-keeper.
#include <gtest/gtest.h>

#include <string>

#include "core/pack/pack.h"
#include "core/rules/engine.h"

using namespace tabula;

namespace {

std::unique_ptr<Engine> keeper() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/hostile-keeper");
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

const std::string kModule = "module hostile-keeper/things/keeper.lua: ";

struct Case {
  const char* option;
  const char* change;  // what the error names
};

}  // namespace

TEST(HostileScriptState, WhatAScriptKeepsIsNamedWhenTheGameEnds) {
  const Case cases[] = {
      {"keep_upvalue", "module hostile-keeper/things/keeper.lua: upvalue 'count' of M.keep_upvalue (or what it holds) changed"},
      {"keep_cache", "module hostile-keeper/things/keeper.lua: upvalue 'cache' of M.keep_cache (or what it holds) changed"},
      {"keep_deep", "module hostile-keeper/things/keeper.lua: upvalue 'deep' of M.keep_deep (or what it holds) changed"},
      {"keep_closure", "module hostile-keeper/things/keeper.lua: upvalue 'saved' of M.keep_closure (or what it holds) changed"},
      {"keep_generator", "module hostile-keeper/things/keeper.lua: upvalue 'gen' of M.keep_generator (or what it holds) changed"},
      {"keep_field", "module hostile-keeper/things/keeper.lua: M.calls is new"},
      {"keep_metatable", "module hostile-keeper/things/keeper.lua: its other keys or metatable (or what it holds) changed"},
      {"keep_in_helper", "module hostile-keeper/lib/counter.lua: M.calls (or what it holds) changed"},
      {"keep_lazy_module", "module hostile-keeper/lib/late.lua was first required during a game (require it at the top "
                           "of a script, so that it loads with the pack)"},
  };
  for (const auto& c : cases) {
    auto e = keeper();
    ASSERT_TRUE(e);
    State s = e->new_game(1, 1);
    ASSERT_TRUE(e->apply(s, 0, c.option).ok) << c.option;
    const uint64_t before = s.hash();
    ApplyResult r = e->apply(s, 0, "end");
    EXPECT_FALSE(r.ok) << c.option << ": the game ended although a script kept state";
    EXPECT_TRUE(contains(r.error, "hook check: a script keeps state between calls: " + std::string(c.change) +
                                      "; keep it in the state instead (tabula.set_var, properties, zones)"))
        << c.option << ": " << r.error;
    EXPECT_EQ(s.hash(), before) << c.option;
    EXPECT_FALSE(s.over) << c.option;
    // No later game starts on these scripts either.
    try {
      e->new_game(2, 1);
      ADD_FAILURE() << c.option << ": a new game started";
    } catch (const ScriptError& err) {
      EXPECT_TRUE(contains(err.what(), c.change)) << err.what();
    }
  }
}

// Module state a call uses and leaves as it found it is no state.
TEST(HostileScriptState, ScratchSpaceLeftAsFoundIsAllowed) {
  auto e = keeper();
  ASSERT_TRUE(e);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    State s = e->new_game(seed, 1);
    for (const char* option : {"scratch", "tidy", "scratch"}) ASSERT_TRUE(e->apply(s, 0, option).ok) << option;
    ApplyResult r = e->apply(s, 0, "end");
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_TRUE(s.over);
  }
}

// The check runs where a game begins too: a game that stopped on an error
// (and so never reached its end) is caught by the next one.
TEST(HostileScriptState, AGameThatNeverEndedIsCaughtByTheNext) {
  auto e = keeper();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  ASSERT_TRUE(e->apply(s, 0, "keep_cache").ok);
  try {
    e->new_game(2, 1);
    FAIL() << "a new game started";
  } catch (const ScriptError& err) {
    EXPECT_TRUE(contains(err.what(), kModule + "upvalue 'cache' of M.keep_cache (or what it holds) changed")) << err.what();
  }
}
