// Packs' screens (core/screen.h, docs/packs.md "[screen]"): a screen draws a
// seat's view and nothing else. It shows what the seat may see; it is the
// same in two states that differ only in what the seat may not see; it
// cannot reach the game, keep state or run for ever; its misdeeds are
// located script errors. Packs: tests/packs/screen, screen-hostile, and
// Dungeon Lords.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/engine.h"
#include "core/screen.h"

using namespace tabula;

namespace {

std::unique_ptr<Engine> engine(const std::string& dir, const std::vector<std::string>& extra = {}) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/" + dir, extra);
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

// The ScriptError a screen's draw raises, as one line.
std::string draw_error(Screen& screen, const State& s, int seat = 0) {
  try {
    screen.draw(s, seat, "en");
  } catch (const ScriptError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(Screen, TheLoaderKeepsTheScreenApartFromTheGamesModules) {
  auto e = engine("tests/packs/screen");
  ASSERT_TRUE(e);
  const PackSet& p = e->packs();
  EXPECT_EQ(p.screen.key, "screen/screen.lua");
  EXPECT_TRUE(Screen::declared(p));
  EXPECT_EQ(p.scripts.count("screen/screen.lua"), 0u) << "the game's host must not load the screen";
  EXPECT_TRUE(p.internal_name("tally"));
  EXPECT_TRUE(p.internal_name("scratch@2"));
  EXPECT_TRUE(p.internal_name("scratch@"));
  EXPECT_FALSE(p.internal_name("scratch"));
  EXPECT_FALSE(p.internal_name("round"));
  EXPECT_FALSE(p.internal_name("tally2"));
}

TEST(Screen, ALayerSwapsTheScreenAndAddsInternalNames) {
  auto e = engine("tests/packs/screen-hostile");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->packs().screen.key, "screen-hostile/hostile.lua");
  EXPECT_TRUE(e->packs().internal_name("scratch@1"));  // the base's declaration stays
}

TEST(Screen, BadScreenTablesAreLocatedErrors) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("tabula-screen-" + std::to_string(::getpid()));
  fs::create_directories(dir / "p");
  auto error_of = [&](const std::string& screen) {
    std::ofstream(dir / "p" / "pack.toml") << "[pack]\nid = \"p\"\n[screen]\n" << screen << "\n";
    LoadResult r = load_pack((dir / "p").string());
    std::string out;
    for (const auto& d : r.diagnostics)
      if (d.severity == Diagnostic::Severity::Error) out += d.to_string();
    const std::string root = (dir / "p").string() + "/";
    for (size_t at; (at = out.find(root)) != std::string::npos;) out.erase(at, root.size());
    return out;
  };
  EXPECT_EQ(error_of("script = \"nope.lua\""), "pack.toml:4:10: error: screen.script: missing script: nope.lua");
  EXPECT_TRUE(has(error_of("script = \"../x.lua\""), "pack.toml:4:10: error: screen.script: '../x.lua' leads outside"));
  EXPECT_EQ(error_of("internal = [\"ok\", \"a*b\"]"),
            "pack.toml:4:19: error: screen.internal[1]: 'a*b' is not a name or a prefix ending in '*' (e.g. \"fight@*\")");
  EXPECT_EQ(error_of("internal = [\"*\"]"),
            "pack.toml:4:13: error: screen.internal[0]: '*' is not a name or a prefix ending in '*' (e.g. \"fight@*\")");
  EXPECT_EQ(error_of("skript = \"s.lua\""), "pack.toml:4:1: error: screen.skript: unknown key (did you mean 'script'?)");
  fs::remove_all(dir);
}

TEST(Screen, DrawsWhatTheSeatSeesInItsLanguage) {
  auto e = engine("tests/packs/screen");
  ASSERT_TRUE(e);
  State s = e->new_game(1, 2);
  Screen screen(*e);
  EXPECT_EQ(joined(screen.draw(s, 0, "en")),
            "Round 1             |\n"
            "Your hand: Ace, King\n"
            "Seat 2: 2 cards in hand, 2 coins\n"
            "Table: King (13, marked)\n"
            "Deck: 3 face down\n");
  EXPECT_EQ(joined(screen.draw(s, 1, "cs")),
            "Kolo 1              |\n"
            "Tvá ruka: Královna, Spodek\n"
            "Hráč 1: 2 karty v ruce, 2 mincí\n"
            "Stůl: Král (13, marked)\n"
            "Balíček: 3 lícem dolů\n");
  // An onlooker sees no hand.
  EXPECT_FALSE(has(joined(screen.draw(s, -1, "en")), "Your hand")) << joined(screen.draw(s, -1, "en"));
}

// What a seat may not see (another seat's hand and secret plan, the order of
// a hidden deck) changes nothing on its screen; what it may see does.
TEST(Screen, IsTheSameWhateverTheSeatMayNotSee) {
  auto e = engine("tests/packs/screen");
  ASSERT_TRUE(e);
  State a = e->new_game(1, 2);
  ASSERT_TRUE(e->apply(a, 1, a.pending_for(1)->options[0].id).ok);  // seat 2 plans in secret
  State b = a;
  // Seat 2 holds other cards and planned another; the deck lies otherwise.
  const int hand2 = e->zone_of_def(b, "hand", 1), deck = e->zone_of_def(b, "deck", -1);
  const std::vector<EntityId> was = b.zones[hand2].items;
  for (EntityId id : was) e->move_entity(b, id, deck);
  e->move_entity(b, b.zones[deck].items[0], hand2);
  e->move_entity(b, b.zones[deck].items[0], hand2);
  b.seats[1].secret = {{"plan", Value(static_cast<int64_t>(b.zones[hand2].items[1]))}};
  e->shuffle_zone(b, deck);
  ASSERT_NE(a.hash(), b.hash());
  Screen screen(*e);
  for (const char* lang : {"en", "cs"}) {
    EXPECT_EQ(screen.draw(a, 0, lang), screen.draw(b, 0, lang)) << lang;
    EXPECT_EQ(screen.draw(a, -1, lang), screen.draw(b, -1, lang)) << lang;
  }
  // Seat 2 itself sees the difference, and its plan.
  const std::string own = joined(screen.draw(a, 1, "en"));
  EXPECT_NE(own, joined(screen.draw(b, 1, "en")));
  EXPECT_TRUE(has(own, "Your plan: Queen")) << own;
  EXPECT_FALSE(has(joined(screen.draw(a, 0, "en")), "Your plan")) << "seat 1 has not planned yet";
}

TEST(Screen, DrawsTheEnd) {
  auto e = engine("tests/packs/screen");
  ASSERT_TRUE(e);
  State s = e->new_game(1, 2);
  for (int seat : {0, 1}) ASSERT_TRUE(e->apply(s, seat, s.pending_for(seat)->options[0].id).ok);
  ASSERT_TRUE(e->apply(s, 0, "yes").ok);
  ASSERT_TRUE(s.over);
  Screen screen(*e);
  EXPECT_EQ(joined(screen.draw(s, -1, "en")), "Winners: 1\n");
}

TEST(Screen, MisdeedsAreLocatedScriptErrors) {
  auto e = engine("tests/packs/screen-hostile", {});
  ASSERT_TRUE(e);
  State s = e->new_game(1, 2);
  Limits quick;
  quick.cpu_ms = 50;
  auto probe = [&](const char* what) {
    State t = s;
    t.set_var("probe", Value(what));
    Screen screen(*e, quick);
    return draw_error(screen, t);
  };
  EXPECT_TRUE(has(probe("error"), "screen-hostile/hostile.lua:7")) << probe("error");
  EXPECT_TRUE(has(probe("error"), "the screen is broken")) << probe("error");
  EXPECT_TRUE(has(probe("number"), "must return a list of strings (the lines), not a number")) << probe("number");
  EXPECT_TRUE(has(probe("bad_line"), "line 2 is a number, not a string")) << probe("bad_line");
  // The game's API is not there: a screen cannot look past its view.
  EXPECT_TRUE(has(probe("game"), "hostile.lua:14")) << probe("game");
  EXPECT_TRUE(has(probe("game"), "field 'zone'")) << probe("game");
  EXPECT_TRUE(has(probe("spin"), "time limit exceeded")) << probe("spin");
  // A screen that keeps what it saw fails on the draw that kept it.
  EXPECT_TRUE(has(probe("keep"), "a screen keeps state between calls")) << probe("keep");
  EXPECT_TRUE(has(probe("keep"), "kept")) << probe("keep");
}

// tabula.text has no state to read: an entity's name comes only from the view.
TEST(Screen, TextsNameNoEntity) {
  auto e = engine("tests/packs/screen-hostile", {});
  ASSERT_TRUE(e);
  State s = e->new_game(1, 2);
  const EntityId hidden = s.zones[e->zone_of_def(s, "hand", 1)].items[0];  // seat 2's Queen
  s.set_var("probe", Value("entity_name"));
  s.set_var("card", Value(static_cast<int64_t>(hidden)));
  Screen screen(*e);
  EXPECT_EQ(screen.draw(s, 0, "en"), std::vector<std::string>{"#" + std::to_string(hidden)});
}

TEST(Screen, APackWithoutAScreenHasNone) {
  auto e = engine("tests/packs/duel");
  ASSERT_TRUE(e);
  EXPECT_FALSE(Screen::declared(e->packs()));
  EXPECT_THROW(Screen{*e}, ScriptError);
}

