#include "core/game_log.h"

#include <nlohmann/json.hpp>
#include <sstream>

#include "core/engine.h"
#include "core/state_json.h"

namespace tabula {

using nlohmann::json;

namespace {
std::string hex(uint64_t v) {
  std::ostringstream o;
  o << std::hex << v;
  return o.str();
}
uint64_t unhex(const std::string& s) { return std::stoull(s, nullptr, 16); }
}  // namespace

std::string GameLog::to_json() const {
  json j;
  j["format"] = "tabula-log/2";
  j["packs"] = packs;
  j["seed"] = seed;
  j["seats"] = seats;
  j["options"] = value_to_json(Value::dict(options));
  j["start_hash"] = hex(start_hash);
  json cs = json::array();
  for (const auto& c : choices)
    cs.push_back({{"seat", c.seat + 1}, {"option", c.option}, {"hash", hex(c.hash_after)}, {"draws", c.draws_after}});
  j["choices"] = cs;
  return j.dump(1);
}

GameLog GameLog::from_json(const std::string& text) {
  try {
    json j = json::parse(text);
    reject_floats(j);
    const std::string format = j.value("format", "");
    if (format == "tabula-log/1")
      throw std::runtime_error(
          "this log was recorded by an older format (tabula-log/1), whose state hashes this version does not "
          "compute; play or run the game again to record a tabula-log/2 log");
    if (format != "tabula-log/2") throw std::runtime_error("not a tabula log (format tabula-log/2)");
    GameLog g;
    g.packs = j.at("packs").get<std::vector<std::string>>();
    g.seed = j.at("seed");
    g.seats = j.at("seats");
    g.options = value_from_json(j.at("options")).entries();
    g.start_hash = unhex(j.at("start_hash"));
    for (const auto& c : j.at("choices"))
      g.choices.push_back({c.at("seat").get<int>() - 1, c.at("option"), unhex(c.at("hash")), c.at("draws")});
    return g;
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("malformed log: ") + e.what());
  }
}

ReplayReport replay(Engine& engine, const GameLog& log) {
  ReplayReport r;
  State s = engine.new_game(log.seed, log.seats, log.options);
  if (s.hash() != log.start_hash) {
    r.ok = false;
    r.error = "the starting state differs (hash " + hex(s.hash()) + ", log says " + hex(log.start_hash) + ")";
    return r;
  }
  for (const auto& c : log.choices) {
    ApplyResult a = engine.apply(s, c.seat, c.option);
    if (!a.ok) {
      r.ok = false;
      r.error = "choice " + std::to_string(r.steps + 1) + " (seat " + std::to_string(c.seat + 1) + ", '" + c.option +
                "') was rejected: " + a.error;
      return r;
    }
    ++r.steps;
    if (s.rng.draws() != c.draws_after) {
      r.ok = false;
      r.error = "after choice " + std::to_string(r.steps) + " the game has drawn " + std::to_string(s.rng.draws()) +
                " random numbers, the log says " + std::to_string(c.draws_after);
      return r;
    }
    if (s.hash() != c.hash_after) {
      r.ok = false;
      r.error = "after choice " + std::to_string(r.steps) + " the state hash is " + hex(s.hash()) + ", the log says " +
                hex(c.hash_after);
      return r;
    }
  }
  return r;
}

}  // namespace tabula
