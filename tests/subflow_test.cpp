// tabula.start runs a declared node as a sub-flow after the scheduled work;
// tabula.modify runs a pack-defined modifier channel in event order
// (docs/architecture.md, "Events, modifiers and their order").
#include <gtest/gtest.h>

#include "core/rules/engine.h"

using namespace tabula;

TEST(Subflow, StartedNodeRunsAfterScheduledWorkThenFlowResumes) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/subflow");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 1);
  ASSERT_EQ(s.pending.size(), 1u);
  EXPECT_EQ(s.var("trail").as_str(), "turn,scheduled,side,after");
}

TEST(Subflow, ModifierChannelAppliesListenersInEntityOrder) {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/subflow");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 1);
  EXPECT_EQ(s.var("power").as_int(), 32);
  EXPECT_EQ(s.var("plain").as_int(), 13);  // an empty argument table is fine
  ASSERT_TRUE(e.apply(s, 0, "end").ok);
  EXPECT_TRUE(s.over);
  EXPECT_EQ(s.result.get("power").as_int(), 32);
}
