#include "bench/mid_game.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/search/playout.h"

namespace tabula::bench {

const BenchGame kBenchGames[6] = {
    {"DungeonLords", "dungeon-lords", nullptr},
    {"Thunderstone", "thunderstone-dragonspire", nullptr},
    {"Prophecy", "prophecy", nullptr},
    {"ProphecyWaterRealm", "prophecy", "prophecy-water-realm"},
    {"Dorn", "dorn", nullptr},
    {"ConnectFour", "connect-four", nullptr},
};

Engine& bench_engine(const BenchGame& g) {
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

namespace {
// Random play from seed 1 for `max` choices (0: to the end).
PlayoutResult play(Engine& e, State& s, int seats, uint64_t max) {
  const uint64_t seed = 1;
  s = e.new_game(seed, seats, {}, Mode::Playout);
  std::vector<RandomAgent> walkers;
  for (int i = 0; i < seats; ++i) walkers.emplace_back(derive_seed(seed, static_cast<uint64_t>(i)));
  std::vector<Agent*> agents;
  for (auto& w : walkers) agents.push_back(&w);
  return play_out(e, s, agents, max);
}
}  // namespace

const State& mid_game(const BenchGame& g, int seats) {
  static std::map<std::pair<std::string, int>, State> states;
  Engine& e = bench_engine(g);
  if (seats == 0) seats = e.packs().seats.fallback;
  const auto key = std::make_pair(std::string(g.name), seats);
  if (auto it = states.find(key); it != states.end()) return it->second;
  State s;
  const PlayoutResult whole = play(e, s, seats, 0);
  if (whole.failed || !whole.finished) throw std::runtime_error(std::string(g.name) + ": the random game does not end: " + whole.error);
  play(e, s, seats, whole.choices / 2);
  if (s.over || s.pending.empty()) throw std::runtime_error(std::string(g.name) + ": no open decision half-way");
  return states.emplace(key, std::move(s)).first->second;
}

}  // namespace tabula::bench
