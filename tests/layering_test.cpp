// Layering without copying (issue 6, item 7): flow steps inserted into a
// base node, list parameters edited by append/remove, extension points with
// options that carry their own continuation, `remove` followed to what
// names the entry, each layer's own rules module, and the check that every
// function a manifest names exists. The base with two expansions together
// is in layers_test.cpp. Packs: tests/packs/proto-realm*,
// layer-insert-*, layer-rules-exp, layer-hooks-bad, realm-*, extend-points.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "core/io/state_json.h"
#include "core/pack/pack_layers.h"
#include "core/rules/engine.h"
#include "core/search/playout.h"

using namespace tabula;

namespace {

std::string pack_dir(const std::string& name) { return std::string(TABULA_SOURCE_DIR) + "/tests/packs/" + name; }

std::vector<std::string> strings(const Value& list) {
  std::vector<std::string> out;
  for (const auto& v : list.items()) out.emplace_back(v.as_str());
  return out;
}

// The diagnostic with this key path (and a message containing `part`), or null.
const Diagnostic* find(const std::vector<Diagnostic>& ds, const std::string& key, const std::string& part = "") {
  for (const auto& d : ds)
    if (d.key_path == key && d.message.find(part) != std::string::npos) return &d;
  return nullptr;
}

std::string report(const std::vector<Diagnostic>& ds) {
  std::string s;
  for (const auto& d : ds) s += d.to_string() + "\n";
  return s;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

// --- inserted flow steps ----------------------------------------------------

TEST(Layering, InsertedStepsGoInLayerOrderThenNodeId) {
  LoadResult ab = load_pack(pack_dir("layer-base"), {pack_dir("layer-insert-a"), pack_dir("layer-insert-b")});
  ASSERT_TRUE(ab.ok()) << ab.report();
  EXPECT_EQ(ab.packs->flow.at("turns").steps, (std::vector<std::string>{"a0", "attack", "a1", "a2", "b1"}));
  LoadResult ba = load_pack(pack_dir("layer-base"), {pack_dir("layer-insert-b"), pack_dir("layer-insert-a")});
  ASSERT_TRUE(ba.ok()) << ba.report();
  EXPECT_EQ(ba.packs->flow.at("turns").steps, (std::vector<std::string>{"a0", "attack", "b1", "a1", "a2"}));
}

TEST(Layering, BadInsertsAreLocatedErrorsWithSuggestions) {
  LoadResult r = load_pack(pack_dir("layer-insert-bad"));
  EXPECT_FALSE(r.ok());
  const auto& ds = r.diagnostics;
  const Diagnostic* into = find(ds, "flow.x1.insert.into", "did you mean 'turns'?");
  ASSERT_NE(into, nullptr) << r.report();
  EXPECT_TRUE(ends_with(into->pos.file, "layer-insert-bad/pack.toml"));
  EXPECT_EQ(into->pos.line, 8);
  EXPECT_NE(find(ds, "flow.x2.insert.after", "did you mean 'attack'?"), nullptr) << r.report();
  EXPECT_NE(find(ds, "flow.x3.insert.into", "no steps to insert into"), nullptr) << r.report();
  EXPECT_NE(find(ds, "flow.x4.insert", "exactly one of after"), nullptr) << r.report();
  EXPECT_NE(find(ds, "flow.x5.insert", "exactly one of after"), nullptr) << r.report();
  EXPECT_NE(find(ds, "flow.x5.insert.at", "unknown key"), nullptr) << r.report();
}

// --- list parameters --------------------------------------------------------

TEST(Layering, ListEditsRemoveThenAppend) {
  LoadResult r = load_pack(pack_dir("realm-house"));
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_EQ(strings(r.packs->param("deck")),
            (std::vector<std::string>{"stride", "stride", "stride", "leap", "leap", "chest", "chest"}));
  EXPECT_EQ(r.packs->params.at("deck").layer, "realm-house");
  // A house rule that edits the deck combines with an expansion that appends to it.
  LoadResult both = load_pack(pack_dir("proto-realm-tides"), {pack_dir("realm-house")});
  ASSERT_TRUE(both.ok()) << both.report();
  EXPECT_EQ(std::count(both.packs->param("deck").items().begin(), both.packs->param("deck").items().end(), Value("wave")), 2);
}

TEST(Layering, SettingAWholeListConflictsWithAnUnrelatedEdit) {
  for (bool whole_first : {false, true}) {
    std::vector<std::string> extra{pack_dir("proto-realm-tides"), pack_dir("realm-whole")};
    if (whole_first) std::swap(extra[0], extra[1]);
    LoadResult r = load_pack(pack_dir("proto-realm"), extra);
    EXPECT_FALSE(r.ok());
    const Diagnostic* d = find(r.diagnostics, "params.deck", "conflict");
    ASSERT_NE(d, nullptr) << r.report();
    EXPECT_NE(d->message.find("'realm-whole'"), std::string::npos) << d->message;
    EXPECT_NE(d->message.find("'proto-realm-tides'"), std::string::npos) << d->message;
  }
}

TEST(Layering, BadListEditsAreLocatedErrors) {
  LoadResult r = load_pack(pack_dir("realm-list-bad"));
  EXPECT_FALSE(r.ok());
  const Diagnostic* ring = find(r.diagnostics, "params.ring", "need a list");
  ASSERT_NE(ring, nullptr) << r.report();
  EXPECT_GT(ring->pos.line, 0);
  const Diagnostic* dragon = find(r.diagnostics, "params.deck.remove", "'dragon' is not in the list");
  ASSERT_NE(dragon, nullptr) << r.report();
  EXPECT_EQ(dragon->pos.line, 9);
  EXPECT_NE(find(r.diagnostics, "params.dek", "did you mean 'deck'?"), nullptr) << r.report();
}

// --- extension points and option continuations ---------------------------------

TEST(Layering, CollectGathersListsInListenerOrder) {
  LoadResult r = load_pack(pack_dir("extend-points"));
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 1);
  ASSERT_EQ(s.pending.size(), 1u);
  std::vector<std::string> ids;
  for (const auto& o : s.pending[0].options) ids.push_back(o.id);
  // Own option, then rule modules by key (more.lua returns nil), then entities by id.
  EXPECT_EQ(ids, (std::vector<std::string>{"own", "b_base", "h0", "h1"}));
}

TEST(Layering, AnOptionsOwnContinuationReplacesTheDecisions) {
  LoadResult r = load_pack(pack_dir("extend-points"));
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  const State start = e.new_game(1, 1);
  struct Case {
    const char* option;
    const char* chosen_by;
  };
  for (const Case& c : {Case{"own", "own:own"}, Case{"b_base", "base:b_base"}, Case{"h1", "helper:h1"}}) {
    State s = start;
    ApplyResult a = e.apply(s, 0, c.option);
    ASSERT_TRUE(a.ok) << a.error;
    EXPECT_EQ(s.var("chosen_by").as_str(), c.chosen_by);
    if (std::string(c.option) == "h1") {
      EXPECT_TRUE(s.var("picked_args").get("asked").as_bool());  // the decision's args
    }
    if (std::string(c.option) == "b_base") {
      EXPECT_EQ(s.var("later").as_int(), 1);  // scheduled by function value
    }
  }
}

TEST(Layering, OptionContinuationsAreHashedAndSaved) {
  LoadResult r = load_pack(pack_dir("extend-points"));
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 1);
  ASSERT_GE(s.pending.at(0).options.at(2).on_choice, 0);
  const auto j = state_to_json(e, s);
  EXPECT_EQ(j["pending"][0]["options"][2]["on_choice"], "extend-points/cards/helper.lua:picked");
  EXPECT_FALSE(j["pending"][0]["options"][1].contains("on_choice"));
  State back = state_from_json(e, j);
  EXPECT_EQ(back.hash(), s.hash());
  EXPECT_EQ(back.pending[0].options[2].on_choice, s.pending[0].options[2].on_choice);
  State other = s;
  other.pending[0].options[2].on_choice = -1;
  EXPECT_NE(other.hash(), s.hash());
}

TEST(Layering, ExtensionMisuseIsAScriptError) {
  LoadResult r = load_pack(pack_dir("extend-points"));
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  auto error_of = [&](const char* misuse) -> std::string {
    try {
      e.new_game(1, 1, {{"misuse", Value(misuse)}});
    } catch (const ScriptError& err) {
      return err.what();
    }
    return "";
  };
  EXPECT_NE(error_of("schedule").find("may not schedule"), std::string::npos) << error_of("schedule");
  EXPECT_NE(error_of("number").find("returned a number, not a list or nil"), std::string::npos) << error_of("number");
  EXPECT_NE(error_of("local_fn").find("not one of a pack module's functions"), std::string::npos) << error_of("local_fn");
}

// --- remove follows references --------------------------------------------------

TEST(Layering, RemoveDropsTheEntryFromListsAndNotesIt) {
  LoadResult r = load_pack(pack_dir("proto-realm-variant"));
  ASSERT_TRUE(r.ok()) << r.report();
  const auto deck = strings(r.packs->param("deck"));
  EXPECT_EQ(std::count(deck.begin(), deck.end(), "chest"), 0);
  EXPECT_EQ(deck.size(), 8u);
  const Diagnostic* note = find(r.diagnostics, "params.deck", "dropped 'chest'");
  ASSERT_NE(note, nullptr) << r.report();
  EXPECT_EQ(note->severity, Diagnostic::Severity::Note);
  EXPECT_NE(note->message.find("proto-realm-variant"), std::string::npos);
}

TEST(Layering, RemoveReportsWhatElseStillNamesTheEntry) {
  LoadResult r = load_pack(pack_dir("realm-remove-refs"));
  EXPECT_FALSE(r.ok());
  const auto& ds = r.diagnostics;
  const Diagnostic* deck = find(ds, "params.deck", "dropped 'coin' from this list (3 times)");
  ASSERT_NE(deck, nullptr) << r.report();
  const Diagnostic* hand = find(ds, "setups.rich.options.hand", "dropped 'coin' from this list (2 times)");
  ASSERT_NE(hand, nullptr) << r.report();
  const Diagnostic* fav = find(ds, "params.favourite", "names 'coin'");
  ASSERT_NE(fav, nullptr) << r.report();
  EXPECT_EQ(fav->severity, Diagnostic::Severity::Error);
  EXPECT_EQ(fav->pos.line, 14);
  EXPECT_NE(find(ds, "setups.rich.options.start", "names 'coin'"), nullptr) << r.report();
  const Diagnostic* becomes = find(ds, "entity.purse.props.becomes", "names 'coin'");
  ASSERT_NE(becomes, nullptr) << r.report();
  EXPECT_TRUE(ends_with(becomes->pos.file, "realm-remove-refs/changes.toml"));
  EXPECT_EQ(becomes->pos.line, 5);
  EXPECT_NE(find(ds, "entity.purse.props.combo[1]", "names 'coin'"), nullptr) << r.report();
  // The script's literal is a warning at its line; the comment is not.
  int script_warnings = 0;
  for (const auto& d : ds)
    if (d.severity == Diagnostic::Severity::Warning && ends_with(d.pos.file, "rules/refs.lua")) {
      ++script_warnings;
      EXPECT_EQ(d.pos.line, 5);
      EXPECT_EQ(d.pos.to_string().substr(d.pos.to_string().size() - 10), "refs.lua:5");
    }
  EXPECT_EQ(script_warnings, 1) << report(ds);
}

TEST(Layering, LuaLiteralsSkipCommentsAndReadLongStrings) {
  const std::string src =
      "local a = 'x' -- 'x' here is a comment\n"
      "--[[ \"x\"\n\"x\" ]]\n"
      "local b = [[x]] .. \"y\" .. [==[\nx]==]\n"
      "local c = \"x\\n\"\n";
  auto found = lua_string_literals(src, {"x"});
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].line, 1);
  EXPECT_EQ(found[1].line, 4);
  EXPECT_EQ(found[2].line, 4);
}

// --- rules per layer ------------------------------------------------------------

// An expansion that sets [pack] rules used to re-home every base node
// without a script of its own, so every game failed.
TEST(Layering, AnExpansionsRulesAddAModuleAndKeepTheBaseNodes) {
  LoadResult r = load_pack(pack_dir("layer-rules-exp"));
  ASSERT_TRUE(r.ok()) << r.report();
  const PackSet& p = *r.packs;
  EXPECT_EQ(p.flow.at("setup").script, "layer-base/rules/base.lua");
  EXPECT_EQ(p.flow.at("round").script, "layer-base/rules/base.lua");
  EXPECT_EQ(p.flow.at("cheer").script, "layer-rules-exp/rules/exp.lua");
  EXPECT_EQ(p.layers[0].rules, "layer-base/rules/base.lua");
  EXPECT_EQ(p.layers[1].rules, "layer-rules-exp/rules/exp.lua");
  EXPECT_EQ(p.scripts.count("layer-base/rules/base.lua"), 1u);
  Engine e(std::move(r.packs));
  List fighters{Value("squire"), Value("scout")};
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    State s = e.new_game(seed, 2, {{"fighters", Value::list(fighters)}});
    RandomAgent a(seed), b(seed + 100);
    PlayoutResult pr = play_out(e, s, {&a, &b}, 1000);
    ASSERT_TRUE(pr.finished) << pr.error;
    EXPECT_GT(s.var("cheers").as_int(), 0);   // the expansion's node ran
    EXPECT_GT(s.var("exp_saw").as_int(), 0);  // and its rules module listened
  }
}

// --- every named function exists ----------------------------------------------

TEST(Layering, EveryMissingFunctionIsReportedWhereItIsNamed) {
  LoadResult r = load_pack(pack_dir("layer-hooks-bad"));
  ASSERT_TRUE(r.ok()) << r.report();
  try {
    Engine e(std::move(r.packs));
    FAIL() << "the engine was built";
  } catch (const ScriptError& err) {
    const auto& ds = err.diagnostics;
    ASSERT_EQ(ds.size(), 4u) << err.what();
    const Diagnostic* hook = find(ds, "flow.setup.hook", "no function 'setpu' in layer-base/rules/base.lua (did you mean 'setup'?)");
    ASSERT_NE(hook, nullptr) << err.what();
    EXPECT_TRUE(ends_with(hook->pos.file, "layer-hooks-bad/pack.toml"));
    EXPECT_EQ(hook->pos.line, 8);
    EXPECT_EQ(hook->pos.column, 8);
    EXPECT_NE(find(ds, "flow.round.until", "did you mean 'decided'?"), nullptr) << err.what();
    const Diagnostic* stage = find(ds, "combat.stages[1]", "did you mean 'strike'?");
    ASSERT_NE(stage, nullptr) << err.what();
    EXPECT_EQ(stage->pos.line, 14);
    const Diagnostic* own = find(ds, "flow.skirmish.stages[0]", "no function 'hti' in layer-base/rules/base.lua (did you mean 'hit'?)");
    ASSERT_NE(own, nullptr) << err.what();
    EXPECT_EQ(own->pos.line, 19);
    EXPECT_EQ(own->pos.column, 11);
  }
}

// A layer in a folder of its own finds the pack it patches on the search
// path, after its sibling folders; without it, the error says where it
// looked (issue 10: mods in their own folder).
TEST(LayerSearch, ALayerFindsItsBaseOnTheSearchPath) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tabula-layer-search" / "mod";
  std::filesystem::create_directories(dir);
  {
    std::ofstream f(dir / "pack.toml");
    f << "[pack]\nid = \"mod\"\npatches = \"layer-base\"\n\n[params]\nrounds = 7\n";
  }
  LoadResult alone = load_pack(dir.string());
  ASSERT_FALSE(alone.ok());
  const Diagnostic* d = find(alone.diagnostics, "pack", "pack 'layer-base' not found (looked in ");
  ASSERT_NE(d, nullptr) << report(alone.diagnostics);
  EXPECT_NE(d->message.find("--packs DIR or TABULA_PATH"), std::string::npos) << d->message;
  LoadResult found = load_pack(dir.string(), {}, {std::string(TABULA_SOURCE_DIR) + "/tests/packs"});
  ASSERT_TRUE(found.ok()) << found.report();
  EXPECT_EQ(found.packs->layers.size(), 2u);
  EXPECT_EQ(found.packs->params.at("rounds").value, Value(7));
  std::filesystem::remove_all(dir.parent_path());
}

// A house rule's parameter that no layer below declares: close to one that
// does, it is a misspelling and an error with a suggestion; otherwise a new
// parameter of the layer, with a warning (issue 10: `practice_fatige`).
TEST(LayerSearch, AMisspeltParameterOfAHouseRuleIsAnError) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tabula-layer-params" / "rule";
  std::filesystem::create_directories(dir);
  const std::vector<std::string> search{std::string(TABULA_SOURCE_DIR) + "/tests/packs"};
  {
    std::ofstream f(dir / "pack.toml");
    f << "[pack]\nid = \"rule\"\npatches = \"layer-base\"\n\n[params]\nrouns = 7\n";
  }
  LoadResult typo = load_pack(dir.string(), {}, search);
  ASSERT_FALSE(typo.ok());
  const Diagnostic* d = find(typo.diagnostics, "params.rouns", "declare no parameter 'rouns' (did you mean 'rounds'?)");
  ASSERT_NE(d, nullptr) << report(typo.diagnostics);
  EXPECT_EQ(d->pos.line, 6);
  {
    std::ofstream f(dir / "pack.toml");
    f << "[pack]\nid = \"rule\"\npatches = \"layer-base\"\n\n[params]\nmercy = 2\n";
  }
  LoadResult added = load_pack(dir.string(), {}, search);
  ASSERT_TRUE(added.ok()) << added.report();
  const Diagnostic* w = find(added.diagnostics, "params.mercy", "a parameter this layer adds");
  ASSERT_NE(w, nullptr) << report(added.diagnostics);
  EXPECT_EQ(w->severity, Diagnostic::Severity::Warning);
  std::filesystem::remove_all(dir.parent_path());
}

// check finds ids a script gives the API as whole literal strings that name
// nothing: at the literal's file:line:column, with a suggestion; an id
// built at run time is not judged (issue 10: tabula.create("spike_pitt")).
TEST(LayerSearch, ScriptLiteralsThatNameNothingAreFound) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tabula-script-ids" / "more";
  std::filesystem::create_directories(dir);
  {
    std::ofstream f(dir / "pack.toml");
    f << "[pack]\nid = \"more\"\nextends = \"layer-base\"\nrules = \"more.lua\"\n";
  }
  {
    std::ofstream f(dir / "more.lua");
    f << "local T = tabula\nlocal M = {}\n"
         "function M.a() T.create(\"knigth\", \"band\") end  -- T.create(\"in_a_comment\")\n"
         "function M.b(r) return T.param('roundz'), T.count(\"rank\" .. r), tabula.zone(\"nowhere\", 1) end\n"
         "return M\n";
  }
  LoadResult r = load_pack(dir.string(), {}, {std::string(TABULA_SOURCE_DIR) + "/tests/packs"}, /*check_scripts=*/true);
  ASSERT_TRUE(r.ok()) << r.report();
  std::vector<std::string> found;
  for (const auto& d : r.diagnostics)
    if (d.message.find(" names '") != std::string::npos) found.push_back(d.pos.to_string() + " " + d.message);
  ASSERT_EQ(found.size(), 3u) << r.report();
  EXPECT_NE(found[0].find("more.lua:3:26 tabula.create names 'knigth'"), std::string::npos) << found[0];
  EXPECT_NE(found[0].find("(did you mean 'knight'?)"), std::string::npos) << found[0];
  EXPECT_NE(found[1].find("more.lua:4:33 tabula.param names 'roundz'"), std::string::npos) << found[1];
  EXPECT_NE(found[1].find("(did you mean 'rounds'?)"), std::string::npos) << found[1];
  EXPECT_NE(found[2].find("tabula.zone names 'nowhere'"), std::string::npos) << found[2];
  std::filesystem::remove_all(dir.parent_path());
}

// A layer adds setup work by listening to game_set_up, not by replacing the
// game's setup hook (issue 10): Dungeon Lords with tests/packs/setup-hook
// starts every lord with one gold more; so does Thunderstone's event.
TEST(LayerSearch, ALayerHooksTheEndOfTheSetup) {
  const std::string content = std::string(TABULA_SOURCE_DIR) + "/content";
  LoadResult base = load_pack(content + "/dungeon-lords");
  LoadResult hooked = load_pack(pack_dir("setup-hook"), {}, {content});
  ASSERT_TRUE(base.ok()) << base.report();
  ASSERT_TRUE(hooked.ok()) << hooked.report();
  Engine plain(std::move(base.packs)), more(std::move(hooked.packs));
  State a = plain.new_game(5, 3), b = more.new_game(5, 3);
  for (int seat = 0; seat < 3; ++seat)
    EXPECT_EQ(dict_get(b.seats[seat].counters, "gold").as_int(), dict_get(a.seats[seat].counters, "gold").as_int() + 1);
  LoadResult ts = load_pack(pack_dir("setup-hook-ts"), {}, {content});
  ASSERT_TRUE(ts.ok()) << ts.report();
  Engine deck(std::move(ts.packs));
  State c = deck.new_game(5, 2);
  for (int seat = 0; seat < 2; ++seat) EXPECT_EQ(dict_get(c.seats[seat].counters, "xp").as_int(), 1);
}

// A card's text names its own properties, so a layer that changes a number
// changes the words (issue 29, item 8: the troll of docs/modding.md kept its
// old attack in its text). A slot that names no property is a located error.
TEST(LayerSearch, CardTextsShowTheirPropertiesAsALayerSetsThem) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "tabula-card-text" / "trolls";
  std::filesystem::create_directories(dir);
  auto write = [&](const std::string& text) {
    std::ofstream(dir / "pack.toml") << "[pack]\nid = \"trolls\"\npatches = \"dungeon-lords\"\nmanifests = [\"changes.toml\"]\n";
    std::ofstream(dir / "changes.toml") << "[change.troll]\nprops = { attack = 1 }\ntext = { en = \"" << text
                                        << "\", cs = \"Útok {attack?bod|body|bodů}.\" }\n";
  };
  const std::vector<std::string> search{std::string(TABULA_SOURCE_DIR) + "/content"};
  write("Attack {attack} ({attack?point|points}), or {attack_alt} for {alt_food} food.");
  LoadResult r = load_pack(dir.string(), {}, search);
  ASSERT_TRUE(r.ok()) << r.report();
  const EntityDef& troll = *r.packs->entity("troll");
  EXPECT_EQ(troll.card_text.en, "Attack 1 (point), or 4 for 1 food.");
  EXPECT_EQ(troll.card_text.cs, "Útok bod.");
  EXPECT_EQ(troll.text.en, "Attack {attack} ({attack?point|points}), or {attack_alt} for {alt_food} food.");  // as written

  write("Attack {atack}.");
  LoadResult bad = load_pack(dir.string(), {}, search);
  ASSERT_FALSE(bad.ok());
  const Diagnostic* d = find(bad.diagnostics, "entities.troll.text.en", "{atack} is not a property of troll");
  ASSERT_NE(d, nullptr) << report(bad.diagnostics);
  EXPECT_NE(d->message.find("did you mean 'attack'"), std::string::npos) << d->message;
  EXPECT_TRUE(ends_with(d->pos.file, "changes.toml")) << d->pos.file;
  std::filesystem::remove_all(dir.parent_path());
}
