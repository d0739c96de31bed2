// The host-device core on the host: the odometer cursor against per-index
// evaluation, the three strategies against each other and against the
// library's own Layout evaluation, checksums that ignore the visiting order,
// and planted mismatches found at their exact first index.
#include <gtest/gtest.h>

#include "gpu_check/core_chunked.hpp"
#include "test_util.hpp"

namespace gpu_check {
namespace {

using test::kTwo32;
using test::L;

const char* const kLayouts[] = {
    "17:3",
    "(4,2):(2,1)",
    "(3,1,5):(7,100,-2)",
    "((4,8),(2,16),8):((2,64),(1,8),1024)",
    "(3,5,7,11):(1,4,25,200)",
    "(2,3,2,3,2,3,2,3):(1,2,6,12,36,72,216,432)",
    "(3,5,7):(2147483649,8589934592,34359738368)",  // strides past 2^31, 2^33, 2^35
    "(1048576,1048576):(1,1048579)",                // 2^40 indices
};

TEST(Cursor, EqualsPerIndexEvaluationIncludingNaturalExtension) {
  for (const char* text : kLayouts) {
    const layout::FlatLayout f = layout::make_flat(L(text));
    for (uint64_t start : {uint64_t{0}, uint64_t{5}, uint64_t{1000}, kTwo32 - 3}) {
      if (f.max_index < start + 300) continue;
      Cursor c(f, start);
      for (uint64_t i = start; i < start + 300; ++i, c.next(f))
        ASSERT_EQ(static_cast<int64_t>(c.off), f(i)) << text << " at " << i;
    }
  }
}

TEST(StepCursor, EqualsPerIndexEvaluationForAnyStep) {
  for (const char* text : kLayouts) {
    const layout::FlatLayout f = layout::make_flat(L(text));
    const uint64_t s0 = static_cast<uint64_t>(f.shape[0]);
    for (uint64_t v : {uint64_t{0}, uint64_t{7}, uint64_t{123456}})
      for (uint64_t d : {uint64_t{0}, uint64_t{1}, uint64_t{3}, s0 - 1, s0, s0 + 1, 5 * s0 + 2,
                         uint64_t{1} << 20, (uint64_t{1} << 31) + 5}) {
        StepCursor c(f, d);
        c.at(f, v);
        for (uint64_t j = 0; j < 400 && v + j * d <= f.max_index; ++j, c.next(f))
          ASSERT_EQ(static_cast<int64_t>(c.off), f(v + j * d))
              << text << " at " << v << " + " << j << " * " << d;
      }
  }
  // Rank 1 takes negative arguments and steps (two's complement).
  const layout::FlatLayout r1 = layout::make_flat(L("1000:-7"));
  StepCursor c(r1, static_cast<uint64_t>(-3));
  c.at(r1, static_cast<uint64_t>(-5));
  for (int64_t j = 0; j < 100; ++j, c.next(r1))
    ASSERT_EQ(static_cast<int64_t>(c.off), (-5 - 3 * j) * -7);
}

BulkResult run(void (*fn)(const BulkJob&, uint64_t, uint64_t, BulkResult&), const BulkJob& j,
               uint64_t lo, uint64_t hi, uint64_t piece) {
  BulkResult r;
  for (uint64_t s = lo; s < hi; s += piece) {
    BulkResult p;
    fn(j, s, std::min(piece, hi - s), p);
    merge(r, p);
  }
  return r;
}

void expect_strategies_agree(const BulkJob& j, const test::Plain& plain, uint64_t lo, uint64_t hi) {
  const BulkResult want = plain.run(lo, hi);
  for (uint64_t piece : {uint64_t{1}, uint64_t{7}, uint64_t{4096}, uint64_t{100000}}) {
    EXPECT_EQ(run(check_per_index, j, lo, hi, piece), want) << "per_index, piece " << piece;
    EXPECT_EQ(run(check_cursor, j, lo, hi, piece), want) << "cursor, piece " << piece;
    EXPECT_EQ(run(check_chunked, j, lo, hi, piece), want) << "chunked, piece " << piece;
    EXPECT_EQ(run(check_runs, j, lo, hi, piece), want) << "runs, piece " << piece;
  }
}

TEST(Core, StrategiesAgreeWithThePlainDefinitionOnEqual) {
  for (const char* text : kLayouts) {
    const layout::Layout l = L(text);
    const uint64_t n = static_cast<uint64_t>(l.size());
    for (const layout::Layout& l2 : {layout::coalesce(l), layout::flatten(l)}) {
      const BulkJob j = equal_job(l, l2);
      expect_strategies_agree(j, {l, l2, l, Law::equal}, 0, std::min<uint64_t>(n, 20000));
      if (n > 20000) expect_strategies_agree(j, {l, l2, l, Law::equal}, n - 20000, n);
    }
  }
}

TEST(Core, RunsWithDifferentModeZeroLengthsAgree) {
  // Mode 0 of 64 and of 32 entries (runs end at different indices), and a
  // different function, so that mismatches fall inside and across runs.
  const layout::Layout a = L("(64,64,3):(1,100,7000)"), b = L("(32,2,64,3):(1,32,101,7001)");
  expect_strategies_agree(equal_job(a, b), {a, b, a, Law::equal}, 0, 12288);
  expect_strategies_agree(equal_job(a, a), {a, a, a, Law::equal}, 5, 12000);
}

TEST(Core, StrategiesAgreeOnComposeAndInverses) {
  const layout::Layout a = L("(3,6,2,8):(96,16,8,2)"), b = L("16:72");
  const layout::Layout r = layout::composition(a, b);
  expect_strategies_agree(compose_job(a, b, r), {a, b, r, Law::compose}, 0, 16);
  const layout::Layout big = L("((1024,64),4096):((1,8192),1048576)");
  const layout::Layout bb = L("(256,4096):(4,1024)");
  const layout::Layout rr = layout::composition(big, bb);
  expect_strategies_agree(compose_job(big, bb, rr), {big, bb, rr, Law::compose}, 0, 50000);
  expect_strategies_agree(compose_job(big, bb, rr), {big, bb, rr, Law::compose}, 1000000 - 3,
                          1048576);
  const layout::Layout ri = layout::right_inverse(big);
  expect_strategies_agree(right_inverse_job(big, ri), {big, ri, big, Law::right_inverse}, 0,
                          static_cast<uint64_t>(ri.size()));
  const layout::Layout li = layout::left_inverse(big);
  expect_strategies_agree(left_inverse_job(big, li), {li, big, li, Law::left_inverse},
                          (uint64_t{1} << 28) - 70000, uint64_t{1} << 28);
}

TEST(Core, SubRangesPast2To32AgreeWithThePlainDefinition) {
  // 2^40 indices; only windows past 2^32 are visited.
  const layout::Layout l = L("(1048576,(32,32768)):(3,(5000000000,7))");
  const layout::Layout c = layout::coalesce(l);
  const BulkJob j = equal_job(l, c);
  for (uint64_t lo : {kTwo32 - 1000, uint64_t{1} << 39, (uint64_t{1} << 40) - 5000})
    expect_strategies_agree(j, {l, c, l, Law::equal}, lo, lo + 5000);
}

TEST(Core, ChecksumDoesNotDependOnTheVisitingOrder) {
  const layout::Layout l = L("((4,8),(2,16),8):((2,64),(1,8),1024)");
  const BulkJob j = equal_job(l, layout::coalesce(l));
  BulkResult whole;
  check_cursor(j, 0, 8192, whole);
  BulkResult backwards;  // chunks of 37 from the end
  for (uint64_t end = 8192; end > 0;) {
    const uint64_t s = end >= 37 ? end - 37 : 0;
    BulkResult p;
    (s % 2 ? check_chunked : check_runs)(j, s, end - s, p);
    merge(backwards, p);
    end = s;
  }
  EXPECT_EQ(whole, backwards);
  EXPECT_NE(whole.checksum, 0u);
}

TEST(Core, PlantedMismatchesAreFoundAtTheirFirstIndex) {
  // L2 differs from L1 exactly where the second mode's digit is >= 1.
  const layout::Layout l1 = L("(1000,1000):(1,1000)"), l2 = L("(1000,1000):(1,1001)");
  const BulkJob j = equal_job(l1, l2);
  for (auto fn : {check_per_index, check_cursor, check_chunked, check_runs}) {
    BulkResult r;
    fn(j, 0, j.n, r);
    EXPECT_EQ(r.mismatches, 999000u);
    EXPECT_EQ(r.first, 1000u);
    EXPECT_EQ(r.expected, 1000);
    EXPECT_EQ(r.actual, 1001);
  }
  // A wrong "composition" past 2^32: R's stride is off by one in its last mode.
  const layout::Layout a = L("(8589934592,4):(1,17179869184)"),
                       b = L("(8589934592,4):(1,8589934592)");
  const layout::Layout wrong = L("(8589934592,4):(1,17179869185)");
  const BulkJob c = compose_job(a, b, wrong);
  const uint64_t first = uint64_t{1} << 33;  // the first index with last digit 1
  for (auto fn : {check_per_index, check_cursor, check_chunked, check_runs}) {
    BulkResult r;
    fn(c, first - 100, 200, r);
    EXPECT_EQ(r.mismatches, 100u);
    EXPECT_EQ(r.first, first);
    EXPECT_EQ(r.expected, int64_t{1} << 34);
    EXPECT_EQ(r.actual, (int64_t{1} << 34) + 1);
  }
}

}  // namespace
}  // namespace gpu_check
