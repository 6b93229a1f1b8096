// The log and state JSON readers: the input is read as a game log
// (GameLog::from_json) and as a saved state (state_from_json) against an
// engine of content/connect-four. A state that loads is hashed, written back
// and read again. Errors are fine; crashes are not.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "fuzz/fuzz_common.h"

using namespace tabula;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::unique_ptr<Engine> engine = fuzz::load_engine("connect-four");
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    GameLog log = GameLog::from_json(text);
    (void)log.to_json();
  } catch (const std::exception&) {
  }
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;
  try {
    State s = state_from_json(*engine, j);
    (void)s.hash();
    State back = state_from_json(*engine, state_to_json(*engine, s));
    if (back.hash() != s.hash()) __builtin_trap();  // a loaded state must round-trip
  } catch (const std::exception&) {
  }
  return 0;
}
