// Completeness: COMP-COMPLETE, PROD-COMPLETE, DIV-COMPLETE, LINV-COMPLETE,
// RINV-COMPLETE, CPL-COMPLETE. An operation refuses only where no layout with
// the promised structure equals the definition, where the answer would not be
// representable, or (saying "not decided") past a documented bound. The oracle
// decides by brute force whether an answer exists:
//   composition  A o B on B's domain, one table; a layout compatible with
//                shape(B) equals it iff oracle::fit_layout finds one (each
//                leaf of B any factorization).
//   products     the copies C o B with C = complement(A, size(A)*cosize(B)) by
//                the formula; mode 0 is A itself.
//   divides      A o (B, complement(B, size(A))), compatible with (B, C).
//   left_inverse oracle::left_inverse_exists (a search over every layout).
//   complement   the formula's precondition (oracle::chain).
// Where an answer exists a refusal is a failure; where none exists a result
// is one; and a refusal's condition must be true where the oracle can tell
// ("not injective", "negative strides", "cotarget").
#include <string>

#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "postconditions.hpp"
#include "tiler_checks.hpp"

namespace props {

namespace {

using namespace util;

// The library decides composition for every B of at most this many indices
// (docs/SEMANTICS.md) and left_inverse for offsets up to 4096 (the oracle
// decides up to 256): "not decided" is honest only past these.
constexpr int64_t kComposeDecided = int64_t{1} << 16;
constexpr int64_t kInverseDecided = 256;

bool says(const Error& e, const char* text) {
  return e.condition().find(text) != std::string_view::npos;
}

// Operands near the int64 edge: the library's checked arithmetic may refuse
// an intermediate there (NO-OVERFLOW and COMP-EDGE judge those).
bool near_edge(const Layout& l) { return cosize(l) > (i128{1} << 40); }
bool near_edge(const Layout& a, const Layout& b) {
  return !representable(a) || !representable(b) || near_edge(a) || near_edge(b);
}

// A representable layout compatible with `structure` that equals x o y on
// y's domain, or nullopt when none exists.
std::optional<Layout> composed_answer(const Layout& x, const Layout& y, const IntTuple& structure) {
  const auto t = composed_values(x, y);
  if (!t) return std::nullopt;
  auto w = oracle::fit_layout(*t, structure);
  if (w && !representable(*w)) return std::nullopt;
  return w;
}

// An operation refused although `answer` is one.
Outcome must_answer(const std::string& law, const std::vector<Arg>& args, const std::string& op,
                    const Layout& answer, const Error& e, i128 work, int64_t decided) {
  if (says(e, "not decided") && work > decided) return vacuous("not decided past the bound");
  return fail(law, args,
              op + " refused, but " + show(answer) +
                  " is an answer with the promised structure: " + e.what());
}

// The operation returned r where no layout answers.
Outcome must_refuse(const std::string& law, const std::vector<Arg>& args, const std::string& op,
                    const Layout& r, const std::string& why) {
  return fail(law, args, op + " returned " + show(r) + ", but " + why);
}

// COMP-COMPLETE: composition(A, B) answers exactly when a layout compatible
// with shape(B) equals A o B on B's domain.
Outcome comp_complete(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  if (near_edge(a, b)) return vacuous("near the int64 edge");
  const auto w = composed_answer(a, b, b.shape());
  Layout r;
  try {
    r = alg.composition(a, b);
  } catch (const Error& e) {
    if (!w) return std::nullopt;  // no answer: the refusal is due
    return must_answer("COMP-COMPLETE", args, "composition", *w, e, size(b.shape()),
                       kComposeDecided);
  }
  if (!w)
    return must_refuse("COMP-COMPLETE", args, "composition", r,
                       "no layout compatible with shape(B) equals A o B");
  return post_composition("COMP-COMPLETE", args, a, Tiler(b), r);
}

// The copies C o B of logical_product(A, B), or nullopt with the reason when
// no layout answers.
std::optional<Layout> product_answer(const Layout& a, const Layout& b, std::string& why) {
  const i128 m = size(a.shape()) * cosize(b);
  const auto c = m > INT64_MAX ? std::nullopt : oracle::complement(a, static_cast<int64_t>(m));
  if (!c) {
    why = "complement(A, size(A)*cosize(B)) is not defined";
    return std::nullopt;
  }
  auto w = composed_answer(oracle::from_leaves(*c), b, b.shape());
  if (!w) why = "no layout compatible with shape(B) equals the copies C o B";
  return w;
}

// PROD-COMPLETE parts: logical_product(A, B), logical_product(A, <_, B>)
// (<_> for rank-1 A: `_` keeps the mode) and zipped_product(A, <_, B>) (as in
// CuTe, the `_` mode must be a rank-2 (block, copies) pair; else no answer).
struct ProductPart {
  const char* name;
  const char* op;
  bool underscore;
};
constexpr ProductPart kProductParts[] = {
    {"logical_product", "logical_product", false},
    {"logical_product with _", "logical_product", true},
    {"zipped_product with _", "zipped_product", true},
};

Outcome prod_complete(const Algebra& alg, const std::vector<Arg>& args, std::size_t first,
                      std::size_t last) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  if (near_edge(a, b)) return vacuous("near the int64 edge");
  return each_part(first, last, [&](std::size_t p) -> Outcome {
    const ProductPart& part = kProductParts[p];
    const int rank = oracle::rank(a.shape());
    Tiler t(b);
    std::string why;
    std::optional<Layout> w;
    if (part.underscore && rank < 1) return vacuous("A has no mode for `_`");
    if (!part.underscore) {
      w = product_answer(a, b, why);
    } else if (rank == 1) {
      t = Tiler::tuple({Tiler::underscore()});
      w = a;  // `_` keeps A
    } else {
      t = Tiler::tuple({Tiler::underscore(), Tiler(b)});
      w = product_answer(oracle::mode(a, 1), b, why);
    }
    if (std::string(part.op) == "zipped_product" &&
        (!oracle::mode(a, 0).shape().is_tuple() || oracle::rank(oracle::mode(a, 0).shape()) != 2)) {
      w.reset();  // CuTe's zip2_by: the `_` mode must be a (block, copies) pair
      why = "`_` in a zipped product tiler needs a mode of rank 2";
    }
    Layout r;
    try {
      r = std::string(part.op) == "logical_product" ? alg.logical_product(a, t)
                                                    : alg.zipped_product(a, t);
    } catch (const Error& e) {
      if (!w) return std::nullopt;
      return must_answer("PROD-COMPLETE", args, part.op, *w, e, 0, 0);
    }
    if (!w) return must_refuse("PROD-COMPLETE", args, part.op, r, why);
    return check_tiler_op("PROD-COMPLETE", args, part.op, a, t, r);
  });
}

// DIV-COMPLETE parts: logical_divide and zipped_divide by a layout B.
constexpr const char* kDivideParts[] = {"logical_divide", "zipped_divide"};

Outcome div_complete(const Algebra& alg, const std::vector<Arg>& args, std::size_t first,
                     std::size_t last) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  if (near_edge(a, b)) return vacuous("near the int64 edge");
  const auto n = oracle::size(a);
  if (!n) return vacuous("size(A) past int64");
  const auto c = oracle::complement(b, *n);
  std::optional<Layout> w;
  std::string why = "complement(B, size(A)) is not defined";
  if (c) {
    const Layout rest = oracle::from_leaves(*c);
    Ints sizes;
    for (const oracle::Leaf& x : *c) sizes.push_back(x.s);
    const IntTuple rest_shape = sizes.size() == 1 ? IntTuple(sizes[0]) : flat_tuple(sizes);
    w = composed_answer(a, join(b, rest), oracle::tuple_of({b.shape(), rest_shape}));
    why = "no layout compatible with (shape(B), shape(complement(B, size(A)))) equals A o (B, C)";
  }
  return each_part(first, last, [&](std::size_t p) -> Outcome {
    const std::string op = kDivideParts[p];
    Layout r;
    try {
      r = op == "logical_divide" ? alg.logical_divide(a, b) : alg.zipped_divide(a, b);
    } catch (const Error& e) {
      if (!w) return std::nullopt;
      return must_answer("DIV-COMPLETE", args, op, *w, e, size(a.shape()), kComposeDecided);
    }
    if (!w) return must_refuse("DIV-COMPLETE", args, op, r, why);
    return check_tiler_op("DIV-COMPLETE", args, op, a, Tiler(b), r);
  });
}

// Whether A repeats a value on its domain (nullopt: too large).
std::optional<bool> repeats(const Layout& a) {
  const auto t = table(a);
  if (!t) return std::nullopt;
  return first_repeat(*t).has_value();
}

// LINV-COMPLETE: left_inverse(A) answers exactly when some layout L has
// L(A(i)) = i for every i; "not injective" is said only of A that repeats.
Outcome linv_complete(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  if (!representable(a)) return vacuous("outside the evaluator");
  const oracle::LeftInverseSearch s = oracle::left_inverse_exists(a, kInverseDecided, limit());
  if (s.result == oracle::LeftInverseSearch::undecided) return vacuous("too large for the oracle");
  Layout r;
  try {
    r = alg.left_inverse(a);
  } catch (const Error& e) {
    if (says(e, "not injective") && !repeats(a).value_or(true))
      return fail(
          "LINV-COMPLETE", args,
          std::string("left_inverse says A is not injective, but no value repeats: ") + e.what());
    if (s.result == oracle::LeftInverseSearch::none) return std::nullopt;
    return must_answer("LINV-COMPLETE", args, "left_inverse", *s.witness, e, 0, 0);
  }
  if (s.result == oracle::LeftInverseSearch::none)
    return must_refuse("LINV-COMPLETE", args, "left_inverse", r, "no layout inverts A");
  return post_left_inverse("LINV-COMPLETE", args, a, r);
}

// RINV-COMPLETE: right_inverse(A) is never refused (1:0 is always a right
// inverse, and the chain's result has sizes dividing size(A) and strides below
// it), at any size: no table is needed, so huge layouts are checked too. (Its
// size is C++'s chain, a documented choice, not the largest right inverse:
// (2,2,2):(-1,-2,4) also has 2:7. RINV-FN and RINV-MAX judge the result.)
Outcome rinv_complete(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  if (!oracle::size(a)) return vacuous("size past int64");
  try {
    (void)alg.right_inverse(a);
  } catch (const Error& e) {
    return refused("RINV-COMPLETE", args, "right_inverse", e);
  }
  return std::nullopt;
}

// CPL-COMPLETE: complement(A, M) answers exactly when the formula is defined
// (M >= 1; the modes of size > 1 and stride != 0 have strides > 0 and, sorted,
// do not overlap or interleave; every value fits), and each refusal's stated
// condition is true.
Outcome cpl_complete(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const int64_t m = std::get<int64_t>(args[1]);
  if (!representable(a) || near_edge(a)) return vacuous("near the int64 edge");
  const auto c = oracle::complement(a, m);
  bool negative = false;
  for (const oracle::Leaf& x : oracle::leaves(a)) negative = negative || (x.s > 1 && x.d < 0);
  Layout r;
  try {
    r = alg.complement(a, m);
  } catch (const Error& e) {
    const char* wrong = nullptr;
    if (says(e, "cotarget must be") && m >= 1) wrong = "the cotarget is >= 1";
    if (says(e, "negative strides") && !negative)
      wrong = "no mode of size > 1 has a negative stride";
    if (says(e, "interleaves") && !negative && oracle::chain(a).ordered)
      wrong = "A's modes, sorted by stride, neither overlap nor interleave";
    if (wrong)
      return fail(
          "CPL-COMPLETE", args,
          std::string("complement refused with a false condition (") + wrong + "): " + e.what());
    if (!c) return std::nullopt;
    return must_answer("CPL-COMPLETE", args, "complement", oracle::from_leaves(*c), e, 0, 0);
  }
  if (!c) return must_refuse("CPL-COMPLETE", args, "complement", r, "its formula is not defined");
  return post_complement("CPL-COMPLETE", args, a, m, r);
}

}  // namespace

std::vector<Law> completeness_laws() {
  using K = ArgKind;
  return {
      {"COMP-COMPLETE",
       "composition(A, B) answers iff some layout compatible with shape(B) equals A(B(i)) on "
       "[0, size(B)) (oracle: fit_layout); no result where none does",
       "composition",
       "answerable edge cases (negative strides in a B of several modes, B past A's mode with a "
       "non-dividing stride), near misses, random pairs",
       {K::layout, K::layout},
       guard(comp_complete)},
      {"PROD-COMPLETE",
       "logical_product(A, B) answers iff complement(A, size(A)*cosize(B)) is defined and a "
       "layout compatible with shape(B) equals its composition with B; `_` keeps the mode",
       "logical_product, zipped_product",
       "complementable A with B of any strides, `_` in the tiler, near misses",
       {K::layout, K::layout},
       guard_parts(prod_complete, 3),
       part_names(kProductParts),
       guard_part(prod_complete, 3)},
      {"DIV-COMPLETE",
       "logical/zipped_divide(A, B) answer iff C = complement(B, size(A)) is defined and a layout "
       "compatible with (shape(B), shape(C)) equals A o (B, C)",
       "logical_divide, zipped_divide",
       "B injective with strides that do not divide A's modes, near misses",
       {K::layout, K::layout},
       guard_parts(div_complete, 2),
       {"logical_divide", "zipped_divide"},
       guard_part(div_complete, 2)},
      {"LINV-COMPLETE",
       "left_inverse(A) answers iff some layout L has L(A(i)) = i for all i < size(A) (oracle: "
       "search over every layout on offsets <= 256); 'not injective' only of A that repeats",
       "left_inverse",
       "injective layouts of mixed signs and non-chaining strides, non-injective near misses",
       {K::layout},
       guard(linv_complete)},
      {"RINV-COMPLETE",
       "right_inverse(A) never refuses, at any size (1:0 is always a right inverse)",
       "right_inverse",
       "every class, huge shapes included",
       {K::layout},
       guard(rinv_complete)},
      {"CPL-COMPLETE",
       "complement(A, M) answers iff its formula is defined, and a refusal's condition (cotarget, "
       "negative strides, interleaving) is true",
       "complement",
       "chained and gapped A, interleaving and negative near misses, every cotarget",
       {K::layout, K::integer},
       guard(cpl_complete)},
  };
}

}  // namespace props
