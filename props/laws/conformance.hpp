// Conformance: one record of the reference vectors (or a lesson example)
// run through an Algebra and judged by its `expect` (tests/vectors/README.md):
//   equal            succeed and match `expected` (same size, values, top-level modes)
//   valid            succeed and meet the operation's post-condition
//   refuse_or_valid  a refusal passes; a result must meet the post-condition
// The post-conditions are the catalog's (postconditions.hpp) and values come
// from the oracle. A record whose `expected` itself violates the
// post-condition is a dispute: it passes only when the allow-list names it,
// and a refusal only where the list allows one.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ops.hpp"

namespace props {

enum class Expect { equal, valid, refuse_or_valid };
std::optional<Expect> parse_expect(std::string_view text);
std::string_view to_string(Expect e);

// What running an operation gave: a value, or an error. `refused` marks a
// layout::Error; any other exception is a defect.
struct Attempt {
  std::optional<Value> value;
  std::string error;
  bool refused = false;
};
Attempt attempt(const Algebra& alg, const OpSpec& op, const std::vector<Arg>& args);

struct Case {
  const OpSpec* op = nullptr;
  std::vector<Arg> args;
  Expect expect = Expect::equal;
  std::optional<Value> expected;  // required for Expect::equal
  std::string expected_invalid;   // why `expected` is not even a value (it is then a dispute)
  std::optional<int64_t> min_size;
  bool all_modes = false;  // `equal` compares top-level mode sizes for every op
};
// "op(args in notation)": how the allow-list names a record.
std::string record_key(const Case& c);

// The allow-list of disputed records (tests/vectors/disputes.tsv): one per
// line, tab-separated: the record key, `refuse` or `result` (what may pass
// besides a valid result), and the reason. `#` starts a comment.
struct Dispute {
  std::string key;
  bool refusal_ok = false;
  std::string reason;
};
class Disputes {
public:
  Disputes() = default;
  // Throws std::runtime_error naming the line when the file is malformed.
  static Disputes load(const std::filesystem::path& file);
  const Dispute* find(const std::string& key) const;
  std::size_t size() const { return list_.size(); }

private:
  std::vector<Dispute> list_;
};

enum class Verdict { equal, valid, refused, disputed, failed };
struct Judgement {
  Verdict verdict;
  std::string why;  // for failed and disputed
};
Judgement judge(const Case& c, const Attempt& got, const Disputes& disputes);

// The `equal` rule: a layout has the same size and value at every index (and,
// with `modes`, where the expected shape is a tuple, the same top-level mode
// sizes); anything else is identical. The violation in words, or nothing.
std::optional<std::string> compare_values(const Value& expected, const Value& got, bool modes);

// The verdicts of a conformance run, per operation (in order of first
// appearance), with the disputed records and the first failures in words.
struct OpTally {
  std::string op;
  int64_t cases = 0, equal = 0, valid = 0, refused = 0, disputed = 0, failed = 0;
  std::vector<std::string> failures;  // the first kMaxListed, one line each
  std::vector<std::string> disputes;  // every disputed record, with the reason
  int64_t passed() const { return equal + valid + refused + disputed; }
  // The listed FAIL lines, then "FAIL op: N more failures not listed" when
  // more failed than were listed.
  std::vector<std::string> failure_lines() const;
};
struct Conformance {
  static constexpr std::size_t kMaxListed = 20;
  std::vector<OpTally> ops;
  // One judged record; `what` names it (file:line: op(args) expect ...).
  void add(const std::string& op, const Judgement& j, const std::string& what);
  int64_t passed() const;
  int64_t failed() const;
  // The DISPUTED and FAIL lines, then one line per op:
  //   composition: 2544 cases, 2300 equal, 100 valid, 44 refused, 0 disputed, 0 failed
  void print_failures(std::ostream& os) const;
  void print_op_summaries(std::ostream& os) const;
};

// The worked examples of the CuTe lesson and DESIGN.md, judged with the
// `equal` rule (a wrong answer refused where no correct one exists); never
// judged as disputed.
struct LessonResult {
  int cases = 0, passed = 0;
  std::vector<std::string> failures;
};
LessonResult run_lesson(const Algebra& alg);

}  // namespace props
