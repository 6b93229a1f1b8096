// tabula replay: load the packs a game log names, replay every choice and
// compare each state hash and RNG draw count with the log.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "tools/tabula/common.h"

namespace tabula::cli {

int cmd_replay(const ReplayArgs& a) {
  std::error_code ec;
  // A folder opens as a stream that reads nothing, which would be reported as an empty log.
  if (std::filesystem::is_directory(a.log, ec)) throw CliError("'" + a.log + "' is a folder, not a log file");
  std::ifstream f(a.log);
  if (!f) throw CliError("cannot read the log file '" + a.log + "'");
  std::stringstream text;
  text << f.rdbuf();
  GameLog log;
  try {
    log = GameLog::from_json(text.str());
  } catch (const std::exception& e) {
    throw CliError(a.log + ": " + e.what());
  }
  if (log.packs.empty()) throw CliError(a.log + ": the log names no pack");
  if (std::string why = unreplayable(log); !why.empty()) throw CliError(a.log + ": " + why);
  std::vector<std::string> with(log.packs.begin() + 1, log.packs.end());
  Opened o = open_engine(log.packs.front(), with);
  ReplayReport r;
  try {
    r = replay(*o.engine, log);
  } catch (const ScriptError& e) {
    r.ok = false;
    r.error = std::string("the game does not start: ") + e.what();
  }
  if (a.json) {
    nlohmann::json j = {{"ok", r.ok}, {"steps", r.steps}, {"choices", log.choices.size()}, {"seed", log.seed}};
    if (!r.ok) j["error"] = r.error;
    std::cout << dump_report(j, 2) << "\n";
  } else if (r.ok) {
    std::cout << "OK: " << r.steps << " steps replayed, every state hash matches (pack " << o.engine->packs().id()
              << ", seed " << log.seed << ")\n";
  } else {
    std::cout << "MISMATCH after " << r.steps << " of " << log.choices.size() << " steps: " << r.error << "\n";
  }
  return r.ok ? 0 : 1;
}

}  // namespace tabula::cli
