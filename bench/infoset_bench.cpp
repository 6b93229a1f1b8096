// A seat's information set per shipped game, from a mid-game state (a
// random game of the default start, halfway through, seat 1): the typed view
// (info_set), the JSON view built on it (view_json), a determinization, and
// a clone beside them for scale. Targets (issue 26): the view within 20 µs,
// a determinization within twice a clone. docs/performance.md lists the
// figures.
#include <benchmark/benchmark.h>

#include <string>

#include "bench/mid_game.h"
#include "core/rules/infoset.h"

using namespace tabula;

namespace {

// A game's engine and its mid-game state (bench/mid_game.h), with the pack's
// default seat count.
struct Game {
  Engine* engine;
  const State& mid;
};

Game game(const bench::BenchGame* g) { return {&bench::bench_engine(*g), bench::mid_game(*g, 0)}; }

void seat_view(benchmark::State& st, const bench::BenchGame* which) {
  const Game g = game(which);
  for (auto _ : st) benchmark::DoNotOptimize(info_set(*g.engine, g.mid, 0));
}

void view_json(benchmark::State& st, const bench::BenchGame* which) {
  const Game g = game(which);
  for (auto _ : st) benchmark::DoNotOptimize(g.engine->view_json(g.mid, 0));
}

void determinization(benchmark::State& st, const bench::BenchGame* which) {
  const Game g = game(which);
  uint64_t seed = 0;
  for (auto _ : st) benchmark::DoNotOptimize(determinize(*g.engine, g.mid, 0, ++seed));
}

void clone(benchmark::State& st, const bench::BenchGame* which) {
  const Game g = game(which);
  for (auto _ : st) {
    State copy = g.mid;
    benchmark::DoNotOptimize(copy);
  }
}

[[maybe_unused]] const bool registered = [] {
  for (const bench::BenchGame& which : bench::kBenchGames) {
    const bench::BenchGame* g = &which;
    const std::string pack = which.layer ? which.layer : which.pack;
    benchmark::RegisterBenchmark(("BM_SeatView/" + pack).c_str(), seat_view, g);
    benchmark::RegisterBenchmark(("BM_SeatViewJson/" + pack).c_str(), view_json, g);
    benchmark::RegisterBenchmark(("BM_Determinize/" + pack).c_str(), determinization, g);
    benchmark::RegisterBenchmark(("BM_CloneMidGame/" + pack).c_str(), clone, g);
  }
  return true;
}();

}  // namespace
