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
#include <nlohmann/json.hpp>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/pack/text.h"
#include "core/rules/kernel.h"
#include "tools/tabula/common.h"
#include "tools/tabula/run_games.h"
#include "tools/tabula/run_report.h"
#include "tools/tabula/run_tally.h"
#include "tools/tabula/seat_kinds.h"

namespace tabula::cli {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Shard {
  int index = 1, of = 1;
};

// --shard I/N: shard I (from 1) of N.
Shard parse_shard(const std::string& text) {
  Shard sh;
  if (text.empty()) return sh;
  const size_t slash = text.find('/');
  auto number = [&](const std::string& part) {
    if (part.empty() || part.size() > 6 || part.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoi(part);
  };
  if (slash != std::string::npos) {
    sh.index = number(text.substr(0, slash));
    sh.of = number(text.substr(slash + 1));
  }
  if (slash == std::string::npos || sh.of < 1 || sh.index < 1 || sh.index > sh.of)
    throw UsageError("--shard " + printable(text) + ": expected I/N, shard I of N, 1 <= I <= N <= 999999 (e.g. 2/4)");
  return sh;
}

// The first game (from 0) of shard k (from 0) of n: shards are contiguous
// blocks, of sizes that differ by one at most.
uint64_t shard_begin(uint64_t games, int k, int n) {
  return static_cast<uint64_t>(static_cast<unsigned __int128>(games) * static_cast<unsigned>(k) / static_cast<unsigned>(n));
}

// The start of game 1, hashed: shards of one run start it alike, and a
// changed rule, number or setup almost surely starts it otherwise.
std::string fingerprint(Engine& e, uint64_t seed, const GameSetup& g) {
  try {
    const State s = e.new_game(seed, g.seats, g.options);
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(s.hash()));
    return buf;
  } catch (const ScriptError&) {
    return "no start";  // the games say why
  }
}

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
  Opened o = open_engine(a.pack, a.with, a.sets);
  if (std::string why = unloggable(o.log_packs); !a.log_dir.empty() && !why.empty()) throw CliError("--log-dir: " + why);
  if (!a.log_dir.empty() && !o.sets.empty())
    throw UsageError("--log-dir with --set: a game log names its packs, not overrides, so it would not replay; "
                     "put the values in a layer (`tabula new layer DIR --patches PACK`) and use --with");
  Engine& e = *o.engine;
  const RunSeats who = run_seats(a, e.packs());
  GameSetup g = game_setup(e.packs(), a.setup, who.count);
  const Shard shard = parse_shard(a.shard);
  std::vector<SeatKind> kinds = who.kinds;
  if (kinds.empty()) kinds.resize(static_cast<size_t>(g.seats));  // random
  else if (kinds.size() == 1 && who.spread) kinds.assign(static_cast<size_t>(g.seats), kinds[0]);
  else if (kinds.size() != static_cast<size_t>(g.seats))
    throw CliError("--agents names " + std::to_string(kinds.size()) + " kinds for " + std::to_string(g.seats) +
                   " seats: give one for every seat, or one per seat");
  RunHeader h = run_header(o, kinds, g, a.seed, a.max_choices, a.setup);
  h.games = a.games;
  h.fingerprint = fingerprint(e, a.seed, g);
  if (!a.log_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(a.log_dir, ec);
    if (ec) throw CliError("cannot create the log folder '" + a.log_dir + "': " + ec.message());
  }
  probe_reports(a.report, a.csv);
  std::ofstream out;  // opened before the games: a bad path fails at once
  if (!a.out.empty()) {
    out.open(a.out);
    if (!out) throw CliError("--out: cannot write '" + a.out + "'");
  }

  RunPlan plan{&e, kinds, g, a.seed, a.max_choices, a.log_dir, o.log_packs};
  const uint64_t first = shard_begin(a.games, shard.index - 1, shard.of), last = shard_begin(a.games, shard.index, shard.of);
  RunTally tally(g.seats);
  std::vector<std::pair<uint64_t, json>> rows;
  Progress progress(last - first);
  const auto t0 = Clock::now();
  play_games(plan, first, last, jobs_wanted(a.jobs), tally, [&](const GameEnd& end) {
    progress.game(end.how == GameEnd::How::Failed);
    if (!end.row.is_null()) rows.emplace_back(end.index, end.row);
  });
  progress.finish();
  std::sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  const double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  if (!a.log_dir.empty()) {
    const std::string path = (std::filesystem::path(a.log_dir) / "games.jsonl").string();
    std::ofstream f(path);
    for (const auto& [index, row] : rows) f << dump_report(row) << "\n";
    if (!f) throw CliError("cannot write '" + path + "'");
  }
  if (out.is_open()) {
    json j = {{"format", kShardFormat}, {"version", 1}, {"run", h.to_json()},
              {"shard", {{"index", shard.index}, {"of", shard.of}, {"first_game", first + 1}, {"last_game", last}}},
              {"seconds", secs}, {"tally", tally.save()}};
    out << dump_report(j) << "\n";
    out.close();
    if (!out) throw CliError("--out: cannot write '" + a.out + "'");
    std::printf("shard %d/%d: games %llu..%llu (seeds %llu..%llu), %llu finished, %llu capped, %llu script errors: written to %s\n",
                shard.index, shard.of, static_cast<unsigned long long>(first + 1), static_cast<unsigned long long>(last),
                static_cast<unsigned long long>(a.seed + first), static_cast<unsigned long long>(a.seed + last - 1),
                static_cast<unsigned long long>(tally.finished()), static_cast<unsigned long long>(tally.capped()),
                static_cast<unsigned long long>(tally.errors()), printable(a.out).c_str());
    for (const auto& [i, text] : tally.first_errors()) std::printf("  %s\n", printable(text).c_str());
  } else {
    const json report = report_json(h, tally, a.no_timing ? -1 : secs);
    write_reports(report, a.report, a.csv);
    if (a.json) std::cout << dump_report(report, 2) << "\n";
    else report_print(h, tally, a.no_timing ? -1 : secs);
  }
  return tally.errors() ? 1 : 0;
}

}  // namespace tabula::cli
