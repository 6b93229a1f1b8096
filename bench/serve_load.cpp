// serve_load: many games at once against `tabula serve` (docs/web.md), as
// browsers would play them, and how long the server takes to answer.
//
//   serve_load [--tabula PATH] [--games 100] [--pack connect-four,dungeon-lords]
//              [--seed 1] [--server-threads N] [--bot-threads N]
//
// It starts `tabula serve --port 0 --data <a fresh temporary folder>`, then
// one client thread per game: the thread makes its game (POST /api/games;
// the packs take turns, one human seat driven here and bot seats `random` or
// `greedy` by turns), then loops: GET state (answered at once), and while it
// is not its turn GET state?wait=VERSION (a long poll that returns when the
// bots have moved), then POST choose with a random option, until the game
// is over. Every choose and every state request answered at once is timed
// (microseconds); long polls are timed apart, since they include the bots'
// thinking. At the end every game must be over and its log (GET log) must
// replay hash for hash in this process (and with `tabula replay` for the
// first game of each pack); a lost or corrupted game, or any request that
// failed, makes the exit status 1. Plain main(), not Google Benchmark: it
// measures a server over the network.
#include <httplib.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/io/game_log.h"
#include "core/pack/pack.h"
#include "core/rules/engine.h"
#include "core/state/state.h"
#include "tests/serve_child.h"

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kServerDefaultThreads = 256;  // tabula serve --threads (tools/tabula/common.h)

struct Args {
  std::string tabula = std::string(TABULA_BINARY_DIR) + "/tools/tabula";
  int games = 100;
  std::vector<std::string> packs = {"connect-four", "dungeon-lords"};
  uint64_t seed = 1;
  int server_threads = 0;  // 0: the server's default, or one per game and 16 more when that is more
  int bot_threads = 0;     // 0: the server's default (one per core)
};

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "serve_load: " << why << "\n"
            << "usage: serve_load [--tabula PATH] [--games N] [--pack P1,P2] [--seed S] [--server-threads N] [--bot-threads N]\n";
  std::exit(2);
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string k = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) usage(k + " needs a value");
      return argv[++i];
    };
    auto number = [&](long lo) {
      const std::string v = value();
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end || n < lo) usage(k + ": '" + v + "' is not a number from " + std::to_string(lo));
      return n;
    };
    if (k == "--tabula") a.tabula = value();
    else if (k == "--games") a.games = static_cast<int>(number(1));
    else if (k == "--seed") a.seed = static_cast<uint64_t>(number(0));
    else if (k == "--server-threads") a.server_threads = static_cast<int>(number(4));
    else if (k == "--bot-threads") a.bot_threads = static_cast<int>(number(1));
    else if (k == "--pack") {
      a.packs.clear();
      std::stringstream list(value());
      for (std::string p; std::getline(list, p, ',');)
        if (!p.empty()) a.packs.push_back(p);
      if (a.packs.empty()) usage("--pack: name a pack");
    } else if (k == "-h" || k == "--help") {
      usage("help");
    } else {
      usage("unknown argument '" + k + "'");
    }
  }
  // Each client keeps a connection, which holds one of the server's threads.
  if (a.server_threads == 0 && a.games + 16 > kServerDefaultThreads) a.server_threads = a.games + 16;
  return a;
}

// The server as a child process (tests/serve_child.h), with this run's threads.
std::vector<std::string> serve_args(const Args& a, const fs::path& data) {
  std::vector<std::string> args = {"--data", data.string()};
  if (a.server_threads > 0) args.insert(args.end(), {"--threads", std::to_string(a.server_threads)});
  if (a.bot_threads > 0) args.insert(args.end(), {"--bot-threads", std::to_string(a.bot_threads)});
  return args;
}

// Latencies in microseconds, one list per kind of request.
struct Timings {
  std::vector<int64_t> choose, state, wait;
};

struct Totals {
  std::atomic<long> choices{0}, requests{0}, errors{0}, conflicts{0}, retries{0}, over{0};
};

struct Played {
  std::string id, watch, pack;
  bool over = false;
  std::string error;
};

int64_t micros_since(Clock::time_point t0) {
  return std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count();
}

std::string random_answer(const json& d, std::mt19937_64& rng) {
  const json& opts = d["options"];
  if (!d.contains("pick")) return opts[rng() % opts.size()]["id"].get<std::string>();
  const int lo = d["pick"]["min"].get<int>(), hi = d["pick"]["max"].get<int>();
  const int k = lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1));
  std::vector<size_t> all(opts.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  for (int i = 0; i < k; ++i) std::swap(all[static_cast<size_t>(i)], all[i + rng() % (all.size() - static_cast<size_t>(i))]);
  std::vector<size_t> set(all.begin(), all.begin() + k);
  std::sort(set.begin(), set.end());
  if (set.empty()) return "-";
  std::string ids;
  for (size_t i : set) ids += (ids.empty() ? "" : ",") + opts[i]["id"].get<std::string>();
  return ids;
}

// One game, made and played to its end by one client thread.
void play(int port, int index, const Args& a, Played& out, Timings& t, Totals& totals) {
  httplib::Client c("127.0.0.1", port);
  c.set_keep_alive(true);
  c.set_tcp_nodelay(true);  // as browsers do: a request's headers and body go out at once
  c.set_read_timeout(60, 0);  // a long poll answers within 20 s
  std::mt19937_64 rng(a.seed * 1000003 + static_cast<uint64_t>(index));
  out.pack = a.packs[static_cast<size_t>(index) % a.packs.size()];
  const std::string bot = (index / static_cast<int>(a.packs.size())) % 2 == 0 ? "random" : "greedy";
  // A request, tried again (up to 5 times) when the connection fails.
  int sent = 0;
  auto send = [&](auto&& request) -> httplib::Result {
    for (int attempt = 0;; ++attempt) {
      ++totals.requests;
      ++sent;
      const Clock::time_point t0 = Clock::now();
      httplib::Result r = request();
      if (r || attempt == 4) return r;
      if (totals.retries++ < 5)
        std::cerr << "serve_load: game " << index << ": request " << sent << " tried again after " << httplib::to_string(r.error())
                  << " (" << micros_since(t0) / 1000 << " ms)\n";
      std::this_thread::sleep_for(std::chrono::milliseconds(50 << attempt));
    }
  };
  auto fail = [&](const std::string& what) {
    ++totals.errors;
    out.error = what;
  };
  const json made = {{"pack", out.pack}, {"seats", {"human", bot}}, {"seed", a.seed + static_cast<uint64_t>(index)}};
  httplib::Result r = send([&] { return c.Post("/api/games", made.dump(), "application/json"); });
  if (!r || r->status != 201) return fail("POST /api/games: " + (r ? std::to_string(r->status) + " " + r->body : httplib::to_string(r.error())));
  const json links = json::parse(r->body);
  out.id = links["id"].get<std::string>();
  const std::string link = links["links"]["seats"]["1"].get<std::string>();
  const std::string token = link.substr(link.find("?t=") + 3);
  out.watch = links["links"]["watch"].get<std::string>().substr(links["links"]["watch"].get<std::string>().find("?t=") + 3);
  const std::string state = "/api/games/" + out.id + "/state?seat=1&t=" + token;
  const std::string choose = "/api/games/" + out.id + "/choose";
  bool waiting = false;  // the next state request is a long poll
  uint64_t seen = 0;
  for (int round = 0; round < 1000000; ++round) {
    const std::string path = waiting ? state + "&wait=" + std::to_string(seen) : state;
    const Clock::time_point t0 = Clock::now();
    r = send([&] { return c.Get(path.c_str()); });
    const int64_t us = micros_since(t0);
    if (!r || r->status != 200) return fail("GET state: " + (r ? std::to_string(r->status) + " " + r->body : httplib::to_string(r.error())));
    (waiting ? t.wait : t.state).push_back(us);
    const json st = json::parse(r->body);
    if (st.contains("error")) return fail("the game stopped: " + st["error"].get<std::string>());
    if (st["view"]["over"].get<bool>()) {
      out.over = true;
      ++totals.over;
      return;
    }
    const json* mine = nullptr;
    for (const auto& d : st["view"]["decisions"])
      if (d.contains("options") && d["seat"] == 1) mine = &d;
    seen = st["version"].get<uint64_t>();
    if (!mine) {  // the bots' turn: wait for them
      waiting = true;
      continue;
    }
    waiting = false;
    const json body = {{"seat", 1}, {"t", token}, {"option", random_answer(*mine, rng)}, {"version", seen}, {"confirm", true}};
    const Clock::time_point t1 = Clock::now();
    r = send([&] { return c.Post(choose.c_str(), body.dump(), "application/json"); });
    const int64_t cus = micros_since(t1);
    if (!r) return fail("POST choose: " + httplib::to_string(r.error()));
    if (r->status == 409) {  // a bot chose first (a simultaneous decision): look again
      ++totals.conflicts;
      continue;
    }
    if (r->status != 200) return fail("POST choose: " + std::to_string(r->status) + " " + r->body);
    t.choose.push_back(cus);
    ++totals.choices;
  }
  fail("the game did not end in a million requests");
}

int64_t percentile(std::vector<int64_t>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t i = static_cast<size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

void print_row(const char* kind, std::vector<int64_t> v) {
  std::sort(v.begin(), v.end());
  std::printf("  %-18s %8zu %10lld %10lld %10lld %10lld\n", kind, v.size(), static_cast<long long>(percentile(v, 0.50)),
              static_cast<long long>(percentile(v, 0.90)), static_cast<long long>(percentile(v, 0.99)),
              static_cast<long long>(v.empty() ? 0 : v.back()));
}

// The game's log replayed in this process (every hash and draw compared);
// "" when it matches, else why not.
std::string replay_log(const std::string& text, std::map<std::string, std::unique_ptr<tabula::Engine>>& engines, bool& over) {
  const std::string content = std::string(TABULA_SOURCE_DIR) + "/content";
  tabula::GameLog log;
  try {
    log = tabula::GameLog::from_json(text);
  } catch (const std::exception& err) {
    return std::string("the log does not read: ") + err.what();
  }
  std::string key;
  for (const auto& p : log.packs) key += p + "+";
  auto& engine = engines[key];
  if (!engine) {
    std::vector<std::string> extras;
    for (size_t i = 1; i < log.packs.size(); ++i) extras.push_back(content + "/" + log.packs[i]);
    tabula::LoadResult lr = tabula::load_pack(content + "/" + log.packs.front(), extras, {content});
    if (!lr.ok()) return lr.report();
    engine = std::make_unique<tabula::Engine>(std::move(lr.packs));
  }
  bool end = false;
  const tabula::ReplayReport r = tabula::replay(*engine, log, [&](const tabula::State& s, size_t) { end = s.over; });
  over = end;
  return r.ok ? "" : r.error;
}

}  // namespace

int main(int argc, char** argv) {
  const Args a = parse(argc, argv);
  std::signal(SIGPIPE, SIG_IGN);
  std::string pattern = (fs::temp_directory_path() / "serve-load-XXXXXX").string();
  if (!mkdtemp(pattern.data())) {
    std::cerr << "serve_load: cannot make a temporary folder\n";
    return 1;
  }
  const fs::path tmp = pattern;
  struct Cleanup {
    fs::path p;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(p, ec);
    }
  } cleanup{tmp};

  tabula::ServeChild server(a.tabula, serve_args(a, tmp / "data"), (tmp / "serve.stderr").string());
  if (server.port() <= 0) {
    std::ifstream err(tmp / "serve.stderr");
    std::cerr << "serve_load: tabula serve did not start (" << a.tabula << "): " << err.rdbuf() << "\n";
    return 1;
  }
  std::cerr << "serve_load: " << a.games << " games of " << a.packs.size() << " pack(s) on port " << server.port()
            << " (--threads " << (a.server_threads > 0 ? a.server_threads : kServerDefaultThreads) << ")\n";

  std::vector<Played> played(static_cast<size_t>(a.games));
  std::vector<Timings> timings(static_cast<size_t>(a.games));
  Totals totals;
  const Clock::time_point start = Clock::now();
  std::atomic<bool> done{false};
  std::thread progress([&] {
    Clock::time_point last = Clock::now();
    while (!done) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (Clock::now() - last < std::chrono::seconds(3)) continue;
      last = Clock::now();
      std::cerr << "serve_load: " << micros_since(start) / 1000000 << " s: " << totals.over << "/" << a.games << " games over, "
                << totals.choices << " choices, " << totals.requests << " requests, " << totals.errors << " errors\n";
    }
  });
  std::vector<std::thread> clients;
  for (int i = 0; i < a.games; ++i)
    clients.emplace_back([&, i] { play(server.port(), i, a, played[static_cast<size_t>(i)], timings[static_cast<size_t>(i)], totals); });
  for (auto& t : clients) t.join();
  const double wall = static_cast<double>(micros_since(start)) / 1e6;
  done = true;
  progress.join();

  // Every game over, and its log the same game hash for hash.
  httplib::Client c("127.0.0.1", server.port());
  c.set_read_timeout(60, 0);
  std::map<std::string, std::unique_ptr<tabula::Engine>> engines;
  std::map<std::string, bool> tool_checked;
  int lost = 0, corrupt = 0;
  long logged_choices = 0;
  for (const Played& p : played) {
    if (p.id.empty() || !p.over) {
      ++lost;
      std::cerr << "serve_load: game " << (p.id.empty() ? "(not made)" : p.id) << " (" << p.pack << ") is not over: " << p.error << "\n";
      continue;
    }
    httplib::Result r = c.Get(("/api/games/" + p.id + "/log?t=" + p.watch).c_str());
    if (!r || r->status != 200) {
      ++lost;
      std::cerr << "serve_load: game " << p.id << ": GET log failed\n";
      continue;
    }
    bool over = false;
    const std::string why = replay_log(r->body, engines, over);
    if (!why.empty() || !over) {
      ++corrupt;
      std::cerr << "serve_load: game " << p.id << " (" << p.pack << ") does not replay: " << (why.empty() ? "it does not end" : why) << "\n";
      continue;
    }
    logged_choices += static_cast<long>(tabula::GameLog::from_json(r->body).choices.size());
    if (!tool_checked[p.pack]) {  // and the tool reads the same file
      tool_checked[p.pack] = true;
      const fs::path file = tmp / (p.id + ".log.json");
      std::ofstream(file) << r->body;
      const std::string cmd = "'" + a.tabula + "' replay '" + file.string() + "' > /dev/null 2>&1";
      const int status = std::system(cmd.c_str());
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        ++corrupt;
        std::cerr << "serve_load: game " << p.id << ": `tabula replay` fails on its log\n";
      }
    }
  }
  const int stopped = server.stop(SIGTERM);

  Timings all;
  for (auto& t : timings) {
    all.choose.insert(all.choose.end(), t.choose.begin(), t.choose.end());
    all.state.insert(all.state.end(), t.state.begin(), t.state.end());
    all.wait.insert(all.wait.end(), t.wait.begin(), t.wait.end());
  }
  std::string pack_list;
  for (const auto& p : a.packs) pack_list += (pack_list.empty() ? "" : ",") + p;
  std::printf("serve_load: %d games (%s), seed %llu, server --threads %d, %u cores\n", a.games, pack_list.c_str(),
              static_cast<unsigned long long>(a.seed), a.server_threads > 0 ? a.server_threads : kServerDefaultThreads,
              std::thread::hardware_concurrency());
  std::printf("  games over %ld, lost %d, corrupt %d; person's choices %ld, all choices (logs) %ld\n", totals.over.load(), lost, corrupt,
              totals.choices.load(), logged_choices);
  std::printf("  requests %ld, errors %ld, retried %ld, 409 conflicts %ld\n", totals.requests.load(), totals.errors.load(),
              totals.retries.load(), totals.conflicts.load());
  std::printf("  latency (us)       %8s %10s %10s %10s %10s\n", "count", "p50", "p90", "p99", "max");
  print_row("POST choose", all.choose);
  print_row("GET state", all.state);
  print_row("GET state?wait", all.wait);
  std::printf("  wall %.2f s; %.1f person's choices/s, %.1f choices/s (bots included)\n", wall,
              static_cast<double>(totals.choices.load()) / wall, static_cast<double>(logged_choices) / wall);
  if (stopped != 0) std::fprintf(stderr, "serve_load: tabula serve did not stop cleanly (wait status %d)\n", stopped);
  const bool ok = lost == 0 && corrupt == 0 && totals.errors == 0 && stopped == 0;
  std::printf("serve_load: %s\n", ok ? "OK" : "FAILED");
  return ok ? 0 : 1;
}
