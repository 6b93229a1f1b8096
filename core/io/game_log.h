// The action log: packs, seed, seats, options and every choice with the
// state hash after it. Replaying it must reproduce every hash.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/state/value.h"

namespace tabula {

class Engine;
struct State;
struct ChanceEvent;

// A chance event met (tabula.chance): its name and the outcome drawn.
struct LoggedChance {
  std::string event;
  Value outcome;
  bool operator==(const LoggedChance& o) const { return event == o.event && outcome == o.outcome; }
};

struct LoggedChoice {
  LoggedChoice() = default;
  LoggedChoice(int seat, std::string option, uint64_t hash_after, uint64_t draws_after, std::vector<LoggedChance> chance = {})
      : seat(seat), option(std::move(option)), hash_after(hash_after), draws_after(draws_after), chance(std::move(chance)) {}
  int seat = 0;
  std::string option;
  uint64_t hash_after = 0;
  uint64_t draws_after = 0;  // RNG draws so far, so a replay also checks the dice
  std::vector<LoggedChance> chance;  // the chance events the choice met, in order
};

struct GameLog {
  std::vector<std::string> packs;  // pack folders, as given
  uint64_t seed = 0;
  int seats = 1;
  Dict options;
  uint64_t start_hash = 0;
  int64_t start_draws = -1;  // RNG draws at the start; -1: not recorded (older logs)
  std::vector<LoggedChoice> choices;
  // Whether the chance events were recorded (the start's here, each
  // choice's with it): then a replay checks them. Logs written before
  // chance was data have none, and replay only their hashes and draws.
  bool chance_logged = false;
  std::vector<LoggedChance> start_chance;
  // The numbers of choices made when the packs were loaded again from disk
  // with changes during the game (tabula play's :reload). A game played on
  // two sets of rules replays on neither: replay() refuses such a log.
  std::vector<uint64_t> reloads;
  // How `tabula play` seated the game ("human", "greedy", a bot's name; one
  // per seat) and in which language, so that `--resume` sits the same
  // table; empty in logs of other tools, which replay the same.
  std::vector<std::string> seat_kinds;
  std::string lang;

  std::string to_json() const;  // throws std::runtime_error when unloggable(packs) says why
  static GameLog from_json(const std::string& text);  // throws std::runtime_error
};

// The chance events an engine recorded (Engine::record_chance), as a log
// keeps them; `met` is emptied for the next choice.
std::vector<LoggedChance> logged_chance(std::vector<ChanceEvent>& met);

// Why a log of a game of these pack folders (as given) cannot be written
// ("" when it can): a folder whose name is not UTF-8 text.
std::string unloggable(const std::vector<std::string>& packs);

struct ReplayReport {
  bool ok = true;
  size_t steps = 0;
  std::string error;
};

// Why the log cannot be replayed whatever the packs ("" when it can): its
// game went on with changed packs.
std::string unreplayable(const GameLog& log);

// Replays a log on `engine` and compares every hash. A seat count outside
// the pack's [seats] range, or a log with reloads, is reported, not played.
// `each`, when given, sees the state at the start and after every choice
// (with the number of choices made), until a mismatch.
ReplayReport replay(Engine& engine, const GameLog& log,
                    const std::function<void(const State& s, size_t made)>& each = {});

}  // namespace tabula
