#include "layout/int_tuple.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include "layout/checked.hpp"
#include "layout/error.hpp"
#include "refusal.hpp"

namespace layout {

IntTuple IntTuple::tuple(std::initializer_list<IntTuple> elems) {
  return tuple(elems.begin(), elems.end());
}

IntTuple IntTuple::tuple(const IntTuple* first, const IntTuple* last) {
  TupleBuilder b;
  for (; first != last; ++first) b.add(*first);
  return b.done();
}

namespace {

int depth_at(const ItNode* p) {
  if (!p->tuple) return 0;
  int d = 0;
  const ItNode* c = p + 1;
  for (int64_t k = 0; k < p->v; ++k, c += c->span) d = std::max(d, depth_at(c));
  return d + 1;
}

// Writes the subtree at p from `out` on and returns the end (at most
// kPrintedChars per node).
using detail::kPrintedChars;
char* print_at(const ItNode* p, char* out) {
  if (!p->tuple) return std::to_chars(out, out + kPrintedChars, p->v).ptr;
  *out++ = '(';
  const ItNode* c = p + 1;
  for (int64_t k = 0; k < p->v; ++k, c += c->span) {
    if (k) *out++ = ',';
    out = print_at(c, out);
  }
  *out++ = ')';
  return out;
}

bool congruent_at(const ItNode* a, const ItNode* b) {
  if (a->tuple != b->tuple) return false;
  if (!a->tuple) return true;
  if (a->v != b->v) return false;
  const ItNode* ca = a + 1;
  const ItNode* cb = b + 1;
  for (int64_t k = 0; k < a->v; ++k, ca += ca->span, cb += cb->span)
    if (!congruent_at(ca, cb)) return false;
  return true;
}

bool weakly_congruent_at(const ItNode* a, const ItNode* b) {
  if (!a->tuple) return true;
  if (!b->tuple || a->v != b->v) return false;
  const ItNode* ca = a + 1;
  const ItNode* cb = b + 1;
  for (int64_t k = 0; k < a->v; ++k, ca += ca->span, cb += cb->span)
    if (!weakly_congruent_at(ca, cb)) return false;
  return true;
}

int64_t product_at(const ItNode* p) {
  int64_t r = 1;
  for (const ItNode* q = p; q != p + p->span; ++q)
    if (!q->tuple) r = checked::mul(r, q->v);
  return r;
}

bool compatible_at(const ItNode* a, const ItNode* b) {
  if (!a->tuple) return a->v == product_at(b);
  if (!b->tuple || a->v != b->v) return false;
  const ItNode* ca = a + 1;
  const ItNode* cb = b + 1;
  for (int64_t k = 0; k < a->v; ++k, ca += ca->span, cb += cb->span)
    if (!compatible_at(ca, cb)) return false;
  return true;
}

}  // namespace

void IntTuple::out_of_range(int i) const {
  detail::raise("mode", to_string(*this) + ", " + std::to_string(i),
                "mode index out of range [0, " + std::to_string(rank()) + ")");
}

int IntTuple::depth() const { return depth_at(root()); }

int IntTuple::num_leaves() const {
  int n = 0;
  for_each_leaf([&](int64_t) { ++n; });
  return n;
}

bool operator==(const IntTuple& a, const IntTuple& b) {
  if (a.nodes_.size() != b.nodes_.size()) return false;
  for (std::size_t i = 0; i < a.nodes_.size(); ++i) {
    const ItNode& x = a.nodes_[i];
    const ItNode& y = b.nodes_[i];
    if (x.v != y.v || x.span != y.span || x.tuple != y.tuple) return false;
  }
  return true;
}

// One resize for the worst case, the digits written in place, one shrink:
// no capacity check per character (refusal messages print their operands).
void append_string(std::string& out, const IntTuple& t) {
  const std::size_t at = out.size();
  out.resize(at + kPrintedChars * t.node_count());
  out.resize(static_cast<std::size_t>(print_at(t.root(), out.data() + at) - out.data()));
}

std::string to_string(const IntTuple& t) {
  std::string out;
  append_string(out, t);
  return out;
}

int64_t product(const IntTuple& t) {
  try {
    return product_at(t.root());
  } catch (const Overflow& e) {
    detail::raise("product", to_string(t), e.what());
  }
}

int64_t product_or_overflow(const IntTuple& t) { return product_at(t.root()); }

IntTuple flatten(const IntTuple& t) {
  TupleBuilder b;
  t.for_each_leaf([&](int64_t v) { b.add_int(v); });
  return b.done();
}

bool congruent(const IntTuple& a, const IntTuple& b) { return congruent_at(a.root(), b.root()); }

bool weakly_congruent(const IntTuple& a, const IntTuple& b) {
  return weakly_congruent_at(a.root(), b.root());
}

bool compatible(const IntTuple& a, const IntTuple& b) {
  try {
    return compatible_at(a.root(), b.root());
  } catch (const Overflow&) {
    return false;
  }
}

IntTuple prefix_product(const IntTuple& t, int64_t init) {
  // The running product is needed only as the next leaf's value: the product
  // of all the leaves may pass int64 while every exclusive prefix fits.
  IntTuple r = t;
  int64_t run = init;
  std::optional<std::string> overflow;  // the running product passed int64 here
  for (ItNode& n : r.raw()) {
    if (n.tuple) continue;
    if (overflow) detail::raise("prefix_product", to_string(t), *overflow);
    const int64_t s = n.v;
    n.v = run;
    if (__builtin_mul_overflow(run, s, &run))
      overflow = std::to_string(n.v) + " * " + std::to_string(s) + " overflows int64";
  }
  return r;
}

namespace {

// shape_div of the subtree at a by the integer b; returns the quotient and
// writes it into out.
void shape_div_int(const ItNode* a, int64_t& b, IntTuple::Nodes& out, const IntTuple& A,
                   const IntTuple& B) {
  if (!a->tuple) {
    int64_t x = a->v;
    if (x <= 0 || b <= 0 || (x % b != 0 && b % x != 0))
      detail::raise(
          "shape_div", to_string(A) + ", " + to_string(B),
          "neither of " + std::to_string(x) + " and " + std::to_string(b) + " divides the other");
    out.push_back({checked::ceil_div(x, b), 1, 0});
    b = checked::ceil_div(b, x);  // shape_div(b, x)
    return;
  }
  out.push_back(*a);
  const ItNode* c = a + 1;
  for (int64_t k = 0; k < a->v; ++k, c += c->span) shape_div_int(c, b, out, A, B);
}

void shape_div_at(const ItNode* a, const ItNode* b, IntTuple::Nodes& out, const IntTuple& A,
                  const IntTuple& B) {
  if (b->tuple) {
    if (a->tuple) {
      if (a->v != b->v)
        detail::raise("shape_div", to_string(A) + ", " + to_string(B),
                      "tuple operands must have equal rank");
      out.push_back(*a);
      const ItNode* ca = a + 1;
      const ItNode* cb = b + 1;
      for (int64_t k = 0; k < a->v; ++k, ca += ca->span, cb += cb->span)
        shape_div_at(ca, cb, out, A, B);
      return;
    }
    int64_t d = product_at(b);
    shape_div_int(a, d, out, A, B);
    return;
  }
  int64_t d = b->v;
  shape_div_int(a, d, out, A, B);
}

}  // namespace

IntTuple shape_div(const IntTuple& a, const IntTuple& b) {
  IntTuple r;
  r.raw().clear();
  try {
    shape_div_at(a.root(), b.root(), r.raw(), a, b);
  } catch (const Overflow& e) {
    detail::raise("shape_div", to_string(a) + ", " + to_string(b), e.what());
  }
  return r;
}

int64_t inner_product(const IntTuple& a, const IntTuple& b) {
  if (!congruent(a, b))
    detail::raise("inner_product", to_string(a) + ", " + to_string(b),
                  "operands are not congruent");
  auto la = a.leaves();
  auto lb = b.leaves();
  int64_t r = 0;
  try {
    for (std::size_t i = 0; i < la.size(); ++i) r = checked::add(r, checked::mul(la[i], lb[i]));
  } catch (const Overflow& e) {
    detail::raise("inner_product", to_string(a) + ", " + to_string(b), e.what());
  }
  return r;
}

}  // namespace layout
