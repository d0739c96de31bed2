// Refusals: REFUSE-MSG, NO-OVERFLOW. Every operation of the algebra is run on
// a pair of layouts (A, B); refusals must be layout::Error with a message and
// results must stay inside int64.
#include "catalog_groups.hpp"
#include "law_util.hpp"
#include "refusal_as_value.hpp"

namespace props {

namespace {

using namespace util;
using layout::Result;

// One layout-valued operation on (A, B); m = size(B) (saturated) is the
// cotarget of complement and the index of eval. Integer results (eval,
// cosize) are carried as the stride of 1:v, a layout for every int64 v.
struct Op {
  const char* name;
  Layout (*run)(const Algebra& alg, const Layout& a, const Layout& b, int64_t m);
  // The library's non-throwing twin (its try_* function), or nullptr.
  Result<Layout> (*attempt)(const Layout& a, const Layout& b, int64_t m) = nullptr;
};

// try_eval as a layout (1:offset), as kOperations' eval has it.
Result<Layout> attempt_eval(const Layout& a, const Layout&, int64_t m) {
  Result<int64_t> v = layout::try_eval(a, m);
  if (!v) return v.error();
  return Layout(1, *v);
}

// A row whose operation is fn(args...) in (a, b, m): alg.fn through the
// algebra, layout::try_fn for the library's twin.
#define LAYOUTCHECK_OP_ROW(name, fn, ...)                                                          \
  {                                                                                                \
    name,                                                                                          \
        [](const Algebra& alg, [[maybe_unused]] const Layout& a, [[maybe_unused]] const Layout& b, \
           [[maybe_unused]] int64_t m) -> Layout { return alg.fn(__VA_ARGS__); },                  \
        []([[maybe_unused]] const Layout& a, [[maybe_unused]] const Layout& b,                     \
           [[maybe_unused]] int64_t m) { return layout::try_##fn(__VA_ARGS__); }                   \
  }

// Every layout-valued operation on (A, B).
constexpr Op kOperations[] = {
    {"coalesce",
     [](const Algebra& alg, const Layout& a, const Layout&, int64_t) { return alg.coalesce(a); }},
    {"coalesce by mode", [](const Algebra& alg, const Layout& a, const Layout& b,
                            int64_t) { return alg.coalesce(a, b.shape()); }},
    {"filter",
     [](const Algebra& alg, const Layout& a, const Layout&, int64_t) { return alg.filter(a); }},
    LAYOUTCHECK_OP_ROW("composition", composition, a, b),
    LAYOUTCHECK_OP_ROW("composition (tiler)", composition, a, Tiler::of_shape(b.shape())),
    LAYOUTCHECK_OP_ROW("complement", complement, a, m),
    LAYOUTCHECK_OP_ROW("right_inverse", right_inverse, a),
    LAYOUTCHECK_OP_ROW("left_inverse", left_inverse, a),
    LAYOUTCHECK_OP_ROW("logical_divide", logical_divide, a, b),
    LAYOUTCHECK_OP_ROW("zipped_divide", zipped_divide, a, b),
    LAYOUTCHECK_OP_ROW("tiled_divide", tiled_divide, a, b),
    LAYOUTCHECK_OP_ROW("flat_divide", flat_divide, a, b),
    LAYOUTCHECK_OP_ROW("logical_product", logical_product, a, b),
    LAYOUTCHECK_OP_ROW("zipped_product", zipped_product, a, b),
    LAYOUTCHECK_OP_ROW("tiled_product", tiled_product, a, b),
    LAYOUTCHECK_OP_ROW("blocked_product", blocked_product, a, b),
    LAYOUTCHECK_OP_ROW("raked_product", raked_product, a, b),
    {"parse", [](const Algebra& alg, const Layout& a, const Layout& b,
                 int64_t) { return alg.parse_layout(alg.print(a) + ":" + alg.print(b)); }},
    {"eval",
     [](const Algebra& alg, const Layout& a, const Layout&, int64_t m) {
       return Layout(1, alg.eval(a, m));
     },
     attempt_eval},
    {"cosize", [](const Algebra& alg, const Layout& a, const Layout&,
                  int64_t) { return Layout(1, alg.cosize(a)); }},
};
#undef LAYOUTCHECK_OP_ROW
constexpr std::size_t kOperationCount = sizeof(kOperations) / sizeof(kOperations[0]);

// Runs `op` with a refusal (layout::Error) as a value (refusal_as_value.hpp);
// an operation without a try_* twin runs its throwing form either way.
Result<Layout> attempt(const Algebra& alg, const Op& op, const Layout& a, const Layout& b,
                       int64_t m) {
  const auto run = [&] { return Result<Layout>(op.run(alg, a, b, m)); };
  return refusal_as_value(
      alg, [&] { return op.attempt ? op.attempt(a, b, m) : run(); }, run);
}

// REFUSE-MSG on one operation: a refusal is a layout::Error that names its
// operation and carries a non-empty condition; no other exception escapes.
Outcome refuse_msg_one(const Algebra& alg, const std::vector<Arg>& args, const Op& op) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  try {
    const Result<Layout> r = attempt(alg, op, a, b, size64(b));
    if (!r) {
      const Error& e = r.error();
      if (e.op().empty() || e.condition().empty() || *e.what() == '\0')
        return fail("REFUSE-MSG", args,
                    std::string(op.name) + " refused without a message: \"" + e.what() + "\"");
    }
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
    Result<Layout> got = attempt(alg, op, a, b, size64(b));
    if (!got) return vacuous("refused");
    r = *got;
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
