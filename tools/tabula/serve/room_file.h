// A served game's file under --data: a header line (the game's id, tokens
// and its log without choices), then one line per change, appended and
// flushed to the disk before the change is answered: a choice, or a choice
// taken back. A process killed at any moment loses nothing that was
// answered; a line cut short by the kill is dropped when the file is read.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/io/game_log.h"

namespace tabula::cli {

// The secrets of a game's links: one per seat ("" for a bot's seat), the
// onlooker's, and the hot-seat table's ("" unless two seats are human).
struct Tokens {
  std::vector<std::string> seats;
  std::string watch, table;
};

// 128 random bits from the system, as 32 hex digits.
std::string new_token();

class RoomFile {
 public:
  RoomFile() = default;
  explicit RoomFile(std::string path) : path_(std::move(path)) {}
  const std::string& path() const { return path_; }

  // Writes a new game's file, whole or not at all: the header, and a line
  // for each choice the log already holds (a game begun elsewhere).
  void create(const std::string& id, const std::string& setup, const Tokens& tokens, const GameLog& log) const;
  void add_choice(const GameLog& log) const;  // log.choices.back(), just made
  void add_undo() const;                      // the latest choice was taken back

  struct Saved {
    std::string id;
    std::string setup;  // the pack's [setups] entry it was made from, "" for none
    Tokens tokens;
    GameLog log;           // the choices that stand
    uint64_t changes = 0;  // lines after the header: the game's version
    std::string repaired;  // what was dropped from a line cut short, "" when nothing
  };
  // Reads the file; throws std::runtime_error naming the file and line.
  Saved read() const;

 private:
  void append(const std::string& line) const;
  std::string path_;
};

}  // namespace tabula::cli
