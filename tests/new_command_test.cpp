// `tabula new pack|layer|card` end to end (issue 10 item 7): each skeleton,
// written into a temporary folder outside the repository, passes `tabula
// check` and its own scenario at once and plays; refusals say why and write
// nothing.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "tests/tool_run.h"

namespace fs = std::filesystem;
using namespace tabula::testing_support;

namespace {






// Every file under `dir` with its text: what a refusal must leave alone.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    out[e.path().string()] = e.is_regular_file() ? read_file(e.path()) : "<folder>";
  return out;
}

// Removes "# " from the lines after the one holding `from` that are a
// commented table header or `key = value`: makes a commented example real.
std::string uncomment_after(const std::string& text, const std::string& from) {
  std::istringstream in(text);
  std::string line, out;
  bool on = false;
  while (std::getline(in, line)) {
    const size_t eq = line.find(" = ");
    const bool key_line = eq != std::string::npos && line.substr(2, eq - 2).find(' ') == std::string::npos;
    if (on && line.rfind("# ", 0) == 0 && (line.rfind("# [", 0) == 0 || key_line)) line = line.substr(2);
    if (has(line, from)) on = true;
    out += line + "\n";
  }
  return out;
}

class NewCommand : public testing::Test {
 protected:
  void SetUp() override {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    tmp_ = fs::temp_directory_path() / ("tabula-new-test-" + std::to_string(getpid()) + "-" + info->name());
    fs::remove_all(tmp_);
    fs::create_directories(tmp_);
  }
  void TearDown() override { fs::remove_all(tmp_); }

  // Runs `tabula ARGS` in the temporary folder, so that the content folder
  // is found as an installed tool finds it, not by the current directory.
  Output tabula(const std::string& args, const std::string& env = "") const {
    if (!fs::exists(tabula_tool())) return {-1, "no " + tabula_tool() + ": build the tabula target first"};
    return run_shell("cd " + quote(tmp_.string()) + " && " + env + " " + quote(tabula_tool()) + " " + args);
  }

  // check and the folder's scenarios pass; `run` (a base and its --with
  // layers, or a game) plays 5 games to their end. `flags` go to each.
  void passes(const std::string& dir, const std::string& run, const std::string& env = "",
              const std::string& flags = "") const {
    const Output check = tabula("check " + dir + flags, env);
    EXPECT_EQ(check.code, 0) << check.text;
    EXPECT_TRUE(has(check.text, "OK ")) << check.text;
    const Output scenario = tabula("scenario " + dir + "/scenarios" + flags, env);
    EXPECT_EQ(scenario.code, 0) << scenario.text;
    EXPECT_TRUE(has(scenario.text, " 0 failed")) << scenario.text;
    EXPECT_FALSE(has(scenario.text, "FAIL")) << scenario.text;
    const Output games = tabula("run " + run + " --games 5" + flags, env);
    EXPECT_EQ(games.code, 0) << games.text;
    EXPECT_TRUE(has(games.text, "finished: 5/5")) << games.text;
  }

  fs::path tmp_;
};

TEST_F(NewCommand, HelpNamesTheThreeSkeletons) {
  const Output o = tabula("new --help");
  EXPECT_EQ(o.code, 0) << o.text;
  for (const char* w : {"pack", "layer", "card"}) EXPECT_TRUE(has(o.text, w)) << w << "\n" << o.text;
  const Output card = tabula("new card --help");
  EXPECT_EQ(card.code, 0) << card.text;
  for (const char* w : {"--like", "--manifest", "kind"}) EXPECT_TRUE(has(card.text, w)) << w << "\n" << card.text;
  const Output layer = tabula("new layer --help");
  for (const char* w : {"--patches", "--extends", "--packs"}) EXPECT_TRUE(has(layer.text, w)) << w << "\n" << layer.text;
}

// A new game: check, its scenario (a whole game), play and run.
TEST_F(NewCommand, PackIsAGameThatPassesAtOnce) {
  const Output o = tabula("new pack games/race --seats 3");
  ASSERT_EQ(o.code, 0) << o.text;
  for (const char* f : {"pack.toml", "rules.lua", "texts.toml", "scenarios/race.toml"}) {
    EXPECT_TRUE(fs::is_regular_file(tmp_ / "games/race" / f)) << f;
    EXPECT_TRUE(has(o.text, std::string("wrote games/race/") + f)) << o.text;
  }
  EXPECT_TRUE(has(o.text, "tabula check games/race")) << o.text;
  passes("games/race", "games/race");
  const Output check = tabula("check games/race");
  EXPECT_TRUE(has(check.text, "missing Czech translations (0)")) << check.text;
  const Output play = tabula("play games/race --seats random,random,random --seed 4");
  EXPECT_EQ(play.code, 0) << play.text;
  EXPECT_TRUE(has(play.text, "reaches the goal and wins")) << play.text;
  // --id names the pack whatever its folder is called.
  const Output named = tabula("new pack games/folder --id dash --seats 1");
  ASSERT_EQ(named.code, 0) << named.text;
  EXPECT_TRUE(has(read_file(tmp_ / "games/folder/pack.toml"), "id = \"dash\"")) << named.text;
  passes("games/folder", "games/folder");
}

// A house rule over Dungeon Lords, found in the content folder; its examples
// are real: made live, they still load and play.
TEST_F(NewCommand, LayerOverDungeonLordsPassesAtOnce) {
  const Output o = tabula("new layer mods/angry-trolls --patches dungeon-lords");
  ASSERT_EQ(o.code, 0) << o.text;
  const std::string pack = read_file(tmp_ / "mods/angry-trolls/pack.toml");
  EXPECT_TRUE(has(pack, "patches = \"dungeon-lords\"")) << pack;
  EXPECT_TRUE(has(pack, "# [params]")) << pack;
  const std::string changes = read_file(tmp_ / "mods/angry-trolls/changes.toml");
  EXPECT_TRUE(has(changes, "# [change.")) << changes;
  EXPECT_TRUE(has(o.text, "tabula run dungeon-lords --with mods/angry-trolls")) << o.text;
  passes("mods/angry-trolls", "dungeon-lords --with mods/angry-trolls");
  const Output check = tabula("check mods/angry-trolls");
  EXPECT_TRUE(has(check.text, "2 layers (dungeon-lords < angry-trolls)")) << check.text;

  write_file(tmp_ / "mods/angry-trolls/pack.toml", uncomment_after(pack, "manifests"));
  write_file(tmp_ / "mods/angry-trolls/changes.toml", uncomment_after(changes, "For example"));
  const Output live = tabula("check mods/angry-trolls");
  EXPECT_EQ(live.code, 0) << live.text << read_file(tmp_ / "mods/angry-trolls/changes.toml");
  EXPECT_TRUE(has(read_file(tmp_ / "mods/angry-trolls/changes.toml"), "\n[change.")) << "nothing was uncommented";
  const Output games = tabula("run dungeon-lords --with mods/angry-trolls --games 2");
  EXPECT_TRUE(has(games.text, "finished: 2/2")) << games.text;
}

// The base is found through --packs and $TABULA_PATH as well: here the
// content folder is elsewhere, so only they can find it.
TEST_F(NewCommand, LayerFindsItsBaseOnTheSearchPath) {
  const std::string content = quote(std::string(TABULA_SOURCE_DIR) + "/content");
  const std::string nowhere = "TABULA_CONTENT=" + quote((tmp_ / "no-content").string());
  const Output lost = tabula("new layer mods/a --patches dungeon-lords", nowhere);
  EXPECT_EQ(lost.code, 1) << lost.text;
  EXPECT_TRUE(has(lost.text, "tabula: error: no pack 'dungeon-lords'")) << lost.text;
  EXPECT_FALSE(fs::exists(tmp_ / "mods/a"));

  const Output by_option = tabula("new layer mods/a --patches dungeon-lords --packs " + content, nowhere);
  ASSERT_EQ(by_option.code, 0) << by_option.text;
  EXPECT_TRUE(has(by_option.text, "tabula check mods/a --packs ")) << by_option.text;
  passes("mods/a", "dungeon-lords --with mods/a", nowhere, " --packs " + content);

  const std::string path = nowhere + " TABULA_PATH=" + content;
  const Output by_env = tabula("new layer mods/b --extends dungeon-lords", path);
  ASSERT_EQ(by_env.code, 0) << by_env.text;
  EXPECT_TRUE(has(read_file(tmp_ / "mods/b/pack.toml"), "extends = \"dungeon-lords\""));
  passes("mods/b", "dungeon-lords --with mods/b", path);
}

// A new monster in a new layer over Dungeon Lords, without and with --like.
TEST_F(NewCommand, CardMonsterInALayer) {
  ASSERT_EQ(tabula("new layer mods/beasts --patches dungeon-lords").code, 0);
  const Output plain = tabula("new card mods/beasts monster grumpy");
  ASSERT_EQ(plain.code, 0) << plain.text;
  const fs::path dir = tmp_ / "mods/beasts";
  EXPECT_TRUE(has(read_file(dir / "pack.toml"), "manifests = [\"changes.toml\", \"monsters.toml\"]"))
      << read_file(dir / "pack.toml");
  const std::string entry = read_file(dir / "monsters.toml");
  for (const char* w : {"[grumpy]", "kind = \"monster\"", "script = \"monsters/grumpy.lua\"", "attack = 0",
                        "room_bonus = 1", "name = { en = \"Grumpy\" }"})
    EXPECT_TRUE(has(entry, w)) << w << "\n" << entry;
  const std::string script = read_file(dir / "monsters/grumpy.lua");
  EXPECT_TRUE(has(script, "function M.attack(ctx)")) << script;
  EXPECT_TRUE(has(script, "the monster's attack in a combat round")) << "the kind's own comment\n" << script;
  EXPECT_TRUE(fs::is_regular_file(dir / "scenarios/grumpy.toml"));
  passes("mods/beasts", "dungeon-lords --with mods/beasts");

  const Output like = tabula("new card mods/beasts monster angry_troll --like troll");
  ASSERT_EQ(like.code, 0) << like.text;
  EXPECT_TRUE(has(like.text, "[angry_troll] added")) << like.text;
  // It says which lists deal the troll, and how the layer adds the new one.
  EXPECT_TRUE(has(like.text, "no list deals angry_troll yet")) << like.text;
  EXPECT_TRUE(has(like.text, "The lists that name troll (in [params] or [setups]): monster_pile_y1, monster_pile_y2, "))
      << like.text;
  EXPECT_TRUE(has(like.text, "practice_boards[1].monsters")) << like.text;
  EXPECT_TRUE(has(like.text, "To deal it, add to the layer's pack.toml:\n  [params.monster_pile_y1]\n  append = [\"angry_troll\"]\n"))
      << like.text;
  const std::string entries = read_file(dir / "monsters.toml");
  EXPECT_TRUE(has(entries, "[grumpy]") && has(entries, "[angry_troll]")) << entries;
  EXPECT_TRUE(has(entries, "tags = [\"food_eater\", \"troll_token\"]")) << entries;
  EXPECT_TRUE(has(entries, "attack = 3\nattack_alt = 4")) << entries;
  const std::string troll = read_file(dir / "monsters/angry_troll.lua");
  EXPECT_TRUE(has(troll, "require \"monsters.troll\"")) << troll;
  EXPECT_TRUE(has(troll, "return like.attack(ctx)")) << troll;
  passes("mods/beasts", "dungeon-lords --with mods/beasts");
  const Output scenario = tabula("scenario mods/beasts/scenarios/angry_troll.toml");
  EXPECT_TRUE(has(scenario.text, "PASS")) << scenario.text;

  // Dealt in every game (half the year-1 monsters), the copy plays as the troll.
  write_file(dir / "pack.toml", read_file(dir / "pack.toml") +
                                    "\n[params.monster_pile_y1]\nremove = [\"troll\", \"troll\"]\n"
                                    "append = [\"angry_troll\", \"angry_troll\", \"angry_troll\", \"angry_troll\","
                                    " \"angry_troll\", \"angry_troll\"]\n");
  const Output dealt = tabula("run dungeon-lords --with mods/beasts --games 5");
  EXPECT_TRUE(has(dealt.text, "finished: 5/5")) << dealt.text;
  EXPECT_TRUE(has(dealt.text, "script errors: 0")) << dealt.text;
}

// A Thunderstone card (a kind that requires no function), in a layer.
TEST_F(NewCommand, CardInAThunderstoneLayer) {
  ASSERT_EQ(tabula("new layer ts-mod --patches thunderstone-dragonspire").code, 0);
  const Output plain = tabula("new card ts-mod card lantern");
  ASSERT_EQ(plain.code, 0) << plain.text;
  const std::string entry = read_file(tmp_ / "ts-mod/cards.toml");
  EXPECT_TRUE(has(entry, "# gold: integer, no value (nil) unless given")) << entry;
  const Output like = tabula("new card ts-mod card rations --like iron_rations");
  ASSERT_EQ(like.code, 0) << like.text;
  // Thunderstone deals a basic card by its properties, not by a list: said so.
  EXPECT_TRUE(has(like.text, "No parameter or setup of the packs names iron_rations: the rules find iron_rations by its "
                             "properties or tags (--like copied iron_rations's"))
      << like.text;
  EXPECT_TRUE(has(read_file(tmp_ / "ts-mod/cards/rations.lua"), "require \"cards.scripts.iron_rations\""));
  passes("ts-mod", "thunderstone-dragonspire --with ts-mod");
}

// A kind whose contract names a function in a nested table: the new
// script makes the table (a copy of --like's), and check finds both.
TEST_F(NewCommand, CardScriptHasDottedRequiredFunctions) {
  write_file(tmp_ / "tokens/pack.toml",
             "[pack]\nid = \"tokens\"\nrules = \"rules.lua\"\nmanifests = [\"tokens.toml\"]\n"
             "[kinds.token]\nrequires = [\"play\", \"phases.act\"]\n[kinds.token.props]\n"
             "worth = { type = \"int\", default = 2 }\n[zones.table]\n"
             "[flow]\nroot = \"game\"\n[flow.game]\nhook = \"start\"\n");
  write_file(tmp_ / "tokens/rules.lua", "return { start = function() tabula.game_over({ winners = {} }) end }\n");
  write_file(tmp_ / "tokens/tokens.toml", "[coin]\nkind = \"token\"\nscript = \"coin.lua\"\n");
  write_file(tmp_ / "tokens/coin.lua",
             "return { play = function(ctx) end, phases = { act = function(ctx) end, rest = function(ctx) end } }\n");
  ASSERT_EQ(tabula("new card tokens token bead").code, 0);
  const Output like = tabula("new card tokens token gem --like coin");
  ASSERT_EQ(like.code, 0) << like.text;
  const std::string gem = read_file(tmp_ / "tokens/tokens/gem.lua");
  EXPECT_TRUE(has(gem, "function M.phases.act(ctx)\n  return like.phases.act(ctx)")) << gem;
  EXPECT_TRUE(has(read_file(tmp_ / "tokens/tokens/bead.lua"), "function M.phases.act(ctx)"));
  const Output check = tabula("check tokens");
  EXPECT_EQ(check.code, 0) << check.text;
  const Output scenario = tabula("scenario tokens/scenarios");
  EXPECT_EQ(scenario.code, 0) << scenario.text;
  EXPECT_TRUE(has(scenario.text, "2 passed")) << scenario.text;
}

// The manifests list is edited in place: comments and layout stay.
TEST_F(NewCommand, CardEditsTheManifestListMinimally) {
  const std::string pack =
      "# my notes\n[pack]\nid = \"notes\"   # keep me\npatches = \"dungeon-lords\"\n"
      "manifests = [\n  \"a.toml\",  # first\n  \"b.toml\"  # second\n]\n\n# the end\n";
  write_file(tmp_ / "notes/pack.toml", pack);
  write_file(tmp_ / "notes/a.toml", "# nothing yet\n");
  write_file(tmp_ / "notes/b.toml", "");
  ASSERT_EQ(tabula("new card notes trap spiky").code, 0);
  std::string want = pack;
  want.insert(want.find("\"b.toml\"") + 8, ", \"traps.toml\"");
  EXPECT_EQ(read_file(tmp_ / "notes/pack.toml"), want);

  // No manifests key yet: one line under [pack]; --manifest names the file.
  write_file(tmp_ / "bare/pack.toml", "[pack]\nid = \"bare\"\npatches = \"dungeon-lords\"\n# done\n");
  ASSERT_EQ(tabula("new card bare monster blob --manifest more/beasts.toml").code, 0);
  EXPECT_EQ(read_file(tmp_ / "bare/pack.toml"),
            "[pack]\nmanifests = [\"more/beasts.toml\"]\nid = \"bare\"\npatches = \"dungeon-lords\"\n# done\n");
  EXPECT_TRUE(has(read_file(tmp_ / "bare/more/beasts.toml"), "[blob]"));
  // An existing manifest of the pack is appended to.
  ASSERT_EQ(tabula("new card notes trap spiky2 --manifest a.toml").code, 0);
  EXPECT_TRUE(has(read_file(tmp_ / "notes/a.toml"), "# nothing yet\n\n# Spiky2"));
  for (const char* dir : {"notes", "bare"}) {
    const Output check = tabula(std::string("check ") + dir);
    EXPECT_EQ(check.code, 0) << check.text;
    const Output scenario = tabula(std::string("scenario ") + dir + "/scenarios");
    EXPECT_EQ(scenario.code, 0) << scenario.text;
  }
}

// Each refusal is one clear line and leaves every file as it was.
TEST_F(NewCommand, RefusalsSayWhyAndWriteNothing) {
  ASSERT_EQ(tabula("new layer mods/m --patches dungeon-lords").code, 0);
  ASSERT_EQ(tabula("new pack games/g").code, 0);
  write_file(tmp_ / "mods/m/traps/spiky.lua", "return {}\n");
  write_file(tmp_ / "mods/m/loose.toml", "# not a manifest\n");
  write_file(tmp_ / "plain/readme.txt", "no pack here\n");
  const auto before = snapshot(tmp_);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"new card mods/m monstr x", "declares no kind 'monstr' (did you mean 'monster'?)"},
      {"new card mods/m zzzzzz x", "(its kinds: combat_card, event, hero, monster"},
      {"new card mods/m monster troll", "'troll' is already defined (layer dungeon-lords"},
      {"new card mods/m monster x --like goblinn", "no definition 'goblinn' (did you mean 'goblin'?)"},
      {"new card mods/m trap x --like troll", "'troll' is a monster, not a trap"},
      {"new card plain monster x", "'plain' is not a pack folder: it has no pack.toml"},
      {"new card mods/m trap spiky", "'mods/m/traps/spiky.lua' exists"},
      {"new card mods/m trap x --manifest loose.toml", "exists but is not one of the pack's manifests"},
      {"new card mods/m trap x --manifest ../out.toml", "a .toml file inside the pack's folder"},
      {"new card mods/m trap 'a b'", "'a b' is not a plain id"},
      {"new pack games/g", "'games/g/pack.toml' exists"},
      {"new layer mods/m --patches dungeon-lords", "'mods/m/pack.toml' exists"},
      {"new layer mods/n", "needs one of --patches PACK"},
      {"new layer mods/n --patches nowhere", "no pack 'nowhere'"},
      {"new layer mods/n --patches " + quote(std::string(TABULA_SOURCE_DIR) + "/tests/packs/duel"),
       "finds the pack it builds on by its id, 'duel'"},
  };
  for (const auto& [args, why] : cases) {
    const Output o = tabula(args);
    EXPECT_EQ(o.code, 1) << args << "\n" << o.text;
    EXPECT_TRUE(has(o.text, "tabula: error: ") && has(o.text, why)) << args << "\n" << o.text;
    EXPECT_FALSE(has(o.text, "wrote ")) << args << "\n" << o.text;
  }
  EXPECT_EQ(snapshot(tmp_), before);
}

// A pack may come with links in it. A folder `tabula new` writes into, or
// a file it writes or edits, that is a link (out of the pack, or anywhere)
// is refused with its path, and nothing is written: here the links lead to
// files and a folder outside, which stay as they were.
TEST_F(NewCommand, NoFileIsWrittenThroughALink) {
  ASSERT_EQ(tabula("new layer mods/m --patches dungeon-lords").code, 0);
  write_file(tmp_ / "outside/victim.txt", "keep me\n");
  fs::create_directories(tmp_ / "outside/folder");
  const fs::path m = tmp_ / "mods/m";
  fs::copy_file(m / "pack.toml", tmp_ / "outside/pack.toml");
  const auto refused = [&](const std::string& args, const std::string& why) {
    const auto before = snapshot(tmp_);
    const Output o = tabula(args);
    EXPECT_EQ(o.code, 1) << args << "\n" << o.text;
    EXPECT_TRUE(has(o.text, "tabula: error: refusing to write " + why)) << args << "\n" << o.text;
    EXPECT_FALSE(has(o.text, "wrote ")) << args << "\n" << o.text;
    EXPECT_EQ(snapshot(tmp_), before) << args;
    EXPECT_EQ(read_file(tmp_ / "outside/victim.txt"), "keep me\n") << args;
    EXPECT_TRUE(fs::is_empty(tmp_ / "outside/folder")) << args;
  };
  const std::string link = "is a symbolic link (tabula writes no file through a link)";

  // The folder of the card's script, and the scenarios folder.
  fs::create_directory_symlink(tmp_ / "outside/folder", m / "monsters");
  refused("new card mods/m monster grr", "'mods/m/monsters/grr.lua': 'mods/m/monsters' " + link);
  fs::remove(m / "monsters");
  fs::rename(m / "scenarios", tmp_ / "scenarios-kept");
  fs::create_directory_symlink(tmp_ / "outside/folder", m / "scenarios");
  refused("new card mods/m monster grr", "'mods/m/scenarios/grr.toml': 'mods/m/scenarios' " + link);
  fs::remove(m / "scenarios");
  fs::rename(tmp_ / "scenarios-kept", m / "scenarios");
  // The new file itself, already there as a link.
  fs::create_symlink(tmp_ / "outside/victim.txt", m / "scenarios/grr.toml");
  refused("new card mods/m monster grr", "'mods/m/scenarios/grr.toml': it " + link);
  fs::remove(m / "scenarios/grr.toml");
  // pack.toml, which gains the new manifest (the pack loads through it).
  fs::remove(m / "pack.toml");
  fs::create_symlink(tmp_ / "outside/pack.toml", m / "pack.toml");
  const std::string pack_toml = read_file(tmp_ / "outside/pack.toml");
  refused("new card mods/m monster grr", "'mods/m/pack.toml': it " + link);
  EXPECT_EQ(read_file(tmp_ / "outside/pack.toml"), pack_toml);
  fs::remove(m / "pack.toml");
  fs::copy_file(tmp_ / "outside/pack.toml", m / "pack.toml");

  // A manifest the pack lists, which gains the entry: a link even inside
  // the pack (out of it, the pack would not load).
  ASSERT_EQ(tabula("new card mods/m monster grr").code, 0);
  fs::create_directories(m / "kept");
  fs::rename(m / "monsters.toml", m / "kept/monsters.toml");
  fs::create_symlink("kept/monsters.toml", m / "monsters.toml");
  const std::string monsters = read_file(m / "kept/monsters.toml");
  refused("new card mods/m monster grr2", "'mods/m/monsters.toml': it " + link);
  EXPECT_EQ(read_file(m / "kept/monsters.toml"), monsters);

  // A new pack in a folder that has a scenarios link already.
  fs::create_directories(tmp_ / "games/g");
  fs::create_directory_symlink(tmp_ / "outside/folder", tmp_ / "games/g/scenarios");
  refused("new pack games/g", "'games/g/scenarios/g.toml': 'games/g/scenarios' " + link);
  EXPECT_FALSE(fs::exists(tmp_ / "games/g/pack.toml"));
}

}  // namespace
