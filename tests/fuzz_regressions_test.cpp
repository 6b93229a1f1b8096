// Inputs found by the libFuzzer targets in fuzz/ (fuzz/README.md), kept as
// regression tests. Pack: tests/packs/duel.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/lua/lua_host.h"
#include "core/rules/engine.h"
#include "core/scenario/scenario.h"
#include "core/rules/kernel.h"

using namespace tabula;
using json = nlohmann::json;

namespace {

std::unique_ptr<Engine> duel() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/duel");
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// fuzz_log: a saved state whose integer field holds 6.2e25 was converted to
// uint64_t, which is undefined behaviour (UBSan). Any float is refused now.
TEST(FuzzRegressions, StateWithAHugeFloatIsRefused) {
  auto e = duel();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 2);
  json j = state_to_json(*e, s);
  j["seed"] = 6.22854e+25;
  EXPECT_NE(error_of([&] { state_from_json(*e, j); }).find("only integers"), std::string::npos);
  j = state_to_json(*e, s);
  j["flow"][0]["iteration"] = 1.5;  // deep in the document
  EXPECT_NE(error_of([&] { state_from_json(*e, j); }).find("1.5"), std::string::npos);
  // The document as written still loads.
  EXPECT_EQ(state_from_json(*e, state_to_json(*e, s)).hash(), s.hash());
}

TEST(FuzzRegressions, LogWithAFloatIsRefused) {
  const std::string log =
      R"({"format": "tabula-log/3", "packs": ["duel"], "seed": 1, "seats": 2, "options": {},
          "start_hash": "0", "choices": [{"seat": 1, "option": "a", "hash": "0", "draws": 1e30}]})";
  EXPECT_NE(error_of([&] { GameLog::from_json(log); }).find("only integers"), std::string::npos);
}

// fuzz_scenario: a scenario line that starts with a non-ASCII letter made
// toml++ reach __builtin_unreachable (UBSan). The scenario reader now checks
// the text first, as the manifest reader does.
TEST(FuzzRegressions, ScenarioWithANonAsciiKeyFailsWithItsPlace) {
  const auto path = std::filesystem::temp_directory_path() / "tabula-fuzz-regression-scenario.toml";
  {
    std::ofstream f(path, std::ios::binary);
    f << "[scenario]\npack = \"connect-four\"\n\xc4\x8dx = 1\n";
  }
  ScenarioResult r = run_scenario(path.string(), std::string(TABULA_SOURCE_DIR) + "/content");
  std::filesystem::remove(path);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.failures.size(), 1u);
  EXPECT_NE(r.failures[0].find(":3:1: a non-ASCII character"), std::string::npos) << r.failures[0];
}

// fuzz_decide: a script that kept a string that is not UTF-8 (a variable, a
// log line's argument, an option id...) made view_json throw nlohmann's
// type_error 316 when the view was written, and a saved state or log could
// not be written either. The kernel now refuses such a string where a
// script hands it over, as a script error at its line. Pack: tests/packs/zones,
// whose `run` runs a chunk of Lua.
TEST(FuzzRegressions, StringsKeptByTheKernelMustBeUtf8) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/zones");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 3);
  auto run = [&](const std::string& code) { return e.kernel().host().call_value(s, "zones/rules.lua", "run", Value(code)); };
  auto refused = [&](const std::string& code) {
    const uint64_t before = s.hash();
    std::string why;
    try {
      run(code);
    } catch (const ScriptError& err) {
      why = err.what();
    }
    EXPECT_NE(why.find(" must be UTF-8 text ("), std::string::npos) << code << ": " << why;
    EXPECT_EQ(s.hash(), before) << code;  // refused before anything was stored
  };
  run("tabula.set_var('t', { a = {} })");  // `run` sets a variable first: now it is there
  refused(R"(tabula.set_var("v", "\xc0\xaf"))");                  // an overlong '/'
  refused(R"(tabula.set_var("v", { 1, { x = "a\xff" } }))");       // deep in a table
  refused(R"(tabula.set_var("v", { ["k\x80"] = 1 }))");            // a key
  refused(R"(tabula.set_var("\xed\xa0\x80", 1))");                 // a name (a surrogate)
  refused(R"(tabula.set_counter(1, "c\xfe", 1))");
  refused(R"(tabula.add_counter(2, "c\xfe", 1))");
  refused(R"(tabula.set_secret(3, "\xf8\x88\x80\x80\x80", 1))");   // a 5-byte form
  refused(R"(tabula.log({ "what", x = "\xe2\x82" }))");            // a cut sequence
  refused(R"(tabula.log({ "what", ["\xff"] = 1 }))");
  refused(R"(tabula.game_over({ winners = { 1 }, note = "\xff" }))");
  refused(R"(local t = tabula.var("t"); t.a["\x9b"] = 1)");  // a live table's key
  s.pending.clear();
  refused(R"(tabula.decide { seat = 1, prompt = "what", options = { "ok", "\xff" }, on_choice = "chosen" })");
  // UTF-8, NUL bytes included, is kept as given, and every view is JSON.
  run(R"(tabula.set_var("Kůň \u{1F3B2}", { ["ž\0x"] = "\u{10FFFF}" }))");
  EXPECT_EQ(s.var("Kůň \xf0\x9f\x8e\xb2"), Value::dict({{std::string("\xc5\xbe\0x", 4), Value("\xf4\x8f\xbf\xbf")}}));
  for (int seat = -1; seat < 3; ++seat) EXPECT_TRUE(json::accept(e.view_json(s, seat, "cs")));
}

// An option id holding a NUL byte was cut at it ("a\0b" became "a"), so two
// such ids were "the same", and ctx.choice was not the id given.
TEST(FuzzRegressions, OptionIdsKeepTheirNulBytes) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/zones");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 3);
  s.pending.clear();
  e.kernel().host().call_value(s, "zones/rules.lua", "run",
                      Value(R"(tabula.decide { seat = 2, prompt = "what", options = { "a\0b", "a\0c" }, on_choice = "chosen" })"));
  ASSERT_EQ(s.pending.size(), 1u);
  ASSERT_EQ(s.pending[0].options.size(), 2u);
  EXPECT_EQ(s.pending[0].options[0].id, std::string("a\0b", 3));
  EXPECT_EQ(s.pending[0].options[1].id, std::string("a\0c", 3));
  EXPECT_TRUE(json::accept(e.view_json(s, 1)));
}
