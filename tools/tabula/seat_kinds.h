// Who sits in each seat, for `tabula play` and `tabula run` alike: the kinds
// of --seats KIND,KIND,... (docs/cli.md, "Seat kinds"). A kind is `human`
// (play only), `random`, `greedy` (one choice ahead with the pack's [pack]
// score) or `mcts`, with parameters after colons: `mcts:iterations=200:depth=20`;
// or the name of a bot the loaded packs declare ([bots.NAME], docs/packs.md),
// whose mcts parameters may be overridden the same way: `strong:iterations=50`.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/rules/engine.h"
#include "core/search/agent.h"
#include "core/search/ismcts.h"

namespace tabula::cli {

// A bare `mcts`: 100 iterations, with playouts cut at 20 choices and scored
// by the pack's rating when it has one (to the end when it has none). About
// 0.05-0.15 s per decision on one core in Dungeon Lords, Prophecy and
// Thunderstone, 0.3-0.5 s in Dorn (docs/ai.md); a few ms in Connect Four.
constexpr int64_t kPlayIterations = 100;
constexpr int kPlayDepth = 20;

struct SeatKind {
  enum class Base { Human, Random, Greedy, Mcts, Bot };
  Base base = Base::Random;
  IsmctsParams mcts;  // for Mcts
  bool default_depth = true;  // mcts without depth=N: kPlayDepth on a rated pack
  BotDef bot;         // for Bot: the pack's declaration with the overrides given
  std::string text = "random";  // normalized: "random", "greedy" (for `ai` too), "mcts:iterations=200", "strong:depth=5"
  const char* name() const;  // "human", "random", "greedy", "mcts" or the bot's name
  // A greedy seat plays at random on a pack without a [pack] score.
  bool plays_at_random(const Engine& e) const { return base == Base::Random || (base == Base::Greedy && !e.has_score()); }
};

// The kinds of --seats (or --agents), one per item; `bots`: the names the
// loaded packs declare. Bad items throw UsageError naming the item, its
// place and the valid kinds and bots; `human` is refused unless `with_human`.
std::vector<SeatKind> parse_seat_kinds(const std::vector<std::string>& items, bool with_human,
                                       const std::string& option = "--seats",
                                       const std::map<std::string, BotDef>* bots = nullptr);

// The automatic player of a kind (nullptr for human), with its own seed.
std::unique_ptr<Agent> make_agent(const SeatKind& kind, Engine& e, uint64_t seed);

}  // namespace tabula::cli
