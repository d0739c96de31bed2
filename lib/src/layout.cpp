#include "layout/layout.hpp"

#include <algorithm>
#include <numeric>

#include "layout/checked.hpp"
#include "layout/error.hpp"
#include "layout_ref.hpp"
#include "refusal.hpp"

namespace layout {

namespace {

std::string operands_of(const IntTuple& shape, const IntTuple& stride) {
  std::string out;
  out.reserve(detail::kPrintedChars * (shape.node_count() + stride.node_count()) + 1);
  append_string(out, shape);
  out += ':';
  append_string(out, stride);
  return out;
}

}  // namespace

namespace {

// Product of the shape leaves; false when it passes int64.
bool size_fits(const IntTuple& shape, int64_t& size) {
  size = 1;
  bool fits = true;
  shape.for_each_leaf([&](int64_t s) { fits = fits && !__builtin_mul_overflow(size, s, &size); });
  return fits;
}

}  // namespace

Layout::Layout(IntTuple shape, IntTuple stride)
    : shape_(std::move(shape)), stride_(std::move(stride)) {
  if (!congruent(shape_, stride_))
    detail::raise("make_layout", operands_of(shape_, stride_),
                  "shape and stride are not congruent");
  bool positive = true;
  shape_.for_each_leaf([&](int64_t s) { positive = positive && s >= 1; });
  if (!positive)
    detail::raise("make_layout", operands_of(shape_, stride_), "every shape entry must be >= 1");
  int64_t size;
  if (!size_fits(shape_, size))
    detail::raise("make_layout", operands_of(shape_, stride_), "size overflows int64");
}

int64_t Layout::size() const {
  int64_t size;
  if (!size_fits(shape_, size)) detail::raise("size", to_string(*this), "size overflows int64");
  return size;
}

namespace detail {

bool cosize_of(const ItNode* s, const ItNode* d, std::size_t n, int64_t& out) {
  int64_t r = 1;
  for (std::size_t k = 0; k < n; ++k)
    if (!s[k].tuple && !add_cosize_term(s[k].v, d[k].v, r)) return false;
  out = r;
  return true;
}

}  // namespace detail

int64_t Layout::cosize() const {
  int64_t r = 0;
  if (!detail::cosize_of(shape_.root(), stride_.root(), shape_.node_count(), r))
    detail::raise("cosize", to_string(*this), "cosize overflows int64");
  return r;
}

namespace {

// L(i) into out; false when -i, an offset or a partial sum leaves int64.
bool eval_checked(const Layout& l, int64_t i, int64_t& out) {
  if (i < 0) {
    // Odd extension: C++'s truncating division gives every digit of -i the
    // negated digit of i, so L(-i) = -L(i).
    int64_t v;
    if (i == INT64_MIN || !eval_checked(l, -i, v) || v == INT64_MIN) return false;
    out = -v;
    return true;
  }
  const ItNode* s = l.shape().root();
  const ItNode* d = l.stride().root();
  const std::size_t n = l.shape().node_count();
  std::size_t last = n;  // the last leaf (none for the empty layout ():(), the constant 0)
  while (last > 0 && s[last - 1].tuple) --last;
  if (last == 0) {
    out = 0;
    return true;
  }
  --last;
  int64_t x = i, off = 0, term;
  for (std::size_t k = 0; k < last; ++k) {
    if (s[k].tuple) continue;
    if (__builtin_mul_overflow(x % s[k].v, d[k].v, &term) ||
        __builtin_add_overflow(off, term, &off))
      return false;
    x /= s[k].v;
  }
  if (__builtin_mul_overflow(x, d[last].v, &term) || __builtin_add_overflow(off, term, &off))
    return false;
  out = off;
  return true;
}

detail::Pending eval_refusal(const Layout& l, int64_t i) {
  return {true, "eval", to_string(l) + ", " + std::to_string(i), "offset overflows int64"};
}

}  // namespace

int64_t Layout::operator()(int64_t i) const {
  int64_t v;
  if (eval_checked(*this, i, v)) return v;
  detail::raise_through(eval_refusal(*this, i), detail::FrameBase::top());
}

Result<int64_t> try_eval(const Layout& l, int64_t i) {
  int64_t v;
  if (eval_checked(l, i, v)) return v;
  return detail::format_through(eval_refusal(l, i), detail::FrameBase::top());
}

int64_t Layout::operator()(const IntTuple& coord) const { return crd2idx(coord, shape_, stride_); }

std::string to_string(const Layout& l) { return operands_of(l.shape(), l.stride()); }

void append_string(std::string& out, const Layout& l) {
  append_string(out, l.shape());
  out += ':';
  append_string(out, l.stride());
}

Modes flat_modes(const Layout& l) {
  Modes m;
  const ItNode* s = l.shape().root();
  const ItNode* d = l.stride().root();
  const std::size_t n = l.shape().node_count();
  m.reserve(n);
  for (std::size_t k = 0; k < n; ++k)
    if (!s[k].tuple) m.push_back({s[k].v, d[k].v});
  return m;
}

Layout from_modes(const Mode* first, const Mode* last) {
  std::ptrdiff_t n = last - first;
  if (n == 0) return Layout();
  if (n == 1) return Layout::unchecked(first->s, first->d);
  TupleBuilder s, d;
  for (; first != last; ++first) {
    s.add_int(first->s);
    d.add_int(first->d);
  }
  return Layout::unchecked(s.done(), d.done());
}

Layout make_layout(const std::vector<Layout>& modes) {
  TupleBuilder s, d;
  for (const Layout& m : modes) {
    s.add(m.shape());
    d.add(m.stride());
  }
  return Layout(s.done(), d.done());
}

Layout make_layout(std::initializer_list<Layout> modes) {
  TupleBuilder s, d;
  for (const Layout& m : modes) {
    s.add(m.shape());
    d.add(m.stride());
  }
  return Layout(s.done(), d.done());
}

Layout concat_modes(std::initializer_list<const Layout*> modes) {
  TupleBuilder s, d;
  for (const Layout* m : modes) {
    s.add(m->shape());
    d.add(m->stride());
  }
  return Layout::unchecked(s.done(), d.done());
}

namespace {

void require_valid_shape(const char* op, const IntTuple& shape) {
  bool positive = true;
  shape.for_each_leaf([&](int64_t s) { positive = positive && s >= 1; });
  if (!positive) detail::raise(op, to_string(shape), "every shape entry must be >= 1");
}

}  // namespace

Layout make_layout_left(const IntTuple& shape) {
  require_valid_shape("make_layout_left", shape);
  try {
    (void)product_or_overflow(shape);
    IntTuple stride = prefix_product(shape);
    return Layout::unchecked(shape, std::move(stride));
  } catch (const Overflow&) {
    detail::raise("make_layout_left", to_string(shape), "size overflows int64");
  }
}

Layout make_layout_right(const IntTuple& shape) {
  require_valid_shape("make_layout_right", shape);
  IntTuple stride = shape;
  try {
    int64_t run = 1;
    auto& nodes = stride.raw();
    for (std::size_t k = nodes.size(); k-- > 0;) {
      if (nodes[k].tuple) continue;
      int64_t s = nodes[k].v;
      nodes[k].v = run;
      run = checked::mul(run, s);
    }
  } catch (const Overflow&) {
    detail::raise("make_layout_right", to_string(shape), "size overflows int64");
  }
  return Layout::unchecked(shape, std::move(stride));
}

Layout make_ordered_layout(const IntTuple& shape, const IntTuple& order) {
  require_valid_shape("make_ordered_layout", shape);
  if (!congruent(shape, order))
    detail::raise("make_ordered_layout", to_string(shape) + ", " + to_string(order),
                  "order must be congruent with shape");
  auto s = shape.leaves();
  auto o = order.leaves();
  std::vector<std::size_t> idx(s.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(),
                   [&](std::size_t a, std::size_t b) { return o[a] < o[b]; });
  std::vector<int64_t> d(s.size());
  try {
    int64_t run = 1;
    for (std::size_t k : idx) {
      d[k] = run;
      run = checked::mul(run, s[k]);
    }
  } catch (const Overflow&) {
    detail::raise("make_ordered_layout", to_string(shape) + ", " + to_string(order),
                  "size overflows int64");
  }
  IntTuple stride = shape;
  std::size_t k = 0;
  for (ItNode& n : stride.raw())
    if (!n.tuple) n.v = d[k++];
  return Layout::unchecked(shape, std::move(stride));
}

Layout flatten(const Layout& l) {
  if (l.shape().is_int()) return l;
  return Layout::unchecked(flatten(l.shape()), flatten(l.stride()));
}

namespace detail {

bool pads_to_rank(const Layout& l, int n) { return l.rank() < n || (n > 1 && l.shape().is_int()); }

void append_padded(LayoutRef l, int n, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  const ItNode* s = l.s;
  const ItNode* d = l.d;
  const int r = s->tuple ? static_cast<int>(s->v) : 1;  // the modes kept
  const int64_t m = r > n ? r : n;
  // The root, the modes of l (l itself where it is mode 0), then 1:0 modes.
  const auto kept = static_cast<std::size_t>(s->tuple ? s->span - 1 : 1);
  const std::size_t count = 1 + kept + static_cast<std::size_t>(r < n ? n - r : 0);
  ItNode* ps = rs.extend(count);
  ItNode* pd = rd.extend(count);
  put_tuple_node(ps, pd, m, count);
  const ItNode* ms = s->tuple ? s + 1 : s;
  const ItNode* md = s->tuple ? d + 1 : d;
  for (std::size_t k = 0; k < kept; ++k) {
    *ps++ = ms[k];
    *pd++ = md[k];
  }
  for (int k = r; k < n; ++k) {
    *ps++ = {1, 1, 0};
    *pd++ = {0, 1, 0};
  }
}

}  // namespace detail

Layout append_to_rank(const Layout& l, int n) {
  if (!detail::pads_to_rank(l, n)) return l;
  return Layout::build([&](IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
    detail::append_padded(detail::LayoutRef(l), n, rs, rd);
  });
}

// ---- coordinates -----------------------------------------------------------

namespace {

// The mode of a tuple shape that takes the quotient of an integer index past
// the domain: the one holding the last leaf (evaluation gives the quotient to
// the last leaf), so trailing empty tuples get none.
int64_t quotient_mode(const ItNode* s) {
  int64_t last = s->v - 1;
  const ItNode* c = s + 1;
  for (int64_t k = 0; k < s->v; ++k, c += c->span)
    for (int32_t j = 0; j < c->span; ++j)
      if (!c[j].tuple) last = k;
  return last;
}

}  // namespace

bool detail::integer_offset_terms(int64_t x, const ItNode* s, const ItNode* d, crd_sum& sum,
                                  int64_t& bad_x, int64_t& bad_d) {
  if (!s->tuple) {
    int64_t term;
    if (__builtin_mul_overflow(x, d->v, &term)) {
      bad_x = x;
      bad_d = d->v;
      return false;
    }
    sum += term;
    return true;
  }
  const int64_t last = quotient_mode(s);
  const ItNode* cs = s + 1;
  const ItNode* cd = d + 1;
  for (int64_t k = 0; k < s->v; ++k, cs += cs->span, cd += cd->span) {
    int64_t digit = k <= last ? x : 0;
    if (k < last) {
      const int64_t n = detail::LayoutRef(cs, cd).size();  // checked: Overflow past int64
      digit = x % n;
      x /= n;
    }
    if (!integer_offset_terms(digit, cs, cd, sum, bad_x, bad_d)) return false;
  }
  return true;
}

namespace {

void idx2crd_at(const ItNode* i, const ItNode* s, IntTuple::Nodes& out) {
  if (i->tuple) {
    if (!s->tuple || s->v != i->v) detail::refuse("coordinate rank does not match the shape");
    out.push_back(*i);
    std::size_t head = out.size() - 1;
    const ItNode* ci = i + 1;
    const ItNode* cs = s + 1;
    for (int64_t k = 0; k < i->v; ++k, ci += ci->span, cs += cs->span) idx2crd_at(ci, cs, out);
    out[head].span = static_cast<int32_t>(out.size() - head);
    return;
  }
  int64_t x = i->v;
  if (x < 0) detail::refuse("index must be >= 0");
  if (!s->tuple) {
    out.push_back({x, 1, 0});
    return;
  }
  out.push_back(*s);
  std::size_t head = out.size() - 1;
  const int64_t last = quotient_mode(s);
  const ItNode* cs = s + 1;
  for (int64_t k = 0; k < s->v; ++k, cs += cs->span) {
    ItNode digit{k <= last ? x : 0, 1, 0};
    if (k < last) {
      int64_t n = product_or_overflow(IntTuple::from_nodes(cs));
      digit.v = x % n;
      x /= n;
    }
    idx2crd_at(&digit, cs, out);
  }
  out[head].span = static_cast<int32_t>(out.size() - head);
}

// The sum of the terms c_k * d_k, each checked in int64, accumulated in 128
// bits: a partial sum may leave int64 when the whole one does not (the caller
// checks the total, crd2idx_total).
using detail::crd_sum;

crd_sum crd2idx_at(const ItNode* c, const ItNode* s, const ItNode* d) {
  if (c->tuple) {
    if (!s->tuple || s->v != c->v) detail::refuse("coordinate rank does not match the shape");
    crd_sum r = 0;
    const ItNode* cc = c + 1;
    const ItNode* cs = s + 1;
    const ItNode* cd = d + 1;
    for (int64_t k = 0; k < c->v; ++k, cc += cc->span, cs += cs->span, cd += cd->span)
      r += crd2idx_at(cc, cs, cd);
    return r;
  }
  if (c->v < 0) detail::refuse("coordinate must be >= 0");
  crd_sum r = 0;
  int64_t bad_x = 0, bad_d = 0;
  if (!detail::integer_offset_terms(c->v, s, d, r, bad_x, bad_d))
    checked::overflow(bad_x, " * ", bad_d);  // checked::mul's Overflow
  return r;
}

int64_t crd2idx_total(const ItNode* c, const ItNode* s, const ItNode* d) {
  const crd_sum r = crd2idx_at(c, s, d);
  if (r > INT64_MAX || r < INT64_MIN) throw Overflow("the offset passes int64");
  return static_cast<int64_t>(r);
}

}  // namespace

IntTuple idx2crd(const IntTuple& i, const IntTuple& shape) {
  return detail::guarded(
      "idx2crd", [&] { return to_string(i) + ", " + to_string(shape); },
      [&] {
        IntTuple r;
        r.raw().clear();
        idx2crd_at(i.root(), shape.root(), r.raw());
        return r;
      });
}

int64_t crd2idx(const IntTuple& c, const IntTuple& shape) {
  const IntTuple stride = prefix_product(shape);  // its own Error past int64
  return detail::guarded(
      "crd2idx", [&] { return to_string(c) + ", " + to_string(shape); },
      [&] { return crd2idx_total(c.root(), shape.root(), stride.root()); });
}

int64_t crd2idx(const IntTuple& c, const IntTuple& shape, const IntTuple& stride) {
  return detail::guarded(
      "crd2idx", [&] { return to_string(c) + ", " + to_string(shape) + ", " + to_string(stride); },
      [&] {
        if (!congruent(shape, stride)) detail::refuse("shape and stride are not congruent");
        return crd2idx_total(c.root(), shape.root(), stride.root());
      });
}

}  // namespace layout
