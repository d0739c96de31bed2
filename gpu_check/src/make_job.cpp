#include "gpu_check/make_job.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "gpu_check/report.hpp"
#include "layout/algebra.hpp"
#include "layout/error.hpp"
#include "layout/notation.hpp"

namespace gpu_check {

namespace {

using layout::Error;
using layout::FlatLayout;
using layout::Layout;

struct Refuser {
  std::string op, operands;
  [[noreturn]] void operator()(const std::string& why) const { throw Error(op, operands, why); }
};

Refuser refuser(Law law, std::initializer_list<const Layout*> ls, std::string extra = "") {
  std::string operands;
  for (const Layout* l : ls) operands += (operands.empty() ? "" : ", ") + layout::to_string(*l);
  if (!extra.empty()) operands += ", " + extra;
  return {"bulk " + law_name(law), operands};
}

FlatLayout flat(const Layout& l, const Refuser& refuse) {
  try {
    return layout::make_flat(l);
  } catch (const Error& e) {
    refuse(e.what());
  }
}

void require_indices(uint64_t n, const Refuser& refuse) {
  if (n > kMaxIndices)
    refuse(std::to_string(n) + " indices exceed the bulk limit of 2^40 (" +
           std::to_string(kMaxIndices) + ")");
}

// f is evaluated on [0, n) (natural extension past its size).
void require_domain(const FlatLayout& f, uint64_t n, const char* name, const Refuser& refuse) {
  if (n != 0 && n - 1 > f.max_index)
    refuse(std::string(name) + " at index " + std::to_string(n - 1) + " passes int64");
}

// x is evaluated at y(i), i < size(y) (so y(i) in [y.min_offset, y.max_offset]).
void require_composable(const FlatLayout& x, const FlatLayout& y, const char* xn, const char* yn,
                        const Refuser& refuse) {
  if (y.max_offset > 0 && static_cast<uint64_t>(y.max_offset) > x.max_index)
    refuse(std::string(xn) + " at " + yn + "'s offset " + std::to_string(y.max_offset) +
           " passes int64");
  if (y.min_offset < 0) {
    if (x.rank != 1)
      refuse(std::string(yn) + " has negative offsets and " + xn +
             " more than one mode (its natural extension is defined for indices >= 0)");
    int64_t v;
    if (__builtin_mul_overflow(y.min_offset, x.stride[0], &v))
      refuse(std::string(xn) + " at " + yn + "'s offset " + std::to_string(y.min_offset) +
             " passes int64");
  }
}

BulkJob base(Law law, const FlatLayout& x, uint64_t n, const Refuser& refuse) {
  require_indices(n, refuse);
  BulkJob j;
  j.law = law;
  j.x = x;
  j.y = x;
  j.z = x;
  j.n = n;
  return j;
}

}  // namespace

std::string law_name(Law law) {
  switch (law) {
    case Law::equal:
      return "equal";
    case Law::compose:
      return "compose";
    case Law::tile:
      return "tile";
    case Law::right_inverse:
      return "right_inverse";
    case Law::left_inverse:
      return "left_inverse";
  }
  return "?";
}

std::optional<Law> parse_law(std::string_view name) {
  for (Law l : {Law::equal, Law::compose, Law::tile, Law::right_inverse, Law::left_inverse})
    if (name == law_name(l)) return l;
  return std::nullopt;
}

BulkJob equal_job(const Layout& l1, const Layout& l2) {
  const Refuser refuse = refuser(Law::equal, {&l1, &l2});
  if (l1.size() != l2.size())
    refuse("sizes differ (" + std::to_string(l1.size()) + " and " + std::to_string(l2.size()) +
           "): equal compares two functions on one domain");
  BulkJob j = base(Law::equal, flat(l1, refuse), static_cast<uint64_t>(l1.size()), refuse);
  j.y = flat(l2, refuse);
  return j;
}

BulkJob compose_job(const Layout& a, const Layout& b, const Layout& r) {
  const Refuser refuse = refuser(Law::compose, {&a, &b, &r});
  BulkJob j = base(Law::compose, flat(a, refuse), static_cast<uint64_t>(b.size()), refuse);
  j.y = flat(b, refuse);
  j.z = flat(r, refuse);
  require_composable(j.x, j.y, "A", "B", refuse);
  require_domain(j.z, j.n, "R", refuse);
  return j;
}

BulkJob tile_job(const Layout& t, int64_t m) {
  const Refuser refuse = refuser(Law::tile, {&t}, std::to_string(m));
  if (m < 1 || static_cast<uint64_t>(m) > kMaxTileBits)
    refuse("the target " + std::to_string(m) + " is outside [1, 2^36] (the bitmap has m bits)");
  // Visiting order: T's flat modes sorted by stride (x), and the index each
  // visited position has in T: the same modes with T's prefix products as
  // strides (y). x(j) = T(y(j)) and y is a bijection of [0, size(T)).
  struct Three {
    int64_t s, d, p;
  };
  std::vector<Three> modes;
  int64_t prefix = 1;
  for (const layout::Mode& md : layout::flat_modes(t)) {
    modes.push_back({md.s, md.d, prefix});
    prefix *= md.s;  // <= size(T), which fits in int64
  }
  std::stable_sort(modes.begin(), modes.end(),
                   [](const Three& a, const Three& b) { return a.d < b.d; });
  std::vector<layout::Mode> xs, ys;
  for (const Three& md : modes) {
    xs.push_back({md.s, md.d});
    ys.push_back({md.s, md.p});
  }
  BulkJob j = base(Law::tile, flat(layout::from_modes(xs.data(), xs.data() + xs.size()), refuse),
                   static_cast<uint64_t>(t.size()), refuse);
  j.y = flat(layout::from_modes(ys.data(), ys.data() + ys.size()), refuse);
  j.z = flat(t, refuse);
  j.m = static_cast<uint64_t>(m);
  return j;
}

BulkJob right_inverse_job(const Layout& a, const Layout& r) {
  const Refuser refuse = refuser(Law::right_inverse, {&a, &r});
  BulkJob j = base(Law::right_inverse, flat(a, refuse), static_cast<uint64_t>(r.size()), refuse);
  j.y = flat(r, refuse);
  require_composable(j.x, j.y, "A", "R", refuse);
  return j;
}

BulkJob left_inverse_job(const Layout& a, const Layout& l) {
  const Refuser refuse = refuser(Law::left_inverse, {&a, &l});
  BulkJob j = base(Law::left_inverse, flat(l, refuse), static_cast<uint64_t>(a.size()), refuse);
  j.y = flat(a, refuse);
  require_composable(j.x, j.y, "L", "A", refuse);
  return j;
}

Prepared prepare_equal(const Layout& l1, const Layout& l2, std::string law_id) {
  return {equal_job(l1, l2),
          "L1(i) == L2(i) for i < size(L1), L1 = " + layout::to_string(l1) +
              ", L2 = " + layout::to_string(l2),
          std::move(law_id),
          {l1, l2}};
}

Prepared prepare_coalesce(const Layout& l) {
  return prepare_equal(l, layout::coalesce(l), "COAL-FN");
}

Prepared prepare_flatten(const Layout& l) {
  return prepare_equal(l, layout::flatten(l), "FLATTEN-DEF");
}

Prepared prepare_compose(const Layout& a, const Layout& b) {
  const Layout r = layout::composition(a, b);
  return {compose_job(a, b, r),
          "R(i) == A(B(i)) for i < size(B), A = " + layout::to_string(a) +
              ", B = " + layout::to_string(b) + ", R = A o B = " + layout::to_string(r),
          "COMP-FN",
          {a, b, r}};
}

Prepared prepare_tile(const Layout& a, int64_t m) {
  const Layout c = layout::complement(a, m);
  const Layout t = layout::make_layout({a, c});
  return {tile_job(t, m),
          "(A, C) hits every offset of [0, M) once, A = " + layout::to_string(a) +
              ", M = " + std::to_string(m) + ", C = complement(A, M) = " + layout::to_string(c),
          "COMP-TILE",
          {t}};
}

Prepared prepare_right_inverse(const Layout& a) {
  const Layout r = layout::right_inverse(a);
  return {right_inverse_job(a, r),
          "A(R(i)) == i for i < size(R), A = " + layout::to_string(a) +
              ", R = right_inverse(A) = " + layout::to_string(r),
          "RINV-FN",
          {a, r}};
}

Prepared prepare_left_inverse(const Layout& a) {
  const Layout l = layout::left_inverse(a);
  return {left_inverse_job(a, l),
          "L(A(i)) == i for i < size(A), A = " + layout::to_string(a) +
              ", L = left_inverse(A) = " + layout::to_string(l),
          "LINV-FN",
          {l, a}};
}

const char* const kBulkUsage =
    "usage: layoutcheck bulk COAL-FN L | FLATTEN-DEF L | SAME-FN L1 L2 | COMP-FN A B | "
    "COMP-TILE A M | RINV-FN A | LINV-FN A  (or: layoutcheck bulk --campaign N)";

Prepared prepare_named(const std::string& name, const std::vector<std::string>& w) {
  struct Named {
    const char* id;
    const char* alias;
    std::size_t arity;
  };
  static const Named kNames[] = {{"COAL-FN", "", 1},
                                 {"FLATTEN-DEF", "", 1},
                                 {"SAME-FN", "equal", 2},
                                 {"COMP-FN", "compose", 2},
                                 {"COMP-TILE", "tile", 2},
                                 {"RINV-FN", "right_inverse", 1},
                                 {"LINV-FN", "left_inverse", 1}};
  const Named* n = nullptr;
  for (const Named& x : kNames)
    if (name == x.id || name == x.alias) n = &x;
  if (!n) throw std::invalid_argument("unknown law \"" + name + "\"\n" + kBulkUsage);
  if (w.size() != n->arity) throw std::invalid_argument(kBulkUsage);
  const Layout a = layout::parse_layout(w[0]);
  const std::string id = n->id;
  if (id == "COAL-FN") return prepare_coalesce(a);
  if (id == "FLATTEN-DEF") return prepare_flatten(a);
  if (id == "SAME-FN") return prepare_equal(a, layout::parse_layout(w[1]));
  if (id == "COMP-FN") return prepare_compose(a, layout::parse_layout(w[1]));
  if (id == "RINV-FN") return prepare_right_inverse(a);
  if (id == "LINV-FN") return prepare_left_inverse(a);
  const uint64_t m = parse_size(w[1]);  // COMP-TILE
  if (m > uint64_t{INT64_MAX}) throw std::invalid_argument("M: too large");
  return prepare_tile(a, static_cast<int64_t>(m));
}

}  // namespace gpu_check
