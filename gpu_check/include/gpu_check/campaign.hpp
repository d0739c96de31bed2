// The bulk campaign: random large cases of every law (random_layouts.hpp),
// the algebra's results from the library on the host, each verified in bulk
// on the chosen backend and cross-checked; one table row per law.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "gpu_check/cross_check.hpp"
#include "gpu_check/job.hpp"
#include "gpu_check/spot_check.hpp"

namespace gpu_check {

struct CampaignOptions {
  int cases = 10;  // laws in turn: equal, compose, tile, right_, left_inverse
  uint64_t min_size = uint64_t{1} << 30;  // indices per case at least this (tile: the target M)
  uint64_t seed = 1;
  Backend backend = Backend::cpu;
  CrossMode cross = CrossMode::sample;
  std::ostream* progress = nullptr;  // one line per case (stderr), or none
};

struct CaseOutcome {
  Law law = Law::equal;
  std::string law_id;     // the catalog law it is an instance of (Prepared::law_id)
  std::string statement;  // the layouts and the library's result
  std::string error;      // the library refused operands generated admissible
  std::string
      device_error;  // the GPU failed on this case (GpuError): recorded, the campaign goes on
  BulkJob job;
  BulkResult result;
  double seconds = 0;  // main backend, full range
  CrossCheck cross;
  SpotCheck spot;  // the oracle's spot check of the job and its result
  bool ok() const {
    return error.empty() && device_error.empty() && result.mismatches == 0 && cross.agree &&
           spot.agree;
  }
};

struct LawRow {
  std::string law_id;
  int layouts = 0;
  uint64_t indices = 0, mismatches = 0;
  double gpu_seconds = 0, cpu_seconds = 0, main_seconds = 0;
  bool gpu_ran = false, cpu_ran = false;
  int failed = 0;         // cases with a mismatch, a refusal, a disagreement or a device error
  int device_errors = 0;  // of those, cases the GPU failed on
};

struct CampaignReport {
  CampaignOptions options;
  std::vector<CaseOutcome> cases;
  std::vector<LawRow> rows;  // laws that ran, in order of first appearance
  bool ok() const;
  int failed() const;         // cases that are not ok()
  int device_errors() const;  // of those, cases the GPU failed on
  uint64_t indices() const;
};

// pre: options.cases >= 0, 2^10 <= min_size <= 2^36; backend gpu needs a device.
CampaignReport run_campaign(const CampaignOptions& options);

// The failures (one paragraph each), the table (law, layouts, indices
// checked, mismatches, failed cases, GPU time, CPU time, indices/s) and a
// summary line.
void print_campaign(const CampaignReport& report, std::ostream& os);

}  // namespace gpu_check
