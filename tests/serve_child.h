// `tabula serve --port 0 ...` as a child process, for the server's tests
// and bench/serve_load: started at once in the source folder, its port read
// from the first line it prints, its stderr kept in a file, and always
// stopped and reaped (SIGKILL when the owner ends early; the child also dies
// with its parent). Header-only: no test framework.
#pragma once
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>
#include <vector>

namespace tabula {

class ServeChild {
 public:
  // `args` follow `tabula serve --port 0`; port() is 0 when it did not start.
  ServeChild(const std::string& tool, const std::vector<std::string>& args, const std::string& stderr_file) {
    std::vector<std::string> argv_text = {tool, "serve", "--port", "0"};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    int out[2];
    if (pipe(out) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      // Killed with this process, too, if it dies before its destructors run.
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (chdir(TABULA_SOURCE_DIR) != 0) _exit(126);
      dup2(out[1], 1);
      const int err = ::open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (err >= 0) dup2(err, 2);
      close(out[0]);
      close(out[1]);
      std::vector<char*> argv;
      for (auto& s : argv_text) argv.push_back(s.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]);
    out_ = out[0];
    char c;
    while (::read(out_, &c, 1) == 1 && c != '\n') first_line_ += c;
    // "tabula serve: http://127.0.0.1:PORT/  (games in ..., N resumed; ...)"
    const std::string at = "http://127.0.0.1:";
    if (size_t p = first_line_.find(at); p != std::string::npos) port_ = std::atoi(first_line_.c_str() + p + at.size());
  }
  ~ServeChild() { stop(SIGKILL); }
  ServeChild(const ServeChild&) = delete;
  ServeChild& operator=(const ServeChild&) = delete;

  int port() const { return port_; }
  const std::string& first_line() const { return first_line_; }
  // Sends `sig` and reaps the process; its wait status (-1 if not running).
  int stop(int sig) {
    if (pid_ <= 0) return -1;
    kill(pid_, sig);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    if (out_ >= 0) close(out_);
    out_ = -1;
    return status;
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  int port_ = 0;
  std::string first_line_;
};

}  // namespace tabula
