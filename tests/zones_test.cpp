// Zones beyond holding entities (issue 6, items 2-4): listeners scoped to
// zones, definitions read as data, properties read across kinds, `contents`
// visibility, reveals to one seat, grouped views and the std.pile helpers.
// Pack: tests/packs/zones; positions are built by running Lua chunks through
// its rules' `run`.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/io/state_json.h"
#include "core/lua/lua_host.h"
#include "core/rules/engine.h"
#include "core/search/playout.h"
#include "core/rules/kernel.h"

using namespace tabula;
using nlohmann::json;

namespace {

class Zones : public testing::Test {
 protected:
  void SetUp() override {
    LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/zones");
    ASSERT_TRUE(r.ok()) << r.report();
    engine = std::make_unique<Engine>(std::move(r.packs));
    state = engine->new_game(1, 3);
  }
  // Runs a chunk of Lua in the game and returns its result.
  Value lua(const std::string& code) { return engine->kernel().host().call_value(state, "zones/rules.lua", "run", Value(code)); }
  std::string error_of(const std::string& code) {
    try {
      lua(code);
    } catch (const ScriptError& e) {
      return e.what();
    }
    return "(no error)";
  }
  json zone_view(int seat, const std::string& zone, int zone_seat = 0) {
    json v = json::parse(engine->view_json(state, seat));
    for (const auto& z : v["zones"])
      if (z["zone"] == zone && (zone_seat == 0 || z.value("seat", 0) == zone_seat)) return z;
    ADD_FAILURE() << "no zone " << zone;
    return {};
  }
  static Value strings(std::initializer_list<const char*> items) {
    List l;
    for (const char* s : items) l.push_back(Value(s));
    return Value::list(std::move(l));
  }
  std::unique_ptr<Engine> engine;
  State state;
};

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The cards of the scoping tests, created in this order (ids 0..7).
const char* kPositions = R"(
  local T = tabula
  T.create("blade", "deck", 1)     -- 0: out of scope
  T.create("blade", "play", 1)     -- 1
  T.create("axe", "discard", 2)    -- 2: out of scope
  T.create("lamp", "hand", 2)      -- 3: its entry listens in hand too
  T.create("axe", "play", 2)       -- 4: another seat's play zone
  T.create("blade", "hand", 1)     -- 5: the kind does not listen in hand
  T.create("horn", "stock")        -- 6: "anywhere"
  T.create("relic", "deck", 3)     -- 7: a kind without listen_in
)";

}  // namespace

// Every listener of `attack` is scoped: only cards in play (any seat's) and
// the lamp in hand are called, in the documented order: the rule module,
// then entities by ascending id.
TEST_F(Zones, ScopedModifiersFireOnlyInScopeInOrder) {
  lua(kPositions);
  EXPECT_EQ(lua("tabula.set_var('heard', {}); return tabula.modify('attack', 0)"), Value(2 + 1 + 3));
  EXPECT_EQ(state.var("heard"), strings({"rules", "blade#1", "lamp#3", "axe#4"}));
}

// Mixed scoped and unscoped listeners of one channel: each is checked
// against its own scope; the order is the same.
TEST_F(Zones, MixedScopesAreCheckedPerDefinition) {
  lua(kPositions);
  EXPECT_EQ(lua("tabula.set_var('heard', {}); return tabula.modify('mixed', 0)"), Value(2 + 1 + 3 + 5 + 2));
  EXPECT_EQ(state.var("heard"), strings({"blade#1", "lamp#3", "axe#4", "horn#6", "relic#7"}));
}

// Scope follows the entity: out of play, or moved out of its zones, it
// stops listening; moved in, it starts.
TEST_F(Zones, ScopeFollowsMoves) {
  lua(kPositions);
  lua("tabula.move(1, 'discard', 1); tabula.move(0, 'play', 3); tabula.remove(4)");
  EXPECT_EQ(lua("tabula.set_var('heard', {}); return tabula.modify('attack', 0)"), Value(2 + 1));
  EXPECT_EQ(state.var("heard"), strings({"rules", "blade#0", "lamp#3"}));
}

// Events are scoped the same way: `ping` reaches the cards in scope when it
// is emitted.
TEST_F(Zones, ScopedEvents) {
  lua(kPositions);
  ASSERT_TRUE(engine->apply(state, 0, "ping").ok);
  EXPECT_EQ(state.var("heard"), strings({"blade#1", "lamp#3", "axe#4"}));
}

TEST(ZonesLoad, UnknownListenZoneIsALocatedError) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/bad-listen");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.report(), "pack.toml:6:22: error: kinds.card.listen_in[1]: zone 'hnad' is not declared (did you mean 'hand'?)"))
      << r.report();
}

TEST_F(Zones, DefsListByKindAndTag) {
  EXPECT_EQ(lua("return tabula.defs()"), strings({"axe", "blade", "horn", "lamp", "relic"}));
  EXPECT_EQ(lua("return tabula.defs{kind = 'card'}"), strings({"axe", "blade", "horn", "lamp"}));
  EXPECT_EQ(lua("return tabula.defs{tag = 'starter'}"), strings({"blade", "relic"}));
  EXPECT_EQ(lua("return tabula.defs{kind = 'card', tag = 'market'}"), strings({"axe", "lamp"}));
  EXPECT_EQ(lua("return #tabula.defs{kind = 'token', tag = 'market'}"), Value(0));
  EXPECT_TRUE(contains(error_of("tabula.defs{kind = 'cards'}"), "defs: unknown kind 'cards'"));
  EXPECT_TRUE(contains(error_of("tabula.defs{tag = 'shiny'}"), "defs: no definition has the tag 'shiny'"));
  EXPECT_TRUE(contains(error_of("tabula.defs{colour = 'red'}"), "filter by kind and tag only, not 'colour'"));
  EXPECT_TRUE(contains(error_of("tabula.defs{kind = 3}"), "defs: kind must be a string, not a number"));
}

TEST_F(Zones, DefGetReadsDefinitionsWithoutEntities) {
  EXPECT_EQ(lua("return tabula.def_get('axe', 'cost')"), Value(4));
  EXPECT_EQ(lua("return tabula.def_get('relic', 'vp')"), Value(2));
  EXPECT_EQ(lua("return tabula.def_get('relic', 'cost', 0)"), Value(0));
  EXPECT_TRUE(contains(error_of("tabula.def_get('relic', 'cost')"),
                       "definition relic (kind 'token') has no property 'cost'"));
  EXPECT_TRUE(contains(error_of("tabula.def_get('sword', 'cost')"), "unknown entity definition 'sword'"));
}

// Reading a property the kind does not declare is an error unless a
// default is given; has() tells beforehand.
TEST_F(Zones, GetAcrossKinds) {
  lua("tabula.create('relic', 'shelf'); tabula.create('blade', 'shelf')");  // 0, 1
  const std::string err = error_of("return tabula.get(0, 'attack')");
  EXPECT_TRUE(contains(err, "entity relic #0 (kind 'token') has no property 'attack'")) << err;
  EXPECT_TRUE(contains(err, "tabula.has")) << err;
  EXPECT_TRUE(contains(error_of("return tabula.get(0, 'colour')"), "has no property 'colour'"));
  EXPECT_EQ(lua("return tabula.get(0, 'attack', 0)"), Value(0));
  EXPECT_EQ(lua("return tabula.get(1, 'attack', 0)"), Value(2));
  EXPECT_EQ(lua("return tabula.get(0, 'note')"), Value());  // declared, no value
  EXPECT_EQ(lua("return tabula.get(0, 'note', 'none')"), Value("none"));
  EXPECT_EQ(lua("return tabula.get(0, 'attack', nil) == nil"), Value(true));
  EXPECT_EQ(lua("return {tabula.has(0, 'vp'), tabula.has(0, 'attack'), tabula.has(1, 'attack'), tabula.has(1, 'colour')}"),
            Value::list({Value(true), Value(false), Value(true), Value(false)}));
}

// A `contents` zone shows every seat counts per definition, never ids or
// order; its own seat sees no more.
TEST_F(Zones, ContentsVisibilityShowsCountsOnly) {
  lua("for _, d in ipairs{'blade', 'axe', 'blade'} do tabula.create(d, 'deck', 1) end");
  for (int seat : {0, 1, -1}) {
    json z = zone_view(seat, "deck", 1);
    EXPECT_EQ(z["count"], 3);
    EXPECT_FALSE(z.contains("items")) << z.dump();
    ASSERT_EQ(z["groups"].size(), 2u);
    EXPECT_EQ(z["groups"][0]["def"], "axe");
    EXPECT_EQ(z["groups"][0]["count"], 1);
    EXPECT_EQ(z["groups"][1]["def"], "blade");
    EXPECT_EQ(z["groups"][1]["count"], 2);
    EXPECT_FALSE(contains(z.dump(), "\"id\"")) << z.dump();
  }
  EXPECT_EQ(lua("return tabula.known(0, 1)"), Value(false));
}

// A reveal shows one seat one entity at its place, and nobody else anything.
TEST_F(Zones, RevealShowsOneSeatOneEntity) {
  lua("for _, d in ipairs{'blade', 'axe', 'lamp'} do tabula.create(d, 'stock') end; tabula.reveal(1, 2)");
  json z = zone_view(1, "stock");
  ASSERT_TRUE(z.contains("items"));
  ASSERT_EQ(z["items"].size(), 3u);
  EXPECT_EQ(z["items"][0], json({{"hidden", true}}));
  EXPECT_EQ(z["items"][1]["def"], "axe");
  EXPECT_EQ(z["items"][2], json({{"hidden", true}}));
  for (int other : {0, 2, -1}) {
    EXPECT_FALSE(zone_view(other, "stock").contains("items"));
    EXPECT_FALSE(contains(engine->view_json(state, other), "\"axe\"")) << other;
  }
  EXPECT_EQ(lua("return {tabula.known(1, 2), tabula.known(1, 1), tabula.known(0, 2)}"),
            Value::list({Value(true), Value(false), Value(false)}));
  // In another seat's hand, and face down in a public zone, alike.
  lua("tabula.create('horn', 'hand', 3); tabula.reveal(3, 1)");  // 3
  EXPECT_EQ(zone_view(0, "hand", 3)["items"][0]["def"], "horn");
  EXPECT_FALSE(zone_view(1, "hand", 3).contains("items"));
  lua("tabula.create('relic', 'shelf'); tabula.turn(4, false); tabula.reveal(4, 3)");  // 4
  EXPECT_EQ(zone_view(2, "shelf")["items"][0]["def"], "relic");
  EXPECT_EQ(zone_view(0, "shelf")["items"][0], json({{"hidden", true}}));
  // Revealing what a seat sees anyway records nothing.
  lua("tabula.create('axe', 'shelf'); tabula.reveal(5, 1)");
  EXPECT_EQ(state.revealed.size(), 3u);
  EXPECT_TRUE(contains(error_of("tabula.remove(5); tabula.reveal(5, 1)"), "out of play"));
}

// In a contents zone a reveal adds the entity at its place beside the counts.
TEST_F(Zones, RevealInAContentsZone) {
  lua("for _, d in ipairs{'blade', 'axe'} do tabula.create(d, 'deck', 1) end; tabula.reveal(0, 1)");
  json z = zone_view(0, "deck", 1);
  EXPECT_EQ(z["groups"].size(), 2u);
  ASSERT_TRUE(z.contains("items"));
  EXPECT_EQ(z["items"][0]["def"], "blade");
  EXPECT_EQ(z["items"][1], json({{"hidden", true}}));
  EXPECT_FALSE(zone_view(1, "deck", 1).contains("items"));
}

// A reveal lasts until the entity moves (even within its zone) or its zone
// is shuffled.
TEST_F(Zones, RevealEndsOnMoveAndShuffle) {
  lua("for _, d in ipairs{'blade', 'axe', 'lamp'} do tabula.create(d, 'stock') end");
  lua("tabula.reveal(0, 1); tabula.reveal(1, 1); tabula.reveal(1, 2)");
  EXPECT_EQ(state.revealed.size(), 3u);
  lua("tabula.move(1, 'stock')");
  EXPECT_EQ(lua("return {tabula.known(0, 1), tabula.known(1, 1), tabula.known(1, 2)}"),
            Value::list({Value(true), Value(false), Value(false)}));
  lua("tabula.shuffle('stock')");
  EXPECT_TRUE(state.revealed.empty());
}

// Reveals are part of the state: hashed, saved and loaded; a state without
// any hashes as before.
TEST_F(Zones, RevealsAreHashedAndSaved) {
  lua("tabula.create('blade', 'stock'); tabula.create('axe', 'stock')");
  const uint64_t before = state.hash();
  lua("tabula.reveal(1, 3); tabula.reveal(0, 2)");
  EXPECT_NE(state.hash(), before);
  State loaded = state_from_json(*engine, json::parse(state_to_json(*engine, state).dump()));
  EXPECT_EQ(loaded.hash(), state.hash());
  ASSERT_EQ(loaded.revealed.size(), 2u);
  EXPECT_EQ(loaded.revealed[0].entity, 0);
  EXPECT_EQ(loaded.revealed[1].seat, 2);
  lua("tabula.shuffle('stock')");
  EXPECT_FALSE(state_to_json(*engine, state).contains("revealed"));
}

// view = "grouped": counts per definition in definition order; face-down
// cards a seat may not see are counted as hidden.
TEST_F(Zones, GroupedView) {
  lua(R"(for _, d in ipairs{'lamp', 'axe', 'lamp', 'axe', 'axe', 'blade'} do tabula.create(d, 'market') end
         tabula.turn(5, false))");
  json z = zone_view(0, "market");
  EXPECT_FALSE(z.contains("items"));
  ASSERT_EQ(z["groups"].size(), 2u);
  // Each group's entities by id, ascending (not where they lie), so that a
  // page can find the group an option names (docs/web.md); the face-down
  // blade is in no group.
  EXPECT_EQ(z["groups"][0], json({{"def", "axe"}, {"kind", "card"}, {"name", "Axe"}, {"count", 3}, {"ids", {1, 3, 4}}}));
  EXPECT_EQ(z["groups"][1]["ids"], json({0, 2}));
  EXPECT_EQ(z["groups"][1]["def"], "lamp");
  EXPECT_EQ(z["groups"][1]["count"], 2);
  EXPECT_EQ(z["hidden"], 1);
}

TEST_F(Zones, PileDrawReshufflesTheDiscard) {
  lua(R"(for _, d in ipairs{'blade', 'axe'} do tabula.create(d, 'deck', 1) end
         for _, d in ipairs{'lamp', 'lamp', 'horn'} do tabula.create(d, 'discard', 1) end)");
  Value drawn = lua("return require('std.pile').draw{n = 4, from = 'deck', to = 'hand', reshuffle = 'discard', seat = 1}");
  ASSERT_EQ(drawn.items().size(), 4u);
  EXPECT_EQ(drawn.items()[0], Value(0));
  EXPECT_EQ(drawn.items()[1], Value(1));
  EXPECT_EQ(lua("return {tabula.count('hand', 1), tabula.count('deck', 1), tabula.count('discard', 1)}"),
            Value::list({Value(4), Value(1), Value(0)}));
  EXPECT_EQ(lua("return tabula.zone('hand', 1)"), drawn);
  // Both piles run out: the draw stops with what there was.
  Value rest = lua("return require('std.pile').draw{n = 5, from = 'deck', to = 'hand', reshuffle = 'discard', seat = 1}");
  EXPECT_EQ(rest.items().size(), 1u);
  EXPECT_EQ(lua("return #require('std.pile').draw{n = 2, from = 'deck', to = 'hand', reshuffle = 'discard', seat = 1}"), Value(0));
  // Without a reshuffle zone, an empty pile draws nothing.
  lua("tabula.create('axe', 'discard', 2)");
  EXPECT_EQ(lua("return #require('std.pile').draw{n = 1, from = 'deck', to = 'hand', seat = 2}"), Value(0));
}

TEST_F(Zones, PileStackHelpers) {
  Value r = lua(R"(
    local pile, T = require('std.pile'), tabula
    local top_of_empty = pile.top('stock')
    local a, b, c = T.create('axe', 'stock'), T.create('blade', 'stock'), T.create('lamp', 'shelf')
    pile.put_top(c, 'stock')
    local peek = pile.peek('stock', nil, 2)
    pile.put_bottom(T.create('horn', 'shelf'), 'stock')
    local moved = pile.move_all('stock', nil, 'discard', 2)
    return {top_of_empty == nil, pile.top('discard', 2), peek, moved, #pile.peek('discard', 2, 9), T.count('stock')}
  )");
  EXPECT_EQ(r, Value::list({Value(true), Value(2), Value::list({Value(2), Value(0)}),
                            Value::list({Value(2), Value(0), Value(1), Value(3)}), Value(4), Value(0)}));
}

// top_or_reshuffle: the top card of a deck; an empty deck first takes the
// discard pile, shuffled; nothing when both are empty.
TEST_F(Zones, PileTopOrReshuffle) {
  Value r = lua(R"(
    local pile, T = require('std.pile'), tabula
    local none = pile.top_or_reshuffle('deck', 1, 'discard')
    local a = T.create('axe', 'deck', 1)
    local top = pile.top_or_reshuffle('deck', 1, 'discard')
    T.move(a, 'discard', 1)
    T.create('blade', 'discard', 1)
    local after = pile.top_or_reshuffle('deck', 1, 'discard')
    return {none == nil, top, after ~= nil, T.count('deck', 1), T.count('discard', 1)}
  )");
  EXPECT_EQ(r, Value::list({Value(true), Value(0), Value(true), Value(2), Value(0)}));
}

// The prototype deck-builder with listen_in and its layer without (whose
// cards check their own zone in Lua) play the same games: the same hash
// after every choice, with reveals from the scout along the way.
TEST(ZonesDeckbuilder, ScopedAndUnscopedPlayAlike) {
  const std::string dir = std::string(TABULA_SOURCE_DIR) + "/tests/packs/";
  LoadResult a = load_pack(dir + "proto-deckbuilder"), b = load_pack(dir + "proto-deckbuilder-unscoped");
  ASSERT_TRUE(a.ok()) << a.report();
  ASSERT_TRUE(b.ok()) << b.report();
  Engine scoped(std::move(a.packs)), unscoped(std::move(b.packs));
  bool revealed = false;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    const int seats = 2 + static_cast<int>(seed % 3);
    State x = scoped.new_game(seed, seats, {}, Mode::Playout), y = unscoped.new_game(seed, seats, {}, Mode::Playout);
    std::vector<std::unique_ptr<RandomAgent>> own;
    std::vector<Agent*> agents;
    for (int i = 0; i < seats; ++i) {
      own.push_back(std::make_unique<RandomAgent>(derive_seed(seed, i)));
      agents.push_back(own.back().get());
    }
    std::vector<uint64_t> hashes;
    PlayoutResult rx = play_out(scoped, x, agents, 0, [&](const State& s, int, const std::string&) {
      hashes.push_back(s.hash());
      revealed = revealed || !s.revealed.empty();
    });
    ASSERT_TRUE(rx.finished) << rx.error;
    for (int i = 0; i < seats; ++i) own[i] = std::make_unique<RandomAgent>(derive_seed(seed, i)), agents[i] = own[i].get();
    size_t step = 0;
    PlayoutResult ry = play_out(unscoped, y, agents, 0, [&](const State& s, int, const std::string&) {
      ASSERT_LT(step, hashes.size());
      EXPECT_EQ(s.hash(), hashes[step++]) << "seed " << seed << " step " << step;
    });
    ASSERT_TRUE(ry.finished) << ry.error;
    EXPECT_EQ(step, hashes.size());
    EXPECT_EQ(x.result, y.result);
  }
  EXPECT_TRUE(revealed);
}

// tabula.handles: whether an entity's own script has a function, dotted
// names included (the blade's script modifies attack; the horn's does not).
TEST_F(Zones, HandlesNamesTheFunctionsOfAnEntitysScript) {
  lua(kPositions);
  EXPECT_EQ(lua("return tabula.handles(1, 'modify.attack')"), Value(true));
  EXPECT_EQ(lua("return tabula.handles(6, 'modify.attack')"), Value(false));
  EXPECT_EQ(lua("return tabula.handles(6, 'modify.mixed')"), Value(true));
  EXPECT_EQ(lua("return tabula.handles(1, 'nothing')"), Value(false));
  EXPECT_TRUE(contains(error_of("return tabula.handles(99, 'x')"), "99"));
}

// A probe may be the engine's first call, and it may run a modifier from
// inside: the modifier's context sits two levels deep before any call has
// made the first level's (the bench's BM_ModifyScoped did this).
TEST(ZonesProbe, AFirstProbeMayRunModifiers) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/zones-bench");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.blank_state(1, 2);
  e.kernel().host().call_value(s, "zones-bench/rules.lua", "build", Value("scoped"));
  EXPECT_EQ(e.kernel().host().call_value(s, "zones-bench/rules.lua", "scoped", Value()), Value(5));
}

// A layer's [change.x] may give an entry another scope.
TEST(ZonesLayers, ChangeMovesAnEntrysScope) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/zones-patch");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 2);
  auto run = [&](const char* code) { return e.kernel().host().call_value(s, "zones/rules.lua", "run", Value(code)); };
  run("tabula.create('blade', 'play', 1); tabula.create('blade', 'hand', 1); tabula.create('axe', 'play', 2)");
  EXPECT_EQ(run("return tabula.modify('attack', 0)"), Value(2 + 3));
  List heard;
  for (const char* h : {"rules", "blade#1", "axe#2"}) heard.push_back(Value(h));
  EXPECT_EQ(s.var("heard"), Value::list(std::move(heard)));
}
