// Random games for tests: an agent's choice as an option string, and whether
// definitions come up in random games (the conformance test's new cards, the
// CLI test of a mod in its own folder).
#pragma once
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "core/rules/engine.h"
#include "core/rules/subset.h"
#include "core/search/playout.h"

namespace tabula::testing_support {

// Every "def" of an entity object ({"id", "def", ...}) anywhere in a view.
inline void defs_in(const nlohmann::json& j, std::set<std::string>& out) {
  if (j.is_object()) {
    auto id = j.find("id"), def = j.find("def");
    if (id != j.end() && def != j.end() && id->is_number_integer() && def->is_string()) out.insert(def->get<std::string>());
    for (const auto& [k, v] : j.items()) defs_in(v, out);
  } else if (j.is_array()) {
    for (const auto& v : j) defs_in(v, out);
  }
}

// A random agent's choice at decision `d`, as the option string apply takes
// (a subset decision's set as one canonical string).
inline std::string random_option(RandomAgent& agent, const State& s, const Decision& d) {
  if (!d.subset()) return d.options[agent.choose(s, d)].id;
  std::vector<size_t> set;
  agent.choose_subset(s, d, set);
  return subset_id(d, set);
}

// Plays up to `games` random games of the default start (seeds 1, 2, ...)
// and returns the ids of `wanted` that no seat's view ever showed. Fills
// `error` and stops when a choice fails or a game does not end.
inline std::set<std::string> never_seen(Engine& e, std::set<std::string> wanted, int games, std::string& error) {
  const int seats = e.packs().seats.fallback;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(games) && !wanted.empty(); ++seed) {
    State s = e.new_game(seed, seats);
    RandomAgent agent(derive_seed(seed, 11));
    for (int step = 0; !s.over && !wanted.empty(); ++step) {
      if (step > 5000 || s.pending.empty()) {
        error = "seed " + std::to_string(seed) + ": the game does not end";
        return wanted;
      }
      for (int seat = 0; seat < seats; ++seat) {
        std::set<std::string> seen;
        defs_in(nlohmann::json::parse(e.view_json(s, seat)), seen);
        for (const auto& def : seen) wanted.erase(def);
      }
      const Decision& d = s.pending.front();
      const ApplyResult ra = e.apply(s, d.seat, random_option(agent, s, d));
      if (!ra.ok) {
        error = "seed " + std::to_string(seed) + ": " + ra.error;
        return wanted;
      }
    }
  }
  return wanted;
}

}  // namespace tabula::testing_support
