// Playing at the terminal (issue 29): the kernel's undo policy, and
// `tabula play` taking back, saving and resuming, handing the screen over
// between people, confirming a game-ending choice, answering one-answer
// questions, and `tabula replay --watch`. Pack: tests/packs/hotseat (each
// seat's cards are named after it: "Alpha ..." for seat 1, "Omega ..." for
// seat 2).
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/pack/pack.h"
#include "core/rules/engine.h"
#include "core/rules/undo.h"
#include "tests/tool_run.h"

using namespace tabula;
using namespace tabula::testing_support;

namespace {

std::unique_ptr<Engine> hotseat() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/hotseat");
  if (!r.ok()) ADD_FAILURE() << r.report();
  return std::make_unique<Engine>(std::move(r.packs));
}

// Applies `option` for `seat` and records it in `h` as `tabula play` does for a person.
void choose(Engine& e, State& s, UndoHistory& h, int seat, const std::string& option) {
  const State before = s;
  ApplyResult r = e.apply(s, seat, option);
  ASSERT_TRUE(r.ok) << r.error;
  h.chose(e, before, s, seat);
}

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

std::string play(const std::string& args, const std::string& input) {
  return run_shell("cd " + quote(TABULA_SOURCE_DIR) + " && printf '%s' " + quote(input) + " | " + quote(tabula_tool()) +
                   " play " + args)
      .text;
}

}  // namespace

// A seat takes back its own choices, one at a time, back to where another
// seat chose; the state is the one it was, hash and all.
TEST(Undo, ASeatTakesBackItsOwnChoicesUntilAnotherSeatChose) {
  auto e = hotseat();
  UndoHistory h;
  State s = e->new_game(1, 2);
  EXPECT_EQ(h.why_not(0).why, UndoLimit::Why::NoChoice);
  choose(*e, s, h, 0, "bold");  // the round's secret plans
  choose(*e, s, h, 1, "calm");
  EXPECT_EQ(h.undoable(0), 0u);
  EXPECT_EQ(h.why_not(0).why, UndoLimit::Why::OtherSeat);
  EXPECT_EQ(h.why_not(0).seat, 1);
  const uint64_t turn_start = s.hash();
  choose(*e, s, h, 0, "mark");
  const uint64_t one_mark = s.hash();
  choose(*e, s, h, 0, "mark");
  EXPECT_EQ(h.undoable(0), 2u);
  EXPECT_EQ(h.undoable(1), 0u);  // never another seat's
  ASSERT_TRUE(h.undo(0, s));
  EXPECT_EQ(s.hash(), one_mark);
  ASSERT_TRUE(h.undo(0, s));
  EXPECT_EQ(s.hash(), turn_start);
  EXPECT_FALSE(h.undo(0, s));
  EXPECT_EQ(s.hash(), turn_start);
  EXPECT_EQ(h.why_not(0).why, UndoLimit::Why::OtherSeat);  // seat 2's plan came before
}

// A choice that drew at random, or showed a seat a card it did not know,
// cannot be taken back, nor can anything before it.
TEST(Undo, NewInformationEndsWhatMayBeTakenBack) {
  auto e = hotseat();
  UndoHistory h;
  State s = e->new_game(1, 2);
  choose(*e, s, h, 0, "bold");
  choose(*e, s, h, 1, "calm");
  choose(*e, s, h, 0, "mark");
  choose(*e, s, h, 0, "peek");  // seat 1 sees the deck's top card
  EXPECT_EQ(h.undoable(0), 0u);
  EXPECT_EQ(h.why_not(0).why, UndoLimit::Why::Shown);
  EXPECT_EQ(h.why_not(0).seat, 0);
  State t = e->new_game(1, 2);
  UndoHistory g;
  choose(*e, t, g, 0, "bold");
  choose(*e, t, g, 1, "calm");
  choose(*e, t, g, 0, "roll");
  EXPECT_EQ(g.undoable(0), 0u);
  EXPECT_EQ(g.why_not(0).why, UndoLimit::Why::Chance);
  choose(*e, t, g, 0, "mark");  // a new chain starts after it
  EXPECT_EQ(g.undoable(0), 1u);
  g.seal();
  EXPECT_EQ(g.why_not(0).why, UndoLimit::Why::Sealed);
}

// `:undo` in play takes back a choice and says so; what cannot be taken
// back is said with the reason.
TEST(PlaySession, UndoTakesBackAChoiceAndSaysWhyWhenItCannot) {
  const std::string out = play("tests/packs/hotseat --seats human,greedy --seed 1", "1\n1\n:undo\n:undo\n2\n:undo\nq\n");
  EXPECT_EQ(count(out, "(Seat 1 (human) took back: Make a mark)"), 1u) << out;
  EXPECT_EQ(count(out, "(nothing to take back: seat 2 has chosen since)"), 1u) << out;
  EXPECT_EQ(count(out, "(nothing to take back: a choice showed seat 1 something it did not know)"), 1u) << out;
  EXPECT_TRUE(has(out, "Quit after 3 choices.")) << out;  // plan, plan, peek: the mark was taken back
}

// A choice that ends the game is confirmed; anything but yes keeps the game going.
TEST(PlaySession, AGameEndingChoiceIsConfirmed) {
  const std::string kept = play("tests/packs/hotseat --seats human,greedy --seed 1", "1\n5\nno\nq\n");
  EXPECT_EQ(count(kept, "“Concede the game” ends the game. Type yes to choose it, anything else to choose again."), 1u)
      << kept;
  EXPECT_TRUE(has(kept, "Quit after 2 choices.")) << kept;
  const std::string ended = play("tests/packs/hotseat --seats human,greedy --seed 1", "1\n5\nyes\n");
  EXPECT_TRUE(has(ended, "Game over after 3 choices.")) << ended;
  EXPECT_TRUE(has(ended, "winners: 2")) << ended;
}

// :save writes the game; --resume goes on from the same state with the
// same seats; the resumed game's log replays whole.
TEST(PlaySession, SaveAndResume) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tabula-play-session";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string saved = (dir / "game.json").string();
  const std::string first = play("tests/packs/hotseat --seats human,greedy --seed 5", "1\n1\n:save " + saved + "\nq\n");
  EXPECT_TRUE(has(first, "(saved to " + saved + ": `tabula play --resume " + saved + "` goes on from here)")) << first;
  const std::string full = (dir / "full.json").string();
  const std::string second = play("--resume " + quote(saved) + " --log " + quote(full), "4\n1\n4\n1\n4\n1\n4\n1\n4\n");
  EXPECT_TRUE(has(second, "Resumed after 3 choices.")) << second;
  EXPECT_TRUE(has(second, "  Seat 2 (greedy)")) << second;  // the seats as saved
  EXPECT_TRUE(has(second, "* Seat 1 (starts): marks=1")) << second;  // the mark made before the save
  EXPECT_TRUE(has(second, "Game over")) << second;
  const Output replayed = run_shell(quote(tabula_tool()) + " replay " + quote(full));
  EXPECT_EQ(replayed.code, 0) << replayed.text;
  // Another table for the same game; a file that is no saved game.
  const std::string two = play("--resume " + quote(saved) + " --seats human,human", "q\n");
  EXPECT_TRUE(has(two, "  Seat 2 (human)")) << two;
  write_file(dir / "bad.json", "{\"format\": \"tabula-log/3\"}");
  const Output bad = run_shell(quote(tabula_tool()) + " play --resume " + quote((dir / "bad.json").string()) + " < /dev/null");
  EXPECT_EQ(bad.code, 1) << bad.text;
  EXPECT_TRUE(has(bad.text, "bad.json: ")) << bad.text;
  std::filesystem::remove_all(dir);
}

// Hot-seat: before each person's screen the screen is handed over, and
// nothing that only seat 1 may see appears between the hand-off to seat 2
// and the next hand-off (and the other way round).
TEST(PlaySession, HandOffShowsNoSeatAnotherSeatsSecrets) {
  std::string input;
  for (int i = 0; i < 3; ++i) input += "\n1\n\n2\n\n1\n2\n4\n\n1\n1\n4\n";  // hand-offs, plans, steps
  const std::string out = play("tests/packs/hotseat --seats human,human --seed 3", input);
  ASSERT_TRUE(has(out, "Game over")) << out;
  const std::string marker = "Hand the screen to Seat ";
  size_t turns[2] = {0, 0};
  for (size_t at = out.find(marker); at != std::string::npos;) {
    const int seat = out[at + marker.size()] - '1';
    const size_t next = out.find(marker, at + 1);
    const std::string part = out.substr(at, next == std::string::npos ? std::string::npos : next - at);
    ASSERT_TRUE(seat == 0 || seat == 1) << part;
    ++turns[seat];
    const std::string mine = seat == 0 ? "Alpha " : "Omega ", theirs = seat == 0 ? "Omega " : "Alpha ";
    EXPECT_TRUE(has(part, mine)) << part;  // its own hand
    EXPECT_FALSE(has(part, theirs)) << part;
    EXPECT_FALSE(has(part, seat == 0 ? "plan=calm" : "plan=bold")) << part;  // seat 1 plans bold, seat 2 calm
    at = next;
  }
  EXPECT_EQ(turns[0], 6u);  // a plan and a turn in each of three rounds
  EXPECT_EQ(turns[1], 6u);
  // A peek is seat 1's alone: seat 2's screens never name the card it saw.
  for (size_t at = out.find(marker + "2"); at != std::string::npos; at = out.find(marker + "2", at + 1)) {
    const size_t next = out.find(marker, at + 1);
    EXPECT_FALSE(has(out.substr(at, next - at), "Deck Stone (1)")) << out.substr(at, next - at);
  }
}

// A question with one answer is answered and said, unless --ask-all; :always
// answers a question the same way from then on, and :ask stops it.
TEST(PlaySession, OneAnswerQuestionsAndStandingAnswers) {
  const std::string out = play("tests/packs/hotseat --seats human,greedy --seed 1", "1\n:always 1\n1\n1\n1\n:ask\n4\nq\n");
  EXPECT_TRUE(has(out, "(from now on “Your step (marks: 0)” is answered “Make a mark” for you; :ask stops it)")) << out;
  EXPECT_EQ(count(out, "Seat 1 (human): “Your step (marks: 1)” answered as you asked: Make a mark"), 1u) << out;
  // After three steps only ending the turn and conceding are left; then the plan of round 2 is asked.
  EXPECT_TRUE(has(out, "(every question will be asked again)")) << out;
}

// :card prints a card's text with its numbers; :board the screen again;
// an unknown command gets a suggestion.
TEST(PlaySession, LookingThingsUp) {
  const std::string out = play("tests/packs/hotseat --seats human,greedy --seed 1", ":card alpha rune\n:card zzz\n:bord\n:board\nq\n");
  EXPECT_TRUE(has(out, "Alpha Rune (card): Worth 3 at the end.")) << out;
  EXPECT_TRUE(has(out, "no card is named 'zzz'")) << out;
  EXPECT_TRUE(has(out, "unknown command ':bord' (did you mean ':board'?)")) << out;
  EXPECT_EQ(count(out, "hand (seat 1): Alpha Rune, Alpha Blade"), 2u) << out;  // the screen, then :board
}

// replay --watch shows each choice with the screen of the seat watched;
// another seat's secret choice stays secret.
TEST(PlaySession, ReplayWatch) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tabula-play-watch";
  std::filesystem::create_directories(dir);
  const std::string log = (dir / "game.json").string();
  play("tests/packs/hotseat --seats human,greedy --seed 5 --log " + quote(log), "1\n2\n4\nq\n");
  const Output w = run_shell(quote(tabula_tool()) + " replay " + quote(log) + " --watch --seat 2 < /dev/null");
  EXPECT_EQ(w.code, 0) << w.text;
  EXPECT_TRUE(has(w.text, "Choice 1 of ")) << w.text;
  EXPECT_TRUE(has(w.text, "Seat 1 (human) made a secret choice")) << w.text;
  EXPECT_TRUE(has(w.text, "hand (seat 2): Omega Rune, Omega Blade")) << w.text;
  EXPECT_FALSE(has(w.text, "Alpha ")) << w.text;
  EXPECT_FALSE(has(w.text, "Deck Stone")) << w.text;  // seat 1's peek
  EXPECT_TRUE(has(w.text, "the game goes on with `tabula play --resume ")) << w.text;
  const Output one = run_shell(quote(tabula_tool()) + " replay " + quote(log) + " --watch --seat 1 < /dev/null");
  EXPECT_TRUE(has(one.text, "Deck Stone")) << one.text;
  EXPECT_TRUE(has(one.text, "Seat 1 (human) chose: Bold plan")) << one.text;
  std::filesystem::remove_all(dir);
}

// An option is chosen by a part of its text that no other option has; a
// part that several have lists them with their numbers.
TEST(PlaySession, AnOptionByPartOfItsText) {
  const std::string out = play("tests/packs/hotseat --seats human,greedy --seed 1", "calm\nMAKE\nt\nq\n");
  EXPECT_TRUE(has(out, "Seat 1 (human) chose: Make a mark")) << out;
  EXPECT_TRUE(has(out, "3 options have 't' (type a number, or more of the text):\n  2) Peek at the deck's top card\n"
                       "  4) End your turn\n  5) Concede the game\n"))
      << out;
}

// A greedy seat thinks by trying its options on copies, which meet chance
// (Prophecy's die): none of that reaches the log, so a saved game replays
// and resumes.
TEST(PlaySession, WhatAgentsTryIsNotLogged) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tabula-play-agents";
  std::filesystem::create_directories(dir);
  const std::string saved = (dir / "prophecy.json").string();
  play("prophecy --with prophecy-water-realm --seats human,greedy,greedy --seed 9", "1\n1\n1\n:save " + saved + "\nq\n");
  const Output replayed = run_shell(quote(tabula_tool()) + " replay " + quote(saved));
  EXPECT_EQ(replayed.code, 0) << replayed.text;
  const std::string resumed = play("--resume " + quote(saved), "q\n");
  EXPECT_TRUE(has(resumed, "Resumed after ")) << resumed;
  std::filesystem::remove_all(dir);
}
