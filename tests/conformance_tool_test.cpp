// `tabula conformance` on the test packs built to leak (tests/packs/leaky
// and its layers): each fails with the violation located and a command line
// that finds it again; the layer that leaks nothing passes. And `tabula
// check` finds a text key that no texts file declares.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "core/rules/engine.h"
#include "core/search/conformance.h"
#include "tests/tool_run.h"

namespace fs = std::filesystem;
using namespace tabula;
using namespace tabula::testing_support;

namespace {

Output tabula_cli(const std::string& args) {
  if (!fs::exists(tabula_tool())) return {-1, "no " + tabula_tool() + ": build the tabula target first"};
  return run_shell("cd " + quote(TABULA_SOURCE_DIR) + " && " + quote(tabula_tool()) + " " + args);
}

// The line of the output that starts with `head`.
std::string line_of(const std::string& text, const std::string& head) {
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    if (text.compare(at, head.size(), head) == 0) return text.substr(at, end - at);
    at = end + 1;
  }
  return "";
}

// A log line that names the card drawn from the hidden deck to every seat.
TEST(ConformanceTool, ALogLineNamingAHiddenCardFails) {
  Output o = tabula_cli("conformance tests/packs/leaky");
  EXPECT_EQ(o.code, 1) << o.text;
  const std::string fail = line_of(o.text, "FAIL ");
  EXPECT_TRUE(has(fail, "FAIL pack leaky, default start, 2 seats, seed 1, step 2, the onlooker: leak: the onlooker reads "
                        "the journal line 'leaky.drew', \"Seat 2 draws "))
      << o.text;
  EXPECT_TRUE(has(fail, "\", which names entity #")) << fail;
  EXPECT_TRUE(has(fail, ", in hand@2) in {card:name}: the onlooker may not know it")) << fail;
  EXPECT_TRUE(has(o.text, "choices before it (seat: option): 1: table2; 2: draw;\n")) << o.text;
  const std::string again = line_of(o.text, "  again: ");
  EXPECT_EQ(again, "  again: tabula conformance tests/packs/leaky --seats 2 --seed 1 --games 1") << o.text;
  // The command line it gives finds the same violation.
  Output a = tabula_cli(again.substr(std::string("  again: tabula ").size()));
  EXPECT_EQ(a.code, 1) << a.text;
  EXPECT_EQ(line_of(a.text, "FAIL "), fail);
}

// A blind pick whose option labels name the face-down cards it offers.
TEST(ConformanceTool, AnOptionLabelNamingAFaceDownCardFails) {
  Output o = tabula_cli("conformance tests/packs/leaky-label");
  EXPECT_EQ(o.code, 1) << o.text;
  const std::string fail = line_of(o.text, "FAIL ");
  EXPECT_TRUE(has(fail, "FAIL pack leaky-label, default start, 2 seats, seed 1, step 0, seat 1: leak: seat 1 reads the "
                        "label of its option 'table1' 'leaky.card', \""))
      << o.text;
  EXPECT_TRUE(has(fail, ", in table face down) in {card:name}: seat 1 may not know it")) << fail;
}

// The same leak as the first, with the card's definition passed as a plain
// string: found from the argument, which is exactly a definition's id.
TEST(ConformanceTool, ADefinitionGivenAsAStringFails) {
  Output o = tabula_cli("conformance tests/packs/leaky-string");
  EXPECT_EQ(o.code, 1) << o.text;
  const std::string fail = line_of(o.text, "FAIL ");
  EXPECT_TRUE(has(fail, "leak: the onlooker reads the journal line 'leaky.drew_what', \"Seat 2 draws ")) << o.text;
  EXPECT_TRUE(has(fail, "which gives {what} the string '")) << fail;
  EXPECT_TRUE(has(fail, ": the onlooker sees no entity of it, and one lies hidden from it")) << fail;
}

// docs/security.md, "Hidden entities carry no identity": the ids of
// face-down cards in a public variable, or as a blind pick's option ids,
// let a seat tell the cards apart (an id is the same card in every game).
TEST(ConformanceTool, AnIdOfAHiddenCardWhereASeatReadsItFails) {
  Output o = tabula_cli("conformance tests/packs/leaky-id");
  EXPECT_EQ(o.code, 1) << o.text;
  std::string fail = line_of(o.text, "FAIL ");
  EXPECT_TRUE(has(fail, "FAIL pack leaky-id, default start, 2 seats, seed 1, step 0, the onlooker: identity: the onlooker can tell "
                        "entity #"))
      << o.text;
  EXPECT_TRUE(has(fail, ", in table face down) by its id: view.vars.on_table[0] holds it (")) << fail;
  o = tabula_cli("conformance tests/packs/leaky-option-id");
  EXPECT_EQ(o.code, 1) << o.text;
  fail = line_of(o.text, "FAIL ");
  EXPECT_TRUE(has(fail, "step 0, seat 1: identity: seat 1 can tell entity #")) << o.text;
  EXPECT_TRUE(has(fail, ", in table face down) by its id: view.decisions[0].options[1].id holds it ('card")) << fail;
}

TEST(ConformanceTool, APackThatKeepsItsSecretsPasses) {
  Output o = tabula_cli("conformance tests/packs/leaky-fixed --games 5");
  EXPECT_EQ(o.code, 0) << o.text;
  EXPECT_TRUE(has(o.text, "conformance leaky-fixed: 1 start, 5 random games each (seeds 1..5)")) << o.text;
  EXPECT_TRUE(has(o.text, "  ok  default start, 2 seats")) << o.text;
  EXPECT_TRUE(has(o.text, "OK leaky-fixed: 1 start, 5 games, ")) << o.text;
}

// --log writes the failing game up to the violation, which replays.
TEST(ConformanceTool, TheFailingGamesLogReplays) {
  const fs::path log = fs::temp_directory_path() / ("tabula-conformance-" + std::to_string(::getpid()) + ".json");
  Output o = tabula_cli("conformance tests/packs/leaky-label --log " + quote(log.string()));
  EXPECT_EQ(o.code, 1) << o.text;
  ASSERT_TRUE(fs::exists(log)) << o.text;
  Output r = tabula_cli("replay " + quote(log.string()));
  EXPECT_EQ(r.code, 0) << r.text;
  fs::remove(log);
}

// The check itself, called as the test suite calls it: the texts are judged
// by their arguments, so a line naming a card the reader knows is fine.
TEST(ConformanceTool, TextLeaksAreJudgedByTheirArguments) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/leaky-fixed");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 2);
  int seat = -2;
  EXPECT_EQ(text_leaks(e, nullptr, s, seat), "");
  // Seat 1 draws; a line to seat 1 alone naming the card is fine, the same
  // line to every seat is not.
  ASSERT_TRUE(e.apply(s, 0, "draw").ok);
  const EntityId drawn = s.zones[static_cast<size_t>(e.zone_of_def(s, "hand", 0))].items.back();
  TextRef line{e.packs().text_id("leaky.drew"), Value::dict()};
  line.args.set("seat", Value(1));
  line.args.set("card", Value(static_cast<int64_t>(drawn)));
  s.journal = {{0, line, {}}};
  EXPECT_EQ(text_leaks(e, nullptr, s, seat), "");
  s.journal = {{-1, line, {}}};
  EXPECT_NE(text_leaks(e, nullptr, s, seat), "");
  EXPECT_EQ(seat, -1);
}

TEST(ConformanceTool, CheckFindsATextKeyNoTextsFileDeclares) {
  const fs::path dir = fs::temp_directory_path() / ("tabula-texts-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy(fs::path(TABULA_SOURCE_DIR) / "tests/packs/leaky", dir / "leaky", fs::copy_options::recursive);
  std::string rules = read_file(dir / "leaky/rules.lua");
  const std::string from = "T.log { \"leaky.drew_one\", seat = seat }";
  ASSERT_NE(rules.find(from), std::string::npos);
  rules.replace(rules.find(from), from.size(), "T.log { \"leaky.drew_on\", seat = seat }");
  write_file(dir / "leaky/rules.lua", rules);
  Output o = tabula_cli("check " + quote((dir / "leaky").string()));
  EXPECT_EQ(o.code, 1) << o.text;
  EXPECT_TRUE(has(o.text, "leaky/rules.lua:42:16: error: the text 'leaky.drew_on' is declared in no texts file of the "
                          "packs (did you mean 'leaky.drew_one'?)"))
      << o.text;
  fs::remove_all(dir);
}

}  // namespace

// Games are isolated (ENGINE.md invariant 15): the conformance check plays
// the first game again after the others and wants the hashes of its first
// run. An engine whose history reaches later games fails it. Here the
// history is a test's forced chance that starts forcing the die at the
// second game: every later game agrees with its own replay, but the first
// game, played again, rolls differently.
TEST(ConformanceTool, AnEngineWhoseHistoryReachesLaterGamesFails) {
  struct LoadedDie : ForcedChance {
    bool on = false;
    bool random(uint64_t, uint64_t& out) override { return on && (out = 0, true); }
    bool shuffle(const State&, int, std::vector<EntityId>&) override { return false; }
  };
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/dice");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  ConformanceConfig cfg;
  cfg.games = 3;
  cfg.watched = 0;
  cfg.seed_game = false;
  const ConformanceStart start{"", {}, 2};
  const ConformanceReport fair = check_conformance(e, start, cfg);
  EXPECT_TRUE(fair.ok) << located(fair.first);
  LoadedDie die;
  e.force_chance(&die);
  const ConformanceReport loaded = check_conformance(e, start, cfg, [&](uint64_t game) { die.on = game > 0; });
  e.force_chance(nullptr);
  ASSERT_FALSE(loaded.ok);
  EXPECT_EQ(loaded.first.check, "isolation");
  EXPECT_NE(located(loaded.first).find("the first game, played again after 2 other games in the same engine, differs from its first run"),
            std::string::npos)
      << located(loaded.first);
}
