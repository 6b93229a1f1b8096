// Scenario files (docs/scenarios.md): set up a state from a pack, script
// the choices in order, and check the state after given steps. Strict: a
// choice that is not legal, or a question the file did not expect, fails.
#pragma once
#include <string>
#include <vector>

namespace tabula {

struct ScenarioResult {
  std::string name;
  std::string spec;
  bool ok = true;
  int steps = 0;
  int checks = 0;
  std::vector<std::string> failures;  // "where: expected X, actual Y"
  std::vector<std::string> journal;   // what the game logged, for -v
};

// `content_dir` is where pack ids are looked up (the repository's content/),
// after the folders of `search` (tabula scenario --packs, $TABULA_PATH).
ScenarioResult run_scenario(const std::string& path, const std::string& content_dir,
                            const std::vector<std::string>& search = {});

}  // namespace tabula
