// Latency of the algebra's operations on rank-2..4 nested layouts with runtime
// shapes. Operands are parsed once, outside the timed loop; each iteration is
// one call (including building and destroying the result). Run with
// repetitions so that the median is reported:
//   ops_bench --benchmark_repetitions=9 --benchmark_report_aggregates_only=true
// (the repetitions are also set per benchmark below, so the defaults give
// medians too).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "layout/coalesce.hpp"
#include "layout/complement.hpp"
#include "layout/composition.hpp"
#include "layout/divide.hpp"
#include "layout/error.hpp"
#include "layout/inverse.hpp"
#include "layout/notation.hpp"
#include "layout/product.hpp"
#include "layout/slice.hpp"

namespace {

using layout::Layout;
using layout::Tiler;

constexpr int kRepetitions = 9;

// Times op() and reports its median; an operation that refuses its operands
// is reported as an error (it would otherwise measure the refusal).
template <class Op>
void run(benchmark::State& state, Op op) {
  try {
    benchmark::DoNotOptimize(op());
  } catch (const layout::Error& e) {
    state.SkipWithError(e.what());
    return;
  }
  for (auto _ : state) {
    Layout r = op();
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
}

// Times a refusal: op() must throw layout::Error; one iteration is the call,
// the throw, the catch and reading the message (the cost a search over
// candidate layouts, or a fuzzer, pays per refused candidate).
template <class Op>
void run_refusal(benchmark::State& state, Op op) {
  try {
    (void)op();
    state.SkipWithError("the operation did not refuse");
    return;
  } catch (const layout::Error&) {
  }
  for (auto _ : state) {
    try {
      (void)op();
    } catch (const layout::Error& e) {
      benchmark::DoNotOptimize(*e.what());
    }
  }
}

// Times a refusal through a try_* function: op() must return a refused
// Result; one iteration is the call and reading the message (no throw).
template <class Op>
void run_try_refusal(benchmark::State& state, Op op) {
  if (op().ok()) {
    state.SkipWithError("the operation did not refuse");
    return;
  }
  for (auto _ : state) {
    const auto r = op();
    benchmark::DoNotOptimize(*r.error().what());
  }
}

void BM_TryRefusedComposition(benchmark::State& state, const char* a_text, const char* b_text) {
  const Layout a = layout::parse_layout(a_text);
  const Tiler b = layout::parse_tiler(b_text);
  run_try_refusal(state, [&] { return layout::try_composition(a, b); });
}

void BM_TryRefusedLogicalDivide(benchmark::State& state, const char* a_text, const char* b_text) {
  const Layout a = layout::parse_layout(a_text);
  const Tiler b = layout::parse_tiler(b_text);
  run_try_refusal(state, [&] { return layout::try_logical_divide(a, b); });
}

void BM_TryRefusedComplement(benchmark::State& state, const char* a_text, int64_t m) {
  const Layout a = layout::parse_layout(a_text);
  run_try_refusal(state, [&] { return layout::try_complement(a, m); });
}

void BM_TryRefusedProduct(benchmark::State& state, const char* a_text, const char* b_text) {
  const Layout a = layout::parse_layout(a_text);
  const Tiler b = layout::parse_tiler(b_text);
  run_try_refusal(state, [&] { return layout::try_zipped_product(a, b); });
}

void BM_TryRefusedEval(benchmark::State& state, const char* a_text, int64_t i) {
  const Layout a = layout::parse_layout(a_text);
  run_try_refusal(state, [&] { return layout::try_eval(a, i); });
}

void BM_TryRefusedLeftInverse(benchmark::State& state, const char* a_text) {
  const Layout a = layout::parse_layout(a_text);
  run_try_refusal(state, [&] { return layout::try_left_inverse(a); });
}

void BM_TryRefusedParse(benchmark::State& state, const char* text) {
  run_try_refusal(state, [&] { return layout::try_parse_layout(text); });
}

void BM_RefusedParse(benchmark::State& state, const char* text) {
  run_refusal(state, [&] { return layout::parse_layout(text); });
}

void BM_RefusedSlice(benchmark::State& state, const char* a_text, const char* c_text) {
  const Layout a = layout::parse_layout(a_text);
  const layout::Term c = layout::parse_term(c_text);
  run_refusal(state, [&] { return layout::slice(a, c); });
}

void BM_TryRefusedSlice(benchmark::State& state, const char* a_text, const char* c_text) {
  const Layout a = layout::parse_layout(a_text);
  const layout::Term c = layout::parse_term(c_text);
  run_try_refusal(state, [&] { return layout::try_slice(a, c); });
}

void BM_RefusedLocalTile(benchmark::State& state, const char* a_text, const char* t_text,
                         const char* c_text) {
  const Layout a = layout::parse_layout(a_text);
  const Tiler t = layout::parse_tiler(t_text);
  const layout::Term c = layout::parse_term(c_text);
  run_refusal(state, [&] { return layout::local_tile(a, t, c); });
}

void BM_TryRefusedLocalTile(benchmark::State& state, const char* a_text, const char* t_text,
                            const char* c_text) {
  const Layout a = layout::parse_layout(a_text);
  const Tiler t = layout::parse_tiler(t_text);
  const layout::Term c = layout::parse_term(c_text);
  run_try_refusal(state, [&] { return layout::try_local_tile(a, t, c); });
}

void BM_RefusedComposition(benchmark::State& state, const char* a_text, const char* b_text) {
  const Layout a = layout::parse_layout(a_text);
  const Tiler b = layout::parse_tiler(b_text);
  run_refusal(state, [&] { return layout::composition(a, b); });
}

void BM_RefusedLogicalDivide(benchmark::State& state, const char* a_text, const char* b_text) {
  const Layout a = layout::parse_layout(a_text);
  const Tiler b = layout::parse_tiler(b_text);
  run_refusal(state, [&] { return layout::logical_divide(a, b); });
}

void BM_RefusedEval(benchmark::State& state, const char* a_text, int64_t i) {
  const Layout a = layout::parse_layout(a_text);
  run_refusal(state, [&] { return a(i); });
}

void BM_Coalesce(benchmark::State& state, const char* a_text) {
  const Layout a = layout::parse_layout(a_text);
  run(state, [&] { return layout::coalesce(a); });
}

void BM_Composition(benchmark::State& state, const char* a_text, const char* b_text) {
  const Layout a = layout::parse_layout(a_text);
  const Layout b = layout::parse_layout(b_text);
  run(state, [&] { return layout::composition(a, b); });
}

void BM_CompositionTiler(benchmark::State& state, const char* a_text, const char* b_text) {
  const Layout a = layout::parse_layout(a_text);
  const Tiler b = layout::parse_tiler(b_text);
  run(state, [&] { return layout::composition(a, b); });
}

void BM_Complement(benchmark::State& state, const char* a_text, int64_t m) {
  const Layout a = layout::parse_layout(a_text);
  run(state, [&] { return layout::complement(a, m); });
}

void BM_LogicalDivide(benchmark::State& state, const char* a_text, const char* b_text) {
  const Layout a = layout::parse_layout(a_text);
  const Tiler b = layout::parse_tiler(b_text);
  run(state, [&] { return layout::logical_divide(a, b); });
}

void BM_LogicalProduct(benchmark::State& state, const char* a_text, const char* b_text) {
  const Layout a = layout::parse_layout(a_text);
  const Layout b = layout::parse_layout(b_text);
  run(state, [&] { return layout::logical_product(a, b); });
}

void BM_LeftInverse(benchmark::State& state, const char* a_text) {
  const Layout a = layout::parse_layout(a_text);
  run(state, [&] { return layout::left_inverse(a); });
}

void BM_RefusedLeftInverse(benchmark::State& state, const char* a_text) {
  const Layout a = layout::parse_layout(a_text);
  run_refusal(state, [&] { return layout::left_inverse(a); });
}

// name/args in CuTe notation; the median of kRepetitions runs is reported.
template <class... Args>
void add(const std::string& name, Args&&... args) {
  benchmark::RegisterBenchmark(name.c_str(), std::forward<Args>(args)...)
      ->Repetitions(kRepetitions)
      ->ReportAggregatesOnly(true)
      ->ComputeStatistics("min", [](const std::vector<double>& v) {
        double m = v.empty() ? 0.0 : v[0];
        for (double x : v) m = x < m ? x : m;
        return m;
      });
}

int register_all() {
  // coalesce: rank 2..4, nested.
  add("coalesce/((2,4),(3,5)):((1,2),(8,24))", BM_Coalesce, "((2,4),(3,5)):((1,2),(8,24))");
  add("coalesce/((4,8),(2,16),8):((2,64),(1,8),1024)", BM_Coalesce,
      "((4,8),(2,16),8):((2,64),(1,8),1024)");
  add("coalesce/(2,(1,6),(4,1),3):(1,(7,2),(12,0),48)", BM_Coalesce,
      "(2,(1,6),(4,1),3):(1,(7,2),(12,0),48)");
  // composition: layout B and tiler B.
  add("composition/(4,8,2):(1,4,32)o(4,4):(2,8)", BM_Composition, "(4,8,2):(1,4,32)",
      "(4,4):(2,8)");
  add("composition/(16,32):(32,1)o(4,8):(1,16)", BM_Composition, "(16,32):(32,1)", "(4,8):(1,16)");
  add("composition/((2,4),(8,2)):((1,16),(2,128))o(8,4):(1,8)", BM_Composition,
      "((2,4),(8,2)):((1,16),(2,128))", "(8,4):(1,8)");
  add("composition/(12,(4,8)):(59,(13,1))o<3:4,8:2>", BM_CompositionTiler, "(12,(4,8)):(59,(13,1))",
      "(3:4,8:2)");
  // complement.
  add("complement/(4,6):(1,32),4096", BM_Complement, "(4,6):(1,32)", int64_t{4096});
  add("complement/(2,2):(1,6),24", BM_Complement, "(2,2):(1,6)", int64_t{24});
  add("complement/((2,4),3):((1,8),64),1024", BM_Complement, "((2,4),3):((1,8),64)", int64_t{1024});
  add("complement/(2,(3,4),5):(1,(2,6),96),1920", BM_Complement, "(2,(3,4),5):(1,(2,6),96)",
      int64_t{1920});
  // logical_divide: tuple tilers and a layout tiler.
  add("logical_divide/(16,32):(1,16)/<4:1,8:1>", BM_LogicalDivide, "(16,32):(1,16)", "(4:1,8:1)");
  add("logical_divide/(64,32):(32,1)/<8:2,(2,2):(1,8)>", BM_LogicalDivide, "(64,32):(32,1)",
      "(8:2,(2,2):(1,8))");
  add("logical_divide/((4,8),(2,16)):((2,64),(1,8))/4:2", BM_LogicalDivide,
      "((4,8),(2,16)):((2,64),(1,8))", "4:2");
  // issue 12: answers that need more than the symbolic walk. Per-leaf signs and
  // the one-sign carry check (symbolic); the exact construction on the
  // definition (a leaf the walk cannot settle; a carry check over B's domain);
  // copies of a non-dividing stride; the left inverse's search.
  add("composition/(8,3):(5,1)o(2,4):(-4,-1)", BM_Composition, "(8,3):(5,1)", "(2,4):(-4,-1)");
  add("composition/(2,8):(8,1)o4:5/exact-leaf", BM_Composition, "(2,8):(8,1)", "4:5");
  add("composition/(2,5):(0,1)o(2,2):(5,-1)/exact-sum", BM_Composition, "(2,5):(0,1)",
      "(2,2):(5,-1)");
  add("logical_product/2:8x2:33/exact-leaf", BM_LogicalProduct, "2:8", "2:33");
  add("logical_product/(2,2):(1,4)x(4,2):(2,1)", BM_LogicalProduct, "(2,2):(1,4)", "(4,2):(2,1)");
  add("left_inverse/(4,2):(2,1)/chain-rule", BM_LeftInverse, "(4,2):(2,1)");
  add("left_inverse/(2,8):(5,4)/search", BM_LeftInverse, "(2,8):(5,4)");
  add("left_inverse/(4,2):(3,-2)/search", BM_LeftInverse, "(4,2):(3,-2)");
  add("refusal/left_inverse/(5,5):(7,11)/search-none", BM_RefusedLeftInverse, "(5,5):(7,11)");
  // Searches over large offsets: an answer far down the chains (X = 1520), and
  // refusals after the whole search (X = 1095 and 3840).
  add("left_inverse/(16,32):(64,63)/search-deep", BM_LeftInverse, "(16,32):(64,63)");
  add("refusal/left_inverse/(16,16):(9,64)/search-none", BM_RefusedLeftInverse, "(16,16):(9,64)");
  add("refusal/left_inverse/(16,16):(137,119)/search-none", BM_RefusedLeftInverse,
      "(16,16):(137,119)");
  add("refusal/composition/(4,6,8):(2,3,5)o6:3/exact-leaf-none", BM_RefusedComposition,
      "(4,6,8):(2,3,5)", "6:3");
  // refusals: a carry across A's boundary (the no-carry check, deep in the
  // walk); a tiler whose complement refuses, inside a by-mode divide (two
  // context levels: "mode 0: complement(...): "); an offset past int64 (a
  // leaf operation).
  add("refusal/composition/(6,2):(1,7)o(3,2):(2,3)", BM_RefusedComposition, "(6,2):(1,7)",
      "(3,2):(2,3)");
  add("refusal/logical_divide/((6,2),8):((1,7),16)/<(3,2):(2,3),_>", BM_RefusedLogicalDivide,
      "((6,2),8):((1,7),16)", "<(3,2):(2,3),_>");
  add("refusal/eval/(4,2):(4611686018427387904,1),2", BM_RefusedEval,
      "(4,2):(4611686018427387904,1)", int64_t{2});
  // The same refusals through the try_* functions (no throw), and the other
  // refusal kinds: a non-injective complement, a tiler of too high rank, a
  // product's `_` on a mode that is not a pair.
  add("try_refusal/composition/(4,6,8):(2,3,5)o6:3/exact-leaf-none", BM_TryRefusedComposition,
      "(4,6,8):(2,3,5)", "6:3");
  add("try_refusal/composition/(6,2):(1,7)o(3,2):(2,3)", BM_TryRefusedComposition, "(6,2):(1,7)",
      "(3,2):(2,3)");
  add("try_refusal/logical_divide/((6,2),8):((1,7),16)/<(3,2):(2,3),_>", BM_TryRefusedLogicalDivide,
      "((6,2),8):((1,7),16)", "<(3,2):(2,3),_>");
  add("try_refusal/logical_divide/(4,8):(1,4)/<2:1,2:1,2:1>", BM_TryRefusedLogicalDivide,
      "(4,8):(1,4)", "<2:1,2:1,2:1>");
  add("try_refusal/complement/(2,2):(1,1),16", BM_TryRefusedComplement, "(2,2):(1,1)", int64_t{16});
  add("try_refusal/zipped_product/(4,8):(1,4)/<_,2:1>", BM_TryRefusedProduct, "(4,8):(1,4)",
      "<_,2:1>");
  // A product whose cotarget size(A) * cosize(B) passes int64 (a status since 2026-12-06).
  add("try_refusal/zipped_product/(16,65536):(0,2^31)/2:-2^62/overflow", BM_TryRefusedProduct,
      "(16,65536):(0,2147483648)", "2:-4611686018427387904");
  add("try_refusal/eval/(4,2):(4611686018427387904,1),2", BM_TryRefusedEval,
      "(4,2):(4611686018427387904,1)", int64_t{2});
  // left_inverse: not injective by the chain rule; not injective on the
  // search path (A's offsets read and sorted); no layout after the search.
  add("refusal/left_inverse/(4,2):(1,2)/chain-not-injective", BM_RefusedLeftInverse, "(4,2):(1,2)");
  add("try_refusal/left_inverse/(4,2):(1,2)/chain-not-injective", BM_TryRefusedLeftInverse,
      "(4,2):(1,2)");
  add("try_refusal/left_inverse/(3,1,(1,3)):(-1,5,(7,2))/collision", BM_TryRefusedLeftInverse,
      "(3,1,(1,3)):(-1,5,(7,2))");
  add("try_refusal/left_inverse/(5,5):(7,11)/search-none", BM_TryRefusedLeftInverse,
      "(5,5):(7,11)");
  // parse: a syntax error four levels deep (a status inside the parser).
  add("refusal/parse/((2,(4,(8,#)))):1", BM_RefusedParse, "((2,(4,(8,#)))):1");
  add("try_refusal/parse/((2,(4,(8,#)))):1", BM_TryRefusedParse, "((2,(4,(8,#)))):1");
  // slice: a coordinate of the wrong rank two levels deep (a status inside
  // the recursion since try_slice).
  add("refusal/slice/((2,(4,8)),3):((1,(2,8)),64)/((1,(2,_,0)),_)", BM_RefusedSlice,
      "((2,(4,8)),3):((1,(2,8)),64)", "((1,(2,_,0)),_)");
  add("try_refusal/slice/((2,(4,8)),3):((1,(2,8)),64)/((1,(2,_,0)),_)", BM_TryRefusedSlice,
      "((2,(4,8)),3):((1,(2,8)),64)", "((1,(2,_,0)),_)");
  // slice: an offset past int64, the leaf's c * d inside crd2idx and the sum
  // of the modes' offsets (statuses since 2026-12-07: no throw inside try_slice).
  add("try_refusal/slice/(2^31,16,2):(2,-2^62,4)/(_,15,23)/offset-overflow", BM_TryRefusedSlice,
      "(2147483648,16,2):(2,-4611686018427387904,4)", "(_,15,23)");
  add("try_refusal/slice/(3,4,8):(1,32,1)/(c,_,c')/offset-sum-overflow", BM_TryRefusedSlice,
      "(3,4,8):(1,32,1)", "(1840826240860726404,_,8596060715624017489)");
  // local_tile: a coordinate of rank 3 for the rest of rank 2 (a status
  // inside local_tile since try_local_tile), and an overflow inside its
  // zipped_divide (checked arithmetic throws; the divide records it).
  add("refusal/local_tile/(8,8):(1,8)/<4:1,2:1>/(1,2,3)", BM_RefusedLocalTile, "(8,8):(1,8)",
      "<4:1,2:1>", "(1,2,3)");
  add("try_refusal/local_tile/(8,8):(1,8)/<4:1,2:1>/(1,2,3)", BM_TryRefusedLocalTile, "(8,8):(1,8)",
      "<4:1,2:1>", "(1,2,3)");
  add("refusal/local_tile/(1,3):(1,2^61)/4:8/8/overflow", BM_RefusedLocalTile,
      "(1,3):(1,2305843009213693952)", "4:8", "8");
  add("try_refusal/local_tile/(1,3):(1,2^61)/4:8/8/overflow", BM_TryRefusedLocalTile,
      "(1,3):(1,2305843009213693952)", "4:8", "8");
  add("refusal/logical_divide/(1,3):(1,2^61)/4:8/overflow", BM_RefusedLogicalDivide,
      "(1,3):(1,2305843009213693952)", "4:8");
  add("try_refusal/logical_divide/(1,3):(1,2^61)/4:8/overflow", BM_TryRefusedLogicalDivide,
      "(1,3):(1,2305843009213693952)", "4:8");
  return 0;
}

[[maybe_unused]] const int registered = register_all();

}  // namespace

BENCHMARK_MAIN();
