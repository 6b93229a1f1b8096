// Stops scripts that run too long, at no cost per Lua instruction. A timer
// on the thread's CPU time ticks every few milliseconds while the thread
// computes; when one transaction (a choice, or a game's start) has been
// running past its limit, the tick sets a Lua hook on the running Lua
// threads, and the hook raises an error at their next instruction. The
// kernel's own loops ask expired() between steps. Not deterministic by
// design: see docs/lua-api.md, "Limits".
#pragma once
#include <atomic>
#include <cstdint>

struct lua_State;

namespace tabula {

class Watchdog {
 public:
  explicit Watchdog(int64_t limit_ms);  // 0: no limit
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // A transaction runs Lua on `main` from now until end(), on this thread.
  void begin(lua_State* main);
  void end();
  // A coroutine starts or stops running inside the transaction.
  void enter(lua_State* co);
  void leave();
  bool expired() const { return expired_.load(std::memory_order_relaxed); }
  int64_t limit_ms() const { return limit_ms_; }

 private:
  static void on_tick(int);
  static constexpr int kMaxThreads = 256;

  const int64_t limit_ms_;
  int limit_ticks_ = 0;
  std::atomic<bool> running_{false};
  std::atomic<bool> expired_{false};
  std::atomic<uint32_t> generation_{0};
  std::atomic<int> depth_{0};
  std::atomic<lua_State*> threads_[kMaxThreads] = {};
  // Only the signal handler writes these.
  uint32_t seen_ = 0;
  int ticks_ = 0;
};

}  // namespace tabula
