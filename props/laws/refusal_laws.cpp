// Refusals: REFUSE-MSG, NO-OVERFLOW. Every operation of the algebra is run on
// a pair of layouts (A, B); refusals must be layout::Error with a message and
// results must stay inside int64.
#include "catalog_groups.hpp"
#include "law_util.hpp"

namespace props {

namespace {

using namespace util;

struct Op {
  const char* name;
  std::function<Layout()> run;
};

// Every layout-valued operation on (A, B).
std::vector<Op> operations(const Algebra& alg, const Layout& a, const Layout& b) {
  const int64_t m = size64(b);
  return {
      {"coalesce", [&] { return alg.coalesce(a); }},
      {"coalesce by mode", [&] { return alg.coalesce(a, b.shape()); }},
      {"filter", [&] { return alg.filter(a); }},
      {"composition", [&] { return alg.composition(a, b); }},
      {"composition (tiler)", [&] { return alg.composition(a, Tiler::of_shape(b.shape())); }},
      {"complement", [&, m] { return alg.complement(a, m); }},
      {"right_inverse", [&] { return alg.right_inverse(a); }},
      {"left_inverse", [&] { return alg.left_inverse(a); }},
      {"logical_divide", [&] { return alg.logical_divide(a, b); }},
      {"zipped_divide", [&] { return alg.zipped_divide(a, b); }},
      {"tiled_divide", [&] { return alg.tiled_divide(a, b); }},
      {"flat_divide", [&] { return alg.flat_divide(a, b); }},
      {"logical_product", [&] { return alg.logical_product(a, b); }},
      {"zipped_product", [&] { return alg.zipped_product(a, b); }},
      {"tiled_product", [&] { return alg.tiled_product(a, b); }},
      {"blocked_product", [&] { return alg.blocked_product(a, b); }},
      {"raked_product", [&] { return alg.raked_product(a, b); }},
      {"parse", [&] { return alg.parse_layout(alg.print(a) + ":" + alg.print(b)); }},
      {"eval", [&, m] { return Layout(alg.eval(a, m), 0); }},
      {"cosize", [&] { return Layout(alg.cosize(a), 0); }},
  };
}

// REFUSE-MSG: every refusal is a layout::Error that names its operation and
// carries a non-empty condition; no other exception escapes.
Outcome refuse_msg(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  for (const Op& op : operations(alg, a, b)) {
    try {
      (void)op.run();
    } catch (const Error& e) {
      if (e.op().empty() || e.condition().empty() || std::string(e.what()).empty())
        return fail("REFUSE-MSG", args,
                    std::string(op.name) + " refused without a message: \"" + e.what() + "\"");
    } catch (const std::exception& e) {
      return fail("REFUSE-MSG", args,
                  std::string(op.name) + " threw something else than layout::Error: " + e.what());
    }
  }
  return std::nullopt;
}

// NO-OVERFLOW: for operands whose own offsets fit in int64, every result's
// size and offsets fit in int64 (its span sum (s-1)|d| <= INT64_MAX, so
// cosize may be one past it), or the operation refuses.
Outcome no_overflow(const Algebra& alg, const std::vector<Arg>& args) {
  const Layout& a = std::get<Layout>(args[0]);
  const Layout& b = std::get<Layout>(args[1]);
  if (cosize(a) - 1 > INT64_MAX || cosize(b) - 1 > INT64_MAX) return std::nullopt;
  for (const Op& op : operations(alg, a, b)) {
    Layout r;
    try {
      r = op.run();
    } catch (const Error&) {
      continue;
    } catch (const std::exception&) {
      continue;  // REFUSE-MSG
    }
    if (!oracle::size(r))
      return fail("NO-OVERFLOW", args, std::string(op.name) + " gave a size past int64");
    if (r.shape().num_leaves() != r.stride().num_leaves())
      return fail("NO-OVERFLOW", args, std::string(op.name) + " gave an incongruent layout");
    if (cosize(r) - 1 > INT64_MAX)
      return fail("NO-OVERFLOW", args,
                  std::string(op.name) + " gave " + show(r) + ", whose offsets pass int64");
  }
  return std::nullopt;
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
       guard(refuse_msg)},
      {"NO-OVERFLOW",
       "operands with offsets in int64: every result has size and 1 + sum (s-1)|d| within "
       "int64, or the operation refused",
       "all layout-valued operations",
       "large values up to the overflow edge, random pairs",
       {K::layout, K::layout},
       guard(no_overflow)},
  };
}

}  // namespace props
