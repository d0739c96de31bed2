// The campaign on small sizes: every law runs, holds, cross-checks, and the
// same seed gives the same results.
#include "gpu_check/campaign.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "gpu_check/random_layouts.hpp"
#include "gpu_check/report.hpp"
#include "test_util.hpp"

namespace gpu_check {
namespace {

CampaignOptions small(uint64_t seed) {
  CampaignOptions o;
  o.cases = 10;
  o.min_size = uint64_t{1} << 16;
  o.seed = seed;
  o.backend = Backend::cpu;
  o.cross = CrossMode::full;
  return o;
}

TEST(Campaign, EveryLawHoldsAndCrossChecks) {
  for (uint64_t seed : {1u, 2u, 3u}) {
    const CampaignReport rep = run_campaign(small(seed));
    std::ostringstream os;
    print_campaign(rep, os);
    EXPECT_TRUE(rep.ok()) << os.str();
    // One row per catalog law the cases are instances of (the equal cases are
    // COAL-FN, FLATTEN-DEF or COAL-CANON).
    EXPECT_GE(rep.rows.size(), 5u);
    for (const LawRow& r : rep.rows)
      EXPECT_NE(std::string("COAL-FN FLATTEN-DEF COAL-CANON COMP-FN COMP-TILE RINV-FN LINV-FN")
                    .find(r.law_id),
                std::string::npos)
          << r.law_id;
    for (const CaseOutcome& c : rep.cases) {
      EXPECT_TRUE(c.cross.ran);
      EXPECT_TRUE(c.spot.agree) << c.spot.detail;
      EXPECT_GT(c.spot.indices, 0u);
      EXPECT_GE(c.result.checked, uint64_t{1} << 14) << c.statement;
    }
    EXPECT_NE(os.str().find("10 passed, 0 failed"), std::string::npos) << os.str();
  }
}

TEST(Campaign, SameSeedSameResults) {
  const CampaignReport a = run_campaign(small(7)), b = run_campaign(small(7));
  ASSERT_EQ(a.cases.size(), b.cases.size());
  for (std::size_t k = 0; k < a.cases.size(); ++k) {
    EXPECT_EQ(a.cases[k].statement, b.cases[k].statement);
    EXPECT_EQ(a.cases[k].result, b.cases[k].result);
  }
}

TEST(Campaign, OffsetsPass2To32) {
  Rng rng{5};
  for (Law law : {Law::equal, Law::compose, Law::right_inverse, Law::left_inverse})
    for (int k = 0; k < 4; ++k) {
      const Prepared p = random_case(law, rng, uint64_t{1} << 16);
      const layout::FlatLayout& outer = law == Law::left_inverse ? p.job.y : p.job.x;
      EXPECT_GE(std::max(outer.max_offset, -outer.min_offset), int64_t{1} << 32) << p.statement;
    }
}

TEST(Report, SizesAndNumbers) {
  EXPECT_EQ(parse_size("2^30"), uint64_t{1} << 30);
  EXPECT_EQ(parse_size("1<<12"), 4096u);
  EXPECT_EQ(parse_size("12345"), 12345u);
  EXPECT_THROW(parse_size("3^4"), std::invalid_argument);
  EXPECT_THROW(parse_size("2^63"), std::invalid_argument);
  EXPECT_THROW(parse_size("x"), std::invalid_argument);
  EXPECT_EQ(count_text(uint64_t{1} << 32), "4294967296 (2^32)");
  EXPECT_EQ(sci(4294967296.0), "4.29e9");
}

// A device error is one case's failure, not the campaign's end: every case
// records it, the table counts it, the summary names it (without a GPU every
// run_gpu call throws GpuError, which is the path a CUDA error takes).
TEST(Campaign, DeviceErrorsAreRecordedPerCase) {
  if (gpu_status().available) GTEST_SKIP() << "a GPU is present: " << gpu_status().description;
  CampaignOptions o = small(4);
  o.cases = 5;
  o.backend = Backend::gpu;
  const CampaignReport rep = run_campaign(o);
  ASSERT_EQ(rep.cases.size(), 5u);
  EXPECT_FALSE(rep.ok());
  EXPECT_EQ(rep.device_errors(), 5);
  int counted = 0;
  for (const LawRow& r : rep.rows) counted += r.device_errors;
  EXPECT_EQ(counted, 5);
  for (const CaseOutcome& c : rep.cases) EXPECT_FALSE(c.device_error.empty()) << c.statement;
  std::ostringstream os;
  print_campaign(rep, os);
  EXPECT_NE(os.str().find("device error: "), std::string::npos) << os.str();
  EXPECT_NE(os.str().find("0 passed, 5 failed (5 device errors)"), std::string::npos) << os.str();
  EXPECT_NE(os.str().find("1 (1 device)"), std::string::npos) << os.str();
}

}  // namespace
}  // namespace gpu_check
