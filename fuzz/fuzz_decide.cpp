// Decisions, texts and views: the input bytes drive fuzz/packs/decide, whose
// rules interpret a program (fuzz/packs/decide/rules.lua) that creates,
// moves, turns, reveals and shuffles entities in public, hidden, owner and
// contents zones, opens decisions (subset and secret ones too) with ids,
// labels and entities from the bytes, logs nested texts and sets values.
//
//   byte 0       seats (1 + byte % 4)
//   bytes 1-2    the program's length n (little-endian, cut to what follows)
//   n bytes      the program: the game option `program` (a list of integers)
//   the rest     choices, one step each (see step() below)
//
// After the start and after every choice taken, every seat and the onlooker
// render their view in English and in Czech. Findings (__builtin_trap): an
// exception other than a script or kernel error (std::bad_alloc, a JSON
// error, ...), also when it comes back as the reason a choice failed; a
// rejected choice that changes the state's hash; a view that is not valid
// JSON, that names or shows the spy (a card no seat ever knows), or that
// shows another seat's secret decision; a saved state that does not load
// back with the same hash.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "core/io/state_json.h"
#include "fuzz/fuzz_common.h"

using namespace tabula;

namespace {

// TABULA_FUZZ_VERBOSE=1: prints what each step did and the views (to look
// at a seed or a finding).
bool verbose() {
  static const bool v = [] {
    const char* e = std::getenv("TABULA_FUZZ_VERBOSE");
    return e && *e && *e != '0';
  }();
  return v;
}

[[noreturn]] void finding(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz_decide: %s: %.*s\n", what, static_cast<int>(std::min<size_t>(detail.size(), 4000)),
               detail.data());
  __builtin_trap();
}

// A script error or a rejected choice must not carry a C++ exception's
// message: the pack's program never writes '[' or ':' into its strings, so
// "::" (std::bad_alloc, vector::_M_range_check, basic_string::...) and
// "[json.exception" come from the kernel.
void check_message(std::string_view why) {
  if (why.find("::") != std::string_view::npos || why.find("[json.exception") != std::string_view::npos)
    finding("an exception that is not a script error", why);
}

// What a view shows of the spy and of other seats' decisions: no item or
// group of the spy's definition, and no prompt or options of another seat's
// secret decision.
void check_view_json(const State& s, int seat, const nlohmann::json& v, const std::string& text) {
  for (const auto& z : v.at("zones")) {
    for (const char* part : {"items", "groups"})
      if (z.contains(part))
        for (const auto& item : z.at(part))
          if (item.contains("def") && item.at("def") == "spy") finding("a view shows the spy", text);
  }
  for (const auto& d : v.at("decisions")) {
    const int owner = d.at("seat").get<int>() - 1;
    if (owner == seat) continue;
    const Decision* open = s.pending_for(owner);
    if (!open) finding("a view shows a decision that is not open", text);
    if (d.contains("options") || (open->secret && d.contains("prompt")))
      finding("a view shows another seat's secret decision", text);
  }
}

// Every reader's view, in both languages, is valid JSON and never names the
// spy (fuzz/packs/decide/pack.toml).
void check_views(const Engine& e, const State& s) {
  static constexpr std::string_view kSpy[] = {"QSPYQ", "QŠPIÓNQ", "QSPYTEXTQ"};
  for (int seat = -1; seat < static_cast<int>(s.seats.size()); ++seat) {
    for (const char* lang : {"en", "cs"}) {
      std::string text;
      try {
        text = e.view_json(s, seat, lang);
      } catch (const std::exception& ex) {
        finding("view_json threw", std::string(typeid(ex).name()) + ": " + ex.what());
      }
      nlohmann::json v;
      try {
        v = nlohmann::json::parse(text);
      } catch (const std::exception& ex) {
        finding("a view is not valid JSON", ex.what());
      }
      try {
        check_view_json(s, seat, v, text);
      } catch (const nlohmann::json::exception& ex) {
        finding("a view lacks a part", std::string(ex.what()) + "\n" + text);
      }
      if (verbose() && lang == std::string_view("en")) std::fprintf(stderr, "view of seat %d: %s\n", seat + 1, text.c_str());
      for (auto spy : kSpy)
        if (text.find(spy) != std::string::npos) finding("a view names the spy", text);
    }
  }
}

// A saved state loads back with the same hash.
void check_save(const Engine& e, const State& s) {
  try {
    const std::string text = state_to_json(e, s).dump();
    const State back = state_from_json(e, parse_json(text, "state"));
    if (back.hash() != s.hash()) finding("a saved state loads with another hash", text);
  } catch (const std::exception& ex) {
    finding("a state does not save and load", std::string(typeid(ex).name()) + ": " + ex.what());
  }
}

struct Bytes {
  const uint8_t* p;
  size_t n, i = 0;
  bool more() const { return i < n; }
  uint8_t next() { return i < n ? p[i++] : 0; }
};

// One step: byte b picks an open decision (b >> 6) and how to answer it.
// Single decisions: by index (b % options), by the option's id (b & 0x20
// set, b < 0xf0), or wrongly: 255 an index past the end, 254 an id made of
// the next bytes, 253 a seat with nothing to decide, 252 a set for a single
// decision. Subset decisions: the next byte is a mask of the first 8
// options; b & 0x20: given as ids joined by ',' (bit 0x10: the first twice);
// b == 255: an index past the end, 254: an id string from the bytes.
ApplyResult step(Engine& e, State& s, Bytes& in) {
  const auto& pending = e.decisions(s);
  const uint8_t b = in.next();
  const Decision& d = pending[(b >> 6) % pending.size()];
  const int seat = d.seat;
  if (b == 254) {
    std::string id;
    for (size_t k = in.next() % 8; k > 0; --k) id.push_back(static_cast<char>(in.next()));
    return e.apply(s, seat, id, Mode::Play);
  }
  if (b == 253) {
    int other = -1;
    for (int k = 0; k < static_cast<int>(s.seats.size()) && other < 0; ++k)
      if (!s.pending_for(k)) other = k;
    return e.apply_index(s, other < 0 ? static_cast<int>(s.seats.size()) : other, 0, Mode::Play);
  }
  if (!d.subset()) {
    if (b == 255) return e.apply_index(s, seat, d.options.size() + in.next(), Mode::Play);
    if (b == 252) return e.apply_subset(s, seat, {0}, Mode::Play);
    const size_t option = b % d.options.size();
    if (b & 0x20 && b < 0xf0) return e.apply(s, seat, d.options[option].id, Mode::Play);
    return e.apply_index(s, seat, option, Mode::Play);
  }
  if (b == 255) return e.apply_subset(s, seat, {d.options.size()}, Mode::Play);
  const uint8_t mask = in.next();
  std::vector<size_t> set;
  for (size_t k = 0; k < d.options.size() && k < 8; ++k)
    if (mask & (1u << k)) set.push_back(k);
  if (b & 0x10 && !set.empty()) set.push_back(set.front());  // a repeated option
  if (!(b & 0x20)) return e.apply_subset(s, seat, set, Mode::Play);
  std::string ids;
  for (size_t k : set) ids += (ids.empty() ? "" : ",") + d.options[k].id;
  return e.apply(s, seat, set.empty() ? std::string("-") : ids, Mode::Play);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::unique_ptr<Engine> engine = [] {
    LoadResult lr = load_pack(fuzz::source_dir() + "/fuzz/packs/decide");
    if (!lr.ok()) throw std::runtime_error("fuzz: fuzz/packs/decide does not load:\n" + lr.report());
    return std::make_unique<Engine>(std::move(lr.packs));
  }();
  if (size < 3) return 0;
  const int seats = 1 + data[0] % 4;
  const size_t length = std::min<size_t>(data[1] | (size_t{data[2]} << 8), size - 3);
  // A list of integers, not a string: an option is the caller's, and a
  // string option must be UTF-8 (the program's strings are the script's).
  List program(data + 3, data + 3 + length);
  Dict options{{"program", Value::list(std::move(program))}};
  Bytes in{data + 3 + length, size - 3 - length};

  State s;
  try {
    s = engine->new_game(1, seats, options, Mode::Play);
  } catch (const ScriptError& e) {
    if (verbose()) std::fprintf(stderr, "new_game: %s\n", e.what());
    check_message(e.what());
    return 0;  // the program failed before its first decision
  } catch (const KernelError& e) {
    if (verbose()) std::fprintf(stderr, "new_game: %s\n", e.what());
    check_message(e.what());
    return 0;
  } catch (const std::exception& e) {
    finding("new_game threw", std::string(typeid(e).name()) + ": " + e.what());
  }
  check_views(*engine, s);
  // At most 48 steps: a view of every reader in two languages follows each.
  for (int steps = 0; steps < 48 && in.more() && !s.over && !s.pending.empty(); ++steps) {
    const uint64_t before = s.hash();
    const ApplyResult r = step(*engine, s, in);
    if (verbose()) std::fprintf(stderr, "step %d: %s\n", steps + 1, r.ok ? "ok" : r.error.c_str());
    if (!r.ok) {
      check_message(r.error);
      if (s.hash() != before) finding("a rejected choice changed the state", r.error);
      continue;  // the state is the one whose views were checked
    }
    check_views(*engine, s);
  }
  check_save(*engine, s);
  return 0;
}
