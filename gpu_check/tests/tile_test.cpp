// Tile: the bitmap check against a brute-force count of every offset, with
// planted duplicates, out-of-range offsets and holes.
#include <gtest/gtest.h>

#include <map>

#include "test_util.hpp"

namespace gpu_check {
namespace {

using test::L;

// Brute force: counts per offset, first index out of range or on a repeated offset.
BulkResult brute_tile(const layout::Layout& t, uint64_t m, uint64_t lo, uint64_t hi) {
  std::map<int64_t, uint64_t> hits;
  BulkResult r;
  r.checked = hi - lo;
  for (uint64_t i = lo; i < hi; ++i) {
    const int64_t v = t(static_cast<int64_t>(i));
    r.checksum += mix(i, v);
    if (v < 0 || static_cast<uint64_t>(v) >= m)
      ++r.out_of_range;
    else if (hits[v]++ > 0)
      ++r.duplicates;
  }
  r.covered = hits.size();
  for (uint64_t i = lo; i < hi && r.first == kNone; ++i) {
    const int64_t v = t(static_cast<int64_t>(i));
    if (v < 0 || static_cast<uint64_t>(v) >= m || hits[v] > 1) {
      r.first = i;
      r.expected = r.actual = v;
    }
  }
  finalize_tile(r, m);
  return r;
}

void expect_all_agree(const layout::Layout& t, int64_t m, uint64_t lo, uint64_t hi) {
  const BulkJob j = tile_job(t, m);
  const BulkResult want = brute_tile(t, static_cast<uint64_t>(m), lo, hi);
  for (Strategy s : {Strategy::chunked, Strategy::cursor, Strategy::per_index})
    for (unsigned threads : {1u, 2u, 3u}) {
      CpuOptions o;
      o.strategy = s;
      o.threads = threads;
      o.chunk = 100;
      EXPECT_EQ(run_cpu(j, lo, hi, o), want) << layout::to_string(t) << " m = " << m;
    }
}

TEST(Tile, ComplementTilesExactly) {
  // M a multiple of A's chain end (192, 12, 192, 480).
  for (auto [a, m] : {std::pair{"(4,6):(1,32)", int64_t{3072}},
                      {"(2,2):(1,6)", int64_t{24}},
                      {"((2,4),3):((1,8),64)", int64_t{1536}},
                      {"(2,(3,4),5):(1,(2,6),96)", int64_t{1920}}}) {
    const Prepared p = prepare_tile(L(a), m);
    const BulkResult r = run_cpu(p.job, 0, p.job.n);
    EXPECT_EQ(r.mismatches, 0u) << p.statement;
    EXPECT_EQ(r.covered, static_cast<uint64_t>(m));
    EXPECT_EQ(r.first, kNone);
  }
}

TEST(Tile, TargetNotAMultipleOfTheChainEndIsCaught) {
  // complement((4,6):(1,32), 4096) = (8,22):(4,192) runs past 4096: 128 offsets
  // out of range, the first at index 4040.
  const Prepared p = prepare_tile(L("(4,6):(1,32)"), 4096);
  const BulkResult r = run_cpu(p.job, 0, p.job.n);
  EXPECT_EQ(r.out_of_range, 128u);
  EXPECT_EQ(r.first, 4040u);
  EXPECT_EQ(r, brute_tile(L("((4,6),(8,22)):((1,32),(4,192))"), 4096, 0, p.job.n));
}

TEST(Tile, PlantedDuplicatesOutOfRangeAndHolesMatchBruteForce) {
  expect_all_agree(L("(4,4):(1,2)"), 16, 0, 16);               // overlaps: 2..5 hit twice
  expect_all_agree(L("(8,8):(1,7)"), 64, 0, 64);               // one repeat per row
  expect_all_agree(L("(4,8):(1,4)"), 20, 0, 32);               // 12 offsets out of range
  expect_all_agree(L("8:2"), 16, 0, 8);                        // holes only
  expect_all_agree(L("(3,(5,7)):(-1,(3,100))"), 700, 0, 105);  // negative offsets
  expect_all_agree(L("(64,(64,64)):(1,(64,4095))"), 1 << 18, 1000, 200000);
}

TEST(Tile, FirstDuplicateIsExactFarIntoTheRange) {
  // t tiles [0, 1400002) exactly. In `bad` the second block starts 3 early:
  // offsets 699998..700000 are hit by indices 699998..700000 and again by
  // 700001..700003 (and 1399999..1400001 are never hit).
  const layout::Layout t = L("(700001,2):(1,700001)");
  const layout::Layout bad = L("(700001,2):(1,699998)");
  const Prepared ok{tile_job(t, 1400002), "", "COMP-TILE", {t}};
  EXPECT_EQ(run_cpu(ok.job, 0, ok.job.n).mismatches, 0u);
  const BulkJob j = tile_job(bad, 1400002);
  const BulkResult r = run_cpu(j, 0, j.n);
  EXPECT_EQ(r.duplicates, 3u);
  EXPECT_EQ(r.first, 699998u);  // the first index whose offset is hit twice
  EXPECT_EQ(r.actual, 699998);
  EXPECT_EQ(r, brute_tile(bad, 1400002, 0, j.n));
}

}  // namespace
}  // namespace gpu_check
