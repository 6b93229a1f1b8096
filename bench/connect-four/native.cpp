// c4_native: random games of Connect Four written plainly in C++, the baseline of
// bench/compare.sh (no engine, no allocation, no bitboards).
//
//   c4_native --games N --seed S [--json]
//
// The same rules and algorithm as content/connect-four/rules.lua and
// bench/connect-four/bgio/game.js: a 42-cell board (7 columns x 6 rows, row-major
// from the bottom row; 0 = empty, else the seat 1 or 2); the legal moves are the
// columns whose top cell is empty, in column order; a uniformly random one is chosen
// with tabula::Rng::below (game i uses seed S+i-1); the disc falls to the lowest
// empty cell; after each move the four directions are scanned outward from the new
// disc in both senses while the cells hold the mover's seat; a win ends the game at
// once; a full board is a draw. Seat 1 moves first.
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/state/rng.h"

namespace {

constexpr int kColumns = 7;
constexpr int kRows = 6;
constexpr int kLine = 4;
constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};

using Board = std::array<int, kColumns * kRows>;

// Whether the disc of `seat` at (c, r) (0-based) completes a line.
bool wins(const Board& board, int c, int r, int seat) {
  for (const auto& d : kDirections) {
    int n = 1;
    for (int sign = -1; sign <= 1; sign += 2) {
      int x = c + sign * d[0], y = r + sign * d[1];
      while (x >= 0 && x < kColumns && y >= 0 && y < kRows && board[y * kColumns + x] == seat) {
        ++n;
        x += sign * d[0];
        y += sign * d[1];
      }
    }
    if (n >= kLine) return true;
  }
  return false;
}

struct Outcome {
  int moves = 0;
  int winner = 0;  // 0: draw
};

Outcome play(tabula::Rng& rng) {
  Board board{};
  Outcome out;
  int seat = 1;
  for (;;) {
    int open[kColumns];
    int n = 0;
    for (int c = 0; c < kColumns; ++c)
      if (board[(kRows - 1) * kColumns + c] == 0) open[n++] = c;
    if (n == 0) return out;  // a full board: a draw
    const int c = open[rng.below(static_cast<uint64_t>(n))];
    int r = 0;
    while (board[r * kColumns + c] != 0) ++r;
    board[r * kColumns + c] = seat;
    ++out.moves;
    if (wins(board, c, r, seat)) {
      out.winner = seat;
      return out;
    }
    seat = 3 - seat;
  }
}

[[noreturn]] void usage(int code) {
  std::fprintf(code == 0 ? stdout : stderr, "usage: c4_native --games N --seed S [--json]\n");
  std::exit(code);
}

uint64_t number(const char* text) {
  char* end = nullptr;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (end == text || *end != '\0' || text[0] == '-') usage(2);
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t games = 1000, seed = 1;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--games" && i + 1 < argc) games = number(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = number(argv[++i]);
    else if (a == "--json") json = true;
    else if (a == "--help" || a == "-h") usage(0);
    else usage(2);
  }
  if (games == 0) usage(2);

  uint64_t moves = 0, results[3] = {0, 0, 0};
  const auto start = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < games; ++i) {
    tabula::Rng rng(seed + i);
    const Outcome o = play(rng);
    moves += static_cast<uint64_t>(o.moves);
    ++results[o.winner];
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const double gps = static_cast<double>(games) / seconds;
  const double mps = static_cast<double>(moves) / seconds;
  const double mpg = static_cast<double>(moves) / static_cast<double>(games);
  if (json) {
    std::printf(
        "{\"games\": %llu, \"moves\": %llu, \"seconds\": %.9g, \"games_per_second\": %.9g, "
        "\"moves_per_second\": %.9g, \"moves_per_game\": %.6f, \"wins_1\": %llu, \"wins_2\": %llu, "
        "\"draws\": %llu, \"engine\": \"native C++\"}\n",
        static_cast<unsigned long long>(games), static_cast<unsigned long long>(moves), seconds, gps, mps, mpg,
        static_cast<unsigned long long>(results[1]), static_cast<unsigned long long>(results[2]),
        static_cast<unsigned long long>(results[0]));
  } else {
    std::printf("%llu games, %llu moves in %.3f s: %.0f games/s, %.0f moves/s (%.3f moves/game; "
                "seat 1 %llu, seat 2 %llu, draws %llu)\n",
                static_cast<unsigned long long>(games), static_cast<unsigned long long>(moves), seconds, gps, mps,
                mpg, static_cast<unsigned long long>(results[1]), static_cast<unsigned long long>(results[2]),
                static_cast<unsigned long long>(results[0]));
  }
  return 0;
}
