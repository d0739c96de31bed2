// The CPU backend: threads and chunk sizes do not change the result, which
// equals the one-thread reference and the plain definition, also on ranges
// past 2^32.
#include <gtest/gtest.h>

#include "test_util.hpp"

namespace gpu_check {
namespace {

using test::kTwo32;
using test::L;

TEST(CpuBackend, ThreadsChunksAndStrategiesGiveTheSameResult) {
  const layout::Layout l = L("((4,8),(2,16),8,3):((2,64),(1,8),1024,-9000)");
  const BulkJob j = equal_job(l, layout::coalesce(l));
  const BulkResult want = run_reference(j, 0, j.n);
  EXPECT_EQ(want.checked, j.n);
  EXPECT_EQ(want.mismatches, 0u);
  for (unsigned threads : {1u, 2u, 5u})
    for (uint64_t chunk : {uint64_t{1000}, uint64_t{65536}})
      for (Strategy s :
           {Strategy::runs, Strategy::chunked, Strategy::cursor, Strategy::per_index}) {
        CpuOptions o;
        o.threads = threads;
        o.chunk = chunk;
        o.strategy = s;
        EXPECT_EQ(run_cpu(j, 0, j.n, o), want) << threads << " threads, chunk " << chunk;
      }
}

TEST(CpuBackend, EqualsThePlainDefinitionPast2To32) {
  // Big strides, small sizes: offsets past 2^35 over the whole domain.
  const layout::Layout a = L("(3,(5,7),2):(2147483649,(8589934592,34359738368),-4294967296)");
  const BulkJob j = equal_job(a, layout::coalesce(a));
  EXPECT_EQ(run_cpu(j, 0, j.n), (test::Plain{a, layout::coalesce(a), a, Law::equal}.run(0, j.n)));
  // Indices past 2^32: windows of a 2^40-index composition.
  const layout::Layout big = L("(1048576,1048576):(1,1048576)"),
                       b = L("(1024,1073741824):(1,1024)");
  const layout::Layout r = layout::composition(big, b);
  const BulkJob c = compose_job(big, b, r);
  const test::Plain plain{big, b, r, Law::compose};
  for (uint64_t lo : {kTwo32 - 50000, (uint64_t{1} << 40) - 100000}) {
    const BulkResult got = run_cpu(c, lo, lo + 100000);
    EXPECT_EQ(got, plain.run(lo, lo + 100000));
    EXPECT_EQ(got.mismatches, 0u);
  }
}

TEST(CpuBackend, PlantedMismatchPast2To32HasItsExactFirstIndex) {
  // L2 differs from L1 only where the last digit is >= 1: from i = 3 * 2^31 on.
  const layout::Layout l1 = L("(3,2147483648,4):(1,3,6442450944)");
  const layout::Layout l2 = L("(3,2147483648,4):(1,3,6442450945)");
  const BulkJob j = equal_job(l1, l2);
  const uint64_t first = 3 * (uint64_t{1} << 31);
  const BulkResult r = run_cpu(j, first - 70000, first + 30000);
  EXPECT_EQ(r.mismatches, 30000u);
  EXPECT_EQ(r.first, first);
  EXPECT_EQ(r.expected, int64_t{6442450944});
  EXPECT_EQ(r.actual, int64_t{6442450945});
  EXPECT_EQ(r, run_reference(j, first - 70000, first + 30000));
}

TEST(CpuBackend, EmptyRange) {
  const BulkJob j = equal_job(L("8:1"), L("8:1"));
  const BulkResult r = run_cpu(j, 3, 3);
  EXPECT_EQ(r.checked, 0u);
  EXPECT_EQ(r.first, kNone);
}

}  // namespace
}  // namespace gpu_check
