// Inputs found by the libFuzzer targets in fuzz/ (fuzz/README.md), kept as
// regression tests. Pack: tests/packs/duel.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "core/engine.h"
#include "core/game_log.h"
#include "core/scenario.h"
#include "core/state_json.h"

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
      R"({"format": "tabula-log/2", "packs": ["duel"], "seed": 1, "seats": 2, "options": {},
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
