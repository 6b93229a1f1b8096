// The kernel's only source of randomness: xoshiro256** seeded through
// splitmix64. Fixed algorithms, so the same seed gives the same draws on
// every platform and standard library (no std:: distributions).
#pragma once
#include <cstdint>

namespace tabula {

class Rng {
 public:
  Rng() : Rng(0) {}
  explicit Rng(uint64_t seed);
  uint64_t next();
  // Uniform integer in [0, n), n > 0; unbiased by rejection.
  uint64_t below(uint64_t n);
  uint64_t draws() const { return draws_; }
  const uint64_t* words() const { return s_; }
  void restore(const uint64_t words[4], uint64_t draws);

 private:
  uint64_t s_[4];
  uint64_t draws_ = 0;
};

}  // namespace tabula
