// Kernel figures on Dungeon Lords combat: cloning a mid-combat state,
// applying one choice, and random practice-combat playouts. Run on one core
// in a release build: taskset -c 0 build/bench/tabula_bench
#include <benchmark/benchmark.h>

#include <memory>

#include "core/engine.h"
#include "core/playout.h"

using namespace tabula;

namespace {

Engine& dungeon_lords() {
  static std::unique_ptr<Engine> engine = [] {
    auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/dungeon-lords");
    if (!r.ok()) throw std::runtime_error(r.report());
    return std::make_unique<Engine>(std::move(r.packs));
  }();
  return *engine;
}

Dict practice(int board) { return Value::dict({{"mode", Value("practice")}, {"board", Value(board)}}).entries(); }

// Practice dungeon 1 at the troll's attack choice: the boulder has sprung
// and a monster is mid-attack (dungeon-lords.md §6.4 TV-P1a).
State mid_combat() {
  Engine& e = dungeon_lords();
  State s = e.new_game(1, 1, practice(1));
  for (const char* choice : {"trap:rolling_boulder", "send:troll"})
    if (!e.apply(s, 0, choice).ok) throw std::runtime_error("setup choice failed");
  return s;
}

void BM_CloneMidCombat(benchmark::State& st) {
  State s = mid_combat();
  for (auto _ : st) {
    State copy = s;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CloneMidCombat);

// One apply of the troll's choice, which runs the rest of the combat round
// to the next decision. Includes the copy apply keeps for rollback.
void BM_ApplyChoice(benchmark::State& st) {
  Engine& e = dungeon_lords();
  State start = mid_combat();
  for (auto _ : st) {
    st.PauseTiming();
    State s = start;
    st.ResumeTiming();
    auto r = e.apply(s, 0, "fed");
    benchmark::DoNotOptimize(r);
  }
}
BENCHMARK(BM_ApplyChoice);

void BM_HashMidCombat(benchmark::State& st) {
  State s = mid_combat();
  for (auto _ : st) benchmark::DoNotOptimize(s.hash());
}
BENCHMARK(BM_HashMidCombat);

// A whole practice combat from set-up to the end with a random agent.
void BM_PracticePlayout(benchmark::State& st) {
  Engine& e = dungeon_lords();
  const int board = static_cast<int>(st.range(0));
  uint64_t seed = 1;
  int64_t choices = 0;
  for (auto _ : st) {
    State s = e.new_game(seed, 1, practice(board));
    RandomAgent agent(derive_seed(seed, 1));
    std::vector<Agent*> agents{&agent};
    auto r = play_out(e, s, agents, 1000);
    choices += r.choices;
    ++seed;
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["choices/playout"] = benchmark::Counter(static_cast<double>(choices) / st.iterations());
}
BENCHMARK(BM_PracticePlayout)->DenseRange(1, 4)->Unit(benchmark::kMicrosecond);

}  // namespace
