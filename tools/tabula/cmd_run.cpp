// tabula run: many games with automatic agents in every seat (random, the
// pack's one-choice look-ahead or ISMCTS: tools/tabula/seat_kinds.h); a smoke
// test, a quick balance look and a way to pit agents against each other.
// A rejected choice from an agent means a script failed: that is a bug in a
// pack, so it fails the run.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <unordered_map>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/lua/lua_host.h"
#include "core/pack/text.h"
#include "core/search/playout.h"
#include "core/state/outcome.h"
#include "core/rules/kernel.h"
#include "tools/tabula/common.h"
#include "tools/tabula/run_tally.h"
#include "tools/tabula/seat_kinds.h"

namespace tabula::cli {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Failure {
  uint64_t game = 0, seed = 0, choice = 0;
  int seat = -1;
  std::string option, error;
  std::string to_string() const {
    std::string s = "game " + std::to_string(game + 1) + " (seed " + std::to_string(seed) + ")";
    if (seat >= 0) s += ", choice " + std::to_string(choice) + " by seat " + std::to_string(seat + 1) + " '" + option + "'";
    return s + ": " + error;
  }
};

// Times an agent's decisions, for the figures of `tabula run` (how long each
// seat thinks): wall-clock time only reaches the report, never the game.
class TimedAgent : public Agent {
 public:
  TimedAgent(Agent& inner, RunTally& tally, size_t seat) : inner_(&inner), tally_(&tally), seat_(seat) {}
  size_t choose(const State& s, const Decision& d) override {
    const auto t = Clock::now();
    const size_t i = inner_->choose(s, d);
    tally_->thought(seat_, std::chrono::duration<double>(Clock::now() - t).count());
    return i;
  }
  void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) override {
    const auto t = Clock::now();
    inner_->choose_subset(s, d, out);
    tally_->thought(seat_, std::chrono::duration<double>(Clock::now() - t).count());
  }

 private:
  Agent* inner_;
  RunTally* tally_;
  size_t seat_;
};

struct RunSeats {
  int count = 0;                // 0: the setup's or the pack's
  std::vector<SeatKind> kinds;  // empty: every seat random
  bool spread = false;          // one kind of --agents for every seat
};

// --seats KINDS (or a bare number: the count), --players N and the old
// --agents KINDS.
RunSeats run_seats(const RunArgs& a, const PackSet& packs) {
  RunSeats r;
  const bool number = a.seats.size() == 1 && !a.seats[0].empty() &&
                      a.seats[0].find_first_not_of("0123456789") == std::string::npos;
  if (number) {
    r.count = a.seats[0].size() > 2 ? 0 : std::stoi(a.seats[0]);
    if (r.count < 1 || r.count > 64) throw UsageError("--seats " + a.seats[0] + ": a number of seats is 1 to 64");
    r.count = seat_count(r.count, a.players);
  } else {
    r.count = a.players;
  }
  const bool listed = !a.seats.empty() && !number;
  if (listed && !a.agents.empty()) throw UsageError("--seats names the kinds; --agents is its old spelling: give one of them");
  if (listed) {
    r.kinds = parse_seat_kinds(a.seats, false, "--seats", &packs.bots);
    const int n = static_cast<int>(r.kinds.size());
    if (a.players > 0 && a.players != n)
      throw CliError("--players " + std::to_string(a.players) + " but --seats names " + std::to_string(n) + " seat" +
                       (n == 1 ? "" : "s") + ": give one of them, or as many kinds as players");
    r.count = n;
  } else if (!a.agents.empty()) {
    r.kinds = parse_seat_kinds(a.agents, false, "--agents", &packs.bots);
    r.spread = r.kinds.size() == 1;
  }
  return r;
}

}  // namespace

int cmd_run(const RunArgs& a) {
  Opened o = open_engine(a.pack, a.with);
  if (std::string why = unloggable(o.log_packs); !a.log_dir.empty() && !why.empty()) throw CliError("--log-dir: " + why);
  Engine& e = *o.engine;
  const RunSeats who = run_seats(a, e.packs());
  GameSetup g = game_setup(e.packs(), a.setup, who.count);
  std::ofstream rows;  // games.jsonl: one line per game
  if (!a.log_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.log_dir, ec);
    if (ec) throw CliError("cannot create the log folder '" + a.log_dir + "': " + ec.message());
    const std::string path = (std::filesystem::path(a.log_dir) / "games.jsonl").string();
    rows.open(path);
    if (!rows) throw CliError("cannot write '" + path + "'");
  }
  std::vector<SeatKind> kinds = who.kinds;
  if (kinds.empty()) kinds.resize(static_cast<size_t>(g.seats));  // random
  else if (kinds.size() == 1 && who.spread) kinds.assign(static_cast<size_t>(g.seats), kinds[0]);
  else if (kinds.size() != static_cast<size_t>(g.seats))
    throw CliError("--agents names " + std::to_string(kinds.size()) + " kinds for " + std::to_string(g.seats) +
                   " seats: give one for every seat, or one per seat");
  RunTally summary(g.seats);
  for (size_t k = 0; k < kinds.size(); ++k) summary.kind(k, kinds[k].text, kinds[k].base == SeatKind::Base::Bot ? kinds[k].bot.kind_name() : "",
                 kinds[k].plays_at_random(e));

  uint64_t finished = 0, capped = 0, choices = 0, errors = 0;
  std::vector<Failure> failures;  // the first few
  // Results tallied as values (by their hash, then equality), written as
  // JSON once at the end: formatting every game's result costs more than a
  // short game's rules.
  std::unordered_map<uint64_t, std::vector<std::pair<Value, uint64_t>>> results;
  const bool tty = isatty(STDERR_FILENO);
  bool progress_shown = false;
  const auto t0 = Clock::now();
  auto last = t0;
  const uint64_t calls_before = e.kernel().host().calls();

  for (uint64_t i = 0; i < a.games; ++i) {
    const uint64_t seed = a.seed + i;
    std::vector<std::unique_ptr<Agent>> agents;
    std::vector<TimedAgent> timed;
    timed.reserve(static_cast<size_t>(g.seats));
    std::vector<Agent*> seats;
    for (int k = 0; k < g.seats; ++k) {
      const uint64_t agent_seed = derive_seed(seed, static_cast<uint64_t>(k));
      agents.push_back(make_agent(kinds[k], e, agent_seed));
      timed.emplace_back(*agents.back(), summary, static_cast<size_t>(k));
      seats.push_back(&timed.back());
    }

    GameLog log;
    State s;
    bool started = true;
    // With logs written, the chance events of the start and of each choice.
    std::vector<ChanceEvent> met;
    e.record_chance(a.log_dir.empty() ? nullptr : &met);
    json row;
    if (rows.is_open()) row = {{"game", i + 1}, {"seed", seed}, {"choices", 0}};
    try {
      s = e.new_game(seed, g.seats, g.options);
    } catch (const ScriptError& err) {
      started = false;
      ++errors;
      if (failures.size() < 5) failures.push_back({i, seed, 0, -1, "", std::string("new game: ") + err.what()});
      if (rows.is_open()) {
        row["end"] = "error";
        row["error"] = std::string("new game: ") + err.what();
      }
    }
    if (started) {
      ChoiceObserver observe;
      if (!a.log_dir.empty()) {
        log.packs = o.log_packs;
        log.seed = seed;
        log.seats = g.seats;
        log.options = g.options;
        log.start_hash = s.hash();
        log.start_draws = static_cast<int64_t>(s.rng.draws());
        log.chance_logged = true;
        log.start_chance = logged_chance(met);
        observe = [&log, &met](const State& st, int seat, const std::string& option) {
          log.choices.push_back({seat, option, st.hash(), st.rng.draws(), logged_chance(met)});
        };
      }
      PlayoutResult r = play_out(e, s, seats, a.max_choices, observe);
      choices += r.choices;
      if (r.finished) {
        ++finished;
        Outcome outcome;
        read_outcome(s.result, g.seats, outcome);  // tabula.game_over has checked it
        summary.add(r.choices, outcome);
        if (rows.is_open()) {
          row["end"] = "finished";
          json ws = json::array(), ss = json::array();
          for (int w : outcome.winners) ws.push_back(w + 1);
          for (int64_t v : outcome.scores) ss.push_back(v);
          if (outcome.has_winners) row["winners"] = ws;
          if (outcome.has_scores) row["scores"] = ss;
        }
        Hasher h;
        h.value(s.result);
        auto& bucket = results[h.h];
        auto it = std::find_if(bucket.begin(), bucket.end(), [&](const auto& r) { return r.first == s.result; });
        if (it == bucket.end()) bucket.emplace_back(s.result, 1);
        else ++it->second;
      } else if (r.failed) {
        ++errors;
        if (failures.size() < 5) failures.push_back({i, seed, r.choices + 1, r.seat, r.option, r.error});
        if (rows.is_open()) {
          row["end"] = "error";
          row["error"] = Failure{i, seed, r.choices + 1, r.seat, r.option, r.error}.to_string();
        }
      } else {
        ++capped;
        if (rows.is_open()) row["end"] = "capped";
      }
      if (rows.is_open()) row["choices"] = r.choices;
      if (!a.log_dir.empty()) {
        std::string path = (std::filesystem::path(a.log_dir) / ("game-" + std::to_string(seed) + ".json")).string();
        std::ofstream f(path);
        if (!f) throw CliError("cannot write '" + path + "'");
        f << log.to_json() << "\n";
      }
    }
    if (rows.is_open()) rows << dump_report(row) << "\n";

    auto now = Clock::now();
    if (now - last >= std::chrono::seconds(1)) {
      last = now;
      double secs = std::chrono::duration<double>(now - t0).count();
      // Slow games (ai seats) run at less than one a second: keep a digit.
      const double rate = (i + 1) / secs;
      std::fprintf(stderr, "%s%llu/%llu games, %.*f games/s, %llu errors%s", tty ? "\r" : "",
                   static_cast<unsigned long long>(i + 1), static_cast<unsigned long long>(a.games), rate < 10 ? 2 : 0, rate,
                   static_cast<unsigned long long>(errors), tty ? "   " : "\n");
      std::fflush(stderr);
      progress_shown = true;
    }
  }
  e.record_chance(nullptr);
  if (progress_shown && tty) std::fprintf(stderr, "\n");
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  const double rate = secs > 0 ? a.games / secs : 0;
  const double avg = a.games ? static_cast<double>(choices) / a.games : 0;
  const double calls = a.games ? static_cast<double>(e.kernel().host().calls() - calls_before) / a.games : 0;

  std::vector<std::pair<std::string, uint64_t>> tally;
  for (const auto& [hash, bucket] : results)
    for (const auto& [value, n] : bucket) tally.emplace_back(value_to_json(value).dump(), n);
  // Most frequent first; equal counts in the order of their JSON, so the
  // summary never depends on hashing.
  std::sort(tally.begin(), tally.end(), [](const auto& x, const auto& y) { return x.second != y.second ? x.second > y.second : x.first < y.first; });

  if (a.json) {
    json j = {{"pack", e.packs().id()}, {"games", a.games},     {"seed", a.seed},         {"seats", g.seats},
              {"finished", finished},   {"capped", capped},     {"max_choices", a.max_choices},
              {"choices", choices},     {"choices_per_game", avg}, {"script_errors", errors},
              {"seconds", secs},        {"games_per_second", rate},
              {"choices_per_second", secs > 0 ? choices / secs : 0.0}, {"lua_calls_per_game", calls}};
    if (!a.setup.empty()) j["setup"] = a.setup;
    json fs = json::array();
    for (const auto& f : failures) fs.push_back(f.to_string());
    j["first_errors"] = fs;
    json rs = json::array();
    for (const auto& [res, n] : tally) rs.push_back({{"result", json::parse(res)}, {"count", n}});
    j["results"] = rs;
    j.update(summary.to_json());
    std::cout << dump_report(j, 2) << "\n";
  } else {
    // printf does not pass through main's filter: what a pack names is made
    // printable here (core/pack/text.h).
    std::printf("pack %s: %llu games (seeds %llu..%llu), %d seat%s%s\n", printable(e.packs().id()).c_str(),
                static_cast<unsigned long long>(a.games), static_cast<unsigned long long>(a.seed),
                static_cast<unsigned long long>(a.seed + (a.games ? a.games - 1 : 0)), g.seats, g.seats == 1 ? "" : "s",
                a.setup.empty() ? "" : (", setup " + printable(a.setup)).c_str());
    std::printf("finished: %llu/%llu", static_cast<unsigned long long>(finished), static_cast<unsigned long long>(a.games));
    if (capped)
      std::printf(" (%llu stopped at the cap of %llu choices)", static_cast<unsigned long long>(capped),
                  static_cast<unsigned long long>(a.max_choices));
    std::printf("\nchoices: %llu total, %.1f per game\n", static_cast<unsigned long long>(choices), avg);
    std::printf("script errors: %llu\n", static_cast<unsigned long long>(errors));
    // A script error's traceback lines sit under their game's line.
    // Every byte of a message can come from a pack (an option id, an error
    // text): each line is made printable (core/pack/text.h).
    for (const auto& f : failures) {
      const std::string text = f.to_string();
      for (size_t from = 0; from <= text.size();) {
        const size_t end = std::min(text.find('\n', from), text.size());
        std::printf("  %s\n", printable(std::string_view(text).substr(from, end - from)).c_str());
        from = end + 1;
      }
    }
    if (errors > failures.size()) std::printf("  ... and %llu more\n", static_cast<unsigned long long>(errors - failures.size()));
    // Most frequent first (tally is sorted so); games that state scores
    // rarely repeat a result, so only the first ten are listed.
    constexpr size_t kShown = 10;
    if (summary.all_scored()) tally.clear();
    else std::printf("results:\n");
    for (size_t i = 0; i < tally.size() && i < kShown; ++i)
      std::printf("  %8llu  %5.1f%%  %s\n", static_cast<unsigned long long>(tally[i].second),
                  100.0 * tally[i].second / a.games, printable(tally[i].first).c_str());
    if (tally.size() > kShown)
      std::printf("  ... and %zu more distinct results (--json and --log-dir give them all)\n", tally.size() - kShown);
    if (tally.empty() && !summary.all_scored()) std::printf("  (no game finished)\n");
    summary.print();
    std::printf("Lua calls: %.0f per game\n", calls);
    std::printf("time: %.2f s, %.*f games/s, %.0f choices/s\n", secs, rate < 1 ? 3 : 1, rate,
                secs > 0 ? choices / secs : 0.0);
  }
  return errors ? 1 : 0;
}

}  // namespace tabula::cli
