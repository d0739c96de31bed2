// Shared pieces of the fuzz targets: failure reporting, refusal checks, the
// oracle (props/oracle) in the forms the targets use, and builders that turn
// fuzzer bytes into nested shapes, strides, tilers and slicing coordinates.
//
// Nothing here links gtest or RapidCheck: the targets build with libFuzzer
// (clang, -fsanitize=fuzzer) or with replay_main.cpp (any compiler).
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "layout/algebra.hpp"
#include "oracle.hpp"

// Checking code (the brute-force evaluators, the failure reports, the law
// queue) is compiled without coverage instrumentation in libFuzzer builds:
// coverage then steers the fuzzer by the library under test and the input
// decoding (the generators stay instrumented), and each input costs less
// (libFuzzer's bookkeeping grows with the edges an input touches). Only clang
// has the attribute; it changes nothing where coverage is off.
#if defined(__clang__)
#define LAYOUTCHECK_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define LAYOUTCHECK_NO_COVERAGE
#endif

namespace fuzz {

__extension__ typedef __int128 i128;

using layout::IntTuple;
using layout::Layout;
using layout::Term;
using layout::Tiler;

constexpr i128 kI64Min = INT64_MIN;
constexpr i128 kI64Max = INT64_MAX;
inline bool fits(i128 v) { return v >= kI64Min && v <= kI64Max; }

// Prints what went wrong and the inputs (CuTe notation), then stops the
// process so that libFuzzer records the input as a crash.
[[noreturn]] LAYOUTCHECK_NO_COVERAGE inline void die(const std::string& what,
                                                     const std::string& inputs) {
  std::fprintf(stderr, "\n==== layoutcheck fuzz failure\n  what:   %s\n  inputs: %s\n",
               what.c_str(), inputs.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

// The inputs of a report: a string, or anything with str() (formatted only
// when something failed, so that a passing input pays nothing for it).
LAYOUTCHECK_NO_COVERAGE inline const std::string& describe(const std::string& s) { return s; }
template <class T>
LAYOUTCHECK_NO_COVERAGE std::string describe(const T& x) {
  return x.str();
}

// A refusal must be a layout::Error that names its operation and the
// violated condition.
template <class Inputs>
LAYOUTCHECK_NO_COVERAGE void require_message(const layout::Error& e, std::string_view op,
                                             const Inputs& inputs) {
  if (e.op().empty() || e.condition().empty() || *e.what() == '\0')
    die(std::string(op) + " refused without a message: \"" + e.what() + "\"", describe(inputs));
}

// Runs f(); a layout::Error must carry a message (returns false), anything
// else thrown is a failure. Returns true when f returned normally.
template <class Inputs, class F>
LAYOUTCHECK_NO_COVERAGE bool attempt(const char* op, const Inputs& inputs, F&& f) {
  try {
    f();
    return true;
  } catch (const layout::Error& e) {
    require_message(e, op, inputs);
  } catch (const std::exception& e) {
    die(std::string(op) + " threw something other than layout::Error: " + e.what(),
        describe(inputs));
  } catch (...) {
    die(std::string(op) + " threw a non-exception", describe(inputs));
  }
  return false;
}

// ---- the oracle, as the targets read it --------------------------------------
// Every value a target checks comes from props::oracle (the one brute-force
// oracle of the project); these are the shapes the targets use it in.

using props::oracle::Leaf;
using props::oracle::leaves;
using Leaves = props::oracle::Leaves;

// L(i) (natural and odd extension) and whether evaluating it term by term in
// int64 passes int64 somewhere (`wide`: checked int64 arithmetic may then
// refuse although the value fits). nullopt: the value does not fit in int64.
struct Value {
  std::optional<int64_t> v;
  bool wide = false;
};
LAYOUTCHECK_NO_COVERAGE inline Value eval_value(const Leaves& lv, i128 i) {
  Value out;
  const auto v = props::oracle::eval_wide(lv, i);
  if (v && fits(*v)) out.v = static_cast<int64_t>(*v);
  out.wide =
      !fits(i) || i == kI64Min || props::oracle::intermediate_overflow(lv, static_cast<int64_t>(i));
  return out;
}

// Product of the shape leaves in 128 bits, saturated at 2^100.
LAYOUTCHECK_NO_COVERAGE inline i128 size128(const IntTuple& shape) {
  return props::oracle::size_wide(shape);
}

// ---- builders from fuzzer bytes -----------------------------------------------

// Values worth hitting: boundaries of int32/uint32/int64 and their neighbours.
inline int64_t edge_value(FuzzedDataProvider& in) {
  static constexpr int64_t kEdges[] = {
      0,
      1,
      -1,
      2,
      (int64_t{1} << 31) - 1,
      int64_t{1} << 31,
      (int64_t{1} << 31) + 1,
      (int64_t{1} << 32) - 1,
      int64_t{1} << 32,
      (int64_t{1} << 32) + 1,
      int64_t{1} << 62,
      INT64_MAX,
      INT64_MAX - 1,
      INT64_MIN,
      INT64_MIN + 1,
      INT64_MAX / 2,
      INT64_MAX / 3,
      -(int64_t{1} << 31),
      -(int64_t{1} << 32),
      int64_t{3037000499},  // floor(sqrt(INT64_MAX))
      int64_t{3037000500},
  };
  const int64_t base = in.PickValueInArray(kEdges);
  const int delta = in.ConsumeIntegralInRange<int>(-2, 2);
  if ((delta > 0 && base > INT64_MAX - delta) || (delta < 0 && base < INT64_MIN - delta))
    return base;
  return base + delta;
}

struct GenOptions {
  int64_t max_size = int64_t{1} << 12;  // product of the shape leaves
  int max_depth = 3;
  int max_rank = 4;
  int max_leaves = 12;  // leaves per shape (size-1 leaves cost no budget)
  bool large = false;   // strides (and, where max_size allows, sizes) up to int64 edges
};

// A nested shape whose size stays within budget (budget is divided by every leaf).
inline IntTuple gen_shape(FuzzedDataProvider& in, const GenOptions& o, int depth, int64_t& budget,
                          int& leaves) {
  const uint8_t kind = in.ConsumeIntegral<uint8_t>();
  if (depth < o.max_depth && (kind & 3) == 0 && leaves > 1) {
    const int rank = (kind >> 2) % (o.max_rank + 1);  // 0 .. max_rank (0: the empty tuple)
    layout::TupleBuilder elems;
    for (int k = 0; k < rank && leaves > 0; ++k)
      elems.add(gen_shape(in, o, depth + 1, budget, leaves));
    return elems.done();
  }
  --leaves;
  int64_t v;
  switch ((kind >> 2) & 7) {
    case 0:
    case 1:
    case 2:
      v = in.ConsumeIntegralInRange<int64_t>(1, 8);
      break;
    case 3:
      v = int64_t{1} << in.ConsumeIntegralInRange<int>(0, 6);
      break;
    case 4:
      v = 1;
      break;
    case 5:
      v = in.ConsumeIntegralInRange<int64_t>(1, budget < 1 ? 1 : budget);
      break;
    case 6:
      v = o.large ? edge_value(in) : in.ConsumeIntegralInRange<int64_t>(1, 64);
      break;
    default:
      v = in.ConsumeIntegralInRange<int64_t>(1, 16);
      break;
  }
  if (v < 1) v = 1;
  if (v > budget) v = budget < 1 ? 1 : budget;
  budget /= v;
  if (budget < 1) budget = 1;
  return v;
}

inline int64_t gen_stride_leaf(FuzzedDataProvider& in, const GenOptions& o, int64_t compact) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
      return 0;
    case 1:
    case 2:
      return compact;
    case 3:
      return in.ConsumeIntegralInRange<int64_t>(-4, 16);
    case 4:
      return int64_t{1} << in.ConsumeIntegralInRange<int>(0, 12);
    case 5:
      return compact < (int64_t{1} << 40) ? compact * in.ConsumeIntegralInRange<int64_t>(1, 4)
                                          : compact;
    case 6:
      return o.large ? edge_value(in) : in.ConsumeIntegralInRange<int64_t>(-64, 256);
    default:
      return in.ConsumeIntegralInRange<int64_t>(1, 64);
  }
}

// A stride congruent with shape: compact left, compact right, an ordered
// (permuted) compact layout, or leaf by leaf from the generator above.
inline IntTuple gen_stride_like(FuzzedDataProvider& in, const GenOptions& o, const IntTuple& s,
                                int64_t& prefix) {
  if (s.is_int()) {
    const int64_t d = gen_stride_leaf(in, o, prefix);
    const i128 next = static_cast<i128>(prefix) * s.value();
    prefix = next > kI64Max ? INT64_MAX : static_cast<int64_t>(next);
    return d;
  }
  layout::TupleBuilder elems;
  for (int k = 0; k < s.rank(); ++k) elems.add(gen_stride_like(in, o, s[k], prefix));
  return elems.done();
}

inline IntTuple gen_order(FuzzedDataProvider& in, const IntTuple& s) {
  if (s.is_int()) return in.ConsumeIntegralInRange<int64_t>(0, 15);
  layout::TupleBuilder elems;
  for (int k = 0; k < s.rank(); ++k) elems.add(gen_order(in, s[k]));
  return elems.done();
}

inline Layout gen_layout_of(FuzzedDataProvider& in, const GenOptions& o, const IntTuple& shape) {
  try {
    switch (in.ConsumeIntegralInRange<int>(0, 5)) {
      case 0:
        return layout::make_layout_left(shape);
      case 1:
        return layout::make_layout_right(shape);
      case 2:
        return layout::make_ordered_layout(shape, gen_order(in, shape));
      default: {
        int64_t prefix = 1;
        return Layout(shape, gen_stride_like(in, o, shape, prefix));
      }
    }
  } catch (const layout::Error&) {
    return layout::make_layout_left(shape);  // e.g. an order with ties
  }
}

inline Layout gen_layout(FuzzedDataProvider& in, const GenOptions& o) {
  int64_t budget = o.max_size;
  int leaves = o.max_leaves;
  const IntTuple shape = gen_shape(in, o, 0, budget, leaves);
  return gen_layout_of(in, o, shape);
}

// A tiler: a layout (often n:k with n dividing the size of what it tiles),
// `_`, or a tuple of tilers (depth <= 2).
inline Tiler gen_tiler(FuzzedDataProvider& in, const GenOptions& o, int depth = 0) {
  const int kind = in.ConsumeIntegralInRange<int>(0, 7);
  if (kind <= 2 && depth < 2) {
    const int rank = in.ConsumeIntegralInRange<int>(1, 3);
    std::vector<Tiler> elems;
    elems.reserve(static_cast<std::size_t>(rank));
    for (int k = 0; k < rank; ++k) elems.push_back(gen_tiler(in, o, depth + 1));
    return Tiler::tuple(std::move(elems));
  }
  if (kind == 3) return Tiler::underscore();
  if (kind <= 5) {
    const int64_t n = int64_t{1} << in.ConsumeIntegralInRange<int>(0, 4);
    return Tiler(Layout(n, in.ConsumeIntegralInRange<int64_t>(0, 4)));
  }
  GenOptions small = o;
  small.max_size = o.max_size < 16 ? o.max_size : 16;
  return Tiler(gen_layout(in, small));
}

// A slicing coordinate for shape s: `_`, an integer (sometimes past the mode
// or negative), or a tuple of coordinates (sometimes of the wrong rank). At
// most kCoordNodes terms in all (a mismatched rank could nest 3^4 of them).
constexpr int kCoordNodes = 24;
inline Term gen_coord(FuzzedDataProvider& in, const IntTuple& s, int depth, int& budget) {
  Term t;
  --budget;
  const int kind = in.ConsumeIntegralInRange<int>(0, 9);
  if (kind <= 2) {
    t.kind = Term::Kind::underscore;
  } else if (kind <= 5 || depth > 3 || budget <= 0) {
    t.kind = Term::Kind::integer;
    const i128 n = size128(s);
    t.value = kind == 5 ? in.ConsumeIntegralInRange<int64_t>(-1, 64)
                        : in.ConsumeIntegralInRange<int64_t>(
                              0, n > 1 && n <= kI64Max ? static_cast<int64_t>(n) - 1 : 0);
  } else {
    t.kind = Term::Kind::tuple;
    int rank = s.is_int() ? 1 : s.rank();
    if (kind == 9) rank = in.ConsumeIntegralInRange<int>(0, 3);  // maybe mismatched
    t.elems.reserve(static_cast<std::size_t>(rank));             // a Term is large: no regrowth
    for (int k = 0; k < rank; ++k)
      t.elems.push_back(gen_coord(in, s.is_tuple() && k < s.rank() ? s[k] : s, depth + 1, budget));
  }
  return t;
}
inline Term gen_coord(FuzzedDataProvider& in, const IntTuple& s) {
  int budget = kCoordNodes;
  return gen_coord(in, s, 0, budget);
}

}  // namespace fuzz
