// The scenario runner itself (docs/scenarios.md): malformed scenario files
// fail with a message that says where, instead of crashing, and a scenario
// whose expectation is wrong fails.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/scenario/scenario.h"

namespace fs = std::filesystem;

namespace {

std::string write_scenario(const std::string& name, const std::string& body) {
  fs::path dir = fs::temp_directory_path() / "tabula-scenario-runner-test";
  fs::create_directories(dir);
  fs::path file = dir / name;
  std::ofstream(file) << body;
  return file.string();
}

const std::string kPack = "pack = \"" + std::string(TABULA_SOURCE_DIR) + "/tests/packs/duel\"\n";

tabula::ScenarioResult run(const std::string& name, const std::string& body) {
  return tabula::run_scenario(write_scenario(name, body), std::string(TABULA_SOURCE_DIR) + "/content");
}

std::string failures(const tabula::ScenarioResult& r) {
  std::string s;
  for (const auto& f : r.failures) s += f + "\n";
  return s;
}

}  // namespace

TEST(ScenarioRunner, NonTableEntriesAreReportedWithTheirPosition) {
  auto r = run("create.toml", "create = [1]\n[scenario]\nname = \"x\"\n" + kPack);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(failures(r).find("create.toml:1:11: each [[create]] entry must be a table"), std::string::npos)
      << failures(r);
  auto s = run("step.toml", "step = [1]\n[scenario]\n" + kPack);
  EXPECT_FALSE(s.ok);
  EXPECT_NE(failures(s).find("each [[step]] entry must be a table"), std::string::npos) << failures(s);
}

TEST(ScenarioRunner, BadSeatNumbersAreExplained) {
  auto r = run("counters.toml", "[scenario]\n" + kPack + "[counters]\nx = { hits = 1 }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(failures(r).find("counters are given per seat"), std::string::npos) << failures(r);
  auto z = run("zone.toml", "[scenario]\n" + kPack + "[expect]\n\"count.band@x\" = 1\n");
  EXPECT_FALSE(z.ok);
  EXPECT_NE(failures(z).find("no zone 'band@x'"), std::string::npos) << failures(z);
}

TEST(ScenarioRunner, AWrongExpectationFailsAndARightOnePasses) {
  auto bad = run("wrong.toml", "[scenario]\n" + kPack + "[expect]\n\"count.band@1\" = 3\n");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(failures(bad).find("count.band@1: expected 3, actual 2"), std::string::npos) << failures(bad);
  auto good = run("right.toml", "[scenario]\n" + kPack + "[expect]\n\"count.band@1\" = 2\n");
  EXPECT_TRUE(good.ok) << failures(good);
  EXPECT_EQ(good.checks, 1);
}

TEST(ScenarioRunner, FinishOverFailsWhileTheGameStillAsks) {
  auto r = run("finish.toml", "[scenario]\n" + kPack + "finish = \"over\"\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(failures(r).find("the game still asks: seat 2: \"Whom do you hit?\""), std::string::npos)
      << failures(r);
}
