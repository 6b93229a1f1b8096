// tabula scenario: run scenario files (docs/scenarios.md) and report each
// one's checks. A folder argument runs every .toml file under it.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/scenario/scenario.h"
#include "tools/tabula/common.h"

namespace tabula::cli {

namespace fs = std::filesystem;

int cmd_scenario(const ScenarioArgs& a) {
  std::vector<std::string> files;
  for (const auto& f : a.files) {
    std::error_code ec;
    if (fs::is_directory(f, ec)) {
      std::vector<std::string> found;
      for (const auto& e : fs::recursive_directory_iterator(f, ec))
        if (e.is_regular_file() && e.path().extension() == ".toml") found.push_back(e.path().string());
      std::sort(found.begin(), found.end());
      if (found.empty()) throw CliError("no scenario files (*.toml) under '" + f + "'");
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(f, ec)) {
      files.push_back(f);
    } else {
      throw CliError("no scenario file '" + f + "'");
    }
  }
  const std::string content = content_dir();
  int passed = 0, failed = 0;
  nlohmann::json out = nlohmann::json::array();
  for (const auto& file : files) {
    ScenarioResult r = run_scenario(file, content, pack_search_path());
    (r.ok ? passed : failed)++;
    if (a.json) {
      nlohmann::json j = {{"file", file},   {"name", r.name},     {"spec", r.spec},         {"ok", r.ok},
                          {"steps", r.steps}, {"checks", r.checks}, {"failures", r.failures}};
      if (a.verbose) j["journal"] = r.journal;
      out.push_back(j);
      continue;
    }
    std::cout << (r.ok ? "PASS " : "FAIL ") << file;
    if (r.name != file) std::cout << "  " << r.name;
    if (!r.spec.empty()) std::cout << "  [" << r.spec << "]";
    std::cout << "  (" << r.steps << " steps, " << r.checks << " checks)\n";
    for (const auto& l : r.failures) std::cout << "    " << l << "\n";
    if (a.verbose)
      for (const auto& l : r.journal) std::cout << "    | " << l << "\n";
  }
  if (a.json)
    std::cout << dump_report(nlohmann::json{{"passed", passed}, {"failed", failed}, {"scenarios", out}}, 2) << "\n";
  else
    std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}

}  // namespace tabula::cli
