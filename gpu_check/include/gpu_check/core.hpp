// The host-device core of the bulk checks: one chunk [start, start + count) of
// a BulkJob, folded into a BulkResult. The CUDA kernels and the CPU backend
// call these same functions; core_chunked.hpp is the host's faster variant of
// check_cursor with identical results.
//
// Every function here: pre: start + count <= job.n (the job's invariant then
// makes every evaluation exact). post: r gains the chunk's checked count,
// mismatches (first one with its values) and checksum.
#pragma once

#include <cstdint>

#include "gpu_check/cursor.hpp"
#include "gpu_check/job.hpp"
#include "gpu_check/result.hpp"

namespace gpu_check {

// One index: compares and sums. (E, A as in job.hpp.)
LAYOUT_HD inline void visit(BulkResult& r, uint64_t i, int64_t e, int64_t a) {
  r.checksum += mix(i, a);
  if (e != a) note_mismatch(r, i, e, a);
}

// x(v) for a composed argument v = y(i) (rank-1 x also takes v < 0).
LAYOUT_HD inline int64_t eval_at(const layout::FlatLayout& x, int64_t v) {
  return x(static_cast<uint64_t>(v));
}

// f(i, x(y(i))) for i in [start, start + count), in order.
//   pre: the job invariant for x and y (job.hpp).
//   Along each run of y's mode 0 the argument y(i) rises by y's stride 0, so
//   x is stepped by a StepCursor: one division pass per run (per chunk when y
//   has rank 1), then mixed-radix additions.
template <class F>
LAYOUT_HD void for_composed(const layout::FlatLayout& x, const layout::FlatLayout& y,
                            uint64_t start, uint64_t count, F f) {
  Cursor cy(y, start);
  StepCursor sx(x, static_cast<uint64_t>(y.stride[0]));
  uint64_t i = start;
  while (count != 0) {
    const uint64_t k = cy.run() < count ? cy.run() : count;
    sx.at(x, cy.off);
    for (uint64_t j = 0; j < k; ++j) {
      f(i + j, static_cast<int64_t>(sx.off));
      sx.next(x);
    }
    cy.skip(y, k);
    i += k;
    count -= k;
  }
}

// Odometer strategy: one division pass per chunk and per layout, then one
// stride addition per index and layout (the outer layout of a composition
// through for_composed). Not for tile (see TileMarker).
LAYOUT_HD inline void check_cursor(const BulkJob& job, uint64_t start, uint64_t count,
                                   BulkResult& r) {
  r.checked += count;
  switch (job.law) {
    case Law::equal: {
      Cursor cx(job.x, start), cy(job.y, start);
      for (uint64_t i = start; i < start + count; ++i) {
        visit(r, i, static_cast<int64_t>(cx.off), static_cast<int64_t>(cy.off));
        cx.next(job.x);
        cy.next(job.y);
      }
      break;
    }
    case Law::compose: {
      Cursor cz(job.z, start);
      for_composed(job.x, job.y, start, count, [&](uint64_t i, int64_t e) {
        visit(r, i, e, static_cast<int64_t>(cz.off));
        cz.next(job.z);
      });
      break;
    }
    case Law::right_inverse:
    case Law::left_inverse:
      for_composed(job.x, job.y, start, count,
                   [&](uint64_t i, int64_t a) { visit(r, i, static_cast<int64_t>(i), a); });
      break;
    case Law::tile:
      break;  // TileMarker
  }
}

// Per-index strategy (the reference and the baseline of the benchmarks):
// every layout evaluated at every index with the magic dividers.
LAYOUT_HD inline void check_per_index(const BulkJob& job, uint64_t start, uint64_t count,
                                      BulkResult& r) {
  r.checked += count;
  const uint64_t end = start + count;
  for (uint64_t i = start; i < end; ++i) {
    switch (job.law) {
      case Law::equal:
        visit(r, i, job.x(i), job.y(i));
        break;
      case Law::compose:
        visit(r, i, eval_at(job.x, job.y(i)), job.z(i));
        break;
      case Law::right_inverse:
      case Law::left_inverse:
        visit(r, i, static_cast<int64_t>(i), eval_at(job.x, job.y(i)));
        break;
      case Law::tile:
        break;
    }
  }
}

LAYOUT_HD inline uint64_t popcount64(uint64_t w) {
#ifdef __CUDA_ARCH__
  return static_cast<uint64_t>(__popcll(w));
#else
  return static_cast<uint64_t>(__builtin_popcountll(w));
#endif
}

// Tile, pass 1 (and pass 2): marks offsets in a bitmap of m bits.
//   OrWord: uint64_t(uint64_t word, uint64_t mask), atomically ORs mask into
//     bitmap word `word` and returns the old word.
//   DupMark: void(uint64_t word, uint64_t mask), records offsets hit twice
//     (pass 2 only; pass 1 passes a no-op).
// Bits of neighbouring offsets are gathered in a local mask and ORed once
// per word. The number of duplicate hits (indices whose offset was already
// hit) = in-range indices - distinct offsets: the same in any visiting order.
template <class OrWord, class DupMark>
struct TileMarker {
  OrWord or_word;
  DupMark dup_mark;
  uint64_t m;
  uint64_t word = kNone, mask = 0;

  // Index i has offset v.
  LAYOUT_HD void add(BulkResult& r, uint64_t i, int64_t v) {
    r.checksum += mix(i, v);
    if (v < 0 || static_cast<uint64_t>(v) >= m) {
      ++r.out_of_range;
      if (i < r.first) {
        r.first = i;
        r.expected = r.actual = v;
      }
      return;
    }
    const uint64_t w = static_cast<uint64_t>(v) >> 6, bit = uint64_t{1} << (v & 63);
    if (w != word) {
      flush(r);
      word = w;
    }
    if (mask & bit) {
      ++r.duplicates;
      dup_mark(w, bit);
    }
    mask |= bit;
  }

  // post: the gathered mask is in the bitmap.
  LAYOUT_HD void flush(BulkResult& r) {
    if (mask == 0) return;
    const uint64_t again = or_word(word, mask) & mask;
    if (again) {
      r.duplicates += popcount64(again);
      dup_mark(word, again);
    }
    mask = 0;
  }
};

template <class OrWord, class DupMark>
LAYOUT_HD TileMarker<OrWord, DupMark> make_marker(OrWord o, DupMark d, uint64_t m) {
  return TileMarker<OrWord, DupMark>{o, d, m};
}

// Tile pass 1/2 over visiting positions [start, start + count) with the
// odometer (index y(j), offset x(j); job.hpp).
template <class OrWord, class DupMark>
LAYOUT_HD void tile_mark(const BulkJob& job, uint64_t start, uint64_t count, BulkResult& r,
                         OrWord or_word, DupMark dup_mark) {
  r.checked += count;
  if (count == 0) return;
  auto mk = make_marker(or_word, dup_mark, job.m);
  Cursor cx(job.x, start), cy(job.y, start);
  for (uint64_t j = 0; j < count; ++j) {
    mk.add(r, cy.off, static_cast<int64_t>(cx.off));
    cx.next(job.x);
    cy.next(job.y);
  }
  mk.flush(r);
}

// Tile pass 3: r.first := the smallest index among positions [start, start +
// count) whose offset is in [0, m) and marked in dups (an offset hit more
// than once); values = that offset.  dups: pass 2's DupMark bitmap (read only).
LAYOUT_HD inline void tile_find(const BulkJob& job, uint64_t start, uint64_t count,
                                const uint64_t* dups, BulkResult& r) {
  if (count == 0) return;
  Cursor cx(job.x, start), cy(job.y, start);
  for (uint64_t j = 0; j < count; ++j) {
    const int64_t v = static_cast<int64_t>(cx.off);
    if (v >= 0 && static_cast<uint64_t>(v) < job.m && ((dups[v >> 6] >> (v & 63)) & 1) &&
        cy.off < r.first) {
      r.first = cy.off;
      r.expected = r.actual = v;
    }
    cx.next(job.x);
    cy.next(job.y);
  }
}

}  // namespace gpu_check
