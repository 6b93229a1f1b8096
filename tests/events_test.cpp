// Events and the combat pipeline (ENGINE.md invariant 6): listeners of one
// event fire in the documented order (rule modules in module-key order, then
// entities in ascending id order); modifier hooks prevent damage; healing
// never leaves negative damage; a knock-out moves the defender away, and when
// the defending side is empty the rest of the fight is dropped and
// `defeated` fires. Pack: tests/packs/events.
#include <gtest/gtest.h>

#include <string>

#include "core/rules/engine.h"

using namespace tabula;

namespace {

class Events : public testing::Test {
 protected:
  void SetUp() override {
    LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/events");
    ASSERT_TRUE(r.ok()) << r.report();
    engine = std::make_unique<Engine>(std::move(r.packs));
    state = engine->new_game(1, 1);
  }
  const Value& var(const char* name) const { return state.var(name); }
  static Value strings(std::initializer_list<const char*> items) {
    List l;
    for (const char* s : items) l.push_back(Value(s));
    return Value::list(std::move(l));
  }
  std::unique_ptr<Engine> engine;
  State state;
};

constexpr EntityId kGuard = 4, kGrunt = 5;

}  // namespace

// Rule modules first in module-key order (alpha.lua before zeta.lua, though
// zeta is the pack's rules), then entities by ascending id (b#0, a#1, b#3),
// whatever their module; the removed watcher #2 hears nothing.
TEST_F(Events, ListenersFireRulesByModuleKeyThenEntitiesById) {
  EXPECT_EQ(var("heard"), strings({"alpha", "zeta", "b#0", "a#1", "b#3"}));
}

// Damage modifiers: rule modules, then entities; the guard's ward prevents 2.
TEST_F(Events, ModifierHooksPreventDamage) {
  EXPECT_EQ(var("first_damage"),
            Value::dict({{"dealt", Value(1)}, {"prevented", Value(2)}, {"knocked_out", Value(false)}}));
  EXPECT_EQ(var("after_damage"), Value(1));
  // One entry per modifier call, in order: alpha on each hit, the guard only on hits at itself.
  EXPECT_EQ(var("modifiers"), strings({"alpha", "guard#4", "alpha", "alpha", "guard#4"}));
}

// A boosted heal (modify.heal adds 10) heals only the damage there is.
TEST_F(Events, HealNeverGoesBelowZeroDamage) {
  EXPECT_EQ(var("healed"), Value(1));
  EXPECT_EQ(var("after_heal"), Value(0));
  EXPECT_EQ(var("heal_undamaged"), Value(0));
}

TEST_F(Events, KnockOutMovesTheDefenderAndResetsItsDamage) {
  EXPECT_EQ(var("grunt_knocked_out"), Value(true));
  const int fallen = engine->zone_index(state, "fallen@1");
  ASSERT_GE(fallen, 0);
  EXPECT_EQ(state.zones[fallen].items, (std::vector<EntityId>{kGrunt, kGuard}));
  EXPECT_TRUE(state.zones[engine->zone_index(state, "line@1")].items.empty());
  EXPECT_EQ(engine->prop(state, kGuard, "damage").as_int(), 0);
  EXPECT_EQ(engine->prop(state, kGrunt, "damage").as_int(), 0);
  EXPECT_EQ(var("strike"),
            Value::dict({{"dealt", Value(8)}, {"prevented", Value(2)}, {"knocked_out", Value(true)}}));
}

// The last knock-out empties the side: every knocked_out fires, then
// `defeated` (seat counted from 1, during the fight), the work the fight
// still had scheduled and the question it asked are dropped, the third stage
// never runs, and the flow goes on to its finish hook.
TEST_F(Events, DefeatDropsTheRestOfTheFightAndFiresDefeated) {
  EXPECT_EQ(var("fight"),
            strings({"knocked_out grunt", "knocked_out guard", "defeated seat 1 (fight over)", "wrap"}));
  EXPECT_TRUE(var("ran_after_defeat").is_nil());
  EXPECT_TRUE(var("third_ran").is_nil());
  EXPECT_TRUE(state.pending.empty());
  EXPECT_TRUE(state.over);
  EXPECT_FALSE(state.combat.active);
}
