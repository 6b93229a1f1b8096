#include "tools/tabula/serve/room_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#include "core/io/state_json.h"

namespace tabula::cli {

using nlohmann::json;

namespace {

constexpr const char* kFormat = "tabula-serve/1";

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw std::runtime_error(path + ": " + what + (errno ? std::string(": ") + std::strerror(errno) : ""));
}

void write_all(int fd, const std::string& text, const std::string& path) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(path, "cannot write");
    done += static_cast<size_t>(n);
  }
}

// The folder's entry for a renamed file reaches the disk too.
void sync_folder(const std::string& path) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

Tokens tokens_from(const json& j) {
  Tokens t;
  for (const auto& s : j.at("seats")) t.seats.push_back(s.get<std::string>());
  t.watch = j.at("watch").get<std::string>();
  t.table = j.value("table", "");
  return t;
}

}  // namespace

std::string new_token() {
  unsigned char bytes[16];
  std::ifstream random("/dev/urandom", std::ios::binary);
  if (!random.read(reinterpret_cast<char*>(bytes), sizeof bytes)) throw std::runtime_error("cannot read /dev/urandom");
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

void RoomFile::create(const std::string& id, const std::string& setup, const Tokens& tokens, const GameLog& log) const {
  json header = {{"format", kFormat}, {"id", id}, {"setup", setup}};
  header["tokens"] = {{"seats", tokens.seats}, {"watch", tokens.watch}, {"table", tokens.table}};
  json l = json::parse(log.to_json());
  // The choices made so far (a game begun elsewhere) follow as lines.
  std::string text;
  for (const auto& c : l["choices"]) text += json{{"choice", c}}.dump() + "\n";
  l["choices"] = json::array();
  header["log"] = l;
  text = header.dump() + "\n" + text;
  const std::string temporary = path_ + ".new";
  errno = 0;
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) fail(temporary, "cannot create");
  try {
    write_all(fd, text, temporary);
    if (::fsync(fd) != 0) fail(temporary, "cannot write");
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(temporary.c_str(), path_.c_str()) != 0) fail(path_, "cannot create");
  sync_folder(path_);
}

void RoomFile::append(const std::string& line) const {
  errno = 0;
  const int fd = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) fail(path_, "cannot open to save the game");
  try {
    write_all(fd, line + "\n", path_);
    if (::fdatasync(fd) != 0) fail(path_, "cannot save the game");
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
}

void RoomFile::add_choice(const GameLog& log) const {
  // One choice as the log writes it: a log of just that choice.
  GameLog one;
  one.packs = log.packs;
  one.choices.push_back(log.choices.back());
  append(json{{"choice", json::parse(one.to_json())["choices"][0]}}.dump());
}

void RoomFile::add_undo() const { append(R"({"undo":true})"); }

RoomFile::Saved RoomFile::read() const {
  std::ifstream f(path_, std::ios::binary);
  if (!f) {
    errno = ENOENT;
    fail(path_, "cannot read");
  }
  std::stringstream buffer;
  buffer << f.rdbuf();
  const std::string text = buffer.str();
  Saved saved;
  json log;
  json choices = json::array();
  size_t at = 0, line = 0, good_end = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at);
    ++line;
    const std::string where = path_ + ":" + std::to_string(line) + ": ";
    if (end == std::string::npos) {  // cut short by a kill: it was never answered
      saved.repaired = "line " + std::to_string(line) + " was cut short and is dropped";
      break;
    }
    json j;
    try {
      j = parse_json(std::string_view(text).substr(at, end - at), where);
    } catch (const std::exception& err) {
      throw std::runtime_error(err.what());
    }
    if (line == 1) {
      if (!j.is_object() || j.value("format", "") != kFormat)
        throw std::runtime_error(where + "not a game of tabula serve (format " + kFormat + ")");
      try {
        saved.id = j.at("id").get<std::string>();
        saved.setup = j.value("setup", "");
        saved.tokens = tokens_from(j.at("tokens"));
        log = j.at("log");
      } catch (const json::exception& err) {
        throw std::runtime_error(where + "a bad header: " + err.what());
      }
    } else if (j.is_object() && j.contains("choice")) {
      choices.push_back(j["choice"]);
      ++saved.changes;
    } else if (j.is_object() && j.contains("undo")) {
      if (choices.empty()) throw std::runtime_error(where + "takes back a choice, but none was made");
      choices.erase(choices.end() - 1);
      ++saved.changes;
    } else {
      throw std::runtime_error(where + "neither a choice nor an undo");
    }
    good_end = end + 1;
    at = end + 1;
  }
  if (line == 0 || log.is_null()) throw std::runtime_error(path_ + ": empty: not a game of tabula serve");
  if (!saved.repaired.empty()) std::filesystem::resize_file(path_, good_end);
  log["choices"] = choices;
  try {
    saved.log = GameLog::from_json(log.dump());
  } catch (const std::exception& err) {
    throw std::runtime_error(path_ + ": " + err.what());
  }
  return saved;
}

}  // namespace tabula::cli
