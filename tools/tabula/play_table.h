// The table of `tabula play`: who sits where, and what each person at it
// is shown — the screens, the options, what the other seats did, and what
// happened — fitted to the terminal, and never a seat's secret where
// another seat's player may read it.
#pragma once
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/rules/engine.h"
#include "core/view/screen.h"
#include "tools/tabula/seat_kinds.h"
#include "tools/tabula/terminal.h"

namespace tabula::cli {

// "Seat 2 (greedy)": a seat's number and who plays it, in `lang`.
std::string seat_title(const Engine& e, const SeatKind& k, int seat, std::string_view lang);
// The label of `option` of `d` ("a,c" for a set: their labels, joined),
// as `reader` may read it.
std::string choice_label(const Engine& e, const State& s, const Decision& d, const std::string& option,
                         std::string_view lang, int reader);

class Table {
 public:
  Table(Engine& e, std::vector<SeatKind> kinds, std::string lang, Terminal term);

  std::string seat_name(int seat) const;
  // The seat as the start lists it: a greedy seat that plays at random says why.
  std::string seat_line(int seat) const;
  bool human(int seat) const { return seat >= 0 && seat < static_cast<int>(human_.size()) && human_[seat]; }
  int humans() const { return humans_; }
  // Who reads what is said to the whole table: with no person at it, a
  // watcher who sees everything; with one, that seat; with several sharing
  // the screen, only what an onlooker may see.
  int reader() const;

  // A line about what happened, printed under each person's next screen (a
  // screen is taller than a terminal, and the person reads next to the
  // question); with several people, each reads what happened since their
  // last turn. `except`: a seat whose player knows it already.
  void say(const std::string& line, int except = -1);
  // What the person at the screen has not read yet, now.
  void flush();
  // Journal lines a watcher at this table may read now; with several human
  // seats, private lines wait for their seat's next turn.
  void journal(const State& s);

  // With several people at one screen: the screen is cleared and `seat`'s
  // player confirms before anything of theirs shows. False: they quit.
  bool hand_to(int seat);
  // What `seat` sees before it chooses: the screen (only when it changed
  // since that seat last saw it: `:board` shows it again), what happened,
  // and who else is still deciding.
  void situation(const State& s, int seat);
  // Every seat's next screen is shown whole (after :reload).
  void refresh();
  // The whole screen again (:board).
  void board(const State& s, int seat);
  // The question and its numbered options, each with its card's text when
  // it offers a card the seat knows; identical labels are told apart.
  // Returns the options' lines as shown (without their numbers).
  std::vector<std::string> question(const State& s, const Decision& d, int seat);
  // The latest lines `seat` has read (:log).
  void log(int seat) const;
  // A card's name, kind and text, looked up by name or id (:card).
  void card(const std::string& name) const;
  // The end of the game as the pack's screen draws it for a person at the
  // table; without a screen, the result's data in words.
  void ending(const State& s);
  // The pack's screen for `seat` (-1: an onlooker), or the generic screen.
  std::vector<std::string> screen(const State& s, int seat);

  const std::string& lang() const { return lang_; }
  const Terminal& term() const { return term_; }
  // Plays on with `e`, reloaded packs: their screen is loaded afresh.
  void use(Engine& e);

 private:
  void print(const std::string& line) const;  // fitted to the terminal's width

  Engine* e_;
  std::vector<SeatKind> kinds_;
  std::vector<bool> human_;
  std::string lang_;
  Terminal term_;
  int humans_ = 0;
  int facing_ = -2;  // whose player the shared screen shows now (-2: nobody yet)
  std::map<int, std::vector<std::string>> unread_;  // per human seat: said since its last screen
  // What each human seat has read, for :log: (seat or -1 for everyone, line).
  std::vector<std::pair<int, std::string>> read_;
  std::map<int, std::vector<std::string>> shown_;  // the screen each seat saw last
  std::map<int, std::unique_ptr<Screen>> screens_;
  std::set<int> screen_failed_;
};

}  // namespace tabula::cli
