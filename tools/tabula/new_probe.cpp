#include "tools/tabula/new_probe.h"

#include <algorithm>

#include "core/search/playout.h"
#include "tools/tabula/common.h"

namespace tabula::cli {

namespace {

// Enough choices to see a game's first rounds, few enough to stay quick.
constexpr uint64_t kProbeChoices = 400;

// counts[zone definition] += 1 for each zone that holds an entity of `kind`.
void tally(const Engine& engine, const State& s, int32_t kind, std::vector<int>& counts) {
  const PackSet& p = engine.packs();
  std::vector<bool> seen(counts.size(), false);
  for (const Zone& z : s.zones)
    for (EntityId id : z.items)
      if (p.defs[s.entities[id].def]->kind_index == kind) {
        seen[z.def] = true;
        break;
      }
  for (size_t i = 0; i < seen.size(); ++i) counts[i] += seen[i] ? 1 : 0;
}

// Plays one short random game and tallies it; false when it cannot start.
bool probe(Engine& engine, const Dict& options, int seats, int32_t kind, std::vector<int>& counts) {
  try {
    State s = engine.blank_state(1, seats, options);
    engine.start(s, Mode::Playout);
    tally(engine, s, kind, counts);
    std::vector<RandomAgent> agents;
    for (int i = 0; i < seats; ++i) agents.emplace_back(derive_seed(1, static_cast<uint64_t>(i)));
    std::vector<Agent*> ptrs;
    for (auto& a : agents) ptrs.push_back(&a);
    play_out(engine, s, ptrs, kProbeChoices,
             [&](const State& now, int, const std::string&) { tally(engine, now, kind, counts); });
    return true;
  } catch (const std::exception&) {
    return false;  // a pack that fails in play gets the fallback zone
  }
}

}  // namespace

ZonePick zone_for_kind(Engine& engine, const std::string& kind) {
  const PackSet& p = engine.packs();
  const auto k = std::find(p.kind_names.begin(), p.kind_names.end(), kind);
  const int32_t kind_index = static_cast<int32_t>(k - p.kind_names.begin());
  std::vector<int> counts(p.zones.size(), 0);
  std::string shown = "the default start";
  auto try_start = [&](const Dict& options, int seats) {
    std::fill(counts.begin(), counts.end(), 0);
    probe(engine, options, seats, kind_index, counts);
    return *std::max_element(counts.begin(), counts.end()) > 0;
  };
  bool found = k != p.kind_names.end() && !counts.empty() && try_start({}, p.seats.fallback);
  for (auto it = p.setups.begin(); !found && k != p.kind_names.end() && it != p.setups.end(); ++it) {
    shown = "setup " + it->first;
    found = try_start(it->second.options, it->second.seats > 0 ? it->second.seats : p.seats.fallback);
  }
  ZonePick pick;
  if (found) {
    const size_t best = static_cast<size_t>(std::max_element(counts.begin(), counts.end()) - counts.begin());
    pick.zone = p.zones[best].id;
    pick.why = "where " + kind + " entities lay most often in a random game (" + shown + ", seed 1)";
  } else if (const KindDef* kd = p.kind(kind); kd && !kd->listen.anywhere && !kd->listen.zones.empty()) {
    pick.zone = kd->listen.zones.front();
    pick.why = "the first zone where " + kind + " entities listen ([kinds." + kind + "] listen_in)";
  } else if (!p.zones.empty()) {
    pick.zone = p.zones.front().id;
    pick.why = "no random game showed a " + kind + " entity: the pack's first zone";
  }
  if (const ZoneDef* z = p.zone(pick.zone)) pick.per_seat = z->per_seat;
  return pick;
}

StartFacts start_facts(Engine& engine) {
  StartFacts f;
  try {
    State s = engine.blank_state(1, engine.packs().seats.fallback);
    engine.start(s, Mode::Play);
    f.over = s.over;
    if (!s.pending.empty()) f.seat = s.pending.front().seat + 1;
    if (!s.seats.empty()) f.counters = s.seats.front().counters;
  } catch (const std::exception& e) {
    throw CliError(std::string("the game does not start: ") + e.what());
  }
  return f;
}

}  // namespace tabula::cli
