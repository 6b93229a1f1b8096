// The packs' ratings ([pack] score, docs/packs.md) of Dungeon Lords,
// Thunderstone and Prophecy (content/*/rules/rating.lua): each is declared
// and gives an integer on a mid-game state; it reads only what the rated
// seat may see, so a determinization of the seat's information set
// (core/rules/infoset.h) rates the same; and it prefers a position the
// rules make plainly better.
#include <gtest/gtest.h>

#include "core/rules/engine.h"
#include "core/rules/infoset.h"
#include "core/search/playout.h"

using namespace tabula;

namespace {

std::unique_ptr<Engine> load(const std::string& pack) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/" + pack);
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

// Walks a random two-seat game from `seed` by `choices` choices more.
void walk(Engine& e, State& s, uint64_t seed, uint64_t choices) {
  RandomAgent a(derive_seed(seed, 0)), b(derive_seed(seed, 1));
  std::vector<Agent*> agents{&a, &b};
  const PlayoutResult r = play_out(e, s, agents, choices);
  ASSERT_FALSE(r.failed) << r.error;
}

// A random two-seat game after `choices` choices (not over).
State mid_game(Engine& e, uint64_t seed, uint64_t choices) {
  State s = e.new_game(seed, 2, {}, Mode::Playout);
  walk(e, s, seed, choices);
  return s;
}

EntityId first_in(const Engine& e, const State& s, const std::string& zone) {
  const int z = e.zone_index(s, zone);
  EXPECT_GE(z, 0) << zone;
  if (z < 0 || s.zones[z].items.empty()) return -1;
  return s.zones[z].items.front();
}

class Rating : public testing::TestWithParam<std::string> {};

// (a) declared, an integer on a mid-game state; (b) the same on a
// determinization of the rated seat's information set, at several points
// of random games.
TEST_P(Rating, IsDeclaredAndReadsOnlyWhatTheSeatSees) {
  auto e = load(GetParam());
  ASSERT_TRUE(e);
  ASSERT_TRUE(e->has_score());
  int checked = 0;
  for (uint64_t seed : {11u, 12u}) {
    State s = e->new_game(seed, 2, {}, Mode::Playout);
    uint64_t done = 0;
    for (uint64_t at : {10u, 60u, 200u, 500u}) {
      walk(*e, s, seed, at - done);
      done = at;
      if (s.over) break;
      for (int seat = 0; seat < 2; ++seat) {
        SCOPED_TRACE("seed " + std::to_string(seed) + ", after " + std::to_string(at) + " choices, seat " +
                     std::to_string(seat + 1));
        State copy = s;
        const int64_t v = e->score(copy, seat);
        for (uint64_t d : {7u, 8u}) {
          State other = determinize(*e, s, seat, d);
          EXPECT_EQ(e->score(other, seat), v);
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 2);
}

INSTANTIATE_TEST_SUITE_P(Packs, Rating, testing::Values("dungeon-lords", "thunderstone-dragonspire", "prophecy"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n) c = c == '-' ? '_' : c;
                           return n;
                         });

// dungeon-lords.md §4.6.4, §4.8 item 4: a conquered square costs its lord
// 2 points; the same dungeon with one tunnel conquered rates lower.
TEST(RatingPrefers, DungeonLordsAnIntactDungeon) {
  auto e = load("dungeon-lords");
  ASSERT_TRUE(e);
  State s = mid_game(*e, 3, 30);
  ASSERT_FALSE(s.over);
  const EntityId tunnel = first_in(*e, s, "dungeon@1");
  ASSERT_GE(tunnel, 0);
  ASSERT_FALSE(e->prop(s, tunnel, "conquered").as_bool());
  State conquered = s;
  e->set_prop(conquered, tunnel, "conquered", Value(true));
  EXPECT_GT(e->score(s, 0), e->score(conquered, 0));
}

// thunderstone-dragonspire.md §5.10: the most VP wins, counted over every
// card a player owns; a defeated monster in the discard pile rates higher,
// a Disease (§2.2) lower.
TEST(RatingPrefers, ThunderstoneVictoryPointsAndNoDisease) {
  auto e = load("thunderstone-dragonspire");
  ASSERT_TRUE(e);
  State s = mid_game(*e, 3, 20);
  ASSERT_FALSE(s.over);
  const int64_t before = e->score(s, 0);
  State won = s;
  e->create_entity(won, "highwayman", "discard", 0, 0);
  EXPECT_GT(e->score(won, 0), before);
  State sick = s;
  e->create_entity(sick, "disease", "discard", 0, 0);
  EXPECT_LT(e->score(sick, 0), before);
}

// prophecy-base.md §9.2: the first to hold four artifacts wins; an artifact
// taken from a sphere rates higher for its holder and lower for the rival.
TEST(RatingPrefers, ProphecyAnArtifactHeld) {
  auto e = load("prophecy");
  ASSERT_TRUE(e);
  State s = mid_game(*e, 3, 40);
  ASSERT_FALSE(s.over);
  EntityId art = -1;
  for (EntityId id = 0; id < static_cast<EntityId>(s.entities.size()) && art < 0; ++id) {
    if (e->def_name(s, id) == "astral_sword" && s.entities[id].zone >= 0) art = id;
  }
  ASSERT_GE(art, 0);
  State held = s;
  e->move_entity(held, art, e->zone_index(held, "artifacts@1"));
  EXPECT_GT(e->score(held, 0), e->score(s, 0));
  EXPECT_LT(e->score(held, 1), e->score(s, 1));
}

}  // namespace
