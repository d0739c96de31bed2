// The oracle's spot check catches what every backend gets wrong the same way:
// a flat layout that is not its source (a wrong divider, a wrong stride, a
// wrong chunk walk) and a bulk result that misses or misreports a mismatch.
#include "gpu_check/spot_check.hpp"

#include <gtest/gtest.h>

#include "gpu_check/backend.hpp"
#include "layout/algebra.hpp"

namespace gpu_check {
namespace {

layout::Layout L(const char* s) { return layout::parse_layout(s); }

TEST(SpotCheck, AgreesOnCorrectJobs) {
  for (const Prepared& p : {prepare_coalesce(L("((2,4),(3,4)):((1,2),(8,24))")),
                            prepare_compose(L("(3,6,2,8):(96,16,8,2)"), L("16:72")),
                            prepare_tile(L("(4,(2,4)):(1,(2048,8))"), 32768),
                            prepare_right_inverse(L("(4,(2,8)):(16,(1,2))")),
                            prepare_left_inverse(L("(4096,4096):(1,8589934592)"))}) {
    const SpotCheck s = spot_check(p, run_cpu(p.job, 0, p.job.n), 5);
    EXPECT_TRUE(s.agree) << p.law_id << ": " << s.detail;
    EXPECT_GE(s.indices, std::min<uint64_t>(p.job.n, 2 * kSpotEnds));
  }
}

// Both flat layouts of COAL-FN with the same wrong divider for mode 0 (size
// 3, divided as if by 4): the backends agree and find no mismatch, the oracle
// does not.
TEST(SpotCheck, CatchesAWrongDividerOnBothSides) {
  Prepared p = prepare_coalesce(L("(3,1000):(1,5)"));
  for (layout::FlatLayout* f : {&p.job.x, &p.job.y}) {
    ASSERT_EQ(f->rank, 2);
    f->div[0] = layout::MagicDivider::make(4);
    f->div[0].d = 3;
  }
  const BulkResult r = run_cpu(p.job, 0, p.job.n);
  EXPECT_EQ(r.mismatches, 0u);
  const SpotCheck s = spot_check(p, r, 5);
  EXPECT_FALSE(s.agree);
  EXPECT_NE(s.detail.find("flat layout"), std::string::npos) << s.detail;
}

TEST(SpotCheck, CatchesAMissedMismatch) {
  const Prepared p = prepare_equal(L("(1000,1000):(1,1000)"), L("(1000,1000):(1,1001)"));
  BulkResult r = run_cpu(p.job, 0, p.job.n);
  ASSERT_GT(r.mismatches, 0u);
  EXPECT_TRUE(spot_check(p, r, 5).agree);
  r.mismatches = 0;  // a backend that reports nothing
  r.first = kNone;
  EXPECT_FALSE(spot_check(p, r, 5).agree);
  r = run_cpu(p.job, 0, p.job.n);
  r.actual += 1;  // a backend that misreports the values
  EXPECT_FALSE(spot_check(p, r, 5).agree);
}

}  // namespace
}  // namespace gpu_check
