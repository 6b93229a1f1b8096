// The Lua host's allocator: small blocks (most of what Lua allocates:
// tables, strings, closures) come from per-size free lists, which costs a
// few instructions instead of a trip through malloc; bigger ones go to
// malloc. Every byte Lua asks for is counted against the memory cap.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace tabula {

class LuaAlloc {
 public:
  explicit LuaAlloc(size_t limit) : limit_(limit), room_(limit) {}
  ~LuaAlloc();
  LuaAlloc(const LuaAlloc&) = delete;
  LuaAlloc& operator=(const LuaAlloc&) = delete;

  // lua_Alloc: ud is the LuaAlloc.
  static void* call(void* ud, void* ptr, size_t osize, size_t nsize);

  size_t used() const { return used_; }
  size_t limit() const { return limit_; }
  // What the kernel holds for the scripts besides Lua's heap: Lua may use
  // the rest of the cap (LuaHost's memory account).
  void set_kernel(int64_t bytes) {
    room_ = bytes <= 0 ? limit_ : static_cast<size_t>(bytes) >= limit_ ? 0 : limit_ - static_cast<size_t>(bytes);
  }
  // The last request was refused (Lua collects and retries once before it
  // raises "not enough memory"): the running call must fail.
  bool refused() const { return refused_; }
  void reset_refused() { refused_ = false; }
  // Called on every refused request (not on the hot path), e.g. to note
  // where the script stood.
  void on_refuse(void (*fn)(void*), void* ctx) {
    on_refuse_ = fn;
    on_refuse_ctx_ = ctx;
  }

 private:
  static constexpr size_t kGrain = 16;
  static constexpr size_t kSmall = 256;  // blocks up to this size are pooled
  static constexpr size_t kClasses = kSmall / kGrain;
  static constexpr size_t kChunk = 64 * 1024;

  static size_t class_of(size_t n) { return (n - 1) >> 4; }  // n in 1..kSmall; kGrain is 16
  void* take(size_t cls);
  void give(void* p, size_t cls);

  size_t limit_;
  size_t room_;  // the cap less what the kernel holds
  size_t used_ = 0;
  bool refused_ = false;
  void (*on_refuse_)(void*) = nullptr;
  void* on_refuse_ctx_ = nullptr;
  void* free_[kClasses] = {};
  char* chunk_ = nullptr;       // the chunk small blocks are cut from
  size_t chunk_left_ = 0;
  std::vector<void*> chunks_;  // every chunk, freed with the allocator
};

}  // namespace tabula
