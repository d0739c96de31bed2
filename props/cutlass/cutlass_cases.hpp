// The CUTLASS conformance suite (tests/conformance/README.md): cases taken
// from the layouts real CUTLASS kernels build, with CuTe C++'s answer
// computed at generation time. Each case runs one operation of the op table
// (the one `layoutcheck op` uses) and must be identical to CuTe's answer:
// for a layout (and the layout of a `LAYOUT + OFFSET`) the same size, the
// same value at every index (the oracle evaluates both), the same rank and
// the same size of every top-level mode; the same offset; integers, tuples
// and value lists exactly equal. A refusal is a difference.
// `unit_tests` runs each case as a test; `layoutcheck verify` as its job
// `cutlass`.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "algebra.hpp"

namespace props::cutlass {

struct Record {
  std::string name, group, src, op, cute, expect;
  std::vector<std::string> args;  // as `layoutcheck op OP ARGS...` takes them
  int line = 0;
};

// Every record of a .jsonl file; throws std::runtime_error naming the file
// and line when it is unreadable or a record is malformed.
std::vector<Record> load(const std::filesystem::path& file);

// Why the algebra's answer differs from CuTe's (a refusal, another value or
// structure, an unknown op, a record that does not parse); nothing when
// identical.
std::optional<std::string> check(const Algebra& alg, const Record& r);

// "name (file:line, group, src)\n  layoutcheck op OP 'ARG' ...": how a
// failure names its case (long argument lists cut at 600 characters).
std::string describe(const Record& r);

}  // namespace props::cutlass
