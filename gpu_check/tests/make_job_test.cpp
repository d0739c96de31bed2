// Building jobs: the library computes the results; anything that could
// overflow or that the core cannot evaluate exactly is refused with an Error.
#include <gtest/gtest.h>

#include "test_util.hpp"

namespace gpu_check {
namespace {

using test::L;

void expect_refused(auto&& build, const std::string& op, const std::string& words) {
  try {
    build();
    ADD_FAILURE() << "not refused: " << words;
  } catch (const layout::Error& e) {
    EXPECT_EQ(e.op(), op) << e.what();
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(MakeJob, RefusesWhatCouldOverflowOrIsTooLarge) {
  expect_refused([] { equal_job(L("8:1"), L("4:1")); }, "bulk equal", "sizes differ");
  expect_refused([] { equal_job(L("(2097152,1048576):(1,2097152)"), L("2199023255552:1")); },
                 "bulk equal", "exceed the bulk limit of 2^40");
  // Offsets past int64.
  expect_refused([] { equal_job(L("(2,2):(4611686018427387904,4611686018427387904)"), L("4:1")); },
                 "bulk equal", "int64");
  // A(B(i)) past A's int64 range: A's last mode may run to index 15 only.
  expect_refused([] { compose_job(L("(2,4):(1,1152921504606846976)"), L("100:1"), L("100:1")); },
                 "bulk compose", "passes int64");
  // Negative offsets of B into a multi-mode A.
  expect_refused([] { compose_job(L("(2,4):(1,3)"), L("4:-1"), L("4:-1")); }, "bulk compose",
                 "negative offsets");
  expect_refused([] { tile_job(L("4:1"), 0); }, "bulk tile", "outside [1, 2^36]");
  expect_refused([] { tile_job(L("4:1"), int64_t{1} << 37); }, "bulk tile", "outside [1, 2^36]");
  // The library's own refusal propagates (cutlass issue 2955).
  expect_refused([] { prepare_compose(L("(6,2):(1,7)"), L("(3,2):(2,3)")); }, "composition", "");
}

TEST(MakeJob, RankOneOuterLayoutTakesNegativeArguments) {
  const layout::Layout a = L("16:3"), b = L("4:-1");
  const Prepared p = prepare_compose(a, b);
  const BulkResult r = run_reference(p.job, 0, p.job.n);
  EXPECT_EQ(r.mismatches, 0u) << p.statement;
}

TEST(MakeJob, LawsHoldWithTheLibrarysResults) {
  for (const Prepared& p :
       {prepare_equal(L("((2,4),(3,5)):((1,2),(8,24))"),
                      layout::coalesce(L("((2,4),(3,5)):((1,2),(8,24))"))),
        prepare_compose(L("(3,6,2,8):(96,16,8,2)"), L("16:72")),
        prepare_tile(L("(4,6):(1,32)"), 3072), prepare_right_inverse(L("(4,(2,8)):(16,(1,2))")),
        prepare_left_inverse(L("(4,6):(1,32)"))}) {
    const BulkResult r = run_cpu(p.job, 0, p.job.n);
    EXPECT_EQ(r.mismatches, 0u) << p.statement;
    EXPECT_EQ(r.checked, p.job.n);
  }
  EXPECT_EQ(parse_law("right_inverse"), Law::right_inverse);
  EXPECT_FALSE(parse_law("coalesce").has_value());
}

}  // namespace
}  // namespace gpu_check
