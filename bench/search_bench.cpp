// What a search pays per node in each shipped game, from a mid-game state:
// a clone of the state, its hash, one choice applied (Mode::Playout, on a
// fresh copy whose making is not timed) and the legal answers of the open
// decisions visited. The state is halfway through a random 2-seat game
// (bench/mid_game.h). Run on one core in a release build:
//   taskset -c 1 build/bench/tabula_bench --benchmark_filter=Search
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "bench/mid_game.h"
#include "core/rules/subset.h"

using namespace tabula;

namespace {

using bench::BenchGame;
using bench::kBenchGames;
using Game = BenchGame;
Engine& engine(const Game& g) { return bench::bench_engine(g); }
const State& mid_game(const Game& g) { return bench::mid_game(g, 2); }

void BM_SearchClone(benchmark::State& st, const Game* g) {
  const State& s = mid_game(*g);
  for (auto _ : st) {
    State copy = s;
    benchmark::DoNotOptimize(copy);
  }
}

void BM_SearchHash(benchmark::State& st, const Game* g) {
  const State& s = mid_game(*g);
  for (auto _ : st) benchmark::DoNotOptimize(s.hash());
}

// The first legal answer of the first open decision.
void BM_SearchApply(benchmark::State& st, const Game* g) {
  Engine& e = engine(*g);
  const State& start = mid_game(*g);
  const Decision& d = start.pending.front();
  std::vector<size_t> answer;
  subset_at(d, 0, answer);
  State s;
  for (auto _ : st) {
    st.PauseTiming();
    s = start;
    st.ResumeTiming();
    auto r = d.subset() ? e.apply_subset(s, d.seat, answer, Mode::Playout) : e.apply_index(s, d.seat, answer[0], Mode::Playout);
    if (!r.ok) st.SkipWithError("the choice was rejected");
    benchmark::DoNotOptimize(r);
  }
}

// Every legal answer of every open decision, as a search expands a node
// (at most 4,096 of a decision's sets).
void BM_SearchLegal(benchmark::State& st, const Game* g) {
  const State& s = mid_game(*g);
  Engine& e = engine(*g);
  int64_t answers = 0;
  for (auto _ : st) {
    for (const Decision& d : e.decisions(s)) {
      int64_t n = 0;
      for_each_subset(d, [&](const std::vector<size_t>& set) {
        benchmark::DoNotOptimize(set.data());
        return ++n < 4096;
      });
      answers += n;
    }
  }
  st.counters["answers"] = benchmark::Counter(static_cast<double>(answers) / static_cast<double>(st.iterations()));
}

[[maybe_unused]] const bool registered = [] {
  for (const Game& g : kBenchGames) {
    const std::string name = g.name;
    benchmark::RegisterBenchmark(("BM_SearchClone/" + name).c_str(), BM_SearchClone, &g);
    benchmark::RegisterBenchmark(("BM_SearchHash/" + name).c_str(), BM_SearchHash, &g);
    benchmark::RegisterBenchmark(("BM_SearchApply/" + name).c_str(), BM_SearchApply, &g)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_SearchLegal/" + name).c_str(), BM_SearchLegal, &g);
  }
  return true;
}();

}  // namespace
