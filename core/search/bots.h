// The automatic player of a named bot ([bots.NAME], docs/packs.md): the
// built-in agent its kind names, with its parameters and rating, or a
// PolicyAgent. Every one decides from its seat's information set
// (ENGINE.md invariant 14): random reads nothing, the others build on
// InfoSetAgent.
#pragma once
#include <cstdint>
#include <memory>

#include "core/pack/pack.h"
#include "core/search/agent.h"
#include "core/search/ismcts.h"

namespace tabula {

class Engine;

// An mcts bot's search parameters; `budget` is its iterations when it
// names neither iterations nor ms.
IsmctsParams bot_mcts_params(const BotDef& bot, int64_t budget);

// The bot's agent, with its own seed.
std::unique_ptr<Agent> make_bot(Engine& engine, const BotDef& bot, uint64_t seed, int64_t budget);

}  // namespace tabula
