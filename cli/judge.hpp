// Running one case and judging it by its `expect` (shared/vectors/README.md):
//   equal            succeed and match `expected`
//   valid            succeed and meet the operation's post-condition
//   refuse_or_valid  a refusal passes; a result must meet the post-condition
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "op_table.hpp"
#include "postconditions.hpp"

namespace layoutcheck {

enum class Expect { equal, valid, refuse_or_valid };
std::optional<Expect> parse_expect(std::string_view text);
std::string_view to_string(Expect e);

// What running an operation gave: a value, or an error. `refused` marks a
// layout::Error (or layout::Overflow); any other exception is a defect.
struct Attempt {
  std::optional<Value> value;
  std::string error;
  bool refused = false;
};
Attempt attempt(const OpSpec& op, const Operands& args);

struct Case {
  const OpSpec* op = nullptr;
  Operands args;
  Expect expect = Expect::equal;
  std::optional<Value> expected;  // required for Expect::equal
  std::optional<int64_t> min_size;
  bool all_modes = false;  // `equal` compares top-level mode sizes for every op
};

// disputed: an `equal` record whose `expected` value itself violates the
// operation's brute-force post-condition (a reference bug: legacy pycute's
// truncations, size-0 modes, or its extension past A's domain). Such a record
// is judged as refuse_or_valid, and the reason is reported.
enum class Verdict { equal, valid, refused, disputed, failed };
struct Judgement {
  Verdict verdict;
  std::string why;  // for failed and disputed
};
Judgement judge(const Case& c, const Attempt& got);
// Judges a record whose expected value is wrong (why says how) as refuse_or_valid.
Judgement judge_disputed(const Case& c, const Attempt& got, const std::string& why);

// The `equal` rule: a layout has the same size and the same value at every
// index (and, when `modes` is set and the expected shape is a tuple, the same
// top-level mode sizes); anything else is identical.
Violation compare_values(const Value& expected, const Value& got, bool modes);

// The post-condition of op on these operands (min_size for right_inverse).
// Operations without one cannot accept a result (NotVerifiable).
Violation check_postcondition(const OpSpec& op, const Operands& args, const Value& result,
                              std::optional<int64_t> min_size);

}  // namespace layoutcheck
