// Kernel figures: cloning and hashing a mid-combat Dungeon Lords state,
// applying one choice (with and without the copy kept for rollback), random
// practice-combat playouts, and random Connect Four games with either way of
// limiting scripts. Run on one core in a release build:
//   taskset -c 1 build/bench/tabula_bench
// bench/compare.sh runs these beside boardgame.io and native C++
// (docs/performance.md).
#include <benchmark/benchmark.h>

#include <memory>

#include "core/lua/lua_host.h"
#include "core/rules/engine.h"
#include "core/rules/kernel.h"
#include "core/search/playout.h"

using namespace tabula;

namespace {

std::unique_ptr<Engine> load(const char* pack, Limits limits = {}) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/" + pack);
  if (!r.ok()) throw std::runtime_error(r.report());
  return std::make_unique<Engine>(std::move(r.packs), limits);
}

Engine& dungeon_lords() {
  static std::unique_ptr<Engine> engine = load("dungeon-lords");
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

void BM_HashMidCombat(benchmark::State& st) {
  State s = mid_combat();
  for (auto _ : st) benchmark::DoNotOptimize(s.hash());
}
BENCHMARK(BM_HashMidCombat);

// One apply of the troll's choice, which runs the rest of the combat round
// to the next decision. Mode::Play includes the copy kept for rollback and
// the journal; Mode::Playout has neither.
void apply_choice(benchmark::State& st, Mode mode) {
  Engine& e = dungeon_lords();
  State start = mid_combat();
  State s;
  for (auto _ : st) {
    st.PauseTiming();
    s = start;
    st.ResumeTiming();
    auto r = e.apply(s, 0, "fed", mode);
    benchmark::DoNotOptimize(r);
  }
}
void BM_ApplyChoice(benchmark::State& st) { apply_choice(st, Mode::Play); }
void BM_ApplyChoicePlayout(benchmark::State& st) { apply_choice(st, Mode::Playout); }
BENCHMARK(BM_ApplyChoice);
BENCHMARK(BM_ApplyChoicePlayout);

// A whole practice combat from set-up to the end with a random agent.
void BM_PracticePlayout(benchmark::State& st) {
  Engine& e = dungeon_lords();
  const int board = static_cast<int>(st.range(0));
  uint64_t seed = 1;
  int64_t choices = 0;
  for (auto _ : st) {
    State s = e.new_game(seed, 1, practice(board), Mode::Playout);
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

// A random game of Connect Four: scripts under the default time limit (no
// cost per Lua instruction), under no limit at all (so the watchdog's own
// cost shows), or under the deterministic instruction budget (a hook on
// every instruction): the ratios are the prices of the two kinds of limit.
void connect_four(benchmark::State& st, Limits limits) {
  static std::unique_ptr<Engine> timed = load("connect-four");
  static std::unique_ptr<Engine> unlimited = load("connect-four", Limits{0, 64u << 20, 0});
  static std::unique_ptr<Engine> counted = load("connect-four", Limits{0, 64u << 20, 20'000'000});
  Engine& e = limits.instructions > 0 ? *counted : limits.cpu_ms > 0 ? *timed : *unlimited;
  uint64_t seed = 1;
  int64_t moves = 0;
  for (auto _ : st) {
    State s = e.new_game(seed, 2, {}, Mode::Playout);
    RandomAgent a(derive_seed(seed, 0)), b(derive_seed(seed, 1));
    std::vector<Agent*> agents{&a, &b};
    moves += static_cast<int64_t>(play_out(e, s, agents).choices);
    ++seed;
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["moves/game"] = benchmark::Counter(static_cast<double>(moves) / st.iterations());
}
void BM_ConnectFourGame(benchmark::State& st) { connect_four(st, Limits{}); }
void BM_ConnectFourGameCounted(benchmark::State& st) { connect_four(st, Limits{0, 64u << 20, 20'000'000}); }
void BM_ConnectFourGameNoLimit(benchmark::State& st) { connect_four(st, Limits{0, 64u << 20, 0}); }
BENCHMARK(BM_ConnectFourGame)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ConnectFourGameNoLimit)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ConnectFourGameCounted)->Unit(benchmark::kMicrosecond);

}  // namespace

// One `tabula.modify` over 200 cards with a modifier, 5 of them in play
// (tests/packs/zones-bench): cards scoped to the play zone with listen_in,
// against cards that listen everywhere and check their zone in Lua. Both
// sum to 5.
void modify_channel(benchmark::State& st, const char* def, const char* fn) {
  static std::unique_ptr<Engine> engine = [] {
    auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/zones-bench");
    if (!r.ok()) throw std::runtime_error(r.report());
    return std::make_unique<Engine>(std::move(r.packs));
  }();
  State s = engine->blank_state(1, 2);
  engine->kernel().host().call_value(s, "zones-bench/rules.lua", "build", Value(def));
  for (auto _ : st) {
    Value sum = engine->kernel().host().call_value(s, "zones-bench/rules.lua", fn, Value());
    if (sum != Value(5)) throw std::runtime_error("the sum is not 5");
  }
}
void BM_ModifyScoped(benchmark::State& st) { modify_channel(st, "scoped", "scoped"); }
void BM_ModifyLuaCheck(benchmark::State& st) { modify_channel(st, "checked", "checked"); }
BENCHMARK(BM_ModifyScoped);
BENCHMARK(BM_ModifyLuaCheck);
