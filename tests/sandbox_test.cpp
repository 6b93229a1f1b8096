// Scripts are sandboxed (ENGINE.md invariant 9) and a failing script loses
// nothing (invariant 8): runaway loops hit the instruction budget, runaway
// allocation hits the memory cap, runtime errors name pack, file:line, entity
// and hook, and each is rolled back to exactly the state before the choice.
// Pack: tests/packs/sandbox-hooks (every option of its one question leads to
// a different misbehaving hook).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/engine.h"
#include "core/lua_host.h"
#include "core/state_json.h"

using namespace tabula;

namespace {

constexpr Limits kSmall{2'000'000, 4u << 20};  // small, so runaway scripts stop fast

std::unique_ptr<Engine> sandbox() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/sandbox-hooks");
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs), kSmall);
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Applies `option` for seat 1, expects it to be rejected with `reason`, and
// checks that the state is exactly as before (hash and full dump).
void expect_rolled_back(Engine& e, State& s, const std::string& option, const std::string& reason) {
  const uint64_t before = s.hash();
  const std::string dump = state_to_json(s).dump();
  ApplyResult r = e.apply(s, 0, option);
  EXPECT_FALSE(r.ok) << option << " was applied";
  EXPECT_TRUE(contains(r.error, reason)) << r.error;
  EXPECT_EQ(s.hash(), before) << option;
  EXPECT_EQ(state_to_json(s).dump(), dump) << option;
}

// The engine still works: "ok" is applied and the next round asks again.
void expect_still_working(Engine& e, State& s) {
  const int64_t marks = e.prop(s, 0, "mark").as_int();
  ApplyResult r = e.apply(s, 0, "ok");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(e.prop(s, 0, "mark").as_int(), marks + 1);
  ASSERT_EQ(s.pending.size(), 1u);
  EXPECT_EQ(s.pending[0].prompt, "What now?");
}

}  // namespace

TEST(Sandbox, EndlessLoopHitsTheInstructionBudgetAndIsRolledBack) {
  auto e = sandbox();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  ASSERT_EQ(s.pending.size(), 1u);
  expect_rolled_back(*e, s, "loop", "instruction budget");
  expect_still_working(*e, s);
}

TEST(Sandbox, EndlessAllocationHitsTheMemoryCapAndIsRolledBack) {
  auto e = sandbox();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  expect_rolled_back(*e, s, "alloc", "memory cap");
  // What the runaway script built has been collected.
  EXPECT_LT(e->host().memory_used(), kSmall.memory / 2);
  expect_still_working(*e, s);
  // And the cap is not a one-off: it stops the second attempt too.
  expect_rolled_back(*e, s, "alloc", "memory cap");
  expect_still_working(*e, s);
}

// Catching the budget or memory error must not buy more time: pcall,
// xpcall and coroutine.resume pass the limits on (a loop around pcall would
// otherwise never end).
TEST(Sandbox, LimitsCannotBeCaught) {
  auto e = sandbox();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  expect_rolled_back(*e, s, "pcall_loop", "instruction budget");
  expect_rolled_back(*e, s, "resume_loop", "instruction budget");
  expect_rolled_back(*e, s, "coroutine_loop", "instruction budget");
  expect_rolled_back(*e, s, "pcall_alloc", "memory cap");
  expect_still_working(*e, s);
}

TEST(Sandbox, EndlessLoopAtStartIsAScriptError) {
  auto e = sandbox();
  ASSERT_TRUE(e);
  try {
    e->new_game(1, 1, {{"loop_at_start", Value(true)}});
    FAIL() << "the endless setup hook returned";
  } catch (const ScriptError& err) {
    EXPECT_EQ(err.pack, "sandbox-hooks");
    EXPECT_TRUE(contains(err.hook, "setup")) << err.hook;
    EXPECT_TRUE(contains(err.message, "instruction budget")) << err.message;
    EXPECT_TRUE(contains(err.where, "sandbox-hooks/rules/sandbox.lua:")) << err.where;
  }
  // The same engine starts a good game afterwards.
  State s = e->new_game(1, 1);
  EXPECT_EQ(s.pending.size(), 1u);
}

TEST(Sandbox, RuntimeErrorNamesPackFileLineEntityAndHook) {
  auto e = sandbox();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  expect_rolled_back(*e, s, "fail", "attempt to index a nil value");
  ApplyResult r = e->apply(s, 0, "fail");
  EXPECT_TRUE(contains(r.error, "in pack sandbox-hooks")) << r.error;
  EXPECT_TRUE(contains(r.error, "sandbox-hooks/things/bomb.lua:27")) << r.error;
  EXPECT_TRUE(contains(r.error, "entity bomb #0")) << r.error;
  EXPECT_TRUE(contains(r.error, "hook choice (act)")) << r.error;
  expect_still_working(*e, s);
}

TEST(Sandbox, WritingAGlobalIsAnErrorAndIsRolledBack) {
  auto e = sandbox();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  expect_rolled_back(*e, s, "global", "may not create globals ('leaked')");
  expect_still_working(*e, s);
}

TEST(Sandbox, DangerousLibrariesAreAbsent) {
  auto e = sandbox();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  const uint64_t before = s.hash();
  Value p = e->host().call(s, e->packs().rules, "probe", Value::dict(), kNoEntity, "probe");
  ASSERT_TRUE(p.is_dict()) << p.to_string();
  for (const char* name : {"io", "os", "debug", "package", "dofile", "loadfile", "collectgarbage", "dump", "random",
                           "randomseed"})
    EXPECT_EQ(p.get(name), Value("nil")) << name;
  // load() takes text only.
  EXPECT_EQ(p.get("bytecode_loaded"), Value(false));
  EXPECT_TRUE(contains(p.get("bytecode_error").as_str(), "binary chunk")) << p.to_string();
  EXPECT_EQ(p.get("text_chunk"), Value(42));
  // Globals stay read-only, also through rawset and setmetatable.
  EXPECT_TRUE(contains(p.get("global_error").as_str(), "may not create globals")) << p.to_string();
  EXPECT_EQ(p.get("unprotect"), Value(false));
  EXPECT_EQ(p.get("rawset_global"), Value(false));
  EXPECT_EQ(p.get("sneaky"), Value("nil"));
  // require() stays inside the pack folders and scripts/.
  EXPECT_EQ(p.get("require_escape"), Value(false));
  // pcall, xpcall and coroutine.resume still catch ordinary errors, pass
  // all results on and allow a yield inside pcall.
  EXPECT_EQ(p.get("plain"), Value("plain"));
  EXPECT_EQ(p.get("handled"), Value("handled x"));
  EXPECT_EQ(p.get("resumed"), Value("inner"));
  EXPECT_EQ(p.get("yielded"), Value(42));
  EXPECT_EQ(p.get("values"), Value(4));
  EXPECT_EQ(s.hash(), before);
}
