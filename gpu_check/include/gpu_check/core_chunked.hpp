// The host's chunked strategy: the same checks as core.hpp's check_cursor and
// tile_mark (identical BulkResult), with FlatLayout::eval_chunk filling blocks
// of offsets (a tabulated inner block plus an odometer) and a compare/checksum
// pass that the compiler vectorizes. Host only: eval_chunk's table lives in
// local memory on the device.
#pragma once

#include <cstdint>

#include "gpu_check/core.hpp"

namespace gpu_check {

inline constexpr uint64_t kChunkBlock = 2048;  // offsets per eval_chunk call (2 x 16 KiB)

// Folds block [start, start + k) with expected e[] (or e[j] = start + j when
// e == nullptr) and actual a[] into r.
inline void fold_block(BulkResult& r, uint64_t start, uint64_t k, const int64_t* e,
                       const int64_t* a) {
  uint64_t diff = 0, sum = 0, ik = start * kMixK;  // ik = (start + j) K
  if (e != nullptr) {
    for (uint64_t j = 0; j < k; ++j, ik += kMixK) {
      diff |= static_cast<uint64_t>(e[j] ^ a[j]);
      sum += static_cast<uint64_t>(a[j]) ^ ik;
    }
  } else {
    for (uint64_t j = 0; j < k; ++j, ik += kMixK) {
      diff |= static_cast<uint64_t>(a[j]) ^ (start + j);
      sum += static_cast<uint64_t>(a[j]) ^ ik;
    }
  }
  r.checksum += sum;
  if (diff == 0) return;
  for (uint64_t j = 0; j < k; ++j) {
    const int64_t want = e != nullptr ? e[j] : static_cast<int64_t>(start + j);
    if (want != a[j]) note_mismatch(r, start + j, want, a[j]);
  }
}

// Runs strategy for `equal`: the two odometers advance together over runs
// where neither mode 0 wraps; inside a run both offsets are linear in j, so
// the loop is three inductions, a XOR-OR and a sum (vectorized), and the
// odometers carry only between runs. Used when mode 0 of both layouts has at
// least kMinRun entries, else check_chunked is as fast or faster; the other
// laws go to check_cursor, whose StepCursor beats eval_chunk blocks there
// (docs/PERFORMANCE.md). So this is the fastest path for every law.
//   pre/post: as check_cursor.
inline constexpr int64_t kMinRun = 32;
inline bool short_mode0(const layout::FlatLayout& f) { return f.rank > 1 && f.shape[0] < kMinRun; }
inline void check_runs(const BulkJob& job, uint64_t start, uint64_t count, BulkResult& r);

// pre/post: as check_cursor.
inline void check_chunked(const BulkJob& job, uint64_t start, uint64_t count, BulkResult& r) {
  alignas(64) int64_t e[kChunkBlock];
  alignas(64) int64_t a[kChunkBlock];
  r.checked += count;
  while (count != 0) {
    const uint64_t k = count < kChunkBlock ? count : kChunkBlock;
    switch (job.law) {
      case Law::equal:
        job.x.eval_chunk(start, k, e);
        job.y.eval_chunk(start, k, a);
        fold_block(r, start, k, e, a);
        break;
      case Law::compose:
        for_composed(job.x, job.y, start, k, [&](uint64_t i, int64_t v) { e[i - start] = v; });
        job.z.eval_chunk(start, k, a);
        fold_block(r, start, k, e, a);
        break;
      case Law::right_inverse:
      case Law::left_inverse:
        for_composed(job.x, job.y, start, k, [&](uint64_t i, int64_t v) { a[i - start] = v; });
        fold_block(r, start, k, nullptr, a);
        break;
      case Law::tile:
        return;  // tile_mark_chunked
    }
    start += k;
    count -= k;
  }
}

// pre/post: as tile_mark.
template <class OrWord, class DupMark>
void tile_mark_chunked(const BulkJob& job, uint64_t start, uint64_t count, BulkResult& r,
                       OrWord or_word, DupMark dup_mark) {
  alignas(64) int64_t v[kChunkBlock];
  alignas(64) int64_t idx[kChunkBlock];
  r.checked += count;
  auto mk = make_marker(or_word, dup_mark, job.m);
  while (count != 0) {
    const uint64_t k = count < kChunkBlock ? count : kChunkBlock;
    job.x.eval_chunk(start, k, v);
    job.y.eval_chunk(start, k, idx);
    for (uint64_t j = 0; j < k; ++j) mk.add(r, static_cast<uint64_t>(idx[j]), v[j]);
    start += k;
    count -= k;
  }
  mk.flush(r);
}

inline void check_runs(const BulkJob& job, uint64_t start, uint64_t count, BulkResult& r) {
  if (job.law != Law::equal) return check_cursor(job, start, count, r);
  if (short_mode0(job.x) || short_mode0(job.y)) return check_chunked(job, start, count, r);
  r.checked += count;
  if (count == 0) return;
  Cursor cx(job.x, start), cy(job.y, start);
  const uint64_t dx = static_cast<uint64_t>(job.x.stride[0]);
  const uint64_t dy = static_cast<uint64_t>(job.y.stride[0]);
  uint64_t i = start;
  while (count != 0) {
    uint64_t k = cx.run() < cy.run() ? cx.run() : cy.run();
    k = k < count ? k : count;
    uint64_t e = cx.off, a = cy.off, ik = i * kMixK, diff = 0, sum = 0;
    for (uint64_t j = 0; j < k; ++j) {
      diff |= e ^ a;
      sum += a ^ ik;
      e += dx;
      a += dy;
      ik += kMixK;
    }
    r.checksum += sum;
    if (diff != 0) {
      e = cx.off, a = cy.off;
      for (uint64_t j = 0; j < k; ++j, e += dx, a += dy)
        if (e != a) note_mismatch(r, i + j, static_cast<int64_t>(e), static_cast<int64_t>(a));
    }
    cx.skip(job.x, k);
    cy.skip(job.y, k);
    i += k;
    count -= k;
  }
}

}  // namespace gpu_check
