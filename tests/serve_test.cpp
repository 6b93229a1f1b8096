// `tabula serve` over HTTP (docs/web.md): the built tool runs as a child
// process on a free port with a fresh --data folder, and these tests talk to
// it as a browser would, with cpp-httplib's client (the only test file that
// includes it). What they check: the links' tokens, that a game survives a
// killed server, the kernel's undo policy, and, against the kernel itself
// run in-process as the oracle, that no response gives a reader what its
// seat may not know (ENGINE.md invariants 3 and 14).
#include <gtest/gtest.h>
#include <httplib.h>

#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/io/game_log.h"
#include "core/pack/pack.h"
#include "core/rules/engine.h"
#include "core/rules/subset.h"
#include "tests/serve_child.h"
#include "tests/tool_run.h"

using namespace tabula;
using namespace tabula::testing_support;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string kContent = std::string(TABULA_SOURCE_DIR) + "/content";

// A folder of its own under the system's temporary folder, removed at the end.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "tabula-serve-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) ADD_FAILURE() << "mkdtemp failed";
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// `tabula serve --port 0 --data DIR` as a child process (tests/serve_child.h),
// with an HTTP client for it.
class ServeProcess {
 public:
  ServeProcess(const fs::path& data, const fs::path& stderr_file)
      : child_(tabula_tool(), {"--data", data.string(), "--threads", "16"}, stderr_file.string()), err_(stderr_file) {}

  int port() const { return child_.port(); }
  const std::string& first_line() const { return child_.first_line(); }
  std::string stderr_text() const { return read_file(err_); }
  int stop(int sig) { return child_.stop(sig); }
  std::unique_ptr<httplib::Client> client() const {
    auto c = std::make_unique<httplib::Client>("127.0.0.1", child_.port());
    c->set_read_timeout(60, 0);  // a long poll answers within 20 s
    return c;
  }

 private:
  ServeChild child_;
  fs::path err_;
};

struct Reply {
  int status = -1;  // -1: no answer (the connection failed)
  std::string text;
  json body;  // the JSON body, or null
};

Reply answer(const httplib::Result& r) {
  Reply out;
  if (!r) {
    out.text = "no answer: " + httplib::to_string(r.error());
    return out;
  }
  out.status = r->status;
  out.text = r->body;
  out.body = json::parse(r->body, nullptr, false);
  if (out.body.is_discarded()) out.body = nullptr;
  return out;
}

Reply get(httplib::Client& c, const std::string& path) { return answer(c.Get(path.c_str())); }
Reply post(httplib::Client& c, const std::string& path, const json& body) {
  return answer(c.Post(path.c_str(), body.dump(), "application/json"));
}

// A game made by POST /api/games, with the tokens of its links.
struct Game {
  std::string id;
  std::map<int, std::string> seat;  // seat (from 1) -> its token
  std::string watch, table;
};

std::string token_of(const std::string& link) {
  const size_t at = link.find("?t=");
  return at == std::string::npos ? "" : link.substr(at + 3);
}

Game create(httplib::Client& c, const json& request) {
  Game g;
  Reply r = post(c, "/api/games", request);
  EXPECT_EQ(r.status, 201) << request.dump() << " -> " << r.text;
  if (r.status != 201 || !r.body.is_object()) return g;
  g.id = r.body["id"].get<std::string>();
  for (const auto& [seat, link] : r.body["links"]["seats"].items()) g.seat[std::stoi(seat)] = token_of(link.get<std::string>());
  g.watch = token_of(r.body["links"]["watch"].get<std::string>());
  if (r.body["links"].contains("table")) g.table = token_of(r.body["links"]["table"].get<std::string>());
  return g;
}

std::string state_path(const Game& g, int seat, const std::string& token) {
  return "/api/games/" + g.id + "/state?seat=" + std::to_string(seat) + "&t=" + token;
}

// The kernel in this process, playing the same game as the server: the
// packs of the game's log, its start, and the choices made so far.
struct Oracle {
  std::unique_ptr<Engine> engine;
  State s;
  GameLog log;
  std::string error;
};

std::unique_ptr<Engine> engine_for(const GameLog& log, std::string& error) {
  std::vector<std::string> extras;
  for (size_t i = 1; i < log.packs.size(); ++i) extras.push_back(kContent + "/" + log.packs[i]);
  LoadResult r = load_pack(kContent + "/" + log.packs.front(), extras, {kContent});
  if (!r.ok()) {
    error = r.report();
    return nullptr;
  }
  return std::make_unique<Engine>(std::move(r.packs));
}

// Replays `log_text` (GET /api/games/ID/log) on `o.engine` (loaded when
// missing): o.s is the state after its last choice.
bool replay_into(Oracle& o, const std::string& log_text) {
  try {
    o.log = GameLog::from_json(log_text);
  } catch (const std::exception& err) {
    o.error = std::string("the log does not read: ") + err.what();
    return false;
  }
  if (!o.engine) o.engine = engine_for(o.log, o.error);
  if (!o.engine) return false;
  const ReplayReport r = replay(*o.engine, o.log, [&](const State& at, size_t) { o.s = at; });
  if (!r.ok) o.error = "the log does not replay: " + r.error;
  return r.ok;
}

// A uniformly random legal answer to `d`: an option, or for a set a random
// size within its bounds and a random set of that size, as Engine::apply reads it.
std::string random_answer(const Decision& d, std::mt19937_64& rng) {
  if (!d.subset()) return d.options[rng() % d.options.size()].id;
  const int lo = d.pick_min, hi = d.most();
  const int k = lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1));
  std::vector<size_t> all(d.options.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  for (int i = 0; i < k; ++i) std::swap(all[static_cast<size_t>(i)], all[i + rng() % (all.size() - static_cast<size_t>(i))]);
  std::vector<size_t> set(all.begin(), all.begin() + k);
  std::sort(set.begin(), set.end());
  return subset_id(d, set);
}

// The same for a decision as the page shows it (view.decisions[i]).
std::string random_answer(const json& decision, std::mt19937_64& rng) {
  const json& opts = decision["options"];
  if (!decision.contains("pick")) return opts[rng() % opts.size()]["id"].get<std::string>();
  const int lo = decision["pick"]["min"].get<int>(), hi = decision["pick"]["max"].get<int>();
  const int k = lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1));
  std::vector<size_t> all(opts.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  for (int i = 0; i < k; ++i) std::swap(all[static_cast<size_t>(i)], all[i + rng() % (all.size() - static_cast<size_t>(i))]);
  std::vector<size_t> set(all.begin(), all.begin() + k);
  std::sort(set.begin(), set.end());
  if (set.empty()) return std::string(kEmptySubset);
  std::string ids;
  for (size_t i : set) ids += (ids.empty() ? "" : ",") + opts[i]["id"].get<std::string>();
  return ids;
}

// j[key], or null when j is not an object with that key (a const json's
// operator[] may not be asked for a missing key).
const json& field(const json& j, const char* key) {
  static const json none;
  if (!j.is_object()) return none;
  auto it = j.find(key);
  return it == j.end() ? none : *it;
}

// The seat's open decision with its options in a state response, or null.
const json* my_decision(const json& state) {
  for (const auto& d : field(field(state, "view"), "decisions"))
    if (d.contains("options") && field(d, "seat") == field(state, "seat")) return &d;
  return nullptr;
}

json without_journal(json view) {
  view.erase("journal");
  return view;
}

}  // namespace

// docs/web.md "Links and tokens": each seat's link opens that seat only,
// the table's every human seat and no bot's; a missing or wrong token gets
// 403 and nothing else, on every route that takes one. ENGINE.md invariant
// 3: the onlooker sees no decision's options.
TEST(Serve, WrongOrMissingTokenIs403) {
  TempDir tmp;
  ServeProcess server(tmp.path() / "data", tmp.path() / "stderr.txt");
  ASSERT_GT(server.port(), 0) << "tabula serve did not start: " << server.stderr_text();
  auto c = server.client();
  // Two human seats and a bot: the table opens seats 1 and 2, not 3.
  const Game g = create(*c, {{"pack", "dungeon-lords"}, {"seats", {"human", "human", "random"}}, {"seed", 3}});
  ASSERT_FALSE(g.id.empty());
  ASSERT_EQ(g.seat.size(), 2u);
  ASSERT_FALSE(g.table.empty()) << "two human seats make a table link";
  const std::string api = "/api/games/" + g.id;
  const std::string wrong = std::string(32, '0');

  // Which token opens which seat (0: the onlooker), on every route that reads.
  struct Case {
    std::string who, token;
    std::set<int> opens;  // seats it opens, besides the onlooker's view
  };
  const std::vector<Case> cases = {
      {"seat 1's token", g.seat.at(1), {1}},
      {"seat 2's token", g.seat.at(2), {2}},
      {"the table's token", g.table, {1, 2}},
      {"the onlooker's token", g.watch, {}},
      {"a wrong token", wrong, {}},
      {"no token", "", {}},
  };
  // The events stream never ends when it opens: its status is read, then it is cut.
  auto events_status = [&](const std::string& path) {
    int status = -1;
    c->Get(
        path.c_str(),
        [&](const httplib::Response& r) {
          status = r.status;
          return r.status == 200;
        },
        [&](const char*, size_t) { return false; });
    return status;
  };
  for (const Case& k : cases) {
    const bool any = k.token == g.seat.at(1) || k.token == g.seat.at(2) || k.token == g.table || k.token == g.watch;
    for (int seat = 0; seat <= 3; ++seat) {
      // The onlooker's view (seat 0) opens with any token of the game: it shows
      // only what every seat may see (docs/web.md, GET log "for any token").
      const bool opens = seat == 0 ? any : k.opens.count(seat) > 0;
      const int want = opens ? 200 : 403;
      const std::string q = "?seat=" + std::to_string(seat) + (k.token.empty() ? "" : "&t=" + k.token);
      const std::string where = k.who + ", seat " + std::to_string(seat) + ": ";
      Reply st = get(*c, api + "/state" + q);
      EXPECT_EQ(st.status, want) << where << "GET state: " << st.text;
      if (want == 403) {
        EXPECT_TRUE(st.body.is_object() && st.body.size() == 1 && st.body.contains("error")) << where << "403 says nothing else: " << st.text;
      } else {
        EXPECT_EQ(st.body["seat"], seat) << where;
      }
      Reply rp = get(*c, api + "/replay" + q + "&step=0");
      EXPECT_EQ(rp.status, want) << where << "GET replay: " << rp.text;
      EXPECT_EQ(events_status(api + "/events" + q), want) << where << "GET events";
      if (seat > 0) {
        Reply page = get(*c, "/game/" + g.id + "/seat/" + std::to_string(seat) + (k.token.empty() ? "" : "?t=" + k.token));
        EXPECT_EQ(page.status, want) << where << "the seat's page";
        // A choice or an undo with a token that does not open the seat: 403
        // before anything else is asked (the version here is stale on purpose).
        json body = {{"seat", seat}, {"option", "x"}, {"version", 999999}};
        if (!k.token.empty()) body["t"] = k.token;
        Reply ch = post(*c, api + "/choose", body);
        EXPECT_EQ(ch.status, opens ? 409 : 403) << where << "POST choose (409: a stale version): " << ch.text;
        body.erase("option");
        body.erase("version");
        Reply un = post(*c, api + "/undo", body);
        EXPECT_EQ(un.status, opens ? 409 : 403) << where << "POST undo (409: nothing to take back): " << un.text;
      }
    }
    Reply whole = get(*c, api + "/log" + (k.token.empty() ? "" : "?t=" + k.token));
    EXPECT_EQ(whole.status, any ? 200 : 403) << k.who << ": GET log";
    Reply table = get(*c, "/game/" + g.id + "/table" + (k.token.empty() ? "" : "?t=" + k.token));
    EXPECT_EQ(table.status, k.token == g.table ? 200 : 403) << k.who << ": the table's page";
    Reply watch = get(*c, "/game/" + g.id + "/watch" + (k.token.empty() ? "" : "?t=" + k.token));
    EXPECT_EQ(watch.status, any ? 200 : 403) << k.who << ": the onlooker's page";
  }
  // The onlooker is not a seat: it neither chooses nor takes back.
  EXPECT_EQ(post(*c, api + "/choose", {{"seat", 0}, {"t", g.watch}, {"option", "x"}, {"version", 0}}).status, 403);
  EXPECT_EQ(post(*c, api + "/undo", {{"seat", 0}, {"t", g.watch}}).status, 403);
  // No refused request chose: every choice in the log is the bot's (seat 3).
  Reply log = get(*c, api + "/log?t=" + g.watch);
  ASSERT_EQ(log.status, 200);
  for (const auto& choice : GameLog::from_json(log.text).choices) EXPECT_EQ(choice.seat, 2) << "a person's seat chose: " << choice.option;
  Reply st = get(*c, state_path(g, 0, g.watch));
  ASSERT_EQ(st.status, 200);
  // The onlooker sees that seats decide, never their options (ENGINE.md 3).
  ASSERT_FALSE(st.body["view"]["decisions"].empty());
  for (const auto& d : st.body["view"]["decisions"]) {
    EXPECT_FALSE(d.contains("options")) << "the onlooker sees seat " << d["seat"] << "'s options: " << d.dump();
    EXPECT_FALSE(d.contains("pick")) << d.dump();
  }
  // And a seat sees its own options and none of another's.
  Reply s1 = get(*c, state_path(g, 1, g.seat.at(1)));
  for (const auto& d : s1.body["view"]["decisions"]) {
    if (d["seat"] != 1) {
      EXPECT_FALSE(d.contains("options")) << "seat 1 sees seat " << d["seat"] << "'s options";
    }
  }
  EXPECT_EQ(get(*c, "/api/games/nosuchgame/state?seat=1&t=" + g.seat.at(1)).status, 404);
  EXPECT_EQ(server.stop(SIGTERM), 0) << server.stderr_text();
}

namespace {

// Plays seat 1 (a person) at random until `stop` says so before a choice, or
// the game is over; the bots play on the server's workers. Returns the last
// state seen.
json play_seat1(httplib::Client& c, const Game& g, std::mt19937_64& rng, int& made,
                const std::function<bool(const json& state, const std::string& option)>& stop = {}) {
  uint64_t seen = UINT64_MAX;
  int still = 0;  // long polls in a row that saw no change
  json last;
  for (int round = 0; round < 100000; ++round) {
    Reply r = get(c, state_path(g, 1, g.seat.at(1)) + (seen == UINT64_MAX ? "" : "&wait=" + std::to_string(seen)));
    if (r.status != 200) {
      ADD_FAILURE() << "GET state: " << r.status << " " << r.text;
      return last;
    }
    last = r.body;
    if (last.contains("error")) {
      ADD_FAILURE() << "the game stopped: " << last["error"];
      return last;
    }
    if (last["view"]["over"].get<bool>()) return last;
    const json* d = my_decision(last);
    if (!d) {  // the bots' turn
      const uint64_t now = last["version"].get<uint64_t>();
      still = now == seen ? still + 1 : 0;
      if (still == 3) {
        ADD_FAILURE() << "the bots do not move: three long polls at version " << now << ", turn " << last["turn"];
        return last;
      }
      seen = now;
      continue;
    }
    const std::string option = random_answer(*d, rng);
    if (stop && stop(last, option)) return last;
    Reply ch = post(c, "/api/games/" + g.id + "/choose",
                          {{"seat", 1}, {"t", g.seat.at(1)}, {"option", option}, {"version", last["version"]}, {"confirm", true}});
    if (ch.status == 409) {  // a bot chose at the same time (a simultaneous decision)
      seen = UINT64_MAX;
      continue;
    }
    if (ch.status != 200) {
      ADD_FAILURE() << "POST choose " << option << ": " << ch.status << " " << ch.text;
      return last;
    }
    ++made;
    seen = UINT64_MAX;
  }
  ADD_FAILURE() << "the game did not end";
  return last;
}

}  // namespace

// docs/web.md: "Every game is saved under --data after every choice, so a
// server killed and started again goes on with every game"; room_file.h: a
// line cut short by a kill is dropped when the file is read, and said so.
TEST(Serve, AGameSurvivesAKill) {
  TempDir tmp;
  const fs::path data = tmp.path() / "data";
  auto server = std::make_unique<ServeProcess>(data, tmp.path() / "stderr1.txt");
  ASSERT_GT(server->port(), 0) << server->stderr_text();
  auto c = server->client();
  const Game g = create(*c, {{"pack", "dungeon-lords"}, {"seats", {"human", "random", "random"}}, {"seed", 11}});
  ASSERT_FALSE(g.id.empty());
  std::mt19937_64 rng(11);
  int made = 0;

  // The kill comes right after a choice of seat 1 that leaves seat 1 alone
  // to choose again: no bot moves between the answer and the kill, so the
  // state the kill must keep is known (the kernel, in this process, makes
  // the same choice on the game's log).
  Oracle o;
  json before_kill;
  std::string kill_option;
  play_seat1(*c, g, rng, made, [&](const json& st, const std::string& option) {
    if (made < 10 || st["turn"] != json::array({1})) return false;
    Reply log = get(*c, "/api/games/" + g.id + "/log?t=" + g.watch);
    if (!replay_into(o, log.text)) return false;
    State after = o.s;
    if (!o.engine->apply(after, 0, option).ok || after.over || after.pending.size() != 1 || after.pending[0].seat != 0)
      return false;
    before_kill = st;
    kill_option = option;
    return true;
  });
  ASSERT_TRUE(o.error.empty()) << o.error;
  ASSERT_FALSE(kill_option.empty()) << "seat 1 never chose twice in a row in " << made << " choices";
  ASSERT_TRUE(o.engine->apply(o.s, 0, kill_option).ok);
  Reply ch = post(*c, "/api/games/" + g.id + "/choose",
                        {{"seat", 1}, {"t", g.seat.at(1)}, {"option", kill_option}, {"version", before_kill["version"]}, {"confirm", true}});
  ASSERT_EQ(ch.status, 200) << ch.text;
  const int status = server->stop(SIGKILL);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  const uint64_t version = ch.body["version"].get<uint64_t>();

  // Started again on the same folder: the game, its version and its state.
  server = std::make_unique<ServeProcess>(data, tmp.path() / "stderr2.txt");
  ASSERT_GT(server->port(), 0) << server->stderr_text();
  EXPECT_TRUE(has(server->first_line(), "1 resumed")) << server->first_line();
  c = server->client();
  Reply st = get(*c, state_path(g, 1, g.seat.at(1)));
  ASSERT_EQ(st.status, 200) << st.text;
  EXPECT_EQ(st.body["version"].get<uint64_t>(), version) << "the version after the restart";
  EXPECT_EQ(without_journal(st.body["view"]), without_journal(json::parse(o.engine->view_json(o.s, 0, "en"))))
      << "seat 1's view after the restart is not the state the answered choice made";
  // The story is told again from the file: what was read before the kill comes first.
  const json& story = st.body["view"]["journal"];
  const json& old_story = before_kill["view"]["journal"];
  ASSERT_GE(story.size(), old_story.size());
  EXPECT_TRUE(std::equal(old_story.begin(), old_story.end(), story.begin())) << "the story before the kill changed";
  EXPECT_EQ(server->stop(SIGTERM), 0) << server->stderr_text();

  // The last line cut short (the kill came while it was written): the game
  // resumes without that choice, and says so.
  const fs::path file = data / (g.id + ".jsonl");
  ASSERT_TRUE(fs::exists(file));
  const auto size = fs::file_size(file);
  fs::resize_file(file, size - 5);
  server = std::make_unique<ServeProcess>(data, tmp.path() / "stderr3.txt");
  ASSERT_GT(server->port(), 0) << server->stderr_text();
  c = server->client();
  st = get(*c, state_path(g, 1, g.seat.at(1)));
  ASSERT_EQ(st.status, 200) << st.text;
  EXPECT_TRUE(has(server->stderr_text(), "was cut short and is dropped")) << "stderr: " << server->stderr_text();
  EXPECT_EQ(st.body["version"].get<uint64_t>(), version - 1);
  EXPECT_EQ(st.body["view"], before_kill["view"]) << "the game without its cut line is the game before that choice";
  EXPECT_LT(fs::file_size(file), size - 5) << "the cut line is gone from the file";

  // And it goes on to the end, and its log replays hash for hash.
  const json end = play_seat1(*c, g, rng, made);
  ASSERT_TRUE(end["view"]["over"].get<bool>());
  Oracle fin;
  EXPECT_TRUE(replay_into(fin, get(*c, "/api/games/" + g.id + "/log?t=" + g.seat.at(1)).text)) << fin.error;
  EXPECT_TRUE(fin.s.over);
  const uint64_t end_version = end["version"].get<uint64_t>();
  EXPECT_EQ(server->stop(SIGTERM), 0) << server->stderr_text();
  // Once more after the end: nothing moves.
  server = std::make_unique<ServeProcess>(data, tmp.path() / "stderr4.txt");
  ASSERT_GT(server->port(), 0) << server->stderr_text();
  c = server->client();
  st = get(*c, state_path(g, 1, g.seat.at(1)));
  EXPECT_EQ(st.body["version"].get<uint64_t>(), end_version);
  EXPECT_EQ(st.body["view"], end["view"]);
  EXPECT_EQ(server->stop(SIGTERM), 0) << server->stderr_text();
}

// docs/web.md POST undo, "by the kernel's undo policy" (docs/architecture.md,
// "Undo"; core/rules/undo.h): a seat takes back its own latest choice until
// another seat chose; then 409 with the reason, which the state also gives.
TEST(Serve, UndoFollowsTheKernelsPolicy) {
  TempDir tmp;
  ServeProcess server(tmp.path() / "data", tmp.path() / "stderr.txt");
  ASSERT_GT(server.port(), 0) << server.stderr_text();
  auto c = server.client();
  const Game g = create(*c, {{"pack", "connect-four"}, {"seats", {"human", "human"}}, {"seed", 1}});
  ASSERT_EQ(g.seat.size(), 2u);
  const std::string api = "/api/games/" + g.id;
  auto choose = [&](int seat, const std::string& option) {
    Reply st = get(*c, state_path(g, seat, g.seat.at(seat)));
    return post(*c, api + "/choose", {{"seat", seat}, {"t", g.seat.at(seat)}, {"option", option}, {"version", st.body["version"]}});
  };
  auto undo = [&](int seat) { return post(*c, api + "/undo", {{"seat", seat}, {"t", g.seat.at(seat)}}); };

  Reply start = get(*c, state_path(g, 1, g.seat.at(1)));
  ASSERT_EQ(start.status, 200);
  EXPECT_FALSE(start.body["undo"]["can"].get<bool>());
  ASSERT_EQ(choose(1, "4").status, 200);
  Reply st = get(*c, state_path(g, 1, g.seat.at(1)));
  EXPECT_TRUE(st.body["undo"]["can"].get<bool>()) << st.body["undo"];
  Reply back = undo(1);
  ASSERT_EQ(back.status, 200) << back.text;
  st = get(*c, state_path(g, 1, g.seat.at(1)));
  EXPECT_EQ(st.body["choices"], 0);
  EXPECT_EQ(st.body["view"]["vars"], start.body["view"]["vars"]) << "the board is as it was";
  EXPECT_EQ(st.body["turn"], json::array({1}));
  EXPECT_EQ(st.body["version"], 2) << "a choice and its undo are two changes";

  ASSERT_EQ(choose(1, "4").status, 200);
  ASSERT_EQ(choose(2, "3").status, 200);
  st = get(*c, state_path(g, 1, g.seat.at(1)));
  EXPECT_FALSE(st.body["undo"]["can"].get<bool>());
  const std::string why = st.body["undo"]["why"].get<std::string>();
  EXPECT_TRUE(has(why, "2")) << "the reason names seat 2, who chose since: " << why;
  Reply refused = undo(1);
  EXPECT_EQ(refused.status, 409) << refused.text;
  EXPECT_EQ(refused.body["error"], why) << "the refusal gives the reason the state gives";
  EXPECT_EQ(get(*c, state_path(g, 1, g.seat.at(1))).body["choices"], 2) << "nothing was taken back";
  // Seat 2 may take back its own.
  EXPECT_EQ(undo(2).status, 200);
  EXPECT_EQ(get(*c, state_path(g, 2, g.seat.at(2))).body["choices"], 1);
  EXPECT_EQ(server.stop(SIGTERM), 0) << server.stderr_text();
}

// docs/web.md "choose": a page that drew a seat's question may answer it
// while the question stands, though other seats chose meanwhile (Dungeon
// Lords' orders are chosen by every seat at once, in secret); an answer to
// a question the seat no longer has, such as a second click, is 409.
TEST(Serve, AQuestionThatStillStandsMayBeAnsweredFromAnOlderPage) {
  TempDir tmp;
  ServeProcess server(tmp.path() / "data", tmp.path() / "stderr.txt");
  ASSERT_GT(server.port(), 0) << server.stderr_text();
  auto c = server.client();
  const Game g = create(*c, {{"pack", "dungeon-lords"}, {"seats", {"human", "human", "human"}}, {"seed", 3}});
  ASSERT_EQ(g.seat.size(), 3u);
  const std::string api = "/api/games/" + g.id;
  Reply seen = get(*c, state_path(g, 1, g.seat.at(1)));
  ASSERT_EQ(seen.status, 200);
  const json* mine = my_decision(seen.body);
  ASSERT_NE(mine, nullptr) << "seat 1 has a question at the start";
  const json old_version = seen.body["version"];
  const std::string option = (*mine)["options"][0]["id"].get<std::string>();
  // Seat 2 answers its own question first: the version moves on.
  Reply two = get(*c, state_path(g, 2, g.seat.at(2)));
  const json* theirs = my_decision(two.body);
  ASSERT_NE(theirs, nullptr);
  ASSERT_EQ(post(*c, api + "/choose", {{"seat", 2}, {"t", g.seat.at(2)}, {"option", (*theirs)["options"][0]["id"]}, {"version", two.body["version"]}}).status, 200);
  ASSERT_NE(get(*c, state_path(g, 1, g.seat.at(1))).body["version"], old_version);
  // Seat 1's page, drawn before, answers the question it still has.
  Reply first = post(*c, api + "/choose", {{"seat", 1}, {"t", g.seat.at(1)}, {"option", option}, {"version", old_version}});
  EXPECT_EQ(first.status, 200) << first.text;
  // The same click again is not an answer to seat 1's next question.
  Reply again = post(*c, api + "/choose", {{"seat", 1}, {"t", g.seat.at(1)}, {"option", option}, {"version", old_version}});
  EXPECT_EQ(again.status, 409) << again.text;
  EXPECT_EQ(get(*c, state_path(g, 1, g.seat.at(1))).body["choices"], 2) << "two choices were made, not three";
  // docs/web.md GET state, `&lines=N`: the story's last N lines, and how many were left out.
  const json all = get(*c, state_path(g, 1, g.seat.at(1))).body;
  const json last = get(*c, state_path(g, 1, g.seat.at(1)) + "&lines=2").body;
  const json& lines = all["view"]["journal"];
  ASSERT_GT(lines.size(), 2u);
  EXPECT_EQ(all["journal_from"], 0);
  EXPECT_EQ(last["journal_from"], lines.size() - 2);
  EXPECT_EQ(last["view"]["journal"], json({lines[lines.size() - 2], lines[lines.size() - 1]}));
  EXPECT_EQ(last["causes"].size(), 2u);
  EXPECT_EQ(server.stop(SIGTERM), 0) << server.stderr_text();
}

// docs/web.md GET replay: "the view of seat N after K choices of the game's
// log". A choice taken back and made otherwise changes the log; the replay
// shows the log as it is, not a copy kept from before the undo.
TEST(Serve, ReplayAfterAnUndoShowsTheNewChoices) {
  TempDir tmp;
  ServeProcess server(tmp.path() / "data", tmp.path() / "stderr.txt");
  ASSERT_GT(server.port(), 0) << server.stderr_text();
  auto c = server.client();
  const Game g = create(*c, {{"pack", "connect-four"}, {"seats", {"human", "human"}}, {"seed", 1}});
  ASSERT_EQ(g.seat.size(), 2u);
  const std::string api = "/api/games/" + g.id;
  auto choose = [&](int seat, const std::string& option) {
    Reply st = get(*c, state_path(g, seat, g.seat.at(seat)));
    return post(*c, api + "/choose", {{"seat", seat}, {"t", g.seat.at(seat)}, {"option", option}, {"version", st.body["version"]}});
  };
  auto replay_at = [&](int step) {
    return get(*c, api + "/replay?seat=1&t=" + g.seat.at(1) + "&step=" + std::to_string(step));
  };
  ASSERT_EQ(choose(1, "1").status, 200);
  ASSERT_EQ(replay_at(1).status, 200);  // the replay viewer is now after choice 1
  ASSERT_EQ(post(*c, api + "/undo", {{"seat", 1}, {"t", g.seat.at(1)}}).status, 200);
  ASSERT_EQ(choose(1, "7").status, 200);
  ASSERT_EQ(choose(2, "6").status, 200);
  Reply now = get(*c, state_path(g, 1, g.seat.at(1)));
  Reply r = replay_at(2);
  ASSERT_EQ(r.status, 200) << r.text;
  EXPECT_EQ(r.body["view"], now.body["view"]) << "the replay of the last step is the game now";
  EXPECT_EQ(server.stop(SIGTERM), 0) << server.stderr_text();
}

namespace {

// --- the secrecy sweep -------------------------------------------------------

struct SweepCounts {
  int games = 0;
  long steps = 0, checked_steps = 0, responses = 0, replays = 0;
  long secret_choices = 0, set_choices = 0;  // choices of those kinds made
  long hidden = 0;  // entities in play a reader did not know, summed over the views checked
};

// One game with every seat a person's, played through the API at random
// while the kernel in this process plays the same choices; at every step
// checked, every seat's and the onlooker's response is held against what
// the kernel says that reader may know.
class Sweep {
 public:
  Sweep(httplib::Client& c, std::string name, SweepCounts& counts) : c_(c), name_(std::move(name)), counts_(counts) {}

  void play(const std::string& pack, const std::vector<std::string>& with, int seats, uint64_t seed) {
    std::vector<std::string> kinds(static_cast<size_t>(seats), "human");
    g_ = create(c_, {{"pack", pack}, {"with", with}, {"seats", kinds}, {"seed", seed}});
    ASSERT_FALSE(g_.id.empty()) << name_;
    ASSERT_EQ(static_cast<int>(g_.seat.size()), seats);
    Reply log = get(c_, "/api/games/" + g_.id + "/log?t=" + g_.watch);
    ASSERT_TRUE(replay_into(o_, log.text)) << name_ << ": " << o_.error;
    Engine& e = *o_.engine;
    seats_ = seats;
    for (int lang = 0; lang < 2; ++lang) {
      private_[lang].assign(static_cast<size_t>(seats), {});
      public_[lang].assign(static_cast<size_t>(seats) + 1, {});
      lines_[lang].assign(static_cast<size_t>(seats) + 1, {});
    }
    secret_made_.assign(static_cast<size_t>(seats), 0);
    remember_journal();
    std::mt19937_64 rng(seed);
    uint64_t version = 0;
    size_t step = 0;
    for (;; ++step) {
      const bool full = step < 300 || step % 10 == 0 || o_.s.over;
      if (full) {
        check_readers(step, version, step % 25 == 0 || o_.s.over);
        if (::testing::Test::HasFatalFailure() || failures_ > 20) return;
        ++counts_.checked_steps;
      }
      if (o_.s.over) break;
      ASSERT_LT(step, 200000u) << name_ << ": the game does not end";
      ASSERT_FALSE(o_.s.pending.empty()) << name_ << " step " << step << ": no decision open and not over";
      const Decision& d = o_.s.pending[rng() % o_.s.pending.size()];
      const int seat = d.seat;
      const std::string option = random_answer(d, rng);
      last_secret_ = d.secret;
      last_seat_ = seat;
      counts_.set_choices += d.subset();  // (d is gone once the choice is applied)
      Reply ch = post(c_, "/api/games/" + g_.id + "/choose",
                            {{"seat", seat + 1}, {"t", g_.seat.at(seat + 1)}, {"option", option}, {"version", version}, {"confirm", true}});
      ASSERT_EQ(ch.status, 200) << name_ << " step " << step << ": seat " << seat + 1 << " chose " << option << ": " << ch.text;
      version = ch.body["version"].get<uint64_t>();
      const ApplyResult r = e.apply(o_.s, seat, option);
      ASSERT_TRUE(r.ok) << name_ << " step " << step << ": the kernel refuses " << option << ": " << r.error;
      if (last_secret_) ++secret_made_[static_cast<size_t>(seat)];
      counts_.secret_choices += last_secret_;
      made_.push_back({seat, last_secret_});
      remember_journal();
      ++counts_.steps;
    }
    // The server's log is the same game, hash for hash.
    const GameLog server_log = GameLog::from_json(get(c_, "/api/games/" + g_.id + "/log?t=" + g_.watch).text);
    ASSERT_EQ(server_log.choices.size(), step) << name_;
    if (step > 0) {
      EXPECT_EQ(server_log.choices.back().hash_after, o_.s.hash()) << name_;
    }
    replay_history(rng);
    ++counts_.games;
  }

 private:
  // The texts of this step's journal lines: each seat's own lines as that
  // seat reads them, and the public lines as each reader reads them.
  void remember_journal() {
    for (int lang = 0; lang < 2; ++lang) remember_journal(lang);
  }
  void remember_journal(int lang_index) {
    Engine& e = *o_.engine;
    const char* lang = kLang[lang_index];
    auto& lines = lines_[lang_index];
    auto& privates = private_[lang_index];
    auto& publics = public_[lang_index];
    for (const auto& l : o_.s.journal) {
      // The kernel's lines each reader may read, in order, with their causes
      // as the server sends them (docs/web.md, "causes").
      for (int reader = -1; reader < seats_; ++reader) {
        if (l.seat >= 0 && l.seat != reader) continue;
        const LineCause c = e.cause(o_.s, l, lang, reader);
        json cause = nullptr;
        if (c.told) {
          cause = {{"rule", c.rule}, {"layer", c.layer}};
          if (!c.card.empty()) cause["card"] = {{"name", c.card}, {"def", c.card_def}, {"layer", c.card_layer}};
        }
        lines[static_cast<size_t>(reader + 1)].push_back({e.render_line(o_.s, l, lang, reader), cause});
      }
      if (l.seat >= 0) {
        privates[static_cast<size_t>(l.seat)].insert(e.render_line(o_.s, l, lang, l.seat));
      } else {
        for (int reader = -1; reader < seats_; ++reader) publics[static_cast<size_t>(reader + 1)].insert(e.render_line(o_.s, l, lang, reader));
      }
    }
  }

  std::string who(int reader) const { return reader < 0 ? "the onlooker" : "seat " + std::to_string(reader + 1); }

  void fail(size_t step, int reader, const std::string& what) {
    ++failures_;
    ADD_FAILURE() << name_ << " (game " << g_.id << "), step " << step << ", " << who(reader) << ": " << what;
  }

  void check_readers(size_t step, uint64_t version, bool replay_too) {
    for (int reader = -1; reader < seats_; ++reader) {
      const std::string token = reader < 0 ? g_.watch : g_.seat.at(reader + 1);
      Reply st = get(c_, state_path(g_, reader + 1, token));
      ++counts_.responses;
      if (st.status != 200) return fail(step, reader, "GET state: " + std::to_string(st.status) + " " + st.text);
      if (st.body["version"].get<uint64_t>() != version) fail(step, reader, "version " + st.body["version"].dump() + ", not " + std::to_string(version));
      check_view(step, reader, st.body["view"], st.body["causes"], "GET state", 0);
      shown_[{step, reader}] = std::hash<std::string>{}(st.body["view"].dump() + st.body["causes"].dump());
      if (!replay_too) continue;
      // The replay of this step reads as the state does, and a secret
      // choice of another seat says only that it was made.
      Reply rp = get(c_, "/api/games/" + g_.id + "/replay?seat=" + std::to_string(reader + 1) + "&t=" + token + "&step=" + std::to_string(step));
      ++counts_.responses;
      ++counts_.replays;
      if (rp.status != 200) return fail(step, reader, "GET replay: " + std::to_string(rp.status) + " " + rp.text);
      check_view(step, reader, rp.body["view"], rp.body["causes"], "GET replay", 0);
      // And in Czech: the story is kept per reader and language.
      Reply cs = get(c_, state_path(g_, reader + 1, token) + "&lang=cs");
      ++counts_.responses;
      if (cs.status != 200) return fail(step, reader, "GET state in Czech: " + std::to_string(cs.status) + " " + cs.text);
      check_view(step, reader, cs.body["view"], cs.body["causes"], "GET state?lang=cs", 1);
      if (rp.body["view"] != st.body["view"]) fail(step, reader, "the replay of the last step differs from the state");
      if (rp.body["causes"] != st.body["causes"]) fail(step, reader, "the replay's causes differ from the state's");
      if (step > 0 && last_secret_ && last_seat_ != reader) {
        const json& chose = rp.body["chose"];
        if (!chose.is_object() || chose.value("secret", false) != true || chose.contains("label") || chose.contains("prompt"))
          fail(step, reader, "the replay tells seat " + std::to_string(last_seat_ + 1) + "'s secret choice: " + chose.dump());
      }
    }
  }

  // After the game, the replay of earlier steps checked live, in a random
  // order (the server keeps one replay state and moves it back and forth):
  // each reads as that step read live, and another seat's secret choice
  // says only that it was made (docs/web.md GET replay, "chose").
  void replay_history(std::mt19937_64& rng) {
    std::vector<std::pair<size_t, int>> at;
    for (const auto& [k, v] : shown_) at.push_back(k);
    for (int i = 0; i < 12 && !at.empty(); ++i) {
      const auto [step, reader] = at[rng() % at.size()];
      const std::string token = reader < 0 ? g_.watch : g_.seat.at(reader + 1);
      Reply rp = get(c_, "/api/games/" + g_.id + "/replay?seat=" + std::to_string(reader + 1) + "&t=" + token + "&step=" + std::to_string(step));
      ++counts_.responses;
      ++counts_.replays;
      if (rp.status != 200) return fail(step, reader, "GET replay afterwards: " + std::to_string(rp.status) + " " + rp.text);
      if (std::hash<std::string>{}(rp.body["view"].dump() + rp.body["causes"].dump()) != shown_[{step, reader}])
        fail(step, reader, "GET replay afterwards: the step reads otherwise than it did live");
      if (step > 0 && made_[step - 1].second && made_[step - 1].first != reader) {
        const json& chose = rp.body["chose"];
        if (!chose.is_object() || chose.value("secret", false) != true || chose.contains("label") || chose.contains("prompt"))
          fail(step, reader, "GET replay afterwards tells seat " + std::to_string(made_[step - 1].first + 1) + "'s secret choice: " + chose.dump());
      }
    }
  }

  // ENGINE.md invariant 3 and 14, against the kernel as the oracle.
  void check_view(size_t step, int reader, const json& view, const json& causes, const std::string& route, int lang_index) {
    const char* lang = kLang[lang_index];
    const auto& privates = private_[lang_index];
    const auto& publics = public_[lang_index];
    Engine& e = *o_.engine;
    const State& s = o_.s;
    // The server's view is the kernel's view for this reader (its journal
    // is the server's story, checked below).
    const json kernel_view = json::parse(e.view_json(s, reader, lang));
    if (without_journal(view) != without_journal(kernel_view)) {
      std::string diff = json::diff(without_journal(kernel_view), without_journal(view)).dump();
      if (diff.size() > 600) diff = diff.substr(0, 600) + "...";
      fail(step, reader, route + ": the view is not the kernel's view for this reader: " + diff);
    }
    // No entity the reader does not know, by id or as an option's entity.
    std::vector<char> unknown(s.entities.size(), 0);
    for (size_t id = 0; id < s.entities.size(); ++id) {
      unknown[id] = !e.known(s, static_cast<EntityId>(id), reader);
      counts_.hidden += unknown[id] && s.entities[id].zone >= 0;
    }
    auto is_unknown = [&](const json& v) {
      return v.is_number_integer() && v.get<int64_t>() >= 0 && v.get<int64_t>() < static_cast<int64_t>(unknown.size()) && unknown[v.get<size_t>()];
    };
    auto named = [&](const json& v) {
      return "entity " + v.dump() + " (" + e.def_name(s, v.get<EntityId>()) + ")";
    };
    for (const auto& z : field(view, "zones")) {
      for (const auto& item : field(z, "items"))
        if (item.contains("id") && is_unknown(item["id"]))
          fail(step, reader, route + ": zone " + z["zone"].get<std::string>() + " shows " + named(item["id"]) + ", which it does not know");
      for (const auto& group : field(z, "groups"))
        for (const auto& id : field(group, "ids"))
          if (is_unknown(id))
            fail(step, reader, route + ": zone " + z["zone"].get<std::string>() + " lists " + named(id) + " in a group, which it does not know");
    }
    std::function<void(const json&)> walk = [&](const json& j) {
      if (j.is_object()) {
        for (const auto& [k, v] : j.items()) {
          if (k == "entity" && is_unknown(v)) fail(step, reader, route + ": an option names " + named(v) + ", which it does not know");
          walk(v);
        }
      } else if (j.is_array()) {
        for (const auto& v : j) walk(v);
      }
    };
    walk(view);
    // Another seat's secrets and open decisions.
    for (const auto& st : field(view, "seats"))
      if (st.contains("secret") && st["seat"].get<int>() != reader + 1)
        fail(step, reader, route + ": it is shown seat " + st["seat"].dump() + "'s secrets: " + st["secret"].dump());
    for (const auto& d : field(view, "decisions")) {
      const int seat = d["seat"].get<int>() - 1;
      if (seat == reader) continue;
      if (d.contains("options") || d.contains("pick")) fail(step, reader, route + ": it is shown seat " + std::to_string(seat + 1) + "'s options");
      const Decision* open = s.pending_for(seat);
      if (open && open->secret && d.contains("prompt"))
        fail(step, reader, route + ": it is shown seat " + std::to_string(seat + 1) + "'s secret prompt: " + d["prompt"].dump());
    }
    // The journal: no line only another seat may read (unless the same text
    // is also a line this reader may read), and another seat's secret choice
    // only as "made a secret choice".
    int secrets = 0;
    for (const auto& line : field(view, "journal")) {
      const std::string t = line.get<std::string>();
      if (t.find(kSecretChoice[lang_index]) != std::string::npos) ++secrets;
      if (publics[static_cast<size_t>(reader + 1)].count(t) || (reader >= 0 && privates[static_cast<size_t>(reader)].count(t))) continue;
      for (int other = 0; other < seats_; ++other)
        if (other != reader && privates[static_cast<size_t>(other)].count(t))
          fail(step, reader, route + ": its journal has seat " + std::to_string(other + 1) + "'s private line \"" + t + "\"");
    }
    int want = 0;
    for (int other = 0; other < seats_; ++other)
      if (other != reader) want += secret_made_[static_cast<size_t>(other)];
    // The story line by line: the server's own lines say who chose (their
    // cause is {"choice": seat}); every other line is the kernel's, and they
    // are exactly the lines this reader may read, as the kernel renders them
    // for it, with the causes the kernel gives it.
    const json& journal = field(view, "journal");
    if (!causes.is_array() || causes.size() != journal.size()) {
      fail(step, reader, route + ": the causes do not match the journal line for line");
    } else {
      const auto& expected = lines_[lang_index][static_cast<size_t>(reader + 1)];
      size_t k = 0, choice_lines = 0;
      for (size_t i = 0; i < journal.size(); ++i) {
        if (causes[i].is_object() && causes[i].contains("choice")) {
          ++choice_lines;
          continue;
        }
        if (k >= expected.size()) {
          fail(step, reader, route + ": its journal has a line the kernel does not give it: " + journal[i].dump());
          break;
        }
        if (journal[i] != expected[k].first || causes[i] != expected[k].second) {
          fail(step, reader, route + ": journal line " + std::to_string(i) + " is " + journal[i].dump() + " (cause " + causes[i].dump() +
                                 "), the kernel gives it " + json(expected[k].first).dump() + " (cause " + expected[k].second.dump() + ")");
          break;
        }
        ++k;
      }
      if (k != expected.size()) fail(step, reader, route + ": its journal lacks the kernel's lines from " + json(expected[k].first).dump());
      if (choice_lines != step) fail(step, reader, route + ": " + std::to_string(choice_lines) + " lines say who chose, after " + std::to_string(step) + " choices");
    }
    if (secrets != want)
      fail(step, reader, route + ": its journal has " + std::to_string(secrets) + " lines \"" + kSecretChoice[lang_index] + "\", but the other seats made " +
                             std::to_string(want) + " secret choices");
  }

  httplib::Client& c_;
  std::string name_;
  SweepCounts& counts_;
  Game g_;
  Oracle o_;
  int seats_ = 0;
  // Per language (kLang): each seat's private line texts, the public lines
  // as each reader + 1 reads them, and the kernel's lines and causes each
  // reader + 1 may read, in order.
  static constexpr const char* kLang[2] = {"en", "cs"};
  static constexpr const char* kSecretChoice[2] = {"made a secret choice", "tajně zvolil"};  // tools/tabula/ui_text.cpp
  std::vector<std::unordered_set<std::string>> private_[2], public_[2];
  std::vector<std::vector<std::pair<std::string, json>>> lines_[2];
  std::map<std::pair<size_t, int>, size_t> shown_;                 // (step, reader) -> a hash of the view and causes sent live
  std::vector<std::pair<int, bool>> made_;                          // each choice: the seat, and whether it was secret
  std::vector<int> secret_made_;
  bool last_secret_ = false;
  int last_seat_ = -1;
  int failures_ = 0;
};

}  // namespace

// ENGINE.md invariants 3 and 14, docs/web.md GET state and GET replay: for
// every shipped base pack, whole games with every seat a person's; at every
// step checked, what each seat and the onlooker are sent holds nothing the
// kernel says that reader may not know.
TEST(Serve, SecrecySweep) {
  TempDir tmp;
  ServeProcess server(tmp.path() / "data", tmp.path() / "stderr.txt");
  ASSERT_GT(server.port(), 0) << server.stderr_text();
  auto c = server.client();
  struct Case {
    std::string name, pack;
    std::vector<std::string> with;
    int seats;
    uint64_t seed;
  };
  const std::vector<Case> cases = {
      {"connect-four", "connect-four", {}, 2, 1},
      {"dungeon-lords", "dungeon-lords", {}, 3, 2},
      {"dungeon-lords + dungeon-lords-full", "dungeon-lords", {"dungeon-lords-full"}, 2, 3},
      {"thunderstone-dragonspire", "thunderstone-dragonspire", {}, 2, 4},
      {"dorn", "dorn", {}, 2, 5},
      {"prophecy + prophecy-water-realm", "prophecy", {"prophecy-water-realm"}, 3, 6},
      // Random Dorn games are short (the lord wins early): two more.
      {"dorn (second game)", "dorn", {}, 2, 7},
      {"dorn (third game)", "dorn", {}, 2, 8},
  };
  SweepCounts counts;
  for (const Case& k : cases) {
    Sweep sweep(*c, k.name, counts);
    sweep.play(k.pack, k.with, k.seats, k.seed);
    if (HasFatalFailure()) break;
  }
  std::cout << "[ sweep    ] " << counts.games << " games, " << counts.steps << " steps (" << counts.checked_steps
            << " checked; " << counts.secret_choices << " secret, " << counts.set_choices << " of a set), " << counts.responses
            << " responses checked (" << counts.replays << " replays), " << counts.hidden << " hidden entities held against them" << std::endl;
  EXPECT_EQ(counts.games, static_cast<int>(cases.size()));
  EXPECT_EQ(server.stop(SIGTERM), 0) << server.stderr_text();
}
