// Decisions are data and hidden information is per seat (ENGINE.md
// invariants 2 and 3): simultaneous secret orders reveal nothing to the
// other seats until every seat has committed, and a seat's view leaves out
// other hands, hidden zones and face-down entities it does not own.
// Pack: tests/packs/secret-orders.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/rules/engine.h"
#include "core/rules/kernel.h"

using namespace tabula;
using nlohmann::json;

namespace {

std::unique_ptr<Engine> orders() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/secret-orders");
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// The view's entry for one zone ("hand", seat 1) or a shared zone (seat 0).
json zone_view(const json& view, const std::string& zone, int seat) {
  for (const auto& z : view["zones"])
    if (z["zone"] == zone && (seat == 0 ? !z.contains("seat") : z.value("seat", 0) == seat)) return z;
  ADD_FAILURE() << "no zone " << zone << "@" << seat;
  return {};
}

// Nothing of `seat`'s secret order (seats counted from 1) shows in `view`.
void expect_no_trace_of(const std::string& view, int seat) {
  const std::string s = "s" + std::to_string(seat);
  EXPECT_FALSE(contains(view, s + "-attack")) << view;
  EXPECT_FALSE(contains(view, s + "-defend")) << view;
  EXPECT_FALSE(contains(view, "Secret orders for seat " + std::to_string(seat))) << view;
}

}  // namespace

TEST(Decisions, SimultaneousSecretOrdersStayHiddenUntilAllCommit) {
  auto e = orders();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 2);
  // Both seats are asked at once.
  ASSERT_EQ(s.pending.size(), 2u);
  EXPECT_TRUE(s.pending[0].secret && s.pending[1].secret);

  // Before anyone commits: each seat sees its own question only.
  const std::string v1 = e->view_json(s, 0), v2 = e->view_json(s, 1);
  expect_no_trace_of(v2, 1);
  expect_no_trace_of(v1, 2);
  EXPECT_TRUE(contains(v2, "s2-attack"));
  json j2 = json::parse(v2);
  ASSERT_EQ(j2["decisions"].size(), 2u);
  for (const auto& d : j2["decisions"]) {
    if (d["seat"] == 1) {
      EXPECT_TRUE(d.value("waiting", false));
      EXPECT_FALSE(d.contains("options"));
      EXPECT_FALSE(d.contains("prompt"));
    } else {
      EXPECT_EQ(d["options"].size(), 2u);
    }
  }
  expect_no_trace_of(e->view_json(s, -1), 1);
  expect_no_trace_of(e->view_json(s, -1), 2);

  // Seat 1 commits: seat 2 still has its decision, and sees nothing of seat 1's order.
  ASSERT_TRUE(e->apply(s, 0, "s1-attack").ok);
  ASSERT_EQ(s.pending.size(), 1u);
  EXPECT_EQ(s.pending[0].seat, 1);
  EXPECT_TRUE(s.var("orders").is_nil());  // the flow has not gone on
  expect_no_trace_of(e->view_json(s, 1), 1);
  expect_no_trace_of(e->view_json(s, -1), 1);
  // Seat 1 sees its own secret, and only its own.
  json own = json::parse(e->view_json(s, 0));
  EXPECT_EQ(own["seats"][0]["secret"]["order"], "s1-attack");
  EXPECT_FALSE(own["seats"][1].contains("secret"));
  EXPECT_FALSE(json::parse(e->view_json(s, 1))["seats"][0].contains("secret"));

  // Seat 1 may not commit twice.
  const uint64_t before = s.hash();
  ApplyResult again = e->apply(s, 0, "s1-defend");
  EXPECT_FALSE(again.ok);
  EXPECT_TRUE(contains(again.error, "waiting for seat 2")) << again.error;
  EXPECT_EQ(s.hash(), before);

  // Seat 2 commits: the orders are revealed and the flow goes on.
  ASSERT_TRUE(e->apply(s, 1, "s2-defend").ok);
  EXPECT_EQ(s.var("orders"), Value::list({Value("s1-attack"), Value("s2-defend")}));
  ASSERT_EQ(s.pending.size(), 1u);
  EXPECT_EQ(e->prompt(s, s.pending[0], "en", Engine::kAllSeeing), "Next round?");
  ASSERT_TRUE(e->apply(s, 0, "yes").ok);
  EXPECT_TRUE(s.over);
}

TEST(Decisions, ThreeSeatsWaitForTheLastCommit) {
  auto e = orders();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 3);
  ASSERT_EQ(s.pending.size(), 3u);
  ASSERT_TRUE(e->apply(s, 2, "s3-defend").ok);
  ASSERT_TRUE(e->apply(s, 0, "s1-defend").ok);
  ASSERT_EQ(s.pending.size(), 1u);
  EXPECT_TRUE(s.var("orders").is_nil());
  expect_no_trace_of(e->view_json(s, 1), 1);
  expect_no_trace_of(e->view_json(s, 1), 3);
  ASSERT_TRUE(e->apply(s, 1, "s2-attack").ok);
  EXPECT_EQ(s.var("orders"),
            Value::list({Value("s1-defend"), Value("s2-attack"), Value("s3-defend")}));
}

TEST(Decisions, ViewsHideOtherHandsHiddenZonesAndFaceDownCards) {
  auto e = orders();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 2);
  const uint64_t before = s.hash();

  // Seat 2: its own hand, the public table; not seat 1's hand, not the deck,
  // not seat 1's face-down jack.
  const std::string v2 = e->view_json(s, 1);
  EXPECT_TRUE(contains(v2, "King of Secrets"));
  EXPECT_TRUE(contains(v2, "Ten Face Up"));
  EXPECT_FALSE(contains(v2, "Ace of Secrets")) << v2;
  EXPECT_FALSE(contains(v2, "Queen in the Deck")) << v2;
  EXPECT_FALSE(contains(v2, "Jack Face Down")) << v2;
  json j2 = json::parse(v2);
  json other_hand = zone_view(j2, "hand", 1);
  EXPECT_EQ(other_hand["count"], 1);  // how many cards is public
  EXPECT_FALSE(other_hand.contains("items"));
  EXPECT_FALSE(zone_view(j2, "deck", 0).contains("items"));
  json table = zone_view(j2, "table", 0);
  ASSERT_EQ(table["items"].size(), 2u);
  EXPECT_EQ(table["items"][0], json({{"hidden", true}}));
  EXPECT_EQ(table["items"][1]["def"], "ten");

  // Seat 1 owns the jack and sees it, and its own hand, but not seat 2's.
  const std::string v1 = e->view_json(s, 0);
  EXPECT_TRUE(contains(v1, "Jack Face Down"));
  EXPECT_TRUE(contains(v1, "Ace of Secrets"));
  EXPECT_FALSE(contains(v1, "King of Secrets"));
  EXPECT_FALSE(contains(v1, "Queen in the Deck"));

  // An onlooker sees only public facts; nobody sees the RNG.
  const std::string v0 = e->view_json(s, -1);
  for (const char* name : {"Ace of Secrets", "King of Secrets", "Queen in the Deck", "Jack Face Down"})
    EXPECT_FALSE(contains(v0, name)) << name;
  EXPECT_TRUE(contains(v0, "Ten Face Up"));
  for (const std::string& v : {v0, v1, v2}) EXPECT_FALSE(contains(v, "rng")) << v;
  EXPECT_EQ(s.hash(), before);  // looking changes nothing
}

// An option may name an entity the seat cannot see (a blind pick): the view
// gives an option's card text only for an entity the seat knows.
TEST(Decisions, AnOptionsCardTextOnlyForWhatTheSeatKnows) {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/screen");
  ASSERT_TRUE(r.ok()) << r.report();
  Engine e(std::move(r.packs));
  State s = e.new_game(1, 2);
  Decision& d = s.pending[0].seat == 0 ? s.pending[0] : s.pending[1];
  auto first_option = [&] {
    const json view = json::parse(e.view_json(s, 0));
    for (const auto& dj : view["decisions"])
      if (dj["seat"] == 1) return dj["options"][0];
    return json();
  };
  EXPECT_EQ(first_option().value("text", ""), "Beats every other card.");  // the ace in seat 1's hand
  d.options[0].entity = s.zones[e.zone_of_def(s, "deck", -1)].items[0];  // the ace in the hidden deck
  EXPECT_FALSE(first_option().contains("text")) << first_option().dump();
}

// A decision with very many options is checked for repeated ids in n log n:
// 300,000 options, the last a repeat of one in the middle, end at once with
// the repeated id named (before, every pair was compared: 4.5·10¹⁰ steps).
TEST(Decisions, ManyOptionsAreCheckedForRepeatsQuickly) {
  auto e = orders();
  ASSERT_TRUE(e);
  State s = e->blank_state(1, 2);
  Decision d;
  d.seat = 0;
  for (int i = 0; i < 300000; ++i) d.options.push_back(Option{"o" + std::to_string(i), false, kNoEntity, {}});
  d.options.push_back(Option{"o150000", false, kNoEntity, {}});
  try {
    e->kernel().decide(s, std::move(d));
    ADD_FAILURE() << "a repeated option id was accepted";
  } catch (const KernelError& err) {
    EXPECT_EQ(std::string(err.what()), "option id 'o150000' appears twice");
  }
  Decision fine;
  fine.seat = 0;
  for (int i = 0; i < 300000; ++i) fine.options.push_back(Option{"o" + std::to_string(i), false, kNoEntity, {}});
  e->kernel().decide(s, std::move(fine));
  EXPECT_EQ(s.pending.size(), 1u);
}
