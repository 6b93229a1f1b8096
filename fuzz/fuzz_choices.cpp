// Choice streams: the input bytes are a game of content/dungeon-lords. Byte 0
// picks the setup (or none) and the seat count, bytes 1-2 the seed; then each
// byte picks an open decision (its low bits) and an option (the byte, modulo
// the options; 255 asks for an option that does not exist). Subset decisions
// take the next byte as a bit mask. Rejected choices and script errors are
// fine; crashes, and a rejected choice that changes the state, are not.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz/fuzz_common.h"

using namespace tabula;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::unique_ptr<Engine> engine = fuzz::load_engine("dungeon-lords");
  static const std::vector<const PackSet::Setup*> setups = [] {
    std::vector<const PackSet::Setup*> v{nullptr};
    for (const auto& [id, s] : engine->packs().setups) v.push_back(&s);
    return v;
  }();
  if (size < 3) return 0;
  const auto& seats_def = engine->packs().seats;
  const PackSet::Setup* setup = setups[(data[0] & 0x0f) % setups.size()];
  int seats = setup && setup->seats > 0 ? setup->seats : seats_def.fallback;
  if (data[0] & 0x30) seats = seats_def.min + ((data[0] >> 4) & 3) % (seats_def.max - seats_def.min + 1);
  const uint64_t seed = data[1] | (uint64_t{data[2]} << 8);
  State s;
  try {
    s = engine->new_game(seed, seats, setup ? setup->options : Dict{}, Mode::Play);
  } catch (const std::exception&) {
    return 0;  // the game does not start with these options
  }
  std::vector<size_t> set;
  for (size_t i = 3; i < size && !s.over; ++i) {
    const auto& pending = engine->decisions(s);
    if (pending.empty()) break;
    const Decision& d = pending[(data[i] >> 6) % pending.size()];
    const int seat = d.seat;
    const uint64_t before = s.hash();
    ApplyResult r;
    if (d.subset()) {
      const uint8_t mask = i + 1 < size ? data[++i] : 0;
      set.clear();
      for (size_t k = 0; k < d.options.size() && k < 8; ++k)
        if (mask & (1u << k)) set.push_back(k);
      r = engine->apply_subset(s, seat, set, Mode::Play);
    } else {
      const size_t option = data[i] == 255 ? d.options.size() : data[i] % (d.options.empty() ? 1 : d.options.size());
      r = engine->apply_index(s, seat, option, Mode::Play);
    }
    if (!r.ok && s.hash() != before) __builtin_trap();  // a rejected choice must change nothing
  }
  return 0;
}
