// Reading [bots.NAME]: named automatic players (docs/packs.md, "[bots]").
// A layer adds bots or replaces one whole; once every layer is merged, each
// bot's functions join the functions the engine checks when the scripts
// load, so a misspelt rating or policy fails at load with file and key.
#include "core/pack/toml_reader.h"

#include <algorithm>
#include <initializer_list>
#include <type_traits>

#include "core/state/suggest.h"

namespace tabula::pack_toml {

namespace {

// The built-in seat kinds (and `ai`, greedy's old name): a bot by one of
// these names could never be chosen.
constexpr const char* kBuiltIn[] = {"human", "random", "greedy", "mcts", "ai"};
constexpr const char* kKinds[] = {"random", "greedy", "mcts", "policy"};

// A name that reads as one item of --seats KIND,KIND:key=N.
bool plain_name(const std::string& id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

}  // namespace

void Loader::read_bots(const LayerFile& layer, const toml::table& bots) {
  for (auto&& [k, v] : bots) {
    const std::string id(k.str());
    const std::string key = "bots." + escape_id(id);
    if (!plain_name(id)) {
      error(pos_of(k.source()), key, "a bot's name is chosen in --seats: use lowercase letters, digits, '-' and '_'");
      continue;
    }
    if (std::find(std::begin(kBuiltIn), std::end(kBuiltIn), id) != std::end(kBuiltIn)) {
      error(pos_of(k.source()), key, "'" + id + "' is a built-in seat kind: give the bot a name of its own");
      continue;
    }
    if (!v.is_table()) {
      wrong_type(v, key, "a table { kind = ..., ... }");
      continue;
    }
    read_bot(layer, id, *v.as_table());
  }
}

void Loader::read_bot(const LayerFile& layer, const std::string& id, const toml::table& table) {
  const std::string key = "bots." + id;
  Table t(*this, table, key, KeyTable::Bot);
  BotDef b;
  b.id = id;
  b.layer = layer.info.id;
  b.pos = pos_of(table.source());
  bool ok = true;
  auto bad = [&](const char* k, const std::string& why) {
    error(*t.raw().get(k), key + "." + k, why);
    ok = false;
  };
  const std::string kind = t.str("kind").value_or("");
  if (!t.raw().contains("kind")) ok = false;  // reported as missing
  else if (kind == "random") b.kind = BotDef::Kind::Random;
  else if (kind == "greedy") b.kind = BotDef::Kind::Greedy;
  else if (kind == "mcts") b.kind = BotDef::Kind::Mcts;
  else if (kind == "policy") b.kind = BotDef::Kind::Policy;
  else if (t.raw().get("kind")->is_string())
    bad("kind", "'" + escape_id(kind) + "' is not a bot kind" +
                    suggestion(kind, std::vector<std::string>(std::begin(kKinds), std::end(kKinds))) +
                    "; kinds: random, greedy, mcts, policy");
  b.name = t.text("name").value_or(Text{id, ""});
  b.about = t.text("about").value_or(Text{});

  // Its functions live in `script`, or in the rules of this layer or the
  // nearest one below.
  std::string module;
  if (auto rel = t.str("script")) module = script_key(layer, *rel, *t.raw().get("script"), key + ".script");
  else module = rules_for(layer.info.id);
  auto function = [&](const char* k, FunctionRef& into) {
    auto fn = t.str(k);
    if (!fn) return;
    if (fn->empty()) bad(k, "must name a function, e.g. \"bots.rank\"");
    else if (module.empty() && !t.raw().contains("script"))
      bad(k, "names a function of the layer's rules script, but there is none: give script = \"file.lua\"");
    else into = {module, *fn, layer.info.id, pos_of(t.raw().get(k)->source())};
  };
  function("rating", b.rating);
  function("policy", b.policy);

  auto whole = [&](const char* k, int64_t min, int64_t max, auto& into) {
    auto n = t.integer(k);
    if (!n) return;
    if (*n < min || *n > max) bad(k, "must be a whole number from " + std::to_string(min) + " to " + std::to_string(max));
    else into = static_cast<std::remove_reference_t<decltype(into)>>(*n);
  };
  whole("iterations", 1, 100000000, b.iterations);
  whole("ms", 1, 3600000, b.ms);
  whole("depth", 0, 1000000, b.depth);
  whole("prior", 0, 1000, b.prior);
  auto real = [&](const char* k, double min, double max, const char* range, double& into) {
    auto n = t.number(k);
    if (!n) return;
    if (!(*n >= min && *n <= max)) bad(k, std::string("must be a number from ") + range);
    else into = *n;
  };
  real("exploration", 0.0, 100.0, "0 to 100", b.exploration);
  real("widen_k", 0.1, 1000.0, "0.1 to 1000", b.widen_k);
  real("widen_alpha", 0.0, 1.0, "0 to 1", b.widen_alpha);
  if (auto p = t.str("playout")) {
    if (*p == "greedy") b.playout = BotDef::Playout::Greedy;
    else if (*p != "random") bad("playout", "'" + escape_id(*p) + "' is not a playout: random or greedy");
  }
  t.finish();
  if (!ok) return;

  // What the kind reads: a key another kind reads is a mistake, not a no-op.
  auto only = [&](std::initializer_list<const char*> keys, const char* kinds) {
    for (const char* k : keys)
      if (t.raw().contains(k)) bad(k, std::string("only ") + kinds + " bots read '" + k + "'; this one is " + kind);
  };
  if (b.kind != BotDef::Kind::Greedy && b.kind != BotDef::Kind::Mcts) only({"rating"}, "greedy and mcts");
  if (b.kind != BotDef::Kind::Policy) only({"policy"}, "policy");
  if (b.kind != BotDef::Kind::Mcts)
    only({"iterations", "ms", "depth", "prior", "exploration", "widen_k", "widen_alpha", "playout"}, "mcts");
  if (b.kind == BotDef::Kind::Policy && b.policy.empty() && !t.raw().contains("policy"))
    bad("kind", "a policy bot needs policy = \"function\" (ranks ctx.args.options for ctx.args.seat)");
  if (t.raw().contains("iterations") && t.raw().contains("ms")) bad("ms", "give iterations or ms, not both");
  if (!ok) return;
  out.bots[id] = std::move(b);
  touch(layer, key, pos_of(table.source()));
}

// Once every layer is merged: a bot that needs a rating has one, and its
// functions are checked with the others when the scripts load.
void Loader::check_bots() {
  for (const auto& [id, b] : out.bots) {
    const std::string key = "bots." + id;
    const bool rated = !b.rating.empty() || !out.score.empty();
    if (b.kind == BotDef::Kind::Greedy && !rated)
      error(b.pos, key + ".rating", "a greedy bot needs a rating: rating = \"function\", or the pack's [pack] score");
    if (b.kind == BotDef::Kind::Mcts && !rated && (b.depth > 0 || b.playout == BotDef::Playout::Greedy))
      error(b.pos, key + ".rating",
            "cut or greedy playouts are rated: give rating = \"function\", or the pack's [pack] score");
    if (!b.rating.empty()) out.named_functions.push_back({b.rating.module, b.rating.name, key + ".rating", b.rating.pos});
    if (!b.policy.empty()) out.named_functions.push_back({b.policy.module, b.policy.name, key + ".policy", b.policy.pos});
  }
}

}  // namespace tabula::pack_toml
