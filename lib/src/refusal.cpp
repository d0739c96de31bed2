#include "refusal.hpp"

namespace layout::detail {

// pre:  f is the innermost open frame the refusal passes (nullptr: none).
// post: throws the Error that catching p at every frame from f outwards, and
//       rethrowing it with that frame's context, would throw (refusal.hpp);
//       a refusal outside every operation frame stays a Refusal.
void raise_through(Pending p, const FrameBase* f) {
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
    if (p.error) p.condition = p.op + "(" + p.operands + "): " + p.condition;
    p.error = true;
    p.op = f->op();
    p.operands = std::move(operands);
  }
  if (!p.error) throw Refusal{std::move(p.condition)};
  throw Error(std::move(p.op), std::move(p.operands), std::move(p.condition));
}

}  // namespace layout::detail
