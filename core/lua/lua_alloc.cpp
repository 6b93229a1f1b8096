#include "core/lua/lua_alloc.h"

#include <cstdlib>
#include <cstring>

namespace tabula {

LuaAlloc::~LuaAlloc() {
  for (void* c : chunks_) std::free(c);
}

void* LuaAlloc::take(size_t cls) {
  if (void* p = free_[cls]) {
    free_[cls] = *static_cast<void**>(p);
    return p;
  }
  const size_t size = (cls + 1) * kGrain;
  if (chunk_left_ < size) {
    chunk_ = static_cast<char*>(std::malloc(kChunk));
    if (!chunk_) return nullptr;
    chunks_.push_back(chunk_);
    chunk_left_ = kChunk;
  }
  void* p = chunk_;
  chunk_ += size;
  chunk_left_ -= size;
  return p;
}

void LuaAlloc::give(void* p, size_t cls) {
  *static_cast<void**>(p) = free_[cls];
  free_[cls] = p;
}

void* LuaAlloc::call(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* a = static_cast<LuaAlloc*>(ud);
  const size_t old = ptr ? osize : 0;
  // The common cases first: freeing, allocating or resizing within the
  // small sizes, which never touch malloc.
  if (old <= kSmall && nsize <= kSmall) {
    if (nsize == 0) {
      if (old) {
        a->used_ -= old;
        a->give(ptr, class_of(old));
      }
      return nullptr;
    }
    if (nsize > old && a->used_ + (nsize - old) > a->room_) {
      a->refused_ = true;
      if (a->on_refuse_) a->on_refuse_(a->on_refuse_ctx_);
      return nullptr;
    }
    void* p = ptr;
    if (!old || class_of(old) != class_of(nsize)) {
      p = a->take(class_of(nsize));
      if (!p) return nullptr;
      if (old) {
        std::memcpy(p, ptr, old < nsize ? old : nsize);
        a->give(ptr, class_of(old));
      }
    }
    a->used_ = a->used_ - old + nsize;
    a->refused_ = false;
    return p;
  }
  if (nsize == 0) {
    a->used_ -= old;
    std::free(ptr);
    return nullptr;
  }
  if (nsize > old && a->used_ + (nsize - old) > a->room_) {
    a->refused_ = true;
    if (a->on_refuse_) a->on_refuse_(a->on_refuse_ctx_);
    return nullptr;
  }
  void* p;
  if (old > kSmall && nsize > kSmall) {
    p = std::realloc(ptr, nsize);
  } else {
    p = nsize > kSmall ? std::malloc(nsize) : a->take(class_of(nsize));
    if (p && ptr) {
      std::memcpy(p, ptr, old < nsize ? old : nsize);
      if (old > kSmall) std::free(ptr);
      else a->give(ptr, class_of(old));
    }
  }
  if (p) {
    a->used_ = a->used_ - old + nsize;
    // A refused request is retried by Lua after an emergency collection;
    // once memory is granted again the cap was not exceeded after all.
    a->refused_ = false;
  }
  return p;
}

}  // namespace tabula
