#include "layout/divide.hpp"

#include "algebra_core.hpp"
#include "layout_ref.hpp"
#include "refusal.hpp"
#include "tile_split.hpp"

namespace layout {

namespace detail {

// Appends logical_divide(A, B) for a layout B: the pair
// (A o B, A o complement(B, size(A))), composed at the level of modes (the same
// walk and no-carry check as composition).
void divide_into(LayoutRef a, const Layout& b, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  Modes leaves = flat_modes(b);  // B's leaves, then the complement's
  const int64_t size_a = a.size();
  Modes rest = [&] {
    const auto in_complement = step([&](std::string& out) {
      out += "complement(" + to_string(b) + ", " + std::to_string(size_a) + "): ";
    });
    return complement_modes(leaves, size_a);
  }();
  if (rest.empty()) rest.push_back({1, 0});
  const Modes am = extension_modes(a);
  leaves.append(rest.data(), rest.size());
  const auto in_composition = step([&](std::string& out) {
    out += "composition(" + to_string(a.copy()) + ", (" + to_string(b) + ", " +
           to_string(from_modes(rest)) + ")): ";
  });
  Composed c;
  compose_leaves(am, leaves, c);
  OpenTuple pair(rs, rd, 2);
  std::size_t next = 0;
  emit_tree(c, next, b.shape().root(), rs, rd);
  emit_flat(c, next, rest.size(), rs, rd);
  pair.close();
}

namespace {

// The split of A by `_` (CuTe's zip2_by): a rank-2 mode is already a (tile,
// rest) pair. C++ compiles nothing else; there pycute's rule applies: the
// tile 1:0 with the whole mode as the rest.
void divide_underscore(LayoutRef a, IntTuple::Nodes& rs, IntTuple::Nodes& rd) {
  if (a.s->tuple && a.rank() == 2) {
    a.append_to(rs, rd);
    return;
  }
  OpenTuple pair(rs, rd, 2);
  rs.push_back({1, 1, 0});
  rd.push_back({0, 1, 0});
  a.append_to(rs, rd);
  pair.close();
}

template <class Variant>
Layout split_divide(const Layout& a, const Tiler& b, Variant variant) {
  return split_variant(a, b, divide_into, divide_underscore, variant);
}

}  // namespace

}  // namespace detail

Layout logical_divide(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("logical_divide", a, b, [&] {
    return detail::build([&](auto& rs, auto& rd) {
      auto leaf = [](detail::LayoutRef x, const Layout& l, auto& s, auto& d) {
        detail::divide_into(x, l, s, d);
      };
      detail::tiler_into(detail::LayoutRef(a), b, /*keep_rest=*/true, leaf, rs, rd);
    });
  });
}

Layout zipped_divide(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("zipped_divide", a, b,
                                [&] { return detail::split_divide(a, b, detail::append_zipped); });
}

Layout tiled_divide(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("tiled_divide", a, b,
                                [&] { return detail::split_divide(a, b, detail::append_tiled); });
}

Layout flat_divide(const Layout& a, const Tiler& b) {
  return detail::guarded_binary("flat_divide", a, b,
                                [&] { return detail::split_divide(a, b, detail::append_flat); });
}

}  // namespace layout
