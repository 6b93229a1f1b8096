#include "core/lua/watchdog.h"

#include <lua.hpp>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <mutex>

namespace tabula {

namespace {

constexpr int64_t kTickMs = 10;
thread_local std::atomic<Watchdog*> t_active{nullptr};

int tick_signal() { return SIGRTMIN + 4; }

// The timer of this thread's CPU time, made on the first transaction.
struct ThreadTimer {
  timer_t id{};
  bool made = false;
  void ensure() {
    if (made) return;
    sigevent ev{};
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev.sigev_signo = tick_signal();
    ev._sigev_un._tid = static_cast<pid_t>(syscall(SYS_gettid));
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &id) != 0) return;
    itimerspec spec{};
    spec.it_value.tv_nsec = kTickMs * 1000000;
    spec.it_interval.tv_nsec = kTickMs * 1000000;
    timer_settime(id, 0, &spec, nullptr);
    made = true;
  }
  ~ThreadTimer() {
    if (made) timer_delete(id);
  }
};
thread_local ThreadTimer t_timer;

void stop_hook(lua_State* L, lua_Debug*) {
  Watchdog* w = t_active.load();
  if (!w || !w->expired()) {
    lua_sethook(L, nullptr, 0, 0);  // left over from an earlier transaction
    return;
  }
  luaL_where(L, 0);
  lua_pushfstring(L, "time limit exceeded (the scripts of one choice may run for %I ms)",
                  static_cast<lua_Integer>(w->limit_ms()));
  lua_concat(L, 2);
  lua_error(L);
}

}  // namespace

Watchdog::Watchdog(int64_t limit_ms) : limit_ms_(limit_ms) {
  limit_ticks_ = static_cast<int>((limit_ms + kTickMs - 1) / kTickMs) + 1;
  static std::once_flag installed;
  std::call_once(installed, [] {
    struct sigaction sa {};
    sa.sa_handler = &Watchdog::on_tick;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(tick_signal(), &sa, nullptr);
  });
}

Watchdog::~Watchdog() {
  if (t_active.load() == this) t_active.store(nullptr);
}

void Watchdog::begin(lua_State* main) {
  if (limit_ms_ <= 0) return;
  t_timer.ensure();
  expired_.store(false, std::memory_order_relaxed);
  threads_[0].store(main, std::memory_order_relaxed);
  depth_.store(1, std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_relaxed);
  t_active.store(this);
  running_.store(true, std::memory_order_release);
}

void Watchdog::end() {
  if (limit_ms_ <= 0) return;
  running_.store(false, std::memory_order_release);
  if (expired_.load(std::memory_order_relaxed)) {
    lua_State* main = threads_[0].load(std::memory_order_relaxed);
    if (main) lua_sethook(main, nullptr, 0, 0);
  }
  depth_.store(0, std::memory_order_relaxed);
  if (t_active.load() == this) t_active.store(nullptr);
}

void Watchdog::enter(lua_State* co) {
  int d = depth_.load(std::memory_order_relaxed);
  if (d < kMaxThreads) threads_[d].store(co, std::memory_order_relaxed);
  depth_.store(d + 1, std::memory_order_relaxed);
}

void Watchdog::leave() {
  int d = depth_.load(std::memory_order_relaxed);
  if (d > 1) depth_.store(d - 1, std::memory_order_relaxed);
}

void Watchdog::on_tick(int) {
  Watchdog* w = t_active.load();
  if (!w || !w->running_.load(std::memory_order_acquire)) return;
  const uint32_t g = w->generation_.load(std::memory_order_relaxed);
  if (g != w->seen_) {
    w->seen_ = g;
    w->ticks_ = 0;
    return;
  }
  if (++w->ticks_ < w->limit_ticks_) return;
  w->expired_.store(true, std::memory_order_relaxed);
  // lua_sethook may be called from a signal handler (lua.c stops scripts so).
  const int n = std::min(w->depth_.load(std::memory_order_relaxed), kMaxThreads);
  for (int i = 0; i < n; ++i)
    if (lua_State* L = w->threads_[i].load(std::memory_order_relaxed)) lua_sethook(L, &stop_hook, LUA_MASKCOUNT, 1);
}

}  // namespace tabula
