// The worked examples of the CuTe layout lesson (NVIDIA's 01_layout.md and
// 02_layout_algebra.md) and of DESIGN.md, judged with the `equal` rule of the
// vectors (same size, same value at every index, same top-level mode sizes),
// and the known wrong answer that must be refused. No example is ever judged
// as disputed (an empty allow-list).
#include "conformance.hpp"

namespace props {

namespace {

struct Example {
  const char* op;
  std::vector<const char*> args;
  const char* expected;  // nullptr: the operation must refuse (no correct result exists)
};

const Example kExamples[] = {
    // 01_layout.md: evaluation and coordinates.
    {"call", {"(4,2):(1,4)", "5"}, "5"},
    {"call", {"(4,2):(2,1)", "5"}, "3"},
    {"call", {"(3,(2,3)):(3,(12,1))", "16"}, "17"},
    {"crd2idx", {"16", "(3,(2,3))", "(3,(12,1))"}, "17"},
    {"crd2idx", {"(1,5)", "(3,(2,3))", "(3,(12,1))"}, "17"},
    {"crd2idx", {"(1,(1,2))", "(3,(2,3))", "(3,(12,1))"}, "17"},
    {"idx2crd", {"16", "(3,(2,3))"}, "(1,(1,2))"},
    {"idx2crd", {"(1,5)", "(3,(2,3))"}, "(1,(1,2))"},
    {"size", {"(65536,65536)"}, "4294967296"},
    // 02_layout_algebra.md: coalesce.
    {"coalesce", {"(2,(1,6)):(1,(6,2))"}, "12:1"},
    {"coalesce_by_mode", {"(2,(1,6)):(1,(6,2))", "(1,1)"}, "(2,6):(1,2)"},
    // Composition.
    {"composition", {"(4,2):(2,1)", "4:2"}, "(2,2):(4,1)"},
    {"composition", {"(6,2):(8,2)", "(4,3):(3,1)"}, "((2,2),3):((24,2),8)"},
    {"composition", {"(12,(4,8)):(59,(13,1))", "(3,8)"}, "(3,(4,2)):(59,(13,1))"},
    {"composition", {"(12,(4,8)):(59,(13,1))", "<3:4,8:2>"}, "(3,(2,4)):(236,(26,1))"},
    {"composition", {"(3,6,2,8):(96,16,8,2)", "16:72"}, "16:4"},
    {"composition", {"(6,2):(1,7)", "(3,2):(2,3)"}, nullptr},  // cutlass issue 2955
    // Complement.
    {"complement", {"4:2", "16"}, "(2,2):(1,8)"},
    {"complement", {"4:2", "24"}, "(2,3):(1,8)"},
    {"complement", {"(2,2):(1,6)", "24"}, "(3,2):(2,12)"},
    {"complement", {"(4,6):(1,4)", "24"}, "1:0"},
    // Divides.
    {"logical_divide", {"16:1", "4:2"}, "(4,(2,2)):(2,(1,8))"},
    {"logical_divide", {"(4,2,3):(2,1,8)", "4:2"}, "((2,2),(2,3)):((4,1),(2,8))"},
    {"logical_divide",
     {"(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>"},
     "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"},
    {"zipped_divide",
     {"(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>"},
     "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"},
    {"tiled_divide",
     {"(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>"},
     "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"},
    {"flat_divide",
     {"(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>"},
     "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"},
    // Products.
    {"logical_product", {"(2,2):(4,1)", "6:1"}, "((2,2),(2,3)):((4,1),(2,8))"},
    {"blocked_product", {"(2,5):(5,1)", "(3,4):(1,3)"}, "((2,3),(5,4)):((5,10),(1,30))"},
    {"raked_product", {"(2,5):(5,1)", "(3,4):(1,3)"}, "((3,2),(4,5)):((10,5),(30,1))"},
    // Slicing and tiling.
    {"slice", {"(4,2):(1,4)", "(_,1)"}, "(4):(1) + 4"},
    {"local_tile", {"(8,8):(1,8)", "(4,2)", "(1,2)"}, "(4,2):(1,8) + 36"},
    {"local_partition", {"(8,8):(1,8)", "(2,4):(4,1)", "5"}, "(4,2):(2,32) + 9"},
    {"local_tile",
     {"(64,48):(1,64)", "(16,8,12)", "(2,3,_)", "(1,X,1)"},
     "(16,12,4):(1,64,768) + 32"},
    {"local_partition",
     {"(16,8):(1,16)", "(2,16,1):(16,1,0)", "21", "(1,X,1)"},
     "(8,8):(2,16) + 1"},
    // Swizzle<3,0,3> over (8,8):(8,1) (the CuTe swizzle_layout unit test).
    {"swizzle_layout_call", {"3", "0", "3", "(8,8):(8,1)", "0", "1", "2", "9"}, "0 9 18 8"},
};

// Words -> operands; a trailing `integers` argument takes all the remaining words.
std::vector<Arg> parse_args(const OpSpec& op, const std::vector<const char*>& words) {
  std::vector<Arg> out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const ArgKind kind = op.args[std::min(i, op.args.size() - 1)];
    if (kind == ArgKind::integers && i >= op.args.size() - 1) {
      if (i == op.args.size() - 1) out.emplace_back(std::vector<int64_t>{});
      std::get<std::vector<int64_t>>(out.back())
          .push_back(std::get<std::vector<int64_t>>(parse_arg(kind, words[i]))[0]);
    } else {
      out.push_back(parse_arg(kind, words[i]));
    }
  }
  return out;
}

std::string example_text(const Example& e) {
  std::string s = std::string(e.op) + "(";
  for (std::size_t i = 0; i < e.args.size(); ++i) s += (i ? ", " : "") + std::string(e.args[i]);
  return s + ")";
}

}  // namespace

LessonResult run_lesson(const Algebra& alg) {
  LessonResult r;
  const Disputes none;
  for (const Example& e : kExamples) {
    ++r.cases;
    const OpSpec* op = find_op(e.op);
    if (!op) {
      r.failures.push_back(std::string("FAIL lesson: unknown op ") + e.op);
      continue;
    }
    Case c;
    c.op = op;
    c.args = parse_args(*op, e.args);
    if (e.expected)
      c.expected = parse_value(op->result, e.expected);
    else
      c.expect = Expect::refuse_or_valid;
    c.all_modes = true;
    const Judgement j = judge(c, attempt(alg, *op, c.args), none);
    if (j.verdict == Verdict::failed)
      r.failures.push_back("FAIL lesson: " + example_text(e) + ": " + j.why);
    else
      ++r.passed;
  }
  return r;
}

}  // namespace props
