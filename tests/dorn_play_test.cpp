// Dorn in `tabula play` (content/dorn/README.md, "Playing"): how the heroes
// are dealt to 1-5 hero seats, and the screen (content/dorn/screen.lua):
// what the Lord and a hero player see, that neither sees the other's
// secrets, that every moment of random games draws within 80 characters
// and 40 lines without a script error, and that options name fields by
// their names on the map.
#include <algorithm>
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "core/rules/engine.h"
#include "core/search/playout.h"
#include "core/view/screen.h"

using namespace tabula;

namespace {

std::unique_ptr<Engine> dorn(const std::vector<std::string>& layers = {}) {
  std::vector<std::string> extra;
  for (const auto& l : layers) extra.push_back(std::string(TABULA_SOURCE_DIR) + "/content/" + l);
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/dorn", extra);
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

size_t width(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

const std::string& def_of(const Engine& e, const State& s, EntityId id) { return e.packs().defs[s.entities[id].def]->id; }

// Each hero (by definition id) and the seat (from 1) that owns him.
std::map<std::string, int> hero_seats(const Engine& e, const State& s) {
  std::map<std::string, int> out;
  for (EntityId id : s.zones[e.zone_of_def(s, "argos", -1)].items) out[def_of(e, s, id)] = s.entities[id].owner + 1;
  return out;
}

// Random choices (seed `seed`), never a concession, until `ready` holds;
// false if the game ends or 3000 choices pass first.
bool play_until(Engine& e, State& s, uint64_t seed, const std::function<bool(const State&)>& ready) {
  std::vector<RandomAgent> agents;
  for (size_t i = 0; i < s.seats.size(); ++i) agents.emplace_back(derive_seed(seed, i));
  for (int step = 0; step < 3000 && !s.over; ++step) {
    if (ready(s)) return true;
    const Decision& d = s.pending.front();
    // The seats play on: a random concession would end most games early.
    size_t pick = agents[d.seat].choose(s, d);
    if (d.options[pick].id == "concede") pick = pick == 0 ? 1 : 0;
    if (!e.apply_index(s, d.seat, pick).ok) return false;
  }
  return false;
}

}  // namespace

// §3 S1-S2, OQ-11: the five heroes go to the hero seats round-robin in the
// order of params.hero_order (Almanor, Eleanor, Choros, Kaerdrak, Ragnar of
// the first-game five), each with his Blessing in his player's hand.
TEST(DornSeats, HeroesAreDealtRoundRobinToOneToFiveHeroSeats) {
  auto e = dorn();
  ASSERT_TRUE(e);
  const std::map<int, std::map<std::string, int>> expected = {
      {1, {{"almanor", 2}, {"eleanor", 2}, {"choros", 2}, {"kaerdrak", 2}, {"ragnar", 2}}},
      {2, {{"almanor", 2}, {"eleanor", 3}, {"choros", 2}, {"kaerdrak", 3}, {"ragnar", 2}}},
      {3, {{"almanor", 2}, {"eleanor", 3}, {"choros", 4}, {"kaerdrak", 2}, {"ragnar", 3}}},
      {4, {{"almanor", 2}, {"eleanor", 3}, {"choros", 4}, {"kaerdrak", 5}, {"ragnar", 2}}},
      {5, {{"almanor", 2}, {"eleanor", 3}, {"choros", 4}, {"kaerdrak", 5}, {"ragnar", 6}}},
  };
  for (const auto& [hero_seats_n, want] : expected) {
    const State s = e->new_game(9, 1 + hero_seats_n);
    EXPECT_EQ(hero_seats(*e, s), want) << hero_seats_n << " hero seats";
    std::map<int, int> heroes_of;
    for (const auto& [hero, seat] : want) ++heroes_of[seat];
    for (int seat = 2; seat <= 1 + hero_seats_n; ++seat)
      EXPECT_EQ(s.zones[e->zone_of_def(s, "blessings", seat - 1)].items.size(), static_cast<size_t>(heroes_of[seat]))
          << "seat " << seat << " of " << 1 + hero_seats_n;
    EXPECT_EQ(s.zones[e->zone_of_def(s, "rituals", 0)].items.size(), 6u);
  }
}

// dorn.md §7 TV-64 (§4.3, OQ-11): heroes who do not agree act in the
// Czech collation of their names, where "Ch" follows "H": Almanor, Gor,
// Choros. The hero seats are dealt (and act) in `hero_order`.
TEST(DornSeats, TheDefaultOrderIsTheCzechCollation) {
  auto e = dorn();
  ASSERT_TRUE(e);
  std::vector<std::string> order;
  for (const Value& v : e->packs().param("hero_order").items()) order.emplace_back(v.as_str());
  auto at = [&](const std::string& h) { return std::find(order.begin(), order.end(), h) - order.begin(); };
  EXPECT_LT(at("almanor"), at("gor"));
  EXPECT_LT(at("gor"), at("choros"));
  EXPECT_LT(at("guelin"), at("choros"));  // "Gu" < "Ch" only in Czech
  EXPECT_EQ(order.size(), 9u);
}

// The Lord's screen and a hero player's: the turn, the Lord's Blood Drops,
// Zorkal, the heroes with their seats, lives and levels, the map. The Lord
// sees his Rituals by name, a hero player only how many; a hero player
// sees his own heroes' Blessings, nobody else does.
TEST(DornScreen, TheLordAndAHeroPlayerSeeTheirOwnSecretsOnly) {
  auto e = dorn();
  ASSERT_TRUE(e);
  // The first seed from 1 whose random game reaches Lord turn 2.
  State s;
  bool found = false;
  for (uint64_t seed = 1; seed < 40 && !found; ++seed) {
    s = e->new_game(seed, 3);
    found = play_until(*e, s, seed, [](const State& st) { return st.var("lord_turn").as_int() == 2; });
  }
  ASSERT_TRUE(found);
  Screen screen(*e);
  const std::string lord = joined(screen.draw(s, 0, "en")), hero = joined(screen.draw(s, 1, "en")),
                    other = joined(screen.draw(s, 2, "en"));
  // Zorkal's throne t6 is D18 on the map (row D, column 18); Argos is X18.
  for (const std::string& text : {lord, hero, other}) {
    EXPECT_TRUE(has(text, "Dorn · Lord turn 2 · ")) << text;
    EXPECT_TRUE(has(text, "Lord (seat 1)")) << text;
    EXPECT_TRUE(has(text, ": Blood Drops ")) << text;
    EXPECT_TRUE(has(text, "/16\n")) << text;
    EXPECT_TRUE(has(text, "Z Zorkal D18: lives 4/4, level 1")) << text;
    EXPECT_TRUE(has(text, "Heroes of Player 2")) << text;
    EXPECT_TRUE(has(text, "1 Almanor ")) << text;
    EXPECT_TRUE(has(text, "Heroes of Player 3")) << text;
    EXPECT_TRUE(has(text, "2 Eleanor ")) << text;
    EXPECT_TRUE(has(text, "Map: 1-5 heroes")) << text;
    EXPECT_TRUE(has(text, "\nD ")) << text;                       // the map's row D
    EXPECT_TRUE(has(text, "  123456789012345678901234567890123456")) << text;  // its columns
  }
  EXPECT_TRUE(has(lord, "Lord (seat 1) (you)")) << lord;
  EXPECT_TRUE(has(hero, "Heroes of Player 2 (you)")) << hero;
  for (EntityId r : s.zones[e->zone_of_def(s, "rituals", 0)].items) {
    const std::string name = e->packs().defs[s.entities[r].def]->name.get("en");
    EXPECT_TRUE(has(lord, name)) << name << "\n" << lord;
    EXPECT_FALSE(has(hero, name)) << name << "\n" << hero;
  }
  EXPECT_TRUE(has(lord, "Your Rituals (cost): ")) << lord;
  EXPECT_TRUE(has(hero, "Rituals in the Lord's hand: 6")) << hero;
  for (int seat : {1, 2})
    for (EntityId b : s.zones[e->zone_of_def(s, "blessings", seat)].items) {
      const std::string name = e->packs().defs[s.entities[b].def]->name.get("en");
      const std::string& owner = seat == 1 ? hero : other;
      const std::string& not_owner = seat == 1 ? other : hero;
      EXPECT_TRUE(has(owner, "Blessing: " + name)) << name << "\n" << owner;
      if (!has(owner, "Blessing: " + name)) continue;
      EXPECT_FALSE(has(lord, name)) << name << "\n" << lord;
      EXPECT_FALSE(has(not_owner, "Blessing: " + name)) << name << "\n" << not_owner;
    }
}

// A seat's screen is the same whatever the others hold in secret: another
// Ritual hand (the undrawn Rituals swapped in), another Blessing for a
// hero of another player, the Treasure deck in another order.
TEST(DornScreen, IsTheSameWhateverTheSeatMayNotSee) {
  auto e = dorn();
  ASSERT_TRUE(e);
  State a = e->new_game(6, 3);
  ASSERT_TRUE(play_until(*e, a, 6, [](const State& st) { return st.var("lord_turn").as_int() == 1; }));
  State b = a;
  const int hand = e->zone_of_def(b, "rituals", 0), out = e->zone_of_def(b, "ritual_deck", -1);
  const std::vector<EntityId> held = b.zones[hand].items, undrawn = b.zones[out].items;
  ASSERT_FALSE(undrawn.empty());
  e->move_entity(b, held.front(), out);
  e->move_entity(b, undrawn.front(), hand);
  b.entities[undrawn.front()].owner = 0;
  const int blessings = e->zone_of_def(b, "blessings", 2), deck = e->zone_of_def(b, "blessing_deck", -1);
  e->move_entity(b, b.zones[deck].items.front(), blessings);
  e->shuffle_zone(b, e->zone_of_def(b, "treasure_deck", -1));
  ASSERT_NE(a.hash(), b.hash());
  Screen screen(*e);
  for (const char* lang : {"en", "cs"}) {
    EXPECT_EQ(joined(screen.draw(a, 1, lang)), joined(screen.draw(b, 1, lang))) << lang;
    EXPECT_EQ(joined(screen.draw(a, -1, lang)), joined(screen.draw(b, -1, lang))) << lang;
  }
  EXPECT_NE(joined(screen.draw(a, 0, "en")), joined(screen.draw(b, 0, "en")));
}

// Every few moments of random games (2, 4 and 6 seats; the Lord in Czech;
// new games until enough moments were drawn, since random seats concede),
// every seat's screen and the onlooker's draw without a script error,
// within 80 characters and 40 lines, with no raw data; the end too.
TEST(DornScreen, DrawsRandomGamesForEverySeat) {
  auto e = dorn();
  ASSERT_TRUE(e);
  Screen screen(*e);
  for (int seats : {2, 4, 6}) {
    int drawn = 0, ends = 0;
    for (uint64_t seed = 1; seed <= 30 && drawn < 60; ++seed) {
      State s = e->new_game(seed, seats);
      std::vector<RandomAgent> agents;
      for (int i = 0; i < seats; ++i) agents.emplace_back(derive_seed(seed, static_cast<uint64_t>(i)));
      for (int step = 0; step < 400; ++step) {
        if (step % 10 == 0 || s.over)
          for (int seat = -1; seat < seats; ++seat) {
            const std::vector<std::string> lines = screen.draw(s, seat, seat == 0 ? "cs" : "en");
            ++drawn;
            for (const auto& l : lines) ASSERT_LE(width(l), 80u) << l;
            // Compact (issue 29): the map's 28 lines, the head, the panel's
            // overflow in a crowded moment.
            ASSERT_LE(lines.size(), 40u) << joined(lines);
            const std::string text = joined(lines);
            for (const char* raw : {"nil", "table: ", "{\"", "blessing_of", "hero_round"})
              ASSERT_FALSE(has(text, raw)) << raw << "\n" << text;
            if (s.over) {
              EXPECT_TRUE(has(text, seat == 0 ? "vítězí" : " win")) << text;  // the result's words
            }
          }
        if (s.over) {
          ++ends;
          break;
        }
        const Decision& d = s.pending.front();
        ASSERT_TRUE(e->apply_index(s, d.seat, agents[d.seat].choose(s, d)).ok);
      }
    }
    EXPECT_GE(drawn, 60) << seats;
    EXPECT_GT(ends, 0) << seats;
  }
}

// Issue 29: the options of random games (2 and 4 seats) as a person reads
// them, in English and Czech. No label names a field by its raw id
// (d14_14, m_r1c7, s02_16, h17_06, p3, t6): fields go by their names on
// the map, a row letter and a column number (rules/names.lua). A step
// (dorn.md §4.4.2) names where from and where to ("O15 → N14") and the
// steps left (§4.4.1). Wherever the concession is offered (§4.15.4) it is
// the last option, after "end the movement" or "move no more for now".
TEST(DornOptions, NameFieldsAsTheMapDoesAndPutTheConcessionLast) {
  auto e = dorn();
  ASSERT_TRUE(e);
  const std::regex raw(R"(\b([dsh]\d\d_\d\d|m_r\d+c\d+|p\d+|t\d+)\b)");
  const std::regex step_id(R"(^\d+>)");  // "<figure>><field>", not a hand-over "give:..."
  const std::regex step_en(R"( [A-Z]\d{1,2} → [A-Z]\d{1,2} \(then \d+ steps? left\)$)");
  const std::regex step_cs(R"( [A-Z]\d{1,2} → [A-Z]\d{1,2} \(pak zbýv(á|ají) \d+ krok(y|ů)?\)$)");
  int moves = 0, concessions = 0, labels = 0;
  for (int seats : {2, 4})
    for (uint64_t seed = 1; seed <= 6; ++seed) {
      State s = e->new_game(seed, seats);
      std::vector<RandomAgent> agents;
      for (int i = 0; i < seats; ++i) agents.emplace_back(derive_seed(seed, static_cast<uint64_t>(i)));
      for (int step = 0; step < 600 && !s.over; ++step) {
        const Decision& d = s.pending.front();
        const std::string prompt = e->prompt(s, d, "en", d.seat);
        const bool moving = prompt == "Move a monster one step?" || prompt == "Move a hero one step?";
        for (size_t i = 0; i < d.options.size(); ++i) {
          const Option& o = d.options[i];
          for (const char* lang : {"en", "cs"}) {
            const std::string label = e->label(s, d, o, lang);
            ++labels;
            ASSERT_FALSE(std::regex_search(label, raw)) << lang << ": " << label << " (" << o.id << ")";
            if (moving && std::regex_search(o.id, step_id)) {
              ++moves;
              EXPECT_TRUE(std::regex_search(label, std::string(lang) == "en" ? step_en : step_cs)) << lang << ": " << label;
            }
          }
          if (o.id == "concede") {
            ++concessions;
            EXPECT_EQ(i + 1, d.options.size()) << "the concession is not last";
            EXPECT_EQ(e->label(s, d, o, "en"), "CONCEDE: give up and lose the game");
            EXPECT_EQ(e->label(s, d, o, "cs"), "VZDÁT SE: prohrát hru");
          }
        }
        size_t pick = agents[d.seat].choose(s, d);
        if (d.options[pick].id == "concede") pick = pick == 0 ? 1 : 0;
        ASSERT_TRUE(e->apply_index(s, d.seat, pick).ok);
      }
    }
  EXPECT_GT(moves, 100);
  EXPECT_GT(concessions, 20);
  EXPECT_GT(labels, 1000);
}
