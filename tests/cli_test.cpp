// The `tabula` program end to end (run as a child process against the duel
// test pack and a few packs written to a temporary folder), and the random
// playout helper it is built on.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/rules/engine.h"
#include "core/search/playout.h"
#include "tests/come_up.h"
#include "tests/tool_run.h"

namespace fs = std::filesystem;
using namespace tabula::testing_support;
using nlohmann::json;

namespace {




void copy_dir(const fs::path& from, const fs::path& to) {
  fs::create_directories(to);
  fs::copy(from, to, fs::copy_options::recursive);
}


// A pack whose seats all bid at once in secret (several open decisions), with
// a die roll to break ties.
const char* kSealedToml = R"(
[pack]
id = "sealed"
name = { en = "Sealed bids" }
version = "1"
rules = "rules.lua"
texts = ["texts.toml"]

[seats]
min = 2
max = 4
default = 3
counters = { score = 0 }

[zones.pool]

[flow]
root = "game"
[flow.game]
steps = ["round"]
finish = "score"
[flow.round]
repeat = 3
counter = "round"
hook = "bid"
)";

const char* kSealedLua = R"(
local T = tabula
local M = {}

function M.bid()
  for seat = 1, T.seats() do
    T.decide { seat = seat, prompt = "your_bid", secret = true, on_choice = "bid_made", args = { seat = seat },
               options = { "b1", "b2", "b3" }, label = "bid" }
  end
end

function M.bid_made(ctx)
  T.set_secret(ctx.args.seat, "bid", tonumber(string.sub(ctx.choice, 2)))
  for seat = 1, T.seats() do
    if not T.secret(seat, "bid") then return end
  end
  local best, winners = 0, {}
  for seat = 1, T.seats() do
    local b = T.secret(seat, "bid")
    if b > best then best, winners = b, { seat } elseif b == best then winners[#winners + 1] = seat end
    T.set_secret(seat, "bid", nil)
  end
  local w = winners[T.random(#winners)]
  T.add_counter(w, "score", best)
  T.log { "round_won", seat = w, bid = best }
end

function M.score()
  local best, winners, scores = -1, {}, {}
  for seat = 1, T.seats() do
    local score = T.counter(seat, "score")
    scores[seat] = score
    if score > best then best, winners = score, { seat } elseif score == best then winners[#winners + 1] = seat end
  end
  T.game_over { winners = winners, scores = scores }
end

return M
)";

const char* kSealedTexts = R"(
your_bid = "Your sealed bid"
bid = "bid {id}"
round_won = "seat {seat} wins the round with {bid}"
)";

// A house rule for the duel: one round, and a named setup.
const char* kHouseRuleToml = R"(
[pack]
id = "short-duel"
name = { en = "Short duel" }
version = "1"
patches = "duel"

[params]
rounds = { value = 1, provisional = true, note = "house rule" }

[setups.practice-1]
name = { en = "Practice" }
options = { board = 1 }
)";

class Cli : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    tmp_ = fs::temp_directory_path() / ("tabula-cli-test-" + std::to_string(getpid()));
    fs::remove_all(tmp_);
    fs::create_directories(tmp_ / "packs");
    const fs::path duel = fs::path(TABULA_SOURCE_DIR) / "tests" / "packs" / "duel";
    copy_dir(duel, tmp_ / "packs" / "duel");
    write_file(tmp_ / "packs" / "sealed" / "pack.toml", kSealedToml);
    write_file(tmp_ / "packs" / "sealed" / "rules.lua", kSealedLua);
    write_file(tmp_ / "packs" / "sealed" / "texts.toml", kSealedTexts);
    write_file(tmp_ / "packs" / "short" / "pack.toml", kHouseRuleToml);
    // The screen test pack, and a layer whose screen fails on every draw.
    copy_dir(fs::path(TABULA_SOURCE_DIR) / "tests" / "packs" / "screen", tmp_ / "packs" / "screen");
    write_file(tmp_ / "packs" / "screen-broken" / "pack.toml",
               "[pack]\nid = \"screen-broken\"\npatches = \"screen\"\n[screen]\nscript = \"broken.lua\"\n");
    write_file(tmp_ / "packs" / "screen-broken" / "broken.lua",
               "return { draw = function(view) error('no screen today') end }\n");
    copy_dir(tmp_ / "packs" / "screen", tmp_ / "badscreen" / "screen");
    write_file(tmp_ / "badscreen" / "screen" / "screen.lua", "return {\n");
    // A duel whose knight fails in every damage modifier: a script error on the first hit.
    copy_dir(duel, tmp_ / "broken" / "duel");
    write_file(tmp_ / "broken" / "duel" / "cards" / "knight.lua",
               "return { modify = { damage = function(ctx) error('knight is broken') end } }\n");
    // A manifest error and a Lua syntax error.
    copy_dir(duel, tmp_ / "badtoml" / "duel");
    write_file(tmp_ / "badtoml" / "duel" / "pack.toml",
               [&] {
                 std::string t = read_file(duel / "pack.toml");
                 t.replace(t.find("min = 2"), 7, "min = \"two\"");
                 return t;
               }());
    copy_dir(duel, tmp_ / "badlua" / "duel");
    write_file(tmp_ / "badlua" / "duel" / "cards" / "knight.lua", "return {\n");
  }
  static void TearDownTestSuite() { fs::remove_all(tmp_); }

  // Runs `tabula ARGS` in the source folder with `input` on stdin.
  static Output tabula(const std::string& args, const std::string& input = "", const std::string& env = "") {
    fs::path in = tmp_ / "stdin.txt";
    write_file(in, input);
    if (!fs::exists(tabula_tool())) return {-1, "no " + tabula_tool() + ": build the tabula target first"};
    return run_shell("cd " + quote(TABULA_SOURCE_DIR) + " && " + env + " " + quote(tabula_tool()) + " " + args + " < " +
                     quote(in.string()));
  }

  static std::string tmp(const std::string& rel) { return quote((tmp_ / rel).string()); }

  static fs::path tmp_;
};

fs::path Cli::tmp_;


TEST_F(Cli, HelpListsTheCommands) {
  Output o = tabula("--help");
  EXPECT_EQ(o.code, 0) << o.text;
  for (const char* c : {"check", "play", "run", "replay", "scenario"}) EXPECT_TRUE(has(o.text, c)) << c << "\n" << o.text;
  for (const char* c : {"check", "play", "run", "replay", "scenario"}) {
    Output h = tabula(std::string(c) + " --help");
    EXPECT_EQ(h.code, 0) << c << "\n" << h.text;
    EXPECT_TRUE(has(h.text, std::string("Usage: tabula ") + c)) << h.text;
  }
  Output v = tabula("--version");
  EXPECT_EQ(v.code, 0);
  EXPECT_TRUE(has(v.text, "tabula ")) << v.text;
}

TEST_F(Cli, UsageErrorsAreOneLineAndFail) {
  Output o = tabula("run tests/packs/duel");  // --games missing
  EXPECT_NE(o.code, 0);
  EXPECT_TRUE(has(o.text, "--games")) << o.text;
  EXPECT_EQ(std::count(o.text.begin(), o.text.end(), '\n'), 1) << o.text;
  EXPECT_NE(tabula("frobnicate").code, 0);
  EXPECT_NE(tabula("play tests/packs/duel --lang de").code, 0);
}

TEST_F(Cli, CheckListsProvisionalValues) {
  Output o = tabula("check tests/packs/duel");
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(has(o.text, "OK duel")) << o.text;
  EXPECT_TRUE(has(o.text, "2 entity definitions")) << o.text;
  EXPECT_TRUE(has(o.text, "param armour = 0")) << o.text;
  EXPECT_TRUE(has(o.text, "no rulebook; a test value")) << o.text;
  EXPECT_TRUE(has(o.text, "prop squire.power = 1")) << o.text;
  EXPECT_TRUE(has(o.text, "pack.toml:")) << o.text;
  EXPECT_TRUE(has(o.text, "cards.toml:")) << o.text;
}

TEST_F(Cli, CheckJson) {
  Output o = tabula("check tests/packs/duel --json");
  ASSERT_EQ(o.code, 0) << o.text;
  json j = json::parse(o.text);
  EXPECT_TRUE(j["ok"].get<bool>());
  EXPECT_EQ(j["pack"], "duel");
  EXPECT_EQ(j["entities"], 2);
  bool armour = false, squire = false;
  for (const auto& p : j["provisional"]) {
    if (p["kind"] == "param" && p["name"] == "armour") armour = true;
    if (p["kind"] == "prop" && p["entity"] == "squire" && p["prop"] == "power") squire = p["value"] == 1;
  }
  EXPECT_TRUE(armour) << o.text;
  EXPECT_TRUE(squire) << o.text;
}

TEST_F(Cli, CheckOfAMissingPackFailsClearly) {
  Output o = tabula("check tests/packs/no-such-pack");
  EXPECT_EQ(o.code, 1);
  EXPECT_TRUE(has(o.text, "no pack 'tests/packs/no-such-pack'")) << o.text;
  EXPECT_EQ(std::count(o.text.begin(), o.text.end(), '\n'), 1) << o.text;
}

TEST_F(Cli, CheckReportsManifestAndScriptErrors) {
  Output m = tabula("check " + tmp("badtoml/duel"));
  EXPECT_EQ(m.code, 1) << m.text;
  EXPECT_TRUE(has(m.text, "pack.toml:13:7: error: seats.min:")) << m.text;
  Output s = tabula("check " + tmp("badlua/duel"));
  EXPECT_EQ(s.code, 1) << s.text;
  EXPECT_TRUE(has(s.text, "script error")) << s.text;
  EXPECT_TRUE(has(s.text, "knight.lua")) << s.text;
}

TEST_F(Cli, CheckWithAHouseRule) {
  Output o = tabula("check " + tmp("packs/duel") + " --with " + tmp("packs/short"));
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(has(o.text, "2 layers (duel < short-duel)")) << o.text;
  EXPECT_TRUE(has(o.text, "param rounds = 1  [layer short-duel")) << o.text;
}

TEST_F(Cli, RunFinishesEveryGame) {
  Output o = tabula("run tests/packs/duel --games 20 --seed 1 --json");
  ASSERT_EQ(o.code, 0) << o.text;
  json j = json::parse(o.text);
  EXPECT_EQ(j["games"], 20);
  EXPECT_EQ(j["finished"], 20);
  EXPECT_EQ(j["script_errors"], 0);
  EXPECT_GT(j["choices"].get<int>(), 0);
  int tallied = 0;
  for (const auto& r : j["results"]) tallied += r["count"].get<int>();
  EXPECT_EQ(tallied, 20);

  Output t = tabula("run tests/packs/duel --games 20 --seed 1");
  EXPECT_EQ(t.code, 0) << t.text;
  EXPECT_TRUE(has(t.text, "finished: 20/20")) << t.text;
  EXPECT_TRUE(has(t.text, "games/s")) << t.text;
}

TEST_F(Cli, RunCountsScriptErrors) {
  Output o = tabula("run " + tmp("broken/duel") + " --games 7 --seed 1");
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_TRUE(has(o.text, "script errors: 7")) << o.text;
  EXPECT_TRUE(has(o.text, "knight is broken")) << o.text;
  EXPECT_TRUE(has(o.text, "... and 2 more")) << o.text;
}

// Mistakes on the command line get a plain answer: an unknown command or a
// misspelt pack with the nearest name, a count of games below one without
// CLI11's 300-digit range, and `check --json` answers in JSON even when the
// pack is not there.
TEST_F(Cli, CommandLineMistakesGetClearAnswers) {
  Output cmd = tabula("rnu connect-four --games 1");
  EXPECT_EQ(cmd.code, 2);
  EXPECT_TRUE(has(cmd.text, "no command 'rnu' (did you mean 'run'?)")) << cmd.text;
  Output pack = tabula("run dungeon-lord --games 1");
  EXPECT_EQ(pack.code, 1);
  EXPECT_TRUE(has(pack.text, "no pack 'dungeon-lord' (did you mean 'dungeon-lords'?)")) << pack.text;
  Output zero = tabula("run connect-four --games 0");
  EXPECT_EQ(zero.code, 2);
  EXPECT_TRUE(has(zero.text, "--games: at least 1 game")) << zero.text;
  EXPECT_LT(zero.text.size(), 200u) << zero.text;
  Output json_check = tabula("check no-such-pack --json");
  EXPECT_EQ(json_check.code, 1);
  const json j = json::parse(json_check.text);
  EXPECT_EQ(j["ok"], false);
  EXPECT_EQ(j["errors"], 1);
  EXPECT_TRUE(has(j["diagnostics"][0]["message"].get<std::string>(), "no pack 'no-such-pack'")) << json_check.text;
}

TEST_F(Cli, RunCapsLongGames) {
  Output o = tabula("run tests/packs/duel --games 3 --max-choices 2 --json");
  ASSERT_EQ(o.code, 0) << o.text;
  json j = json::parse(o.text);
  EXPECT_EQ(j["finished"], 0);
  EXPECT_EQ(j["capped"], 3);
  EXPECT_EQ(j["choices"], 6);
}

// Inside a layer's own folder, `tabula check .` finds its base beside it.
TEST_F(Cli, CheckOfTheCurrentFolder) {
  Output o = tabula("check .", "", "cd tests/packs/layer-patch &&");
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(has(o.text, "OK layer-patch: 2 layers (layer-base < layer-patch)")) << o.text;
  Output slash = tabula("check content/dungeon-lords-veterans/");
  EXPECT_EQ(slash.code, 0) << slash.text;
}

// The same for an expansion and a variant of the prototype packs: `check .`
// inside the layer's folder, and the folder with a trailing slash.
TEST_F(Cli, CheckOfALayersFolderFindsItsBase) {
  Output dot = tabula("check .", "", "cd tests/packs/proto-realm-tides &&");
  EXPECT_EQ(dot.code, 0) << dot.text;
  EXPECT_TRUE(has(dot.text, "OK proto-realm-tides: 2 layers (proto-realm < proto-realm-tides)")) << dot.text;
  Output slash = tabula("check tests/packs/proto-realm-variant/");
  EXPECT_EQ(slash.code, 0) << slash.text;
  EXPECT_TRUE(has(slash.text, "OK proto-realm-variant: 2 layers")) << slash.text;
  // What the variant's remove dropped from the base's deck is noted.
  EXPECT_TRUE(has(slash.text, "note: params.deck: dropped 'chest' from this list")) << slash.text;
}

// A mod in a folder of its own, outside the repository, patches a shipped
// game: it finds it through the content folder, through --packs or
// $TABULA_PATH, and it can itself be named on the search path (issue 10).
TEST_F(Cli, AModInItsOwnFolderFindsTheGame) {
  const fs::path mods = tmp_ / "mods";
  write_file(mods / "angry-trolls" / "pack.toml",
             "[pack]\nid = \"angry-trolls\"\npatches = \"dungeon-lords\"\nmanifests = [\"changes.toml\"]\n");
  write_file(mods / "angry-trolls" / "changes.toml", "[change.troll]\nprops = { attack = 4, attack_alt = 5 }\n");
  Output by_folder = tabula("check " + tmp("mods/angry-trolls"));
  EXPECT_EQ(by_folder.code, 0) << by_folder.text;
  EXPECT_TRUE(has(by_folder.text, "OK angry-trolls: 2 layers (dungeon-lords < angry-trolls)")) << by_folder.text;
  Output by_option = tabula("run dungeon-lords --with angry-trolls --games 2 --packs " + tmp("mods"));
  EXPECT_EQ(by_option.code, 0) << by_option.text;
  EXPECT_TRUE(has(by_option.text, "finished: 2/2")) << by_option.text;
  Output by_env = tabula("check angry-trolls", "", "TABULA_PATH=" + tmp("mods"));
  EXPECT_EQ(by_env.code, 0) << by_env.text;
  Output missing = tabula("check angry-trolls");
  EXPECT_EQ(missing.code, 1);
  EXPECT_TRUE(has(missing.text, "no pack 'angry-trolls'") && has(missing.text, "--packs DIR or TABULA_PATH")) << missing.text;
}

// Issue 10, done when: a mod written in a folder outside the repository adds
// a new monster that comes up in random games, and a house rule that makes
// the troll stronger, with no script of the game copied. The ogre joins by
// being declared (an entry, its own short script, an append to the pile it
// is drawn from); the troll's strength is a number in its entry.
TEST_F(Cli, AModOutsideTheRepositoryAddsAMonsterAndMakesTrollsStronger) {
  const fs::path mod = tmp_ / "my-mods" / "angry-trolls";
  ASSERT_NE(fs::weakly_canonical(mod).string().rfind(fs::weakly_canonical(TABULA_SOURCE_DIR).string(), 0), 0u);
  write_file(mod / "pack.toml", R"([pack]
id = "angry-trolls"
name = { en = "Angry trolls and an ogre", cs = "Rozzlobení trollové a zlobr" }
patches = "dungeon-lords"
manifests = ["monsters.toml"]

[params.monster_pile_y1]
append = ["ogre"]
)");
  write_file(mod / "monsters.toml", R"([change.troll]
text = { en = "Standard 4, or pay 1 food: standard 5.", cs = "Standardní útok 4, nebo za 1 jídlo 5." }
props = { attack = 4, attack_alt = 5 }

[ogre]
kind = "monster"
name = { en = "Ogre", cs = "Zlobr" }
text = { en = "Standard 5.", cs = "Standardní útok 5." }
script = "monsters/ogre.lua"
props = { year = 1, cost_food = 2, attack = 5 }
)");
  // Its script, the mod's own (the same as the conformance test's ogre).
  fs::copy_file(fs::path(TABULA_SOURCE_DIR) / "tests/packs/newcard-dungeon-lords/monsters/test_ogre.lua",
                (fs::create_directories(mod / "monsters"), mod / "monsters" / "ogre.lua"));
  // Two fights on a custom board (dungeon-lords.md §6.2 TV-M7's): the monster
  // attacks, and a slime after it holds the round open while its question
  // shows the damage dealt.
  auto fight = [&](const std::string& monster, const std::string& steps) {
    write_file(mod / "scenarios" / (monster + ".toml"), R"([scenario]
name = "An angry troll and an ogre: )" + monster + R"("
pack = ".."
options = { mode = "practice", board = "custom" }

[counters]
"1" = { food = 1 }

[[create]]
def = "chicken_coop"
zone = "dungeon"
seat = 1
props = { c = 3, r = 1 }
[[create]]
as = "F"
def = "y2_fighter_l7"
zone = "party"
seat = 1
[[create]]
def = ")" + monster + R"("
zone = "den"
seat = 1
[[create]]
def = "slime"
zone = "den"
seat = 1

[[step]]
choose = "send:)" + monster + R"("
[[step]]
choose = "send:slime"
[[step]]
choose = "attack:)" + monster + R"("
)" + steps);
  };
  fight("troll", "[[step]]\nask = \"Troll: which attack?\"\nchoose = \"standard\"\n"
                 "expect = { \"F.damage\" = 4, \"decision.prompt\" = \"Slime: ooze or slime?\" }\n");
  fight("ogre", "expect = { \"F.damage\" = 5, \"decision.prompt\" = \"Slime: ooze or slime?\" }\n");
  Output check = tabula("check " + quote(mod.string()));
  EXPECT_EQ(check.code, 0) << check.text;
  EXPECT_TRUE(has(check.text, "OK angry-trolls: 2 layers (dungeon-lords < angry-trolls)")) << check.text;
  Output fights = tabula("scenario " + quote((mod / "scenarios" / "troll.toml").string()) + " " +
                         quote((mod / "scenarios" / "ogre.toml").string()));
  EXPECT_EQ(fights.code, 0) << fights.text;
  EXPECT_TRUE(has(fights.text, "2 passed")) << fights.text;
  Output games = tabula("run dungeon-lords --with angry-trolls --packs " + quote((tmp_ / "my-mods").string()) +
                        " --games 3 --players 3");
  EXPECT_EQ(games.code, 0) << games.text;
  EXPECT_TRUE(has(games.text, "finished: 3/3")) << games.text;
  // No script of the game was copied: the mod holds one Lua file, its own.
  int lua_files = 0;
  for (const auto& f : fs::recursive_directory_iterator(mod)) lua_files += f.path().extension() == ".lua";
  EXPECT_EQ(lua_files, 1);
  // The ogre comes up in random games.
  auto r = tabula::load_pack(mod.string(), {}, {(fs::path(TABULA_SOURCE_DIR) / "content").string()});
  ASSERT_TRUE(r.ok()) << r.report();
  tabula::Engine e(std::move(r.packs));
  std::string error;
  EXPECT_EQ(tabula::testing_support::never_seen(e, {"ogre"}, 20, error), std::set<std::string>{});
  EXPECT_EQ(error, "");
}

// A kind's script contract (`requires`): a new monster whose script lacks
// `attack`, and one with no script at all, are found by check at the entry
// (issue 10: hooks a kind requires but a script lacks).
TEST_F(Cli, CheckFindsAScriptThatBreaksItsKindsContract) {
  const fs::path mod = tmp_ / "mods" / "ogres";
  write_file(mod / "pack.toml", "[pack]\nid = \"ogres\"\nextends = \"dungeon-lords\"\nmanifests = [\"ogres.toml\"]\n");
  write_file(mod / "ogres.toml",
             "[ogre]\nkind = \"monster\"\nscript = \"ogre.lua\"\nprops = { year = 1 }\n\n"
             "[lazy_ogre]\nkind = \"monster\"\nprops = { year = 1 }\n");
  write_file(mod / "ogre.lua", "local M = {}\nfunction M.atack(ctx) end\nreturn M\n");
  Output o = tabula("check " + tmp("mods/ogres"));
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_TRUE(has(o.text, "ogres.toml:6:2: error: entity.lazy_ogre.script: kind 'monster' requires a script with attack"))
      << o.text;
  write_file(mod / "ogres.toml", "[ogre]\nkind = \"monster\"\nscript = \"ogre.lua\"\nprops = { year = 1 }\n");
  Output missing = tabula("check " + tmp("mods/ogres"));
  EXPECT_EQ(missing.code, 1) << missing.text;
  EXPECT_TRUE(has(missing.text, "ogres.toml:1:2: error: entity.ogre.script: no function 'attack' in ogres/ogre.lua "
                                "(did you mean 'atack'?)"))
      << missing.text;
}

// A layer whose base is neither its sibling nor on the search path: the
// error names every place looked and how to add one.
TEST_F(Cli, ALayerWithoutItsBaseSaysWhereItLooked) {
  write_file(tmp_ / "lonely" / "stray" / "pack.toml", "[pack]\nid = \"stray\"\npatches = \"no-such-game\"\n");
  Output o = tabula("check " + tmp("lonely/stray"));
  EXPECT_EQ(o.code, 1);
  EXPECT_TRUE(has(o.text, "pack 'no-such-game' not found (looked in ")) << o.text;
  EXPECT_TRUE(has(o.text, "content/no-such-game")) << o.text;
  EXPECT_TRUE(has(o.text, "--packs DIR or TABULA_PATH")) << o.text;
}

// Every function a manifest names that the scripts lack is an error at the
// position that names it, with a suggestion; not only the first.
TEST_F(Cli, CheckReportsEveryMissingFunctionWhereItIsNamed) {
  Output o = tabula("check tests/packs/layer-hooks-bad");
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_TRUE(has(o.text, "layer-hooks-bad/pack.toml:8:8: error: flow.setup.hook: no function 'setpu' in "
                          "layer-base/rules/base.lua (did you mean 'setup'?)")) << o.text;
  EXPECT_TRUE(has(o.text, "error: flow.round.until: no function 'decidd'")) << o.text;
  EXPECT_TRUE(has(o.text, "error: combat.stages[1]: no function 'strke'")) << o.text;
  EXPECT_TRUE(has(o.text, "error: flow.skirmish.stages[0]: no function 'hti'")) << o.text;
  EXPECT_TRUE(has(o.text, "FAILED: 4 errors")) << o.text;
  Output j = tabula("check tests/packs/layer-hooks-bad --json");
  EXPECT_EQ(j.code, 1) << j.text;
  json doc = json::parse(j.text);
  EXPECT_EQ(doc["errors"], 4);
  EXPECT_EQ(doc["diagnostics"].size(), 4u);
  EXPECT_EQ(doc["diagnostics"][0]["line"], 8);
}

TEST_F(Cli, PlayLogThenReplay) {
  std::string log = (tmp_ / "duel-log.json").string();
  Output p = tabula("play tests/packs/duel --seats random,random --seed 3 --log " + quote(log));
  ASSERT_EQ(p.code, 0) << p.text;
  EXPECT_TRUE(has(p.text, "Game over")) << p.text;
  EXPECT_TRUE(has(p.text, "Seat 2 (random) chose:")) << p.text;
  json j = json::parse(read_file(log));
  EXPECT_EQ(j["seed"], 3);
  ASSERT_GE(j["choices"].size(), 3u);

  Output r = tabula("replay " + quote(log));
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_TRUE(has(r.text, "OK: " + std::to_string(j["choices"].size()) + " steps")) << r.text;

  // A log whose third hash is wrong must not replay.
  j["choices"][2]["hash"] = "123";
  write_file(tmp_ / "tampered.json", j.dump());
  Output bad = tabula("replay " + tmp("tampered.json"));
  EXPECT_EQ(bad.code, 1) << bad.text;
  EXPECT_TRUE(has(bad.text, "MISMATCH after 3 of")) << bad.text;
}

TEST_F(Cli, PlayAsksAgainAfterBadInput) {
  std::string input = "x\n0\n";
  for (int i = 0; i < 20; ++i) input += "1\n";
  Output o = tabula("play tests/packs/duel --seats human,random --seed 5", input);
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(has(o.text, "Please enter a number from 1 to 2 (or q to quit)")) << o.text;
  EXPECT_TRUE(has(o.text, "Whom do you hit?")) << o.text;
  EXPECT_TRUE(has(o.text, "band (seat 1):")) << o.text;
  EXPECT_TRUE(has(o.text, "[damage 2]")) << o.text;
  EXPECT_TRUE(has(o.text, "Game over")) << o.text;
}

// A person plays the rulebook's practice dungeon 1 through, typing the
// numbers of the efficient solution (dungeon-lords.md §6.4 TV-P1b).
TEST_F(Cli, PersonPlaysPracticeDungeonOneThrough) {
  // boulder, troll, troll's standard attack; round 2: send the goblin
  Output o = tabula("play dungeon-lords --practice 1", "2\n2\n1\n2\n");
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(has(o.text, "Your dungeon · at the entrance: Fighter (hp 3), Fighter (hp 4)\n    Priest (hp 3, heal 1)\n")) << o.text;
  EXPECT_TRUE(has(o.text, "Troll: which attack?")) << o.text;
  EXPECT_TRUE(has(o.text, "The heroes conquer Tunnel at c3 r1")) << o.text;
  EXPECT_TRUE(has(o.text, "Game over after 4 choices")) << o.text;
  EXPECT_TRUE(has(o.text, "Prisoners                      3\nConquered squares              1\n")) << o.text;
}

TEST_F(Cli, PlayQuitsCleanly) {
  Output q = tabula("play tests/packs/duel --seats human,random --seed 5", "q\n");
  EXPECT_EQ(q.code, 0) << q.text;
  EXPECT_TRUE(has(q.text, "Quit after 1 choice.")) << q.text;
  Output eof = tabula("play tests/packs/duel --seed 5", "");
  EXPECT_EQ(eof.code, 0) << eof.text;
  EXPECT_TRUE(has(eof.text, "Seat 1 (human)")) << eof.text;
  EXPECT_TRUE(has(eof.text, "Quit after")) << eof.text;
}

TEST_F(Cli, PlayNamesBadSeatsAndSetups) {
  Output n = tabula("play tests/packs/duel --seats human,random,random");
  EXPECT_EQ(n.code, 1);
  EXPECT_TRUE(has(n.text, "played by 2 seats, not 3")) << n.text;
  Output p = tabula("play tests/packs/duel --practice 1");
  EXPECT_EQ(p.code, 1);
  EXPECT_TRUE(has(p.text, "no setup 'practice-1'")) << p.text;
  EXPECT_TRUE(has(p.text, "defines no [setups]")) << p.text;
  Output s = tabula("play " + tmp("packs/duel") + " --with " + tmp("packs/short") + " --setup nope");
  EXPECT_EQ(s.code, 1);
  EXPECT_TRUE(has(s.text, "available: practice-1")) << s.text;
}

TEST_F(Cli, PracticeSetupIsLoggedAndReplays) {
  std::string log = (tmp_ / "practice.json").string();
  Output p = tabula("play " + tmp("packs/duel") + " --with " + tmp("packs/short") +
                    " --practice 1 --seats random,random --seed 9 --log " + quote(log));
  ASSERT_EQ(p.code, 0) << p.text;
  EXPECT_TRUE(has(p.text, "setup practice-1")) << p.text;
  json j = json::parse(read_file(log));
  EXPECT_EQ(j["options"]["board"], 1);
  EXPECT_EQ(j["packs"].size(), 2u);
  EXPECT_EQ(j["choices"].size(), 2u);  // one round
  Output r = tabula("replay " + quote(log));
  EXPECT_EQ(r.code, 0) << r.text;
}

TEST_F(Cli, SimultaneousSecretChoices) {
  Output o = tabula("run " + tmp("packs/sealed") + " --games 30 --seed 5 --json");
  ASSERT_EQ(o.code, 0) << o.text;
  json j = json::parse(o.text);
  EXPECT_EQ(j["finished"], 30);
  EXPECT_EQ(j["choices"], 30 * 9);

  std::string log = (tmp_ / "sealed.json").string();
  Output p = tabula("play " + tmp("packs/sealed") + " --seats human,random,random --seed 2 --log " + quote(log),
                    "3\n3\n3\n");
  ASSERT_EQ(p.code, 0) << p.text;
  EXPECT_TRUE(has(p.text, "made a secret choice")) << p.text;
  EXPECT_FALSE(has(p.text, "Seat 2 (random) chose")) << p.text;  // a human is watching
  EXPECT_TRUE(has(p.text, "waiting for seat 2")) << p.text;
  Output r = tabula("replay " + quote(log));
  EXPECT_EQ(r.code, 0) << r.text;
}

TEST_F(Cli, RunLogsReplay) {
  Output o = tabula("run " + tmp("packs/sealed") + " --games 3 --seed 10 --seats 4 --log-dir " + tmp("logs"));
  ASSERT_EQ(o.code, 0) << o.text;
  Output r = tabula("replay " + tmp("logs/game-12.json"));
  EXPECT_EQ(r.code, 0) << r.text;
  EXPECT_TRUE(has(r.text, "OK: 12 steps")) << r.text;  // 4 seats, 3 rounds
}

// The summary's figures agree with the games.jsonl rows they come from:
// a sole win counts 1, a win shared by k seats 1/k to each.
TEST_F(Cli, RunSummarisesWinsAndScores) {
  Output o = tabula("run " + tmp("packs/sealed") + " --games 40 --seed 3 --json --log-dir " + tmp("tally"));
  ASSERT_EQ(o.code, 0) << o.text;
  json j = json::parse(o.text);
  EXPECT_EQ(j["games_with_winners"], 40);
  EXPECT_EQ(j["games_without_winner"], 0);
  EXPECT_EQ(j["games_with_scores"], 40);
  EXPECT_EQ(j["choices_per_finished_game"], json({{"games", 40}, {"mean", 9.0}, {"sd", 0.0}, {"min", 9}, {"max", 9}}));
  std::vector<int> wins(3), shared(3), score(3);
  std::vector<double> credit(3);
  std::istringstream rows(read_file(tmp_ / "tally" / "games.jsonl"));
  std::string line;
  int n = 0;
  while (std::getline(rows, line)) {
    json r = json::parse(line);
    ++n;
    EXPECT_EQ(r["game"], n);
    EXPECT_EQ(r["seed"], 2 + n);
    EXPECT_EQ(r["end"], "finished");
    EXPECT_EQ(r["choices"], 9);
    ASSERT_EQ(r["scores"].size(), 3u) << line;
    for (int s = 0; s < 3; ++s) score[s] += r["scores"][s].get<int>();
    for (const auto& w : r["winners"]) {
      const int s = w.get<int>() - 1;
      ++(r["winners"].size() == 1 ? wins : shared)[s];
      credit[s] += 1.0 / static_cast<double>(r["winners"].size());
    }
  }
  EXPECT_EQ(n, 40);
  EXPECT_GT(shared[0] + shared[1] + shared[2], 0);  // ties happen: the rule is exercised
  double total = 0;
  for (int s = 0; s < 3; ++s) {
    const json& p = j["per_seat"][s];
    EXPECT_EQ(p["seat"], s + 1);
    EXPECT_EQ(p["wins"], wins[s]);
    EXPECT_EQ(p["shared_wins"], shared[s]);
    EXPECT_NEAR(p["win_share"].get<double>(), credit[s] / 40, 1e-9);
    EXPECT_NEAR(p["mean_score"].get<double>(), score[s] / 40.0, 1e-9);
    total += p["win_share"].get<double>();
  }
  EXPECT_NEAR(total, 1.0, 1e-9);

  Output t = tabula("run " + tmp("packs/sealed") + " --games 40 --seed 3");
  EXPECT_EQ(t.code, 0) << t.text;
  EXPECT_TRUE(has(t.text, "choices per finished game: mean 9.0 (95 % interval 9.0 to 9.0), sd 0.0, min 9, median 9, max 9")) << t.text;
  EXPECT_TRUE(has(t.text, "winners stated by 40 of 40 finished games\n")) << t.text;
  EXPECT_TRUE(has(t.text, "  seat      wins    shared  win share (95 % interval)  mean score (95 % interval)  kind\n")) << t.text;
  char row[80];
  std::snprintf(row, sizeof row, "     1  %8d  %8d  %5.1f %% (", wins[0], shared[0], 100 * credit[0] / 40);
  EXPECT_TRUE(has(t.text, row)) << row << t.text;
  std::snprintf(row, sizeof row, "  %.2f (", score[0] / 40.0);
  EXPECT_TRUE(has(t.text, row)) << row << t.text;

  // A pack that states neither (the duel's {winner = N}): no seat table.
  Output d = tabula("run tests/packs/duel --games 5");
  EXPECT_TRUE(has(d.text, "choices per finished game: mean 7.0")) << d.text;
  EXPECT_FALSE(has(d.text, "winners stated")) << d.text;
  EXPECT_FALSE(has(d.text, "  seat")) << d.text;
}

TEST_F(Cli, RunRowsNameErrorsAndCaps) {
  Output o = tabula("run " + tmp("broken/duel") + " --games 2 --seed 4 --log-dir " + tmp("broken-rows"));
  EXPECT_EQ(o.code, 1) << o.text;
  std::istringstream rows(read_file(tmp_ / "broken-rows" / "games.jsonl"));
  std::string line;
  int n = 0;
  while (std::getline(rows, line)) {
    json r = json::parse(line);
    EXPECT_EQ(r["seed"], 4 + n++);
    EXPECT_EQ(r["end"], "error");
    EXPECT_TRUE(has(r["error"].get<std::string>(), "knight is broken")) << line;
    EXPECT_FALSE(r.contains("winners"));
  }
  EXPECT_EQ(n, 2);
  Output c = tabula("run tests/packs/duel --games 1 --max-choices 2 --log-dir " + tmp("capped-rows"));
  EXPECT_EQ(c.code, 0) << c.text;
  json r = json::parse(read_file(tmp_ / "capped-rows" / "games.jsonl"));
  EXPECT_EQ(r["end"], "capped");
  EXPECT_EQ(r["choices"], 2);
}

TEST_F(Cli, PlayersNamesTheSeatCount) {
  json a = json::parse(tabula("run " + tmp("packs/sealed") + " --games 2 --players 4 --json").text);
  EXPECT_EQ(a["seats"], 4);
  EXPECT_EQ(a["per_seat"].size(), 4u);
  json b = json::parse(tabula("run " + tmp("packs/sealed") + " --games 2 --players 4 --seats 4 --json").text);
  EXPECT_EQ(b["seats"], 4);
  Output c = tabula("run " + tmp("packs/sealed") + " --games 2 --players 4 --seats 2");
  EXPECT_EQ(c.code, 1);
  EXPECT_TRUE(has(c.text, "--players 4 and --seats 2 disagree")) << c.text;
  Output range = tabula("run " + tmp("packs/sealed") + " --games 2 --players 5");
  EXPECT_EQ(range.code, 1);
  EXPECT_TRUE(has(range.text, "played by 2 to 4 seats, not 5")) << range.text;

  Output p = tabula("play " + tmp("packs/sealed") + " --players 4 --seed 2", "q\n");
  EXPECT_EQ(p.code, 0) << p.text;
  EXPECT_TRUE(has(p.text, "Seat 1 (human)")) << p.text;
  // Greedy on a pack without a [pack] score plays at random: labelled so.
  EXPECT_TRUE(has(p.text, "Seat 4 (random) — greedy plays at random: the pack has no [pack] score")) << p.text;
  EXPECT_FALSE(has(p.text, "(ai)")) << p.text;
  Output q = tabula("play " + tmp("packs/sealed") + " --players 2 --seats random,random --seed 2");
  EXPECT_EQ(q.code, 0) << q.text;
  Output bad = tabula("play " + tmp("packs/sealed") + " --players 3 --seats human,random");
  EXPECT_EQ(bad.code, 1);
  EXPECT_TRUE(has(bad.text, "--players 3 but --seats names 2 seats")) << bad.text;
}

// --seats KIND,... chooses an agent per seat in run: the kinds come back
// normalized in --json and the text, and the search seat beats random.
TEST_F(Cli, RunSeatsNamesAKindPerSeat) {
  Output o = tabula("run connect-four --seats mcts:iterations=50,random --games 4 --seed 1 --json");
  ASSERT_EQ(o.code, 0) << o.text;
  json j = json::parse(o.text);
  EXPECT_EQ(j["seats"], 2);
  ASSERT_EQ(j["per_seat"].size(), 2u);
  EXPECT_EQ(j["per_seat"][0]["kind"], "mcts:iterations=50");
  EXPECT_EQ(j["per_seat"][1]["kind"], "random");
  EXPECT_EQ(j["finished"], 4);
  EXPECT_EQ(j["per_seat"][0]["wins"], 4) << o.text;  // deterministic for the seed
  EXPECT_EQ(j["per_seat"][1]["wins"], 0) << o.text;
  Output t = tabula("run connect-four --seats mcts:depth=10:iterations=20,greedy --games 1");
  ASSERT_EQ(t.code, 0) << t.text;
  EXPECT_TRUE(has(t.text, "mcts:iterations=20:depth=10")) << t.text;
  // The old spellings: --agents (ai is greedy) and a bare number of seats.
  json a = json::parse(tabula("run connect-four --agents ai --games 1 --json").text);
  EXPECT_EQ(a["per_seat"][1]["kind"], "greedy");
  json n = json::parse(tabula("run connect-four --seats 2 --games 1 --json").text);
  EXPECT_EQ(n["per_seat"][0]["kind"], "random");
}

// A bad seat kind is a usage error (exit 2) naming the item.
TEST_F(Cli, SeatsNameBadKinds) {
  const std::pair<const char*, const char*> cases[] = {
      {"run connect-four --seats mcts:iterations=x,random --games 1",
       "--seats item 1 'mcts:iterations=x': iterations needs a whole number"},
      {"run connect-four --seats rnadom,random --games 1",
       "'rnadom': not a seat kind (did you mean 'random'?); kinds: human (play only), random, greedy, mcts"},
      {"run connect-four --seats mcts:iteratons=5,random --games 1", "no parameter 'iteratons' (did you mean 'iterations'?)"},
      {"run connect-four --seats random,human --games 1", "--seats item 2 'human': run plays without people"},
      {"play connect-four --seats human,mtcs", "'mtcs': not a seat kind (did you mean 'mcts'?)"},
  };
  for (const auto& [args, message] : cases) {
    Output o = tabula(args);
    EXPECT_EQ(o.code, 2) << args << "\n" << o.text;
    EXPECT_TRUE(has(o.text, message)) << args << "\n" << o.text;
  }
  // Kinds that disagree with the count: exit 1, as in play.
  Output count = tabula("run connect-four --players 3 --seats random,random --games 1");
  EXPECT_EQ(count.code, 1) << count.text;
  EXPECT_TRUE(has(count.text, "--players 3 but --seats names 2 seats")) << count.text;
}

// play labels every seat by what really plays it, and two search seats
// finish a game without input.
TEST_F(Cli, PlaySeatsLabelTheirKinds) {
  Output o = tabula("play connect-four --seats mcts:iterations=20,mcts:iterations=20 --seed 1");
  ASSERT_EQ(o.code, 0) << o.text;
  for (const char* line : {"Seat 1 (mcts) chose", "Seat 2 (mcts) chose", "Game over"}) EXPECT_TRUE(has(o.text, line)) << o.text;
}

TEST_F(Cli, Scenarios) {
  write_file(tmp_ / "scenarios" / "pass.toml", R"([scenario]
name = "first strike"
spec = "duel 1"
pack = "duel"

[[step]]
choose = "hit2"
expect = { "count.band@1" = 1 }
)");
  write_file(tmp_ / "scenarios" / "fail.toml", R"([scenario]
name = "wrong count"
spec = "duel 2"
pack = "duel"

[[step]]
choose = "hit2"
expect = { "count.band@1" = 2 }
)");
  std::string env = "TABULA_CONTENT=" + quote(std::string(TABULA_SOURCE_DIR) + "/tests/packs");
  Output both = tabula("scenario " + tmp("scenarios") + " -v", "", env);
  EXPECT_EQ(both.code, 1) << both.text;
  EXPECT_TRUE(has(both.text, "1 passed, 1 failed")) << both.text;
  EXPECT_TRUE(has(both.text, "[duel 2]")) << both.text;
  EXPECT_TRUE(has(both.text, "expected 2, actual 1")) << both.text;
  EXPECT_TRUE(has(both.text, "Squire is out")) << both.text;  // -v: the journal
  Output pass = tabula("scenario " + tmp("scenarios/pass.toml"), "", env);
  EXPECT_EQ(pass.code, 0) << pass.text;
  EXPECT_TRUE(has(pass.text, "PASS")) << pass.text;
  EXPECT_TRUE(has(pass.text, "1 passed, 0 failed")) << pass.text;
}

// --- the playout helper, in process ------------------------------------------

std::unique_ptr<tabula::Engine> engine_for(const std::string& dir) {
  auto r = tabula::load_pack(dir);
  EXPECT_TRUE(r.ok()) << r.report();
  return r.ok() ? std::make_unique<tabula::Engine>(std::move(r.packs)) : nullptr;
}

TEST_F(Cli, RandomAgentIsSeededAndUniform) {
  tabula::Decision d;
  for (int i = 0; i < 4; ++i) {
    tabula::Option o;
    o.id = "o" + std::to_string(i);
    d.options.push_back(o);
  }
  tabula::State s;
  tabula::RandomAgent a(42), b(42), c(43);
  int counts[4] = {0, 0, 0, 0};
  bool differ = false;
  for (int i = 0; i < 4000; ++i) {
    size_t x = a.choose(s, d);
    ASSERT_EQ(x, b.choose(s, d));
    differ |= x != c.choose(s, d);
    ASSERT_LT(x, 4u);
    ++counts[x];
  }
  EXPECT_TRUE(differ);
  for (int n : counts) EXPECT_NEAR(n, 1000, 150);
}

TEST_F(Cli, PlayOutHandlesSimultaneousDecisions) {
  auto e = engine_for((tmp_ / "packs" / "sealed").string());
  ASSERT_TRUE(e);
  tabula::State s = e->new_game(1, 3);
  ASSERT_EQ(s.pending.size(), 3u);
  tabula::RandomAgent a1(1), a2(2), a3(3);
  std::vector<tabula::Agent*> agents = {&a1, &a2, &a3};
  int observed = 0;
  auto r = tabula::play_out(*e, s, agents, 0, [&](const tabula::State&, int, const std::string&) { ++observed; });
  EXPECT_TRUE(r.finished);
  EXPECT_FALSE(r.failed) << r.error;
  EXPECT_EQ(r.choices, 9u);
  EXPECT_EQ(observed, 9);
  EXPECT_TRUE(s.over);
}

TEST_F(Cli, PlayOutStopsAtTheCapAndOnErrors) {
  auto e = engine_for(std::string(TABULA_SOURCE_DIR) + "/tests/packs/duel");
  ASSERT_TRUE(e);
  tabula::State s = e->new_game(1, 2);
  tabula::RandomAgent a(1), b(2);
  std::vector<tabula::Agent*> agents = {&a, &b};
  auto r = tabula::play_out(*e, s, agents, 2);
  EXPECT_EQ(r.choices, 2u);
  EXPECT_FALSE(r.finished);
  r = tabula::play_out(*e, s, agents);
  EXPECT_TRUE(r.finished);

  auto broken = engine_for((tmp_ / "broken" / "duel").string());
  ASSERT_TRUE(broken);
  tabula::State t = broken->new_game(1, 2);
  uint64_t before = t.hash();
  // In Mode::Play a failed choice is rolled back ...
  r = tabula::play_out(*broken, t, agents, 0, {}, tabula::Mode::Play);
  EXPECT_TRUE(r.failed);
  EXPECT_EQ(r.choices, 0u);
  EXPECT_TRUE(has(r.error, "knight is broken")) << r.error;
  EXPECT_EQ(t.hash(), before);
  // ... a playout (the default) keeps no copy: it only reports the failure.
  r = tabula::play_out(*broken, t, agents);
  EXPECT_TRUE(r.failed);
  EXPECT_EQ(r.choices, 0u);
  EXPECT_TRUE(has(r.error, "knight is broken")) << r.error;
}

// A person answers subset decisions with numbers separated by spaces (or
// none / - for no option); wrong sets are explained and asked again, and the
// log replays (tests/packs/decisions-kit).
TEST_F(Cli, PlayReadsSetsOfOptions) {
  Output o = tabula("play tests/packs/decisions-kit --seats human,random,random --seed 4 --log " + tmp("sets.json"),
                    "1\n1 2 3\n2 2\nnone\n9\n2 4\n");
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(has(o.text, "Choose 0-2 of these, numbers separated by spaces; none or - for no option:")) << o.text;
  EXPECT_TRUE(has(o.text, "choose 0 to 2 of the options, not 3")) << o.text;
  EXPECT_TRUE(has(o.text, "option 'shield' is chosen twice")) << o.text;
  EXPECT_TRUE(has(o.text, "chose: nothing")) << o.text;
  EXPECT_TRUE(has(o.text, "Choose 2 of these, numbers separated by spaces:")) << o.text;
  EXPECT_TRUE(has(o.text, "Please enter 2 different numbers from 1 to 4, separated by spaces (q to quit)")) << o.text;
  EXPECT_TRUE(has(o.text, "chose: die 2, die 4")) << o.text;
  EXPECT_TRUE(has(o.text, "Game over")) << o.text;
  std::ifstream f(tmp_ / "sets.json");
  std::stringstream text;
  text << f.rdbuf();
  EXPECT_TRUE(has(text.str(), "\"option\": \"-\"")) << text.str();
  EXPECT_TRUE(has(text.str(), "\"option\": \"2,4\"")) << text.str();
  Output r = tabula("replay " + tmp("sets.json"));
  EXPECT_EQ(r.code, 0) << r.text;
}

// A person plays a whole three-lord game of Dungeon Lords on the pack's
// screen: the dungeon as a grid, the board and the Evil scale, the final
// scores as a table; never the rules' bookkeeping or raw data.
TEST_F(Cli, PlayShowsThePacksScreen) {
  std::string ones;
  for (int i = 0; i < 400; ++i) ones += "1\n";
  Output o = tabula("play dungeon-lords --players 3 --seats human,random,random --seed 1", ones);
  ASSERT_EQ(o.code, 0) << o.text.substr(0, 4000);
  for (const char* part : {"== Year 1 · Winter (round 1 of 4) ==", "Evil       1 2 3 4 5[you S2 S3] 6 7 8 9 ‖ 10 11 12 13 14 15  ‖: paladin\n",
                           "Board      ", "Get Food [", "Tavern     ",
                           "      c1            c2            c3 ▼          c4            c5\n"
                           "  r1  ·             ·             Tunnel        ·             ·\n",
                           "Orders     in hand: ", "Your plan  1. ", "\nSeat 2: gold ",
                           "== Year 1 · Combat, round 1 of 4 ==", "Final scores              Seat 1    Seat 2    Seat 3\n",
                           "\nTotal      ", "Winner: Seat ", "Game over after "})
    EXPECT_TRUE(has(o.text, part)) << part << "\n" << o.text.substr(0, 6000);
  for (const char* raw : {"fight@", "slots=", "your secrets", "Result: {", "{\"", "\ngame: "})
    EXPECT_FALSE(has(o.text, raw)) << raw;
  Output cs = tabula("play dungeon-lords --players 3 --seed 1 --lang cs", ones);
  ASSERT_EQ(cs.code, 0) << cs.text.substr(0, 4000);
  for (const char* part : {"== Rok 1 · Zima (1. kolo ze 4) ==", "Tvůj dungeon", "c3 ▼", "u vchodu: ", "Hrací plán",
                           "Konečné body", "Celkem", "Vítěz"})
    EXPECT_TRUE(has(cs.text, part)) << part << "\n" << cs.text.substr(0, 4000);
}

// A screen that fails is named once; the plain screen takes its place,
// without the variables the pack marks internal, and the result is words.
TEST_F(Cli, PlayFallsBackToThePlainScreen) {
  Output o = tabula("play " + tmp("packs/screen") + " --with " + tmp("packs/screen-broken") + " --seats human,random --seed 1 --ask-all",
                    "1\n1\n");
  ASSERT_EQ(o.code, 0) << o.text;
  const size_t failed = o.text.find("(the pack's screen failed; showing the plain screen) ");
  ASSERT_NE(failed, std::string::npos) << o.text;
  EXPECT_EQ(failed, o.text.rfind("(the pack's screen failed; showing the plain screen) ")) << o.text;
  EXPECT_TRUE(has(o.text, "broken.lua:1")) << o.text;
  // The script error's traceback (docs/lua-api.md, "Errors and rollback") ends the message.
  EXPECT_TRUE(has(o.text, "no screen today\n  at screen-broken/broken.lua:1 in function 'draw'\n"))
      << o.text;
  EXPECT_TRUE(has(o.text, "\ngame: round=1\n")) << o.text;
  EXPECT_TRUE(has(o.text, "  hand (seat 1): Ace, King\n")) << o.text;
  EXPECT_TRUE(has(o.text, "    your secrets: plan=")) << o.text;
  EXPECT_FALSE(has(o.text, "tally")) << o.text;
  EXPECT_FALSE(has(o.text, "scratch@")) << o.text;
  EXPECT_TRUE(has(o.text, "1) Ace — Beats every other card.\n")) << o.text;
  EXPECT_TRUE(has(o.text, "Result:\n  scores: 3, 1\n  winners: 1\n")) << o.text;
}

TEST_F(Cli, CheckLoadsTheScreen) {
  Output ok = tabula("check " + tmp("packs/screen"));
  EXPECT_EQ(ok.code, 0) << ok.text;
  Output bad = tabula("check " + tmp("badscreen/screen"));
  EXPECT_EQ(bad.code, 1) << bad.text;
  EXPECT_TRUE(has(bad.text, "script error in pack screen at screen/screen.lua:2, hook load:")) << bad.text;
  EXPECT_TRUE(has(bad.text, "FAILED: 1 error")) << bad.text;
}

}  // namespace
