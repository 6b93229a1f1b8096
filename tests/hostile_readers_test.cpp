// Hostile input to the readers of logs, saves and scenario files, and the
// CLI's leaks (issue 7): every bad document gets a clear, located error and
// the process stays alive. Pack: tests/packs/duel (2 seats).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/rules/engine.h"
#include "core/scenario/scenario.h"

namespace fs = std::filesystem;
using nlohmann::json;
using namespace tabula;

namespace {

std::unique_ptr<Engine> duel_engine() {
  LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/duel");
  EXPECT_TRUE(r.ok()) << r.report();
  if (!r.ok()) return nullptr;
  return std::make_unique<Engine>(std::move(r.packs));
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string nested_arrays(int n) { return std::string(n, '[') + std::string(n, ']'); }

// The error text of `f`, or "" when it does not throw std::runtime_error.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

// A valid duel log of a few choices, played with the first option.
GameLog duel_log(Engine& e) {
  GameLog log;
  log.packs = {"tests/packs/duel"};
  log.seed = 3;
  log.seats = 2;
  State s = e.new_game(log.seed, log.seats);
  log.start_hash = s.hash();
  log.start_draws = static_cast<int64_t>(s.rng.draws());
  for (int i = 0; i < 4 && !s.over; ++i) {
    const Decision& d = s.pending.front();
    const int seat = d.seat;
    const std::string option = d.options.front().id;
    EXPECT_TRUE(e.apply(s, seat, option).ok);
    log.choices.push_back({seat, option, s.hash(), s.rng.draws()});
  }
  return log;
}

// ---- 1. depth limits -------------------------------------------------------

TEST(HostileReaders, LogNesting100000ArraysIsRefusedBeforeParsing) {
  const std::string text = R"({"format": "tabula-log/3", "packs": ["duel"], "seed": 1, "seats": 2, "options": )" +
                           nested_arrays(100000) + R"(, "start_hash": "1", "choices": []})";
  EXPECT_EQ(error_of([&] { GameLog::from_json(text); }), "log: line 1: nested deeper than 64 levels");
}

TEST(HostileReaders, DepthCountIgnoresBracketsInStrings) {
  const std::string text = R"({"format": "tabula-log/3", "packs": ["duel"], "seed": 1, "seats": 2, "options": {"a": ")" +
                           std::string(500, '[') + R"(\"["}, "start_hash": "1", "choices": []})";
  GameLog g = GameLog::from_json(text);
  EXPECT_EQ(g.options.size(), 1u);
}

TEST(HostileReaders, ValueFromJsonStopsAt32Levels) {
  // The kernel's own limit: 32 levels below the top are fine, 33 are not.
  json ok = json::parse(nested_arrays(33));
  EXPECT_NO_THROW(value_from_json(ok));
  json deep = json::parse(nested_arrays(34));
  EXPECT_EQ(error_of([&] { value_from_json(deep, "here"); }), "here: nested deeper than 32 levels");
  // Even a document nlohmann parsed itself (no text pre-check) cannot overflow the stack.
  json huge = json::array();
  for (int i = 0; i < 100000; ++i) huge = json::array({std::move(huge)});
  EXPECT_EQ(error_of([&] { value_from_json(huge, "x"); }), "x: nested deeper than 32 levels");
}

TEST(HostileReaders, LogOptionsNestedTooDeeplyAreLocated) {
  const std::string text = R"({"format": "tabula-log/3", "packs": ["duel"], "seed": 1, "seats": 2, "options": {"a": )" +
                           nested_arrays(40) + R"(}, "start_hash": "1", "choices": []})";
  EXPECT_EQ(error_of([&] { GameLog::from_json(text); }), "log: options: nested deeper than 32 levels");
}

TEST(HostileReaders, SavedStateWithDeepValueIsRefused) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  json j = state_to_json(*e, e->new_game(1, 2));
  json deep = json::parse(nested_arrays(40));
  j["vars"] = {{"v", deep}};
  EXPECT_EQ(error_of([&] { state_from_json(*e, j); }), "malformed state: vars: nested deeper than 32 levels");
  j = state_to_json(*e, e->new_game(1, 2));
  j["result"] = deep;
  EXPECT_EQ(error_of([&] { state_from_json(*e, j); }), "malformed state: result: nested deeper than 32 levels");
}

TEST(HostileReaders, ParseJsonNamesTheLineOfTheTooDeepBracket) {
  EXPECT_EQ(error_of([&] { parse_json("{\n\"a\":\n" + nested_arrays(70) + "}", "save"); }),
            "save: line 3: nested deeper than 64 levels");
  EXPECT_EQ(error_of([&] { parse_json("{\"a\": 1", "save"); }).rfind("save: [json.exception.parse_error", 0), 0u);
}

// ---- 2. seat counts ----------------------------------------------------------

TEST(HostileReaders, ReplayRefusesSeatCountsOutsideThePack) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  for (int seats : {0, -5, 1, 3, 2000000000}) {
    GameLog log = duel_log(*e);
    log.seats = seats;
    ReplayReport r = replay(*e, log);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.steps, 0u);
    EXPECT_EQ(r.error, "log: seats: " + std::to_string(seats) + " is outside the pack's 2..2 seats");
  }
  EXPECT_TRUE(replay(*e, duel_log(*e)).ok);
}

TEST(HostileReaders, LogSeatCountThatIsNoIntIsRefused) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  json j = json::parse(duel_log(*e).to_json());
  j["seats"] = 20000000000LL;
  EXPECT_EQ(error_of([&] { GameLog::from_json(j.dump()); }), "log: seats: out of range (20000000000)");
  j["seats"] = "two";
  EXPECT_EQ(error_of([&] { GameLog::from_json(j.dump()); }), "log: seats: not a number");
}

TEST(HostileReaders, SavedStateRefusesSeatCountsOutsideThePack) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  for (int64_t seats : {int64_t{0}, int64_t{-5}, int64_t{3}, int64_t{2000000000}}) {
    json j = state_to_json(*e, e->new_game(1, 2));
    j["seats"] = seats;
    EXPECT_EQ(error_of([&] { state_from_json(*e, j); }),
              "malformed state: seat count " + std::to_string(seats) + " outside the pack's range");
  }
}

// ---- 3. replay messages ------------------------------------------------------

TEST(HostileReaders, BadNumbersInALogAreNamedByPlace) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  const json good = json::parse(duel_log(*e).to_json());
  auto err = [&](auto edit) {
    json j = good;
    edit(j);
    return error_of([&] { GameLog::from_json(j.dump()); });
  };
  EXPECT_EQ(err([](json& j) { j["choices"][2]["hash"] = "zz"; }),
            "log: choices[3].hash: not a number ('zz' is not a hexadecimal hash)");
  EXPECT_EQ(err([](json& j) { j["choices"][2]["hash"] = 12; }), "log: choices[3].hash: not a number (a hexadecimal string)");
  EXPECT_EQ(err([](json& j) { j["choices"][0]["hash"] = "11112222333344445"; }),
            "log: choices[1].hash: not a number ('11112222333344445' is not a hexadecimal hash)");
  EXPECT_EQ(err([](json& j) { j["start_hash"] = ""; }), "log: start_hash: not a number ('' is not a hexadecimal hash)");
  EXPECT_EQ(err([](json& j) { j["choices"][1]["draws"] = -1; }), "log: choices[2].draws: not a number (a whole number from 0)");
  EXPECT_EQ(err([](json& j) { j["choices"][1]["draws"] = "7"; }), "log: choices[2].draws: not a number (a whole number from 0)");
  EXPECT_EQ(err([](json& j) { j["choices"][1]["seat"] = 0; }), "log: choices[2].seat: out of range (0)");
  EXPECT_EQ(err([](json& j) { j["choices"][1].erase("option"); }), "log: choices[2].option: missing");
  EXPECT_EQ(err([](json& j) { j["choices"][1] = 5; }), "log: choices[2]: not an object");
  EXPECT_EQ(err([](json& j) { j["seed"] = -1; }), "log: seed: not a number (a whole number from 0)");
  EXPECT_EQ(err([](json& j) { j["packs"] = {1}; }), "log: packs[0]: not a string");
  EXPECT_EQ(err([](json& j) { j["options"] = 3; }), "log: options: not an object");
  EXPECT_EQ(err([](json& j) { j.erase("choices"); }), "log: choices: missing");
}

TEST(HostileReaders, DrawCountMismatchIsReportedAsSuch) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  GameLog log = duel_log(*e);
  log.choices[1].draws_after += 1;
  ReplayReport r = replay(*e, log);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.error, "after choice 2 the game has drawn 0 random numbers, the log says 1");
  // At the start, too: the log records the start's draws.
  GameLog start = duel_log(*e);
  start.start_draws = 5;
  ReplayReport s = replay(*e, start);
  EXPECT_FALSE(s.ok);
  EXPECT_EQ(s.error, "the game's start has drawn 0 random numbers, the log says 5");
  // The start's draws survive the round trip; an older log without them still replays.
  GameLog back = GameLog::from_json(duel_log(*e).to_json());
  EXPECT_EQ(back.start_draws, 0);
  json j = json::parse(duel_log(*e).to_json());
  j.erase("start_draws");
  GameLog old = GameLog::from_json(j.dump());
  EXPECT_EQ(old.start_draws, -1);
  EXPECT_TRUE(replay(*e, old).ok);
}

// ---- 4. a tampered save ------------------------------------------------------

TEST(HostileReaders, TamperedSaveIsRefusedByPlace) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  const State s = e->new_game(1, 2);
  const json good = state_to_json(*e, s);
  ASSERT_FALSE(good["pending"].empty());
  ASSERT_FALSE(good["flow"].empty());
  auto err = [&](auto edit) {
    json j = good;
    edit(j);
    return error_of([&] { state_from_json(*e, j); });
  };
  EXPECT_EQ(err([](json& j) { j["pending"][0]["seat"] = 7; }), "malformed state: pending[0]: seat 7 is no seat");
  EXPECT_EQ(err([](json& j) { j["pending"][0]["seat"] = -1; }), "malformed state: pending[0]: seat -1 is no seat");
  EXPECT_EQ(err([](json& j) { j["pending"][0]["options"][0]["entity"] = 999; }),
            "malformed state: pending[0]: option '" + good["pending"][0]["options"][0]["id"].get<std::string>() +
                "' names no entity #999");
  const std::string node = good["flow"][0]["node"];
  EXPECT_EQ(err([](json& j) { j["flow"][0]["child"] = 1000000; }),
            "malformed state: flow[0] (" + node + "): child 1000000 is outside its body");
  EXPECT_EQ(err([](json& j) { j["flow"][0]["seat_pos"] = -3; }), "malformed state: flow[0] (" + node + "): seat_pos -3 is no seat");
  EXPECT_EQ(err([](json& j) { j["flow"][0]["first_seat"] = 2; }), "malformed state: flow[0] (" + node + "): first_seat 2 is no seat");
  EXPECT_EQ(err([](json& j) { j["flow"][0]["node"] = "nowhere"; }), "malformed state: unknown flow node 'nowhere'");
  EXPECT_EQ(err([](json& j) { j["start_seat"] = 5; }), "malformed state: start_seat 5 is no seat");
  EXPECT_EQ(err([](json& j) { j["entities"][0]["owner"] = 9; }), "malformed state: entity #0 is owned by no seat (9)");
  EXPECT_EQ(err([](json& j) { j["entities"][0]["zone"] = 99; }), "malformed state: an entity in no zone 99");
  EXPECT_EQ(err([](json& j) { j["combat"]["defenders"] = 99; }), "malformed state: the fight's defenders are in no zone (99)");
  EXPECT_EQ(err([](json& j) { j["combat"]["seat"] = 4; }), "malformed state: the fight's seat 4 is no seat");
  EXPECT_EQ(err([](json& j) { j["journal"] = {{{"seat", 3}, {"text", nullptr}}}; }), "malformed state: journal[0]: seat 3 is no seat");
  // An entity a zone lists twice, or one its zone does not list.
  int z = -1;
  for (size_t i = 0; i < good["zones"].size(); ++i)
    if (!good["zones"][i]["items"].empty()) z = static_cast<int>(i);
  ASSERT_GE(z, 0);
  const std::string zone = good["zones"][z]["zone"];
  const int64_t first = good["zones"][z]["items"][0];
  EXPECT_EQ(err([&](json& j) { j["zones"][z]["items"].push_back(first); }),
            "malformed state: zone " + zone + " lists entity #" + std::to_string(first) + " twice");
  EXPECT_EQ(err([&](json& j) { j["zones"][z]["items"].erase(0); }),
            "malformed state: entity #" + std::to_string(first) + " is in zone " + zone + ", which does not list it");
  // The untouched save still loads, with the same hash.
  EXPECT_EQ(state_from_json(*e, good).hash(), s.hash());
}

// ---- 2 and 6. scenario files ----------------------------------------------------

// The failures of a scenario of the duel pack: `body` follows its first two
// lines ([scenario] and pack), unless `whole`.
std::string scenario_failures(const std::string& name, const std::string& body, bool whole = false) {
  const fs::path dir = fs::temp_directory_path() / ("tabula-hostile-scenarios-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / name;
  {
    std::ofstream f(file, std::ios::binary);
    if (!whole) f << "[scenario]\npack = \"" << TABULA_SOURCE_DIR << "/tests/packs/duel\"\n";
    f << body;
  }
  ScenarioResult r = run_scenario(file.string(), std::string(TABULA_SOURCE_DIR) + "/content");
  std::string out = r.ok ? "OK" : "";
  const std::string prefix = dir.string() + "/";
  for (std::string x : r.failures) {
    for (size_t at; (at = x.find(prefix)) != std::string::npos;) x.erase(at, prefix.size());
    out += x + "\n";
  }
  fs::remove_all(dir);
  return out;
}

TEST(HostileReaders, ScenarioSeatCountsOutsideThePackAreRefused) {
  for (const char* seats : {"0", "-5", "3", "2000000000"})
    EXPECT_EQ(scenario_failures("seats.toml", std::string("seats = ") + seats + "\n[expect]\n\"game.over\" = false\n"),
              "seats.toml:3:9: scenario.seats: " + std::string(seats) + " is outside the pack's 2..2 seats\n");
  EXPECT_EQ(scenario_failures("seats.toml", "seats = 2\n[expect]\n\"game.over\" = false\n"), "OK");
}

TEST(HostileReaders, ScenarioValuesOfTheWrongTypeAreRefused) {
  EXPECT_EQ(scenario_failures("t.toml", "seats = \"two\"\n"), "t.toml:3:9: scenario.seats must be an integer\n");
  EXPECT_EQ(scenario_failures("t.toml", "seed = true\n"), "t.toml:3:8: scenario.seed must be an integer\n");
  EXPECT_EQ(scenario_failures("t.toml", "finish = 1\n"), "t.toml:3:10: scenario.finish must be a string\n");
  EXPECT_EQ(scenario_failures("t.toml", "[[create]]\ndef = \"knight\"\nzone = \"band@1\"\nface_up = 1\n"),
            "t.toml:6:11: create.face_up must be a boolean\n");
  EXPECT_EQ(scenario_failures("t.toml", "[[create]]\ndef = 7\n"), "t.toml:4:7: create.def must be a string\n");
}

TEST(HostileReaders, ScenarioPropsTheKindDoesNotDeclareAreRefused) {
  EXPECT_EQ(scenario_failures("p.toml", "[[create]]\ndef = \"knight\"\nzone = \"band\"\nseat = 1\nprops = { wings = 2 }\n"),
            "p.toml:7:19: create.props.wings: no kind declares a property 'wings'\n");
  EXPECT_EQ(scenario_failures("p.toml", "[[create]]\ndef = \"knight\"\nzone = \"band\"\nseat = 1\nprops = { hp = \"lots\" }\n"),
            "p.toml:7:16: create.props.hp: property 'hp' of kind 'fighter' holds integer values, not string\n");
}

TEST(HostileReaders, ScenarioWithoutChecksFails) {
  EXPECT_EQ(scenario_failures("none.toml", "seed = 4\n"),
            "none.toml: the scenario checks nothing; give an [expect] table, a step's expect, options or expect_error\n");
}

// ---- more bad logs --------------------------------------------------------------

std::string hex(uint64_t v) {
  std::ostringstream o;
  o << std::hex << v;
  return o.str();
}

TEST(HostileReaders, TruncatedLogNamesLineAndColumn) {
  EXPECT_EQ(error_of([] { GameLog::from_json(R"({"format": "tabula-log/3", "packs": ["duel"], "seed": 1, "seats": 2, "opt)"); }),
            "log: [json.exception.parse_error.101] parse error at line 1, column 74: syntax error while parsing object key - "
            "invalid string: missing closing quote; last read: '\"opt'; expected string literal");
}

TEST(HostileReaders, EmptyLog) {
  EXPECT_EQ(error_of([] { GameLog::from_json(""); }),
            "log: [json.exception.parse_error.101] parse error at line 1, column 1: syntax error while parsing value - "
            "unexpected end of input; expected '[', '{', or a literal");
}

// nlohmann stops at a NUL as at the end: a binary file was "unexpected end
// of input", and anything after a NUL behind a valid log went unread.
TEST(HostileReaders, NulBytesInALogAreNamed) {
  EXPECT_EQ(error_of([] { GameLog::from_json(std::string("{\"format\"\0\0", 11)); }),
            "log: line 1: a NUL byte (not a JSON text)");
  auto e = duel_engine();
  ASSERT_TRUE(e);
  const std::string text = duel_log(*e).to_json();
  const auto lines = std::count(text.begin(), text.end(), '\n') + 1;
  EXPECT_EQ(error_of([&] { GameLog::from_json(text + std::string("\0{\"seed\": 9}", 13)); }),
            "log: line " + std::to_string(lines) + ": a NUL byte (not a JSON text)");
}

TEST(HostileReaders, TextAfterTheLog) {
  EXPECT_EQ(error_of([] {
              GameLog::from_json(R"({"format": "tabula-log/3", "packs": ["duel"], "seed": 1, "seats": 2, "options": {},)"
                                 R"( "start_hash": "1", "choices": []} trailing)");
            }),
            "log: [json.exception.parse_error.101] parse error at line 1, column 121: syntax error while parsing value - "
            "invalid literal; last read: '\"choices\": []} tra'; expected end of input");
}

TEST(HostileReaders, LogThatIsNoObject) {
  EXPECT_EQ(error_of([] { GameLog::from_json("[1, 2]"); }), "not a tabula log (format tabula-log/3)");
  EXPECT_EQ(error_of([] { GameLog::from_json("\"tabula-log/3\""); }), "not a tabula log (format tabula-log/3)");
}

// 20 digits do not fit 64 bits: nlohmann reads them as a double, which used
// to be called "a number with a fraction or an exponent (1e+20)", no place.
TEST(HostileReaders, SeedOfTwentyDigits) {
  EXPECT_EQ(error_of([] {
              GameLog::from_json(R"({"format": "tabula-log/3", "packs": ["duel"], "seed": 99999999999999999999, "seats": 2,)"
                                 R"( "options": {}, "start_hash": "1", "choices": []})");
            }),
            "log: seed: a number with a fraction or an exponent, or beyond 64 bits (1e+20): only integers are allowed here");
}

TEST(HostileReaders, ReplayOfAnOptionTheGameDoesNotOffer) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  GameLog log = duel_log(*e);
  log.choices[1].option = "nope";
  ReplayReport r = replay(*e, log);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.steps, 1u);
  EXPECT_EQ(r.error, "choice 2 (seat 1, 'nope') was rejected: 'nope' is not a legal option here; legal: hit1, hit2");
}

TEST(HostileReaders, ReplayOfAChoiceByASeatThatIsNotAsked) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  GameLog log = duel_log(*e);
  ASSERT_EQ(log.choices[1].seat, 0);
  log.choices[1].seat = 1;
  ReplayReport r = replay(*e, log);
  EXPECT_EQ(r.steps, 1u);
  EXPECT_EQ(r.error, "choice 2 (seat 2, 'hit1') was rejected: seat 2 has nothing to decide now (waiting for seat 1)");
  log.choices[1].seat = 6;  // no seat of this game at all
  r = replay(*e, log);
  EXPECT_EQ(r.steps, 1u);
  EXPECT_EQ(r.error, "choice 2 (seat 7, 'hit1') was rejected: seat 7 has nothing to decide now (waiting for seat 1)");
}

// A log names pack folders; replayed against other packs (another game, or
// a pack changed since), the first difference is reported where it shows.
TEST(HostileReaders, ReplayAgainstAnotherPack) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  const GameLog log = duel_log(*e);
  LoadResult other = load_pack(std::string(TABULA_SOURCE_DIR) + "/content/connect-four");
  ASSERT_TRUE(other.ok()) << other.report();
  Engine c4(std::move(other.packs));
  ReplayReport r = replay(c4, log);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.steps, 0u);
  EXPECT_EQ(r.error, "the starting state differs (hash " + hex(c4.new_game(log.seed, log.seats).hash()) + ", log says " +
                         hex(log.start_hash) + ")");
}

// ---- more bad scenario files ----------------------------------------------------

TEST(HostileReaders, ScenarioWithUnknownTopLevelKeys) {
  EXPECT_EQ(scenario_failures("t.toml", "[cheat]\nwin = true\n[expect]\n\"game.over\" = false\n"),
            "t.toml:3:1: unknown key 'cheat'\n");
  EXPECT_EQ(scenario_failures("t.toml", "turbo = true\n[expect]\n\"game.over\" = false\n"),
            "t.toml:3:9: unknown key 'scenario.turbo'\n");
}

TEST(HostileReaders, ScenarioNamingEntitiesThatDoNotExist) {
  EXPECT_EQ(scenario_failures("t.toml", "[expect]\n\"dragon.zone\" = \"band\"\n"),
            "final [expect] (t.toml:3:1): dragon.zone: no entity or alias 'dragon'\n");
  EXPECT_EQ(scenario_failures("t.toml", "[[create]]\ndef = \"dragon\"\nzone = \"band\"\nseat = 1\n[expect]\n\"game.over\" = false\n"),
            "t.toml:3:1: unknown entity definition 'dragon'\n");
}

// Seat numbers were narrowed to int unchecked: 4294967297 became seat 1 and
// such a scenario passed.
TEST(HostileReaders, ScenarioSeatsAreCheckedBeforeNarrowing) {
  const std::string create = "[[create]]\ndef = \"knight\"\nzone = \"band\"\n";
  const std::string expect = "[expect]\n\"game.over\" = false\n";
  EXPECT_EQ(scenario_failures("t.toml", create + "seat = 4294967297\n" + expect),
            "t.toml:6:8: create.seat: 4294967297 is no seat (1..2)\n");
  EXPECT_EQ(scenario_failures("t.toml", create + "seat = 1\nowner = 3\n" + expect),
            "t.toml:7:9: create.owner: 3 is no seat (1..2)\n");
  EXPECT_EQ(scenario_failures("t.toml", "[[step]]\nseat = 4294967297\nchoose = \"hit1\"\n" + expect),
            "t.toml:4:8: step.seat: 4294967297 is no seat (1..2)\n");
  EXPECT_EQ(scenario_failures("t.toml", create + "seat = 1\nowner = 2\n" + expect), "OK");
}

// "seat99999999999" failed with the bare word "stoi"; "knight#4294967297"
// wrapped around to the first knight.
TEST(HostileReaders, ScenarioNumbersInNamesThatOverflow) {
  EXPECT_EQ(scenario_failures("t.toml", "[expect]\n\"seat99999999999.hits\" = 0\n"),
            "final [expect] (t.toml:3:1): seat99999999999.hits: no seat99999999999\n");
  EXPECT_EQ(scenario_failures("t.toml", "[expect]\n\"knight#4294967297.zone\" = \"band\"\n"),
            "final [expect] (t.toml:3:1): knight#4294967297.zone: there is no entity 'knight#4294967297' (2 of 'knight')\n");
}

TEST(HostileReaders, EmptyAndBinaryScenarioFiles) {
  EXPECT_EQ(scenario_failures("t.toml", "", true), "t.toml: missing [scenario] table\n");
  EXPECT_EQ(scenario_failures("t.toml", std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10), true),
            "t.toml:1:1: a control character (0x7F) is not allowed in TOML\n");
}

// Kernel values nest at most 32 levels; a dotted key of 100,000 parts
// overflowed toml++'s stack.
TEST(HostileReaders, ScenarioNestingIsBounded) {
  EXPECT_EQ(scenario_failures("t.toml", "[vars]\nx = " + nested_arrays(40) + "\n[expect]\n\"game.over\" = false\n"),
            "t.toml:4:38: nested deeper than 32 levels\n");
  std::string key = "a";
  for (int i = 0; i < 100000; ++i) key += ".a";
  EXPECT_EQ(scenario_failures("t.toml", "[vars]\n" + key + " = 1\n[expect]\n\"game.over\" = false\n"),
            "t.toml:4:128: a key of more than 64 dotted parts\n");
}

TEST(HostileReaders, ScenarioStepKeysOfTheWrongType) {
  EXPECT_EQ(scenario_failures("t.toml", "[[step]]\nchoose = \"hit1\"\nexpect = 3\n"),
            "t.toml:5:10: step.expect must be a table\n");
  EXPECT_EQ(scenario_failures("t.toml", "[[step]]\nchoose = \"hit1\"\nseat = \"one\"\n"),
            "t.toml:5:8: step.seat must be an integer\n");
}

// ---- 5. the CLI's leaks --------------------------------------------------------

const char* kSecretToml = R"(
[pack]
id = "secret-bids"
name = { en = "Secret bids" }
version = "1"
rules = "rules.lua"
texts = ["texts.toml"]

[seats]
min = 2
max = 2
default = 2

[flow]
root = "game"
[flow.game]
steps = ["round"]
finish = "done"
[flow.round]
hook = "bid"
)";

const char* kSecretLua = R"(
local T = tabula
local M = {}
function M.bid()
  for seat = 1, T.seats() do
    T.decide { seat = seat, prompt = "your_bid", secret = true, options = { "b1", "b2", "b3" }, label = "bid",
               on_choice = "chosen" }
  end
end
function M.chosen() end
function M.done() T.game_over { winner = 1 } end
return M
)";

const char* kSecretTexts = R"(
your_bid = "Your sealed bid"
bid = "bid {id}"
)";

struct CliRun {
  int code = -1;
  std::string text;
};

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream f(p);
  f << text;
}

class HostileReadersCli : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    tmp_ = fs::temp_directory_path() / ("tabula-hostile-readers-" + std::to_string(getpid()));
    fs::remove_all(tmp_);
    write(tmp_ / "secret" / "pack.toml", kSecretToml);
    write(tmp_ / "secret" / "rules.lua", kSecretLua);
    write(tmp_ / "secret" / "texts.toml", kSecretTexts);
  }
  static void TearDownTestSuite() { fs::remove_all(tmp_); }

  static CliRun tabula(const std::string& args, const std::string& input = "") {
    fs::path in = tmp_ / "stdin.txt";
    write(in, input);
    std::string cmd = "cd " + shell_quote(TABULA_SOURCE_DIR) + " && " +
                      shell_quote(std::string(TABULA_BINARY_DIR) + "/tools/tabula") + " " + args + " < " +
                      shell_quote(in.string()) + " 2>&1";
    CliRun o;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return o;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) o.text.append(buf, n);
    int status = pclose(p);
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return o;
  }
  static fs::path tmp_;
};
fs::path HostileReadersCli::tmp_;

TEST_F(HostileReadersCli, PlayPrintsTheSeedOnlyAtTheEnd) {
  CliRun p = tabula("play tests/packs/duel --seats human,random --seed 777", [] {
    std::string in;
    for (int i = 0; i < 40; ++i) in += "1\n";
    return in;
  }());
  ASSERT_EQ(p.code, 0) << p.text;
  const size_t over = p.text.find("Game over");
  ASSERT_NE(over, std::string::npos) << p.text;
  EXPECT_EQ(p.text.find("777"), p.text.find("seed 777\n") + 5) << p.text;  // nowhere else
  EXPECT_GT(p.text.find("seed 777\n"), over) << p.text;
  // A player who quits gets the seed too, after the last choice.
  CliRun q = tabula("play tests/packs/duel --seats human,random --seed 778", "q\n");
  EXPECT_EQ(q.code, 0) << q.text;
  EXPECT_GT(q.text.find("seed 778\n"), q.text.find("Quit after")) << q.text;
  EXPECT_EQ(q.text.find("778"), q.text.find("seed 778\n") + 5) << q.text;
}

TEST_F(HostileReadersCli, AHumansSecretChoiceIsNotEchoed) {
  CliRun p = tabula("play " + shell_quote((tmp_ / "secret").string()) + " --seats human,human --seed 1", "\n3\n\n2\n");  // each after the hand-off
  ASSERT_EQ(p.code, 0) << p.text;
  EXPECT_TRUE(contains(p.text, "Seat 1 (human) made a secret choice")) << p.text;
  EXPECT_TRUE(contains(p.text, "Seat 2 (human) made a secret choice")) << p.text;
  EXPECT_FALSE(contains(p.text, "chose: bid")) << p.text;
  EXPECT_TRUE(contains(p.text, "Game over")) << p.text;
}

TEST_F(HostileReadersCli, ReplayOfADeeplyNestedLogIsAnErrorNotACrash) {
  write(tmp_ / "deep.json", R"({"format": "tabula-log/3", "packs": ["tests/packs/duel"], "seed": 1, "seats": 2, "options": )" +
                                nested_arrays(100000) + R"(, "start_hash": "1", "choices": []})");
  CliRun r = tabula("replay " + shell_quote((tmp_ / "deep.json").string()));
  EXPECT_EQ(r.code, 1) << r.text;
  EXPECT_TRUE(contains(r.text, "deep.json: log: line 1: nested deeper than 64 levels")) << r.text;
  // A log of 0 seats is refused by the pack's range.
  write(tmp_ / "zero.json", R"({"format": "tabula-log/3", "packs": ["tests/packs/duel"], "seed": 1, "seats": 0, "options": {},
                                "start_hash": "1", "choices": []})");
  CliRun z = tabula("replay " + shell_quote((tmp_ / "zero.json").string()));
  EXPECT_EQ(z.code, 1) << z.text;
  EXPECT_TRUE(contains(z.text, "MISMATCH after 0 of 0 steps: log: seats: 0 is outside the pack's 2..2 seats")) << z.text;
}

TEST_F(HostileReadersCli, ReplayOfAFolderOrABinaryFile) {
  fs::create_directories(tmp_ / "folder.json");
  CliRun d = tabula("replay " + shell_quote((tmp_ / "folder.json").string()));
  EXPECT_EQ(d.code, 1) << d.text;
  EXPECT_EQ(d.text, "tabula: error: '" + (tmp_ / "folder.json").string() + "' is a folder, not a log file\n");
  write(tmp_ / "binary.json", std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10));
  CliRun b = tabula("replay " + shell_quote((tmp_ / "binary.json").string()));
  EXPECT_EQ(b.code, 1) << b.text;
  EXPECT_EQ(b.text, "tabula: error: " + (tmp_ / "binary.json").string() + ": log: line 1: a NUL byte (not a JSON text)\n");
}

// A tampered log's option id reaches the terminal in the replay message:
// its escape sequence (clear the screen) is printed as text.
TEST_F(HostileReadersCli, ReplayPrintsControlCharactersAsText) {
  auto e = duel_engine();
  ASSERT_TRUE(e);
  GameLog log = duel_log(*e);
  log.choices[1].option = "\x1b[2Jhit1";
  write(tmp_ / "escape.json", log.to_json());
  CliRun r = tabula("replay " + shell_quote((tmp_ / "escape.json").string()));
  EXPECT_EQ(r.code, 1) << r.text;
  EXPECT_EQ(r.text, "MISMATCH after 1 of 4 steps: choice 2 (seat 1, '\\x1b[2Jhit1') was rejected: '\\x1b[2Jhit1' is not a "
                    "legal option here; legal: hit1, hit2\n");
  // The same in UTF-8: U+009B is CSI; other text with a C2 byte passes whole.
  log.choices[1].option = "\xC2\x9B" "2J\xC2\xA7hit1";
  write(tmp_ / "c1.json", log.to_json());
  CliRun c1 = tabula("replay " + shell_quote((tmp_ / "c1.json").string()));
  EXPECT_EQ(c1.code, 1) << c1.text;
  EXPECT_EQ(c1.text, "MISMATCH after 1 of 4 steps: choice 2 (seat 1, '\\u009b2J\xC2\xA7hit1') was rejected: "
                     "'\\u009b2J\xC2\xA7hit1' is not a legal option here; legal: hit1, hit2\n");
}

}  // namespace

// require() opens only regular files of a bounded size: a named pipe among a
// pack's scripts once blocked the engine for ever, and a sparse file of
// 3 GB was read whole. Each ends in an error that names the module and file.
TEST(HostileReaders, RequireReadsOnlyRegularFilesOfBoundedSize) {
  const fs::path root = fs::temp_directory_path() / ("tabula-hostile-require-" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "lib");
  std::ofstream(root / "pack.toml") << "[pack]\nid = \"p\"\nrules = \"rules.lua\"\n[seats]\nmin = 1\nmax = 1\ndefault = 1\n"
                                       "[flow]\nroot = \"game\"\n[flow.game]\nhook = \"go\"\n";
  ASSERT_EQ(mkfifo((root / "lib" / "pipe.lua").c_str(), 0600), 0);
  {
    std::ofstream huge(root / "lib" / "huge.lua");
  }
  fs::resize_file(root / "lib" / "huge.lua", 3ull << 30);  // sparse: no disk used
  for (const auto& [module, why] : {std::pair<std::string, std::string>{"lib.pipe", "p/lib/pipe.lua is not a regular file"},
                                    {"lib.huge", "p/lib/huge.lua is 3221225472 bytes, more than a script may be (16777216)"}}) {
    std::ofstream(root / "rules.lua") << "local lib = require \"" << module << "\"\nlocal M = {}\nfunction M.go() end\nreturn M\n";
    LoadResult r = load_pack(root.string());
    ASSERT_TRUE(r.ok()) << r.report();
    try {
      Engine e(std::move(r.packs));
      ADD_FAILURE() << module << " loaded";
    } catch (const ScriptError& err) {
      EXPECT_NE(std::string(err.what()).find("require: module '" + module + "': " + why), std::string::npos) << err.what();
    }
  }
  fs::remove_all(root);
}
