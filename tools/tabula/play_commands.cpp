#include "tools/tabula/play_commands.h"

#include <iostream>
#include <vector>

#include "core/state/suggest.h"
#include "tools/tabula/ui_text.h"

namespace tabula::cli {

namespace {
struct Command {
  const char* word;
  Typed::Kind kind;
  const char* shown;  // with its argument, for :help
  Ui help;
};

const Command kCommands[] = {
    {":undo", Typed::Kind::Undo, ":undo", Ui::UndoHelp},
    {":board", Typed::Kind::Board, ":board", Ui::BoardHelp},
    {":log", Typed::Kind::Log, ":log", Ui::LogHelp},
    {":card", Typed::Kind::Card, ":card NAME", Ui::CardHelp},
    {":always", Typed::Kind::Always, ":always N", Ui::AlwaysHelp},
    {":ask", Typed::Kind::Ask, ":ask", Ui::AskHelp},
    {":save", Typed::Kind::Save, ":save FILE", Ui::SaveHelp},
    {":reload", Typed::Kind::Reload, ":reload", Ui::ReloadHelp},
    {":help", Typed::Kind::Done, ":help", Ui::HelpHelp},
};

void list_commands(std::string_view lang) {
  std::cout << ui(lang, Ui::CommandsHead) << "\n";
  std::cout << "  1, troll    " << ui(lang, Ui::AnswerHelp) << "\n";
  for (const Command& c : kCommands) {
    std::string shown = c.shown;
    shown.resize(12, ' ');
    std::cout << "  " << shown << ui(lang, c.help) << "\n";
  }
  std::cout << "  q           " << ui(lang, Ui::QuitHelp) << "\n";
}
}  // namespace

Typed typed_command(std::string_view line, std::string_view lang) {
  if (line == "q" || line == "quit" || line == "exit") return {Typed::Kind::Quit, ""};
  if (line.empty() || line.front() != ':') return {Typed::Kind::Answer, ""};
  const size_t space = line.find(' ');
  const std::string word(line.substr(0, space));
  std::string arg = space == std::string_view::npos ? "" : std::string(line.substr(space + 1));
  arg.erase(0, arg.find_first_not_of(' '));
  for (const Command& c : kCommands)
    if (word == c.word) {
      if (c.kind == Typed::Kind::Done) list_commands(lang);
      return {c.kind, arg};
    }
  std::vector<std::string> words;
  for (const Command& c : kCommands) words.push_back(c.word);
  std::cout << ui(lang, Ui::UnknownCommand, std::string(line)) << suggestion(word, words) << "\n";
  list_commands(lang);
  return {Typed::Kind::Done, ""};
}

}  // namespace tabula::cli
