// Modding edges of issue 29, item 8, through the built tool: `check` on a
// small layer lists the layer's own findings and counts the base's (--all
// lists them, --json keeps them all with their layer); a layer that changes
// a number a card's text below still states is warned about; and a seat
// count that only some setups play is refused with those setups named.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/tool_run.h"

namespace fs = std::filesystem;
using namespace tabula::testing_support;
using nlohmann::json;

namespace {

class CheckLayers : public testing::Test {
 protected:
  void SetUp() override {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    tmp_ = fs::temp_directory_path() / ("tabula-check-layers-" + std::to_string(getpid()) + "-" + info->name());
    fs::remove_all(tmp_);
    fs::create_directories(tmp_);
  }
  void TearDown() override { fs::remove_all(tmp_); }

  // `tabula ARGS` from the temporary folder (the content folder is found as
  // an installed tool finds it).
  Output tabula(const std::string& args) const {
    return run_shell("cd " + quote(tmp_.string()) + " && " + quote(tabula_tool()) + " " + args);
  }

  // A house rule of Dungeon Lords in mods/NAME with `changes` as its manifest.
  void layer(const std::string& name, const std::string& changes) const {
    write_file(tmp_ / "mods" / name / "pack.toml", "[pack]\nid = \"" + name +
                                                       "\"\npatches = \"dungeon-lords\"\nmanifests = [\"changes.toml\"]\n");
    write_file(tmp_ / "mods" / name / "changes.toml", changes);
  }

  fs::path tmp_;
};

}  // namespace

// The layer's own finding (a name without Czech) shows; the base's
// provisional values are counted on one line that says how to see them.
TEST_F(CheckLayers, ALayerSeesItsOwnFindingsFirst) {
  layer("grumpy", "[change.troll]\nname = { en = \"Grumpy Troll\" }\n");
  const Output own = tabula("check mods/grumpy");
  ASSERT_EQ(own.code, 0) << own.text;
  EXPECT_TRUE(has(own.text, "provisional values (0)\n")) << own.text;
  EXPECT_TRUE(has(own.text, "missing Czech translations (1), shown in English:\n  name troll  ["))
      << own.text;
  EXPECT_TRUE(has(own.text, "provisional values of the layers below (dungeon-lords); `tabula check mods/grumpy --all` lists them"))
      << own.text;

  const Output all = tabula("check mods/grumpy --all");
  ASSERT_EQ(all.code, 0) << all.text;
  EXPECT_FALSE(has(all.text, "provisional values (0)")) << all.text;
  EXPECT_FALSE(has(all.text, "not shown:")) << all.text;

  // The base checked alone is all its own.
  const Output base = tabula("check dungeon-lords");
  EXPECT_FALSE(has(base.text, "not shown:")) << base.text;

  // --json keeps every finding, each with its layer.
  const json j = json::parse(tabula("check mods/grumpy --json").text);
  EXPECT_EQ(j["checked_layers"], json::array({"grumpy"}));
  ASSERT_FALSE(j["provisional"].empty());
  EXPECT_EQ(j["provisional"][0]["layer"], "dungeon-lords");
  bool own_missing = false;
  for (const auto& m : j["missing_translations"]) own_missing = own_missing || m["layer"] == "grumpy";
  EXPECT_TRUE(own_missing) << j["missing_translations"].dump();
}

// A layer changes a number the base's text states as a plain word: a
// located warning with the text and a hint to use a slot. The troll's own
// text names its properties, so changing its attack warns of nothing.
TEST_F(CheckLayers, ATextThatStillStatesTheOldNumberIsWarnedAbout) {
  layer("trolls", "[change.troll]\nprops = { attack = 4, attack_alt = 5 }\n");
  const Output slots = tabula("check mods/trolls");
  ASSERT_EQ(slots.code, 0) << slots.text;
  EXPECT_FALSE(has(slots.text, "still says")) << slots.text;

  layer("old-words", "[change.troll]\ntext = { en = \"Standard 3, or pay 1 food: standard 4.\" }\n");
  write_file(tmp_ / "mods" / "stronger" / "pack.toml",
             "[pack]\nid = \"stronger\"\npatches = \"old-words\"\nmanifests = [\"changes.toml\"]\n");
  write_file(tmp_ / "mods" / "stronger" / "changes.toml", "[change.troll]\nprops = { attack_alt = 6 }\n");
  const Output stale = tabula("check mods/stronger --packs mods");
  EXPECT_TRUE(has(stale.text, "mods/stronger/changes.toml:2:24: warning: entities.troll.props.attack_alt: troll's text "
                              "(layer old-words) still says 4, the attack_alt before this layer made it 6"))
      << stale.text;
  EXPECT_TRUE(has(stale.text, "write {attack_alt}")) << stale.text;
  // The text changed in the same layer as the number: nothing to warn.
  write_file(tmp_ / "mods" / "stronger" / "changes.toml",
             "[change.troll]\nprops = { attack_alt = 6 }\ntext = { en = \"Standard 3, or pay 1 food: standard 6.\" }\n");
  const Output fresh = tabula("check mods/stronger --packs mods");
  EXPECT_FALSE(has(fresh.text, "still says")) << fresh.text;
}

// Dungeon Lords' whole game is for 2 to 4; one seat plays a practice
// dungeon or the skirmish ([seats] game_min = 2): said plainly, not as a
// script error.
TEST_F(CheckLayers, ASeatCountOnlySomeSetupsPlayNamesThem) {
  for (const char* cmd : {"play dungeon-lords --players 1", "run dungeon-lords --players 1 --games 1"}) {
    const Output o = tabula(cmd);
    EXPECT_EQ(o.code, 1) << o.text;
    EXPECT_TRUE(has(o.text, "tabula: error: pack 'dungeon-lords' is played by 2 to 4 seats; 1 seat plays only a setup: "
                            "--setup practice-1, practice-1-room, practice-2, practice-3, practice-4 or skirmish\n"))
        << o.text;
    EXPECT_FALSE(has(o.text, "script error")) << o.text;
  }
  const Output practice = tabula("run dungeon-lords --setup practice-1 --games 1");
  EXPECT_EQ(practice.code, 0) << practice.text;
  const Output skirmish = tabula("run dungeon-lords --setup skirmish --players 1 --games 1");
  EXPECT_EQ(skirmish.code, 0) << skirmish.text;
  // A pack whose game_min lies outside its range is a located error.
  write_file(tmp_ / "bad" / "pack.toml", "[pack]\nid = \"bad\"\npatches = \"dungeon-lords\"\n[seats]\ngame_min = 5\n");
  const Output bad = tabula("check bad");
  EXPECT_EQ(bad.code, 1) << bad.text;
  EXPECT_TRUE(has(bad.text, "bad/pack.toml:5:12: error: seats.game_min: need min <= game_min <= default")) << bad.text;
}
