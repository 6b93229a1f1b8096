// Text a pack, a log or a scenario file controls, end to end through the
// `tabula` program (docs/security.md, "Inputs other than scripts" and "The
// terminal"). Pack: tests/packs/hostile-text, whose setup's `case` chooses
// what its one question offers.
//
// - A string that is not UTF-8 cannot enter a game: JSON (views, logs) holds
//   nothing else, and an option id of such bytes ended `tabula play` and
//   `tabula run --log-dir` in "internal error: [json.exception.type_error.316]".
//   Now it is a script error at its line, as any other.
// - Whatever any command prints is printable: ESC, other C0 controls, C1
//   controls (U+009B is CSI) and bytes that are not UTF-8 (a lone 0x9B is CSI
//   to some terminals) come out escaped, never raw.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/pack/text.h"
#include "tests/marked_line.h"
#include "tests/tool_run.h"

namespace fs = std::filesystem;
using namespace tabula::testing_support;
using nlohmann::json;

namespace {

const fs::path kPack = fs::path(TABULA_SOURCE_DIR) / "tests" / "packs" / "hostile-text";

// The line of the pack's rules.lua whose comment names `name`.
int line_of(const std::string& name) { return tabula::testing_support::marked_line((kPack / "rules.lua").string(), name); }

std::string where(const std::string& name) { return "hostile-text/rules.lua:" + std::to_string(line_of(name)); }

// Why `text` may not reach a terminal as it is ("" when it may): it must be
// what printable() leaves unchanged, with newlines kept.
std::string unprintable(const std::string& text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b || c == 0x9b) return "a raw byte 0x" + std::string(c == 0x1b ? "1b" : "9b") + " at " + std::to_string(i);
  }
  if (tabula::printable(text, true) != text) return "bytes that printable() escapes";
  return "";
}

class HostileText : public testing::Test {
 protected:
  void SetUp() override {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    tmp_ = fs::temp_directory_path() / ("tabula-hostile-text-" + std::to_string(getpid()) + "-" + info->name());
    fs::remove_all(tmp_);
    fs::create_directories(tmp_);
  }
  void TearDown() override { fs::remove_all(tmp_); }

  // Runs `tabula ARGS` in the source folder with `input` on stdin.
  Output tabula(const std::string& args, const std::string& input = "") const {
    const fs::path in = tmp_ / "stdin.txt";
    write_file(in, input);
    if (!fs::exists(tabula_tool())) return {-1, "no " + tabula_tool() + ": build the tabula target first"};
    return run_shell("cd " + quote(TABULA_SOURCE_DIR) + " && " + quote(tabula_tool()) + " " + args + " < " +
                     quote(in.string()));
  }

  // `args` ends with `code`, and all it prints is printable.
  Output printable_run(const std::string& args, int code, const std::string& input = "") const {
    Output o = tabula(args, input);
    EXPECT_EQ(o.code, code) << args << "\n" << o.text;
    EXPECT_EQ(unprintable(o.text), "") << args << "\n" << o.text;
    EXPECT_FALSE(has(o.text, "internal error")) << args << "\n" << o.text;
    return o;
  }

  fs::path tmp_;
};

const std::string kBadId = "decide: an option id must be UTF-8 text (\"ok\\xff\": byte 3 is not)";
const std::string kBadIdLater = "decide: an option id must be UTF-8 text (\"\\x9b...\": byte 1 is not)";

// The option id "ok\xff" in the first question: the game does not start,
// and the error names its line. Before, `play` drew the question and died
// in the JSON dump of the view.
TEST_F(HostileText, PlayEndsInTheLocatedErrorOfAnOptionIdThatIsNotUtf8) {
  const Output start = printable_run("play tests/packs/hostile-text --setup bad-id --seed 1", 1, "1\n");
  EXPECT_TRUE(has(start.text, "tabula: error: the game does not start: script error in pack hostile-text at " +
                                  where("bad_id") + ", hook flow game (ask): " + kBadId))
      << start.text;
  // The same in a later question: the choice that asked it fails, as a
  // failing script's choice does.
  const Output later = printable_run("play tests/packs/hostile-text --setup bad-id-later --seats ai --seed 1", 1);
  EXPECT_TRUE(has(later.text, "error: script error in pack hostile-text at " + where("bad_id_later") +
                                  ", hook choice (later): " + kBadIdLater))
      << later.text;
}

// `run --log-dir` wrote a game's log with the option id in it and died
// there; now each game ends in the script error, counted and located, and
// every row and log written is JSON.
TEST_F(HostileText, RunWithLogsCountsTheLocatedErrorOfAnOptionIdThatIsNotUtf8) {
  const std::string logs = (tmp_ / "logs").string();
  const Output start = printable_run("run tests/packs/hostile-text --setup bad-id --games 2 --log-dir " + quote(logs), 1);
  EXPECT_TRUE(has(start.text, "script errors: 2")) << start.text;
  EXPECT_TRUE(has(start.text, "game 1 (seed 1): new game: script error in pack hostile-text at " + where("bad_id") +
                                  ", hook flow game (ask): " + kBadId))
      << start.text;
  std::istringstream rows(read_file(fs::path(logs) / "games.jsonl"));
  int n = 0;
  for (std::string row; std::getline(rows, row); ++n) {
    const json j = json::parse(row);
    EXPECT_EQ(j["end"], "error") << row;
    EXPECT_TRUE(has(j["error"].get<std::string>(), where("bad_id") + ", hook flow game (ask): " + kBadId)) << row;
  }
  EXPECT_EQ(n, 2);

  const std::string later_logs = (tmp_ / "later").string();
  const Output later =
      printable_run("run tests/packs/hostile-text --setup bad-id-later --games 2 --log-dir " + quote(later_logs), 1);
  EXPECT_TRUE(has(later.text, "script errors: 2")) << later.text;
  EXPECT_TRUE(has(later.text, "choice 1 by seat 1 'first': script error in pack hostile-text at " + where("bad_id_later") +
                                  ", hook choice (later): " + kBadIdLater))
      << later.text;
  // The game's log holds what was played before the error, and replays.
  const json log = json::parse(read_file(fs::path(later_logs) / "game-1.json"));
  EXPECT_EQ(log["choices"].size(), 0u) << log.dump();
  const Output replay = printable_run("replay " + quote((fs::path(later_logs) / "game-1.json").string()), 0);
  EXPECT_TRUE(has(replay.text, "OK: 0 steps replayed")) << replay.text;
  // The JSON summary names the error too.
  const Output js = printable_run("run tests/packs/hostile-text --setup bad-id --games 1 --json", 1);
  const json summary = json::parse(js.text);
  ASSERT_EQ(summary["first_errors"].size(), 1u) << js.text;
  EXPECT_TRUE(has(summary["first_errors"][0].get<std::string>(), kBadId)) << js.text;
}

// A pack folder whose name is not UTF-8: JSON reports name it with U+FFFD,
// and a log, which must name it to be replayed, is refused before the game.
TEST_F(HostileText, APackFolderNotNamedInUtf8) {
  const fs::path pack = tmp_ / "latin\xe9";
  fs::create_directories(pack);
  for (const char* f : {"pack.toml", "rules.lua", "texts.toml"}) fs::copy_file(kPack / f, pack / f);
  const Output check = printable_run("check --json " + quote(pack.string()), 0);
  EXPECT_EQ(json::parse(check.text)["ok"], true) << check.text;
  EXPECT_TRUE(has(check.text, "latin\xef\xbf\xbd")) << check.text;  // U+FFFD
  const std::string logs = (tmp_ / "logs").string();
  const Output run = printable_run("run " + quote(pack.string()) + " --setup escape --games 1 --log-dir " + quote(logs), 1);
  EXPECT_TRUE(has(run.text, "tabula: error: --log-dir: the pack folder '" + tabula::printable(pack.string()) +
                                "' is not named in UTF-8 text, which a log (JSON) cannot hold"))
      << run.text;
  EXPECT_FALSE(fs::exists(logs));
  const Output play = printable_run("play " + quote(pack.string()) + " --setup escape --log " + quote(logs), 1, "1\n");
  EXPECT_TRUE(has(play.text, "tabula: error: --log: the pack folder")) << play.text;
  // Without a log the game plays.
  const Output plain = printable_run("run " + quote(pack.string()) + " --setup escape --games 1", 0);
  EXPECT_TRUE(has(plain.text, "finished: 1/1")) << plain.text;
}

// ESC and U+009B in a prompt, an option's label, log lines and the result
// text: kept as text, shown escaped.
TEST_F(HostileText, PlayShowsControlCharactersInLabelsPromptsAndLogLinesEscaped) {
  const Output o = printable_run("play tests/packs/hostile-text --setup escape --seed 1 --ask-all", 0, "1\n");
  const std::string shown = "\\x1b[2J\\x1b]0;title\\x07\\u009b31m";
  for (const std::string& line : {"What now? " + shown, "  1) Option " + shown, "  | The pack says " + shown, "Won " + shown})
    EXPECT_TRUE(has(o.text, line)) << line << "\n" << o.text;
  // A log that replays, its option id (ESC and U+009B) kept.
  const std::string log = (tmp_ / "escape.json").string();
  printable_run("play tests/packs/hostile-text --setup escape --seed 1 --log " + quote(log), 0, "1\n");
  EXPECT_EQ(json::parse(read_file(log))["choices"][0]["option"], "\x1b[31m\xc2\x9bid");
  const Output replay = printable_run("replay " + quote(log), 0);
  EXPECT_TRUE(has(replay.text, "OK: 1 steps replayed")) << replay.text;
}

// A script error's message with ESC, U+009B and a lone 0x9B byte (not
// UTF-8), as `play`, `run`, `conformance` and `scenario` print it.
TEST_F(HostileText, ScriptErrorsAreShownEscapedByEveryCommand) {
  const std::string message = "bad \\x1b[2J\\x1b]0;title\\x07\\u009b31m \\x9b end";
  const Output play = printable_run("play tests/packs/hostile-text --setup error --seats ai --seed 1", 1);
  EXPECT_TRUE(has(play.text, "error: script error in pack hostile-text at " + where("raise") + ", hook choice (raise): " + message))
      << play.text;
  const Output run = printable_run("run tests/packs/hostile-text --setup error --games 1", 1);
  EXPECT_TRUE(has(run.text, message)) << run.text;
  const Output js = printable_run("run tests/packs/hostile-text --setup error --games 1 --json", 1);
  EXPECT_TRUE(has(json::parse(js.text)["first_errors"][0].get<std::string>(),
                  "bad \x1b[2J\x1b]0;title\x07\xc2\x9b" "31m \\x9b end"))  // the error's text: ESC and U+009B as they are
      << js.text;
  const Output conf = printable_run("conformance tests/packs/hostile-text --setup error --games 1", 1);
  EXPECT_TRUE(has(conf.text, message)) << conf.text;

  // A scenario that expects another error: its failure quotes the real one.
  const fs::path scenario = tmp_ / "raise.toml";
  write_file(scenario, "[scenario]\nname = \"raise\"\npack = " + quote(kPack.string()) +
                           "\nseed = 1\noptions = { case = \"error\" }\n\n[[step]]\nchoose = \"go\"\n"
                           "expect_error = \"no \\u001b[2J\\u009b such\"\n\n[expect]\n\"game.over\" = \"\\u001b[2J\\u009b\"\n");
  const Output sc = printable_run("scenario " + quote(scenario.string()), 1);
  EXPECT_TRUE(has(sc.text, message)) << sc.text;
  EXPECT_TRUE(has(sc.text, "\\x1b[2J\\u009b")) << sc.text;
  const Output sj = printable_run("scenario --json " + quote(scenario.string()), 1);
  EXPECT_TRUE(has(json::parse(sj.text).dump(), "bad \\u001b[2J")) << sj.text;
}

// A pack whose rules raise on loading, and whose manifest has a key of
// escapes: `check` (and its JSON), `annotations` and `new` print both
// escaped. So do errors about names from the command line and from a log.
TEST_F(HostileText, CheckAnnotationsNewAndReplayShowControlCharactersEscaped) {
  const fs::path pack = tmp_ / "loud";
  write_file(pack / "pack.toml", read_file(kPack / "pack.toml"));
  write_file(pack / "texts.toml", read_file(kPack / "texts.toml"));
  write_file(pack / "rules.lua", "error(\"loud \\27[2J\\xc2\\x9b \\x9b end\")\n");
  const Output check = printable_run("check " + quote(pack.string()), 1);
  EXPECT_TRUE(has(check.text, "loud \\x1b[2J\\u009b \\x9b end")) << check.text;
  const Output cj = printable_run("check --json " + quote(pack.string()), 1);
  EXPECT_TRUE(has(json::parse(cj.text)["script_error"].get<std::string>(), "loud \x1b[2J\xc2\x9b \\x9b end")) << cj.text;

  write_file(pack / "pack.toml", read_file(kPack / "pack.toml") + "\n[flow.game.\"\\u001b[2J\\u009b\"]\n");
  const Output ann = printable_run("annotations " + quote(pack.string()) + " --out-dir " + quote((tmp_ / "ann").string()), 1);
  EXPECT_TRUE(has(ann.text, "does not load")) << ann.text;
  EXPECT_TRUE(has(ann.text, "\\x1b[2J\\u009b")) << ann.text;
  const Output named = printable_run("annotations " + quote((tmp_ / "no\x1b[2J\xc2\x9b\x9b").string()), 1);
  EXPECT_TRUE(has(named.text, "no\\x1b[2J\\u009b\\x9b")) << named.text;

  const Output made = printable_run("new pack " + quote((tmp_ / "g\x1b[2J\xc2\x9b\x9b").string()), 1);
  EXPECT_TRUE(has(made.text, "'g\\x1b[2J\\u009b\\x9b' is not a plain id")) << made.text;
  EXPECT_FALSE(fs::exists(tmp_ / "g\x1b[2J\xc2\x9b\x9b"));

  // A log with a lone 0x9B in a string is no JSON; the parser's message quotes it.
  write_file(tmp_ / "bad.json", "{\"format\": \"tabula-log/3\", \"packs\": [\"x\x9b\x1b\"]}");
  const Output replay = printable_run("replay " + quote((tmp_ / "bad.json").string()), 1);
  EXPECT_TRUE(has(replay.text, "ill-formed UTF-8")) << replay.text;
}

}  // namespace
