// The Dorn catalogue (content/dorn): the pack loads clean, the cards and
// figures are the ones the components list, a sample of their numbers
// matches shared/rules/dorn-components.md (the section is named at each
// check), and `tabula check` lists exactly the values marked provisional.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "core/rules/engine.h"
#include "tests/tool_run.h"

using namespace tabula;
using namespace tabula::testing_support;

namespace {

const std::string kDorn = std::string(TABULA_SOURCE_DIR) + "/content/dorn";

class DornCatalogue : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    LoadResult r = load_pack(kDorn);
    ASSERT_TRUE(r.ok()) << r.report();
    diagnostics_ = r.report();
    diagnostic_count_ = r.diagnostics.size();
    packs_ = std::move(r.packs);
  }
  static void TearDownTestSuite() { packs_.reset(); }

  static const EntityDef& def(const std::string& id) {
    const EntityDef* d = packs_->entity(id);
    if (!d) throw std::runtime_error("no entry " + id);
    return *d;
  }
  static const Value& prop(const std::string& id, const std::string& name) { return dict_get(def(id).props, name); }
  static int64_t num(const std::string& id, const std::string& name) { return prop(id, name).as_int(-1); }
  static std::string str(const std::string& id, const std::string& name) { return std::string(prop(id, name).as_str()); }
  static int64_t effect(const std::string& id, const std::string& key) { return prop(id, "effect").get(key).as_int(-1); }
  static std::vector<int64_t> ints(const Value& v) {
    std::vector<int64_t> out;
    for (const Value& x : v.items()) out.push_back(x.as_int(-1));
    return out;
  }
  static std::vector<int64_t> levels(const std::string& id, const std::string& name) { return ints(prop(id, name)); }
  static int64_t param(const std::string& name) { return packs_->param(name).as_int(-1); }
  static std::vector<std::string> of_kind(const std::string& kind) {
    std::vector<std::string> out;
    for (const auto& [id, d] : packs_->entities)
      if (d.kind == kind) out.push_back(id);
    return out;
  }

  static std::unique_ptr<PackSet> packs_;
  static std::string diagnostics_;
  static size_t diagnostic_count_;
};

std::unique_ptr<PackSet> DornCatalogue::packs_;
std::string DornCatalogue::diagnostics_;
size_t DornCatalogue::diagnostic_count_ = 0;

using V = std::vector<int64_t>;

}  // namespace

TEST_F(DornCatalogue, LoadsWithoutDiagnosticsAndItsScriptsRun) {
  EXPECT_EQ(diagnostic_count_, 0u) << diagnostics_;
  LoadResult r = load_pack(kDorn);
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));  // loads rules.lua and checks the hooks the flow names
  State s = e.new_game(1, 2);
  EXPECT_FALSE(s.over);  // setup (dorn.md §3) stops at the hero players' first Artifact
  ASSERT_FALSE(s.pending.empty());
}

// dorn.md §2.1 and dorn-components.md §9: 9 hero cards, the Zorkal card,
// 8 monster types, 12 Rituals, 12 Blessings, 24 Treasure cards of 15 known
// fronts, 6 Artifacts.
TEST_F(DornCatalogue, CountsMatchTheComponents) {
  EXPECT_EQ(of_kind("hero"), (std::vector<std::string>{"almanor", "choros", "eleanor", "gor", "guelin", "kaerdrak", "ragnar",
                                                       "riel", "vargen"}));
  EXPECT_EQ(of_kind("lord_figure"), std::vector<std::string>{"zorkal"});
  EXPECT_EQ(of_kind("monster"), (std::vector<std::string>{"ghost", "giant_rat", "gorgon", "herman", "mummy", "skeleton",
                                                          "vampire", "zombie"}));
  EXPECT_EQ(of_kind("ritual").size(), 12u);
  EXPECT_EQ(of_kind("blessing").size(), 12u);
  EXPECT_EQ(of_kind("treasure").size(), 15u);
  EXPECT_EQ(of_kind("artifact").size(), 6u);
  EXPECT_EQ(static_cast<int64_t>(of_kind("artifact").size()), param("artifacts_placed"));

  // The deck's copies add up to its size (provisional split, §9: 24 inferred).
  int64_t cards = 0;
  for (const auto& id : of_kind("treasure")) cards += num(id, "copies");
  EXPECT_EQ(param("treasure_cards"), 24);
  EXPECT_EQ(cards, param("treasure_cards"));

  // Monster tokens: 8 per weak type, 4 per strong type (components §9,
  // inferred): 48 in all; the bag holds the 16 strong ones.
  int64_t weak = 0, strong = 0;
  for (const auto& id : of_kind("monster")) (str(id, "weight") == "weak" ? weak : strong) += num(id, "tokens");
  EXPECT_EQ(weak, 32);
  EXPECT_EQ(strong, 16);
}

// Every ability belongs to a hero or Zorkal, from a level 1-3; every
// figure has three levels of values and a weapon that is its own attack.
TEST_F(DornCatalogue, EveryFigureHasThreeLevelsAndItsAbilitiesPointBack) {
  std::map<std::string, int> abilities;
  for (const auto& id : of_kind("ability")) {
    const std::string owner = str(id, "owner");
    ASSERT_NE(packs_->entity(owner), nullptr) << id << " names no figure '" << owner << "'";
    EXPECT_TRUE(def(owner).kind == "hero" || def(owner).kind == "lord_figure") << id;
    EXPECT_GE(num(id, "level"), 1) << id;
    EXPECT_LE(num(id, "level"), param("level_max")) << id;
    const std::string type = str(id, "type");
    EXPECT_TRUE(type == "attack" || type == "spell" || type == "passive") << id << ": " << type;
    ++abilities[owner];
  }
  std::vector<std::string> figures = of_kind("hero");
  figures.push_back("zorkal");
  for (const auto& id : figures) {
    for (const char* list : {"lives", "move", "attacks"})
      EXPECT_EQ(prop(id, list).items().size(), static_cast<size_t>(param("level_max"))) << id << "." << list;
    EXPECT_GE(abilities[id], 3) << id;
    if (id == "gor") {
      EXPECT_TRUE(prop(id, "weapon").is_nil());  // his level-1 spells heal or cost a life (components §3.7)
      continue;
    }
    const std::string weapon = str(id, "weapon");
    ASSERT_NE(packs_->entity(weapon), nullptr) << id;
    EXPECT_EQ(str(weapon, "owner"), id);
    EXPECT_EQ(num(weapon, "level"), 1);
    EXPECT_NE(str(weapon, "type"), "passive") << id;
  }
}

TEST_F(DornCatalogue, HeroValuesPerLevel) {
  // dorn-components.md §3.1 (Movement / Lives / Attacks per level)
  EXPECT_EQ(levels("kaerdrak", "lives"), (V{5, 6, 6}));
  EXPECT_EQ(levels("choros", "move"), (V{5, 6, 6}));
  EXPECT_EQ(levels("choros", "lives"), (V{6, 7, 8}));
  EXPECT_EQ(levels("almanor", "lives"), (V{3, 4, 5}));
  EXPECT_EQ(levels("ragnar", "attacks"), (V{1, 1, 2}));
  EXPECT_EQ(levels("eleanor", "move"), (V{7, 7, 8}));
  EXPECT_EQ(levels("gor", "lives"), (V{5, 5, 6}));  // no rise at level 2
  EXPECT_EQ(levels("guelin", "move"), (V{6, 7, 7}));
  EXPECT_EQ(levels("riel", "lives"), (V{4, 5, 6}));
  EXPECT_EQ(levels("vargen", "attacks"), (V{1, 2, 3}));
  EXPECT_TRUE(prop("almanor", "spells").as_bool());
  EXPECT_TRUE(prop("gor", "spells").as_bool());
  EXPECT_FALSE(prop("kaerdrak", "spells").as_bool());
  // The first-game five (seed §2.b, dorn.md §3 S2).
  std::set<std::string> first;
  for (const auto& id : of_kind("hero"))
    if (prop(id, "first_game").as_bool()) first.insert(id);
  EXPECT_EQ(first, (std::set<std::string>{"almanor", "choros", "eleanor", "kaerdrak", "ragnar"}));

  // dorn-components.md §3.6: the pike reaches exactly 2; Pierce is a boost.
  EXPECT_EQ(str("eleanor_pike", "reach"), "pike");
  EXPECT_EQ(num("eleanor_pike", "range"), 2);
  EXPECT_TRUE(prop("eleanor_pierce", "boost").as_bool());
  EXPECT_EQ(def("eleanor_pierce").name.cs, "Probodnutí");
  EXPECT_EQ(effect("eleanor_elven_walk", "teleport"), 5);
  // §3.8, §3.9: bows shoot 3 and 4; Eagle Eye makes it 5 at level 3.
  EXPECT_EQ(str("guelin_short_bow", "reach"), "shoot");
  EXPECT_EQ(num("guelin_short_bow", "range"), 3);
  EXPECT_EQ(num("riel_long_bow", "range"), 4);
  EXPECT_EQ(num("riel_eagle_eye", "level"), 3);
  EXPECT_EQ(num("riel_eagle_eye", "range"), 5);
  // §3.4: Fireball and Ice Storm are harder spells (1 life); Ice Storm is level 2.
  EXPECT_EQ(num("almanor_fireball", "life_cost"), 1);
  EXPECT_EQ(num("almanor_fireball", "range"), 3);
  EXPECT_EQ(num("almanor_blizzard", "level"), 2);
  EXPECT_EQ(num("almanor_blizzard", "life_cost"), 1);
  EXPECT_EQ(def("almanor_blizzard").name.cs, "Ledová bouře");
  EXPECT_EQ(num("almanor_enchanted_missile", "life_cost"), 0);
  // §3.7: Exorcism deals 2; Holy Peace teleports up to 8.
  EXPECT_EQ(num("gor_exorcism", "damage"), 2);
  EXPECT_EQ(num("gor_exorcism", "life_cost"), 1);
  EXPECT_EQ(effect("gor_holy_peace", "teleport"), 8);
  // §3.3: Whirl (the seed's Otočka) is a once-per-turn boost; Bloody Run +3 for 1 life.
  EXPECT_TRUE(prop("choros_whirl", "once_per_turn").as_bool());
  EXPECT_TRUE(prop("choros_whirl", "boost").as_bool());
  EXPECT_EQ(effect("choros_bloody_run", "move"), 3);
  EXPECT_EQ(num("choros_bloody_run", "life_cost"), 1);
  EXPECT_EQ(num("choros_strength_of_the_earth", "heal"), 2);
  // §3.5: Parry blocks 2.
  EXPECT_EQ(effect("ragnar_parry", "blocks"), 2);
  EXPECT_EQ(num("ragnar_parry", "level"), 2);
}

TEST_F(DornCatalogue, ZorkalPerLevel) {
  // dorn-components.md §4 Z-S1..Z-S3; 4 lives at level 1 is the seed's (§3).
  EXPECT_EQ(levels("zorkal", "lives"), (V{4, 5, 6}));
  EXPECT_EQ(levels("zorkal", "move"), (V{6, 6, 6}));
  EXPECT_EQ(levels("zorkal", "attacks"), (V{2, 3, 4}));
  // Z-A4: Witches' Sabbath, +1 weak by Night from level 2; Z-A6: Pandemonium at level 3.
  EXPECT_EQ(num("zorkal_witches_sabbath", "level"), 2);
  EXPECT_EQ(effect("zorkal_witches_sabbath", "night_weak"), 1);
  EXPECT_EQ(num("zorkal_pandemonium", "level"), 3);
}

TEST_F(DornCatalogue, MonsterValues) {
  // dorn-components.md §5 (move, lives, attacks); tokens §9 (inferred).
  struct Row {
    const char* id;
    const char* weight;
    int64_t move, lives, attacks, xp, tokens;
    const char* spawn;
  };
  const Row rows[] = {
      {"zombie", "weak", 6, 1, 1, 1, 8, "cemetery"},       {"giant_rat", "weak", 7, 1, 1, 1, 8, "sewers"},
      {"herman", "weak", 5, 2, 1, 1, 8, "black_swamp"},    {"skeleton", "weak", 6, 1, 1, 1, 8, "crypt"},
      {"vampire", "strong", 6, 2, 2, 2, 4, "dark_temple"}, {"mummy", "strong", 6, 2, 2, 2, 4, "dark_temple"},
      {"ghost", "strong", 12, 2, 1, 2, 4, "dark_temple"},  {"gorgon", "strong", 6, 2, 1, 2, 4, "dark_temple"},
  };
  for (const Row& r : rows) {
    SCOPED_TRACE(r.id);
    EXPECT_EQ(str(r.id, "weight"), r.weight);
    EXPECT_EQ(num(r.id, "move"), r.move);
    EXPECT_EQ(num(r.id, "lives"), r.lives);
    EXPECT_EQ(num(r.id, "attacks"), r.attacks);
    EXPECT_EQ(num(r.id, "xp"), r.xp);
    EXPECT_EQ(num(r.id, "tokens"), r.tokens);
    ASSERT_EQ(prop(r.id, "spawn").items().size(), 1u);
    EXPECT_EQ(prop(r.id, "spawn").items()[0].as_str(), r.spawn);
  }
  // §5 M4: the skeleton's pike, exactly 2; M8: the gorgon shoots up to 3.
  EXPECT_EQ(str("skeleton", "reach"), "pike");
  EXPECT_EQ(num("skeleton", "range"), 2);
  EXPECT_EQ(str("gorgon", "reach"), "shoot");
  EXPECT_EQ(num("gorgon", "range"), 3);
  EXPECT_EQ(str("zombie", "reach"), "melee");
  // M3, seed §7: the herman acts from the next turn and keeps away from heroes.
  EXPECT_FALSE(prop("herman", "acts_when_summoned").as_bool());
  EXPECT_TRUE(prop("herman", "summon_away_from_heroes").as_bool());
  EXPECT_TRUE(prop("zombie", "acts_when_summoned").as_bool());
  // M5: the bat moves 12 and has no attacks.
  EXPECT_EQ(num("vampire", "bat_move"), 12);
  EXPECT_EQ(num("vampire", "bat_attacks"), 0);
  EXPECT_EQ(def("giant_rat").name.cs, "Obří krysa");
}

TEST_F(DornCatalogue, RitualBlessingAndTreasureValues) {
  // dorn-components.md §6: every Ritual's cost in Blood Drops.
  const std::map<std::string, int64_t> costs = {
      {"slime_of_despair", 4}, {"black_fountain", 3}, {"icy_prison", 7},        {"blood_lust", 6},
      {"hungry_rats", 3},      {"reinforcements", 6}, {"ghostly_transformation", 5}, {"curse_of_the_disciples", 6},
      {"dark_fortress", 4},    {"thorny_portals", 3}, {"the_earth_awakens", 2}, {"zombie_frenzy", 5}};
  std::map<std::string, int64_t> found;
  for (const auto& id : of_kind("ritual")) found[id] = num(id, "cost");
  EXPECT_EQ(found, costs);
  EXPECT_EQ(str("slime_of_despair", "lasts"), "game");
  EXPECT_EQ(str("blood_lust", "lasts"), "turn");
  EXPECT_EQ(num("blood_lust", "move"), 2);
  EXPECT_EQ(num("reinforcements", "weak"), 5);
  EXPECT_EQ(num("the_earth_awakens", "barrier_lives"), 3);
  // §7: Blessings; B2 is the seed's Dvě tváře hrdiny.
  EXPECT_EQ(def("two_faces_of_the_hero").name.cs, "Dvě tváře hrdiny");
  EXPECT_EQ(num("blood_flows_again", "heal"), 3);
  EXPECT_EQ(num("strength_of_wrath", "attacks"), 2);
  EXPECT_EQ(num("burning_legs", "move"), 10);
  EXPECT_EQ(num("i_want_you_dead", "range"), 12);
  // Every Ritual, Blessing, monster and Treasure (cards offered in
  // decisions) shows its text, in English and Czech, and a number the text
  // states is the card's own property (issue 29): §6.7 R3 Icy Prison's 3
  // heroes, §6.8 B8 Wind in the Hair's 5 fields, §6.4 the gorgon's range 3.
  for (const char* kind : {"ritual", "blessing", "monster", "treasure"})
    for (const auto& id : of_kind(kind)) {
      EXPECT_FALSE(def(id).card_text.en.empty()) << id;
      EXPECT_FALSE(def(id).card_text.cs.empty()) << id;
      EXPECT_EQ(def(id).card_text.en.find('{'), std::string::npos) << id << ": " << def(id).card_text.en;
      EXPECT_EQ(def(id).card_text.cs.find('{'), std::string::npos) << id << ": " << def(id).card_text.cs;
    }
  EXPECT_EQ(def("icy_prison").text.en.find("The Lord picks {heroes} {heroes?hero|heroes}. "), 0u);
  EXPECT_EQ(def("icy_prison").card_text.en.find("The Lord picks 3 heroes. "), 0u) << def("icy_prison").card_text.en;
  EXPECT_EQ(def("icy_prison").card_text.cs.find("Pán Dornu vybere 3 hrdiny. "), 0u) << def("icy_prison").card_text.cs;
  EXPECT_EQ(def("wind_in_the_hair").card_text.en, "The hero teleports at once up to 5 fields.");
  EXPECT_EQ(def("wind_in_the_hair").card_text.cs, "Hrdina se ihned teleportuje až o 5 polí.");
  EXPECT_EQ(def("gorgon").card_text.en, "Strong, movement 6. Shoots at a hero up to 3 fields away, by the shooting rules.");
  // §8: Treasure fronts by kind: 2 nothing, 1 trap, 3 monsters, 9 items.
  std::map<std::string, int> kinds;
  for (const auto& id : of_kind("treasure")) ++kinds[str(id, "type")];
  EXPECT_EQ(kinds, (std::map<std::string, int>{{"item", 9}, {"monster", 3}, {"nothing", 2}, {"trap", 1}}));
  EXPECT_EQ(str("hidden_herman", "monster"), "herman");
  EXPECT_EQ(num("scroll_of_the_magic_arrow", "range"), 10);
  EXPECT_EQ(num("scroll_of_scorching_breath", "life_cost"), 1);
  EXPECT_EQ(num("healing_potion", "life_cost"), 0);
  // §9: variant 15.b removes the Artifact with the axe.
  EXPECT_EQ(str(std::string(packs_->param("missing_artifact").as_str()), "picture"), "axe");
}

// The setup and rule numbers the seed gives (dorn.md §3, §4).
TEST_F(DornCatalogue, SetupAndRuleParams) {
  const Value& start = packs_->param("starting_weak");
  EXPECT_EQ(start.get("zombie").as_int(), 2);
  EXPECT_EQ(start.get("giant_rat").as_int(), 1);
  EXPECT_EQ(start.get("herman").as_int(), 1);
  EXPECT_EQ(start.get("skeleton").as_int(), 1);
  int64_t placed = param("starting_strong");
  for (const auto& [type, n] : start.entries()) {
    EXPECT_EQ(def(type).kind, "monster") << type;
    placed += n.as_int();
  }
  EXPECT_EQ(placed, param("start_fields"));  // one per black N field (seed §3)
  EXPECT_EQ(param("heroes_in_game"), 5);
  EXPECT_EQ(param("ritual_hand"), 6);
  EXPECT_EQ(param("blessings_per_hero"), 1);
  EXPECT_EQ(param("blood_max"), 16);
  EXPECT_EQ(param("summon_day_weak"), 1);
  EXPECT_EQ(param("summon_night_weak"), 2);
  EXPECT_EQ(param("summon_night_strong"), 1);
  EXPECT_EQ(param("weak_type_cap"), 8);
  EXPECT_EQ(param("extra_strong_blood"), 4);
  EXPECT_EQ(param("final_ritual_turns"), 3);
  EXPECT_EQ(param("artifacts_to_open_gate"), 3);
  EXPECT_EQ(param("heal_on_field"), 2);
  EXPECT_EQ(ints(packs_->param("hero_level_xp")), (V{5, 7}));
  EXPECT_EQ(ints(packs_->param("zorkal_level_blood")), (V{7, 9}));
}

// `tabula check content/dorn` succeeds and lists exactly the provisional
// values: the treasure fronts' copies, the per-turn limit of the extra
// strong summon, the board's constructed layout and the weights of the
// automatic players' rating (a way to play, not a rule); entries without Czech
// text are listed as missing.
TEST_F(DornCatalogue, CheckListsTheProvisionalValues) {
  ASSERT_TRUE(std::filesystem::exists(tabula_tool())) << "build the tabula target first";
  Output o = run_shell("cd " + quote(TABULA_SOURCE_DIR) + " && " + quote(tabula_tool()) + " check content/dorn --json");
  ASSERT_EQ(o.code, 0) << o.text;
  const nlohmann::json j = nlohmann::json::parse(o.text);
  EXPECT_EQ(j.at("errors"), 0);
  EXPECT_EQ(j.at("warnings"), 0);
  std::set<std::string> listed;
  for (const auto& p : j.at("provisional"))
    listed.insert(p.at("kind") == "param" ? "param " + p.at("name").get<std::string>()
                                          : p.at("entity").get<std::string>() + "." + p.at("prop").get<std::string>());
  std::set<std::string> expected = {"param extra_strong_per_turn", "param board_layout", "param ai_rating"};
  for (const auto& id : of_kind("treasure")) expected.insert(id + ".copies");
  EXPECT_EQ(listed, expected);

  std::set<std::string> untranslated;
  for (const auto& m : j.at("missing_translations"))
    if (m.at("kind") == "name") untranslated.insert(m.at("key").get<std::string>());
  EXPECT_TRUE(untranslated.count("zorkal_pandemonium"));  // Zorkal's cards have no Czech name yet
  EXPECT_FALSE(untranslated.count("slime_of_despair"));   // our translation: the seed names no such card
  EXPECT_FALSE(untranslated.count("icy_prison"));       // Chladomorka (components §2, low)
  EXPECT_FALSE(untranslated.count("zombie"));

  // The plain listing names each with its place.
  Output plain = run_shell("cd " + quote(TABULA_SOURCE_DIR) + " && " + quote(tabula_tool()) + " check content/dorn");
  ASSERT_EQ(plain.code, 0) << plain.text;
  EXPECT_TRUE(has(plain.text, "provisional values (18):")) << plain.text;
  EXPECT_TRUE(has(plain.text, "prop rubble.copies = 2  [layer dorn, content/dorn/cards/treasures.toml:")) << plain.text;
  EXPECT_TRUE(has(plain.text, "param extra_strong_per_turn = 1")) << plain.text;
}
