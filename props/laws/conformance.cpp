#include "conformance.hpp"

#include <algorithm>
#include <fstream>
#include <ostream>
#include <stdexcept>

#include "definitions.hpp"
#include "law_util.hpp"
#include "postconditions.hpp"

namespace props {

namespace {

// Tables larger than this are sampled (the first half and evenly spread).
constexpr int64_t kTableLimit = int64_t{1} << 22;

std::string got_notation(const Attempt& got) {
  return got.value ? to_notation(*got.value) : "error: " + got.error;
}

Judgement failed(std::string why) { return {Verdict::failed, std::move(why)}; }

// The index of the k-th compared point of a domain of n: every i < n when
// n <= kTableLimit, else the first kTableLimit/2 and kTableLimit/2 more spread
// evenly up to n - 1.
int64_t check_index(int64_t n, int64_t k) {
  if (n <= kTableLimit) return k;
  const int64_t head = kTableLimit / 2;
  if (k < head) return k;
  if (k == kTableLimit - 1) return n - 1;
  return head + (k - head + 1) * ((n - 1 - head) / (kTableLimit - head));
}

std::optional<std::string> compare_layouts(const Layout& want, const Layout& got, bool modes) {
  const auto nw = oracle::size(want), ng = oracle::size(got);
  if (nw != ng)
    return "size " + std::to_string(ng.value_or(-1)) + ", expected " +
           std::to_string(nw.value_or(-1));
  if (modes && want.shape().is_tuple()) {
    const auto w = defs::top_mode_sizes(want), g = defs::top_mode_sizes(got);
    if (w != g) return "top-level mode sizes differ from the expected ones";
  }
  const oracle::Leaves lw = oracle::leaves(want), lg = oracle::leaves(got);
  const int64_t n = nw.value_or(0), count = std::min(n, kTableLimit);
  const auto differ = [](int64_t i, std::optional<int64_t> w, std::optional<int64_t> g) {
    return "value at " + std::to_string(i) + " is " +
           (g ? std::to_string(*g) : std::string("past int64")) + ", expected " +
           (w ? std::to_string(*w) : std::string("past int64"));
  };
  // The indices check_index gives in order from 0 (all of them up to
  // kTableLimit, else the first half of the budget): walked, not divided.
  const int64_t walked = n <= kTableLimit ? n : kTableLimit / 2;
  oracle::ValueWalk ww(lw), wg(lg);
  for (int64_t i = 0; i < walked; ++i, ww.next(), wg.next())
    if (ww.value64() != wg.value64()) return differ(i, ww.value64(), wg.value64());
  for (int64_t k = walked; k < count; ++k) {
    const int64_t i = check_index(n, k);
    const auto w = oracle::eval(lw, i), g = oracle::eval(lg, i);
    if (w != g) return differ(i, w, g);
  }
  return std::nullopt;
}

// Why `expected` is not a correct answer, if it is not: it is no value at
// all, or it fails the operation's post-condition.
std::optional<std::string> wrong_expectation(const Case& c) {
  if (!c.expected_invalid.empty())
    return "the expected value is not a valid value (" + c.expected_invalid + ")";
  if (!c.expected) return std::nullopt;
  const util::LimitScope scope(kTableLimit);
  const Outcome o = postcondition(*c.op, c.args, *c.expected, c.min_size);
  if (!o) return std::nullopt;
  return "the expected value " + to_notation(*c.expected) +
         " violates the post-condition: " + o->what;
}

// A result checked against the post-condition; a refusal passes when allowed.
Judgement judge_result(const Case& c, const Attempt& got, bool refusal_ok) {
  if (!got.value) {
    if (refusal_ok && got.refused) return {Verdict::refused, {}};
    return failed("expected a result, got error: " + got.error);
  }
  const util::LimitScope scope(kTableLimit);
  const Outcome o = postcondition(*c.op, c.args, *got.value, c.min_size);
  if (o)
    return failed("got " + got_notation(got) + ", which violates the post-condition: " + o->what);
  // Never accept unchecked: no post-condition, or the oracle could not decide.
  if (o.is_vacuous())
    return failed("got " + got_notation(got) + ", which could not be verified (" +
                  o.vacuous_reason() + ")");
  return {Verdict::valid, {}};
}

}  // namespace

std::optional<Expect> parse_expect(std::string_view text) {
  if (text == "equal") return Expect::equal;
  if (text == "valid") return Expect::valid;
  if (text == "refuse_or_valid") return Expect::refuse_or_valid;
  return std::nullopt;
}

std::string_view to_string(Expect e) {
  switch (e) {
    case Expect::equal:
      return "equal";
    case Expect::valid:
      return "valid";
    case Expect::refuse_or_valid:
      return "refuse_or_valid";
  }
  return "?";
}

Attempt attempt(const Algebra& alg, const OpSpec& op, const std::vector<Arg>& args) {
  Attempt a;
  try {
    a.value = op.run(alg, args);
  } catch (const layout::Error& e) {
    a.error = e.what();
    a.refused = true;
  } catch (const std::exception& e) {
    a.error = std::string("unexpected exception (not a layout::Error): ") + e.what();
  }
  return a;
}

std::string record_key(const Case& c) { return c.op->name + "(" + notation(c.args) + ")"; }

Disputes Disputes::load(const std::filesystem::path& file) {
  Disputes d;
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read the disputes allow-list " + file.string());
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const auto t1 = line.find('\t'), t2 = line.find('\t', t1 + 1);
    if (t1 == std::string::npos || t2 == std::string::npos)
      throw std::runtime_error(file.string() + ":" + std::to_string(number) +
                               ": expected KEY<TAB>refuse|result<TAB>REASON");
    const std::string allow = line.substr(t1 + 1, t2 - t1 - 1);
    if (allow != "refuse" && allow != "result")
      throw std::runtime_error(file.string() + ":" + std::to_string(number) +
                               ": the second field must be `refuse` or `result`");
    d.list_.push_back({line.substr(0, t1), allow == "refuse", line.substr(t2 + 1)});
  }
  return d;
}

const Dispute* Disputes::find(const std::string& key) const {
  for (const Dispute& d : list_)
    if (d.key == key) return &d;
  return nullptr;
}

std::optional<std::string> compare_values(const Value& expected, const Value& got, bool modes) {
  if (expected.index() != got.index()) return "a result of another kind";
  if (const auto* want = std::get_if<Layout>(&expected))
    return compare_layouts(*want, std::get<Layout>(got), modes);
  if (const auto* want = std::get_if<Sliced>(&expected)) {
    const Sliced& g = std::get<Sliced>(got);
    if (want->offset != g.offset) return "another offset";
    return compare_layouts(want->layout, g.layout, modes);
  }
  if (to_notation(expected) != to_notation(got)) return "a different value";
  return std::nullopt;
}

void Conformance::add(const std::string& op, const Judgement& j, const std::string& what) {
  auto t = std::find_if(ops.begin(), ops.end(), [&](const OpTally& x) { return x.op == op; });
  if (t == ops.end()) {
    ops.push_back({});
    t = ops.end() - 1;
    t->op = op;
  }
  ++t->cases;
  switch (j.verdict) {
    case Verdict::equal:
      ++t->equal;
      break;
    case Verdict::valid:
      ++t->valid;
      break;
    case Verdict::refused:
      ++t->refused;
      break;
    case Verdict::disputed:
      ++t->disputed;
      t->disputes.push_back("DISPUTED " + what + "; " + j.why);
      break;
    case Verdict::failed:
      ++t->failed;
      if (t->failures.size() < kMaxListed) t->failures.push_back("FAIL " + what + "; " + j.why);
      break;
  }
}

int64_t Conformance::passed() const {
  int64_t n = 0;
  for (const OpTally& t : ops) n += t.passed();
  return n;
}

int64_t Conformance::failed() const {
  int64_t n = 0;
  for (const OpTally& t : ops) n += t.failed;
  return n;
}

std::vector<std::string> OpTally::failure_lines() const {
  std::vector<std::string> lines = failures;
  const int64_t unlisted = failed - static_cast<int64_t>(failures.size());
  if (unlisted > 0)
    lines.push_back("FAIL " + op + ": " + std::to_string(unlisted) + " more failures not listed");
  return lines;
}

void Conformance::print_failures(std::ostream& os) const {
  for (const OpTally& t : ops) {
    for (const std::string& d : t.disputes) os << d << '\n';
    for (const std::string& f : t.failure_lines()) os << f << '\n';
  }
}

void Conformance::print_op_summaries(std::ostream& os) const {
  for (const OpTally& t : ops)
    os << t.op << ": " << t.cases << " cases, " << t.equal << " equal, " << t.valid << " valid, "
       << t.refused << " refused, " << t.disputed << " disputed, " << t.failed << " failed\n";
}

Judgement judge(const Case& c, const Attempt& got, const Disputes& disputes) {
  if (c.expect != Expect::equal) return judge_result(c, got, c.expect == Expect::refuse_or_valid);
  std::string mismatch;
  if (!c.expected) {
    mismatch = "the expected value could not be built";
  } else if (!got.value) {
    mismatch = "expected a result, got error: " + got.error;
  } else if (auto v = compare_values(*c.expected, *got.value,
                                     c.all_modes || keeps_mode_structure(*c.op, c.args))) {
    mismatch = "got " + got_notation(got) + ", expected " + to_notation(*c.expected) + ": " + *v;
  }
  if (mismatch.empty()) return {Verdict::equal, {}};
  const std::optional<std::string> wrong = wrong_expectation(c);
  if (!wrong) return failed(mismatch);
  // The reference answer is wrong: a dispute. It passes only when listed.
  const Dispute* d = disputes.find(record_key(c));
  if (!d)
    return failed("a new dispute (not in the allow-list): " + *wrong +
                  "; ours: " + got_notation(got));
  Judgement j = judge_result(c, got, d->refusal_ok);
  if (j.verdict == Verdict::failed) return j;
  return {Verdict::disputed, *wrong + " (listed: " + d->reason + "); ours: " + got_notation(got)};
}

}  // namespace props
