// Conformance against reference vectors (.jsonl, shared/vectors/README.md):
// every record is run and judged by its `expect`; failures are listed (the
// first kMaxListed per op) and tallied per op.
#pragma once

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "conformance.hpp"

namespace layoutcheck {

constexpr std::size_t kMaxListed = 20;

struct OpTally {
  std::string op;
  int64_t cases = 0, equal = 0, valid = 0, refused = 0, disputed = 0, failed = 0;
  std::vector<std::string> failures;  // the first kMaxListed, one line each
  std::vector<std::string> disputes;  // every disputed record, with the reason

  int64_t passed() const { return equal + valid + refused + disputed; }
};

struct Conformance {
  std::vector<OpTally> ops;  // in order of first appearance

  OpTally& tally(const std::string& op);
  int64_t passed() const;
  int64_t failed() const;
};

// Runs every record of one file, disputes judged by the allow-list. A line
// that is not a well-formed record (bad JSON, missing fields, unknown op or
// expect) throws UsageError naming the file and line.
void run_vector_file(const std::filesystem::path& file, const props::Disputes& disputes,
                     Conformance& out);

// The allow-list beside a vector file (kDisputesFile in its directory), or an
// empty one; UsageError when it is malformed.
constexpr const char* kDisputesFile = "disputes.tsv";
props::Disputes disputes_near(const std::filesystem::path& file);

// The failure lines, then one line per op:
//   composition: 2544 cases, 2300 equal, 100 valid, 44 refused, 0 disputed, 0 failed
void print_failures(std::ostream& os, const Conformance& c);
void print_op_summaries(std::ostream& os, const Conformance& c);

// The *.jsonl files of a directory, sorted by name; UsageError if none.
std::vector<std::filesystem::path> vector_files(const std::filesystem::path& dir);

}  // namespace layoutcheck
