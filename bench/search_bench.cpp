// What a search pays per node in each shipped game, from a mid-game state:
// a clone of the state, its hash, one choice applied (Mode::Playout, on a
// fresh copy whose making is not timed) and the legal answers of the open
// decisions visited. The state is reached by random 2-seat play from seed 1:
// the game is played once to its end to learn its length, then again, with
// the same agents, to half of it. Run on one core in a release build:
//   taskset -c 1 build/bench/tabula_bench --benchmark_filter=Search
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/lua/lua_host.h"
#include "core/rules/engine.h"
#include "core/rules/subset.h"
#include "core/search/playout.h"

using namespace tabula;

namespace {

struct Game {
  const char* name;   // in the benchmark's name
  const char* pack;   // in content/
  const char* layer;  // a layer on top, or null
};

const Game kGames[] = {
    {"DungeonLords", "dungeon-lords", nullptr},
    {"Thunderstone", "thunderstone-dragonspire", nullptr},
    {"Prophecy", "prophecy", nullptr},
    {"ProphecyWaterRealm", "prophecy", "prophecy-water-realm"},
    {"Dorn", "dorn", nullptr},
    {"ConnectFour", "connect-four", nullptr},
};

Engine& engine(const Game& g) {
  static std::map<std::string, std::unique_ptr<Engine>> engines;
  auto& e = engines[g.name];
  if (!e) {
    const std::string root = std::string(TABULA_SOURCE_DIR) + "/content/";
    std::vector<std::string> layers;
    if (g.layer) layers.push_back(root + g.layer);
    auto r = load_pack(root + g.pack, layers);
    if (!r.ok()) throw std::runtime_error(r.report());
    e = std::make_unique<Engine>(std::move(r.packs), Limits{});
  }
  return *e;
}

// Random play from seed 1 for `max` choices (0: to the end).
State play(Engine& e, uint64_t max, uint64_t* choices) {
  const uint64_t seed = 1;
  State s = e.new_game(seed, 2, {}, Mode::Playout);
  RandomAgent a(derive_seed(seed, 0)), b(derive_seed(seed, 1));
  std::vector<Agent*> agents{&a, &b};
  const PlayoutResult r = play_out(e, s, agents, max);
  if (r.failed) throw std::runtime_error("the random game failed: " + r.error);
  if (choices) *choices = r.choices;
  return s;
}

const State& mid_game(const Game& g) {
  static std::map<std::string, State> states;
  auto it = states.find(g.name);
  if (it != states.end()) return it->second;
  Engine& e = engine(g);
  uint64_t length = 0;
  play(e, 0, &length);
  State s = play(e, length / 2, nullptr);
  if (s.over || s.pending.empty()) throw std::runtime_error(std::string(g.name) + ": no open decision half-way");
  return states.emplace(g.name, std::move(s)).first->second;
}

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
  for (const Game& g : kGames) {
    const std::string name = g.name;
    benchmark::RegisterBenchmark(("BM_SearchClone/" + name).c_str(), BM_SearchClone, &g);
    benchmark::RegisterBenchmark(("BM_SearchHash/" + name).c_str(), BM_SearchHash, &g);
    benchmark::RegisterBenchmark(("BM_SearchApply/" + name).c_str(), BM_SearchApply, &g)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_SearchLegal/" + name).c_str(), BM_SearchLegal, &g);
  }
  return true;
}();

}  // namespace
