// Variables as live tables (docs/lua-api.md "Variables"; ENGINE.md
// invariant 1): a table read with tabula.var reads without a copy, every
// assignment reaches the kernel's value at once and is checked there, and a
// table whose variable changed under it refuses assignments. Live tables of
// one state never show another's values, and a rolled-back choice leaves
// none of its writes behind. Pack: tests/packs/live.
#include <gtest/gtest.h>

#include "core/lua/lua_host.h"
#include "core/rules/engine.h"
#include "core/rules/kernel.h"

using namespace tabula;

namespace {

constexpr const char* kRules = "live/rules.lua";

std::unique_ptr<Engine> live() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/live");
  EXPECT_TRUE(r.ok()) << r.report();
  return r.ok() ? std::make_unique<Engine>(std::move(r.packs)) : nullptr;
}

Value probe(Engine& e, State& s, const char* fn) { return e.kernel().host().call_value(s, kRules, fn, Value()); }

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

List strings(std::initializer_list<const char*> items) {
  List l;
  for (const char* s : items) l.push_back(Value(s));
  return l;
}

}  // namespace

TEST(LiveTables, AssignmentsReachTheVariableAtOnce) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  Value r = probe(*e, s, "write");
  EXPECT_EQ(r.get("list"), Value(6));
  EXPECT_EQ(r.get("first"), Value(0));
  EXPECT_EQ(r.get("nested_x"), Value(7));
  EXPECT_EQ(r.get("size"), Value(3));  // a parameter read when the module loaded
  EXPECT_EQ(s.var("list"), Value::list({Value(0), Value(1), Value(20), Value(3), Value(4), Value(5)}));
  const Value& d = s.var("dict");
  EXPECT_EQ(d.get("a"), Value(2));
  EXPECT_EQ(d.get("added"), Value("s"));
  EXPECT_EQ(d.get("nested"), Value::dict({{"x", Value(7)}, {"items", Value::list(strings({"p", "q"}))}}));
  EXPECT_EQ(d.get("copied"), Value::list(strings({"c"})));  // a copy went in
  // What the kernel holds and what the script sees stay the same.
  Value again = probe(*e, s, "iterate");
  EXPECT_EQ(again.get("sum"), Value(33));
  EXPECT_EQ(again.get("len"), Value(6));
}

TEST(LiveTables, TheTableLibraryAndPairsWork) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  Value r = probe(*e, s, "remove_and_sort");
  EXPECT_EQ(r.get("last"), Value(3));
  EXPECT_EQ(s.var("list"), Value::list({Value(2), Value(1)}));
  Value it = probe(*e, s, "iterate");
  EXPECT_EQ(it.get("keys"), Value::list(strings({"a", "nested"})));  // sorted, as pairs always is
  EXPECT_EQ(it.get("sum"), Value(3));
  EXPECT_EQ(it.get("next_sees"), Value(true));  // next() sees an empty proxy: use pairs
}

TEST(LiveTables, BadAssignmentsAreErrorsAndChangeNothing) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  const uint64_t before = s.hash();
  Value r = probe(*e, s, "errors");
  EXPECT_TRUE(contains(r.get("hole").as_str(), "no holes: index 10 of a list of 3")) << r.to_string();
  EXPECT_TRUE(contains(r.get("middle_nil").as_str(), "only its last item (3) can be set to nil")) << r.to_string();
  EXPECT_TRUE(contains(r.get("string_in_list").as_str(), "is a list (keys 1..n)")) << r.to_string();
  EXPECT_TRUE(contains(r.get("number_in_dict").as_str(), "has string keys")) << r.to_string();
  EXPECT_TRUE(contains(r.get("bad_value").as_str(), "cannot be kept by the kernel")) << r.to_string();
  EXPECT_TRUE(contains(r.get("rawset").as_str(), "rawset on a table the kernel keeps")) << r.to_string();
  EXPECT_TRUE(contains(r.get("frozen").as_str(), "parameters are read-only")) << r.to_string();
  // Errors name the script's line.
  EXPECT_TRUE(contains(r.get("hole").as_str(), "live/rules.lua:")) << r.to_string();
  EXPECT_EQ(s.hash(), before);
}

// docs/lua-api.md, tabula.set_var: only the tables read from the variable
// set go stale.
TEST(LiveTables, ReplacingOneVariableLeavesTheOthersLive) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  Value r = probe(*e, s, "replace_other");
  EXPECT_EQ(r.get("write"), Value("no error"));
  EXPECT_EQ(r.get("before"), Value("a,nested"));
  EXPECT_EQ(r.get("after"), Value("a,after,nested"));  // the keys sorted anew after the write
  EXPECT_EQ(s.var("dict").get("after"), Value(5));
  EXPECT_EQ(s.var("list"), Value::list({Value(9)}));
}

TEST(LiveTables, StaleTablesRefuseAssignments) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  Value r = probe(*e, s, "stale");
  EXPECT_TRUE(contains(r.get("nested").as_str(), "read the variable again")) << r.to_string();
  EXPECT_EQ(r.get("nested_read"), Value(1));  // reading shows what it held
  EXPECT_TRUE(contains(r.get("list").as_str(), "read the variable again")) << r.to_string();
  EXPECT_EQ(r.get("list_read"), Value(1));
  EXPECT_EQ(r.get("fresh"), Value(9));
  EXPECT_EQ(s.var("dict").get("nested"), Value::dict({{"x", Value(2)}}));
  EXPECT_EQ(s.var("list"), Value::list({Value(9)}));
}

TEST(LiveTables, ParametersAreReadOnlyTables) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  Value r = probe(*e, s, "frozen_param");
  EXPECT_EQ(r.get("first"), Value("a"));
  EXPECT_EQ(r.get("n"), Value(3));
}

// A copy of a state has its own live tables: writes through one never show
// in the other, whichever the engine touched last.
TEST(LiveTables, ClonesNeverShareLiveTables) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  ASSERT_TRUE(e->apply(s, 0, "write").ok);  // builds s's live table
  State clone = s;
  ASSERT_TRUE(e->apply(clone, 0, "write").ok);
  ASSERT_TRUE(e->apply(clone, 0, "write").ok);
  EXPECT_EQ(s.var("list").items()[0], Value(11));
  EXPECT_EQ(clone.var("list").items()[0], Value(31));
  ASSERT_TRUE(e->apply(s, 0, "write").ok);
  EXPECT_EQ(s.var("list").items()[0], Value(21));
  EXPECT_EQ(clone.var("list").items()[0], Value(31));
}

// A choice that wrote through a live table and then failed is rolled back
// in Mode::Play, and the next read shows the restored value.
TEST(LiveTables, RollbackLeavesNoWritesBehind) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  ASSERT_TRUE(e->apply(s, 0, "write").ok);
  const uint64_t before = s.hash();
  ApplyResult r = e->apply(s, 0, "fail_after_write");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(contains(r.error, "after a write")) << r.error;
  EXPECT_EQ(s.hash(), before);
  EXPECT_EQ(s.var("list").items()[0], Value(11));
  ASSERT_TRUE(e->apply(s, 0, "write").ok);
  EXPECT_EQ(s.var("list").items()[0], Value(21));
}

TEST(LiveTables, TheHookContextIsReadOnly) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  Call c;
  c.fn = e->function_id(kRules, "ctx_probe");
  ASSERT_GE(c.fn, 0);
  e->kernel().host().call(s, c, nullptr);
  EXPECT_TRUE(contains(s.var("ctx_error").as_str(), "ctx is read-only")) << s.var("ctx_error").to_string();
}

// What a hook sees of ctx.args, which a cheaper conversion (lazy, or shared
// by the listeners of one event) must keep: one table for all reads of a
// call, writable and replaceable, fresh for the next call; rawset refused.
TEST(LiveTables, HookArgumentsAreTheCallsOwn) {
  auto e = live();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  Call c;
  c.fn = e->function_id(kRules, "ctx_args_probe");
  ASSERT_GE(c.fn, 0);
  c.args = Value::dict({{"n", Value(1)}});
  for (int i = 0; i < 2; ++i) {  // the second call sees its own arguments, not the first's writes
    e->kernel().host().call(s, c, nullptr);
    const Value r = s.var("ctx_args");
    EXPECT_EQ(r.get("n"), Value(2));
    EXPECT_EQ(r.get("same"), Value(true));
    EXPECT_EQ(r.get("replaced"), Value(0));
    EXPECT_TRUE(contains(r.get("rawset").as_str(), "ctx is read-only")) << r.to_string();
  }
}
