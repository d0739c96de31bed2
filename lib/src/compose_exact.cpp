// The exact construction of A o B on the definition, for the inputs where the
// symbolic walk of composition.cpp has no rule: B runs past a mode of A with a
// stride that neither divides nor is a multiple of that mode's size, or the
// leaves of B may carry across A's mode boundaries (several leaves of mixed
// signs included).
//
//   pre:  a holds A's modes, the last one unbounded (natural extension, and
//         A(-x) = -A(x)); every leaf (or size(B), for the carry) has at most
//         kExactLimit indices.
//   post: the result modes of each leaf are the canonical (coalesced) layout
//         of c -> A(c*d) on [0, s), or the operation refuses with a true
//         "no layout with B's shape equals A o B" and a witness.
//
// Why the decision is exact: a result R compatible with B's shape restricts,
// on the coordinates of leaf k (the others 0), to a layout of size s_k whose
// values are A(c*d_k); so each such restriction must be a layout function, and
// R(i) = sum_k A(c_k(i)*d_k) must equal A(B(i)) everywhere. Both are checked on
// every index. fit_modes finds the canonical form of a layout function: in a
// coalesced layout, mode j (position p, stride e) satisfies g(k*p) = k*e
// exactly for k < s_j and not at k = s_j (there the next mode's stride, which
// is not s_j*e, appears), so the first run of each stride is its mode.
//
// Each step is written once, as a template on kRecord: the general path's
// functions record their refusal; the fast paths' twins (kRecord = false,
// at most kFastExact indices) take the same steps and give the same modes,
// and return false, recording nothing, where the general path refuses.
#include <algorithm>
#include <string>

#include "algebra_core.hpp"
#include "layout/checked.hpp"
#include "quick_div.hpp"
#include "refusal.hpp"

namespace layout::detail {

namespace {

// The values of A o B on a leaf, or on every leaf of B: on the stack up to
// 64 of them (the exact inputs met in kernels are small), no allocation.
using Values = SmallVector<int64_t, 64>;

// Appends the values g[0..] as "0, 10, 5, 15, ..." (at most 8).
void some_values(Condition& out, const Values& g) {
  for (std::size_t i = 0; i < g.size() && i < 8; ++i) {
    if (i) out << ", ";
    out << g[i];
  }
  if (g.size() > 8) out << ", ...";
}

// eval_extended(a, x) into v, its checked steps in the same order; false
// on an overflow.
template <bool kRecord>
bool eval_extended_ok(ModeSpan a, int64_t x, int64_t& v) {
  if (x < 0) {
    int64_t nx = 0, w = 0;
    return step_ok<kRecord, '-'>(0, x, nx) && eval_extended_ok<kRecord>(a, nx, w) &&
           step_ok<kRecord, '-'>(0, w, v);
  }
  int64_t sum = 0, t = 0;  // locals: a store through v may alias a's modes
  // x >= 0 and a[j].s >= 1 here, so quick_div's rem and quot apply.
  for (std::size_t j = 0; j + 1 < a.size(); ++j) {
    if (!step_ok<kRecord, '*'>(rem(x, a[j].s), a[j].d, t) || !step_ok<kRecord, '+'>(sum, t, sum))
      return false;
    x = quot(x, a[j].s);
  }
  if (!step_ok<kRecord, '*'>(x, a.back().d, t) || !step_ok<kRecord, '+'>(sum, t, sum)) return false;
  v = sum;
  return true;
}

// A(c * d), as a status.
template <bool kRecord>
bool eval_at_ok(ModeSpan a, int64_t c, int64_t d, int64_t& v) {
  int64_t x = 0;
  return step_ok<kRecord, '*'>(c, d, x) && eval_extended_ok<kRecord>(a, x, v);
}

// The canonical modes of the layout of size `size` whose values are
// g[0, size), appended to out (Modes or a fast path's FixedVector), or false
// (out as it was) where no layout takes these values.
template <class Out>
bool fit_modes(const int64_t* g, std::size_t size, Out& out) {
  const auto s = static_cast<int64_t>(size);
  const std::size_t base = out.size();  // the candidate's modes go to out[base, ..)
  int64_t p = 1;  // the position of the next mode: the product of the sizes before it
  while (p < s) {
    const int64_t e = g[static_cast<std::size_t>(p)];
    int64_t n = 1, want;  // the first k with k*p >= s or g(k*p) != k*e (n >= 2: g(p) = e)
    while (n * p < s && !__builtin_mul_overflow(n, e, &want) &&
           g[static_cast<std::size_t>(n * p)] == want)
      ++n;
    if (s % (n * p) != 0) {  // the run is no mode: no layout has these values
      out.resize(base);
      return false;
    }
    out.push_back({n, e});
    p *= n;
  }
  // Verify every value: the candidate is the only layout the values allow.
  const Mode* const m = out.data() + base;
  const std::size_t rank = out.size() - base;  // < 64: each size >= 2
  const bool fits = [&] {
    int64_t digit[64];
    std::fill_n(digit, rank, int64_t{0});
    int64_t v = 0;
    for (int64_t i = 0; i < s; ++i) {
      if (g[static_cast<std::size_t>(i)] != v) return false;
      for (std::size_t k = 0; k < rank; ++k) {  // next coordinate, colexicographic
        if (++digit[k] < m[k].s) {
          if (__builtin_add_overflow(v, m[k].d, &v)) return false;
          break;
        }
        digit[k] = 0;
        int64_t back;
        if (__builtin_mul_overflow(m[k].s - 1, m[k].d, &back) ||
            __builtin_sub_overflow(v, back, &v))
          return false;
      }
    }
    return true;
  }();
  if (!fits) out.resize(base);
  return fits;
}

// compose_exact_leaf, recording its refusal where kRecord.
template <bool kRecord, class Out>
bool exact_leaf(ModeSpan a, int64_t s, int64_t d, Out& out) {
  if (s == 2) {  // the values 0 and A(d): the layout 2:A(d), fit_modes' answer
    int64_t e = 0;
    if (!eval_at_ok<kRecord>(a, 1, d, e)) return false;
    out.push_back({2, e});
    return true;
  }
  Values g;
  int64_t* const v = g.extend(static_cast<std::size_t>(s));
  v[0] = 0;  // A(0)
  for (int64_t c = 1; c < s; ++c)
    if (!eval_at_ok<kRecord>(a, c, d, v[c])) return false;
  if (fit_modes(g.data(), g.size(), out)) return true;
  if constexpr (kRecord) {
    Condition why;
    why << "no layout with B's shape equals A o B: on B's mode " << Mode{s, d}
        << ", A o B takes the values ";
    some_values(why, g);
    why << ", which no layout of size " << s << " takes";
    return fail(why.take());
  } else {
    return false;
  }
}

// check_additive, recording its refusal where kRecord.
template <bool kRecord>
bool additive(ModeSpan a, ModeSpan leaves) {
  // Each leaf's values A(c*d) (leaf k's from first[k] on), then every index
  // of B against their sum.
  Values values;
  SmallVector<std::size_t, 16> first;
  for (const Mode& leaf : leaves) {
    first.push_back(values.size());
    int64_t* const v = values.extend(static_cast<std::size_t>(leaf.s));
    v[0] = 0;  // A(0)
    for (int64_t c = 1; c < leaf.s; ++c)
      if (!eval_at_ok<kRecord>(a, c, leaf.d, v[c])) return false;
  }
  SmallVector<int64_t, 16> crd;
  for (std::size_t k = 0; k < leaves.size(); ++k) crd.push_back(0);
  for (int64_t i = 0;; ++i) {
    // An index with at most one non-zero coordinate c (of leaf k) is
    // B(i) = c*d_k, whose A(B(i)) is that leaf's value computed above by the
    // same steps, and the other leaves add A(0) = 0: it holds and cannot
    // overflow, so only the others are evaluated.
    int nonzero = 0;
    for (std::size_t k = 0; k < leaves.size(); ++k) nonzero += crd[k] != 0;
    if (nonzero > 1) {
      int64_t x = 0, sum = 0, v = 0, t = 0;
      for (std::size_t k = 0; k < leaves.size(); ++k)
        if (!step_ok<kRecord, '*'>(crd[k], leaves[k].d, t) || !step_ok<kRecord, '+'>(x, t, x) ||
            !step_ok<kRecord, '+'>(sum, values[first[k] + static_cast<std::size_t>(crd[k])], sum))
          return false;
      if (!eval_extended_ok<kRecord>(a, x, v)) return false;
      if (v != sum) {
        if constexpr (kRecord)
          return fail((Condition() << "no layout with B's shape equals A o B: at index " << i
                                   << ", A(B(" << i << ")) = A(" << x << ") = " << v
                                   << ", but any layout with B's shape gives the sum " << sum
                                   << " of its modes' values there (B's modes carry across A's "
                                      "mode boundaries)")
                          .take());
        else
          return false;
      }
    }
    std::size_t k = 0;
    while (k < leaves.size() && ++crd[k] == leaves[k].s) crd[k++] = 0;
    if (k == leaves.size()) return true;
  }
}

}  // namespace

int64_t eval_extended(ModeSpan a, int64_t x) {
  if (x < 0) return checked::sub(0, eval_extended(a, checked::sub(0, x)));
  int64_t v = 0;
  for (std::size_t j = 0; j + 1 < a.size(); ++j) {
    v = checked::add(v, checked::mul(x % a[j].s, a[j].d));
    x /= a[j].s;
  }
  return checked::add(v, checked::mul(x, a.back().d));
}

bool compose_exact_leaf(ModeSpan a, int64_t s, int64_t d, Modes& out) {
  return exact_leaf<true>(a, s, d, out);
}

bool check_additive(ModeSpan a, ModeSpan leaves) { return additive<true>(a, leaves); }

bool compose_exact_leaf_fast(ModeSpan a, int64_t s, int64_t d, FixedVector<Mode, kFastModes>& out) {
  return exact_leaf<false>(a, s, d, out);
}

bool check_additive_fast(ModeSpan a, ModeSpan leaves) {
  int64_t total = 1;
  for (const Mode& leaf : leaves)
    if (__builtin_mul_overflow(total, leaf.s, &total) || total > kFastExact) return false;
  return additive<false>(a, leaves);
}

}  // namespace layout::detail
