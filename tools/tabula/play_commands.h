// Commands a person may type at any question of `tabula play` instead of a
// choice: a line starting with ':' (and `q` to quit, as always).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace tabula::cli {

enum class Typed : uint8_t {
  Answer,   // not a command: an answer to the question
  Command,  // a command answered on the spot (:help, or an unknown one): ask again
  Reload,   // :reload, which the game loop carries out
};

// What `line` (without surrounding blanks) is. :help and an unknown command
// are answered here, on stdout, in `lang`.
Typed typed_command(std::string_view line, std::string_view lang);

}  // namespace tabula::cli
