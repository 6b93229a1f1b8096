// ISMCTS iterations per second in each shipped game, from a mid-game state
// (bench/mid_game.h, 2 seats; on to the next decision with more than one
// answer): one decision of the open decision's seat per
// benchmark iteration, at 200 search iterations, with playouts to the end
// (Depth0) and cut at 20 choices and rated (Depth20). Run on one core in a
// release build:
//   taskset -c 1 build/bench/tabula_bench --benchmark_filter=Ismcts
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "bench/mid_game.h"
#include "core/rules/subset.h"
#include "core/search/ismcts.h"

using namespace tabula;

namespace {

using bench::BenchGame;
using bench::kBenchGames;

void BM_Ismcts(benchmark::State& st, const BenchGame* g, int depth) {
  Engine& e = bench::bench_engine(*g);
  // On from the mid-game state to a decision with more than one answer.
  State s = bench::mid_game(*g, 2);
  std::vector<size_t> first;
  while (!s.over && subset_count(s.pending.front()) == 1) {
    const Decision& only = s.pending.front();
    subset_at(only, 0, first);
    const bool ok = only.subset() ? e.apply_subset(s, only.seat, first, Mode::Playout).ok
                                  : e.apply_index(s, only.seat, 0, Mode::Playout).ok;
    if (!ok) return st.SkipWithError("a forced choice failed");
  }
  if (s.over) return st.SkipWithError("the game ended");
  const Decision& d = s.pending.front();
  IsmctsParams p;
  p.iterations = 200;
  p.depth = depth;
  IsmctsAgent agent(e, 1, p);
  std::vector<size_t> set;
  int64_t iterations = 0;
  for (auto _ : st) {
    if (d.subset()) agent.choose_subset(s, d, set);
    else benchmark::DoNotOptimize(agent.choose(s, d));
    iterations += agent.last_iterations();
  }
  st.counters["iterations/s"] = benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
}

[[maybe_unused]] const bool registered = [] {
  for (const BenchGame& g : kBenchGames) {
    const std::string name = g.name;
    benchmark::RegisterBenchmark(("BM_Ismcts/" + name + "/Depth0").c_str(), BM_Ismcts, &g, 0)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_Ismcts/" + name + "/Depth20").c_str(), BM_Ismcts, &g, 20)->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
