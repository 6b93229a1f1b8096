// One game on the server (tabula serve): its engine, state and log, who
// sits where, the links' tokens, what may be taken back, and its file under
// --data. Every request and every bot move changes it under its lock; a
// change bumps `version` and wakes whoever waits for one.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/io/game_log.h"
#include "core/rules/engine.h"
#include "core/rules/undo.h"
#include "core/search/agent.h"
#include "tools/tabula/seat_kinds.h"
#include "tools/tabula/serve/room_file.h"

namespace tabula::cli {

// A request the game refuses, with the HTTP status that says why: 400 bad
// input, 403 a token that does not open it, 404 nothing there, 409 the game
// has moved on.
struct Refused : std::runtime_error {
  int status;
  bool confirm = false;  // 409: the choice ends the game and the seat loses; asked again with "confirm": true
  Refused(int status, const std::string& what, bool confirm = false) : std::runtime_error(what), status(status), confirm(confirm) {}
};

struct NewGame {
  std::string pack;
  std::vector<std::string> with;
  std::string setup;
  std::string lang = "en";
  std::vector<std::string> seats;  // a seat kind each (seat_kinds.h), human included
  bool has_seed = false;
  uint64_t seed = 0;
};

class Room {
 public:
  // A new game, written to `file` (throws Refused for a bad request).
  Room(std::string id, const NewGame& g, RoomFile file);
  // A saved game, replayed from its file (throws std::runtime_error).
  explicit Room(RoomFile file);
  // A game from a log (`tabula play --log`, :save, another server's), to go
  // on with: `seats` as asked, else as the log says; throws Refused(400).
  Room(std::string id, const GameLog& log, const std::vector<std::string>& seats, RoomFile file);

  std::string id;  // set once, when made or read
  std::mutex mu;                    // guards everything below
  std::condition_variable changed;  // notified with every new version

  // The reader a token opens for `seat` (from 1; 0: the onlooker): the seat
  // from 0, or -1 for the onlooker. Throws Refused(403).
  int open(const std::string& token, int seat) const;

  // Whether `token` is the hot-seat table's, which plays every human seat.
  bool opens_table(const std::string& token) const;

  uint64_t version() const { return version_; }
  // The game's language, as made: set once, read without the lock.
  const std::string& lang() const { return lang_; }
  bool over() const { return s_.over; }
  bool bots_to_move() const;  // a bot seat has a decision open
  const Tokens& tokens() const { return tokens_; }

  // What `reader` sees now, in `lang` (docs/web.md, GET state), with the
  // last `last` lines of the story (0: all).
  nlohmann::json state(int reader, const std::string& lang, size_t last = 0) const;
  // What `reader` saw after `step` choices of the log.
  nlohmann::json replay(int reader, size_t step, const std::string& lang, size_t last = 0);
  // A line for the lobby: no tokens.
  nlohmann::json summary() const;
  std::string log_json() const { return log_.to_json(); }

  // A human seat's choice; throws Refused(409) when `version` is stale or
  // the seat may not choose `option`, and Refused(409, confirm) when it
  // would end the game with the seat losing, unless `confirmed`.
  void choose(int seat, const std::string& option, uint64_t version, bool confirmed = false);
  // Takes back `seat`'s latest choice by the kernel's policy; throws
  // Refused(409) saying why it cannot.
  void undo(int seat);
  // One bot's choice, if a bot seat has a decision open; false when none.
  bool bot_step();

 private:
  void start();  // the layout and the agents
  void seat_everyone();  // a new game's seats in its log, and a token per person, the onlooker and the table
  // The game changed (`chooser` chose, or kEverySeat: an undo): a new
  // version, the questions noted, and whoever waits woken.
  static constexpr int kEverySeat = -2;
  void bump(int chooser);
  void note_questions(int chooser);
  std::string title(const std::string& lang) const;  // "Dungeon Lords — Practice dungeon 1"
  // Replays `log` from its start, checking every hash, to s_, log_ and the
  // story; throws std::runtime_error saying where it stops agreeing.
  void retell(const GameLog& log);
  // `seat` chose `option` in `before`, which is now s_: logged and saved,
  // or, when it cannot be saved, undone and refused.
  void applied(int seat, const std::string& option, State before, bool person);
  // The view of `s` for `reader`, with the story's lines up to `choice` choices.
  nlohmann::json reader_view(const State& s, int reader, const std::string& lang, size_t choice, size_t last) const;
  // The story: what `seat` chose in `before`, then the lines its choice
  // wrote (s.journal holds the latest choice's lines only).
  void tell_choice(const State& before, int seat, const std::string& option);
  void tell_journal(const State& s);

  std::unique_ptr<Engine> engine_;
  std::vector<SeatKind> kinds_;
  std::vector<std::unique_ptr<Agent>> agents_;
  nlohmann::json layout_;  // the pack's web.toml as JSON, or null
  std::string setup_;  // the [setups] entry it was made from, for its title
  std::string lang_ = "en";
  Tokens tokens_;
  State s_;
  GameLog log_;
  std::vector<ChanceEvent> met_;
  UndoHistory undo_;
  uint64_t version_ = 0;
  // Per seat: the version at which its open question was first asked as it
  // stands (UINT64_MAX: none), and what that question is.
  std::vector<uint64_t> asked_at_;
  std::vector<std::string> asked_;
  RoomFile file_;
  // A line of the story as each reader (seat from 0, -1 the onlooker) reads
  // it in each language, at (reader + 1) * 2 + (cs ? 1 : 0), with its cause.
  struct StoryLine {
    int seat = -1;      // -1: everybody's; else only that seat's
    size_t choice = 0;  // the number of choices made when it was written
    std::vector<std::string> text;
    std::vector<nlohmann::json> cause;
  };
  std::vector<StoryLine> story_;
  std::string failure_;  // why the bots stopped: shown to every reader
  // The replay viewer's place: the state after replay_step_ choices.
  std::unique_ptr<State> replay_at_;
  size_t replay_step_ = 0;
};

}  // namespace tabula::cli
