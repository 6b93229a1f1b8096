// What wrote each journal line, as one reader may know it: Engine::cause
// (docs/architecture.md, "Causes"; docs/web.md, the state's "causes").
// tests/packs/causes: seat 1's hidden Snare and an open Banner each write a
// line everyone reads; causes-sharper changes the Snare.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/rules/engine.h"

namespace tabula {
namespace {

std::unique_ptr<Engine> causes_pack(bool sharper) {
  const std::string dir = std::string(TABULA_SOURCE_DIR) + "/tests/packs/";
  std::vector<std::string> extra;
  if (sharper) extra.push_back(dir + "causes-sharper");
  LoadResult r = load_pack(dir + "causes", extra);
  EXPECT_TRUE(r.ok()) << r.report();
  return std::make_unique<Engine>(std::move(r.packs));
}

const JournalLine& only_line(const State& s) {
  EXPECT_EQ(s.journal.size(), 1u);
  return s.journal.front();
}

TEST(Causes, TheRulesLineNamesItsFunctionAndLayer) {
  auto e = causes_pack(false);
  State s = e->new_game(1, 2);
  const LineCause c = e->cause(s, only_line(s), "en", 1);
  EXPECT_TRUE(c.told);
  EXPECT_EQ(c.rule, "causes/rules/causes.lua:deal");
  EXPECT_EQ(c.layer, "causes");
  EXPECT_EQ(c.card, "");
}

TEST(Causes, AHiddenCardIsNamedOnlyToWhoKnewIt) {
  auto e = causes_pack(true);
  State s = e->new_game(1, 2);
  ASSERT_TRUE(e->apply(s, 0, "spring").ok);
  const JournalLine& l = only_line(s);
  EXPECT_EQ(e->render_line(s, l, "en", 1), "Something snaps shut for 5.");  // the line itself is everyone's
  const LineCause owner = e->cause(s, l, "en", 0);
  ASSERT_TRUE(owner.told);
  EXPECT_EQ(owner.rule, "causes/cards/snare.lua:spring");
  EXPECT_EQ(owner.layer, "causes");
  EXPECT_EQ(owner.card, "Snare");
  EXPECT_EQ(owner.card_def, "snare");
  EXPECT_EQ(owner.card_layer, "causes-sharper");  // the house rule changed it last
  // Seat 2 and an onlooker never saw the Snare: the function's file would name it.
  for (int reader : {1, -1}) {
    const LineCause other = e->cause(s, l, "en", reader);
    EXPECT_FALSE(other.told) << "reader " << reader;
    EXPECT_EQ(other.rule, "") << "reader " << reader;
    EXPECT_EQ(other.card, "") << "reader " << reader;
  }
  EXPECT_TRUE(e->cause(s, l, "en", Engine::kAllSeeing).told);
}

TEST(Causes, AnOpenCardIsNamedToEveryone) {
  auto e = causes_pack(false);
  State s = e->new_game(1, 2);
  ASSERT_TRUE(e->apply(s, 0, "wave").ok);
  for (int reader : {0, 1, -1}) {
    const LineCause c = e->cause(s, only_line(s), "en", reader);
    ASSERT_TRUE(c.told) << "reader " << reader;
    EXPECT_EQ(c.card, "Banner");
    EXPECT_EQ(c.rule, "causes/cards/banner.lua:wave");
    EXPECT_EQ(c.card_layer, "causes");
  }
}

TEST(Causes, ASavedStateKeepsThem) {
  auto e = causes_pack(true);
  State s = e->new_game(1, 2);
  ASSERT_TRUE(e->apply(s, 0, "spring").ok);
  const State back = state_from_json(*e, nlohmann::json::parse(state_to_json(*e, s).dump()));
  ASSERT_EQ(back.journal.size(), 1u);
  EXPECT_EQ(e->cause(back, back.journal[0], "en", 0).card, "Snare");
  EXPECT_FALSE(e->cause(back, back.journal[0], "en", 1).told);
}

}  // namespace
}  // namespace tabula
