#include "tools/tabula/play_commands.h"

#include <iostream>

#include "tools/tabula/ui_text.h"

namespace tabula::cli {

namespace {
void list_commands(std::string_view lang) {
  std::cout << ui(lang, Ui::CommandsHead) << "\n"
            << "  :reload  " << ui(lang, Ui::ReloadHelp) << "\n"
            << "  :help    " << ui(lang, Ui::HelpHelp) << "\n"
            << "  q        " << ui(lang, Ui::QuitHelp) << "\n";
}
}  // namespace

Typed typed_command(std::string_view line, std::string_view lang) {
  if (line.empty() || line.front() != ':') return Typed::Answer;
  if (line == ":reload") return Typed::Reload;
  if (line != ":help") std::cout << ui(lang, Ui::UnknownCommand, std::string(line)) << "\n";
  list_commands(lang);
  return Typed::Command;
}

}  // namespace tabula::cli
