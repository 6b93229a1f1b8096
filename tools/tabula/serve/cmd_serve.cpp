// tabula serve: the HTTP face of the games (docs/web.md). Routes map to
// GameServer and Room; this is the only file that includes cpp-httplib.
#include <atomic>
#include <csignal>
#include <sys/socket.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <httplib.h>
#include <iostream>
#include <sstream>
#include <thread>

#include "core/io/state_json.h"
#include "tools/tabula/common.h"
#include "tools/tabula/serve/game_server.h"
#include "tools/tabula/serve/web_assets.h"

namespace tabula::cli {

using nlohmann::json;

namespace {

void send_json(httplib::Response& res, const json& j, int status = 200) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(j.dump(), "application/json; charset=utf-8");
}

// Every route answers a refusal as {"error": ...} with its status, and
// anything unforeseen as 500 with the message: the server goes on.
template <class F>
httplib::Server::Handler guarded(F f) {
  return [f](const httplib::Request& req, httplib::Response& res) {
    try {
      f(req, res);
    } catch (const Refused& r) {
      json answer = {{"error", r.what()}};
      if (r.confirm) answer["confirm"] = true;
      send_json(res, answer, r.status);
    } catch (const json::exception& err) {
      send_json(res, {{"error", std::string("bad JSON: ") + err.what()}}, 400);
    } catch (const std::exception& err) {
      send_json(res, {{"error", err.what()}}, 500);
    }
  };
}

int number_param(const httplib::Request& req, const char* key, int fallback) {
  if (!req.has_param(key)) return fallback;
  const std::string v = req.get_param_value(key);
  if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos)
    throw Refused(400, std::string(key) + ": '" + v + "' is not a number");
  return std::stoi(v);
}

// ?lang=, else the game's own language.
std::string lang_param(const httplib::Request& req, const Room& room) {
  const std::string lang = req.has_param("lang") ? req.get_param_value("lang") : room.lang();
  if (lang != "en" && lang != "cs") throw Refused(400, "lang: '" + lang + "' is not en or cs");
  return lang;
}

json body_of(const httplib::Request& req) {
  json j;
  try {
    j = parse_json(req.body, "the request's body");  // nests at most kMaxJsonDepth: a hostile body cannot overflow the stack
  } catch (const std::runtime_error& err) {
    throw Refused(400, err.what());
  }
  if (!j.is_object()) throw Refused(400, "the request's body is not a JSON object");
  return j;
}

int body_seat(const json& j) {
  if (!j.contains("seat") || !j["seat"].is_number_integer()) throw Refused(400, "seat: a seat number from 1");
  return j["seat"].get<int>();
}

std::string body_token(const json& j) {
  if (!j.contains("t") || !j["t"].is_string()) throw Refused(403, "t: the link's token is missing");
  return j["t"].get<std::string>();
}

const char* content_type(const std::string& name) {
  auto ends = [&](const char* ext) {
    const std::string e(ext);
    return name.size() >= e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0;
  };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".json")) return "application/json; charset=utf-8";
  return "application/octet-stream";
}

// The client's files: from --web DIR when given (a developer's copy, read
// on every request), else the copy built into the program.
class Assets {
 public:
  explicit Assets(std::string dir) : dir_(std::move(dir)) {}
  bool get(const std::string& name, std::string& out) const {
    if (name.empty() || name.find("..") != std::string::npos || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-./") != std::string::npos)
      return false;
    if (dir_.empty()) {
      const WebAsset* a = web_asset(name);
      if (!a) return false;
      out.assign(reinterpret_cast<const char*>(a->data), a->size);
      return true;
    }
    std::ifstream f(std::filesystem::path(dir_) / name, std::ios::binary);
    if (!f) return false;
    std::stringstream text;
    text << f.rdbuf();
    out = text.str();
    return true;
  }

 private:
  std::string dir_;
};

const char* kForbiddenPage =
    "<!doctype html><html><head><meta charset=\"utf-8\"><link rel=\"icon\" href=\"data:,\"><title>403</title></head><body>"
    "<h1>403</h1><p>This link does not open this game: ask whoever made the game for yours.</p>"
    "<p lang=\"cs\">Tento odkaz tuto hru neotevírá: o svůj odkaz požádejte toho, kdo hru založil.</p>"
    "<p><a href=\"/\">Tabula</a></p></body></html>";

std::string default_data_dir() {
  if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) return std::string(x) + "/tabula/games";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.local/share/tabula/games";
  return "tabula-games";
}

void routes(httplib::Server& http, GameServer& games, const Assets& assets) {
  auto page = [&assets](httplib::Response& res) {
    std::string html;
    if (!assets.get("index.html", html)) throw Refused(500, "the page is missing (index.html)");
    res.set_header("Cache-Control", "no-store");
    res.set_content(html, "text/html; charset=utf-8");
  };
  http.Get("/", guarded([page](const httplib::Request&, httplib::Response& res) { page(res); }));
  http.Get(R"(/app/([a-z0-9_./-]+))", [&assets](const httplib::Request& req, httplib::Response& res) {
    std::string body;
    const std::string name = req.matches[1];
    if (!assets.get(name, body)) {
      res.status = 404;
      res.set_content("not found", "text/plain");
      return;
    }
    res.set_content(body, content_type(name));
  });
  // A game's pages open only with their token.
  auto gate = [&games, page](const std::string& id, const std::string& token, int seat, httplib::Response& res) {
    std::shared_ptr<Room> room = games.room(id);
    std::lock_guard<std::mutex> lock(room->mu);
    try {
      room->open(token, seat);
    } catch (const Refused& r) {
      res.status = r.status;
      res.set_content(kForbiddenPage, "text/html; charset=utf-8");
      return;
    }
    page(res);
  };
  http.Get(R"(/game/([a-z0-9]+)/seat/([0-9]{1,4}))", guarded([gate](const httplib::Request& req, httplib::Response& res) {
    gate(req.matches[1], req.get_param_value("t"), std::stoi(req.matches[2]), res);
  }));
  http.Get(R"(/game/([a-z0-9]+)/watch)", guarded([gate](const httplib::Request& req, httplib::Response& res) {
    gate(req.matches[1], req.get_param_value("t"), 0, res);
  }));
  http.Get(R"(/game/([a-z0-9]+)/table)", guarded([&games, page](const httplib::Request& req, httplib::Response& res) {
    std::shared_ptr<Room> room = games.room(req.matches[1]);
    bool ok;
    {
      std::lock_guard<std::mutex> lock(room->mu);
      ok = room->opens_table(req.get_param_value("t"));
    }
    if (!ok) {
      res.status = 403;
      res.set_content(kForbiddenPage, "text/html; charset=utf-8");
      return;
    }
    page(res);
  }));
  http.Get(R"(/replay/([a-z0-9]+))", guarded([gate](const httplib::Request& req, httplib::Response& res) {
    gate(req.matches[1], req.get_param_value("t"), number_param(req, "seat", 0), res);
  }));

  http.Get("/api/packs", guarded([&games](const httplib::Request&, httplib::Response& res) {
    send_json(res, games.catalogue().packs());
  }));
  http.Get("/api/games", guarded([&games](const httplib::Request&, httplib::Response& res) { send_json(res, games.list()); }));
  http.Post("/api/games", guarded([&games](const httplib::Request& req, httplib::Response& res) {
    send_json(res, games.create(body_of(req)), 201);
  }));
  http.Post("/api/games/import", guarded([&games](const httplib::Request& req, httplib::Response& res) {
    send_json(res, games.import(body_of(req)), 201);
  }));
  http.Get(R"(/api/games/([a-z0-9]+)/state)", guarded([&games](const httplib::Request& req, httplib::Response& res) {
    std::shared_ptr<Room> room = games.room(req.matches[1]);
    const std::string lang = lang_param(req, *room);
    std::unique_lock<std::mutex> lock(room->mu);
    const int reader = room->open(req.get_param_value("t"), number_param(req, "seat", 0));
    // ?wait=V: answered when the game is past version V (or after 20 s),
    // for a client without server-sent events.
    if (req.has_param("wait")) {
      const uint64_t seen = static_cast<uint64_t>(number_param(req, "wait", 0));
      room->changed.wait_for(lock, std::chrono::seconds(20), [&] { return games.stopping() || room->version() != seen; });
    }
    send_json(res, room->state(reader, lang, static_cast<size_t>(number_param(req, "lines", 0))));
  }));
  http.Post(R"(/api/games/([a-z0-9]+)/choose)", guarded([&games](const httplib::Request& req, httplib::Response& res) {
    std::shared_ptr<Room> room = games.room(req.matches[1]);
    const json body = body_of(req);
    if (!body.contains("option") || !body["option"].is_string()) throw Refused(400, "option: the id of an option");
    if (!body.contains("version") || !body["version"].is_number_unsigned()) throw Refused(400, "version: the version the page shows");
    json answer;
    {
      std::lock_guard<std::mutex> lock(room->mu);
      const int reader = room->open(body_token(body), body_seat(body));
      if (reader < 0) throw Refused(403, "an onlooker does not choose");
      const bool confirmed = body.contains("confirm") && body["confirm"].is_boolean() && body["confirm"].get<bool>();
      room->choose(reader, body["option"].get<std::string>(), body["version"].get<uint64_t>(), confirmed);
      answer = {{"ok", true}, {"version", room->version()}};
    }
    games.moved(room);
    send_json(res, answer);
  }));
  http.Post(R"(/api/games/([a-z0-9]+)/undo)", guarded([&games](const httplib::Request& req, httplib::Response& res) {
    std::shared_ptr<Room> room = games.room(req.matches[1]);
    const json body = body_of(req);
    json answer;
    {
      std::lock_guard<std::mutex> lock(room->mu);
      const int reader = room->open(body_token(body), body_seat(body));
      if (reader < 0) throw Refused(403, "an onlooker takes nothing back");
      room->undo(reader);
      answer = {{"ok", true}, {"version", room->version()}};
    }
    games.moved(room);
    send_json(res, answer);
  }));
  http.Get(R"(/api/games/([a-z0-9]+)/replay)", guarded([&games](const httplib::Request& req, httplib::Response& res) {
    std::shared_ptr<Room> room = games.room(req.matches[1]);
    const std::string lang = lang_param(req, *room);
    std::lock_guard<std::mutex> lock(room->mu);
    const int reader = room->open(req.get_param_value("t"), number_param(req, "seat", 0));
    send_json(res, room->replay(reader, static_cast<size_t>(number_param(req, "step", 0)), lang,
                                static_cast<size_t>(number_param(req, "lines", 0))));
  }));
  http.Get(R"(/api/games/([a-z0-9]+)/log)", guarded([&games](const httplib::Request& req, httplib::Response& res) {
    std::shared_ptr<Room> room = games.room(req.matches[1]);
    std::lock_guard<std::mutex> lock(room->mu);
    room->open(req.get_param_value("t"), 0);
    res.set_header("Content-Disposition", "attachment; filename=\"" + room->id + ".json\"");
    res.set_content(room->log_json() + "\n", "application/json; charset=utf-8");
  }));
  http.Get(R"(/api/games/([a-z0-9]+)/events)", guarded([&games](const httplib::Request& req, httplib::Response& res) {
    std::shared_ptr<Room> room = games.room(req.matches[1]);
    {
      std::lock_guard<std::mutex> lock(room->mu);
      room->open(req.get_param_value("t"), number_param(req, "seat", 0));
    }
    res.set_header("Cache-Control", "no-store");
    GameServer* server = &games;
    uint64_t last = UINT64_MAX;
    res.set_chunked_content_provider("text/event-stream", [room, server, last](size_t, httplib::DataSink& sink) mutable {
      std::unique_lock<std::mutex> lock(room->mu);
      if (last != UINT64_MAX)
        room->changed.wait_for(lock, std::chrono::seconds(15), [&] { return server->stopping() || room->version() != last; });
      if (server->stopping()) {
        lock.unlock();
        sink.done();
        return true;
      }
      std::string message = ": still here\n\n";  // a comment: finds a closed connection
      if (room->version() != last) {
        last = room->version();
        message = "data: {\"version\":" + std::to_string(last) + "}\n\n";
      }
      lock.unlock();
      return sink.write(message.data(), message.size());
    });
  }));
}

}  // namespace

int cmd_serve(const ServeArgs& a) {
  if (a.port < 0 || a.port > 65535) throw UsageError("--port " + std::to_string(a.port) + ": a port from 0 to 65535 (0: any free port)");
  if (!a.web.empty() && !std::filesystem::is_regular_file(std::filesystem::path(a.web) / "index.html"))
    throw CliError("--web: '" + a.web + "' has no index.html");
  if (!a.pack.empty()) resolve_pack(a.pack);
  if (!a.seats.empty() && a.pack.empty()) throw UsageError("--seats makes a game at once: name its pack (tabula serve PACK --seats human,greedy)");  // a misspelt pack is an error now, not an empty lobby later
  const std::string data = a.data.empty() ? default_data_dir() : a.data;

  // SIGINT and SIGTERM are taken by one thread, which stops the server;
  // blocked before any other thread starts, so that every thread inherits it.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

  const int workers = a.bot_threads > 0 ? a.bot_threads : std::max(1u, std::thread::hardware_concurrency());
  GameServer games(data, a.pack, workers);
  Assets assets(a.web);
  httplib::Server http;
  const size_t threads = static_cast<size_t>(a.threads);
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  http.set_payload_max_length(16 << 20);  // an imported log of a long game
  http.set_keep_alive_max_count(1000);
  // A response goes out as two writes (headers, then body). With Nagle's
  // algorithm on, the body waits for the client to acknowledge the headers,
  // which a client delays by up to 40 ms (Linux; 200 ms elsewhere): every
  // answer on a kept-alive connection took 44 ms (bench/serve_load).
  http.set_tcp_nodelay(true);
  // Tokens travel in links: no page may pass them on as a referrer.
  http.set_default_headers({{"Referrer-Policy", "no-referrer"},
                            {"X-Content-Type-Options", "nosniff"},
                            {"Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'"}});
  routes(http, games, assets);
  // cpp-httplib 0.11 listens with a backlog of 5, built into Debian's
  // library: a hundred pages opening at once overflowed it, and some of them
  // failed to connect after a second (bench/serve_load: "Read" errors, and
  // TcpExtListenOverflows in nstat). Its socket is listened on again, with
  // the system's limit, once bound.
  int listener = -1;
  http.set_socket_options([&listener](socket_t sock) {
    httplib::default_socket_options(sock);
    listener = sock;
  });

  int port = a.port;
  if (port == 0) port = http.bind_to_any_port(a.bind);
  else if (!http.bind_to_port(a.bind, port)) port = -1;
  if (port <= 0) throw CliError("cannot listen on " + a.bind + ":" + std::to_string(a.port) + " (in use, or not an address of this machine)");
  if (listener >= 0) ::listen(listener, SOMAXCONN);

  std::atomic<bool> signalled{false};
  std::thread stopper([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    signalled = true;
    games.stop();
    http.stop();
  });
  std::cout << "tabula serve: http://" << a.bind << ":" << port << "/  (games in " << shown_path(data) << ", "
            << games.resumed() << " resumed; Ctrl-C stops)" << std::endl;
  if (!a.seats.empty()) {
    json made = games.create({{"pack", a.pack}, {"with", a.with}, {"seats", a.seats},
                              {"lang", a.lang}, {"setup", a.setup}});
    const std::string base = "http://" + a.bind + ":" + std::to_string(port);
    for (const auto& [seat, link] : made["links"]["seats"].items()) std::cout << "  seat " << seat << ": " << base << link.get<std::string>() << "\n";
    if (made["links"].contains("table")) std::cout << "  hot seat: " << base << made["links"]["table"].get<std::string>() << "\n";
    std::cout << "  onlooker: " << base << made["links"]["watch"].get<std::string>() << std::endl;
  }
  http.listen_after_bind();
  games.stop();
  // The stopper waits for a signal: one it sends itself ends it when the
  // server stopped another way.
  if (!signalled) pthread_kill(stopper.native_handle(), SIGTERM);
  stopper.join();
  std::cout << "tabula serve: stopped; every game is saved" << std::endl;
  return 0;
}

}  // namespace tabula::cli
