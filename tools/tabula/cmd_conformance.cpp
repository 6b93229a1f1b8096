// tabula conformance: the conformance checks (core/search/conformance.h) on any
// pack, wherever it lives: random games of every start the pack offers, and
// the first violation located with a command line that finds it again.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <unistd.h>

#include "core/io/game_log.h"
#include "core/pack/text.h"
#include "core/search/conformance.h"
#include "tools/tabula/common.h"

namespace tabula::cli {

namespace {

std::string start_name(const ConformanceStart& s) {
  return (s.setup.empty() ? std::string("default start") : "setup " + s.setup) + ", " + std::to_string(s.seats) +
         (s.seats == 1 ? " seat" : " seats");
}

// The command line that plays the failing game again, and only it.
std::string reproduce(const ConformanceArgs& a, const Violation& v) {
  std::string line = "tabula conformance " + a.pack;
  for (const auto& w : a.with) line += " --with " + w;
  for (const auto& p : extra_pack_dirs()) line += " --packs " + p;
  if (!v.setup.empty()) line += " --setup " + v.setup;
  return line + " --seats " + std::to_string(v.seats) + " --seed " + std::to_string(v.seed) + " --games 1";
}

}  // namespace

int cmd_conformance(const ConformanceArgs& a) {
  Opened o = open_engine(a.pack, a.with);
  if (std::string why = unloggable(o.log_packs); !a.log.empty() && !why.empty()) throw CliError("--log: " + why);
  Engine& e = *o.engine;
  std::vector<ConformanceStart> starts;
  if (!a.setup.empty() || a.seats > 0) {
    const GameSetup g = game_setup(e.packs(), a.setup, a.seats);
    starts.push_back({a.setup, g.options, g.seats});
  } else {
    starts = conformance_starts(e.packs());
  }
  ConformanceConfig cfg;
  cfg.games = a.games;
  cfg.first_seed = a.seed;
  cfg.watched = a.watch;

  std::cout << "conformance " << e.packs().id() << ": " << starts.size() << " start" << (starts.size() == 1 ? "" : "s")
            << ", " << cfg.games << " random game" << (cfg.games == 1 ? "" : "s") << " each (seeds " << cfg.first_seed << ".."
            << cfg.first_seed + cfg.games - 1 << "), views and texts checked at every step of "
            << (cfg.watched >= cfg.games ? std::string("every game") : "the first " + std::to_string(cfg.watched))
            << ", and a game with a long seed no view may show\n";
  const bool tty = isatty(STDERR_FILENO);
  const auto t0 = std::chrono::steady_clock::now();
  uint64_t games = 0, steps = 0, watched = 0;
  for (const auto& start : starts) {
    const auto t = std::chrono::steady_clock::now();
    // The progress line rewrites itself with CR and ESC [K, which main's
    // filter would print as text: it goes to stderr past the filter, with
    // what the pack names in it made printable (core/pack/text.h).
    const std::string name = printable(start_name(start));
    auto progress = [&](uint64_t game) {
      if (tty) {
        std::fprintf(stderr, "\r  %s: game %llu/%llu   ", name.c_str(), static_cast<unsigned long long>(game + 1),
                     static_cast<unsigned long long>(cfg.games));
        std::fflush(stderr);
      }
    };
    const ConformanceReport r = check_conformance(e, start, cfg, progress);
    if (tty) {
      std::fputs("\r\033[K", stderr);
      std::fflush(stderr);
    }
    games += r.games;
    steps += r.steps;
    watched += r.watched_steps;
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
    if (!r.ok) {
      const Violation& v = r.first;
      std::cout << "FAIL " << located(v) << "\n";
      std::cout << "  choices before it (seat: option):";
      if (v.choices.empty()) std::cout << " none";
      const size_t from = v.choices.size() > 40 && !a.all_choices ? v.choices.size() - 40 : 0;
      if (from) std::cout << " ... (" << from << " more before; --all-choices lists them)";
      for (size_t i = from; i < v.choices.size(); ++i) std::cout << " " << v.choices[i].first + 1 << ": " << v.choices[i].second << ";";
      std::cout << "\n  again: " << reproduce(a, v) << "\n";
      if (!a.log.empty()) {
        GameLog log;
        log.packs = o.log_packs;
        log.seed = v.seed;
        log.seats = v.seats;
        log.options = start.options;
        // The hashes and chance events come from playing the choices again.
        std::vector<ChanceEvent> met;
        e.record_chance(&met);
        State s = e.new_game(v.seed, v.seats, start.options);
        log.start_hash = s.hash();
        log.start_draws = static_cast<int64_t>(s.rng.draws());
        log.chance_logged = true;
        log.start_chance = logged_chance(met);
        for (const auto& [seat, option] : v.choices) {
          e.apply(s, seat, option);
          log.choices.push_back({seat, option, s.hash(), s.rng.draws(), logged_chance(met)});
        }
        e.record_chance(nullptr);
        std::ofstream(a.log) << log.to_json();
        std::cout << "  the game up to there: " << a.log << " (tabula replay " << a.log << ")\n";
      }
      return 1;
    }
    char line[200];
    std::snprintf(line, sizeof line, "  ok  %-34s %4llu games %8llu choices  %6.1f s", start_name(start).c_str(),
                  static_cast<unsigned long long>(r.games), static_cast<unsigned long long>(r.steps), secs);
    std::cout << line << "\n";
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  char line[100];
  std::snprintf(line, sizeof line, "%.1f s", secs);
  std::cout << "OK " << e.packs().id() << ": " << starts.size() << " start" << (starts.size() == 1 ? "" : "s") << ", " << games
            << " games, " << steps << " choices, views and texts checked at " << watched << " steps, " << line << "\n";
  return 0;
}

}  // namespace tabula::cli
