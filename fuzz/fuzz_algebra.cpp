// fuzz_algebra: structure-aware fuzzing of every operation of the library.
//
// The first byte picks an operation, the second the size cap and whether
// values may reach the int64 edges; the rest builds the operands (nested
// shapes, strides, a second layout or tiler, a cotarget, a profile, a slicing
// coordinate, ...) through FuzzedDataProvider. The operation is called
// directly, through its try_* twin where the library has one (a refusal must
// be a layout::Error with a message; a result must be a valid layout), then
// the laws of props::catalog() that cover it are queued on the same operands
// and one of them, picked by a third byte, runs against
// the reference algebra (every one with LAYOUTCHECK_FUZZ_EVERY_LAW=1, as the
// ctest replay does). Slicing, local_tile and local_partition are checked by
// SLICE-DEF, LTILE-DEF and LPART-DEF (the definitions read by brute force).
//
// Any law failure or foreign exception prints the operation and its operands
// in CuTe notation and traps (libFuzzer records the input).
#include <array>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "common.hpp"
#include "law.hpp"
#include "oracle.hpp"

namespace {

using namespace fuzz;
using props::Arg;

enum Op : uint8_t {
  kCoalesce,
  kCoalesceProfile,
  kFilter,
  kComposition,
  kCompositionTiler,
  kComplement,
  kRightInverse,
  kLeftInverse,
  kLogicalDivide,
  kDivides,  // zipped, tiled, flat
  kLogicalProduct,
  kProducts,  // zipped, tiled
  kBlockedProduct,
  kRakedProduct,
  kSlice,
  kLocalTile,
  kLocalPartition,
  kSwizzle,
  kEval,  // eval, size, cosize, coordinates
  kRefusals,
  kNotation,
  kOpCount
};

const char* const kOpNames[kOpCount] = {"coalesce",
                                        "coalesce by mode",
                                        "filter",
                                        "composition",
                                        "composition (tiler)",
                                        "complement",
                                        "right_inverse",
                                        "left_inverse",
                                        "logical_divide",
                                        "zipped/tiled/flat_divide",
                                        "logical_product",
                                        "zipped/tiled_product",
                                        "blocked_product",
                                        "raked_product",
                                        "slice",
                                        "local_tile",
                                        "local_partition",
                                        "swizzle",
                                        "eval/coordinates",
                                        "refusals",
                                        "notation"};

// The laws each operation runs (by id; checked against the catalog once).
LAYOUTCHECK_NO_COVERAGE const std::map<Op, std::vector<const char*>>& laws_by_op() {
  static const std::map<Op, std::vector<const char*>> m = {
      {kCoalesce, {"COAL-FN", "COAL-CANON"}},
      {kCoalesceProfile, {"COAL-MODE"}},
      {kFilter, {"FILTER-IMAGE"}},
      {kComposition,
       {"COMP-FN", "COMP-COMPAT", "COMP-ID", "COMP-LINEAR", "COMP-REFUSE", "COMP-ASSOC",
        "COMP-COMPLETE", "MAX-COMMON", "WITH-SHAPE"}},
      {kCompositionTiler, {"COMP-TILER"}},
      {kComplement,
       {"CPL-EXACT", "COMP-TILE", "CPL-DISJOINT", "CPL-ORDERED", "CPL-BOUND", "CPL-COMPLETE"}},
      {kRightInverse, {"RINV-FN", "RINV-MAX", "RINV-COMPLETE"}},
      {kLeftInverse, {"LINV-FN", "LINV-COMPLETE"}},
      {kLogicalDivide, {"LDIV-DEF", "LDIV-PERM", "COMP-REFUSE", "DIV-COMPLETE"}},
      {kDivides, {"DIV-REGROUP"}},
      {kLogicalProduct, {"LPROD-DEF", "PROD-SIZE", "PROD-COMPLETE"}},
      {kProducts, {"PROD-REGROUP", "PROD-SIZE"}},
      {kBlockedProduct, {"BLOCKED-DEF", "PROD-SIZE", "TILE-TO-SHAPE"}},
      {kRakedProduct, {"RAKED-DEF", "PROD-SIZE"}},
      {kSlice, {"SLICE-DEF"}},
      {kLocalTile, {"LTILE-DEF"}},
      {kLocalPartition, {"LPART-DEF"}},
      {kSwizzle, {"SWZ-LAYOUT", "SWIZZLE-BYTES"}},
      {kEval,
       {"EVAL-ORACLE", "SIZE-ORACLE", "COSIZE-ORACLE", "COORD-AGREE", "COORD-ROUNDTRIP",
        "COMPACT-BIJ", "RANK-DEPTH", "FLATTEN-DEF", "NULLSPACE-DEF", "MAKE-LIKE", "FLAT-RANGE",
        "FLAT-EVAL", "MAGIC-DIV", "UPCAST-DEF", "DOWNCAST-DEF", "RECAST-DEF"}},
      {kRefusals, {"REFUSE-MSG", "NO-OVERFLOW"}},
      {kNotation, {"NOTE-ROUNDTRIP", "NOTE-CANON", "PARSE-MALFORMED"}},
  };
  return m;
}

LAYOUTCHECK_NO_COVERAGE const props::Law& law(const char* id) {
  static const std::map<std::string, const props::Law*> index = [] {
    std::map<std::string, const props::Law*> out;
    std::set<std::string> used;
    for (const auto& [op, ids] : laws_by_op())
      for (const char* i : ids) used.insert(i);
    for (const char* i : {"SWZ-ORACLE", "SWZ-INVOL", "SWZ-PASS", "SWZ-BIJ"})
      used.insert(i);  // fuzz_swizzle
    // fuzz_eval checks FLAT-WINDOW's post-condition (eval_chunk and for_each
    // against the oracle on windows near 0, in the domain and near max_index)
    // on windows its input chooses; here the law's own windows took a fifth
    // of the time (docs/FUZZING.md).
    used.insert("FLAT-WINDOW");
    for (const props::Law& l : props::catalog()) {
      out[l.id] = &l;
      if (!used.count(l.id))
        std::fprintf(stderr, "fuzz_algebra: warning: law %s is not fuzzed by any operation\n",
                     l.id.c_str());
    }
    return out;
  }();
  auto it = index.find(id);
  if (it == index.end()) die(std::string("law ") + id + " is not in the catalog", "");
  return *it->second;
}

// The operation and its operands, for the failure report. Operands are kept
// by reference (they live in LLVMFuzzerTestOneInput until the input is done)
// and formatted only when something failed: a passing input pays nothing.
struct Context {
  using Value =
      std::variant<const Layout*, const Tiler*, const IntTuple*, int64_t, const Term*, std::string>;
  Op op;
  std::array<std::pair<const char*, Value>, 8> operands{};
  std::size_t count = 0;
  template <class T>
  LAYOUTCHECK_NO_COVERAGE void add(const char* name, const T& v) {
    if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, std::string>)
      operands[count++] = {name, v};
    else
      operands[count++] = {name, &v};
  }
  LAYOUTCHECK_NO_COVERAGE void add(const char* name, int64_t v) { operands[count++] = {name, v}; }
  LAYOUTCHECK_NO_COVERAGE std::string str() const {
    std::string out = std::string(kOpNames[op]) + " with";
    for (std::size_t k = 0; k < count; ++k) {
      out += std::string(" ") + operands[k].first + " = ";
      std::visit(
          [&](const auto& x) {
            using X = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<X, int64_t>)
              out += std::to_string(x);
            else if constexpr (std::is_same_v<X, std::string>)
              out += x;
            else if constexpr (std::is_same_v<X, const Term*>)
              out += layout::to_string(*x);
            else
              out += layout::to_string(*x);
          },
          operands[k].second);
      out += ";";
    }
    return out;
  }
};

// Open library or law findings (docs/FUZZING.md, fuzz/regressions/fuzz_algebra/open/)
// that would otherwise stop every campaign at the same place. Each entry
// matches one reported bug narrowly and is filtered by name;
// LAYOUTCHECK_FUZZ_UNFILTER=<name>[-...] (or "all") turns one (or every)
// filter off, which is how the reproducers in open/ are run. Remove an entry
// when its bug is fixed.
LAYOUTCHECK_NO_COVERAGE bool filtered(const char* name) {
  static const std::string off = [] {
    const char* e = std::getenv("LAYOUTCHECK_FUZZ_UNFILTER");
    return std::string(e ? e : "");
  }();
  // The reproducer open/<name>-<detail> runs with UNFILTER=<name>-<detail>.
  return off != "all" && off.rfind(name, 0) != 0;
}

// A library or law bug found by fuzzing and not fixed yet: a narrow match on
// its counterexample, so that campaigns go on past it (docs/FUZZING.md).
struct OpenFinding {
  const char* name;
  bool (*matches)(const props::Counterexample&, const std::vector<Arg>&);
};
// The findings so far are fixed: the six of the first campaigns in 1b2e06c,
// the last one (COMP-REFUSE comparing with the oracle's "does not fit"
// sentinel where B's offsets pass int64; the laws now evaluate A(B(i)) in
// 128 bits) with this list emptied. Their reproducers are replayed from
// fuzz/regressions/fuzz_algebra/. Open: none.
LAYOUTCHECK_NO_COVERAGE const std::vector<OpenFinding>& open_findings() {
  static const std::vector<OpenFinding> open = {};
  return open;
}

LAYOUTCHECK_NO_COVERAGE bool known_open(const props::Counterexample& c,
                                        const std::vector<Arg>& args) {
  for (const OpenFinding& f : open_findings())
    if (filtered(f.name) && f.matches(c, args)) return true;
  return false;
}

// Laws are queued by the operation and run after it: in a campaign one of
// them per input, chosen by an input byte (the fuzzer reaches each), so that
// an input stays cheap; with LAYOUTCHECK_FUZZ_EVERY_LAW=1 (the ctest replay)
// every queued law runs on every input. A queued law keeps references to its
// operands; only the law that runs gets its argument vector built.
struct AsTiler {  // a layout passed where the law takes a tiler
  const Layout* l;
};
using ArgRef = std::variant<const Layout*, AsTiler, const Tiler*, int64_t, const IntTuple*,
                            const std::string*, const Term*>;
LAYOUTCHECK_NO_COVERAGE Arg materialize(const ArgRef& r) {
  return std::visit(
      [](const auto& x) -> Arg {
        using X = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<X, int64_t>)
          return x;
        else if constexpr (std::is_same_v<X, AsTiler>)
          return Tiler(*x.l);
        else
          return *x;
      },
      r);
}
LAYOUTCHECK_NO_COVERAGE ArgRef ref(const Layout& l) { return &l; }
LAYOUTCHECK_NO_COVERAGE ArgRef ref(const AsTiler& t) { return t; }
LAYOUTCHECK_NO_COVERAGE ArgRef ref(const Tiler& t) { return &t; }
LAYOUTCHECK_NO_COVERAGE ArgRef ref(int64_t v) { return v; }
LAYOUTCHECK_NO_COVERAGE ArgRef ref(const IntTuple& t) { return &t; }
LAYOUTCHECK_NO_COVERAGE ArgRef ref(const std::string& s) { return &s; }
LAYOUTCHECK_NO_COVERAGE ArgRef ref(const Term& t) { return &t; }

struct QueuedLaw {
  const char* id;
  std::array<ArgRef, 4> args;
  std::size_t n;
};
struct LawQueue {
  std::array<QueuedLaw, 24> queued;
  std::size_t count = 0;
  i128 largest_result = 0;  // size of the largest result of the direct calls
};
LawQueue g_laws;

// Results past this many indices (a tiler much larger than A, say) would make
// the pointwise laws run for up to a second under ASan: in a campaign such an
// input only gets the direct checks.
constexpr i128 kLawDomain = 1024;

template <class... Args>
LAYOUTCHECK_NO_COVERAGE void run_law(const char* id, const Args&... args) {
  static_assert(sizeof...(Args) <= 4);
  if (g_laws.count == g_laws.queued.size()) die(std::string("too many laws queued at ") + id, "");
  g_laws.queued[g_laws.count++] = {id, {ref(args)...}, sizeof...(Args)};
}

LAYOUTCHECK_NO_COVERAGE bool every_law() {
  static const bool every = std::getenv("LAYOUTCHECK_FUZZ_EVERY_LAW") != nullptr;
  return every;
}

// Runs the law on its operands: the whole law, or for a law over several
// operations (props::Law::parts) only part `part` (a campaign spreads the
// parts over inputs; part < 0: all of them).
LAYOUTCHECK_NO_COVERAGE void check_law(const QueuedLaw& q, int part, const Context& ctx) {
  const props::Law& l = law(q.id);
  // One argument vector for the whole campaign (an allocation less per input,
  // each of which records a stack trace under ASan).
  static std::vector<Arg> args;
  args.clear();
  for (std::size_t k = 0; k < q.n; ++k) args.push_back(materialize(q.args[k]));
  const props::Algebra& alg = props::reference_algebra();
  props::Outcome bad;
  try {
    bad = part < 0 || l.parts.empty() ? l.check(alg, args)
                                      : l.check_part(alg, args, static_cast<std::size_t>(part));
  } catch (const props::oracle::TooLarge&) {
    return;  // the law's work bound: skipped (in case a law is not guarded)
  } catch (const props::oracle::Unrepresentable&) {
    return;
  } catch (const std::exception& e) {
    die(std::string(q.id) + " let an exception escape: " + e.what(), ctx.str());
  }
  if (bad && !known_open(*bad, args)) die(props::describe(*bad), ctx.str());
}

// The pick byte chooses the law (pick % n) and, for a law of several parts,
// the part ((pick / n) % parts).
LAYOUTCHECK_NO_COVERAGE int part_of(uint8_t pick, std::size_t n) {
  return static_cast<int>(pick / n);
}

LAYOUTCHECK_NO_COVERAGE void run_queued_laws(uint8_t pick, const Context& ctx) {
  const bool every = every_law();
  const std::size_t n = g_laws.count;
  g_laws.count = 0;
  const bool skip = !every && g_laws.largest_result > kLawDomain;
  g_laws.largest_result = 0;
  if (skip || n == 0) return;
  if (every) {
    for (std::size_t k = 0; k < n; ++k) check_law(g_laws.queued[k], -1, ctx);
  } else {
    check_law(g_laws.queued[pick % n], part_of(pick, n), ctx);
  }
}

// A result must be a valid layout (congruent, leaves >= 1, size in int64).
LAYOUTCHECK_NO_COVERAGE void require_valid(const Layout& r, const char* op, const Context& ctx) {
  try {
    (void)Layout(r.shape(), r.stride());
  } catch (const layout::Error& e) {
    die(std::string(op) + " returned an invalid layout " + layout::to_string(r) + ": " + e.what(),
        ctx.str());
  }
}

// A result of op: a valid layout (recorded for the largest-result report).
LAYOUTCHECK_NO_COVERAGE void check_result(const Layout& r, const char* op, const Context& ctx) {
  require_valid(r, op, ctx);
  const i128 n = size128(r.shape());
  if (n > g_laws.largest_result) g_laws.largest_result = n;
}

// Calls f() (returning a Layout); checks refusal messages and the result.
template <class F>
LAYOUTCHECK_NO_COVERAGE std::optional<Layout> call(const char* op, const Context& ctx, F&& f) {
  std::optional<Layout> r;
  if (!attempt(op, ctx, [&] { r = f(); })) return std::nullopt;
  check_result(*r, op, ctx);
  return r;
}

// The same for f() a library try_* function (returning a Result): a
// refusal is a returned Error with a message, never a throw. The operations
// with such a twin are fuzzed here through it (no C++ throw per refusal) and
// through their throwing form by the laws queued on the same operands.
template <class F>
LAYOUTCHECK_NO_COVERAGE void call_try(const char* op, const Context& ctx, F&& f) {
  std::optional<decltype(f())> r;
  try {
    r.emplace(f());
  } catch (const std::exception& e) {
    die(std::string("try_") + op + " threw instead of returning its refusal: " + e.what(),
        ctx.str());
  }
  if (!*r)
    require_message(r->error(), op, ctx);
  else if constexpr (std::is_same_v<decltype(f()), layout::Result<Layout>>)
    check_result(**r, op, ctx);
}

constexpr int64_t kScan = 4096;  // indices compared pointwise by the swizzle check

// ---- swizzle -------------------------------------------------------------------

LAYOUTCHECK_NO_COVERAGE bool swizzle_valid(int b, int m, int s) {
  return props::oracle::swizzle_valid(b, m, s);
}
LAYOUTCHECK_NO_COVERAGE int64_t swizzle_def(int b, int m, int s, int64_t x) {
  return props::oracle::swizzle(b, m, s, x);
}

// params (the caller's, so that ctx and the queued law can refer to it).
LAYOUTCHECK_NO_COVERAGE void check_swizzle(FuzzedDataProvider& in, const Layout& a,
                                           IntTuple& params, Context& ctx) {
  const int b = in.ConsumeIntegralInRange<int>(-1, 8);
  const int m = in.ConsumeIntegralInRange<int>(-1, 40);
  const int s = in.ConsumeIntegralInRange<int>(-20, 20);
  const int64_t x = in.ConsumeIntegral<int64_t>();
  params = IntTuple::tuple({b, m, s});
  ctx.add("Sw(B,M,S)", params);
  ctx.add("x", x);
  std::optional<layout::Swizzle> sw;
  attempt("swizzle", ctx, [&] { sw.emplace(b, m, s); });
  if (sw.has_value() != swizzle_valid(b, m, s))
    die(sw ? "invalid swizzle parameters accepted" : "valid swizzle parameters refused", ctx.str());
  if (sw) {
    for (int64_t k = 0; k < 64; ++k) {
      // x, x + 977, ... (modulo 2^64: a swizzle is a function of the bits)
      const int64_t y = static_cast<int64_t>(static_cast<uint64_t>(x) + uint64_t(k) * 977u);
      if ((*sw)(y) != swizzle_def(b, m, s, y) || (*sw)((*sw)(y)) != y)
        die("Sw(" + std::to_string(y) + ") is " + std::to_string((*sw)(y)) + ", expected " +
                std::to_string(swizzle_def(b, m, s, y)),
            ctx.str());
    }
    const layout::SwizzledLayout sl(*sw, a);
    const Leaves al = leaves(a);
    const i128 n = size128(a.shape());
    for (int64_t i = 0; i < n && i < kScan; ++i) {
      const Value v = eval_value(al, i);
      if (!v.v) continue;
      int64_t got = 0;
      if (!attempt("swizzled eval", ctx, [&] { got = sl(i); })) {
        if (!v.wide) die("Sw o L refused an index whose value fits", ctx.str());
        continue;
      }
      if (got != swizzle_def(b, m, s, *v.v))
        die("(Sw o L)(" + std::to_string(i) + ") is " + std::to_string(got) + ", expected " +
                std::to_string(swizzle_def(b, m, s, *v.v)),
            ctx.str());
    }
  }
  // The window laws (SWZ-ORACLE, SWZ-INVOL, SWZ-PASS, SWZ-BIJ) scan thousands
  // of arguments bit by bit: they run in fuzz_swizzle, not here.
  run_law("SWZ-LAYOUT", params, a);
}

// A profile for coalesce by mode: integers or tuples, rank up to rank(A) + 1.
IntTuple gen_profile(FuzzedDataProvider& in, int rank, int depth = 0) {
  if (depth > 2 || in.ConsumeIntegralInRange<int>(0, 3) == 0)
    return in.ConsumeIntegralInRange<int64_t>(0, 4);
  std::vector<IntTuple> elems;
  const int r = in.ConsumeIntegralInRange<int>(0, rank + 1);
  for (int k = 0; k < r; ++k) elems.push_back(gen_profile(in, 2, depth + 1));
  return IntTuple::tuple(elems);
}

int64_t gen_cotarget(FuzzedDataProvider& in, const Layout& a) {
  i128 cos = 1;
  for (const Leaf& x : leaves(a)) cos += static_cast<i128>(x.s - 1) * (x.d < 0 ? -i128{x.d} : x.d);
  const int64_t c = fits(cos) ? static_cast<int64_t>(cos) : INT64_MAX;
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0:
      return c;
    case 1:
      return c < (int64_t{1} << 20) ? c * in.ConsumeIntegralInRange<int64_t>(1, 8) : c;
    case 2:
      return static_cast<int64_t>(size128(a.shape()) < kI64Max ? size128(a.shape()) : 1);
    case 3:
      return edge_value(in);
    default:
      return in.ConsumeIntegralInRange<int64_t>(-1, 1 << 13);
  }
}

// B for the (layout, layout) laws: a compact or permuted layout dividing
// size(A) (divides), one of A's shape (coalesce), or any small layout.
Layout gen_second(FuzzedDataProvider& in, const GenOptions& o, const Layout& a) {
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: {  // a divisor of size(A), compact up to a permutation
      const i128 n = size128(a.shape());
      std::vector<int64_t> divs;
      for (int64_t d = 1; d <= 64 && d <= n; ++d)
        if (n % d == 0) divs.push_back(d);
      const int64_t d =
          divs.empty() ? 1 : divs[in.ConsumeIntegralInRange<std::size_t>(0, divs.size() - 1)];
      // split d into up to two factors
      int64_t f = 1;
      for (int64_t k = 2; k <= d; ++k)
        if (d % k == 0 && in.ConsumeBool()) {
          f = k;
          break;
        }
      const IntTuple shape = f == 1 ? IntTuple(d) : IntTuple::tuple({f, d / f});
      return in.ConsumeBool() ? layout::make_layout_left(shape) : layout::make_layout_right(shape);
    }
    case 1:
      return gen_layout_of(in, o, a.shape());
    default: {
      GenOptions small = o;
      small.max_size = o.max_size < 16 ? o.max_size : 16;
      return gen_layout(in, small);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return -1;
  FuzzedDataProvider in(data, size);
  const Op op = static_cast<Op>(in.ConsumeIntegral<uint8_t>() % kOpCount);
  const uint8_t flags = in.ConsumeIntegral<uint8_t>();
  const uint8_t pick = in.ConsumeIntegral<uint8_t>();  // which queued law runs
  GenOptions o;
  o.large = (flags & 0xc0) == 0xc0;  // one input in four reaches the int64 edges
  // Domains of at most 16 indices (products and divides then stay <= 256),
  // at most 8 leaves: the laws' cost grows with both.
  o.max_size = int64_t{1} << (flags % 5);
  o.max_leaves = 8;
  if (o.large && op == kRefusals) o.max_size = INT64_MAX;

  Context ctx{op, {}};
  const Layout a = gen_layout(in, o);
  ctx.add("A", a);
  const props::Algebra& alg = props::reference_algebra();

  // Runs the queued laws while the operands of the case (which they and ctx
  // refer to) are still alive: every case ends with finish().
  auto finish = [&]() LAYOUTCHECK_NO_COVERAGE {
    // LAYOUTCHECK_FUZZ_VERBOSE=1: print what each input means (for reading a
    // corpus or a slow unit).
    static const bool verbose = std::getenv("LAYOUTCHECK_FUZZ_VERBOSE") != nullptr;
    if (verbose) {
      std::string laws, part;
      for (std::size_t k = 0; k < g_laws.count; ++k)
        laws += std::string(k ? ", " : "") + g_laws.queued[k].id;
      if (g_laws.count > 0) {
        const props::Law& l = law(g_laws.queued[pick % g_laws.count].id);
        if (!l.parts.empty())
          part = " on " +
                 l.parts[static_cast<std::size_t>(part_of(pick, g_laws.count)) % l.parts.size()];
      }
      std::fprintf(stderr, "input: %s laws: %s (picked %d%s; %zu of %zu bytes read)\n",
                   ctx.str().c_str(), laws.c_str(),
                   g_laws.count == 0 ? -1 : static_cast<int>(pick % g_laws.count), part.c_str(),
                   size - in.remaining_bytes(), size);
    }
    run_queued_laws(pick, ctx);
  };
  switch (op) {
    case kCoalesce: {
      const Layout b = gen_layout_of(in, o, a.shape());
      ctx.add("B", b);
      call("coalesce", ctx, [&] { return alg.coalesce(a); });
      run_law("COAL-FN", a);
      run_law("COAL-CANON", a, b);
      finish();
      break;
    }
    case kCoalesceProfile: {
      const IntTuple p = gen_profile(in, a.rank());
      ctx.add("profile", p);
      call("coalesce by mode", ctx, [&] { return alg.coalesce(a, p); });
      run_law("COAL-MODE", a, p);
      finish();
      break;
    }
    case kFilter:
      call("filter", ctx, [&] { return alg.filter(a); });
      run_law("FILTER-IMAGE", a);
      finish();
      break;
    case kComposition: {
      const Layout b = gen_second(in, o, a);
      GenOptions small = o;
      small.max_size = 8;
      const Layout c = gen_layout(in, small);
      ctx.add("B", b);
      ctx.add("C", c);
      call_try("composition", ctx, [&] { return layout::try_composition(a, b); });
      for (const char* id :
           {"COMP-FN", "COMP-COMPAT", "COMP-LINEAR", "COMP-REFUSE", "COMP-COMPLETE"})
        run_law(id, a, b);
      run_law("COMP-ID", a);
      run_law("COMP-ASSOC", a, b, c);
      run_law("MAX-COMMON", a, b);
      run_law("WITH-SHAPE", a, b.shape());
      finish();
      break;
    }
    case kCompositionTiler: {
      const Tiler t = gen_tiler(in, o);
      ctx.add("T", t);
      call_try("composition (tiler)", ctx, [&] { return layout::try_composition(a, t); });
      run_law("COMP-TILER", a, t);
      finish();
      break;
    }
    case kComplement: {
      const int64_t m = gen_cotarget(in, a);
      ctx.add("M", m);
      call_try("complement", ctx, [&] { return layout::try_complement(a, m); });
      // The default cotarget cosize(filter(A)): CPL-EXACT checks complement(A) too.
      call_try("complement (default)", ctx, [&] { return layout::try_complement(a); });
      for (const char* id :
           {"CPL-EXACT", "COMP-TILE", "CPL-DISJOINT", "CPL-ORDERED", "CPL-BOUND", "CPL-COMPLETE"})
        run_law(id, a, m);
      finish();
      break;
    }
    case kRightInverse:
      call_try("right_inverse", ctx, [&] { return layout::try_right_inverse(a); });
      run_law("RINV-FN", a);
      run_law("RINV-MAX", a);
      run_law("RINV-COMPLETE", a);
      finish();
      break;
    case kLeftInverse:
      call_try("left_inverse", ctx, [&] { return layout::try_left_inverse(a); });
      run_law("LINV-FN", a);
      run_law("LINV-COMPLETE", a);
      finish();
      break;
    case kLogicalDivide: {
      const Layout b = gen_second(in, o, a);
      const Tiler t = gen_tiler(in, o);
      ctx.add("B", b);
      ctx.add("T", t);
      call_try("logical_divide", ctx, [&] { return layout::try_logical_divide(a, t); });
      call_try("logical_divide", ctx, [&] { return layout::try_logical_divide(a, b); });
      run_law("LDIV-DEF", a, t);
      run_law("LDIV-DEF", a, AsTiler{&b});
      run_law("LDIV-PERM", a, b);
      run_law("COMP-REFUSE", a, b);
      run_law("DIV-COMPLETE", a, b);
      finish();
      break;
    }
    case kDivides: {
      const Tiler t = in.ConsumeBool() ? gen_tiler(in, o) : Tiler(gen_second(in, o, a));
      ctx.add("T", t);
      call_try("zipped_divide", ctx, [&] { return layout::try_zipped_divide(a, t); });
      call_try("tiled_divide", ctx, [&] { return layout::try_tiled_divide(a, t); });
      call_try("flat_divide", ctx, [&] { return layout::try_flat_divide(a, t); });
      run_law("DIV-REGROUP", a, t);
      finish();
      break;
    }
    case kLogicalProduct:
    case kProducts: {
      const Layout b = gen_second(in, o, a);
      const Tiler t = in.ConsumeBool() ? gen_tiler(in, o) : Tiler(b);
      ctx.add("B", b);
      ctx.add("T", t);
      if (op == kLogicalProduct) {
        call_try("logical_product", ctx, [&] { return layout::try_logical_product(a, t); });
        run_law("LPROD-DEF", a, t);
      } else {
        call_try("zipped_product", ctx, [&] { return layout::try_zipped_product(a, t); });
        call_try("tiled_product", ctx, [&] { return layout::try_tiled_product(a, t); });
        run_law("PROD-REGROUP", a, t);
      }
      run_law("PROD-SIZE", a, b);
      if (op == kLogicalProduct) run_law("PROD-COMPLETE", a, b);
      finish();
      break;
    }
    case kBlockedProduct:
    case kRakedProduct: {
      const Layout b = gen_second(in, o, a);
      ctx.add("B", b);
      if (op == kBlockedProduct) {
        call_try("blocked_product", ctx, [&] { return layout::try_blocked_product(a, b); });
        run_law("BLOCKED-DEF", a, b);
        run_law("TILE-TO-SHAPE", a, b.shape());
      } else {
        call_try("raked_product", ctx, [&] { return layout::try_raked_product(a, b); });
        run_law("RAKED-DEF", a, b);
      }
      run_law("PROD-SIZE", a, b);
      if (op == kLogicalProduct) run_law("PROD-COMPLETE", a, b);
      finish();
      break;
    }
    case kSlice: {
      const Term c = gen_coord(in, a.shape());
      ctx.add("c", c);
      call_try("slice", ctx, [&] { return layout::try_slice(a, c); });
      run_law("SLICE-DEF", a, c);
      finish();
      break;
    }
    case kLocalTile: {
      const Tiler t = in.ConsumeBool() ? gen_tiler(in, o) : Tiler(gen_second(in, o, a));
      ctx.add("T", t);
      Term c{Term::Kind::integer, in.ConsumeIntegralInRange<int64_t>(-1, 16), {}, {}, {}};
      if (in.ConsumeBool()) {
        c.kind = Term::Kind::tuple;
        c.elems = {Term{Term::Kind::integer, in.ConsumeIntegralInRange<int64_t>(0, 8), {}, {}, {}},
                   Term{Term::Kind::integer, in.ConsumeIntegralInRange<int64_t>(0, 8), {}, {}, {}}};
      }
      // Later bytes (absent from older inputs, which keep their meaning): `_`
      // in the coordinate, one mode more, and a Step projection (1 or X per
      // mode of a by-mode tiler: X skips a mode).
      for (Term& e : c.elems)
        if (in.ConsumeBool()) e.kind = Term::Kind::underscore;
      if (c.kind == Term::Kind::tuple && in.ConsumeBool())
        c.elems.push_back(Term{Term::Kind::underscore, 0, {}, {}, {}});
      Term p{Term::Kind::integer, 1, {}, {}, {}};
      if (t.is_tuple() && in.ConsumeBool()) {
        p.kind = Term::Kind::tuple;
        for (int k = 0; k < t.rank(); ++k)
          p.elems.push_back(
              Term{in.ConsumeBool() ? Term::Kind::underscore : Term::Kind::integer, 1, {}, {}, {}});
      }
      ctx.add("c", c);
      ctx.add("p", p);
      call_try("local_tile", ctx, [&] { return layout::try_local_tile(a, t, c, p); });
      run_law("LTILE-DEF", a, t, c, p);
      finish();
      break;
    }
    case kLocalPartition: {
      GenOptions small = o;
      small.max_size = 16;
      small.large = false;
      const Layout p = gen_layout(in, small);
      const int64_t tid = in.ConsumeIntegralInRange<int64_t>(-1, 300);
      Term proj{Term::Kind::integer, 1, {}, {}, {}};
      if (p.shape().is_tuple() && in.ConsumeBool()) {  // a later byte: a Step projection
        proj.kind = Term::Kind::tuple;
        for (int k = 0; k < p.rank(); ++k)
          proj.elems.push_back(
              Term{in.ConsumeBool() ? Term::Kind::underscore : Term::Kind::integer, 1, {}, {}, {}});
      }
      ctx.add("P", p);
      ctx.add("tid", tid);
      ctx.add("p", proj);
      call_try("local_partition", ctx,
               [&] { return layout::try_local_partition(a, p, tid, proj); });
      run_law("LPART-DEF", a, p, tid, proj);
      finish();
      break;
    }
    case kSwizzle: {
      IntTuple params;
      check_swizzle(in, a, params, ctx);
      // The byte-address form for an element width (a later byte).
      static constexpr int64_t kWidths[] = {16, 8, 32, 4, 64, 128, 1, 24};
      const int64_t bits = kWidths[in.ConsumeIntegral<uint8_t>() % std::size(kWidths)];
      ctx.add("bits", bits);
      run_law("SWIZZLE-BYTES", params, bits, a);
      finish();
      break;
    }
    case kEval: {
      const int64_t i = in.ConsumeIntegral<int64_t>();
      ctx.add("i", i);
      call_try("eval", ctx, [&] { return layout::try_eval(a, i); });
      attempt("cosize", ctx, [&] { (void)alg.cosize(a); });
      for (const char* id :
           {"EVAL-ORACLE", "SIZE-ORACLE", "COSIZE-ORACLE", "COORD-AGREE", "RANK-DEPTH",
            "FLATTEN-DEF", "FLAT-RANGE", "NULLSPACE-DEF", "MAKE-LIKE"})
        run_law(id, a);
      run_law("FLAT-EVAL", a, i);
      // The divider on the layout's size (a divisor >= 1) and the index (as uint64).
      const int64_t divisor =
          static_cast<int64_t>(size128(a.shape()) < kI64Max ? size128(a.shape()) : 1);
      run_law("MAGIC-DIV", divisor, i);
      run_law("COORD-ROUNDTRIP", a.shape());
      run_law("COMPACT-BIJ", a.shape());
      // Element widths (later bytes: older inputs keep their meaning): a
      // factor and two widths from the tables CUTLASS's types give.
      static constexpr int64_t kFactors[] = {1, 2, 4, 8, 16, 32, 3, 6};
      static constexpr int64_t kBits[] = {1, 4, 8, 16, 32, 64, 128, 6, 24};
      const int64_t n = kFactors[in.ConsumeIntegral<uint8_t>() % std::size(kFactors)];
      const int64_t from = kBits[in.ConsumeIntegral<uint8_t>() % std::size(kBits)];
      const int64_t to = kBits[in.ConsumeIntegral<uint8_t>() % std::size(kBits)];
      ctx.add("N", n);
      ctx.add("bits", from);
      ctx.add("to bits", to);
      run_law("UPCAST-DEF", a, n);
      run_law("DOWNCAST-DEF", a, n);
      run_law("RECAST-DEF", a, from, to);
      finish();
      break;
    }
    case kRefusals: {
      GenOptions ob = o;
      ob.max_size = o.large ? INT64_MAX : 16;
      const Layout b = in.ConsumeBool() ? gen_second(in, o, a) : gen_layout(in, ob);
      ctx.add("B", b);
      run_law("REFUSE-MSG", a, b);
      run_law("NO-OVERFLOW", a, b);
      finish();
      break;
    }
    case kNotation: {
      // The canonical text with a few bytes of the input spliced in.
      std::string text = layout::to_string(a);
      const std::string extra = in.ConsumeRandomLengthString(16);
      const std::size_t at =
          text.empty() ? 0 : in.ConsumeIntegralInRange<std::size_t>(0, text.size());
      text.insert(at, extra);
      ctx.add("text", "\"" + text + "\"");
      run_law("NOTE-ROUNDTRIP", a);
      run_law("NOTE-CANON", text);
      run_law("PARSE-MALFORMED", text);
      finish();
      break;
    }
    case kOpCount:
      break;
  }
  return 0;
}
