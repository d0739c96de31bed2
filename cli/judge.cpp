#include "judge.hpp"

#include <map>

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

// What a post-condition looks at.
struct Checked {
  const std::string& op;
  const Operands& args;
  const Value& result;
  std::optional<int64_t> min_size;

  const Layout& layout_arg(std::size_t i) const { return get<Layout>(args, i); }
  const Layout& r() const { return std::get<Layout>(result); }
};

using PostCondition = Violation (*)(const Checked&);

// The operations that have a post-condition, and how to check it.
const std::map<std::string_view, PostCondition>& postconditions() {
  static const std::map<std::string_view, PostCondition> table = [] {
    std::map<std::string_view, PostCondition> t;
    t["shape_div"] = [](const Checked& c) {
      return check_shape_div(get<IntTuple>(c.args, 0), get<IntTuple>(c.args, 1),
                             std::get<IntTuple>(c.result));
    };
    t["composition"] = [](const Checked& c) {
      return check_composition(c.layout_arg(0), get<Tiler>(c.args, 1), c.r());
    };
    t["complement"] = [](const Checked& c) {
      std::optional<int64_t> m;
      if (c.args.size() > 1) m = get<int64_t>(c.args, 1);
      return check_complement(c.layout_arg(0), m, c.r());
    };
    t["right_inverse"] = [](const Checked& c) {
      return check_right_inverse(c.layout_arg(0), c.r(), c.min_size.value_or(0));
    };
    t["left_inverse"] = [](const Checked& c) { return check_left_inverse(c.layout_arg(0), c.r()); };
    t["blocked_product"] = [](const Checked& c) {
      return check_definition(blocked_raked_definition(false, c.layout_arg(0), c.layout_arg(1)),
                              c.r());
    };
    t["raked_product"] = [](const Checked& c) {
      return check_definition(blocked_raked_definition(true, c.layout_arg(0), c.layout_arg(1)),
                              c.r());
    };
    for (const char* name : {"logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
                             "logical_product", "zipped_product", "tiled_product"})
      t[name] = [](const Checked& c) {
        return check_definition(tiler_definition(c.op, c.layout_arg(0), get<Tiler>(c.args, 1)),
                                c.r());
      };
    return t;
  }();
  return table;
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
  const auto it = postconditions().find(op.name);
  if (it == postconditions().end())
    throw NotVerifiable("no post-condition is defined for " + op.name +
                        ", so only a refusal can pass");
  return it->second(Checked{op.name, args, result, min_size});
}

Judgement judge_disputed(const Case& c, const Attempt& got, const std::string& why) {
  Case as_refuse_or_valid = c;
  as_refuse_or_valid.expect = Expect::refuse_or_valid;
  Judgement j = judge(as_refuse_or_valid, got);
  if (j.verdict == Verdict::failed) return j;
  return {Verdict::disputed,
          why + "; ours: " + (got.value ? "valid " + got_notation(got) : "refused: " + got.error)};
}

namespace {

// Why an `expected` value is not a correct answer, if it is not: it fails the
// operation's brute-force post-condition. Nothing when it meets it (or when
// no post-condition exists to tell).
Violation wrong_expectation(const Case& c) {
  try {
    if (Violation v = check_postcondition(*c.op, c.args, *c.expected, c.min_size))
      return "the expected value " + to_notation(*c.expected) +
             " violates the post-condition: " + *v;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

}  // namespace

Judgement judge(const Case& c, const Attempt& got) {
  if (c.expect == Expect::equal) {
    std::string mismatch;
    if (!got.value) {
      mismatch = "expected a result, got error: " + got.error;
    } else {
      try {
        const bool modes = c.all_modes || keeps_mode_structure(*c.op, c.args);
        if (Violation v = compare_values(*c.expected, *got.value, modes))
          mismatch =
              "got " + got_notation(got) + ", expected " + to_notation(*c.expected) + ": " + *v;
      } catch (const std::exception& e) {
        mismatch = "got " + got_notation(got) + ", which could not be compared: " + e.what();
      }
    }
    if (mismatch.empty()) return {Verdict::equal, {}};
    if (Violation wrong = wrong_expectation(c)) return judge_disputed(c, got, *wrong);
    return failed(mismatch);
  }
  if (!got.value) {
    if (c.expect == Expect::refuse_or_valid && got.refused) return {Verdict::refused, {}};
    return failed("expected a result, got error: " + got.error);
  }
  try {
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
