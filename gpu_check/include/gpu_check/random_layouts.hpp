// Random large cases for the bulk campaign: layouts of at least min_size
// indices whose offsets pass 2^32 (tile: whose target passes min_size), built
// admissible for each law by construction; the library then computes the
// algebra's result (prepare_* of make_job.hpp).
#pragma once

#include <cstdint>

#include "gpu_check/make_job.hpp"

namespace gpu_check {

// splitmix64: the same sequence on every platform and standard library.
struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // pre: n >= 1. post: in [0, n) (modulo bias is irrelevant here).
  uint64_t below(uint64_t n) { return next() % n; }
};

// One case of `law`; index counts lie in [min_size, 8 min_size) (compose:
// the size of B, which the generator aims at the same range).
//   pre: 2^10 <= min_size <= 2^36.
//   Throws layout::Error when the library refuses operands generated
//   admissible (for compose, refused operands are redrawn first).
Prepared random_case(Law law, Rng& rng, uint64_t min_size);

}  // namespace gpu_check
