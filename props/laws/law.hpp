// props::Law — one law of the catalog: a plain C++ predicate over an Algebra
// and its inputs that returns "holds" (nullopt) or a counterexample. No test
// framework here: the RapidCheck drivers, the fuzz targets, the bulk checks
// and `layoutcheck check` call the same predicates.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "algebra.hpp"

namespace props {

// What a law found wrong: the inputs in CuTe notation and, where the law is
// pointwise, the index with the expected (oracle) and actual values.
struct Counterexample {
  std::string law;     // the law's id, e.g. "COAL-FN"
  std::string inputs;  // "(6,2):(1,7), (3,2):(2,3)"
  std::string what;    // the violated condition in words
  std::optional<int64_t> index, expected, actual;
};

// What one case of a law found: it held (it checked something and found
// nothing wrong), it was vacuous (it checked nothing: the operands are outside
// its precondition, an operation refused by design, the case was too large
// for the oracle), or a counterexample. `if (outcome)` asks for a failure.
class Outcome {
public:
  Outcome() = default;                                   // holds
  Outcome(std::nullopt_t) {}                             // holds (NOLINT: `return std::nullopt;`)
  Outcome(Counterexample c) : failure_(std::move(c)) {}  // NOLINT: a failure
  // Nothing was checked; why is a static string ("refused", "too large", ...).
  static Outcome vacuous(const char* why) {
    Outcome o;
    o.vacuous_ = why;
    return o;
  }

  bool failed() const { return failure_.has_value(); }
  bool is_vacuous() const { return !failure_ && vacuous_ != nullptr; }
  bool held() const { return !failure_ && vacuous_ == nullptr; }
  const char* vacuous_reason() const { return vacuous_ ? vacuous_ : ""; }
  explicit operator bool() const { return failed(); }
  const Counterexample& operator*() const { return *failure_; }
  const Counterexample* operator->() const { return &*failure_; }

private:
  std::optional<Counterexample> failure_;
  const char* vacuous_ = nullptr;
};
inline Outcome vacuous(const char* why) { return Outcome::vacuous(why); }

// One line: "COAL-FN on (4,2):(2,1): value at 5 is 3, expected 5".
std::string describe(const Counterexample& c);

// A law's operands, parsed from CuTe notation by `layoutcheck check`
// (text: an arbitrary string, taken verbatim, for the notation laws;
// coordinate: a slicing coordinate with `_`; integers: a list of int64, the
// indices of `call` and the arguments of `swizzle`).
enum class ArgKind { layout, tiler, integer, int_tuple, text, coordinate, integers };
using Arg = std::variant<Layout, Tiler, int64_t, IntTuple, std::string, Term, std::vector<int64_t>>;

// The name of a kind in usage lines ("LAYOUT", "TILER", "INT", "TUPLE", "TEXT", "COORD",
// "INT...").
const char* kind_name(ArgKind k);
// Operand text -> Arg of that kind (throws layout::Error("parse") when malformed;
// an integer past int64 also throws it). `integers`: one integer, as a list.
Arg parse_arg(ArgKind kind, const std::string& text);
// One argument in CuTe notation (a string quoted, a list as "[1 2 3]").
std::string notation(const Arg& a);

using Check = std::function<Outcome(const Algebra&, const std::vector<Arg>&)>;
using PartCheck = std::function<Outcome(const Algebra&, const std::vector<Arg>&, std::size_t)>;

struct Law {
  std::string id;         // "COMP-TILE"
  std::string statement;  // one line, math
  std::string ops;        // operations covered, comma separated
  std::string classes;    // input classes it runs on (design §3)
  std::vector<ArgKind> args;
  Check check;
  // A law over several operations (REFUSE-MSG's twenty, DIV-REGROUP's three)
  // names them here and checks one of them with check_part(alg, args, p),
  // p < parts.size(): check holds iff every part holds. A driver that spreads
  // one case over several inputs (fuzz_algebra: one part per input) uses it.
  // Empty for a law of one part.
  std::vector<std::string> parts = {};
  PartCheck check_part = {};
};

// Every law, in catalog order (docs/LAWS.md lists the same).
const std::vector<Law>& catalog();
const Law* find_law(const std::string& id);

// Builders used by the law definitions: the inputs' notation and a failure.
std::string notation(const std::vector<Arg>& args);
Counterexample fail(const std::string& law, const std::vector<Arg>& args, std::string what,
                    std::optional<int64_t> index = std::nullopt,
                    std::optional<int64_t> expected = std::nullopt,
                    std::optional<int64_t> actual = std::nullopt);

}  // namespace props
