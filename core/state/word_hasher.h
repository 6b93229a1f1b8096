// The state's hash (State::hash): words are gathered into a buffer and mixed
// at the end in four independent lanes (xxHash64's round and merge), so that
// the CPU mixes four words at a time instead of waiting on one chain of
// multiplies per word. A search hashes every node it reaches, so the hash
// must cost less than the clone of the state it identifies.
#pragma once
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "core/state/value.h"

namespace tabula {

class WordHasher {
 public:
  // The buffer is reused by every hash on this thread: after the first few
  // hashes of a game it allocates nothing.
  WordHasher() : words_(buffer()) { words_.clear(); }

  void u64(uint64_t v) { words_.push_back(v); }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  // Two 32-bit fields in one word (ids, seats, flags).
  void pair(int32_t a, int32_t b) { u64(static_cast<uint32_t>(a) | static_cast<uint64_t>(static_cast<uint32_t>(b)) << 32); }

  void str(std::string_view s) {
    u64(s.size());
    const size_t at = words_.size();
    if (s.size() < 16) {  // most keys and values: no call
      char b[16] = {};
      for (size_t i = 0; i < s.size(); ++i) b[i] = s[i];
      uint64_t w[2];
      std::memcpy(w, b, 16);
      words_.push_back(w[0]);
      if (s.size() >= 8) words_.push_back(w[1]);
    } else {
      words_.resize(at + s.size() / 8 + 1, 0);
      std::memcpy(words_.data() + at, s.data(), s.size());
    }
    if constexpr (std::endian::native == std::endian::big)  // a log hashes alike on every machine
      for (size_t i = at; i < words_.size(); ++i) words_[i] = __builtin_bswap64(words_[i]);
  }

  void value(const Value& v) {
    switch (v.kind()) {
      case Value::Kind::Nil: u64(0); break;
      case Value::Kind::Bool: u64(v.as_bool() ? 0x101 : 0x100); break;
      case Value::Kind::Int:
        u64(0x200);
        i64(v.as_int());
        break;
      case Value::Kind::Str:
        u64(0x300);
        str(v.as_str());
        break;
      case Value::Kind::List:
        u64(0x400 | static_cast<uint64_t>(v.items().size()) << 16);
        for (const auto& x : v.items()) value(x);
        break;
      case Value::Kind::Dict:
        u64(0x500 | static_cast<uint64_t>(v.entries().size()) << 16);
        for (const auto& [k, x] : v.entries()) {
          str(k);
          value(x);
        }
        break;
    }
  }

  // A list of records, each given as two words by `words(x, w0, w1)`, mixed
  // straight into the lanes (no buffer) and added as one word: the entities,
  // the bulk of most states, cost a few instructions each.
  template <class T, class F>
  void records(const std::vector<T>& xs, F&& words) {
    uint64_t a = k1 + k2, b = k2, c = 0, d = 0 - k1, w0, w1, w2, w3;
    size_t i = 0;
    for (; i + 2 <= xs.size(); i += 2) {
      words(xs[i], w0, w1);
      words(xs[i + 1], w2, w3);
      a = round(a, w0);
      b = round(b, w1);
      c = round(c, w2);
      d = round(d, w3);
    }
    if (i < xs.size()) {
      words(xs[i], w0, w1);
      a = round(a, w0);
      b = round(b, w1);
    }
    u64(merge(a, b, c, d, xs.size()));
  }

  uint64_t finish() const {
    const uint64_t* w = words_.data();
    const size_t n = words_.size();
    uint64_t a = k1 + k2, b = k2, c = 0, d = 0 - k1;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
      a = round(a, w[i]);
      b = round(b, w[i + 1]);
      c = round(c, w[i + 2]);
      d = round(d, w[i + 3]);
    }
    uint64_t h = merge(a, b, c, d, n);
    for (; i < n; ++i) h = rotl(h ^ round(0, w[i]), 27) * k1 + k4;
    h ^= h >> 33;
    h *= k2;
    h ^= h >> 29;
    h *= k3;
    h ^= h >> 32;
    return h;
  }

 private:
  static constexpr uint64_t k1 = 0x9e3779b185ebca87ull, k2 = 0xc2b2ae3d27d4eb4full, k3 = 0x165667b19e3779f9ull,
                            k4 = 0x85ebca77c2b2ae63ull;
  static uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
  static uint64_t round(uint64_t acc, uint64_t w) { return rotl(acc + w * k2, 31) * k1; }
  static uint64_t merge(uint64_t a, uint64_t b, uint64_t c, uint64_t d, size_t n) {
    uint64_t h = rotl(a, 1) + rotl(b, 7) + rotl(c, 12) + rotl(d, 18);
    for (uint64_t lane : {a, b, c, d}) h = (h ^ round(0, lane)) * k1 + k4;
    return h + static_cast<uint64_t>(n) * 8;
  }
  static std::vector<uint64_t>& buffer() {
    static thread_local std::vector<uint64_t> words;
    return words;
  }
  std::vector<uint64_t>& words_;
};

}  // namespace tabula
