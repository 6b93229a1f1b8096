// Scripts are sandboxed (ENGINE.md invariant 9) and a failing script loses
// nothing (invariant 8): runaway loops hit the time limit (or, when asked
// for, the deterministic instruction budget), runaway
// allocation hits the memory cap, runtime errors name pack, file:line, entity
// and hook, and each is rolled back to exactly the state before the choice.
// Pack: tests/packs/sandbox-hooks (every option of its one question leads to
// a different misbehaving hook).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/io/state_json.h"
#include "core/lua/lua_host.h"
#include "core/rules/engine.h"
#include "core/rules/kernel.h"

using namespace tabula;

namespace {

// Small limits, so runaway scripts stop fast: the default kind, a CPU-time
// limit checked by a timer, and the deterministic instruction count.
constexpr Limits kSmall{150, 4u << 20, 0};
constexpr Limits kCounted{0, 4u << 20, 2'000'000};

struct LimitKind {
  const char* name;
  Limits limits;
  const char* runaway;  // how the error names a runaway script
};
const LimitKind kKinds[] = {{"time", kSmall, "time limit exceeded"}, {"instructions", kCounted, "instruction budget exceeded"}};

std::unique_ptr<Engine> sandbox(const Limits& limits = kSmall) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/sandbox-hooks");
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs), limits);
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// Applies `option` for seat 1, expects it to be rejected with `reason`, and
// checks that the state is exactly as before (hash and full dump).
void expect_rolled_back(Engine& e, State& s, const std::string& option, const std::string& reason) {
  const uint64_t before = s.hash();
  const std::string dump = state_to_json(e, s).dump();
  ApplyResult r = e.apply(s, 0, option);
  EXPECT_FALSE(r.ok) << option << " was applied";
  EXPECT_TRUE(contains(r.error, reason)) << r.error;
  EXPECT_EQ(s.hash(), before) << option;
  EXPECT_EQ(state_to_json(e, s).dump(), dump) << option;
}

// The engine still works: "ok" is applied and the next round asks again.
void expect_still_working(Engine& e, State& s) {
  const int64_t marks = e.prop(s, 0, "mark").as_int();
  ApplyResult r = e.apply(s, 0, "ok");
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(e.prop(s, 0, "mark").as_int(), marks + 1);
  ASSERT_EQ(s.pending.size(), 1u);
  EXPECT_EQ(e.prompt(s, s.pending[0], "en", Engine::kAllSeeing), "What now?");
}

}  // namespace

class Runaway : public testing::TestWithParam<LimitKind> {};

TEST_P(Runaway, EndlessLoopIsStoppedAndRolledBack) {
  auto e = sandbox(GetParam().limits);
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  ASSERT_EQ(s.pending.size(), 1u);
  expect_rolled_back(*e, s, "loop", GetParam().runaway);
  expect_still_working(*e, s);
  // The error names the script's line, as any error does.
  ApplyResult r = e->apply(s, 0, "loop");
  EXPECT_TRUE(contains(r.error, "sandbox-hooks/things/bomb.lua:")) << r.error;
}

// Catching the limit must not buy more time: pcall, xpcall and
// coroutine.resume (and wrap) pass it on, and a runaway coroutine is
// stopped as well as the main script.
TEST_P(Runaway, LimitsCannotBeCaught) {
  auto e = sandbox(GetParam().limits);
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  expect_rolled_back(*e, s, "pcall_loop", GetParam().runaway);
  expect_rolled_back(*e, s, "resume_loop", GetParam().runaway);
  expect_rolled_back(*e, s, "coroutine_loop", GetParam().runaway);
  expect_rolled_back(*e, s, "wrap_loop", GetParam().runaway);
  expect_still_working(*e, s);
}

TEST_P(Runaway, EndlessLoopAtStartIsAScriptError) {
  auto e = sandbox(GetParam().limits);
  ASSERT_TRUE(e);
  try {
    e->new_game(1, 1, {{"loop_at_start", Value(true)}});
    FAIL() << "the endless setup hook returned";
  } catch (const ScriptError& err) {
    EXPECT_EQ(err.pack, "sandbox-hooks");
    EXPECT_TRUE(contains(err.hook, "setup")) << err.hook;
    EXPECT_TRUE(contains(err.message, GetParam().runaway)) << err.message;
    EXPECT_TRUE(contains(err.where, "sandbox-hooks/rules/sandbox.lua:")) << err.where;
  }
  // The same engine starts a good game afterwards.
  State s = e->new_game(1, 1);
  EXPECT_EQ(s.pending.size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(Limits, Runaway, testing::ValuesIn(kKinds),
                         [](const testing::TestParamInfo<LimitKind>& i) { return std::string(i.param.name); });

TEST(Sandbox, EndlessAllocationHitsTheMemoryCapAndIsRolledBack) {
  auto e = sandbox();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  expect_rolled_back(*e, s, "alloc", "memory cap");
  // What the runaway script built has been collected.
  EXPECT_LT(e->kernel().host().memory_used(), kSmall.memory / 2);
  expect_still_working(*e, s);
  // And the cap is not a one-off: it stops the second attempt too.
  expect_rolled_back(*e, s, "alloc", "memory cap");
  expect_still_working(*e, s);
}

// Catching the memory error must not buy more memory.
TEST(Sandbox, MemoryCapCannotBeCaught) {
  auto e = sandbox();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  expect_rolled_back(*e, s, "pcall_alloc", "memory cap");
  expect_still_working(*e, s);
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
  Value p = e->kernel().host().call_value(s, e->packs().rules, "probe", Value::dict());
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
