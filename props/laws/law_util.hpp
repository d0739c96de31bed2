// Internal helpers shared by the law groups: brute-force building blocks on
// top of the oracle. Nothing here calls the algebra.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "law.hpp"
#include "oracle.hpp"

namespace props::util {

__extension__ typedef __int128 i128;

using layout::Error;
using Leaves = oracle::Leaves;

// Work bound of one law case: inputs past this many indices are vacuous. A
// property case uses the default; the conformance judge raises it for the
// records it judges (LimitScope), which are few and may be larger.
constexpr int64_t kDefaultLimit = int64_t{1} << 16;
inline int64_t& limit_ref() {
  thread_local int64_t limit = kDefaultLimit;
  return limit;
}
inline int64_t limit() { return limit_ref(); }
class LimitScope {
public:
  explicit LimitScope(int64_t n) : saved_(limit_ref()) { limit_ref() = n; }
  ~LimitScope() { limit_ref() = saved_; }
  LimitScope(const LimitScope&) = delete;
  LimitScope& operator=(const LimitScope&) = delete;

private:
  int64_t saved_;
};

// L(i) by the oracle; INT64_MIN (never a layout value here) when it does not fit.
inline int64_t value(const Leaves& lv, int64_t i) {
  return oracle::eval(lv, i).value_or(INT64_MIN);
}

using oracle::compact_left;
using oracle::compact_right;
using oracle::flat_tuple;
using oracle::intermediate_overflow;
using oracle::Ints;
using oracle::leaf_values;
using oracle::representable;
using oracle::with_leaves;

// The oracle table, or nullopt when the layout is too large or a value overflows.
inline std::optional<std::vector<int64_t>> table(const Layout& l) {
  try {
    return oracle::table(l, limit());
  } catch (const oracle::TooLarge&) {
  } catch (const oracle::Unrepresentable&) {
  }
  return std::nullopt;
}

// The distinct values of t, sorted (a set without a node per value).
inline std::vector<int64_t> value_set(std::vector<int64_t> t) {
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}
inline bool contains(const std::vector<int64_t>& set, int64_t v) {
  return std::binary_search(set.begin(), set.end(), v);
}
// The first index i with t[i] == t[j] for some j < i (nullopt: no value repeats).
inline std::optional<std::size_t> first_repeat(const std::vector<int64_t>& t) {
  std::vector<std::pair<int64_t, std::size_t>> v(t.size());
  for (std::size_t i = 0; i < t.size(); ++i) v[i] = {t[i], i};
  std::sort(v.begin(), v.end());
  std::optional<std::size_t> first;
  for (std::size_t k = 1; k < v.size(); ++k)  // the second of each group repeats the first
    if (v[k].first == v[k - 1].first && (k < 2 || v[k - 1].first != v[k - 2].first) &&
        (!first || v[k].second < *first))
      first = v[k].second;
  return first;
}

// cosize by the definition in 128 bits (saturated far past int64).
inline i128 cosize(const Layout& l) { return oracle::cosize(l); }
// size of an IntTuple by the leaves, 128 bits (saturating).
inline i128 size(const IntTuple& t) { return oracle::size_wide(t); }
// a*b for sizes (>= 1), saturating at INT64_MAX.
inline int64_t sat_mul(int64_t a, int64_t b) {
  const i128 r = static_cast<i128>(a) * b;
  return r > INT64_MAX ? INT64_MAX : static_cast<int64_t>(r);
}
inline int64_t size64(const Layout& l) { return oracle::size(l).value_or(INT64_MAX); }

// (A, B) as one rank-2 layout (no validation: the oracle evaluates it).
inline Layout join(const Layout& a, const Layout& b) {
  return Layout::unchecked(IntTuple::tuple({a.shape(), b.shape()}),
                           IntTuple::tuple({a.stride(), b.stride()}));
}

inline bool is_compatible(const IntTuple& a, const IntTuple& b) { return oracle::compatible(a, b); }

// The colexicographic digits of i over sizes (the last one takes the quotient).
template <class Sizes>
Ints digits(int64_t i, const Sizes& sizes) {
  Ints out;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    if (k + 1 == sizes.size()) {
      out.push_back(i);
    } else {
      out.push_back(i % sizes[k]);
      i /= sizes[k];
    }
  }
  return out;
}

// A is linear on all integers i >= 0 (A(i) = i*A(1), natural extension
// included): each leaf of size > 1 and the last leaf have stride d*prefix.
inline std::optional<int64_t> linear_stride(const Layout& a) {
  const Leaves lv = oracle::leaves(a);
  std::optional<int64_t> d;
  i128 prefix = 1;
  for (std::size_t k = 0; k < lv.size(); ++k) {
    const bool last = k + 1 == lv.size();
    if (lv[k].s > 1 || last) {
      if (!d) {
        if (lv[k].d % static_cast<int64_t>(prefix) != 0) return std::nullopt;
        d = lv[k].d / static_cast<int64_t>(prefix);
      } else if (static_cast<i128>(*d) * prefix != lv[k].d) {
        return std::nullopt;
      }
    }
    prefix *= lv[k].s;
    if (prefix > INT64_MAX) return std::nullopt;
  }
  return d.value_or(0);
}

// The values of x o y on y's domain, nullopt where one passes int64 (no
// layout answers then). Throws TooLarge past limit().
inline std::optional<std::vector<int64_t>> composed_values(const Layout& x, const Layout& y) {
  const auto n = oracle::size(y);
  if (!n || *n > limit()) throw oracle::TooLarge{};
  const Leaves xl = oracle::leaves(x), yl = oracle::leaves(y);
  std::vector<int64_t> t(static_cast<std::size_t>(*n));
  for (int64_t i = 0; i < *n; ++i) {
    const auto yi = oracle::eval_wide(yl, i);
    const auto v = yi ? oracle::eval_wide(xl, *yi) : std::nullopt;
    if (!v) throw oracle::Unrepresentable{};
    if (*v > INT64_MAX || *v < INT64_MIN) return std::nullopt;
    t[static_cast<std::size_t>(i)] = static_cast<int64_t>(*v);
  }
  return t;
}

// C++'s right inverse of B by its construction on coalesce(B) (the oracle's
// coalesce): modes sorted by stride, each whose stride is the next offset to
// reach appended as s : (its colexicographic position), the first gap stops.
inline Leaves right_inverse_chain(const Layout& b) {
  struct Placed {
    int64_t s, d, p;
  };
  std::vector<Placed> m;
  i128 p = 1;
  for (const oracle::Leaf& x : oracle::coalesced(oracle::leaves(b))) {
    m.push_back({x.s, x.d, static_cast<int64_t>(p)});
    p *= x.s;
  }
  std::stable_sort(m.begin(), m.end(), [](const Placed& x, const Placed& y) { return x.d < y.d; });
  Leaves out;
  i128 next = 1;
  for (const Placed& x : m) {
    if (x.d < next) continue;
    if (x.d != next) break;
    out.push_back({x.s, x.p});
    next = static_cast<i128>(x.s) * x.d;
  }
  return oracle::coalesced(out);
}

// Pointwise comparison of a result against expected values on [0, n). what()
// gives the violated condition in words (formatted only on a failure).
template <class What, class Want>  // std::string what(); int64_t want(int64_t i)
Outcome pointwise(const std::string& law, const std::vector<Arg>& args, const What& what,
                  const Layout& got, int64_t n, const Want& want) {
  const Leaves gl = oracle::leaves(got);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t w = want(i), g = value(gl, i);
    if (w == g) continue;
    if (w == INT64_MIN)  // the definition's value is past int64: refusing was due
      return fail(law, args, what() + " (the value it defines there is past int64)", i,
                  std::nullopt, g);
    return fail(law, args, what(), i, w, g);
  }
  return std::nullopt;
}

// Runs a law body; oversized or unrepresentable inputs are vacuous.
template <class Body>  // Outcome body()
Outcome guarded(const Body& body) {
  try {
    return body();
  } catch (const oracle::TooLarge&) {
    return vacuous("too large for the oracle");
  } catch (const oracle::Unrepresentable&) {
    return vacuous("a value past 128 bits");
  }
}

inline Check guard(Outcome (*f)(const Algebra&, const std::vector<Arg>&)) {
  return [f](const Algebra& alg, const std::vector<Arg>& args) {
    return guarded([&] { return f(alg, args); });
  };
}

// A law of n parts (Law::parts) written once, as a check of the parts
// [first, last): the whole law is parts [0, n), check_part(p) part p mod n.
using PartsCheck = Outcome (*)(const Algebra&, const std::vector<Arg>&, std::size_t first,
                               std::size_t last);
inline Check guard_parts(PartsCheck f, std::size_t n) {
  return [f, n](const Algebra& alg, const std::vector<Arg>& args) {
    return guarded([&] { return f(alg, args, 0, n); });
  };
}
inline PartCheck guard_part(PartsCheck f, std::size_t n) {
  return [f, n](const Algebra& alg, const std::vector<Arg>& args, std::size_t part) {
    return guarded([&] { return f(alg, args, part % n, part % n + 1); });
  };
}
// The parts [first, last) of a law, part(p) checking part p: the first
// failure, else holds when some part held, else vacuous.
template <class Part>  // Outcome part(std::size_t)
Outcome each_part(std::size_t first, std::size_t last, const Part& part) {
  Outcome all = vacuous("every part vacuous");
  for (std::size_t p = first; p < last; ++p) {
    Outcome o = part(p);
    if (o) return o;
    if (o.held()) all = std::nullopt;
  }
  return all;
}

// The part names of a law whose parts are the entries of a table (each with a `name`).
template <class Entry, std::size_t N>
std::vector<std::string> part_names(const Entry (&table)[N]) {
  std::vector<std::string> out;
  for (const Entry& e : table) out.emplace_back(e.name);
  return out;
}

// Operands whose own offsets fit in int64 (the span sum (s-1)|d| does): a law
// about results says nothing of operands that are not representable.
inline bool representable(const Tiler& t) {
  if (t.is_layout()) return representable(t.layout);
  for (const Tiler& e : t.elems)
    if (!representable(e)) return false;
  return true;
}

// The law's table and the standard "refused admissible operands" failure.
inline Counterexample refused(const std::string& law, const std::vector<Arg>& args,
                              const std::string& op, const Error& e) {
  return fail(law, args, op + " refused admissible operands: " + e.what());
}

inline std::string show(const Layout& l) { return layout::to_string(l); }

}  // namespace props::util
