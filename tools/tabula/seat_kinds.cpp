#include "tools/tabula/seat_kinds.h"

#include <charconv>

#include "core/search/bots.h"
#include "core/search/playout.h"
#include "core/state/suggest.h"
#include "tools/tabula/common.h"

namespace tabula::cli {

namespace {

const char* const kKinds = "human (play only), random, greedy, mcts, mcts:iterations=N, mcts:ms=N, mcts:depth=N, mcts:prior=N";

// The parameters of mcts, in the order a normalized kind lists them.
struct Param {
  const char* key;
  int64_t min, max;  // as a bot's key of the same name allows (pack_toml_bots.cpp)
};
constexpr Param kParams[] = {{"iterations", 1, 100000000}, {"ms", 1, 3600000}, {"depth", 0, 1000000}, {"prior", 0, 1000}};

std::vector<std::string> split(const std::string& s, char by) {
  std::vector<std::string> parts;
  for (size_t from = 0;;) {
    const size_t at = s.find(by, from);
    parts.push_back(s.substr(from, at == std::string::npos ? std::string::npos : at - from));
    if (at == std::string::npos) return parts;
    from = at + 1;
  }
}

// The mcts parameters after the kind (`parts` from 1): how many times each
// is given (-1: not) and its value, checked.
struct Budget {
  int64_t given[std::size(kParams)] = {-1, -1, -1, -1};
  // ":iterations=200:depth=20", in the order of kParams.
  std::string text() const {
    std::string t;
    for (size_t i = 0; i < std::size(kParams); ++i)
      if (given[i] >= 0) t += ":" + std::string(kParams[i].key) + "=" + std::to_string(given[i]);
    return t;
  }
};

template <class Bad>
Budget parse_budget(const std::vector<std::string>& parts, const std::string& kind, const Bad& bad) {
  Budget b;
  std::vector<std::string> keys;
  for (const auto& p : kParams) keys.push_back(p.key);
  for (size_t i = 1; i < parts.size(); ++i) {
    const size_t eq = parts[i].find('=');
    const std::string key = parts[i].substr(0, eq);
    size_t at = 0;
    while (at < std::size(kParams) && key != kParams[at].key) ++at;
    if (at == std::size(kParams))
      throw bad(kind + " has no parameter '" + key + "'" + suggestion(key, keys) +
                "; it takes iterations=N, ms=N, depth=N and prior=N, e.g. " + kind + ":iterations=200:depth=20");
    const std::string value = eq == std::string::npos ? "" : parts[i].substr(eq + 1);
    int64_t n = -1;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size() || n < kParams[at].min ||
        n > kParams[at].max)
      throw bad(key + " needs a whole number from " + std::to_string(kParams[at].min) + " to " +
                std::to_string(kParams[at].max) + ", not '" + value + "'");
    if (b.given[at] >= 0) throw bad(key + " is given twice");
    b.given[at] = n;
  }
  if (b.given[0] >= 0 && b.given[1] >= 0) throw bad("give iterations or ms, not both");
  return b;
}

SeatKind parse_one(const std::string& item, bool with_human, const std::string& where,
                   const std::map<std::string, BotDef>* bots) {
  auto bad = [&](const std::string& why) { return UsageError(where + " '" + item + "': " + why); };
  const std::vector<std::string> parts = split(item, ':');
  const std::string& head = parts[0];
  SeatKind k;
  const auto bot = bots ? bots->find(head) : std::map<std::string, BotDef>::const_iterator{};
  if (head == "human") k.base = SeatKind::Base::Human;
  else if (head == "random") k.base = SeatKind::Base::Random;
  else if (head == "greedy" || head == "ai") k.base = SeatKind::Base::Greedy;
  else if (head == "mcts") k.base = SeatKind::Base::Mcts;
  else if (bots && bot != bots->end()) k.base = SeatKind::Base::Bot;
  else {
    std::vector<std::string> names{"human", "random", "greedy", "mcts"};
    std::string listed;
    if (bots)
      for (const auto& [id, b] : *bots) {
        names.push_back(id);
        listed += ", " + id;
      }
    throw bad("not a seat kind" + suggestion(head, names) + "; kinds: " + kKinds +
              (listed.empty() ? "" : "; the packs' bots: " + listed.substr(2)));
  }
  if (k.base == SeatKind::Base::Human && !with_human)
    throw bad("run plays without people; kinds for run: random, greedy, mcts (with :iterations=N, :ms=N, :depth=N)"
              " and the packs' bots");
  if (k.base == SeatKind::Base::Bot) {
    k.bot = bot->second;
    k.text = head;
    if (k.bot.kind != BotDef::Kind::Mcts) {
      if (parts.size() > 1) throw bad("bot " + head + " is " + k.bot.kind_name() + ": it takes no parameters (only mcts bots do)");
      return k;
    }
    const Budget b = parse_budget(parts, head, bad);
    // A budget given here replaces the bot's, whichever of the two it names.
    if (b.given[0] >= 0) k.bot.iterations = b.given[0], k.bot.ms = 0;
    if (b.given[1] >= 0) k.bot.ms = b.given[1], k.bot.iterations = 0;
    if (b.given[2] >= 0) k.bot.depth = static_cast<int>(b.given[2]);
    if (b.given[3] >= 0) k.bot.prior = static_cast<int>(b.given[3]);
    k.text += b.text();
    return k;
  }
  k.text = k.name();
  if (k.base != SeatKind::Base::Mcts) {
    if (parts.size() > 1) throw bad(std::string(k.name()) + " takes no parameters (only mcts does)");
    return k;
  }
  k.mcts.iterations = kPlayIterations;
  const Budget b = parse_budget(parts, "mcts", bad);
  if (b.given[0] >= 0) k.mcts.iterations = b.given[0];
  if (b.given[1] >= 0) k.mcts.ms = b.given[1];
  if (b.given[2] >= 0) k.mcts.depth = static_cast<int>(b.given[2]), k.default_depth = false;
  if (b.given[3] >= 0) k.mcts.prior = static_cast<int>(b.given[3]);
  k.text += b.text();
  return k;
}

}  // namespace

const char* SeatKind::name() const {
  switch (base) {
    case Base::Human: return "human";
    case Base::Random: return "random";
    case Base::Greedy: return "greedy";
    case Base::Mcts: return "mcts";
    case Base::Bot: return bot.id.c_str();
  }
  return "random";
}

std::vector<SeatKind> parse_seat_kinds(const std::vector<std::string>& items, bool with_human, const std::string& option,
                                       const std::map<std::string, BotDef>* bots) {
  std::vector<SeatKind> kinds;
  for (size_t i = 0; i < items.size(); ++i)
    kinds.push_back(parse_one(items[i], with_human, option + " item " + std::to_string(i + 1), bots));
  return kinds;
}

std::unique_ptr<Agent> make_agent(const SeatKind& kind, Engine& e, uint64_t seed) {
  switch (kind.base) {
    case SeatKind::Base::Human: return nullptr;
    case SeatKind::Base::Random: return std::make_unique<RandomAgent>(seed);
    case SeatKind::Base::Greedy: return std::make_unique<GreedyAgent>(e, seed);
    case SeatKind::Base::Mcts: {
      IsmctsParams p = kind.mcts;
      if (kind.default_depth && e.has_score()) p.depth = kPlayDepth;  // cut playouts need a rating
      return std::make_unique<IsmctsAgent>(e, seed, p);
    }
    case SeatKind::Base::Bot: return make_bot(e, kind.bot, seed, kPlayIterations);
  }
  return nullptr;
}

}  // namespace tabula::cli
