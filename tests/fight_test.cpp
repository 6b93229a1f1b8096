// Fights as data (docs/lua-api.md "Combat", docs/packs.md "Fight nodes"):
// hit points, damage and the knock-out zone declared per kind; the same
// knock-out inside and outside a fight; fight nodes between entity lists a
// script names, decided when either side is all knocked out; the fight's
// state in the hash and in JSON. Pack: tests/packs/fights.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/rules/engine.h"
#include "core/rules/kernel.h"

using namespace tabula;
namespace fs = std::filesystem;

namespace {

constexpr EntityId kKnight = 0, kTroll = 1, kRat = 2;

std::unique_ptr<Engine> fights() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/fights");
  EXPECT_TRUE(r.ok()) << r.report();
  return std::make_unique<Engine>(std::move(r.packs));
}

std::vector<std::string> log_of(const State& s) {
  std::vector<std::string> out;
  for (const auto& v : s.var("log").items()) out.emplace_back(v.as_str());
  return out;
}

void choose(Engine& e, State& s, const char* option) {
  ApplyResult r = e.apply(s, 0, option);
  ASSERT_TRUE(r.ok) << option << ": " << r.error;
}

std::string zone_of(const Engine& e, const State& s, EntityId id) { return e.zone_name(s, s.entities[id].zone); }

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// A pack.toml in a fresh folder, loaded; the report of its diagnostics.
std::string load_report(const std::string& toml) {
  fs::path dir = fs::temp_directory_path() / ("tabula-fight-" + std::to_string(::getpid())) / "p";
  fs::remove_all(dir.parent_path());
  fs::create_directories(dir);
  std::ofstream(dir / "pack.toml") << "[pack]\nid = \"p\"\n" << toml;
  LoadResult r = load_pack(dir.string());
  EXPECT_FALSE(r.ok()) << "loaded although broken:\n" << toml;
  fs::remove_all(dir.parent_path());
  return r.report();
}

}  // namespace

// The hero's damage goes to its kind's "wounds" against "lives"; knocked
// out by a trap outside any fight it moves to its owner's "dead" zone, its
// wounds are reset, and knocked_out fires.
TEST(Fights, KnockOutOutsideAFightMovesTheEntityAndFiresTheEvent) {
  auto e = fights();
  State s = e->new_game(1, 2);
  EXPECT_EQ(zone_of(*e, s, kKnight), "field");
  choose(*e, s, "trap");
  EXPECT_EQ(zone_of(*e, s, kKnight), "dead@1");
  EXPECT_EQ(e->prop(s, kKnight, "wounds").as_int(), 0);
  EXPECT_EQ(log_of(s), (std::vector<std::string>{"trap 5 ko", "ko knight dead@1"}));
  EXPECT_FALSE(s.combat.active);
}

TEST(Fights, DamageUsesTheKindsOwnProperties) {
  auto e = fights();
  State s = e->new_game(1, 1);
  choose(*e, s, "troll");  // the knight attacks the troll (hp 5)
  choose(*e, s, "hit");    // 1 damage to the troll; the troll strikes back for 3 = the knight's lives
  EXPECT_EQ(e->prop(s, kTroll, "damage").as_int(), 1);
  EXPECT_EQ(zone_of(*e, s, kKnight), "dead@1");
}

// The knight (attacker) falls in strike_back: the fight is decided, "after"
// never runs, and `defeated` names the attackers.
TEST(Fights, FightWithExplicitSidesEndsWhenTheAttackersFall) {
  auto e = fights();
  State s = e->new_game(1, 1);
  choose(*e, s, "troll");
  ASSERT_TRUE(s.combat.active);
  EXPECT_EQ(s.combat.defender_ids, std::vector<EntityId>{kTroll});
  EXPECT_EQ(s.combat.attacker_ids, std::vector<EntityId>{kKnight});
  choose(*e, s, "hit");
  EXPECT_EQ(log_of(s), (std::vector<std::string>{"strike 1/1 strike", "strike_back", "ko knight dead@1",
                                                 "defeated attackers"}));
  EXPECT_FALSE(s.combat.active);
  EXPECT_FALSE(s.over);
  EXPECT_EQ(s.pending.size(), 1u);  // back at the turn's question
}

// The rat (defender) falls in the first stage: its decision's follow-up
// ends the fight; strike_back and after are skipped. A monster keeps its
// damage (reset_damage = false) and goes to the shared lair.
TEST(Fights, DefeatOfTheDefendersSkipsTheRestOfTheBody) {
  auto e = fights();
  State s = e->new_game(1, 1);
  choose(*e, s, "rat");
  choose(*e, s, "hit");
  EXPECT_EQ(log_of(s), (std::vector<std::string>{"strike 1/1 strike", "ko rat lair", "defeated defenders"}));
  EXPECT_EQ(zone_of(*e, s, kRat), "lair");
  EXPECT_EQ(e->prop(s, kRat, "damage").as_int(), 1);
  EXPECT_EQ(zone_of(*e, s, kKnight), "field");
  EXPECT_FALSE(s.combat.active);
}

// Nobody falls: every stage runs and the fight closes.
TEST(Fights, AFightNobodyLosesRunsEveryStage) {
  auto e = fights();
  State s = e->new_game(1, 1);
  choose(*e, s, "rat");
  choose(*e, s, "wait");
  EXPECT_EQ(log_of(s), (std::vector<std::string>{"strike 1/1 strike", "strike_back", "after"}));
  EXPECT_EQ(e->prop(s, kKnight, "wounds").as_int(), 1);
  EXPECT_FALSE(s.combat.active);
}

// In the middle of a fight (a decision in a stage) the fight's sides and
// the node's arguments survive JSON with the same hash, and they are in it.
TEST(Fights, TheFightIsInTheHashAndInJson) {
  auto e = fights();
  State s = e->new_game(1, 1);
  choose(*e, s, "troll");
  State back = state_from_json(*e, state_to_json(*e, s));
  EXPECT_EQ(back.hash(), s.hash());
  EXPECT_EQ(back.combat.attacker_ids, s.combat.attacker_ids);
  EXPECT_EQ(back.combat.node, s.combat.node);
  choose(*e, back, "hit");
  choose(*e, s, "hit");
  EXPECT_EQ(back.hash(), s.hash());

  State t = e->new_game(1, 1);
  choose(*e, t, "troll");
  State u = t;
  u.combat.attacker_ids.clear();
  EXPECT_NE(u.hash(), t.hash());
  u = t;
  u.flow.back().args = Value();
  EXPECT_NE(u.hash(), t.hash());
}

// A per-seat knock-out zone needs a seat: the fight's or the owner's.
TEST(Fights, KnockOutToASeatsZoneWithoutASeatIsAnError) {
  auto e = fights();
  State s = e->new_game(1, 1);
  const uint64_t before = s.hash();
  ApplyResult r = e->apply(s, 0, "orphan");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(contains(r.error, "zone 'dead' belongs to a seat")) << r.error;
  EXPECT_EQ(s.hash(), before);
}

TEST(Fights, KindFightKeysAreCheckedOnLoad) {
  const std::string report = load_report(
      "[kinds.hero]\nhp = \"lifes\"\ndamage = \"name\"\nknocked_out_to = \"graveyard\"\n"
      "[kinds.hero.props]\nlives = \"int\"\nname = \"string\"\n[zones.grave]\n");
  EXPECT_TRUE(contains(report, "pack.toml:4:6: error: kinds.hero.hp: kind 'hero' has no property 'lifes' (did you mean 'lives'?)"))
      << report;
  EXPECT_TRUE(contains(report, "kinds.hero.damage: property 'name' of kind 'hero' must be an int")) << report;
  EXPECT_TRUE(contains(report, "kinds.hero.knocked_out_to: zone 'graveyard' is not declared")) << report;
}

TEST(Fights, AFightNodeNeedsADefendersListAndABody) {
  EXPECT_TRUE(contains(load_report("[flow]\nroot = \"f\"\n[flow.f]\nfight = true\n"),
                       "a flow node needs exactly one of: steps, hook, stages, combat = true"));
  auto e = fights();
  State s = e->new_game(1, 1);
  EXPECT_THROW(e->kernel().start_node(s, "battle", Value::dict()), std::exception);
  Value bad = Value::dict();
  bad.set("defenders", Value::list({Value(int64_t{99})}));
  EXPECT_THROW(e->kernel().start_node(s, "battle", bad), std::exception);
}

// The prototype map (tests/packs/proto-map): a hero who keeps stepping into
// the marsh's trap is knocked out outside any fight and leaves the board,
// with its wounds reset; the other hero plays on.
TEST(ProtoMap, ATrapKnocksAHeroOffTheBoard) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/proto-map");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 3);
  const EntityId warrior = static_cast<EntityId>(s.var("heroes").items()[0].as_int());
  for (int round = 1; round <= 8; ++round) {
    for (auto [seat, option] : {std::pair{0, "pass"}, {1, round % 2 ? "forest" : "marsh"}, {2, "stay"}}) {
      ApplyResult a = e.apply(s, seat, option);
      ASSERT_TRUE(a.ok) << "round " << round << ", seat " << seat + 1 << ": " << a.error;
    }
    if (round < 8) {
      EXPECT_EQ(e.prop(s, warrior, "wounds").as_int(), round / 2);
    }
  }
  EXPECT_EQ(e.zone_name(s, s.entities[warrior].zone), "fallen");
  EXPECT_EQ(e.prop(s, warrior, "wounds").as_int(), 0);
  EXPECT_FALSE(s.over);
  ASSERT_EQ(s.pending.size(), 1u);
  EXPECT_EQ(s.pending[0].seat, 0);  // round 9: the Lord; the warrior's seat is skipped from now on
  ASSERT_TRUE(e.apply(s, 0, "pass").ok);
  ASSERT_EQ(s.pending.size(), 1u);
  EXPECT_EQ(s.pending[0].seat, 2);
}
