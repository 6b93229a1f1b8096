// The kernel end to end on the duel test pack.
#include <gtest/gtest.h>

#include "core/rules/engine.h"

using namespace tabula;

namespace {
std::unique_ptr<Engine> duel() {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/duel");
  EXPECT_TRUE(r.ok()) << r.report();
  return std::make_unique<Engine>(std::move(r.packs));
}
}  // namespace

TEST(EngineSmoke, PlaysADuelToTheEnd) {
  auto e = duel();
  State s = e->new_game(7, 2);
  int guard = 0;
  while (!s.over && guard++ < 100) {
    ASSERT_EQ(s.pending.size(), 1u);
    const Decision& d = s.pending.front();
    auto r = e->apply(s, d.seat, d.options.front().id);
    ASSERT_TRUE(r.ok) << r.error;
  }
  EXPECT_TRUE(s.over);
  EXPECT_TRUE(s.result.get("winner").is_int());
}
