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

TEST(GpuBackend, RefusesToRunWithoutADevice) {
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

}  // namespace
}  // namespace gpu_check
