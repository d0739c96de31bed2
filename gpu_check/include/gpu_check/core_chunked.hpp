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
  uint64_t diff = 0, sum = 0;
  if (e != nullptr) {
    for (uint64_t j = 0; j < k; ++j) {
      diff |= static_cast<uint64_t>(e[j] ^ a[j]);
      sum += static_cast<uint64_t>(a[j]) ^ ((start + j) * kMixK);
    }
  } else {
    for (uint64_t j = 0; j < k; ++j) {
      diff |= static_cast<uint64_t>(a[j]) ^ (start + j);
      sum += static_cast<uint64_t>(a[j]) ^ ((start + j) * kMixK);
    }
  }
  r.checksum += sum;
  if (diff == 0) return;
  for (uint64_t j = 0; j < k; ++j) {
    const int64_t want = e != nullptr ? e[j] : static_cast<int64_t>(start + j);
    if (want != a[j]) note_mismatch(r, start + j, want, a[j]);
  }
}

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
        job.y.eval_chunk(start, k, e);
        for (uint64_t j = 0; j < k; ++j) e[j] = eval_at(job.x, e[j]);
        job.z.eval_chunk(start, k, a);
        fold_block(r, start, k, e, a);
        break;
      case Law::right_inverse:
      case Law::left_inverse:
        job.y.eval_chunk(start, k, a);
        for (uint64_t j = 0; j < k; ++j) a[j] = eval_at(job.x, a[j]);
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

}  // namespace gpu_check
