// Hostile input streams for `tabula play` (issue 7): whatever arrives on
// stdin, the program explains bad input without repeating it, asks again,
// ends with a defined exit code and no signal, and never shows one seat
// what another chose in secret. Each run is the built tool in a child
// process under `timeout`, so a hang fails the test (exit 137) instead of
// stopping the suite.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/tool_run.h"

namespace fs = std::filesystem;
using namespace tabula::testing_support;

namespace {



size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

bool ends_with(const std::string& text, const std::string& end) {
  return text.size() >= end.size() && text.compare(text.size() - end.size(), end.size(), end) == 0;
}

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

const char* kPleaseColumn = "Please enter a number from 1 to 7 (or q to quit)";
const char* kPleaseSet =
    "Please enter 0-2 different numbers from 1 to 4, separated by spaces; none or - for no option (q to quit)";

class HostileStreams : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    tmp_ = fs::temp_directory_path() / ("tabula-hostile-streams-" + std::to_string(getpid()));
    fs::create_directories(tmp_);
  }
  static void TearDownTestSuite() { fs::remove_all(tmp_); }

  // `tabula play ARGS` in the source folder with `input` (any bytes) on stdin.
  static Output play(const std::string& args, const std::string& input) {
    const fs::path in = tmp_ / "stdin";
    {
      std::ofstream f(in, std::ios::binary);
      f << input;
    }
    // timeout's own status is 128 + N when it killed the tool with signal N.
    return run_shell("cd " + quote(TABULA_SOURCE_DIR) + " && timeout -s KILL 60 " + quote(tabula_tool()) + " play " + args +
                     " < " + quote(in.string()));
  }
  static Output connect_four(const std::string& input) { return play("connect-four --seats human,random --seed 7", input); }
  static Output kit(const std::string& input) {
    return play("tests/packs/decisions-kit --seats human,random,random --seed 4", input);
  }

  static fs::path tmp_;
};
fs::path HostileStreams::tmp_;

// ---- connect-four: one human seat ----------------------------------------------

TEST_F(HostileStreams, EmptyStdinQuitsAtTheFirstPrompt) {
  Output r = connect_four("");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(count(r.text, "Drop a disc into which column?"), 1u) << r.text;
  EXPECT_TRUE(ends_with(r.text, "  7) column 7\n> \nQuit after 0 choices.\nseed 7\n")) << r.text;
}

TEST_F(HostileStreams, GarbageLinesAreExplainedAndNotRepeated) {
  Output r = connect_four("abc\nxyzzy plugh\n!!\n\n");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(count(r.text, kPleaseColumn), 4u) << r.text;
  EXPECT_EQ(count(r.text, "> "), 5u) << r.text;  // asked again each time
  EXPECT_EQ(r.text.find("xyzzy"), std::string::npos) << r.text;
  EXPECT_TRUE(ends_with(r.text, "Quit after 0 choices.\nseed 7\n")) << r.text;
}

TEST_F(HostileStreams, NumbersOutOfRangeAreAskedAgain) {
  Output r = connect_four("0\n-1\n8\n99999999999999999999\n+1\n1.0\n0x4\n4 4\n");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(count(r.text, kPleaseColumn), 8u) << r.text;
  EXPECT_EQ(count(r.text, "chose"), 0u) << r.text;
  EXPECT_TRUE(ends_with(r.text, "Quit after 0 choices.\nseed 7\n")) << r.text;
}

TEST_F(HostileStreams, ATenMegabyteLineIsOneBadAnswer) {
  Output r = connect_four(std::string(10 << 20, 'x') + "\n4\n");
  EXPECT_EQ(r.code, 0) << r.text.substr(0, 4000);
  EXPECT_EQ(count(r.text, kPleaseColumn), 1u);
  EXPECT_EQ(count(r.text, "Seat 1 (human) chose: column 4"), 1u);
  EXPECT_LT(r.text.size(), 16384u);  // nothing of the line is printed
  EXPECT_TRUE(ends_with(r.text, "Quit after 2 choices.\nseed 7\n")) << r.text.substr(r.text.size() - 200);
}

// A line of "4" followed by spaces is no answer once it is too long: only
// the start of a long line is kept, and that start must not count.
TEST_F(HostileStreams, ALongLineThatStartsWithAGoodAnswerIsNoAnswer) {
  Output r = connect_four("4" + std::string(5000, ' ') + "\n");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(count(r.text, kPleaseColumn), 1u) << r.text;
  EXPECT_EQ(count(r.text, "chose"), 0u) << r.text;
}

// A stream without newlines (think < /dev/zero) used to grow one line until
// the memory ran out.
TEST_F(HostileStreams, AStreamWithoutNewlinesEnds) {
  Output r = connect_four(std::string((16 << 20) + 1, '\0'));
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_TRUE(ends_with(r.text, "> \n(a line longer than 16 MiB: the input ends here)\nQuit after 0 choices.\nseed 7\n"))
      << r.text;
}

TEST_F(HostileStreams, NulBytesAndInvalidUtf8AreBadAnswers) {
  Output r = connect_four(std::string("\0\0\n\xff\xfe\xc3\x28\n4\0\n", 11));
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(count(r.text, kPleaseColumn), 3u) << r.text;
  EXPECT_EQ(r.text.find('\0'), std::string::npos);
  EXPECT_EQ(r.text.find('\xff'), std::string::npos);
  EXPECT_TRUE(ends_with(r.text, "Quit after 0 choices.\nseed 7\n")) << r.text;
}

// Escape sequences typed (or piped) in are not sent back to the terminal.
TEST_F(HostileStreams, ControlCharactersAreNotEchoed) {
  Output r = connect_four("\x1b[2J\n\x1b]0;owned\x07\n\b\b\b\n\x7f\n");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(count(r.text, kPleaseColumn), 4u) << r.text;
  EXPECT_EQ(r.text.find('\x1b'), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("owned"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find('\b'), std::string::npos) << r.text;
}

TEST_F(HostileStreams, CrlfLinesAndSpacesAroundANumberAreFine) {
  Output r = connect_four(" 3 \r\n4\r\n");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(count(r.text, "Please"), 0u) << r.text;
  EXPECT_EQ(count(r.text, "Seat 1 (human) chose: column 3\n"), 1u) << r.text;
  EXPECT_EQ(count(r.text, "Seat 1 (human) chose: column 4\n"), 1u) << r.text;
  EXPECT_TRUE(ends_with(r.text, "Quit after 4 choices.\nseed 7\n")) << r.text;
}

TEST_F(HostileStreams, ALastLineWithoutNewlineCounts) {
  Output r = connect_four("4");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(count(r.text, "Seat 1 (human) chose: column 4\n"), 1u) << r.text;
  EXPECT_TRUE(ends_with(r.text, "Quit after 2 choices.\nseed 7\n")) << r.text;
}

// 200,000 answers for a game of a few choices: the game ends, the rest is
// never read.
TEST_F(HostileStreams, InputBeyondTheEndOfTheGameIsIgnored) {
  Output r = connect_four(repeat("4\n", 200000));
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_EQ(count(r.text, "Seat 1 (human) chose: column 4"), 4u) << r.text;
  EXPECT_TRUE(ends_with(r.text, "Game over after 7 choices.\nResult:\n  winners: 1\nSeat 1 connects four and wins\nseed 7\n")) << r.text;
}

TEST_F(HostileStreams, HundredThousandBadLines) {
  Output r = connect_four(repeat("x\n", 100000));
  EXPECT_EQ(r.code, 0) << r.text.substr(0, 2000);
  EXPECT_EQ(count(r.text, kPleaseColumn), 100000u);
  EXPECT_TRUE(ends_with(r.text, "Quit after 0 choices.\nseed 7\n"));
}

// ---- a subset decision (tests/packs/decisions-kit) ------------------------------

TEST_F(HostileStreams, EndOfInputAtASubsetQuestion) {
  Output r = kit("1\n");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_TRUE(ends_with(r.text, "Choose 0-2 of these, numbers separated by spaces; none or - for no option:\n"
                                "  1) Sword\n  2) Shield\n  3) Lamp\n  4) Rope\n> \nQuit after 3 choices.\nseed 4\n"))
      << r.text;
}

// The input ends in the middle of a line: that line is still an answer,
// explained, then the input is over.
TEST_F(HostileStreams, EndOfInputInTheMiddleOfASubsetAnswer) {
  Output r = kit("1\n1 2 3");
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_TRUE(ends_with(r.text, "> choose 0 to 2 of the options, not 3\n" + std::string(kPleaseSet) +
                                    "\n> \nQuit after 3 choices.\nseed 4\n"))
      << r.text;
}

TEST_F(HostileStreams, BadSubsetAnswersAreExplained) {
  Output r = kit("1\n0 5\n1,1\nnone none\n\x1b[2J\n1 2 3 4\n" + std::string(10 << 20, '1') + "\n");
  EXPECT_EQ(r.code, 0) << r.text.substr(0, 4000);
  EXPECT_EQ(count(r.text, kPleaseSet), 6u) << r.text.substr(0, 4000);
  EXPECT_EQ(count(r.text, "option 'sword' is chosen twice\n"), 1u);
  EXPECT_EQ(count(r.text, "choose 0 to 2 of the options, not 4\n"), 1u);
  EXPECT_EQ(r.text.find('\x1b'), std::string::npos);
  EXPECT_LT(r.text.size(), 16384u);
  EXPECT_TRUE(ends_with(r.text, "Quit after 3 choices.\nseed 4\n"));
}

// ---- Dungeon Lords: secret simultaneous choices ---------------------------------

// Seat 1 takes the screen, types garbage, then secretly sets its Cursed ring
// (option 2); seat 2 takes the screen, reads nothing of it, and the input
// ends while seat 2 is asked.
TEST_F(HostileStreams, ASecretChoiceStaysSecretWhateverIsTyped) {
  Output r = play("dungeon-lords --setup skirmish --seats human,human --seed 4", "\nzzz\n2\n\n");
  EXPECT_EQ(r.code, 0) << r.text;
  ASSERT_EQ(count(r.text, "traps: Cursed ring, Pendulum · "), 1u) << r.text;  // seat 1's own screen
  EXPECT_EQ(count(r.text, "Please enter a number from 1 to 3 (or q to quit)"), 1u) << r.text;
  EXPECT_EQ(r.text.find("zzz"), std::string::npos) << r.text;
  const size_t chosen = r.text.find("> Seat 1 (human) made a secret choice\n");
  ASSERT_NE(chosen, std::string::npos) << r.text;
  const std::string after = r.text.substr(chosen);
  EXPECT_EQ(after.find("Cursed ring"), std::string::npos) << after;
  EXPECT_EQ(after.find("chose"), std::string::npos) << after;
  EXPECT_EQ(count(after, " 2 traps · "), 1u) << after;  // seat 2 sees how many seat 1 holds
  EXPECT_TRUE(ends_with(after, "> \nQuit after 1 choice.\nseed 4\n")) << after;
}

// A random seat's secret choice is announced, never shown, while a human
// watches, even when that human's input is garbage and then ends.
TEST_F(HostileStreams, ARandomSeatsSecretChoiceIsNotShownToTheHuman) {
  Output r = play("dungeon-lords --setup skirmish --seats human,random --seed 4", std::string(1 << 20, 'z') + "\n2\n");
  EXPECT_EQ(r.code, 0) << r.text.substr(0, 4000);
  EXPECT_EQ(count(r.text, "Seat 2 (random) made a secret choice\n"), 1u) << r.text;
  EXPECT_EQ(r.text.find("Seat 2 (random) chose"), std::string::npos) << r.text;
  EXPECT_EQ(count(r.text, " 2 traps · "), 2u) << r.text;  // how many seat 2 holds, on both of seat 1's screens
  EXPECT_TRUE(ends_with(r.text, "Quit after 2 choices.\nseed 4\n")) << r.text;
}

}  // namespace
