// BulkResult: what one bulk check over an index range reports, and the
// order-independent checksum that lets chunked, threaded and GPU runs agree
// bit for bit.
#pragma once

#include <cstdint>

#include "layout/flat_layout.hpp"  // LAYOUT_HD

namespace gpu_check {

// "No index": the value of `first` when nothing mismatched.
inline constexpr uint64_t kNone = ~uint64_t{0};

// mix(i, v) = v XOR (i * K): one 64-bit word per (index, value) pair.
// checksum = sum of mix(i, v_i) mod 2^64 over the range, so it does not depend
// on the order in which chunks, threads or warps visit the indices.
inline constexpr uint64_t kMixK = 0x9E3779B97F4A7C15ull;  // 2^64 / golden ratio, odd
LAYOUT_HD inline uint64_t mix(uint64_t i, int64_t v) {
  return static_cast<uint64_t>(v) ^ (i * kMixK);
}

struct BulkResult {
  uint64_t checked = 0;     // indices visited: hi - lo
  uint64_t mismatches = 0;  // indices (tile: defects, see finalize_tile) that break the law
  uint64_t first = kNone;   // smallest mismatching index
  int64_t expected = 0;     // at `first`: what the law says (tile: the offset there)
  int64_t actual = 0;       // at `first`: what the checked layout gives
  uint64_t checksum = 0;    // sum of mix(i, actual value at i)
  // tile only: offsets outside [0, m), hits of an offset already hit, offsets hit.
  uint64_t out_of_range = 0, duplicates = 0, covered = 0;

  friend bool operator==(const BulkResult&, const BulkResult&) = default;
};

// Records a mismatch at i; keeps the values of the smallest index.
LAYOUT_HD inline void note_mismatch(BulkResult& r, uint64_t i, int64_t expected, int64_t actual) {
  ++r.mismatches;
  if (i < r.first) {
    r.first = i;
    r.expected = expected;
    r.actual = actual;
  }
}

// r := r + s for results over disjoint index ranges (sums add, first is the min).
//   `covered` is not additive (a bitmap property) and is left to the caller.
LAYOUT_HD inline void merge(BulkResult& r, const BulkResult& s) {
  r.checked += s.checked;
  r.mismatches += s.mismatches;
  if (s.first < r.first) {
    r.first = s.first;
    r.expected = s.expected;
    r.actual = s.actual;
  }
  r.checksum += s.checksum;
  r.out_of_range += s.out_of_range;
  r.duplicates += s.duplicates;
}

// Tile: defects = out-of-range indices + duplicate hits + offsets of [0, m)
// never hit.  pre: covered <= m.
inline void finalize_tile(BulkResult& r, uint64_t m) {
  r.mismatches = r.out_of_range + r.duplicates + (m - r.covered);
}

}  // namespace gpu_check
