// Commands a person may type at any question of `tabula play` instead of a
// choice: a line starting with ':' (and `q` to quit, as always).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace tabula::cli {

struct Typed {
  enum class Kind : uint8_t {
    Answer,  // not a command: an answer to the question
    Done,    // answered on the spot (:help, or an unknown command): ask again
    Reload,  // :reload: the packs again from disk
    Undo,    // :undo: take back the seat's last choice
    Save,    // :save FILE
    Board,   // :board: the whole screen again
    Log,     // :log: what happened lately
    Card,    // :card NAME
    Always,  // :always N: choose option N now and whenever this question comes again
    Ask,     // :ask: ask every question again
    Quit,    // q, quit, exit
  };
  Kind kind = Kind::Answer;
  std::string arg;  // what follows the command word
};

// What `line` (without surrounding blanks) is. :help and an unknown command
// are answered here, on stdout, in `lang`.
Typed typed_command(std::string_view line, std::string_view lang);

}  // namespace tabula::cli
