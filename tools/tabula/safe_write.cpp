#include "tools/tabula/safe_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "tools/tabula/common.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

// A path for messages, as it is spelled: shown_path() would resolve the
// very links these messages are about.
std::string spelled(const fs::path& p) {
  if (p.is_relative()) return p.string();
  std::error_code ec;
  const fs::path rel = p.lexically_relative(fs::current_path(ec));
  const std::string r = rel.string();
  return ec || rel.empty() || r.size() >= p.string().size() ? p.string() : r;
}

// The parts of `rel`: folders, then the file's name.
std::vector<std::string> parts_of(const std::string& root, const std::string& rel) {
  std::vector<std::string> parts;
  const fs::path p(rel);
  bool ok = !rel.empty() && p.is_relative();
  for (const auto& part : p) {
    const std::string s = part.string();
    if (s.empty()) continue;  // a trailing separator
    if (s == "." || s == "..") ok = false;
    parts.push_back(s);
  }
  if (!ok || parts.empty())
    throw CliError("cannot write '" + rel + "': not a path inside '" + spelled(root) + "'");
  return parts;
}

std::string shown(const std::string& root, const std::vector<std::string>& parts, size_t upto) {
  fs::path p(root);
  for (size_t i = 0; i <= upto && i < parts.size(); ++i) p /= parts[i];
  return spelled(p);
}

[[noreturn]] void refuse(const std::string& root, const std::vector<std::string>& parts, size_t at, const std::string& why) {
  const std::string file = shown(root, parts, parts.size() - 1);
  const std::string what = at + 1 == parts.size() ? "it" : "'" + shown(root, parts, at) + "'";
  throw CliError("refusing to write '" + file + "': " + what + " " + why);
}

constexpr const char* kLink = "is a symbolic link (tabula writes no file through a link)";
constexpr const char* kHardLink = "has other hard links (it may be a file elsewhere)";

// Whether the file at `fd` may be written: a regular file of one name.
void check_file(const struct stat& st, const std::string& root, const std::vector<std::string>& parts) {
  const size_t last = parts.size() - 1;
  if (S_ISLNK(st.st_mode)) refuse(root, parts, last, kLink);
  if (!S_ISREG(st.st_mode)) refuse(root, parts, last, "is not a regular file");
  if (st.st_nlink > 1) refuse(root, parts, last, kHardLink);
}

struct Fd {
  int fd = -1;
  Fd() = default;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
  void reset(int f) {
    if (fd >= 0) ::close(fd);
    fd = f;
  }
};

}  // namespace

void check_write_inside(const std::string& root, const std::string& rel, WriteMode mode) {
  const std::vector<std::string> parts = parts_of(root, rel);
  fs::path at(root);
  for (size_t i = 0; i < parts.size(); ++i) {
    at /= parts[i];
    struct stat st {};
    if (::lstat(at.c_str(), &st) != 0) {
      if (errno != ENOENT) refuse(root, parts, i, std::string("cannot be read: ") + std::strerror(errno));
      if (mode == WriteMode::Append) refuse(root, parts, i, "does not exist");
      return;  // made by the write, with nothing below it
    }
    if (i + 1 < parts.size()) {
      if (S_ISLNK(st.st_mode)) refuse(root, parts, i, kLink);
      if (!S_ISDIR(st.st_mode)) refuse(root, parts, i, "is not a folder");
      continue;
    }
    if (mode == WriteMode::Create) refuse(root, parts, i, S_ISLNK(st.st_mode) ? kLink : "exists");
    check_file(st, root, parts);
  }
}

void write_inside(const std::string& root, const std::string& rel, std::string_view text, WriteMode mode) {
  const std::vector<std::string> parts = parts_of(root, rel);
  std::error_code ec;
  fs::create_directories(root, ec);
  if (ec) throw CliError("cannot create the folder '" + spelled(root) + "': " + ec.message());
  Fd dir(::open(root.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.fd < 0) throw CliError("cannot open the folder '" + spelled(root) + "': " + std::strerror(errno));
  const size_t last = parts.size() - 1;
  for (size_t i = 0; i < last; ++i) {
    const char* name = parts[i].c_str();
    if (::mkdirat(dir.fd, name, 0777) != 0 && errno != EEXIST)
      refuse(root, parts, i, std::string("cannot be made: ") + std::strerror(errno));
    const int next = ::openat(dir.fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0) {
      const int err = errno;
      struct stat st {};
      if (::fstatat(dir.fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode)) refuse(root, parts, i, kLink);
      refuse(root, parts, i, err == ENOTDIR ? std::string("is not a folder") : std::string("cannot be opened: ") + std::strerror(err));
    }
    dir.reset(next);
  }
  // O_NONBLOCK: opening a named pipe for writing would wait for a reader.
  int flags = O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC;
  if (mode == WriteMode::Create) flags |= O_CREAT | O_EXCL;
  else if (mode == WriteMode::Replace) flags |= O_CREAT;
  else flags |= O_APPEND;
  Fd file(::openat(dir.fd, parts[last].c_str(), flags, 0666));
  if (file.fd < 0) {
    const int err = errno;
    struct stat st {};
    const bool link = ::fstatat(dir.fd, parts[last].c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
    if (link || err == ELOOP) refuse(root, parts, last, kLink);
    if (err == EEXIST) refuse(root, parts, last, "exists");
    if (err == ENXIO) refuse(root, parts, last, "is not a regular file");
    refuse(root, parts, last, std::string("cannot be written: ") + std::strerror(err));
  }
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) refuse(root, parts, last, std::string("cannot be read: ") + std::strerror(errno));
  check_file(st, root, parts);
  if (mode == WriteMode::Replace && ::ftruncate(file.fd, 0) != 0)
    refuse(root, parts, last, std::string("cannot be emptied: ") + std::strerror(errno));
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = ::write(file.fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) refuse(root, parts, last, std::string("cannot be written: ") + std::strerror(errno));
    done += static_cast<size_t>(n);
  }
  const int fd = file.fd;
  file.fd = -1;
  if (::close(fd) != 0) refuse(root, parts, last, std::string("cannot be written: ") + std::strerror(errno));
}

}  // namespace tabula::cli
