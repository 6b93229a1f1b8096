// The scenario runner's state between steps (docs/scenarios.md), shared by
// the file reader (scenario.cpp), the assertions (scenario_expect.cpp) and
// forced chance (scenario_chance.cpp). Internal to core/.
#pragma once
#include "core/pack/toml.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/rules/engine.h"
#include "core/scenario/scenario.h"

namespace tabula {

class Screen;

namespace scenario_detail {

// One line the game logged: its text key, its arguments (entity arguments
// named as the scenario names entities) and its English rendering.
struct LoggedLine {
  std::string key;
  Value args;
  std::string text;
  int seat = -1;  // the seat that sees it, -1: every seat
};

struct Runner {
  explicit Runner(ScenarioResult& result);
  ~Runner();
  ScenarioResult& r;
  Engine* engine = nullptr;
  State state;
  std::map<std::string, EntityId> aliases;
  // What was logged and the names of the events emitted, all along; a
  // step's expect sees those from `*_mark` on (since the step before), the
  // final [expect] all of them.
  std::vector<LoggedLine> lines;
  std::vector<std::string> events;
  size_t log_mark = 0, event_mark = 0;
  bool paused = false;       // the flow stopped at a run_until, not at a decision
  bool final_check = false;  // the final [expect]: logs and events since the start
  std::unique_ptr<Screen> screen;  // made when an assertion first reads a screen

  // What the last start, choice or resume logged, for -v and the log keys.
  void take_journal();
  void fail(std::string msg);

  // "the alias", else the definition id: how failures and lists name an entity.
  std::string entity_label(EntityId id) const;
  // An alias from [[create]], "def#n" (the n-th entity of a definition in
  // creation order) or the id of a definition with exactly one entity.
  bool find_entity(const std::string& name, EntityId& out, std::string& why) const;
  // "zone" or "zone@seat" with the seat from 1; -1 (with why) if none.
  int zone_from(const std::string& spec, std::string& why) const;

  // Checks every assertion of an expect table (scenario_expect.cpp).
  void check(const toml::table& expect, const std::string& where);
  // The actual value of an assertion key; false (with why) when the key
  // means nothing.
  bool actual(const std::string& key, Value& out, std::string& why);

 private:
  bool seen_by(int seat, const std::string& field, Value& out, std::string& why);
  std::string shown_to(int seat);  // everything the seat is shown, in en and cs
};

}  // namespace scenario_detail
}  // namespace tabula
