#include "core/search/bots.h"

#include "core/search/playout.h"
#include "core/search/policy_agent.h"

namespace tabula {

IsmctsParams bot_mcts_params(const BotDef& bot, int64_t budget) {
  IsmctsParams p;
  p.iterations = bot.iterations > 0 ? bot.iterations : budget;
  p.ms = bot.ms;
  p.exploration = bot.exploration;
  p.widen_k = bot.widen_k;
  p.widen_alpha = bot.widen_alpha;
  p.depth = bot.depth;
  p.prior = bot.prior;
  p.rating = bot.rating;
  p.greedy_playouts = bot.playout == BotDef::Playout::Greedy;
  return p;
}

std::unique_ptr<Agent> make_bot(Engine& engine, const BotDef& bot, uint64_t seed, int64_t budget) {
  switch (bot.kind) {
    case BotDef::Kind::Random: return std::make_unique<RandomAgent>(seed);
    case BotDef::Kind::Greedy: return std::make_unique<GreedyAgent>(engine, seed, bot.rating);
    case BotDef::Kind::Mcts: return std::make_unique<IsmctsAgent>(engine, seed, bot_mcts_params(bot, budget));
    case BotDef::Kind::Policy: return std::make_unique<PolicyAgent>(engine, seed, bot.policy);
  }
  return nullptr;
}

}  // namespace tabula
