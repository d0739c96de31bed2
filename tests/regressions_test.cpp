// Regressions: library bugs found while testing, each with the input that showed it.
#include <gtest/gtest.h>

#include "layout/algebra.hpp"
#include "test_oracle.hpp"

namespace {
using layout::IntTuple;
using layout::Layout;
using oracle::L;
using oracle::str;

TEST(Regression, LeftInverseRefusalDoesNotOverflow) {
  // (4,2):(2^61,2^62) is not injective ((2,0) and (0,1) both give 2^62). The
  // refusal message once computed s*d unchecked (signed overflow, UB).
  try {
    (void)layout::left_inverse(L("(4,2):(2305843009213693952,4611686018427387904)"));
    FAIL() << "accepted";
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "left_inverse");
    EXPECT_EQ(e.condition().find("overflows"), std::string::npos) << e.what();
    EXPECT_NE(e.condition().find("not injective"), std::string::npos) << e.what();
  }
}

TEST(Regression, TupleOfLayoutsSizeOverflowIsAParseError) {
  // Written as a tuple of layouts, the size overflow was reported as make_layout
  // (exit 3 in the CLI) instead of malformed input (exit 2).
  try {
    (void)layout::parse_layout("(4611686018427387904:1,4:1)");
    FAIL() << "accepted";
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), "parse") << e.what();
  }
}

TEST(Regression, LocalPartitionNonCompactThreadLayout) {
  // P = (2,2):(1,3) has P((0,1)) = 3; the digit-by-digit lookup missed it.
  layout::Sliced r = layout::local_partition(L("(8,8):(1,8)"), L("(2,2):(1,3)"), 3);
  EXPECT_EQ(str(r.layout), "(4,4):(2,16)");
  EXPECT_EQ(r.offset, 8);
  // The post-condition: element k of thread 3 is L at tile coordinate (0,1), rest k.
  Layout z = layout::zipped_divide(L("(8,8):(1,8)"), layout::parse_tiler("(2,2)"));
  for (int64_t k = 0; k < oracle::size(r.layout); ++k)
    EXPECT_EQ(r.offset + oracle::eval(r.layout, k), oracle::eval(z, 2 + 4 * k)) << k;
  // Non-injective thread layout: the smallest index owning the id.
  layout::Sliced s = layout::local_partition(L("(8,8):(1,8)"), L("(2,2):(1,1)"), 1);
  EXPECT_EQ(s.offset, 1);
  EXPECT_THROW(layout::local_partition(L("(8,8):(1,8)"), L("(2,2):(2,4)"), 1), layout::Error);
}

TEST(Regression, ResultOffsetsPastInt64AreRefused) {
  // 65535:2^50 o 3:8191 = 3:(8191*2^50), whose value at 2 overflows int64.
  try {
    (void)layout::composition(L("65535:1125899906842624"), L("3:8191"));
    FAIL() << "accepted";
  } catch (const layout::Error& e) {
    EXPECT_NE(e.condition().find("past int64"), std::string::npos) << e.what();
  }
}

TEST(Regression, SwizzleArgumentOverflowIsRefused) {
  // -S and M + B + |S| once overflowed int (UB) for extreme arguments.
  EXPECT_THROW(layout::Swizzle(3, 0, INT32_MIN), layout::Error);
  EXPECT_THROW(layout::Swizzle(INT32_MAX, INT32_MAX, INT32_MAX), layout::Error);
  EXPECT_THROW(layout::Swizzle(1, INT32_MAX, 1), layout::Error);
}

TEST(Regression, ComplementIgnoresSizeOneModesWithNegativeStride) {
  // A size-1 mode contributes no offset, whatever its stride (found by COMP-TILE).
  EXPECT_EQ(str(layout::complement(L("(4,1):(1,-3)"), 16)), "4:4");
  EXPECT_THROW(layout::complement(L("(4,2):(1,-3)"), 16), layout::Error);
}

TEST(Regression, ResultSizePastInt64IsRefused) {
  // left_inverse(2:(2^63-2)) would be (2^63-2,2):(0,1), of size 2^64-4 (found by NO-OVERFLOW).
  try {
    (void)layout::left_inverse(L("2:9223372036854775806"));
    FAIL() << "accepted";
  } catch (const layout::Error& e) {
    EXPECT_NE(e.condition().find("size past int64"), std::string::npos) << e.what();
  }
}

TEST(Regression, NegativeIndexOverflowIsRefused) {
  // L(-i) = -L(i) once negated INT64_MIN silently (found by EVAL-ORACLE on large values).
  const Layout l = L("(2,2):(-4611686018427387904,-4611686018427387904)");
  EXPECT_EQ(l(3), INT64_MIN);
  EXPECT_THROW((void)l(-3), layout::Error);
  EXPECT_EQ(l(-1), 4611686018427387904);
  EXPECT_THROW((void)L("4:1")(INT64_MIN), layout::Error);
}

TEST(Regression, Crd2idxPartialSumMayPassInt64) {
  // crd2idx refused (1,(1,1)) in (2,(2,1)):(-k,(k,2^63-1)), k = 1431655765, because the partial
  // sum k + (2^63-1) passes int64, while the offset 2^63-1 fits and L(7) returns it (found by
  // the selftest's control algebra on EVAL-ORACLE).
  const Layout l = L("(2,(2,1)):(-1431655765,(1431655765,9223372036854775807))");
  const IntTuple c = layout::parse_int_tuple("(1,(1,1))");
  EXPECT_EQ(layout::crd2idx(c, l.shape(), l.stride()), INT64_MAX);
  EXPECT_EQ(l(7), INT64_MAX);
  // A total past int64 is still refused.
  const Layout m = L("(2,2):(9223372036854775807,1)");
  EXPECT_THROW((void)layout::crd2idx(layout::parse_int_tuple("(1,1)"), m.shape(), m.stride()),
               layout::Error);
}

TEST(Regression, QuotientGoesToTheModeWithTheLastLeaf) {
  // idx2crd(1, (1,())) gave (0,()): past the domain the quotient went to the trailing empty tuple
  // and was lost, while L(1) gives it to the last leaf (found by fuzz_algebra, COORD-ROUNDTRIP).
  using layout::parse_int_tuple;
  EXPECT_EQ(layout::to_string(layout::idx2crd(1, parse_int_tuple("(1,())"))), "(1,())");
  EXPECT_EQ(layout::to_string(layout::idx2crd(5, parse_int_tuple("(2,(),())"))), "(5,(),())");
  EXPECT_EQ(layout::crd2idx(1, parse_int_tuple("(1,())"), parse_int_tuple("(1,())")), 1);
  EXPECT_EQ(L("(1,()):(1,())")(1), 1);
  EXPECT_EQ(L("(2,()):(3,())")(5), 15);
}

TEST(Regression, SizeOneModeWithMinimumStrideHasNoOffset) {
  // cosize(1:-2^63) refused ("overflows int64") although every offset is 0: |d| was taken before
  // the product with s-1 = 0 (found by fuzz_algebra, COSIZE-ORACLE and PROD-SIZE).
  EXPECT_EQ(L("1:-9223372036854775808").cosize(), 1);
  EXPECT_EQ(L("(2,1):(3,-9223372036854775808)").cosize(), 4);
  EXPECT_NO_THROW((void)layout::logical_product(L("1:-9223372036854775808"), L("1:1")));
}

TEST(Regression, LeftInverseIgnoresTheStrideOfASizeOneMode) {
  // Found by fuzz_algebra (LINV-COMPLETE): with every other stride negative,
  // left_inverse negated the strides, INT64_MIN of a size-1 mode included, and
  // refused ("0 - -9223372036854775808 overflows int64") although A is 16:-2.
  const Layout a = L("((1,(),16,1),1,((1,1,1,1))):((-9223372036854775808,(),-2,0),0,((0,0,0,0)))");
  const Layout inv = layout::left_inverse(a);
  for (int64_t i = 0; i < oracle::size(a); ++i)
    EXPECT_EQ(oracle::eval(inv, oracle::eval(a, i)), i) << str(inv);
  EXPECT_EQ(str(layout::left_inverse(L("(1,4):(-9223372036854775808,-3)"))),
            str(layout::left_inverse(L("4:-3"))));
}

}  // namespace
