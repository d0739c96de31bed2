#include "refusal.hpp"

#include <optional>

namespace layout::detail {

namespace {

// Formats p through the frames from f outwards: the Error that catching p at
// every frame from f outwards, and rethrowing it with that frame's context,
// would give (refusal.hpp). false: p stayed a refusal outside every
// operation frame.
bool format(Pending& p, const FrameBase* f) {
  for (; f != nullptr; f = f->outer()) {
    if (f->op() == nullptr) {  // a step: prefixes a refusal, leaves an Error alone
      if (p.error) continue;
      std::string prefix;
      f->text(prefix);
      p.condition.insert(0, prefix);
      continue;
    }
    if (p.error && p.op == f->op()) continue;  // the same operation, nested
    std::string operands;
    f->text(operands);
    if (p.error) {  // "op(operands): condition", in one allocation
      std::string c;
      c.reserve(p.op.size() + p.operands.size() + 3 + p.condition.size());
      c.append(p.op).append("(").append(p.operands).append("): ").append(p.condition);
      p.condition = std::move(c);
    }
    p.error = true;
    p.op = f->op();
    p.operands = std::move(operands);
  }
  return p.error;
}

std::optional<Error>& failure_slot() {
  thread_local std::optional<Error> slot;
  return slot;
}

}  // namespace

void raise_through(Pending p, const FrameBase* f) {
  if (!format(p, f)) throw Refusal{std::move(p.condition)};
  throw Error(std::move(p.op), std::move(p.operands), std::move(p.condition));
}

Error format_through(Pending p, const FrameBase* f) {
  if (!format(p, f)) throw Refusal{std::move(p.condition)};
  return Error(std::move(p.op), std::move(p.operands), std::move(p.condition));
}

bool fail(std::string condition) {
  failure_slot() = format_through(Pending{false, {}, {}, std::move(condition)}, FrameBase::top());
  return false;
}

bool fail(Error e) {
  failure_slot() = std::move(e);
  return false;
}

bool fail_overflow(int64_t a, const char* op, int64_t b) {
  std::string what = checked::overflow_text(a, op, b);
  const FrameBase* f = FrameBase::top();
  while (f != nullptr && f->op() == nullptr) f = f->outer();  // the innermost operation
  if (f == nullptr) return fail(std::move(what));             // outside every operation
  std::string operands;
  f->text(operands);
  return fail(
      format_through(Pending{true, f->op(), std::move(operands), std::move(what)}, f->outer()));
}

bool refuse_unrepresentable(const Layout& r) {
  // Says which of representable()'s conditions fails: the size, an offset
  // (the largest is the sum of the positive (s-1)d, the smallest of the
  // negative ones), or only the span 1 + sum (s-1)|d| (the cosize).
  const ItNode* s = r.shape().root();
  const ItNode* d = r.stride().root();
  __extension__ typedef __int128 wide;
  wide size = 1, hi = 0, lo = 0;
  for (std::size_t k = 0; k < r.shape().node_count(); ++k) {
    if (s[k].tuple) continue;
    if (size <= INT64_MAX) size *= s[k].v;
    const wide term = static_cast<wide>(s[k].v - 1) * d[k].v;  // |term| < 2^126
    if (term > 0 && hi <= INT64_MAX) hi += term;
    if (term < 0 && lo >= INT64_MIN) lo += term;
  }
  const char* what = size > INT64_MAX                   ? " has a size past int64"
                     : hi > INT64_MAX || lo < INT64_MIN ? " has offsets past int64"
                                                        : " has a span 1 + sum (s-1)|d| past int64";
  return fail("the result " + to_string(r) + what);
}

Error take_failure() {
  std::optional<Error>& slot = failure_slot();
  if (!slot) return Error("layout", "", "internal: a refusal without its error");
  Error e = std::move(*slot);
  slot.reset();
  return e;
}

}  // namespace layout::detail
