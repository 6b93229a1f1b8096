// The words of the `tabula` program itself (not of a game), in English and
// Czech: `tabula play --lang cs` speaks Czech around the game's own texts.
#pragma once
#include <string>
#include <string_view>

#include "core/rules/undo.h"

namespace tabula::cli {

enum class Ui {
  Seat,           // "Seat {1}"
  Human,
  Random,
  Ai,
  Greedy,
  Mcts,
  GreedyAtRandom, // "greedy plays at random: the pack has no [pack] score"
  ToChoose,       // "=== {1} to choose ==="
  Starts,
  YourSecrets,
  Hidden,         // "{1} hidden"
  FaceDown,       // "{1} face down"
  WaitingFor,     // "(waiting for seat {1}: {2})"
  WaitingSecret,  // "(waiting for seat {1} — a secret choice)"
  Chose,          // "{1} chose: {2}"
  SecretChoice,   // "{1} made a secret choice"
  EnterNumber,    // "Please enter a number from 1 to {1} (or q to quit)"
  NothingChanged,
  GameOver,       // "Game over after {1}."
  Result,
  QuitAfter,      // "Quit after {1}."
  Private,
  Game,
  Setup,
  SeedLine,
  FaceDownWord,
  OfSeat,         // "seat {1}" (whose zone)
  PickSet,        // "Choose {1} of these, numbers separated by spaces{2}:" (a subset decision)
  EnterSet,       // "Please enter {1} different numbers from 1 to {2} ...{3}"
  NoneChosen,     // what a set with nothing in it reads as
  NoneHint,       // how to choose no option
  EndlessLine,    // "(a line longer than {1} MiB: the input ends here)"
  ScreenFailed,   // "(the pack's screen failed: {1}; showing the plain screen)"
  CommandsHead,   // "Commands (type them at any question):"
  ReloadHelp,     // what :reload does, for :help
  HelpHelp,       // what :help does
  QuitHelp,       // what q does
  UnknownCommand, // "unknown command '{1}'"
  Reloaded,       // "(reloaded the packs; the game goes on with the changed rules)"
  ReloadedSame,   // "(reloaded the packs; no change to the rules: ...)"
  HashChanged,    // "(the state's hash changed from {1} to {2}: ...)"
  ReloadFailed,   // "(reload failed: {1}; the game goes on with the packs as they were ...)"
  NotLoading,     // "the packs do not load: {1}"
  ErrorsAbove,    // "see the errors above"
  ScriptsFail,    // "a script does not load: {1}"
  ScreenFails,    // "the pack's screen does not load: {1}"
  StateMisfit,    // "this game's state does not fit the changed packs: {1}"
  RulesChanged,   // "(the rules were reloaded with changes after {1}: ...)"
  ChoseAt,
  HandOff,
  OnlyOne,
  AutoAnswered,
  AutoSet,
  AutoCleared,
  AutoBad,
  Undone,
  CannotUndo,
  UndoNoChoice,
  UndoOtherSeat,
  UndoChance,
  UndoShown,
  UndoSealed,
  ConfirmEnd,
  Saved,
  SaveFailed,
  SaveNeedsFile,
  Resumed,
  BoardSame,
  NOfM,
  LogEmpty,
  CardHow,
  NoCard,
  ManyCards,
  UndoHelp,
  BoardHelp,
  LogHelp,
  CardHelp,
  AlwaysHelp,
  AskHelp,
  SaveHelp,
  WatchHead,
  WatchKeys,
  WatchStart,
  WatchEnd,
  KeepHint,
  SeveralMatch,
  AnswerHelp,
  ChangedFiles,   // "  files changed: {1}" (a :reload's report)
  ChangedDefs,    // "  definitions changed: {1}"
  AddedDefs,      // "  definitions added: {1}"
  RemovedDefs,    // "  definitions removed: {1}"
  ChangedParams,  // "  parameters changed: {1}"
  ChangedTexts,   // "  texts changed: {1}"
  FileNew,        // "{1} (new)"
  FileGone,       // "{1} (gone)"
  AndMore,        // "and {1} more"
  UndoOver,       // "the game is over"
  EndsGame,       // "“{1}” ends the game, and you do not win: choose it again to confirm"; the last phrase
};

// The phrase in `lang` with {1}, {2}, {3} replaced.
std::string ui(std::string_view lang, Ui what, const std::string& a = "", const std::string& b = "", const std::string& c = "");
// "1 choice" / "3 choices", as in "Game over after {1}." ("po 1 volbě" /
// "po 3 volbách" in Czech).
std::string ui_choices(std::string_view lang, uint64_t n);
// Why nothing (more) may be taken back, for "cannot take back: {1}".
std::string undo_reason(std::string_view lang, const UndoLimit& l);

}  // namespace tabula::cli
