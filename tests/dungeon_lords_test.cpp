// Dungeon Lords on the kernel: a clone taken at a mid-combat decision goes
// its own way (ENGINE.md invariant 1), on practice dungeon 1
// (dungeon-lords.md §6.4 TV-P1a against TV-P1b).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/rules/engine.h"

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
