// Dungeon Lords on the kernel: a clone taken at a mid-combat decision goes
// its own way (ENGINE.md invariant 1), on practice dungeon 1
// (dungeon-lords.md §6.4 TV-P1a against TV-P1b).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "core/rules/engine.h"
#include "core/scenario/scenario.h"
#include "core/search/playout.h"
#include "core/view/screen.h"

using namespace tabula;

namespace {
std::unique_ptr<Engine> dungeon_lords() {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/dungeon-lords");
  EXPECT_TRUE(r.ok()) << r.report();
  return std::make_unique<Engine>(std::move(r.packs));
}

int64_t counter(const State& s, const char* name) { return dict_get(s.seats[0].counters, name).as_int(); }

void finish(Engine& e, State& s, const std::vector<std::string>& choices) {
  for (const auto& c : choices) {
    ASSERT_EQ(s.pending.size(), 1u);
    auto r = e.apply(s, 0, c);
    ASSERT_TRUE(r.ok) << c << ": " << r.error;
  }
}
}  // namespace

TEST(DungeonLords, CloneAtMidCombatDecisionContinuesIndependently) {
  auto e = dungeon_lords();
  Dict options = Value::dict({{"mode", Value("practice")}, {"board", Value(1)}}).entries();
  State original = e->new_game(1, 1, options);
  finish(*e, original, {"trap:rolling_boulder", "send:troll"});
  ASSERT_EQ(e->prompt(original, original.pending.front(), "en", Engine::kAllSeeing), "Troll: which attack?");

  State clone = original;
  const uint64_t at_fork = original.hash();
  finish(*e, clone, {"fed", "send:goblin"});        // TV-P1a
  EXPECT_EQ(original.hash(), at_fork);               // the original did not move
  finish(*e, original, {"standard", "send:goblin"}); // TV-P1b

  EXPECT_TRUE(clone.over);
  EXPECT_TRUE(original.over);
  EXPECT_EQ(counter(clone, "food"), 0);
  EXPECT_EQ(counter(original, "food"), 1);
  EXPECT_NE(clone.hash(), original.hash());
  // Both end with one tunnel conquered and the whole party in prison.
  for (const State* s : {&clone, &original}) {
    EXPECT_EQ(s->result.get("seats").items().at(0).get("conquered").as_int(), 1);
    EXPECT_EQ(s->result.get("seats").items().at(0).get("prisoners").as_int(), 3);
  }
}

TEST(DungeonLords, IllegalPlanIsRejectedAndChangesNothing) {
  auto e = dungeon_lords();
  Dict options = Value::dict({{"mode", Value("practice")}, {"board", Value(1)}}).entries();
  State s = e->new_game(1, 1, options);
  const uint64_t before = s.hash();
  auto r = e->apply(s, 0, "trap:wall_of_fire");  // not in this trap storage
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("trap:rolling_boulder"), std::string::npos) << r.error;  // names the legal ids
  EXPECT_EQ(s.hash(), before);
}

// The house-rule example of docs/modding.md patches the base without copying
// it: changed numbers, a changed parameter and a swapped script, each
// remembering the layer it came from (ENGINE.md invariant 7).
TEST(DungeonLords, HouseRuleLayerChangesOnlyWhatItNames) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/dungeon-lords-veterans");
  ASSERT_TRUE(r.ok()) << r.report();
  const PackSet& p = *r.packs;
  ASSERT_EQ(p.layers.size(), 2u);
  EXPECT_EQ(dict_get(p.entity("y1_fighter_l1")->props, "hp").as_int(), 4);
  EXPECT_EQ(dict_get(p.entity("y1_fighter_l2")->props, "hp").as_int(), 4);  // untouched
  EXPECT_EQ(p.param("practice_fatigue").as_int(), 3);
  EXPECT_EQ(p.params.at("practice_fatigue").layer, "dungeon-lords-veterans");
  EXPECT_EQ(p.entity("goblin")->script, "dungeon-lords-veterans/monsters/goblin.lua");
  EXPECT_EQ(p.entity("goblin")->layer, "dungeon-lords-veterans");
  EXPECT_EQ(p.entity("troll")->layer, "dungeon-lords");
}

// Issue 7: sending a monster is a secret plan (§4.6.2 A). While another lord
// still plans, nobody else sees the sender's den lose it; it leaves the den
// at the reveal. Random 4-seat games until a monster is sent with another
// seat still planning.
TEST(DungeonLords, SentMonsterStaysInTheDenUntilTheReveal) {
  auto e = dungeon_lords();
  bool checked = false;
  for (uint64_t seed = 1; seed <= 20 && !checked; ++seed) {
    State s = e->new_game(seed, e->packs().seats.max, {});
    for (int step = 0; step < 2000 && !s.over && !checked; ++step) {
      const Decision& d = s.pending.front();
      std::string option = d.options[step % d.options.size()].id;
      for (const auto& o : d.options)
        if (o.id.rfind("send:", 0) == 0) option = o.id;
      const bool send = option.rfind("send:", 0) == 0 && d.secret;
      const int seat = d.seat;
      const int other = (seat + 1) % static_cast<int>(s.seats.size());
      const std::string before = e->view_json(s, other), onlooker = e->view_json(s, -1);
      auto r = e->apply(s, seat, option, Mode::Play);
      ASSERT_TRUE(r.ok) << r.error;
      // Only while the flow still waits for another seat's secret plan.
      if (!send || std::none_of(s.pending.begin(), s.pending.end(), [&](const Decision& p) { return p.seat != seat && p.secret; }))
        continue;
      std::string after = e->view_json(s, other), onlooker_after = e->view_json(s, -1);
      auto strip = [](const std::string& v) {  // the journal and the decisions aside
        auto j = nlohmann::json::parse(v);
        j.erase("journal");
        j.erase("decisions");
        return j.dump();
      };
      EXPECT_EQ(strip(before), strip(after)) << "seed " << seed << ": " << option;
      EXPECT_EQ(strip(onlooker), strip(onlooker_after)) << "seed " << seed << ": " << option;
      checked = true;
    }
  }
  EXPECT_TRUE(checked) << "no game sent a monster while another lord planned";
}

// Issue 29: every decision says what it costs. The hire question's labels
// take each monster's cost from its props (dungeon-lords.md §4.4 Hire
// Monsters: the cost printed on the tile; §5.1), so a house rule that makes
// the troll dearer changes the label, and the card text names its numbers
// from its props too. The scenario is written with the layer beside it and
// run once without and once with the layer.
TEST(DungeonLords, AHouseRuleThatChangesACostChangesTheHireLabel) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tabula-dl-hire-label";
  std::filesystem::create_directories(dir / "hungry-trolls");
  std::ofstream(dir / "hungry-trolls" / "pack.toml")
      << "[pack]\nid = \"hungry-trolls\"\npatches = \"dungeon-lords\"\nmanifests = [\"changes.toml\"]\n";
  std::ofstream(dir / "hungry-trolls" / "changes.toml") << "[change.troll]\nprops = { cost_food = 3, attack = 5 }\n";
  auto scenario = [&](const std::string& with, const std::string& troll_label) {
    const std::filesystem::path file = dir / "hire.toml";
    std::ofstream(file) << "[scenario]\npack = \"dungeon-lords\"\nseats = 2\n" << with
                        << "[start]\nat = [\"game\", \"year\", \"build\", \"execute\"]\n"
                           "[counters]\n1 = { food = 5 }\n"
                           "[[create]]\nas = \"troll\"\ndef = \"troll\"\nzone = \"tavern\"\n"
                           "[[create]]\ndef = \"order_hire_monsters\"\nzone = \"orders_played\"\nseat = 1\nprops = { colour = 1 }\n"
                           "[vars.slots]\nget_food = [0, 0, 0]\nimprove_reputation = [0, 0, 0]\ndig_tunnels = [0, 0, 0]\n"
                           "mine_gold = [0, 0, 0]\nrecruit_imps = [0, 0, 0]\nbuy_traps = [0, 0, 0]\n"
                           "hire_monsters = [1, 0, 0]\nbuild_rooms = [0, 0, 0]\n"
                           "[[step]]\nseat = 1\nask = \"Hire Monsters, slot 1: which monster do you hire?\"\n"
                           "[step.expect]\n\"view1.labels\" = [\"decline\", \""
                        << troll_label << "\"]\n";
    return run_scenario(file.string(), std::string(TABULA_SOURCE_DIR) + "/content");
  };
  auto report = [](const ScenarioResult& r) {
    std::string out;
    for (const auto& f : r.failures) out += f + "\n";
    return out;
  };
  ScenarioResult base = scenario("", "Troll (pay 2 food)");
  EXPECT_TRUE(base.ok) << report(base);
  ScenarioResult dearer = scenario("with = [\"hungry-trolls\"]\n", "Troll (pay 3 food)");
  EXPECT_TRUE(dearer.ok) << report(dearer);

  // The troll's text names its attack from its props as the layer sets them.
  LoadResult r = load_pack((dir / "hungry-trolls").string(), {}, {std::string(TABULA_SOURCE_DIR) + "/content"});
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_EQ(r.packs->entity("troll")->card_text.en, "Standard 5, or pay 1 food: standard 4.");
  std::filesystem::remove_all(dir);
}

// Issue 29: one notation for a hero's health, the hit points he has left of
// his printed ones ("hp 2/4", dungeon-lords.md §5.2 hit points, §4.6.2
// knock-out), on the screen and in every question; never the damage taken
// ("Fighter (2/4)", "zranění 2/4"). Random whole games, 4 lords, both
// languages: every prompt, label, log line and screen a lord is shown.
TEST(DungeonLords, HeroHealthReadsAsHitPointsLeftEverywhere) {
  auto e = dungeon_lords();
  Screen screen(*e);
  const std::regex damage_form(R"(\(\d+/\d+\)|zranění \d+/\d+)");
  int hero_labels = 0;
  for (uint64_t seed = 1; seed <= 2; ++seed) {
    State s = e->new_game(seed, 4);
    std::vector<RandomAgent> agents;
    for (int i = 0; i < 4; ++i) agents.emplace_back(derive_seed(seed, static_cast<uint64_t>(i)));
    std::vector<Agent*> ptrs;
    for (auto& a : agents) ptrs.push_back(&a);
    int step = 0;
    play_out(*e, s, ptrs, 0, [&](const State& st, int, const std::string&) {
      if (st.pending.empty()) return;
      const Decision& d = st.pending.front();
      const bool heroes = std::any_of(d.options.begin(), d.options.end(),
                                      [](const Option& o) { return o.id.rfind("target:", 0) == 0; });
      if (!heroes && ++step % 7 != 0) return;  // every hero question, and a seventh of the others
      for (const char* lang : {"en", "cs"}) {
        std::vector<std::string> shown{e->prompt(st, d, lang, d.seat)};
        for (const Option& o : d.options) shown.push_back(e->label(st, d, o, lang, d.seat));
        for (const JournalLine& l : st.journal) shown.push_back(e->render_line(st, l, lang, d.seat));
        for (const std::string& line : screen.draw(st, d.seat, lang)) shown.push_back(line);
        for (const std::string& line : shown) ASSERT_FALSE(std::regex_search(line, damage_form)) << lang << ": " << line;
        if (heroes && std::string(lang) == "en")
          for (const Option& o : d.options)
            if (o.id.rfind("target:", 0) == 0) {
              EXPECT_NE(e->label(st, d, o, "en", d.seat).find("(hp "), std::string::npos) << e->label(st, d, o, "en", d.seat);
              ++hero_labels;
            }
      }
    }, Mode::Play);
    EXPECT_TRUE(s.over);
  }
  EXPECT_GT(hero_labels, 0) << "no game asked which hero to hit";
}
