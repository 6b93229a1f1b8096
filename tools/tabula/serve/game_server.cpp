#include "tools/tabula/serve/game_server.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

namespace tabula::cli {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// A game's id names its file: lower-case letters and digits only.
bool good_id(const std::string& id) {
  return !id.empty() && id.size() <= 32 &&
         std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

std::string text_field(const json& j, const char* key, const std::string& fallback = "") {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_string()) throw Refused(400, std::string(key) + ": not a string");
  return j[key].get<std::string>();
}

std::vector<std::string> list_field(const json& j, const char* key) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  if (!j[key].is_array()) throw Refused(400, std::string(key) + ": not a list");
  for (const auto& item : j[key]) {
    if (!item.is_string()) throw Refused(400, std::string(key) + ": not a list of strings");
    out.push_back(item.get<std::string>());
  }
  return out;
}

}  // namespace

GameServer::GameServer(std::string data_dir, const std::string& first_pack, int bot_threads)
    : catalogue_(first_pack), data_dir_(std::move(data_dir)) {
  std::error_code ec;
  fs::create_directories(data_dir_, ec);
  if (!fs::is_directory(data_dir_, ec)) throw Refused(500, "--data: cannot make the folder '" + data_dir_ + "'");
  resume_all();
  for (int i = 0; i < std::max(1, bot_threads); ++i) workers_.emplace_back([this] { work(); });
  std::vector<std::shared_ptr<Room>> waiting;
  {
    std::lock_guard<std::mutex> lock(rooms_mu_);
    for (const auto& [id, room] : rooms_) waiting.push_back(room);
  }
  for (const auto& room : waiting) moved(room);
}

GameServer::~GameServer() {
  stop();
  for (auto& t : workers_) t.join();
}

void GameServer::stop() {
  stopping_ = true;
  queue_cv_.notify_all();
  std::lock_guard<std::mutex> lock(rooms_mu_);
  for (const auto& [id, room] : rooms_) {
    std::lock_guard<std::mutex> room_lock(room->mu);
    room->changed.notify_all();
  }
}

void GameServer::resume_all() {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(data_dir_, ec))
    if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    if (!good_id(path.stem().string())) continue;
    try {
      auto room = std::make_shared<Room>(RoomFile(path.string()));
      if (room->id != path.stem().string()) throw std::runtime_error(path.string() + ": the file holds game " + room->id);
      rooms_[room->id] = room;
      ++resumed_;
    } catch (const std::exception& err) {
      std::cerr << "tabula serve: not resumed: " << err.what() << "\n";
    }
  }
}

json GameServer::create(const json& request) {
  if (!request.is_object()) throw Refused(400, "a new game is a JSON object (docs/web.md)");
  NewGame g;
  g.pack = text_field(request, "pack");
  g.with = list_field(request, "with");
  g.setup = text_field(request, "setup");
  g.lang = text_field(request, "lang", "en");
  g.seats = list_field(request, "seats");
  if (request.contains("seed")) {
    if (!request["seed"].is_number_unsigned()) throw Refused(400, "seed: not a whole number from 0");
    g.has_seed = true;
    g.seed = request["seed"].get<uint64_t>();
  }
  if (std::string why = catalogue_.refuse(g.pack, g.with); !why.empty()) throw Refused(400, why);
  const std::string id = fresh_id();
  return added(std::make_shared<Room>(id, g, RoomFile((fs::path(data_dir_) / (id + ".jsonl")).string())));
}

json GameServer::import(const json& request) {
  if (!request.is_object() || !request.contains("log")) throw Refused(400, "an imported game is {\"log\": a game log} (docs/web.md)");
  GameLog log;
  try {
    log = GameLog::from_json(request["log"].dump());
  } catch (const std::exception& err) {
    throw Refused(400, std::string("log: ") + err.what());
  }
  if (log.packs.empty()) throw Refused(400, "log: it names no pack");
  if (std::string why = catalogue_.refuse(log.packs.front(), {log.packs.begin() + 1, log.packs.end()}); !why.empty())
    throw Refused(400, "log: " + why);
  if (request.contains("lang")) log.lang = text_field(request, "lang");
  const std::string id = fresh_id();
  return added(std::make_shared<Room>(id, log, list_field(request, "seats"), RoomFile((fs::path(data_dir_) / (id + ".jsonl")).string())));
}

std::string GameServer::fresh_id() const {
  std::string id;
  do {
    id = new_token().substr(0, 12);
  } while (fs::exists(fs::path(data_dir_) / (id + ".jsonl")));
  return id;
}

json GameServer::added(const std::shared_ptr<Room>& room) {
  const std::string& id = room->id;
  {
    std::lock_guard<std::mutex> lock(rooms_mu_);
    rooms_[id] = room;
  }
  json links = {{"seats", json::object()}};
  const Tokens& t = room->tokens();
  for (size_t i = 0; i < t.seats.size(); ++i)
    if (!t.seats[i].empty()) links["seats"][std::to_string(i + 1)] = "/game/" + id + "/seat/" + std::to_string(i + 1) + "?t=" + t.seats[i];
  links["watch"] = "/game/" + id + "/watch?t=" + t.watch;
  if (!t.table.empty()) links["table"] = "/game/" + id + "/table?t=" + t.table;
  moved(room);
  return {{"id", id}, {"links", links}};
}

std::shared_ptr<Room> GameServer::room(const std::string& id) const {
  std::lock_guard<std::mutex> lock(rooms_mu_);
  auto it = rooms_.find(id);
  if (it == rooms_.end()) throw Refused(404, "no game '" + id + "' on this server");
  return it->second;
}

json GameServer::list() const {
  std::vector<std::shared_ptr<Room>> all;
  {
    std::lock_guard<std::mutex> lock(rooms_mu_);
    for (const auto& [id, room] : rooms_) all.push_back(room);
  }
  json out = json::array();
  for (const auto& room : all) {
    std::lock_guard<std::mutex> lock(room->mu);
    out.push_back(room->summary());
  }
  return out;
}

void GameServer::moved(const std::shared_ptr<Room>& room) {
  {
    std::lock_guard<std::mutex> lock(room->mu);
    if (!room->bots_to_move()) return;
  }
  std::lock_guard<std::mutex> lock(queue_mu_);
  if (queued_[room.get()]) return;
  queued_[room.get()] = true;
  queue_.push_back(room);
  queue_cv_.notify_one();
}

// One bot's move at a time per game, the games taking turns: a game of
// four bots does not hold up a person's game behind it.
void GameServer::work() {
  for (;;) {
    std::shared_ptr<Room> room;
    {
      std::unique_lock<std::mutex> lock(queue_mu_);
      queue_cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      room = queue_.front();
      queue_.pop_front();
    }
    {
      std::lock_guard<std::mutex> lock(room->mu);
      try {
        room->bot_step();
      } catch (const std::exception& err) {
        std::cerr << "tabula serve: game " << room->id << ": " << err.what() << "\n";
      }
    }
    // Asked again under the queue's lock: a person's move in between
    // (moved()) finds the game either still queued or not queued at all.
    std::lock_guard<std::mutex> lock(queue_mu_);
    bool more;
    {
      std::lock_guard<std::mutex> room_lock(room->mu);
      more = room->bots_to_move();
    }
    if (more && !stopping_) {
      queue_.push_back(room);
      queue_cv_.notify_one();
    } else {
      queued_.erase(room.get());
    }
  }
}

}  // namespace tabula::cli
