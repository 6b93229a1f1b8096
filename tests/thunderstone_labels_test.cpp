// Thunderstone: Dragonspire as a person reads it (issue 29, items 4 and 7):
// no decision offers two options under the same words, in either language,
// in random games of two to four seats; and every trap and treasure of the
// Dungeon features has a card text in English and Czech.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "core/rules/engine.h"
#include "core/search/playout.h"

using namespace tabula;

namespace {

const char* kPack = "thunderstone-dragonspire";

std::unique_ptr<Engine> load() {
  auto r = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/" + kPack);
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

// A random player that first reads every option of its decision as its seat
// reads it, and notes the labels that two options share.
class ReadingAgent : public Agent {
 public:
  ReadingAgent(const Engine& e, uint64_t seed, std::map<std::string, int>& twins, int& decisions)
      : engine_(e), random_(seed), twins_(twins), decisions_(decisions) {}
  size_t choose(const State& s, const Decision& d) override {
    read(s, d);
    return random_.choose(s, d);
  }
  void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) override {
    read(s, d);
    random_.choose_subset(s, d, out);
  }

 private:
  void read(const State& s, const Decision& d) {
    ++decisions_;
    for (const char* lang : {"en", "cs"}) {
      std::set<std::string> seen;
      for (const Option& o : d.options) {
        const std::string label = engine_.label(s, d, o, lang, d.seat);
        if (!seen.insert(label).second)
          ++twins_[std::string(lang) + ": \"" + engine_.prompt(s, d, lang, d.seat) + "\" " + label + "  (option " + o.id + ")"];
      }
    }
  }
  const Engine& engine_;
  RandomAgent random_;
  std::map<std::string, int>& twins_;
  int& decisions_;
};

}  // namespace

// Four "Dagger to Militia" options, each a different Militia or Dagger, read
// as one: a person cannot tell them apart. Identical choices are offered
// once; choices that differ say how.
TEST(ThunderstoneLabels, NoDecisionOffersTwoOptionsUnderOneLabel) {
  auto e = load();
  ASSERT_TRUE(e);
  std::map<std::string, int> twins;
  int decisions = 0;
  for (uint64_t seed = 1; seed <= 24; ++seed) {
    const int seats = 2 + static_cast<int>(seed % 3);
    State s = e->new_game(seed, seats, {}, Mode::Play);
    std::vector<std::unique_ptr<ReadingAgent>> owned;
    std::vector<Agent*> agents;
    for (int i = 0; i < seats; ++i) {
      owned.push_back(std::make_unique<ReadingAgent>(*e, derive_seed(seed, i), twins, decisions));
      agents.push_back(owned.back().get());
    }
    const PlayoutResult r = play_out(*e, s, agents, 3000, {}, Mode::Play);
    ASSERT_FALSE(r.failed) << "seed " << seed << ": " << r.error;
  }
  EXPECT_GT(decisions, 500);
  std::string list;
  for (const auto& [label, n] : twins) list += "  " + label + " x" + std::to_string(n) + "\n";
  EXPECT_TRUE(twins.empty()) << "options that share a label:\n" << list;
}

// Traps and treasures are read when they come up from the Dungeon deck
// (and lie aside for the rest of the game): each states what it does, in
// both languages, with its numbers filled in (their Czech names are not in
// the rulebook, so they keep the English ones).
TEST(ThunderstoneLabels, EveryTrapAndTreasureHasItsText) {
  auto e = load();
  ASSERT_TRUE(e);
  int features = 0;
  for (const auto& d : e->packs().defs) {
    const Value& type = dict_get(d->props, "type");
    if (!type.is_str() || (type.as_str() != "trap" && type.as_str() != "treasure")) continue;
    ++features;
    for (const char* lang : {"en", "cs"}) {
      const std::string& text = std::string(lang) == "cs" ? d->card_text.cs : d->card_text.en;
      EXPECT_FALSE(text.empty()) << d->id << " has no " << lang << " text";
      EXPECT_EQ(text.find('{'), std::string::npos) << d->id << ": " << text;
    }
  }
  EXPECT_EQ(features, 8);
}
