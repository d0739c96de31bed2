// Refusals: REFUSE-MSG, NO-OVERFLOW. Every operation of the algebra is run on
// a pair of layouts (A, B); refusals must be layout::Error with a message and
// results must stay inside int64.
#include "catalog_groups.hpp"
#include "law_util.hpp"

namespace props {

namespace {

using namespace util;

// One layout-valued operation on (A, B); m = size(B) (saturated) is the
// cotarget of complement and the index of eval.
struct Op {
  const char* name;
  Layout (*run)(const Algebra& alg, const Layout& a, const Layout& b, int64_t m);
};

// Every layout-valued operation on (A, B).
constexpr Op kOperations[] = {
    {"coalesce",
     [](const Algebra& alg, const Layout& a, const Layout&, int64_t) { return alg.coalesce(a); }},
    {"coalesce by mode", [](const Algebra& alg, const Layout& a, const Layout& b,
                            int64_t) { return alg.coalesce(a, b.shape()); }},
    {"filter",
     [](const Algebra& alg, const Layout& a, const Layout&, int64_t) { return alg.filter(a); }},
    {"composition", [](const Algebra& alg, const Layout& a, const Layout& b,
                       int64_t) { return alg.composition(a, b); }},
    {"composition (tiler)", [](const Algebra& alg, const Layout& a, const Layout& b,
                               int64_t) { return alg.composition(a, Tiler::of_shape(b.shape())); }},
    {"complement", [](const Algebra& alg, const Layout& a, const Layout&,
                      int64_t m) { return alg.complement(a, m); }},
    {"right_inverse", [](const Algebra& alg, const Layout& a, const Layout&,
                         int64_t) { return alg.right_inverse(a); }},
    {"left_inverse", [](const Algebra& alg, const Layout& a, const Layout&,
                        int64_t) { return alg.left_inverse(a); }},
    {"logical_divide", [](const Algebra& alg, const Layout& a, const Layout& b,
                          int64_t) { return alg.logical_divide(a, b); }},
    {"zipped_divide", [](const Algebra& alg, const Layout& a, const Layout& b,
                         int64_t) { return alg.zipped_divide(a, b); }},
    {"tiled_divide", [](const Algebra& alg, const Layout& a, const Layout& b,
                        int64_t) { return alg.tiled_divide(a, b); }},
    {"flat_divide", [](const Algebra& alg, const Layout& a, const Layout& b,
                       int64_t) { return alg.flat_divide(a, b); }},
    {"logical_product", [](const Algebra& alg, const Layout& a, const Layout& b,
                           int64_t) { return alg.logical_product(a, b); }},
    {"zipped_product", [](const Algebra& alg, const Layout& a, const Layout& b,
                          int64_t) { return alg.zipped_product(a, b); }},
    {"tiled_product", [](const Algebra& alg, const Layout& a, const Layout& b,
                         int64_t) { return alg.tiled_product(a, b); }},
    {"blocked_product", [](const Algebra& alg, const Layout& a, const Layout& b,
                           int64_t) { return alg.blocked_product(a, b); }},
    {"raked_product", [](const Algebra& alg, const Layout& a, const Layout& b,
                         int64_t) { return alg.raked_product(a, b); }},
    {"parse", [](const Algebra& alg, const Layout& a, const Layout& b,
                 int64_t) { return alg.parse_layout(alg.print(a) + ":" + alg.print(b)); }},
    {"eval", [](const Algebra& alg, const Layout& a, const Layout&,
                int64_t m) { return Layout(alg.eval(a, m), 0); }},
    {"cosize", [](const Algebra& alg, const Layout& a, const Layout&,
                  int64_t) { return Layout(alg.cosize(a), 0); }},
};
constexpr std::size_t kOperationCount = sizeof(kOperations) / sizeof(kOperations[0]);

// REFUSE-MSG on one operation: a refusal is a layout::Error that names its
// operation and carries a non-empty condition; no other exception escapes.
Outcome refuse_msg_one(const Algebra& alg, const std::vector<Arg>& args, const Op& op) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  try {
    (void)op.run(alg, a, b, size64(b));
  } catch (const Error& e) {
    if (e.op().empty() || e.condition().empty() || *e.what() == '\0')
      return fail("REFUSE-MSG", args,
                  std::string(op.name) + " refused without a message: \"" + e.what() + "\"");
  } catch (const Unsupported&) {  // an audited implementation: not this law's finding
    throw;
  } catch (const ImplementationFailure&) {
    throw;
  } catch (const std::exception& e) {
    return fail("REFUSE-MSG", args,
                std::string(op.name) + " threw something else than layout::Error: " + e.what());
  }
  return std::nullopt;
}

// NO-OVERFLOW on one operation: for operands whose own offsets fit in int64,
// the result's size and offsets fit in int64 (its span sum (s-1)|d| <=
// INT64_MAX, so cosize may be one past it), or the operation refuses.
Outcome no_overflow_one(const Algebra& alg, const std::vector<Arg>& args, const Op& op) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  if (!representable(a) || !representable(b))
    return vacuous("too large for the oracle or outside the evaluator");
  Layout r;
  try {
    r = op.run(alg, a, b, size64(b));
  } catch (const Error&) {
    return vacuous("refused");
  } catch (const Unsupported&) {  // an audited implementation: not this law's finding
    throw;
  } catch (const ImplementationFailure&) {
    throw;
  } catch (const std::exception&) {
    return vacuous("refused");  // REFUSE-MSG
  }
  if (!oracle::size(r))
    return fail("NO-OVERFLOW", args, std::string(op.name) + " gave a size past int64");
  if (r.shape().num_leaves() != r.stride().num_leaves())
    return fail("NO-OVERFLOW", args, std::string(op.name) + " gave an incongruent layout");
  if (cosize(r) - 1 > INT64_MAX)
    return fail("NO-OVERFLOW", args,
                std::string(op.name) + " gave " + show(r) + ", whose offsets pass int64");
  return std::nullopt;
}

// The law on the operations [first, last) of the table, in table order; one
// part per operation.
template <Outcome (*one)(const Algebra&, const std::vector<Arg>&, const Op&)>
Outcome on_operations(const Algebra& alg, const std::vector<Arg>& args, std::size_t first,
                      std::size_t last) {
  return each_part(first, last,
                   [&](std::size_t part) { return one(alg, args, kOperations[part]); });
}

}  // namespace

std::vector<Law> refusal_laws() {
  using K = ArgKind;
  return {
      {"REFUSE-MSG",
       "every refusal of every operation is a layout::Error naming its operation with a "
       "non-empty condition; nothing else is thrown",
       "all layout-valued operations, parse, eval, cosize",
       "near misses of every operation, large values, random pairs",
       {K::layout, K::layout},
       guard_parts(on_operations<refuse_msg_one>, kOperationCount),
       part_names(kOperations),
       guard_part(on_operations<refuse_msg_one>, kOperationCount)},
      {"NO-OVERFLOW",
       "operands with offsets in int64: every result has size and 1 + sum (s-1)|d| within "
       "int64, or the operation refused",
       "all layout-valued operations",
       "large values up to the overflow edge, random pairs",
       {K::layout, K::layout},
       guard_parts(on_operations<no_overflow_one>, kOperationCount),
       part_names(kOperations),
       guard_part(on_operations<no_overflow_one>, kOperationCount)},
  };
}

}  // namespace props
