// The shipped games the search benchmarks measure, and a mid-game state of
// each: a random game from seed 1 played once to its end to learn its
// length, then again, with the same agents, to half of it.
#pragma once
#include <string>

#include "core/rules/engine.h"

namespace tabula::bench {

struct BenchGame {
  const char* name;   // in benchmark names
  const char* pack;   // in content/
  const char* layer;  // a layer on top, or null
};

// Dungeon Lords, Thunderstone, Prophecy (with and without the Water Realm),
// Dorn and Connect Four.
extern const BenchGame kBenchGames[6];

// The game's engine, loaded once.
Engine& bench_engine(const BenchGame& g);
// Halfway through a random game of `seats` seats (0: the pack's default
// count), with a decision open; made once per game and count.
const State& mid_game(const BenchGame& g, int seats);

}  // namespace tabula::bench
