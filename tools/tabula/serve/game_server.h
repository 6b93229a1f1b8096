// The games of `tabula serve` and what the HTTP routes ask of them, with no
// HTTP in it (serve_http.cpp maps requests here): making games, finding them
// by id, the links' tokens, and the bots' moves on worker threads. Games
// live under the data folder, one file each (room_file.h), and are read
// again when the server starts.
#pragma once
#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "tools/tabula/serve/catalogue.h"
#include "tools/tabula/serve/room.h"

namespace tabula::cli {

class GameServer {
 public:
  // Reads every game saved in `data_dir` (made when missing) and starts
  // `bot_threads` workers for the bots' moves.
  GameServer(std::string data_dir, const std::string& first_pack, int bot_threads);
  ~GameServer();  // stops the workers; the games are on disk already

  const Catalogue& catalogue() const { return catalogue_; }
  size_t resumed() const { return resumed_; }

  // POST /api/games: the new game's id and links (throws Refused).
  nlohmann::json create(const nlohmann::json& request);
  // POST /api/games/import: a game from a log, to go on with or to replay.
  nlohmann::json import(const nlohmann::json& request);
  // The game `id`; throws Refused(404).
  std::shared_ptr<Room> room(const std::string& id) const;
  nlohmann::json list() const;

  // A change a person made: the bots move next, on a worker.
  void moved(const std::shared_ptr<Room>& room);
  // The server is stopping: whoever waits for a change stops waiting.
  void stop();
  bool stopping() const { return stopping_; }

 private:
  void work();
  // A new game's id and file, and the answer with its links.
  std::string fresh_id() const;
  nlohmann::json added(const std::shared_ptr<Room>& room);
  void resume_all();

  Catalogue catalogue_;
  std::string data_dir_;
  mutable std::mutex rooms_mu_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
  size_t resumed_ = 0;

  // Rooms whose bots are to move, each at most once in the queue.
  std::mutex queue_mu_;
  std::condition_variable queue_cv_;
  std::deque<std::shared_ptr<Room>> queue_;
  std::map<const Room*, bool> queued_;
  std::atomic<bool> stopping_{false};
  std::vector<std::thread> workers_;
};

}  // namespace tabula::cli
