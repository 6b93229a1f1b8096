// A seat's information set per shipped game, from a mid-game state (a
// random game of the default start, halfway through, seat 1): the typed view
// (info_set), the JSON view built on it (view_json), a determinization, and
// a clone beside them for scale. Targets (issue 26): the view within 20 µs,
// a determinization within twice a clone. docs/performance.md lists the
// figures.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/rules/engine.h"
#include "core/rules/infoset.h"
#include "core/search/playout.h"

using namespace tabula;

namespace {

const char* const kGames[] = {"connect-four", "dungeon-lords", "thunderstone-dragonspire", "dorn", "prophecy", "prophecy-water-realm"};

struct Game {
  std::unique_ptr<Engine> engine;
  State mid;
};

Game& game(const std::string& pack) {
  static std::map<std::string, Game> games;
  auto it = games.find(pack);
  if (it != games.end()) return it->second;
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/" + pack);
  if (!r.ok()) throw std::runtime_error(r.report());
  Game g{std::make_unique<Engine>(std::move(r.packs)), State{}};
  const int seats = g.engine->packs().seats.fallback;
  // Halfway through a random game (seed 1): played once to its end to
  // count its choices, then again to the middle.
  auto play = [&](State& s, uint64_t choices) {
    s = g.engine->new_game(1, seats, {}, Mode::Playout);
    std::vector<RandomAgent> walkers;
    for (int i = 0; i < seats; ++i) walkers.emplace_back(derive_seed(1, static_cast<uint64_t>(i)));
    std::vector<Agent*> agents;
    for (auto& w : walkers) agents.push_back(&w);
    return play_out(*g.engine, s, agents, choices);
  };
  const PlayoutResult whole = play(g.mid, 0);
  if (whole.failed || !whole.finished) throw std::runtime_error(pack + ": the random game does not end: " + whole.error);
  play(g.mid, whole.choices / 2);
  if (g.mid.over) throw std::runtime_error(pack + ": no mid-game state");
  return games.emplace(pack, std::move(g)).first->second;
}

void seat_view(benchmark::State& st, const std::string& pack) {
  Game& g = game(pack);
  for (auto _ : st) benchmark::DoNotOptimize(info_set(*g.engine, g.mid, 0));
}

void view_json(benchmark::State& st, const std::string& pack) {
  Game& g = game(pack);
  for (auto _ : st) benchmark::DoNotOptimize(g.engine->view_json(g.mid, 0));
}

void determinization(benchmark::State& st, const std::string& pack) {
  Game& g = game(pack);
  uint64_t seed = 0;
  for (auto _ : st) benchmark::DoNotOptimize(determinize(*g.engine, g.mid, 0, ++seed));
}

void clone(benchmark::State& st, const std::string& pack) {
  Game& g = game(pack);
  for (auto _ : st) {
    State copy = g.mid;
    benchmark::DoNotOptimize(copy);
  }
}

[[maybe_unused]] const bool registered = [] {
  for (const char* p : kGames) {
    const std::string pack = p;
    benchmark::RegisterBenchmark(("BM_SeatView/" + pack).c_str(), seat_view, pack);
    benchmark::RegisterBenchmark(("BM_SeatViewJson/" + pack).c_str(), view_json, pack);
    benchmark::RegisterBenchmark(("BM_Determinize/" + pack).c_str(), determinization, pack);
    benchmark::RegisterBenchmark(("BM_CloneMidGame/" + pack).c_str(), clone, pack);
  }
  return true;
}();

}  // namespace
