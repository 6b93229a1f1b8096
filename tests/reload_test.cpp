// `:reload` in `tabula play` (and :help): the built tool runs as a child
// process; the test types a line, reads up to the next question, changes
// the pack on disk and types `:reload`. No timing is involved: the tool
// waits at each question for the next line.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/io/game_log.h"
#include "core/state/state.h"
#include "tests/tool_run.h"

namespace fs = std::filesystem;
using namespace tabula::testing_support;

namespace {




// `file` with its first `from` replaced by `to`; fails the test when absent.
void edit(const fs::path& file, const std::string& from, const std::string& to) {
  std::string text = read_file(file);
  const size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from << " in " << file;
  write_file(file, text.replace(at, from.size(), to));
}

const std::string kTool = std::string(TABULA_BINARY_DIR) + "/tools/tabula";

// `tabula ARGS` as a child with pipes for stdin and stdout+stderr, run in
// the source folder (where it finds content/).
class Session {
 public:
  explicit Session(const std::vector<std::string>& args) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      dup2(out[1], 2);
      for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
      if (chdir(TABULA_SOURCE_DIR) != 0) _exit(126);
      std::vector<char*> argv{const_cast<char*>(kTool.c_str())};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(kTool.c_str(), argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  ~Session() {
    if (to_ >= 0) close(to_);
    if (pid_ > 0) finish();
  }

  // What the tool printed from the last question on, up to and with its
  // next prompt ("> " at the start of a line), where it waits for a line;
  // or up to its end.
  std::string next_question() {
    const size_t from = seen_;
    for (;;) {
      const size_t prompt = text_.find("\n> ", seen_);
      if (prompt != std::string::npos) {
        seen_ = prompt + 3;
        return text_.substr(from, seen_ - from);
      }
      if (!read_some()) {
        seen_ = text_.size();
        return text_.substr(from);
      }
    }
  }

  void type(const std::string& line) {
    const std::string l = line + "\n";
    ASSERT_EQ(write(to_, l.data(), l.size()), static_cast<ssize_t>(l.size()));
  }

  // Types `lines`, ends the input and reads the rest; the exit code. The
  // tool may end before it has read them all: what it left is not an error.
  int finish(const std::vector<std::string>& lines = {}) {
    std::string all;
    for (const auto& l : lines) all += l + "\n";
    for (size_t at = 0; to_ >= 0 && at < all.size();) {
      const ssize_t n = write(to_, all.data() + at, all.size() - at);
      if (n <= 0) break;  // EPIPE: it has ended
      at += static_cast<size_t>(n);
    }
    if (to_ >= 0) close(to_);
    to_ = -1;
    while (read_some()) {
    }
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  const std::string& text() const { return text_; }
  std::string rest() const { return text_.substr(seen_); }

 private:
  bool read_some() {
    char buf[4096];
    const ssize_t n = read(from_, buf, sizeof buf);
    if (n <= 0) {
      close(from_);
      from_ = -1;
      return false;
    }
    text_.append(buf, static_cast<size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string text_;
  size_t seen_ = 0;
};

// The screen part of a question: from "=== " to the first empty line.
std::string screen_of(const std::string& question) {
  const size_t b = question.find("=== ");
  if (b == std::string::npos) return "";
  return question.substr(b, question.find("\n\n", b) - b);
}

// The one file a reload's report names, from its folder on (the report
// shows a path relative to where tabula runs when that is shorter).
std::string changed_files(const std::string& text) {
  const std::string head = "  files changed: ";
  const size_t at = text.find(head);
  if (at == std::string::npos) return "";
  const std::string line = text.substr(at + head.size(), text.find('\n', at) - at - head.size());
  const size_t folder = line.rfind("duel/");
  return folder == std::string::npos ? line : line.substr(folder);
}

// The lines that tell the game: the choices (without the question, whose
// text a reload may change) and the journal.
std::vector<std::string> story(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const size_t prompt = line.rfind("> ", 0) == 0 ? 2 : 0;  // a choice's echo follows the prompt
    const size_t question = line.find(" — at “");
    if (has(line, " chose: ") || line.rfind("  | ", 0) == 0) out.push_back(line.substr(prompt, question == std::string::npos ? std::string::npos : question - prompt));
  }
  return out;
}

const std::vector<std::string> kOnes(40, "1");

class Reload : public ::testing::Test {
 protected:
  void SetUp() override {
    // A dead child must fail the test, not kill it: typing into its pipe would.
    signal(SIGPIPE, SIG_IGN);
    tmp_ = fs::temp_directory_path() /
           ("tabula-reload-test-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(tmp_);
    fs::create_directories(tmp_);
    for (const char* pack : {"duel", "screen", "decisions-kit"})
      fs::copy(fs::path(TABULA_SOURCE_DIR) / "tests" / "packs" / pack, tmp_ / pack, fs::copy_options::recursive);
  }
  void TearDown() override { fs::remove_all(tmp_); }

  std::string at(const std::string& rel) const { return (tmp_ / rel).string(); }

  // A duel seeded 5, seat 1 a person; `extra` arguments after.
  std::vector<std::string> duel(std::vector<std::string> extra = {}) const {
    std::vector<std::string> args{"play", at("duel"), "--seats", "human,random", "--seed", "5"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }

  // The whole game with the same seed and always the first option, on the
  // packs as shipped, not reloaded.
  std::string reference() const {
    Session s({"play", "tests/packs/duel", "--seats", "human,random", "--seed", "5"});
    s.finish(kOnes);
    return s.text();
  }

  fs::path tmp_;
};

// A changed text shows at once, on the same state: the screen is the same,
// the question is asked again in the new words, and the game goes on as it
// would have. The log says the packs changed, and replay refuses it.
TEST_F(Reload, AChangedTextShowsAndTheGameGoesOn) {
  Session s(duel({"--log", at("game.json")}));
  s.next_question();
  s.type("1");
  const std::string before = s.next_question();
  ASSERT_TRUE(has(before, "Whom do you hit?")) << s.text();
  edit(tmp_ / "duel" / "texts.toml", "Whom do you hit?", "Whom do you strike now?");
  s.type(":reload");
  const std::string after = s.next_question();
  EXPECT_TRUE(has(after, "(reloaded the packs; the game goes on with the changed rules)\n")) << after;
  EXPECT_TRUE(has(after, "Whom do you strike now?\n  1) Knight (1/3)\n  2) Squire (0/2)\n> ")) << after;
  EXPECT_EQ(changed_files(after), "duel/texts.toml") << after;  // the path as shown: shorter relative to where tabula runs
  EXPECT_TRUE(has(after, "  texts changed: ")) << after;
  EXPECT_FALSE(has(after, "definitions changed")) << after;
  EXPECT_FALSE(has(after, "hash changed")) << after;  // no definition changed
  EXPECT_EQ(screen_of(after), screen_of(before)) << after;
  EXPECT_EQ(s.finish(kOnes), 0) << s.text();
  EXPECT_TRUE(has(s.rest(), "Whom do you strike now?")) << s.text();
  EXPECT_TRUE(has(s.rest(), "Game over after 7 choices.")) << s.text();
  EXPECT_TRUE(has(s.rest(), "seed 5\n(the rules were reloaded with changes after 2 choices: neither this seed nor the "
                            "log replays this game)\n"))
      << s.text();
  EXPECT_EQ(story(s.text()), story(reference())) << s.text();

  const tabula::GameLog log = tabula::GameLog::from_json(read_file(tmp_ / "game.json"));
  EXPECT_EQ(log.reloads, std::vector<uint64_t>{2});
  Session replay({"replay", at("game.json")});
  EXPECT_EQ(replay.finish(), 1) << replay.text();
  EXPECT_TRUE(has(replay.text(), "tabula: error: " + at("game.json") +
                                     ": the packs changed during this game (reloaded after 2 choices), and a log "
                                     "replays only on the packs it was recorded with\n"))
      << replay.text();
}

// A number changed in the manifest rules from the reload on: the open
// question's labels were made before it, the next ones read the new value.
TEST_F(Reload, AChangedNumberRulesFromTheReloadOn) {
  Session s(duel());
  ASSERT_TRUE(has(s.next_question(), "  1) Knight (0/3)\n")) << s.text();
  edit(tmp_ / "duel" / "cards.toml", "props = { hp = 3, power = 2 }", "props = { hp = 9, power = 2 }");
  s.type(":reload");
  const std::string after = s.next_question();
  EXPECT_TRUE(has(after, "(reloaded the packs; the game goes on with the changed rules)\n")) << after;
  // It says what changed: the file, and the definition with its number.
  EXPECT_EQ(changed_files(after), "duel/cards.toml") << after;  // the path as shown: shorter relative to where tabula runs
  EXPECT_TRUE(has(after, "  definitions changed: knight: hp 3 -> 9\n")) << after;
  EXPECT_FALSE(has(after, "parameters changed")) << after;
  EXPECT_TRUE(has(after, "  1) Knight (0/3)\n")) << after;
  s.type("1");
  EXPECT_TRUE(has(s.next_question(), "  1) Knight (1/9)\n")) << s.text();
  s.finish({"q"});
}

// Nothing changed on disk: it says so, and the game and its log are as if
// there had been no reload (the log replays).
TEST_F(Reload, WithoutAChangeItSaysSoAndTheLogReplays) {
  Session s(duel({"--log", at("game.json")}));
  s.next_question();
  s.type("1");
  s.next_question();
  s.type(":reload");
  const std::string after = s.next_question();
  EXPECT_TRUE(has(after, "(reloaded the packs; no change to the rules: no .toml or .lua file of theirs changed)\n"))
      << after;
  EXPECT_TRUE(has(after, "Whom do you hit?\n  1) Knight (1/3)")) << after;
  EXPECT_EQ(s.finish(kOnes), 0) << s.text();
  EXPECT_FALSE(has(s.text(), "reloaded with changes")) << s.text();
  EXPECT_EQ(story(s.text()), story(reference())) << s.text();
  EXPECT_FALSE(has(read_file(tmp_ / "game.json"), "reloads")) << read_file(tmp_ / "game.json");
  Session replay({"replay", at("game.json")});
  EXPECT_EQ(replay.finish(), 0) << replay.text();
  EXPECT_TRUE(has(replay.text(), "OK: 7 steps replayed")) << replay.text();
}

// Packs that do not load are reported as `tabula check` reports them,
// located; the old packs and the state stay, and the game goes on.
TEST_F(Reload, PacksThatDoNotLoadKeepTheOldOnes) {
  Session s(duel({"--log", at("game.json")}));
  s.next_question();
  s.type("1");
  const std::string before = s.next_question();
  const std::string manifest = read_file(tmp_ / "duel" / "pack.toml");
  write_file(tmp_ / "duel" / "pack.toml", manifest + "[pack\n");
  s.type(":reload");
  std::string after = s.next_question();
  // The path is shown as given or relative to the current folder, whichever is shorter.
  EXPECT_TRUE(has(after, "duel/pack.toml:57:6: error: ")) << after;
  EXPECT_TRUE(has(after, "(reload failed: the packs do not load: see the errors above; the game goes on with the "
                         "packs as they were, nothing is lost)\nWhom do you hit?\n  1) Knight (1/3)\n"))
      << after;
  EXPECT_EQ(screen_of(after), screen_of(before)) << after;

  write_file(tmp_ / "duel" / "pack.toml", manifest);
  write_file(tmp_ / "duel" / "rules" / "duel.lua", read_file(tmp_ / "duel" / "rules" / "duel.lua") + "x = (\n");
  s.type(":reload");
  after = s.next_question();
  EXPECT_TRUE(has(after, "(reload failed: a script does not load: script error in pack duel at duel/rules/duel.lua:50")) << after;

  EXPECT_EQ(s.finish(kOnes), 0) << s.text();
  EXPECT_TRUE(has(s.rest(), "Game over after 7 choices.")) << s.text();
  write_file(tmp_ / "duel" / "rules" / "duel.lua", read_file(fs::path(TABULA_SOURCE_DIR) / "tests/packs/duel/rules/duel.lua"));
  EXPECT_EQ(story(s.text()), story(reference())) << s.text();
  // The game was played on one set of packs: its log replays on them.
  Session replay({"replay", at("game.json")});
  EXPECT_EQ(replay.finish(), 0) << replay.text();
}

// Packs that load but no longer have what the game's state names: a
// definition of entities in play, a flow node the game is in.
TEST_F(Reload, AStateThePacksNoLongerFitKeepsTheOldPacks) {
  Session s(duel());
  s.next_question();
  s.type("1");
  s.next_question();
  const std::string cards = read_file(tmp_ / "duel" / "cards.toml");
  edit(tmp_ / "duel" / "cards.toml", "[squire]", "[page]");
  s.type(":reload");
  std::string after = s.next_question();
  EXPECT_TRUE(has(after, "(reload failed: this game's state does not fit the changed packs: unknown entity definition "
                         "'squire'; the game goes on with the packs as they were, nothing is lost)\n"))
      << after;
  EXPECT_TRUE(has(after, "  band (seat 1): Knight [damage 1], Squire\n")) << after;

  write_file(tmp_ / "duel" / "cards.toml", cards);
  edit(tmp_ / "duel" / "pack.toml", "[flow.turns]", "[flow.moves]");
  edit(tmp_ / "duel" / "pack.toml", "steps = [\"turns\"]", "steps = [\"moves\"]");
  s.type(":reload");
  after = s.next_question();
  EXPECT_TRUE(has(after, "(reload failed: this game's state does not fit the changed packs: unknown flow node 'turns';"))
      << after;
  EXPECT_TRUE(has(after, "Whom do you hit?\n  1) Knight (1/3)\n  2) Squire (0/2)\n> ")) << after;
  EXPECT_EQ(s.finish(kOnes), 0) << s.text();
  EXPECT_TRUE(has(s.rest(), "Game over after 7 choices.")) << s.text();
  EXPECT_FALSE(has(s.rest(), "reloaded with changes")) << s.text();
  EXPECT_EQ(story(s.text()), story(reference())) << s.text();
}

// A definition added renumbers the others: the state's hash changes, and
// the reload says so.
TEST_F(Reload, ANewDefinitionChangesTheHashAndSaysSo) {
  Session s(duel());
  s.next_question();
  write_file(tmp_ / "duel" / "cards.toml", read_file(tmp_ / "duel" / "cards.toml") +
                                                "\n[archer]\nkind = \"fighter\"\nname = { en = \"Archer\" }\n"
                                                "props = { hp = 1, power = 1 }\n");
  s.type(":reload");
  const std::string after = s.next_question();
  EXPECT_TRUE(has(after, "(the state's hash changed from ")) << after;
  EXPECT_TRUE(has(after, ": the definitions changed)\n(reloaded the packs; the game goes on with the changed rules)"))
      << after;
  EXPECT_EQ(s.finish(kOnes), 0) << s.text();
  EXPECT_TRUE(has(s.rest(), "Game over after 7 choices.")) << s.text();
  EXPECT_EQ(story(s.text()), story(reference())) << s.text();
}

// The pack's screen is reloaded with the packs; a screen that no longer
// loads is no reload.
TEST_F(Reload, TheScreenIsReloadedToo) {
  Session s({"play", at("screen"), "--seats", "human,random", "--seed", "1"});
  ASSERT_TRUE(has(s.next_question(), "Round 1             |\n")) << s.text();
  const std::string screen = read_file(tmp_ / "screen" / "screen.lua");
  edit(tmp_ / "screen" / "screen.lua", ".. \"|\"", ".. \"#\"");
  s.type(":reload");
  std::string after = s.next_question();
  EXPECT_TRUE(has(after, "Round 1             #\n")) << after;
  EXPECT_TRUE(has(after, "Which card do you plan to play?\n  1) Ace — Beats every other card.\n")) << after;

  write_file(tmp_ / "screen" / "screen.lua", "return {\n");
  s.type(":reload");
  after = s.next_question();
  EXPECT_TRUE(has(after, "Round 1             #\n")) << after;  // the screen loaded before
  EXPECT_TRUE(has(after, "(reload failed: the pack's screen does not load: script error in pack screen at "
                         "screen/screen.lua:2"))
      << after;
  write_file(tmp_ / "screen" / "screen.lua", screen);
  EXPECT_EQ(s.finish({"1", "1"}), 0) << s.text();
}

// :help lists the commands, an unknown one says so; both at a question of
// one option and at one of a set, and the question stays open.
TEST_F(Reload, HelpAndUnknownCommands) {
  const std::string list =
      "Commands (type them at any question):\n"
      "  1, troll    an option's number, or a part of its text no other option has\n"
      "  :undo       take back your last choice, until someone learnt something new or another seat chose\n"
      "  :board      show the whole board again\n"
      "  :log        what happened lately\n"
      "  :card NAME  a card's text\n"
      "  :always N   choose option N now and whenever this question comes again\n"
      "  :ask        ask every question again (ends :always)\n"
      "  :save FILE  save the game; tabula play --resume FILE goes on from there\n"
      "  :reload     load the packs again from disk and go on with the same game\n"
      "  :help       this list\n"
      "  q           quit the game\n> ";
  Session s(duel());
  s.next_question();
  s.type(":help");
  EXPECT_EQ(s.next_question(), list);
  s.type("  :xyz ");
  EXPECT_EQ(s.next_question(), "unknown command ':xyz'\n" + list);
  s.type("1");
  EXPECT_TRUE(has(s.next_question(), "Seat 1 (human) chose: Knight (0/3)")) << s.text();
  s.finish({"q"});

  Session sets({"play", at("decisions-kit"), "--seats", "human,random,random", "--seed", "4"});
  sets.next_question();
  sets.type("1");
  ASSERT_TRUE(has(sets.next_question(), "Choose 0-2 of these")) << sets.text();
  sets.type(":help");
  EXPECT_EQ(sets.next_question(), list);
  sets.type(":nope");
  EXPECT_EQ(sets.next_question(), "unknown command ':nope'\n" + list);
  sets.type(":reload");
  const std::string again = sets.next_question();
  EXPECT_TRUE(has(again, "no change to the rules")) << again;
  EXPECT_TRUE(has(again, "Choose 0-2 of these")) << again;
  sets.type("1 2");
  EXPECT_TRUE(has(sets.next_question(), "chose: ")) << sets.text();
  sets.finish({"q"});

  Session help({"play", "--help"});
  EXPECT_EQ(help.finish(), 0) << help.text();
  EXPECT_TRUE(has(help.text(), ":reload loads the packs again from disk and goes on with the same game; :help lists "
                               "the commands; q quits."))
      << help.text();

  Session cs(duel({"--lang", "cs"}));
  cs.next_question();
  cs.type(":help");
  EXPECT_TRUE(has(cs.next_question(), "Příkazy (lze je zadat u každé otázky):\n  1, troll    číslo možnosti")) << cs.text();
  cs.finish({"q"});
}

// The log's record of reloads: written only when there are some, read back,
// checked, and refused by replay.
TEST(ReloadLog, RecordsReloadsAndReplayRefusesThem) {
  tabula::GameLog log;
  log.packs = {"duel"};
  log.seats = 2;
  log.choices = {{0, "hit1", 1, 0}, {1, "hit2", 2, 0}};
  EXPECT_FALSE(has(log.to_json(), "reloads"));
  EXPECT_EQ(tabula::unreplayable(log), "");
  log.reloads = {1, 2};
  const tabula::GameLog back = tabula::GameLog::from_json(log.to_json());
  EXPECT_EQ(back.reloads, (std::vector<uint64_t>{1, 2}));
  EXPECT_TRUE(has(tabula::unreplayable(back), "reloaded after 1 choice)")) << tabula::unreplayable(back);

  nlohmann::json j = nlohmann::json::parse(log.to_json());
  j["reloads"] = {2, 1};
  const std::string text = j.dump();
  try {
    tabula::GameLog::from_json(text);
    ADD_FAILURE() << "reloads out of order were read: " << text;
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(has(e.what(), "log: reloads[1]: out of order or past the last choice (1)")) << e.what();
  }
}

}  // namespace
