#include "judge.hpp"

#include "definitions.hpp"
#include "oracle.hpp"

namespace layoutcheck {

using layout::IntTuple;
using layout::Layout;
using layout::Tiler;

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

Attempt attempt(const OpSpec& op, const Operands& args) {
  Attempt a;
  try {
    a.value = op.run(args);
  } catch (const layout::Error& e) {
    a.error = e.what();
    a.refused = true;
  } catch (const layout::Overflow& e) {
    a.error = std::string("overflow: ") + e.what();
    a.refused = true;
  } catch (const std::exception& e) {
    a.error = std::string("unexpected exception (not a layout::Error): ") + e.what();
  }
  return a;
}

namespace {

Violation compare_layouts(const Layout& want, const Layout& got, bool modes) {
  if (want.size() != got.size())
    return "size " + std::to_string(got.size()) + ", expected " + std::to_string(want.size());
  if (modes && want.shape().is_tuple()) {
    const auto w = top_mode_sizes(want);
    const auto g = top_mode_sizes(got);
    if (w != g)
      return "top-level modes of sizes " + sizes_notation(g) + ", expected " + sizes_notation(w);
  }
  const CheckIndices idx(want.size());
  for (int64_t k = 0; k < idx.count(); ++k) {
    const int64_t i = idx[k];
    const int64_t w = want(i), g = got(i);
    if (w != g)
      return "value at " + std::to_string(i) + " is " + std::to_string(g) + ", expected " +
             std::to_string(w);
  }
  return std::nullopt;
}

Violation check_by_name(const OpSpec& op, const Operands& a, const Value& result,
                        std::optional<int64_t> min_size) {
  const std::string& n = op.name;
  if (n == "shape_div")
    return check_shape_div(get<IntTuple>(a, 0), get<IntTuple>(a, 1), std::get<IntTuple>(result));
  const Layout& r = std::get<Layout>(result);
  if (n == "composition") return check_composition(get<Layout>(a, 0), get<Tiler>(a, 1), r);
  if (n == "complement") {
    std::optional<int64_t> m;
    if (a.size() > 1) m = get<int64_t>(a, 1);
    return check_complement(get<Layout>(a, 0), m, r);
  }
  if (n == "right_inverse") return check_right_inverse(get<Layout>(a, 0), r, min_size.value_or(0));
  if (n == "left_inverse") return check_left_inverse(get<Layout>(a, 0), r);
  if (n == "blocked_product" || n == "raked_product")
    return check_definition(
        blocked_raked_definition(n == "raked_product", get<Layout>(a, 0), get<Layout>(a, 1)), r);
  return check_definition(tiler_definition(n, get<Layout>(a, 0), get<Tiler>(a, 1)), r);
}

bool has_postcondition(const OpSpec& op) {
  static const char* const kOps[] = {
      "shape_div",      "composition",     "complement",     "right_inverse",
      "left_inverse",   "blocked_product", "raked_product",  "logical_divide",
      "zipped_divide",  "tiled_divide",    "flat_divide",    "logical_product",
      "zipped_product", "tiled_product"};
  for (const char* name : kOps)
    if (op.name == name) return true;
  return false;
}

std::string got_notation(const Attempt& got) {
  return got.value ? to_notation(*got.value) : "error: " + got.error;
}

Judgement failed(const std::string& why) { return {Verdict::failed, why}; }

}  // namespace

Violation compare_values(const Value& expected, const Value& got, bool modes) {
  if (expected.index() != got.index()) return "a result of another kind";
  if (const auto* want = std::get_if<Layout>(&expected))
    return compare_layouts(*want, std::get<Layout>(got), modes);
  if (to_notation(expected) != to_notation(got)) return "a different value";
  return std::nullopt;
}

Violation check_postcondition(const OpSpec& op, const Operands& args, const Value& result,
                              std::optional<int64_t> min_size) {
  if (!has_postcondition(op))
    throw NotVerifiable("no post-condition is defined for " + op.name +
                        ", so only a refusal can pass");
  return check_by_name(op, args, result, min_size);
}

Judgement judge(const Case& c, const Attempt& got) {
  if (!got.value) {
    if (c.expect == Expect::refuse_or_valid && got.refused) return {Verdict::refused, {}};
    return failed("expected a result, got error: " + got.error);
  }
  try {
    if (c.expect == Expect::equal) {
      const bool modes = c.all_modes || keeps_mode_structure(*c.op, c.args);
      if (Violation v = compare_values(*c.expected, *got.value, modes))
        return failed("got " + got_notation(got) + ", expected " + to_notation(*c.expected) +
                      ": " + *v);
      return {Verdict::equal, {}};
    }
    if (Violation v = check_postcondition(*c.op, c.args, *got.value, c.min_size))
      return failed("got " + got_notation(got) + ", which violates the post-condition: " + *v);
    return {Verdict::valid, {}};
  } catch (const std::exception& e) {
    // The oracle could not decide (table too large, evaluation overflow, a
    // piece of the definition refused): never accept unchecked.
    return failed("got " + got_notation(got) + ", which could not be verified: " + e.what());
  }
}

}  // namespace layoutcheck
