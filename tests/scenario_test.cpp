// Runs every scenario file under tests/scenarios as its own test.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/scenario/scenario.h"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> scenario_files() {
  std::vector<std::string> files;
  fs::path root = fs::path(TABULA_SOURCE_DIR) / "tests" / "scenarios";
  if (fs::exists(root))
    for (const auto& e : fs::recursive_directory_iterator(root))
      if (e.is_regular_file() && e.path().extension() == ".toml") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  fs::path p = fs::relative(info.param, fs::path(TABULA_SOURCE_DIR) / "tests" / "scenarios");
  std::string name = p.replace_extension().string();
  for (auto& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

class Scenario : public testing::TestWithParam<std::string> {};

TEST_P(Scenario, Passes) {
  auto r = tabula::run_scenario(GetParam(), std::string(TABULA_SOURCE_DIR) + "/content");
  std::string report;
  for (const auto& f : r.failures) report += "  " + f + "\n";
  if (!r.ok) {
    report += "journal:\n";
    for (const auto& l : r.journal) report += "    " + l + "\n";
  }
  EXPECT_TRUE(r.ok) << r.name << " [" << r.spec << "]\n" << report;
  EXPECT_GT(r.checks, 0) << "a scenario that checks nothing cannot fail";
}

INSTANTIATE_TEST_SUITE_P(Files, Scenario, testing::ValuesIn(scenario_files()), test_name);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Scenario);

}  // namespace
