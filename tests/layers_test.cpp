// Packs layer (ENGINE.md invariant 7): an expansion adds to a base, a patch
// changes numbers, replaces, removes, swaps a script and changes a parameter
// without copying the base; every definition says which layer it came from;
// two layers that change the same value without building on each other
// conflict. Packs: tests/packs/layer-*.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/rules/engine.h"

using namespace tabula;

namespace {

std::string pack_dir(const std::string& name) { return std::string(TABULA_SOURCE_DIR) + "/tests/packs/" + name; }

int64_t prop(const PackSet& p, const std::string& id, const std::string& key) {
  const EntityDef* e = p.entity(id);
  return e ? dict_get(e->props, key).as_int(-1) : -1;
}

std::vector<std::string> deck_ids(const Value& list) {
  std::vector<std::string> out;
  for (const auto& v : list.items()) out.emplace_back(v.as_str());
  return out;
}

bool has_conflict(const LoadResult& r, const std::string& key_path) {
  for (const auto& d : r.diagnostics)
    if (d.key_path == key_path && d.message.find("conflict") != std::string::npos) return true;
  return false;
}

// Plays one hit on the first defender and returns the journal.
std::vector<std::string> first_hit_journal(std::unique_ptr<PackSet> packs) {
  Engine e(std::move(packs));
  List fighters;
  for (const auto& [id, def] : e.packs().entities) fighters.push_back(Value(id));
  State s = e.new_game(1, 2, {{"fighters", Value::list(fighters)}});
  EXPECT_EQ(s.pending.size(), 1u);
  if (s.pending.empty()) return {};
  // Hit the last defender, a fighter without a script of its own.
  const Decision& d = s.pending.front();
  ApplyResult r = e.apply(s, d.seat, d.options.back().id);
  EXPECT_TRUE(r.ok) << r.error;
  std::vector<std::string> lines;
  for (const auto& l : s.journal) lines.push_back(e.render(s, l.text, "en", Engine::kAllSeeing));
  return lines;
}

}  // namespace

TEST(Layers, BaseAloneNamesItselfAsTheLayer) {
  LoadResult r = load_pack(pack_dir("layer-base"));
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_EQ(r.packs->layers.size(), 1u);
  EXPECT_EQ(r.packs->entity("squire")->layer, "layer-base");
  EXPECT_EQ(r.packs->entities.size(), 4u);
}

TEST(Layers, ExpansionAddsEntitiesAndKeepsTheBase) {
  LoadResult r = load_pack(pack_dir("layer-exp"));
  ASSERT_TRUE(r.ok()) << r.report();
  const PackSet& p = *r.packs;
  ASSERT_EQ(p.layers.size(), 2u);
  EXPECT_EQ(p.layers[0].id, "layer-base");
  EXPECT_EQ(p.layers[1].id, "layer-exp");
  EXPECT_EQ(p.id(), "layer-exp");
  EXPECT_EQ(p.entities.size(), 6u);
  ASSERT_NE(p.entity("lancer"), nullptr);
  EXPECT_EQ(p.entity("lancer")->layer, "layer-exp");
  EXPECT_EQ(prop(p, "lancer", "hp"), 4);
  EXPECT_EQ(prop(p, "page", "damage"), 0);  // the base kind's default fills in
  EXPECT_EQ(prop(p, "squire", "morale"), 3);  // a property the expansion adds reaches the base's cards
  EXPECT_EQ(prop(p, "lancer", "morale"), 3);
  EXPECT_EQ(p.entity("knight")->layer, "layer-base");
  EXPECT_EQ(p.flow_root, "game");  // the base flow still runs
}

TEST(Layers, PatchChangesReplacesRemovesSwapsAScriptAndAParameter) {
  LoadResult r = load_pack(pack_dir("layer-patch"));
  ASSERT_TRUE(r.ok()) << r.report();
  const PackSet& p = *r.packs;
  // [change.squire.props] hp = 4: a number changes, the rest stays.
  EXPECT_EQ(prop(p, "squire", "hp"), 4);
  EXPECT_EQ(prop(p, "squire", "power"), 1);
  EXPECT_EQ(p.entity("squire")->name.en, "Squire");
  EXPECT_EQ(p.entity("squire")->layer, "layer-patch");
  // [replace.scout]: a whole new definition; tags of the old one are gone.
  EXPECT_EQ(p.entity("scout")->name.en, "Ranger");
  EXPECT_EQ(prop(p, "scout", "hp"), 6);
  EXPECT_FALSE(p.entity("scout")->has_tag("quick"));
  EXPECT_EQ(p.entity("scout")->layer, "layer-patch");
  // remove = ["archer"]
  EXPECT_EQ(p.entity("archer"), nullptr);
  // [change.knight] script = ...: the patch's own file, the props untouched.
  EXPECT_EQ(p.entity("knight")->script, "layer-patch/cards/knight.lua");
  EXPECT_EQ(prop(p, "knight", "hp"), 3);
  // [params] rounds = 5, and the parameter says where it came from.
  EXPECT_EQ(p.param("rounds").as_int(), 5);
  EXPECT_EQ(p.params.at("rounds").layer, "layer-patch");
  EXPECT_EQ(p.params.at("armour").layer, "layer-base");
  // The base's files were not copied: its rules still come from its folder.
  EXPECT_EQ(p.rules, "layer-base/rules/base.lua");
}

// A script swapped out by a patch, or whose entity was removed, must not
// keep running: it is not a rule module (ENGINE.md invariants 6 and 7).
TEST(Layers, SwappedOutAndRemovedScriptsNoLongerListen) {
  LoadResult base = load_pack(pack_dir("layer-base"));
  ASSERT_TRUE(base.ok()) << base.report();
  auto before = first_hit_journal(std::move(base.packs));
  EXPECT_NE(std::find(before.begin(), before.end(), "knight-v1 saw damage"), before.end());
  EXPECT_NE(std::find(before.begin(), before.end(), "archer saw damage"), before.end());

  LoadResult patched = load_pack(pack_dir("layer-patch"));
  ASSERT_TRUE(patched.ok()) << patched.report();
  EXPECT_EQ(patched.packs->scripts.count("layer-base/cards/knight.lua"), 0u);
  EXPECT_EQ(patched.packs->scripts.count("layer-base/cards/archer.lua"), 0u);
  auto after = first_hit_journal(std::move(patched.packs));
  EXPECT_EQ(std::find(after.begin(), after.end(), "knight-v1 saw damage"), after.end());
  EXPECT_EQ(std::find(after.begin(), after.end(), "archer saw damage"), after.end());
}

// The swapped script is the one that runs: knight v2 shrugs off 2 of 2.
TEST(Layers, SwappedScriptRuns) {
  LoadResult r = load_pack(pack_dir("layer-patch"));
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 2, {{"fighters", Value::list({Value("knight")})}});
  ASSERT_EQ(s.pending.size(), 1u);
  ASSERT_TRUE(e.apply(s, s.pending[0].seat, "hit1").ok);
  const EntityId knight = s.zones[e.zone_index(s, "band@1")].items.at(0);
  EXPECT_EQ(e.prop(s, knight, "damage").as_int(), 0);
}

TEST(Layers, PatchesGivenTogetherThatChangeTheSameValueConflict) {
  LoadResult r = load_pack(pack_dir("layer-base"), {pack_dir("layer-patch-a"), pack_dir("layer-patch-b")});
  EXPECT_FALSE(r.ok());
  ASSERT_TRUE(has_conflict(r, "entity.squire.props.hp")) << r.report();
  const std::string report = r.report();
  EXPECT_NE(report.find("'layer-patch-a'"), std::string::npos) << report;
  EXPECT_NE(report.find("'layer-patch-b'"), std::string::npos) << report;
  EXPECT_NE(report.find("layer-patch-b/changes.toml:2:6"), std::string::npos) << report;
}

TEST(Layers, APatchThatBuildsOnAnotherDoesNotConflict) {
  LoadResult r = load_pack(pack_dir("layer-base"), {pack_dir("layer-patch-a"), pack_dir("layer-patch-c")});
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_EQ(prop(*r.packs, "squire", "hp"), 7);
  EXPECT_EQ(r.packs->entity("squire")->layer, "layer-patch-c");
  ASSERT_EQ(r.packs->layers.size(), 3u);
  EXPECT_EQ(r.packs->layers[1].id, "layer-patch-a");
  EXPECT_EQ(r.packs->layers[2].id, "layer-patch-c");
  // Loading the top patch alone pulls in the chain below it.
  LoadResult chain = load_pack(pack_dir("layer-patch-c"));
  ASSERT_TRUE(chain.ok()) << chain.report();
  EXPECT_EQ(prop(*chain.packs, "squire", "hp"), 7);
}

// Two patches that change different properties of one entity do not conflict.
TEST(Layers, PatchesChangingDifferentPropertiesDoNotConflict) {
  LoadResult r = load_pack(pack_dir("layer-base"), {pack_dir("layer-patch-a"), pack_dir("layer-patch-d")});
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_EQ(prop(*r.packs, "squire", "hp"), 5);
  EXPECT_EQ(prop(*r.packs, "squire", "power"), 9);
}

// A layer named as tab completion writes it, with a trailing slash, still
// finds the pack it builds on among its siblings.
TEST(Layers, AFolderWithATrailingSlashFindsItsBase) {
  LoadResult r = load_pack(pack_dir("layer-patch") + "/");
  ASSERT_TRUE(r.ok()) << r.report();
  EXPECT_EQ(r.packs->layers.front().id, "layer-base");
}

// The prototype base with two independent expansions (tests/packs/proto-realm*):
// each inserts a turn step, appends cards to the base's deck parameter, adds
// its own rules module and adds an option to the base's decision through an
// extension point, and none restates the base, so they load together.
TEST(Layers, TwoExpansionsInsertStepsAndAppendCardsWithoutConflict) {
  LoadResult r = load_pack(pack_dir("proto-realm"), {pack_dir("proto-realm-tides"), pack_dir("proto-realm-isles")});
  ASSERT_TRUE(r.ok()) << r.report();
  const PackSet& p = *r.packs;
  EXPECT_EQ(p.flow.at("turn").steps, (std::vector<std::string>{"draw", "tide", "act", "harbor", "cleanup"}));
  EXPECT_EQ(deck_ids(p.param("deck")), (std::vector<std::string>{"stride", "stride", "stride", "leap", "leap", "coin",
                                                                 "coin", "coin", "chest", "wave", "wave", "raft", "map"}));
  // Each node's hooks live in the rules of the layer that declared it.
  EXPECT_EQ(p.flow.at("act").script, "proto-realm/rules/realm.lua");
  EXPECT_EQ(p.flow.at("tide").script, "proto-realm-tides/rules/tides.lua");
  EXPECT_EQ(p.flow.at("harbor").script, "proto-realm-isles/rules/isles.lua");

  Engine e(std::move(r.packs));
  // Random games end, and both expansions' options were offered and taken.
  bool surfed = false, docked = false;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    State s = e.new_game(seed, 2);
    uint64_t rng = seed;
    while (!s.over) {
      ASSERT_FALSE(s.pending.empty());
      const Decision& d = s.pending.front();
      rng = rng * 6364136223846793005ull + 1442695040888963407ull;
      const size_t pick = (rng >> 33) % d.options.size();
      surfed |= d.options[pick].id == "surf";
      docked |= d.options[pick].id == "dock";
      ApplyResult a = e.apply_index(s, d.seat, pick);
      ASSERT_TRUE(a.ok) << a.error;
      ASSERT_LT(s.choices_applied, 500u);
    }
    EXPECT_TRUE(s.var("tide").is_int());  // the inserted step ran
  }
  EXPECT_TRUE(surfed);
  EXPECT_TRUE(docked);
}
