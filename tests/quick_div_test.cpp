// detail::quot / detail::rem (lib/src/quick_div.hpp) against the hardware's
// 64-bit division on every path: powers of two, both operands below 2^32,
// and the general case, at the boundaries between them.
#include "quick_div.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

std::vector<int64_t> interesting() {
  std::vector<int64_t> v;
  for (int64_t x = 0; x <= 70; ++x) v.push_back(x);
  for (int k = 1; k < 63; ++k) {
    const int64_t p = int64_t{1} << k;
    for (int64_t e : {-1, 0, 1}) v.push_back(p + e);
  }
  for (int64_t x : {int64_t{3} << 31, int64_t{5} << 32, int64_t{999999937}, int64_t{4294967311},
                    INT64_MAX - 1, INT64_MAX})
    v.push_back(x);
  return v;
}

TEST(QuickDiv, EqualsHardwareDivisionOnEveryPath) {
  const std::vector<int64_t> xs = interesting();
  for (int64_t a : xs)
    for (int64_t b : xs) {
      if (b < 1) continue;
      ASSERT_EQ(layout::detail::quot(a, b), a / b) << a << " / " << b;
      ASSERT_EQ(layout::detail::rem(a, b), a % b) << a << " % " << b;
    }
}

TEST(QuickDiv, PowerOfTwoTest) {
  for (int64_t b = 1; b < 5000; ++b) {
    bool pow2 = false;
    for (int k = 0; k < 63; ++k) pow2 = pow2 || b == (int64_t{1} << k);
    ASSERT_EQ(layout::detail::is_pow2(b), pow2) << b;
  }
}

}  // namespace
