// The CUDA backend against the CPU backend (same count, first index, values,
// checksum, tile counts). Skips with a message where no GPU can run.
#include <gtest/gtest.h>

#include "gpu_check/random_layouts.hpp"
#include "test_util.hpp"

namespace gpu_check {
namespace {

using test::kTwo32;
using test::L;

#define REQUIRE_GPU() \
  if (!gpu_status().available) GTEST_SKIP() << "no GPU: " << gpu_status().description

// (Not a Gpu* suite: device_check.sh counts skipped Gpu* tests as GPU tests that did not run.)
TEST(NoGpu, RefusesToRunWithoutADevice) {
  if (gpu_status().available) GTEST_SKIP() << "a GPU is present: " << gpu_status().description;
  const BulkJob j = equal_job(L("8:1"), L("8:1"));
  EXPECT_THROW(run_gpu(j, 0, 8), GpuError);
  EXPECT_FALSE(gpu_status().description.empty());
}

TEST(GpuBackend, EqualsTheCpuBackendOnEveryLaw) {
  REQUIRE_GPU();
  Rng rng{42};
  for (int k = 0; k < 10; ++k) {
    const Prepared p = random_case(static_cast<Law>(k % 5), rng, uint64_t{1} << 22);
    EXPECT_EQ(run_gpu(p.job, 0, p.job.n), run_cpu(p.job, 0, p.job.n)) << p.statement;
  }
}

TEST(GpuBackend, PlantedMismatchesAndDuplicatesPast2To32) {
  REQUIRE_GPU();
  const BulkJob j =
      equal_job(L("(3,2147483648,4):(1,3,6442450944)"), L("(3,2147483648,4):(1,3,6442450945)"));
  const uint64_t first = 3 * (uint64_t{1} << 31);
  const BulkResult g = run_gpu(j, first - (1 << 24), first + (1 << 24));
  EXPECT_EQ(g.first, first);
  EXPECT_EQ(g.mismatches, uint64_t{1} << 24);
  EXPECT_EQ(g, run_cpu(j, first - (1 << 24), first + (1 << 24)));
  const BulkJob t = tile_job(L("(700001,2):(1,699998)"), 1400002);
  const BulkResult tg = run_gpu(t, 0, t.n);
  EXPECT_EQ(tg.first, 699998u);
  EXPECT_EQ(tg, run_cpu(t, 0, t.n));
  const BulkJob big =
      equal_job(L("(1048576,1048576):(1,1048579)"), L("(1048576,1048576):(1,1048579)"));
  for (uint64_t lo : {kTwo32 - 12345, (uint64_t{1} << 40) - (1 << 26)})
    EXPECT_EQ(run_gpu(big, lo, lo + (1 << 26)), run_cpu(big, lo, lo + (1 << 26)));
}

CpuOptions per_index() {
  CpuOptions o;
  o.strategy = Strategy::per_index;
  return o;
}

// `cases` random cases of the laws in turn, each on the GPU with every grid
// of `grids` (0: the occupancy-sized grid; n: at most n blocks, so threads
// loop over several chunks) equal to the CPU's per-index path; the CUDA-event
// time is set.
void expect_grids_agree(uint64_t seed, int cases, uint64_t size, std::initializer_list<int> grids) {
  Rng rng{seed};
  for (int k = 0; k < cases; ++k) {
    const Prepared p = random_case(static_cast<Law>(k % 5), rng, size);
    const BulkResult want = run_cpu(p.job, 0, p.job.n, per_index());
    for (int blocks : grids) {
      GpuOptions o;
      o.max_blocks = blocks;
      double seconds = -1;
      o.kernel_seconds = &seconds;
      EXPECT_EQ(run_gpu(p.job, 0, p.job.n, o), want)
          << p.statement << " on " << blocks << " block(s)";
      EXPECT_GT(seconds, 0.0);
    }
  }
}

// Tiny sizes, every kernel (check, tile passes 1-3, popcount, probe), the
// full grid and a one-block grid whose threads loop over several chunks:
// device_check.sh runs these under compute-sanitizer (GpuTiny.*).
TEST(GpuTiny, EveryKernelOnBothGrids) {
  REQUIRE_GPU();
  expect_grids_agree(7, 10, uint64_t{1} << 14, {0, 1});
  // tile with a duplicate (passes 2 and 3, the probe) and with holes
  const BulkJob dup = tile_job(L("(701,2):(1,698)"), 1402);
  const BulkResult d = run_gpu(dup, 0, dup.n);
  EXPECT_EQ(d.first, 698u);
  EXPECT_GT(d.duplicates, 0u);
  EXPECT_EQ(d, run_cpu(dup, 0, dup.n, per_index()));
  const BulkJob holes = tile_job(L("(4,6):(1,32)"), 4096);
  EXPECT_EQ(run_gpu(holes, 0, holes.n), run_cpu(holes, 0, holes.n, per_index()));
  // a planted mismatch: its index and values come from the probe kernel
  const BulkJob bad = equal_job(L("(64,64):(1,64)"), L("(64,64):(1,65)"));
  const BulkResult b = run_gpu(bad, 0, bad.n);
  EXPECT_EQ(b.first, 64u);
  EXPECT_EQ(b.expected, 64);
  EXPECT_EQ(b.actual, 65);
}

// The grid-stride loop over many chunks per thread on a large range, and the
// CUDA-event timing.
TEST(GpuBackend, SmallGridsLoopOverManyChunks) {
  REQUIRE_GPU();
  expect_grids_agree(11, 5, uint64_t{1} << 24, {1, 3, 64});
}

// A tile past 2^33 with one duplicated offset and one hole, at full grid: the
// counts are known exactly. T = (2^33, 2):(1, 2^33 - 1), m = 2^34: index
// 2^33 - 1 and index 2^33 both hit offset 2^33 - 1; offset 2^34 - 1 is never hit.
TEST(GpuBackend, TilePast2To33WithADuplicateAndAHole) {
  REQUIRE_GPU();
  const uint64_t h = uint64_t{1} << 33;
  const BulkJob t = tile_job(L("(8589934592,2):(1,8589934591)"), int64_t{1} << 34);
  ASSERT_EQ(t.n, 2 * h);
  const BulkResult r = run_gpu(t, 0, t.n);
  EXPECT_EQ(r.out_of_range, 0u);
  EXPECT_EQ(r.duplicates, 1u);
  EXPECT_EQ(r.covered, 2 * h - 1);
  EXPECT_EQ(r.mismatches, 2u);  // one duplicate hit, one offset never hit
  EXPECT_EQ(r.first, h - 1);
  EXPECT_EQ(r.expected, static_cast<int64_t>(h - 1));
}

}  // namespace
}  // namespace gpu_check
