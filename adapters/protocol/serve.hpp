// The adapter side of the audit protocol (docs/AUDIT.md) for an
// implementation written in C++: serve() answers JSON-lines requests from
// `in` on `out` with the operations of any props::Algebra, through the op
// table (props::op_table, the names and operands of `layoutcheck op`).
//   layout::Error            -> {"refused": message}
//   props::Unsupported       -> {"unsupported": true}
//   MalformedAnswer          -> {"result": the implementation's own text}
//                               (the harness finds it is no value of its kind)
//   any other exception      -> a message on stderr and exit status 3 (a crash
//                               finding; the harness restarts the adapter)
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "algebra.hpp"

namespace adapters {

// An answer of the implementation that is no value of the operation's kind
// (a shape of 0, a result past int64): served as the implementation printed it.
class MalformedAnswer : public props::ImplementationFailure {
public:
  explicit MalformedAnswer(std::string text)
      : props::ImplementationFailure("malformed answer: " + text), text_(std::move(text)) {}
  const std::string& text() const { return text_; }

private:
  std::string text_;
};

// name: the hello reply's name; ops: the operations announced in the hello
// reply (the harness sends no others; empty: announce none). Returns at the
// end of the input.
void serve(const props::Algebra& algebra, const std::string& name,
           const std::vector<std::string>& ops, std::istream& in, std::ostream& out);

}  // namespace adapters
