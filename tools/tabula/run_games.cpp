#include "tools/tabula/run_games.h"

#include "tools/tabula/quiet_engine.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <poll.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/lua/lua_host.h"
#include "core/rules/kernel.h"
#include "core/search/playout.h"
#include "core/state/outcome.h"

namespace tabula::cli {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

std::string failure_text(uint64_t index, uint64_t seed, uint64_t choice, int seat, const std::string& option,
                         const std::string& error) {
  std::string s = "game " + std::to_string(index + 1) + " (seed " + std::to_string(seed) + ")";
  if (seat >= 0) s += ", choice " + std::to_string(choice) + " by seat " + std::to_string(seat + 1) + " '" + option + "'";
  return s + ": " + error;
}

// Times an agent's decisions, for the figures of `tabula run` (how long each
// seat thinks): wall-clock time only reaches the report, never the game.
// While it thinks, the engine's recorders are off: a search plays many
// games of its own on the same engine, and their chance events and moves
// are not the game's (a log of them would not replay).
class TimedAgent : public Agent {
 public:
  TimedAgent(Agent& inner, Engine& engine, RunTally& tally, size_t seat)
      : inner_(&inner), engine_(&engine), tally_(&tally), seat_(seat) {}
  size_t choose(const State& s, const Decision& d) override {
    QuietEngine quiet(*engine_);
    const auto t = Clock::now();
    const size_t i = inner_->choose(s, d);
    tally_->thought(seat_, std::chrono::duration<double>(Clock::now() - t).count());
    return i;
  }
  void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) override {
    QuietEngine quiet(*engine_);
    const auto t = Clock::now();
    inner_->choose_subset(s, d, out);
    tally_->thought(seat_, std::chrono::duration<double>(Clock::now() - t).count());
  }

 private:
  Agent* inner_;
  Engine* engine_;
  RunTally* tally_;
  size_t seat_;
};

// The definitions a game's arrivals show: every one that entered a zone,
// and the (definition, seat) pairs that entered an owned zone, each once.
RunTally::Seen seen(const RunPlan& plan, const std::vector<Arrival>& arrivals) {
  RunTally::Seen out;
  for (const Arrival& a : arrivals) {
    out.appeared.push_back(a.def);
    if (a.seat >= 0 && a.zone_def >= 0 && static_cast<size_t>(a.zone_def) < plan.owned.size() && plan.owned[static_cast<size_t>(a.zone_def)])
      out.had.emplace_back(a.def, a.seat);
  }
  std::sort(out.appeared.begin(), out.appeared.end());
  out.appeared.erase(std::unique(out.appeared.begin(), out.appeared.end()), out.appeared.end());
  std::sort(out.had.begin(), out.had.end());
  out.had.erase(std::unique(out.had.begin(), out.had.end()), out.had.end());
  return out;
}

double now_seconds() { return std::chrono::duration<double>(Clock::now().time_since_epoch()).count(); }

}  // namespace

json GameEnd::to_json() const {
  json j = {{"i", index}, {"how", static_cast<int>(how)}, {"c", choices}};
  if (outcome.has_winners) j["w"] = outcome.winners;
  if (outcome.has_scores) j["s"] = outcome.scores;
  if (!row.is_null()) j["row"] = row;
  return j;
}

GameEnd GameEnd::from_json(const json& j) {
  GameEnd e;
  e.index = j.at("i").get<uint64_t>();
  const int how = j.at("how").get<int>();
  if (how < 0 || how > 2) throw json::other_error::create(501, "bad game end", nullptr);
  e.how = static_cast<How>(how);
  e.choices = j.at("c").get<uint64_t>();
  if (j.contains("w")) e.outcome.has_winners = true, e.outcome.winners = j["w"].get<std::vector<int>>();
  if (j.contains("s")) e.outcome.has_scores = true, e.outcome.scores = j["s"].get<std::vector<int64_t>>();
  if (j.contains("row")) e.row = j["row"];
  return e;
}

GameEnd play_game(const RunPlan& plan, uint64_t index, RunTally& tally) {
  GameEnd end;
  end.index = index;
  Engine& e = *plan.engine;
  const uint64_t seed = plan.seed + index;
  const int seats = plan.setup.seats;
  const bool logs = !plan.log_dir.empty();
  const uint64_t calls_before = e.kernel().host().calls();
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<TimedAgent> timed;
  timed.reserve(static_cast<size_t>(seats));
  std::vector<Agent*> who;
  for (int k = 0; k < seats; ++k) {
    agents.push_back(make_agent(plan.kinds[static_cast<size_t>(k)], e, derive_seed(seed, static_cast<uint64_t>(k))));
    timed.emplace_back(*agents.back(), e, tally, static_cast<size_t>(k));
    who.push_back(&timed.back());
  }
  json row;
  if (logs) row = {{"game", index + 1}, {"seed", seed}, {"choices", 0}};
  GameLog log;
  State s;
  // With logs written, the chance events of the start and of each choice.
  std::vector<ChanceEvent> met;
  e.record_chance(logs ? &met : nullptr);
  std::vector<Arrival> arrivals;
  e.record_arrivals(&arrivals);
  try {
    s = e.new_game(seed, seats, plan.setup.options);
  } catch (const ScriptError& err) {
    e.record_chance(nullptr);
    e.record_arrivals(nullptr);
    const std::string text = std::string("new game: ") + err.what();
    tally.failed(index, 0, failure_text(index, seed, 0, -1, "", text));
    tally.lua_calls(e.kernel().host().calls() - calls_before);
    if (logs) row["end"] = "error", row["error"] = text;
    end.how = GameEnd::How::Failed;
    end.row = std::move(row);
    return end;
  }
  ChoiceObserver observe;
  if (logs) {
    log.packs = plan.log_packs;
    log.seed = seed;
    log.seats = seats;
    log.options = plan.setup.options;
    log.start_hash = s.hash();
    log.start_draws = static_cast<int64_t>(s.rng.draws());
    log.chance_logged = true;
    log.start_chance = logged_chance(met);
    observe = [&log, &met](const State& st, int seat, const std::string& option) {
      log.choices.push_back({seat, option, st.hash(), st.rng.draws(), logged_chance(met)});
    };
  }
  const PlayoutResult r = play_out(e, s, who, plan.max_choices, observe);
  end.choices = r.choices;
  e.record_chance(nullptr);
  e.record_arrivals(nullptr);
  tally.lua_calls(e.kernel().host().calls() - calls_before);
  // The pack's count of rounds ([pack] rounds), asked of a finished game;
  // when it fails, a script failed in this game.
  int64_t rounds = -1;
  std::string rounds_error;
  if (r.finished) {
    try {
      rounds = e.rounds(s);
    } catch (const ScriptError& err) {
      rounds_error = err.what();
    }
  }
  if (r.finished && rounds_error.empty()) {
    Outcome outcome;
    read_outcome(s.result, seats, outcome);  // tabula.game_over has checked it
    tally.finished(r.choices, outcome, s.result);
    tally.definitions(outcome, seen(plan, arrivals));
    if (rounds >= 0) tally.rounds(rounds);
    end.outcome = outcome;
    if (logs) {
      row["end"] = "finished";
      json ws = json::array(), ss = json::array();
      for (int w : outcome.winners) ws.push_back(w + 1);
      for (int64_t v : outcome.scores) ss.push_back(v);
      if (outcome.has_winners) row["winners"] = ws;
      if (outcome.has_scores) row["scores"] = ss;
    }
  } else if (r.failed || !rounds_error.empty()) {
    const std::string text = r.failed ? failure_text(index, seed, r.choices + 1, r.seat, r.option, r.error)
                                      : failure_text(index, seed, 0, -1, "", "pack.rounds: " + rounds_error);
    tally.failed(index, r.choices, text);
    end.how = GameEnd::How::Failed;
    if (logs) row["end"] = "error", row["error"] = text;
  } else {
    tally.capped(r.choices);
    end.how = GameEnd::How::Capped;
    if (logs) row["end"] = "capped";
  }
  if (logs) {
    row["choices"] = r.choices;
    const std::string path = (std::filesystem::path(plan.log_dir) / ("game-" + std::to_string(seed) + ".json")).string();
    std::ofstream f(path);
    if (!f) throw CliError("cannot write '" + path + "'");
    f << log.to_json() << "\n";
  }
  end.row = std::move(row);
  return end;
}

namespace {

// A tally about to take games of `plan`: the owned zones it reports and the
// definitions' ids by index.
void ready(const RunPlan& plan, RunTally& tally) {
  tally.owned_zones(plan.owned_names);
  tally.index_definitions(plan.defs);
}

bool write_all(int fd, const std::string& text) {
  for (size_t at = 0; at < text.size();) {
    const ssize_t n = ::write(fd, text.data() + at, text.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    at += static_cast<size_t>(n);
  }
  return true;
}

// A worker's lines to its parent: "g END" after each game (GameEnd as
// JSON), "t TALLY" at the end, or "e MESSAGE" when it cannot go on.
[[noreturn]] void work(const RunPlan& plan, uint64_t first, uint64_t last, uint64_t step, int fd) {
  int code = 0;
  try {
    RunTally tally(plan.setup.seats);
    ready(plan, tally);
    for (uint64_t i = first; i < last; i += step)
      if (!write_all(fd, "g " + dump_report(play_game(plan, i, tally).to_json()) + "\n")) ::_exit(3);
    if (!write_all(fd, "t " + dump_report(tally.save()) + "\n")) ::_exit(3);
  } catch (const std::exception& e) {
    std::string m = e.what();
    std::replace(m.begin(), m.end(), '\n', ' ');
    write_all(fd, "e " + m + "\n");
    code = 1;
  }
  ::close(fd);
  ::_exit(code);
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
  std::string buffer;
  bool tallied = false;
};

std::string death(int status) {
  if (WIFSIGNALED(status)) return std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  if (WIFEXITED(status)) return "exit code " + std::to_string(WEXITSTATUS(status));
  return "status " + std::to_string(status);
}

void stop_all(std::vector<Worker>& workers) {
  for (Worker& w : workers) {
    if (w.fd >= 0) ::close(w.fd), w.fd = -1;
    if (w.pid > 0) {
      ::kill(w.pid, SIGTERM);
      int status = 0;
      ::waitpid(w.pid, &status, 0);
      w.pid = -1;
    }
  }
}

}  // namespace

void play_games(RunPlan& plan, uint64_t first, uint64_t last, int jobs, RunTally& tally, const GameDone& done) {
  const uint64_t count = last > first ? last - first : 0;
  const PackSet& packs = plan.engine->packs();
  plan.owned.assign(packs.zones.size(), false);
  plan.owned_names.clear();
  for (size_t z = 0; z < packs.zones.size(); ++z) {
    const ZoneDef& d = packs.zones[z];
    const bool named = std::find(packs.owned_zones.begin(), packs.owned_zones.end(), d.id) != packs.owned_zones.end();
    if (packs.owned_zones.empty() ? d.per_seat : named) {
      plan.owned[z] = true;
      plan.owned_names.push_back(d.id);
    }
  }
  plan.defs.clear();
  for (const EntityDef* d : packs.defs) plan.defs.emplace_back(d->id, d->name.get("en"));
  ready(plan, tally);
  if (jobs <= 1 || count <= 1) {
    for (uint64_t i = first; i < last; ++i) {
      const GameEnd end = play_game(plan, i, tally);
      if (done) done(end);
    }
    return;
  }
  const uint64_t n = std::min<uint64_t>(static_cast<uint64_t>(jobs), count);
  std::fflush(stdout);
  std::fflush(stderr);
  std::vector<Worker> workers(n);
  for (uint64_t k = 0; k < n; ++k) {
    int fds[2];
    if (::pipe(fds) != 0) {
      stop_all(workers);
      throw CliError(std::string("cannot start worker processes: ") + std::strerror(errno));
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
      ::close(fds[0]), ::close(fds[1]);
      stop_all(workers);
      throw CliError(std::string("cannot start worker processes: ") + std::strerror(errno));
    }
    if (pid == 0) {
      ::close(fds[0]);
      for (uint64_t j = 0; j < k; ++j) ::close(workers[j].fd);
      work(plan, first + k, last, n, fds[1]);
    }
    ::close(fds[1]);
    workers[k].pid = pid;
    workers[k].fd = fds[0];
  }
  std::vector<pollfd> polls;
  std::string failure;
  for (;;) {
    polls.clear();
    for (const Worker& w : workers)
      if (w.fd >= 0) polls.push_back({w.fd, POLLIN, 0});
    if (polls.empty()) break;
    if (::poll(polls.data(), polls.size(), -1) < 0) {
      if (errno == EINTR) continue;
      failure = std::string("poll: ") + std::strerror(errno);
      break;
    }
    for (Worker& w : workers) {
      if (w.fd < 0) continue;
      const auto p = std::find_if(polls.begin(), polls.end(), [&](const pollfd& q) { return q.fd == w.fd; });
      if (p == polls.end() || !(p->revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[65536];
      const ssize_t got = ::read(w.fd, buf, sizeof buf);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        ::close(w.fd);
        w.fd = -1;
        continue;
      }
      w.buffer.append(buf, static_cast<size_t>(got));
      for (size_t nl; (nl = w.buffer.find('\n')) != std::string::npos;) {
        const std::string line = w.buffer.substr(0, nl);
        w.buffer.erase(0, nl + 1);
        try {
          if (line.rfind("g ", 0) == 0) {
            const GameEnd end = GameEnd::from_json(json::parse(line.substr(2)));
            if (done) done(end);
          } else if (line.rfind("t ", 0) == 0) {
            tally.merge(RunTally::load(json::parse(line.substr(2)), plan.setup.seats));
            w.tallied = true;
          } else if (line.rfind("e ", 0) == 0) {
            if (failure.empty()) failure = line.substr(2);
          }
        } catch (const std::exception& e) {
          if (failure.empty()) failure = std::string("a worker's answer is garbled: ") + e.what();
        }
      }
    }
    if (!failure.empty()) break;
  }
  for (Worker& w : workers) {
    if (w.fd >= 0) continue;  // stopped below
    int status = 0;
    ::waitpid(w.pid, &status, 0);
    w.pid = -1;
    if (!w.tallied && failure.empty()) failure = "a worker process stopped before it finished its games (" + death(status) + ")";
  }
  stop_all(workers);
  if (!failure.empty()) throw CliError(failure);
}

int jobs_wanted(int jobs) {
  if (jobs > 0) return jobs;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores ? static_cast<int>(cores) : 1;
}

Progress::Progress(uint64_t total) : total_(total), tty_(isatty(STDERR_FILENO)), start_(now_seconds()), last_(start_) {}

void Progress::game(bool failed) {
  ++done_;
  errors_ += failed;
  const double now = now_seconds();
  if (now - last_ < (tty_ ? 1.0 : 10.0)) return;
  last_ = now;
  const double rate = static_cast<double>(done_) / (now - start_);
  const double left = rate > 0 ? static_cast<double>(total_ - done_) / rate : 0;
  char eta[48];
  if (left >= 3600) std::snprintf(eta, sizeof eta, "%d h %02d min left", static_cast<int>(left / 3600), static_cast<int>(left / 60) % 60);
  else if (left >= 60) std::snprintf(eta, sizeof eta, "%d min %02d s left", static_cast<int>(left / 60), static_cast<int>(left) % 60);
  else std::snprintf(eta, sizeof eta, "%d s left", static_cast<int>(left + 0.5));
  // Slow games (search seats) run at less than one a second: keep a digit.
  std::fprintf(stderr, "%s%llu/%llu games, %.*f games/s, %s, %llu errors%s", tty_ ? "\r" : "",
               static_cast<unsigned long long>(done_), static_cast<unsigned long long>(total_), rate < 10 ? 2 : 0, rate, eta,
               static_cast<unsigned long long>(errors_), tty_ ? "   " : "\n");
  std::fflush(stderr);
  shown_ = true;
}

void Progress::finish() {
  if (shown_ && tty_) std::fprintf(stderr, "\n");
}

}  // namespace tabula::cli
