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

using props::Conformance;
using props::OpTally;

// Runs every record of one file, disputes judged by the allow-list. A line
// that is not a well-formed record (bad JSON, missing fields, unknown op or
// expect) throws UsageError naming the file and line.
void run_vector_file(const std::filesystem::path& file, const props::Disputes& disputes,
                     Conformance& out);

// The allow-list beside a vector file (kDisputesFile in its directory), or an
// empty one; UsageError when it is malformed.
constexpr const char* kDisputesFile = "disputes.tsv";
props::Disputes disputes_near(const std::filesystem::path& file);

// The *.jsonl files of a directory, sorted by name; UsageError if none.
std::vector<std::filesystem::path> vector_files(const std::filesystem::path& dir);

}  // namespace layoutcheck
