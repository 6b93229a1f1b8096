#include "core/io/game_log.h"

#include <nlohmann/json.hpp>
#include <algorithm>
#include <cstdint>
#include <sstream>
#include <stdexcept>

#include "core/io/state_json.h"
#include "core/pack/text.h"
#include "core/rules/engine.h"
#include "core/rules/kernel.h"

namespace tabula {

using nlohmann::json;

namespace {
std::string hex(uint64_t v) {
  std::ostringstream o;
  o << std::hex << v;
  return o.str();
}
[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw std::runtime_error("log: " + where + ": " + what);
}
const json& field(const json& j, const char* key, const std::string& where) {
  if (!j.is_object()) bad(where, "not an object");
  auto it = j.find(key);
  if (it == j.end()) bad(where.empty() ? key : where + "." + key, "missing");
  return *it;
}
std::string sub(const std::string& where, const char* key) { return where.empty() ? key : where + "." + key; }
// A hash: hexadecimal digits, at most 16 of them.
uint64_t unhex(const json& j, const std::string& where) {
  if (!j.is_string()) bad(where, "not a number (a hexadecimal string)");
  const std::string& s = j.get_ref<const std::string&>();
  if (s.empty() || s.size() > 16 || s.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
    bad(where, "not a number ('" + s.substr(0, 40) + "' is not a hexadecimal hash)");
  return std::stoull(s, nullptr, 16);
}
uint64_t unsigned_number(const json& j, const std::string& where) {
  if (!j.is_number_unsigned()) bad(where, "not a number (a whole number from 0)");
  return j.get<uint64_t>();
}
int64_t whole_number(const json& j, const std::string& where, int64_t lo, int64_t hi) {
  if (!j.is_number_integer()) bad(where, "not a number");
  const bool too_big = j.is_number_unsigned() && j.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX);
  if (too_big || j.get<int64_t>() < lo || j.get<int64_t>() > hi)
    bad(where, "out of range (" + j.dump() + ")");
  return j.get<int64_t>();
}
std::string string_field(const json& j, const std::string& where) {
  if (!j.is_string()) bad(where, "not a string");
  return j.get<std::string>();
}
}  // namespace

std::vector<LoggedChance> logged_chance(std::vector<ChanceEvent>& met) {
  std::vector<LoggedChance> out;
  out.reserve(met.size());
  for (ChanceEvent& e : met) out.push_back({std::move(e.name), std::move(e.outcomes[e.drawn])});
  met.clear();
  return out;
}

namespace {
// [["die", 6], ["current", "north"]]: each event's name and outcome.
json chance_json(const std::vector<LoggedChance>& met) {
  json out = json::array();
  for (const auto& c : met) out.push_back(json::array({c.event, value_to_json(c.outcome)}));
  return out;
}
std::vector<LoggedChance> chance_from(const json& j, const std::string& where) {
  if (!j.is_array()) bad(where, "not a list of [event, outcome] pairs");
  std::vector<LoggedChance> out;
  for (size_t i = 0; i < j.size(); ++i) {
    const std::string at = where + "[" + std::to_string(i + 1) + "]";
    const json& p = j[i];
    if (!p.is_array() || p.size() != 2 || !p[0].is_string() || !(p[1].is_number_integer() || p[1].is_string()))
      bad(at, "not an [event, outcome] pair (a name, then an integer or a string)");
    out.push_back({p[0].get<std::string>(), value_from_json(p[1], "log: " + at)});
  }
  return out;
}
std::string chance_text(const std::vector<LoggedChance>& met, size_t i) {
  if (i >= met.size()) return "nothing";
  return "'" + met[i].event + "' = " + met[i].outcome.to_string();
}
// "" when the chance events met are the ones logged, else what differs,
// naming the first event that does.
std::string chance_diff(const std::vector<LoggedChance>& met, const std::vector<LoggedChance>& logged) {
  for (size_t i = 0; i < std::max(met.size(), logged.size()); ++i)
    if (i >= met.size() || i >= logged.size() || !(met[i] == logged[i]))
      return "chance event " + std::to_string(i + 1) + " is " + chance_text(met, i) + ", the log says " +
             chance_text(logged, i);
  return "";
}
}  // namespace

std::string unloggable(const std::vector<std::string>& packs) {
  for (const auto& p : packs)
    if (utf8_error(p) != std::string::npos)
      return "the pack folder '" + printable(p) +
             "' is not named in UTF-8 text, which a log (JSON) cannot hold: rename it, or give it by a path that is "
             "UTF-8";
  return "";
}

std::string GameLog::to_json() const {
  // A log is JSON, whose strings are UTF-8. Options and choices come from the
  // game, which keeps UTF-8 text only; a pack folder is named as it was given.
  if (std::string why = unloggable(packs); !why.empty()) throw std::runtime_error("log: " + why);
  json j;
  j["format"] = "tabula-log/3";
  j["packs"] = packs;
  j["seed"] = seed;
  j["seats"] = seats;
  j["options"] = value_to_json(Value::dict(options));
  j["start_hash"] = hex(start_hash);
  if (start_draws >= 0) j["start_draws"] = start_draws;
  if (chance_logged) {  // absent from older logs, which older readers also skip
    j["chance_logged"] = true;
    if (!start_chance.empty()) j["start_chance"] = chance_json(start_chance);
  }
  json cs = json::array();
  for (const auto& c : choices) {
    json x = {{"seat", c.seat + 1}, {"option", c.option}, {"hash", hex(c.hash_after)}, {"draws", c.draws_after}};
    if (!c.chance.empty()) x["chance"] = chance_json(c.chance);
    cs.push_back(std::move(x));
  }
  j["choices"] = cs;
  if (!reloads.empty()) j["reloads"] = reloads;  // absent from most logs, as from older ones
  if (!seat_kinds.empty()) j["play"] = {{"seats", seat_kinds}, {"lang", lang}};
  try {
    return j.dump(1);
  } catch (const json::type_error& x) {  // a log built by other code than a game's
    throw std::runtime_error(std::string("log: cannot be written: ") + x.what());
  }
}

GameLog GameLog::from_json(const std::string& text) {
  json j = parse_json(text, "log");
  reject_floats(j, "log: ");
  if (!j.is_object()) throw std::runtime_error("not a tabula log (format tabula-log/3)");
  const std::string format = j.value("format", "");
  if (format == "tabula-log/1" || format == "tabula-log/2")
    throw std::runtime_error(
        "this log was recorded by an older format (" + format + "), whose state hashes this version does not "
        "compute; play or run the game again to record a tabula-log/3 log");
  if (format != "tabula-log/3") throw std::runtime_error("not a tabula log (format tabula-log/3)");
  GameLog g;
  const json& packs = field(j, "packs", "");
  if (!packs.is_array()) bad("packs", "not a list of pack folders");
  for (size_t i = 0; i < packs.size(); ++i) g.packs.push_back(string_field(packs[i], "packs[" + std::to_string(i) + "]"));
  g.seed = unsigned_number(field(j, "seed", ""), "seed");
  // Bounded by the pack when the log is replayed; here only by the type.
  g.seats = static_cast<int>(whole_number(field(j, "seats", ""), "seats", INT32_MIN, INT32_MAX));
  const json& options = field(j, "options", "");
  if (!options.is_object()) bad("options", "not an object");
  g.options = value_from_json(options, "log: options").entries();
  g.start_hash = unhex(field(j, "start_hash", ""), "start_hash");
  if (j.contains("start_draws"))
    g.start_draws = static_cast<int64_t>(
        whole_number(j.at("start_draws"), "start_draws", 0, INT64_MAX));
  if (j.contains("chance_logged")) {
    if (!j.at("chance_logged").is_boolean()) bad("chance_logged", "not true or false");
    g.chance_logged = j.at("chance_logged").get<bool>();
  }
  if (j.contains("start_chance")) g.start_chance = chance_from(j.at("start_chance"), "start_chance");
  const json& choices = field(j, "choices", "");
  if (!choices.is_array()) bad("choices", "not a list");
  for (size_t i = 0; i < choices.size(); ++i) {
    const std::string where = "choices[" + std::to_string(i + 1) + "]";
    const json& c = choices[i];
    LoggedChoice x;
    x.seat = static_cast<int>(whole_number(field(c, "seat", where), sub(where, "seat"), 1, INT32_MAX)) - 1;
    x.option = string_field(field(c, "option", where), sub(where, "option"));
    x.hash_after = unhex(field(c, "hash", where), sub(where, "hash"));
    x.draws_after = unsigned_number(field(c, "draws", where), sub(where, "draws"));
    if (c.contains("chance")) x.chance = chance_from(c.at("chance"), sub(where, "chance"));
    g.choices.push_back(std::move(x));
  }
  if (j.contains("reloads")) {
    const json& reloads = j.at("reloads");
    if (!reloads.is_array()) bad("reloads", "not a list");
    for (size_t i = 0; i < reloads.size(); ++i) {
      const std::string where = "reloads[" + std::to_string(i) + "]";
      const uint64_t after = unsigned_number(reloads[i], where);
      if (after > g.choices.size() || (!g.reloads.empty() && after < g.reloads.back()))
        bad(where, "out of order or past the last choice (" + std::to_string(after) + ")");
      g.reloads.push_back(after);
    }
  }
  if (j.contains("play")) {
    const json& play = j.at("play");
    if (!play.is_object()) bad("play", "not an object");
    const json& kinds = field(play, "seats", "play");
    if (!kinds.is_array() || kinds.size() != static_cast<size_t>(g.seats)) bad("play.seats", "not a list of one seat kind per seat");
    for (size_t i = 0; i < kinds.size(); ++i) g.seat_kinds.push_back(string_field(kinds[i], "play.seats[" + std::to_string(i + 1) + "]"));
    if (play.contains("lang")) g.lang = string_field(play.at("lang"), "play.lang");
  }
  return g;
}

std::string unreplayable(const GameLog& log) {
  if (log.reloads.empty()) return "";
  const uint64_t after = log.reloads.front();
  return "the packs changed during this game (reloaded after " + std::to_string(after) + " choice" +
         (after == 1 ? "" : "s") + "), and a log replays only on the packs it was recorded with";
}

ReplayReport replay(Engine& engine, const GameLog& log, const std::function<void(const State& s, size_t made)>& each) {
  ReplayReport r;
  if (std::string why = unreplayable(log); !why.empty()) {
    r.ok = false;
    r.error = why;
    return r;
  }
  const SeatsDef& seats = engine.packs().seats;
  if (log.seats < seats.min || log.seats > seats.max) {
    r.ok = false;
    r.error = "log: seats: " + std::to_string(log.seats) + " is outside the pack's " + std::to_string(seats.min) +
              ".." + std::to_string(seats.max) + " seats";
    return r;
  }
  // The chance events met, checked against the log's when it has them.
  std::vector<ChanceEvent> met;
  struct Recording {
    Engine& e;
    std::vector<ChanceEvent>* before;
    ~Recording() { e.record_chance(before); }
  } recording{engine, engine.kernel().chance_recorder()};
  if (log.chance_logged) engine.record_chance(&met);
  State s = engine.new_game(log.seed, log.seats, log.options);
  if (log.chance_logged) {
    if (std::string d = chance_diff(logged_chance(met), log.start_chance); !d.empty()) {
      r.ok = false;
      r.error = "at the game's start: " + d;
      return r;
    }
  }
  if (log.start_draws >= 0 && s.rng.draws() != static_cast<uint64_t>(log.start_draws)) {
    r.ok = false;
    r.error = "the game's start has drawn " + std::to_string(s.rng.draws()) + " random numbers, the log says " +
              std::to_string(log.start_draws);
    return r;
  }
  if (s.hash() != log.start_hash) {
    r.ok = false;
    r.error = "the starting state differs (hash " + hex(s.hash()) + ", log says " + hex(log.start_hash) + ")";
    return r;
  }
  if (each) each(s, 0);
  for (const auto& c : log.choices) {
    ApplyResult a = engine.apply(s, c.seat, c.option);
    if (!a.ok) {
      r.ok = false;
      r.error = "choice " + std::to_string(r.steps + 1) + " (seat " + std::to_string(c.seat + 1) + ", '" + c.option +
                "') was rejected: " + a.error;
      return r;
    }
    ++r.steps;
    if (log.chance_logged) {
      if (std::string d = chance_diff(logged_chance(met), c.chance); !d.empty()) {
        r.ok = false;
        r.error = "after choice " + std::to_string(r.steps) + ": " + d;
        return r;
      }
    }
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
    if (each) each(s, r.steps);
  }
  return r;
}

}  // namespace tabula
