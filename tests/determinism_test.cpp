// pairs() in the sandbox visits keys in sorted order, whatever seed Lua gave
// its string hashes, so script iteration cannot make two runs differ
// (ENGINE.md invariant 4; docs/lua-api.md, "Determinism").
#include <gtest/gtest.h>

#include "core/rules/engine.h"

using namespace tabula;

TEST(Determinism, PairsVisitsKeysInSortedOrder) {
  for (int run = 0; run < 3; ++run) {  // a fresh Lua state each time
    auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/ordered-pairs");
    ASSERT_TRUE(r.ok()) << r.report();
    Engine e(std::move(r.packs));
    State s = e.new_game(1, 1);
    EXPECT_EQ(s.var("order").as_str(), "false true 1 3 apple banana cherry date fig kiwi mango zebra");
  }
}
