// The checks every pack gets for free, in the spirit of OpenSpiel's
// RandomSimTest: random games to the end with no script error; at every
// step the state survives a JSON round trip with its hash, a clone
// continues exactly like the original as a playout, and the state is sound;
// a replay of each game's log reproduces every hash (ENGINE.md invariants 1,
// 2 and 4). At every step of the watched games no seat's view, nor the
// onlooker's, holds what the seat may not know, neither as data nor in what
// its texts say, and a secret choice changes nothing another seat sees while
// the simultaneous choice goes on (invariants 2 and 3). `tabula conformance`
// and the GoogleTest suite run the same code; docs/modding.md says what it
// can and cannot find.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rules/engine.h"

namespace tabula {

// One start of a pack: the setup's name ("" for the default start), its
// options and the number of seats.
struct ConformanceStart {
  std::string setup;
  Dict options;
  int seats = 1;
};

// The starts a pack offers: the default one, the default with the most
// seats (when that is more), and every setup of a single pack (a layer's
// setups are its base's: the base's own run plays them).
std::vector<ConformanceStart> conformance_starts(const PackSet& packs);

struct ConformanceConfig {
  uint64_t games = 12;      // random games, seeds first_seed, first_seed + 1, ...
  uint64_t first_seed = 1;
  uint64_t watched = 4;     // the first games compare every view at every step
  uint64_t max_steps = 2000;  // a game longer than this "does not end"
  bool seed_game = true;    // one more game with a long seed: no view shows it
  // The first games are played once more in step with a copy whose entity
  // ids are all shifted: no seat's view may change but for the ids of the
  // entities it knows (hidden entities carry no identity).
  uint64_t identity = 1;
  uint64_t identity_steps = 300;  // choices compared per such game
};

// The first thing found wrong, located.
struct Violation {
  std::string check;   // "leak", "identity", "secret choice", "unsound", "save/load", "clone", "replay", "isolation", "script error", "no end"
  std::string pack, setup;
  int seats = 0;
  uint64_t seed = 0;
  uint64_t step = 0;   // choices applied before it was found
  int seat = -2;       // the seat whose view holds it (-1: the onlooker; -2: none)
  std::string message;
  std::vector<std::pair<int, std::string>> choices;  // (seat from 0, option) up to there
};

// "pack P, setup S, N seats, seed X, step K, seat Q: message" (the setup
// and seat only when there are).
std::string located(const Violation& v);

struct ConformanceReport {
  uint64_t games = 0, steps = 0, watched_steps = 0;
  bool ok = true;
  Violation first;
};

// Plays the games of `cfg` from `start` and checks them; stops at the first
// violation. `progress` (optional) is called before each game with its
// number from 0.
ConformanceReport check_conformance(Engine& e, const ConformanceStart& start, const ConformanceConfig& cfg,
                                    const std::function<void(uint64_t game)>& progress = {});

// The single checks, for tests. Each returns "" or what is wrong.
// What is unsound in `s` itself: zones and entities that disagree, a
// negative counter, a result off the convention of core/state/outcome.h.
std::string unsound(const Engine& e, const State& s);
// The views of every seat and of the onlooker (index 0 = seat -1).
std::vector<nlohmann::json> conformance_views(const Engine& e, const State& s);
// Invariant 3 on one state's views: an entity a seat may not know, another
// seat's secrets, options or secret prompt, the seed or the RNG state.
// `seat` receives the seat whose view holds it.
std::string view_leaks(const Engine& e, const State& s, const std::vector<nlohmann::json>& vs, uint64_t seed, int& seat);
// Which seats could read each journal line of a state when it was written:
// [line][seat + 1] (Engine::watch_log gives the state at that moment).
using ReadAtLog = std::vector<std::vector<uint8_t>>;
// What the texts a seat reads say (its journal lines, its own prompts and
// option labels, others' open prompts, the result): an entity slot naming an
// entity the seat knows neither in `before` (the state before the last
// choice; may be null) nor in `s`, or a string argument that names a
// definition of which the seat knows no entity while some entity of it lies
// hidden from the seat. A journal line that `at_log` clears for a seat (it
// passed when written) is not judged again.
std::string text_leaks(const Engine& e, const State* before, const State& s, int& seat, const ReadAtLog* at_log = nullptr);
// The entry of `at_log` for the journal's last line of `s`, judged against
// `s` as it stands and `before`.
void judge_last_line(const Engine& e, const State* before, const State& s, ReadAtLog& at_log);

}  // namespace tabula
