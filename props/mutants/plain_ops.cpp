#include "plain_ops.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "layout/checked.hpp"

namespace props::plain {

using layout::Error;
using layout::Mode;
namespace checked = layout::checked;

namespace {

// Runs f; an int64 overflow inside it becomes a refusal of `op`.
template <class F>
auto guarded(const char* op, const std::string& operands, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const layout::Overflow& e) {
    throw Error(op, operands, e.what());
  }
}

std::vector<Mode> leaves(const Layout& l) {
  const layout::Modes m = layout::flat_modes(l);
  return {m.begin(), m.end()};
}

Layout of_modes(const std::vector<Mode>& m) {
  if (m.empty()) return Layout(1, 0);
  return layout::from_modes(m.data(), m.data() + m.size());
}

// Refuses (as an int64 overflow) a layout whose span sum (s-1)|d| passes
// int64: its offsets could not all be represented.
void require_span(const Layout& l) {
  int64_t span = 0;
  for (const Mode& m : leaves(l))
    span = checked::add(span, checked::mul(m.s - 1, checked::abs(m.d)));
}

// A's modes with the natural extension kept: size-1 modes dropped except the
// last one, then neighbours merged (merging keeps the extension too).
std::vector<Mode> extension_modes(const Layout& a) {
  const std::vector<Mode> in = leaves(a);
  std::vector<Mode> out;
  for (std::size_t k = 0; k < in.size(); ++k) {
    const Mode m = in[k];
    if (m.s == 1 && k + 1 < in.size()) continue;
    int64_t next;
    if (!out.empty() && !__builtin_mul_overflow(out.back().s, out.back().d, &next) && m.d == next) {
      out.back().s = checked::mul(out.back().s, m.s);
      continue;
    }
    out.push_back(m);
  }
  return out;
}

// x * y, checked, or wrapping modulo 2^64 (the overflow check dropped).
int64_t mul(int64_t x, int64_t y, bool wrap) {
  if (!wrap) return checked::mul(x, y);
  return static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y));
}

// A o s:d for A's extension modes a (s >= 1, d >= 0), appended to out.
void compose_leaf(const std::vector<Mode>& a, int64_t s, int64_t d, bool weak, bool wrap,
                  const std::string& operands, std::vector<Mode>& out) {
  if (s == 1) return;
  if (d == 0) {
    out.push_back({s, 0});
    return;
  }
  int64_t rest_s = s, rest_d = d;
  for (std::size_t j = 0; j + 1 < a.size() && rest_s > 1; ++j) {
    const int64_t aj = a[j].s;
    if (rest_d % aj == 0) {  // B skips mode j
      rest_d /= aj;
      continue;
    }
    int64_t last;
    if (!__builtin_mul_overflow(rest_d, rest_s - 1, &last) && last < aj) {  // B ends in mode j
      out.push_back({rest_s, mul(rest_d, a[j].d, wrap)});
      return;
    }
    const bool divides = weak ? rest_d < aj : aj % rest_d == 0;
    if (!divides)
      throw Error("composition", operands,
                  "stride divisibility: " + std::to_string(rest_d) + " and the mode size " +
                      std::to_string(aj) + " do not divide each other");
    const int64_t n = aj / rest_d;
    if (rest_s % n != 0)
      throw Error("composition", operands,
                  "shape divisibility: " + std::to_string(rest_s) + " is not a multiple of " +
                      std::to_string(n));
    out.push_back({n, mul(rest_d, a[j].d, wrap)});
    rest_s /= n;
    rest_d = 1;
  }
  if (rest_s > 1) out.push_back({rest_s, mul(rest_d, a.back().d, wrap)});
}

// B's shape and stride trees with every leaf replaced by A o leaf.
void compose_tree(const std::vector<Mode>& a, const IntTuple& s, const IntTuple& d, bool weak,
                  bool wrap, const std::string& operands, IntTuple& rs, IntTuple& rd) {
  if (s.is_int()) {
    std::vector<Mode> out;
    const int64_t stride = d.value();
    compose_leaf(a, s.value(), checked::abs(stride), weak, wrap, operands, out);
    if (stride < 0)  // A(-x) = -A(x)
      for (Mode& m : out) m.d = checked::sub(0, m.d);
    const Layout r = layout::coalesce(of_modes(out));
    rs = r.shape();
    rd = r.stride();
    return;
  }
  std::vector<IntTuple> es, ed;
  for (int k = 0; k < s.rank(); ++k) {
    IntTuple xs, xd;
    compose_tree(a, s[k], d[k], weak, wrap, operands, xs, xd);
    es.push_back(xs);
    ed.push_back(xd);
  }
  rs = IntTuple::tuple(es);
  rd = IntTuple::tuple(ed);
}

}  // namespace

Layout coalesce(const Layout& l, bool wrong_pair) {
  return guarded("coalesce", layout::to_string(l), [&] {
    std::vector<Mode> out;
    for (const Mode& m : leaves(l)) {
      if (m.s == 1) continue;
      if (!out.empty()) {
        const Mode p = out.back();
        int64_t want;
        const bool merge = wrong_pair ? !__builtin_mul_overflow(m.s, p.d, &want) && m.d == want
                                      : !__builtin_mul_overflow(p.s, p.d, &want) && m.d == want;
        if (merge) {
          out.back().s = checked::mul(p.s, m.s);
          continue;
        }
      }
      out.push_back(m);
    }
    return of_modes(out);
  });
}

Layout complement(const Layout& a, int64_t cotarget, bool sorted) {
  const std::string operands = layout::to_string(a) + ", " + std::to_string(cotarget);
  return guarded("complement", operands, [&] {
    if (cotarget < 1) throw Error("complement", operands, "the cotarget must be >= 1");
    std::vector<Mode> m;
    for (const Mode& x : leaves(a)) {
      if (x.s == 1 || x.d == 0) continue;
      if (x.d < 0) throw Error("complement", operands, "strides must be >= 0");
      m.push_back(x);
    }
    if (sorted) std::stable_sort(m.begin(), m.end(), [](Mode x, Mode y) { return x.d < y.d; });
    std::vector<Mode> out;
    int64_t end = 1;
    for (const Mode& x : m) {
      if (x.d < end)
        throw Error("complement", operands,
                    "mode " + std::to_string(x.s) + ":" + std::to_string(x.d) +
                        " starts before the running end " + std::to_string(end));
      out.push_back({x.d / end, end});
      end = checked::mul(x.s, x.d);
    }
    out.push_back({checked::ceil_div(cotarget, end), end});
    const Layout r = layout::coalesce(of_modes(out));
    require_span(r);
    return r;
  });
}

Layout right_inverse(const Layout& a, bool stop_at_gap) {
  return guarded("right_inverse", layout::to_string(a), [&] {
    struct Indexed {
      Mode m;
      int64_t index_stride;
    };
    std::vector<Indexed> m;
    int64_t index_stride = 1;
    for (const Mode& x : leaves(a)) {
      if (x.s > 1 && x.d > 0) m.push_back({x, index_stride});
      index_stride = checked::mul(index_stride, x.s);
    }
    std::stable_sort(m.begin(), m.end(),
                     [](const Indexed& x, const Indexed& y) { return x.m.d < y.m.d; });
    std::vector<Mode> out;
    int64_t next = 1;  // the next offset the run must reach
    for (const Indexed& x : m) {
      if (x.m.d < next) continue;  // repeats offsets the run already has
      if (x.m.d != next && stop_at_gap) break;
      out.push_back({x.m.s, x.index_stride});
      if (__builtin_mul_overflow(x.m.s, x.m.d, &next)) next = INT64_MAX;  // nothing reaches it
    }
    return of_modes(out);
  });
}

Layout compose_by_leaf(const Layout& a, const Layout& b, bool weak_stride_test,
                       bool wrap_multiply) {
  const std::string operands = layout::to_string(a) + ", " + layout::to_string(b);
  return guarded("composition", operands, [&] {
    const std::vector<Mode> am = extension_modes(a);
    IntTuple rs, rd;
    compose_tree(am, b.shape(), b.stride(), weak_stride_test, wrap_multiply, operands, rs, rd);
    try {
      Layout r(rs, rd);
      require_span(r);
      return r;
    } catch (const Error& e) {
      throw Error("composition", operands, e.condition());
    }
  });
}

int64_t swizzle(int bits, int base, int shift, int64_t x, bool mask_extra_bit) {
  const layout::Swizzle valid(bits, base, shift);  // refuses invalid parameters
  (void)valid;
  const int width = mask_extra_bit ? bits + 1 : bits;
  const uint64_t field = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  const uint64_t yyy = field << (base + std::max(shift, 0));
  const uint64_t u = static_cast<uint64_t>(x);
  const uint64_t y = u & yyy;
  return static_cast<int64_t>(shift >= 0 ? u ^ (y >> shift) : u ^ (y << -shift));
}

IntTuple idx2crd(const IntTuple& i, const IntTuple& shape, bool row_major) {
  if (shape.is_int()) return i;
  if (i.is_tuple()) {  // a coordinate per mode: each converted on its own
    std::vector<IntTuple> c;
    for (int k = 0; k < shape.rank(); ++k) c.push_back(idx2crd(i[k], shape[k], row_major));
    return IntTuple::tuple(c);
  }
  const int r = shape.rank();
  std::vector<IntTuple> c(static_cast<std::size_t>(r));
  int64_t rest = i.value();
  for (int n = 0; n < r; ++n) {
    const int k = row_major ? r - 1 - n : n;
    const bool last = n + 1 == r;  // takes the quotient, no wrap
    const int64_t size_k = layout::product(shape[k]);
    c[static_cast<std::size_t>(k)] = idx2crd(last ? rest : rest % size_k, shape[k], row_major);
    if (!last) rest /= size_k;
  }
  return IntTuple::tuple(c);
}

}  // namespace props::plain
