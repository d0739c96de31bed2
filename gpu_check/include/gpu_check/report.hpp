// Text of bulk results for the command line and the campaign table.
#pragma once

#include <cstdint>
#include <string>

#include "gpu_check/job.hpp"
#include "gpu_check/result.hpp"

namespace gpu_check {

// Every field, for disagreement reports: "mismatches 0, first none, checksum 0x...".
std::string describe(const BulkResult& r);

// The verdict line: "holds" or "fails: 3 mismatches; first at i = 17: expected 5, got 7"
// (tile: out-of-range/duplicate/missing counts and the first bad index).
std::string verdict(const BulkJob& job, const BulkResult& r);

// 4294967296 -> "4294967296 (2^32)" for powers of two, else the number.
std::string count_text(uint64_t n);
// Short scientific form for tables: 4.29e9 (plain below 10000).
std::string sci(double v);
// Seconds: "0.123 s"; "-" for a negative value (not run).
std::string seconds_text(double s);
// Parses "2^30", "1073741824" or "1<<30"; throws std::invalid_argument.
uint64_t parse_size(const std::string& text);

}  // namespace gpu_check
