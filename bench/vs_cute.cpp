// Side by side in one process: this library's operations and NVIDIA CuTe
// C++'s runtime-integer path (the pinned wheel's headers, cmake/cute.cmake)
// on the same layouts, and pycute per operation through the audit protocol
// (adapters/pycute: one request and its reply). docs/PERFORMANCE.md
// "Side by side with CuTe" has the table and the ratios.
//   vs_cute --benchmark_filter=... (medians of 9 repetitions built in)
//   vs_cute --iterations=N ...   (ours: each benchmark once, exactly N
//                                 iterations; bench/instructions.sh counts
//                                 instructions per call with it)
// CuTe's operands are built inside the timed loop from int64 values the
// compiler cannot see (loaded after a memory clobber), so that no result is
// folded at compile time; building them is a few register moves.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cute/layout.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "layout/coalesce.hpp"
#include "layout/complement.hpp"
#include "layout/composition.hpp"
#include "layout/divide.hpp"
#include "layout/flat_layout.hpp"
#include "layout/inverse.hpp"
#include "layout/notation.hpp"
#include "layout/product.hpp"
#ifdef LAYOUTCHECK_PYCUTE_COMMAND
#include "protocol_algebra.hpp"
#endif

namespace {

using layout::Layout;

constexpr int kRepetitions = 9;

// The int64 values CuTe's layouts are built from, hidden from the optimizer.
std::array<int64_t, 16> v;

void hide() {
  benchmark::DoNotOptimize(v.data());
  benchmark::ClobberMemory();
}

template <class Op>
void ours(benchmark::State& state, Op op) {
  for (auto _ : state) {
    Layout r = op();
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
}

template <class Make>
void cute_run(benchmark::State& state, std::array<int64_t, 16> values, Make make) {
  v = values;
  for (auto _ : state) {
    hide();
    auto r = make();
    benchmark::DoNotOptimize(r);
    benchmark::ClobberMemory();
  }
}

// ---- the cases (the layouts of bench/ops_bench.cpp where CuTe's runtime path has the op) --

// coalesce ((2,4),(3,5)):((1,2),(8,24))
void ours_coalesce(benchmark::State& s) {
  const Layout a = layout::parse_layout("((2,4),(3,5)):((1,2),(8,24))");
  ours(s, [&] { return layout::coalesce(a); });
}
void cute_coalesce(benchmark::State& s) {
  cute_run(s, {2, 4, 3, 5, 1, 2, 8, 24}, [] {
    using namespace cute;
    return coalesce(make_layout(make_shape(make_shape(v[0], v[1]), make_shape(v[2], v[3])),
                                make_stride(make_stride(v[4], v[5]), make_stride(v[6], v[7]))));
  });
}

// composition (4,8,2):(1,4,32) o (4,4):(2,8)
void ours_composition(benchmark::State& s) {
  const Layout a = layout::parse_layout("(4,8,2):(1,4,32)"),
               b = layout::parse_layout("(4,4):(2,8)");
  ours(s, [&] { return layout::composition(a, b); });
}
void cute_composition(benchmark::State& s) {
  cute_run(s, {4, 8, 2, 1, 4, 32, 4, 4, 2, 8}, [] {
    using namespace cute;
    return composition(make_layout(make_shape(v[0], v[1], v[2]), make_stride(v[3], v[4], v[5])),
                       make_layout(make_shape(v[6], v[7]), make_stride(v[8], v[9])));
  });
}

// composition (16,32):(32,1) o (4,8):(1,16)
void ours_composition_2(benchmark::State& s) {
  const Layout a = layout::parse_layout("(16,32):(32,1)"), b = layout::parse_layout("(4,8):(1,16)");
  ours(s, [&] { return layout::composition(a, b); });
}
void cute_composition_2(benchmark::State& s) {
  cute_run(s, {16, 32, 32, 1, 4, 8, 1, 16}, [] {
    using namespace cute;
    return composition(make_layout(make_shape(v[0], v[1]), make_stride(v[2], v[3])),
                       make_layout(make_shape(v[4], v[5]), make_stride(v[6], v[7])));
  });
}

// complement(4:2, 64) (CuTe's runtime path has rank-1 complement only)
void ours_complement(benchmark::State& s) {
  const Layout a = layout::parse_layout("4:2");
  ours(s, [&] { return layout::complement(a, 64); });
}
void cute_complement(benchmark::State& s) {
  cute_run(s, {4, 2, 64}, [] {
    using namespace cute;
    return complement(make_layout(v[0], v[1]), v[2]);
  });
}

// logical_divide((16,32):(1,16), 4:2) (a rank-1 tile: what CuTe's runtime path divides by)
void ours_logical_divide(benchmark::State& s) {
  const Layout a = layout::parse_layout("(16,32):(1,16)");
  const layout::Tiler b = layout::parse_tiler("4:2");
  ours(s, [&] { return layout::logical_divide(a, b); });
}
void cute_logical_divide(benchmark::State& s) {
  cute_run(s, {16, 32, 1, 16, 4, 2}, [] {
    using namespace cute;
    return logical_divide(make_layout(make_shape(v[0], v[1]), make_stride(v[2], v[3])),
                          make_layout(v[4], v[5]));
  });
}

// The other divides by the same rank-1 tile.
template <class Op>
void ours_divide(benchmark::State& s, Op op) {
  const Layout a = layout::parse_layout("(16,32):(1,16)");
  const layout::Tiler b = layout::parse_tiler("4:2");
  ours(s, [&] { return op(a, b); });
}
template <class Op>
void cute_divide(benchmark::State& s, Op op) {
  cute_run(s, {16, 32, 1, 16, 4, 2}, [op] {
    using namespace cute;
    return op(make_layout(make_shape(v[0], v[1]), make_stride(v[2], v[3])),
              make_layout(v[4], v[5]));
  });
}
void ours_zipped_divide(benchmark::State& s) { ours_divide(s, layout::zipped_divide); }
void cute_zipped_divide(benchmark::State& s) {
  cute_divide(s, [](auto a, auto b) { return cute::zipped_divide(a, b); });
}
void ours_tiled_divide(benchmark::State& s) { ours_divide(s, layout::tiled_divide); }
void cute_tiled_divide(benchmark::State& s) {
  cute_divide(s, [](auto a, auto b) { return cute::tiled_divide(a, b); });
}
void ours_flat_divide(benchmark::State& s) { ours_divide(s, layout::flat_divide); }
void cute_flat_divide(benchmark::State& s) {
  cute_divide(s, [](auto a, auto b) { return cute::flat_divide(a, b); });
}

// Products: the block 4:1 laid out by (3,4):(1,3) (CuTe's runtime path
// complements only rank-1 layouts, so the block is rank 1; blocked and raked
// pad it to rank 2, which that path cannot complement: ours only).
template <class Op>
void ours_product(benchmark::State& s, Op op) {
  const Layout a = layout::parse_layout("4:1"), b = layout::parse_layout("(3,4):(1,3)");
  ours(s, [&] { return op(a, b); });
}
template <class Op>
void cute_product(benchmark::State& s, Op op) {
  cute_run(s, {4, 1, 3, 4, 1, 3}, [op] {
    using namespace cute;
    return op(make_layout(v[0], v[1]),
              make_layout(make_shape(v[2], v[3]), make_stride(v[4], v[5])));
  });
}
void ours_logical_product(benchmark::State& s) {
  ours_product(s, [](const Layout& a, const Layout& b) { return layout::logical_product(a, b); });
}
void cute_logical_product(benchmark::State& s) {
  cute_product(s, [](auto a, auto b) { return cute::logical_product(a, b); });
}
void ours_zipped_product(benchmark::State& s) {
  ours_product(s, [](const Layout& a, const Layout& b) { return layout::zipped_product(a, b); });
}
void cute_zipped_product(benchmark::State& s) {
  cute_product(s, [](auto a, auto b) { return cute::zipped_product(a, b); });
}
void ours_tiled_product(benchmark::State& s) {
  ours_product(s, [](const Layout& a, const Layout& b) { return layout::tiled_product(a, b); });
}
void cute_tiled_product(benchmark::State& s) {
  cute_product(s, [](auto a, auto b) { return cute::tiled_product(a, b); });
}
void ours_blocked_product(benchmark::State& s) { ours_product(s, layout::blocked_product); }
void ours_raked_product(benchmark::State& s) { ours_product(s, layout::raked_product); }

// The inverses of the row-major (16,32):(32,1), ours only: CuTe's inverses
// sort the modes by stride at compile time and drop every runtime stride, so
// its runtime path answers a different question.
void ours_right_inverse(benchmark::State& s) {
  const Layout a = layout::parse_layout("(16,32):(32,1)");
  ours(s, [&] { return layout::right_inverse(a); });
}
void ours_left_inverse(benchmark::State& s) {
  const Layout a = layout::parse_layout("(16,32):(32,1)");
  ours(s, [&] { return layout::left_inverse(a); });
}

// By a tile (a tuple tiler, mode by mode: how kernels tile a matrix): the
// (128,64) column-major matrix by the tile <32:1,16:1>, and the block
// (4,8):(1,4) laid out by <2:1,3:1>.
template <class Op>
void ours_by_tile(benchmark::State& s, const char* a_text, const char* tile, Op op) {
  const Layout a = layout::parse_layout(a_text);
  const layout::Tiler b = layout::parse_tiler(tile);
  ours(s, [&] { return op(a, b); });
}
template <class Op>
void cute_by_tile(benchmark::State& s, std::array<int64_t, 16> values, Op op) {
  cute_run(s, values, [op] {
    using namespace cute;
    return op(make_layout(make_shape(v[0], v[1]), make_stride(v[2], v[3])),
              make_tile(make_layout(v[4], v[5]), make_layout(v[6], v[7])));
  });
}

// logical_divide(((4,8),(2,16)):((2,64),(1,8)), 4:2): a nested A, whose leaf
// results for B and its complement span several of A's modes (the walk's
// general emit).
void ours_logical_divide_nested_a(benchmark::State& s) {
  ours_by_tile(s, "((4,8),(2,16)):((2,64),(1,8))", "4:2", layout::logical_divide);
}
void cute_logical_divide_nested_a(benchmark::State& s) {
  cute_run(s, {4, 8, 2, 16, 2, 64, 1, 8, 4, 2}, [] {
    using namespace cute;
    return logical_divide(
        make_layout(make_shape(make_shape(v[0], v[1]), make_shape(v[2], v[3])),
                    make_stride(make_stride(v[4], v[5]), make_stride(v[6], v[7]))),
        make_layout(v[8], v[9]));
  });
}

constexpr std::array<int64_t, 16> kMatrixTile = {128, 64, 1, 128, 32, 1, 16, 1};
constexpr std::array<int64_t, 16> kBlockTile = {4, 8, 1, 4, 2, 1, 3, 1};
void ours_composition_tile(benchmark::State& s) {
  ours_by_tile(s, "(128,64):(1,128)", "<32:1,16:1>",
               [](const Layout& a, const layout::Tiler& b) { return layout::composition(a, b); });
}
void cute_composition_tile(benchmark::State& s) {
  cute_by_tile(s, kMatrixTile, [](auto a, auto b) { return cute::composition(a, b); });
}
void ours_logical_divide_tile(benchmark::State& s) {
  ours_by_tile(s, "(128,64):(1,128)", "<32:1,16:1>", layout::logical_divide);
}
void cute_logical_divide_tile(benchmark::State& s) {
  cute_by_tile(s, kMatrixTile, [](auto a, auto b) { return cute::logical_divide(a, b); });
}
void ours_zipped_divide_tile(benchmark::State& s) {
  ours_by_tile(s, "(128,64):(1,128)", "<32:1,16:1>", layout::zipped_divide);
}
void cute_zipped_divide_tile(benchmark::State& s) {
  cute_by_tile(s, kMatrixTile, [](auto a, auto b) { return cute::zipped_divide(a, b); });
}
void ours_tiled_divide_tile(benchmark::State& s) {
  ours_by_tile(s, "(128,64):(1,128)", "<32:1,16:1>", layout::tiled_divide);
}
void cute_tiled_divide_tile(benchmark::State& s) {
  cute_by_tile(s, kMatrixTile, [](auto a, auto b) { return cute::tiled_divide(a, b); });
}
void ours_logical_product_tile(benchmark::State& s) {
  ours_by_tile(s, "(4,8):(1,4)", "<2:1,3:1>", [](const Layout& a, const layout::Tiler& b) {
    return layout::logical_product(a, b);
  });
}
void cute_logical_product_tile(benchmark::State& s) {
  cute_by_tile(s, kBlockTile, [](auto a, auto b) { return cute::logical_product(a, b); });
}
void ours_zipped_product_tile(benchmark::State& s) {
  ours_by_tile(s, "(4,8):(1,4)", "<2:1,3:1>", [](const Layout& a, const layout::Tiler& b) {
    return layout::zipped_product(a, b);
  });
}
void cute_zipped_product_tile(benchmark::State& s) {
  cute_by_tile(s, kBlockTile, [](auto a, auto b) { return cute::zipped_product(a, b); });
}

// By a tile with a two-mode element (the by-mode walk: the leaf mode by the
// leaf rule, the two-mode one by the layout tiler's fast path), ours only:
// CuTe's runtime path complements only rank-1 layouts ("Dynamic-stride
// complement only for rank-1 layouts"), so it cannot divide or multiply by a
// runtime two-mode element.
constexpr const char* kNestedA = "(16,32):(1,16)";
constexpr const char* kNestedTile = "<8:2,(2,2):(1,8)>";
void ours_logical_divide_nested(benchmark::State& s) {
  ours_by_tile(s, kNestedA, kNestedTile, layout::logical_divide);
}
void ours_zipped_divide_nested(benchmark::State& s) {
  ours_by_tile(s, kNestedA, kNestedTile, layout::zipped_divide);
}
void ours_tiled_divide_nested(benchmark::State& s) {
  ours_by_tile(s, kNestedA, kNestedTile, layout::tiled_divide);
}
void ours_logical_product_nested(benchmark::State& s) {
  ours_by_tile(s, kNestedA, kNestedTile, [](const Layout& a, const layout::Tiler& b) {
    return layout::logical_product(a, b);
  });
}
void ours_zipped_product_nested(benchmark::State& s) {
  ours_by_tile(s, kNestedA, kNestedTile, [](const Layout& a, const layout::Tiler& b) {
    return layout::zipped_product(a, b);
  });
}

// Per-index evaluation on L1-L3 (docs/PERFORMANCE.md, "Per-index evaluation"):
// this library's FlatLayout F(i) against CuTe's layout(i), batches of 4096
// consecutive indices, items = indices.
constexpr uint64_t kBatch = 4096;
uint64_t next_base(uint64_t base, int64_t size) {
  base += kBatch;
  return base + kBatch <= static_cast<uint64_t>(size) ? base : 0;
}
void ours_eval(benchmark::State& state, const char* text) {
  const layout::FlatLayout f = layout::make_flat(layout::parse_layout(text));
  uint64_t base = 0;
  int64_t sum = 0;
  for (auto _ : state) {
    for (uint64_t j = 0; j < kBatch; ++j) sum += f(base + j);
    benchmark::DoNotOptimize(sum);
    base = next_base(base, f.size);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
}
template <class L>
void cute_eval(benchmark::State& state, const L& l) {
  const int64_t size = cute::size(l);
  uint64_t base = 0;
  int64_t sum = 0;
  for (auto _ : state) {
    for (uint64_t j = 0; j < kBatch; ++j) sum += l(static_cast<int64_t>(base + j));
    benchmark::DoNotOptimize(sum);
    base = next_base(base, size);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kBatch));
}
// Runtime int64 shapes and strides, loaded after a clobber.
void ours_eval_l1(benchmark::State& s) { ours_eval(s, "(64,1024):(1,64)"); }
void cute_eval_l1(benchmark::State& s) {
  v = {64, 1024, 1, 64};
  hide();
  using namespace cute;
  cute_eval(s, make_layout(make_shape(v[0], v[1]), make_stride(v[2], v[3])));
}
void ours_eval_l2(benchmark::State& s) { ours_eval(s, "((4,8),(2,16),8):((2,64),(1,8),1024)"); }
void cute_eval_l2(benchmark::State& s) {
  v = {4, 8, 2, 16, 8, 2, 64, 1, 8, 1024};
  hide();
  using namespace cute;
  cute_eval(s, make_layout(make_shape(make_shape(v[0], v[1]), make_shape(v[2], v[3]), v[4]),
                           make_stride(make_stride(v[5], v[6]), make_stride(v[7], v[8]), v[9])));
}
void ours_eval_l3(benchmark::State& s) { ours_eval(s, "(1024,1024,64):(1,1024,1048576)"); }
void cute_eval_l3(benchmark::State& s) {
  v = {1024, 1024, 64, 1, 1024, 1048576};
  hide();
  using namespace cute;
  cute_eval(s, make_layout(make_shape(v[0], v[1], v[2]), make_stride(v[3], v[4], v[5])));
}

#ifdef LAYOUTCHECK_PYCUTE_COMMAND
// pycute: one request and its reply over the protocol (a child process).
props::Algebra& pycute() {
  static std::unique_ptr<adapters::ProtocolAlgebra> alg = [] {
    auto a = std::make_unique<adapters::ProtocolAlgebra>(LAYOUTCHECK_PYCUTE_COMMAND, 10000);
    (void)a->hello();
    return a;
  }();
  return *alg;
}
template <class Op>
void pycute_run(benchmark::State& state, Op op) {
  try {
    (void)op(pycute());
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  for (auto _ : state) {
    Layout r = op(pycute());
    benchmark::DoNotOptimize(r);
  }
}
void pycute_coalesce(benchmark::State& s) {
  const Layout a = layout::parse_layout("((2,4),(3,5)):((1,2),(8,24))");
  pycute_run(s, [&](props::Algebra& p) { return p.coalesce(a); });
}
void pycute_composition(benchmark::State& s) {
  const Layout a = layout::parse_layout("(4,8,2):(1,4,32)"),
               b = layout::parse_layout("(4,4):(2,8)");
  pycute_run(s, [&](props::Algebra& p) { return p.composition(a, b); });
}
void pycute_composition_2(benchmark::State& s) {
  const Layout a = layout::parse_layout("(16,32):(32,1)"), b = layout::parse_layout("(4,8):(1,16)");
  pycute_run(s, [&](props::Algebra& p) { return p.composition(a, b); });
}
void pycute_complement(benchmark::State& s) {
  const Layout a = layout::parse_layout("4:2");
  pycute_run(s, [&](props::Algebra& p) { return p.complement(a, 64); });
}
void pycute_logical_divide(benchmark::State& s) {
  const Layout a = layout::parse_layout("(16,32):(1,16)");
  const layout::Tiler b = layout::parse_tiler("4:2");
  pycute_run(s, [&](props::Algebra& p) { return p.logical_divide(a, b); });
}
#endif

// --iterations=N: every benchmark runs once with exactly N iterations (0: the
// usual repetitions and timing).
int64_t fixed_iterations = 0;

void add(const char* name, void (*f)(benchmark::State&)) {
  benchmark::internal::Benchmark* b = benchmark::RegisterBenchmark(name, f);
  if (fixed_iterations > 0) {
    b->Iterations(fixed_iterations)->Repetitions(1);
    return;
  }
  b->Repetitions(kRepetitions)
      ->ReportAggregatesOnly(true)
      ->ComputeStatistics("min", [](const std::vector<double>& v) {
        return *std::min_element(v.begin(), v.end());
      });
}

// Takes --iterations=N out of argv (Google Benchmark rejects flags it does
// not know). false: a malformed value, reported.
bool take_iterations(int& argc, char** argv) {
  constexpr std::string_view kFlag = "--iterations=";
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    if (arg.substr(0, kFlag.size()) != kFlag) {
      argv[kept++] = argv[i];
      continue;
    }
    const std::string_view value = arg.substr(kFlag.size());
    const auto [end, ec] =
        std::from_chars(value.data(), value.data() + value.size(), fixed_iterations);
    if (ec != std::errc() || end != value.data() + value.size() || fixed_iterations < 1) {
      std::fprintf(stderr, "vs_cute: --iterations takes a positive integer, not '%.*s'\n",
                   static_cast<int>(value.size()), value.data());
      return false;
    }
  }
  argc = kept;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (!take_iterations(argc, argv)) return 2;
  add("coalesce/ours", ours_coalesce);
  add("coalesce/cute", cute_coalesce);
  add("composition/ours", ours_composition);
  add("composition/cute", cute_composition);
  add("composition_2/ours", ours_composition_2);
  add("composition_2/cute", cute_composition_2);
  add("complement/ours", ours_complement);
  add("complement/cute", cute_complement);
  add("logical_divide/ours", ours_logical_divide);
  add("logical_divide/cute", cute_logical_divide);
  add("logical_divide_nested_a/ours", ours_logical_divide_nested_a);
  add("logical_divide_nested_a/cute", cute_logical_divide_nested_a);
  add("zipped_divide/ours", ours_zipped_divide);
  add("zipped_divide/cute", cute_zipped_divide);
  add("tiled_divide/ours", ours_tiled_divide);
  add("tiled_divide/cute", cute_tiled_divide);
  add("flat_divide/ours", ours_flat_divide);
  add("flat_divide/cute", cute_flat_divide);
  add("logical_product/ours", ours_logical_product);
  add("logical_product/cute", cute_logical_product);
  add("zipped_product/ours", ours_zipped_product);
  add("zipped_product/cute", cute_zipped_product);
  add("tiled_product/ours", ours_tiled_product);
  add("tiled_product/cute", cute_tiled_product);
  add("blocked_product/ours", ours_blocked_product);
  add("raked_product/ours", ours_raked_product);
  add("right_inverse/ours", ours_right_inverse);
  add("left_inverse/ours", ours_left_inverse);
  add("composition_tile/ours", ours_composition_tile);
  add("composition_tile/cute", cute_composition_tile);
  add("logical_divide_tile/ours", ours_logical_divide_tile);
  add("logical_divide_tile/cute", cute_logical_divide_tile);
  add("zipped_divide_tile/ours", ours_zipped_divide_tile);
  add("zipped_divide_tile/cute", cute_zipped_divide_tile);
  add("tiled_divide_tile/ours", ours_tiled_divide_tile);
  add("tiled_divide_tile/cute", cute_tiled_divide_tile);
  add("logical_product_tile/ours", ours_logical_product_tile);
  add("logical_product_tile/cute", cute_logical_product_tile);
  add("zipped_product_tile/ours", ours_zipped_product_tile);
  add("zipped_product_tile/cute", cute_zipped_product_tile);
  add("logical_divide_nested/ours", ours_logical_divide_nested);
  add("zipped_divide_nested/ours", ours_zipped_divide_nested);
  add("tiled_divide_nested/ours", ours_tiled_divide_nested);
  add("logical_product_nested/ours", ours_logical_product_nested);
  add("zipped_product_nested/ours", ours_zipped_product_nested);
  add("eval_L1/ours", ours_eval_l1);
  add("eval_L1/cute", cute_eval_l1);
  add("eval_L2/ours", ours_eval_l2);
  add("eval_L2/cute", cute_eval_l2);
  add("eval_L3/ours", ours_eval_l3);
  add("eval_L3/cute", cute_eval_l3);
#ifdef LAYOUTCHECK_PYCUTE_COMMAND
  add("coalesce/pycute", pycute_coalesce);
  add("composition/pycute", pycute_composition);
  add("composition_2/pycute", pycute_composition_2);
  add("complement/pycute", pycute_complement);
  add("logical_divide/pycute", pycute_logical_divide);
#endif
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
