// Mutants of the operations the first catalog did not cover and of the
// classes the held-out bugs came from: dropped overflow checks, weaker
// complements, nested coalesce profiles, slicing and local_tile /
// local_partition index mix-ups, IntTuple utilities, and needless refusals.
// Each is the library with one realistic bug.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mutant_list.hpp"
#include "plain_ops.hpp"

namespace props::mutants {

namespace {

using layout::Error;
using layout::Mode;

int moving_leaves(const Layout& b) {
  int n = 0;
  for (const Mode& m : layout::flat_modes(b)) n += m.s > 1 && m.d != 0;
  return n;
}

// ---- overflow checks dropped ---------------------------------------------------

// Where the library refuses a one-leaf B because a stride multiply passes
// int64, the walk multiplies without the check and the wrapped stride may
// still look small.
class CompositionUncheckedStride : public Algebra {
public:
  std::string name() const override { return "composition-unchecked-stride"; }
  Layout composition(const Layout& a, const Layout& b) const override {
    try {
      return layout::composition(a, b);
    } catch (const Error&) {
      if (moving_leaves(b) > 1) throw;
      return plain::compose_by_leaf(a, b, false, /*wrap_multiply=*/true);
    }
  }
};

// L(i) summed modulo 2^64: never refuses.
class EvalWraps : public Algebra {
public:
  std::string name() const override { return "eval-unchecked"; }
  int64_t eval(const Layout& l, int64_t i) const override {
    const layout::Modes m = layout::flat_modes(l);
    const bool negative = i < 0;
    uint64_t x = negative ? uint64_t{0} - static_cast<uint64_t>(i) : static_cast<uint64_t>(i);
    uint64_t v = 0;
    for (std::size_t k = 0; k < m.size(); ++k) {
      const bool last = k + 1 == m.size();
      const uint64_t s = static_cast<uint64_t>(m[k].s);
      const uint64_t digit = last ? x : x % s;
      if (!last) x /= s;
      v += digit * static_cast<uint64_t>(m[k].d);
    }
    return static_cast<int64_t>(negative ? uint64_t{0} - v : v);
  }
};

// 1 + sum (s-1)|d| modulo 2^64.
class CosizeWraps : public Algebra {
public:
  std::string name() const override { return "cosize-unchecked"; }
  int64_t cosize(const Layout& l) const override {
    uint64_t c = 1;
    for (const Mode& m : layout::flat_modes(l))
      c += static_cast<uint64_t>(m.s - 1) *
           (m.d < 0 ? uint64_t{0} - static_cast<uint64_t>(m.d) : static_cast<uint64_t>(m.d));
    return static_cast<int64_t>(c);
  }
};

// ---- weaker complements ------------------------------------------------------------

// The sorted modes of A that matter to the complement, and their chain end.
struct Sorted {
  std::vector<Mode> modes;
  int64_t end = 1;
};
Sorted sorted_modes(const Layout& a) {
  Sorted s;
  for (const Mode& m : layout::flat_modes(a))
    if (m.s > 1 && m.d != 0) s.modes.push_back(m);
  std::stable_sort(s.modes.begin(), s.modes.end(),
                   [](const Mode& x, const Mode& y) { return x.d < y.d; });
  if (!s.modes.empty()) s.end = s.modes.back().s * s.modes.back().d;  // only used where defined
  return s;
}

// Only the last mode ceil(M/E):E, the gaps below E forgotten: still off A's
// image, increasing and bounded.
class ComplementDropsGaps : public Algebra {
public:
  std::string name() const override { return "complement-drops-gaps"; }
  Layout complement(const Layout& a, int64_t m) const override {
    (void)layout::complement(a, m);  // refuses what it refuses
    const int64_t e = sorted_modes(a).end;
    return layout::coalesce(Layout((m + e - 1) / e, e));
  }
};

// The last mode floor(M/E) (at least 1) instead of ceil(M/E).
class ComplementFloorLast : public Algebra {
public:
  std::string name() const override { return "complement-floor-last"; }
  Layout complement(const Layout& a, int64_t m) const override {
    const Layout ref = layout::complement(a, m);
    const int64_t e = sorted_modes(a).end;
    if (m % e == 0 || m / e < 1) return ref;
    layout::Modes md = layout::flat_modes(ref);
    if (md.empty() || md.back().d != e) return ref;
    md.back().s = m / e;
    return layout::coalesce(layout::from_modes(md));
  }
};

// Refuses a negative stride even on a size-1 mode, which adds no offset.
class ComplementRefusesSizeOneNegative : public Algebra {
public:
  std::string name() const override { return "complement-refuses-size-one-negative"; }
  Layout complement(const Layout& a, int64_t m) const override {
    for (const Mode& x : layout::flat_modes(a))
      if (x.s == 1 && x.d < 0)
        throw Error("complement", layout::to_string(a) + ", " + std::to_string(m),
                    "complement needs non-negative strides");
    return layout::complement(a, m);
  }
};

// ---- coalesce by a profile ------------------------------------------------------------

// A nested profile entry read as an integer: the mode is coalesced whole.
class CoalesceProfileFlattened : public Algebra {
public:
  std::string name() const override { return "coalesce-profile-flattened"; }
  Layout coalesce(const Layout& l, const IntTuple& p) const override {
    if (p.is_int()) return layout::coalesce(l);
    layout::TupleBuilder b;
    for (int k = 0; k < p.rank(); ++k) b.add_int(1);
    return layout::coalesce(l, b.done());
  }
};

// Modes past the profile coalesced too.
class CoalesceProfileRest : public Algebra {
public:
  std::string name() const override { return "coalesce-profile-coalesces-the-rest"; }
  Layout coalesce(const Layout& l, const IntTuple& p) const override {
    const Layout r = layout::coalesce(l, p);
    if (p.is_int() || r.shape().is_int() || r.rank() <= p.rank()) return r;
    std::vector<Layout> m;
    for (int k = 0; k < r.rank(); ++k) m.push_back(k < p.rank() ? r[k] : layout::coalesce(r[k]));
    return layout::make_layout(m);
  }
};

// ---- slicing -------------------------------------------------------------------------------

// A tuple coordinate holding `_` keeps its pieces nested as one mode instead
// of joining its parent's list (CuTe's lift_slice flattens them).
class SliceNestsPieces : public Algebra {
public:
  std::string name() const override { return "slice-nests-tuple-pieces"; }
  Sliced slice(const Layout& l, const Term& c) const override {
    Sliced s = layout::slice(l, c);
    if (c.kind != Term::Kind::tuple || !l.shape().is_tuple()) return s;
    layout::TupleBuilder shape, stride;
    for (int k = 0; k < l.rank(); ++k) {
      const Term& ck = c.elems[static_cast<std::size_t>(k)];
      if (ck.kind == Term::Kind::integer) continue;
      const Layout piece =
          ck.kind == Term::Kind::underscore ? l[k] : layout::slice(l[k], ck).layout;
      if (ck.kind == Term::Kind::tuple && piece.shape().is_tuple() && piece.rank() == 0) continue;
      shape.add(piece.shape());
      stride.add(piece.stride());
    }
    s.layout = Layout(shape.done(), stride.done());
    return s;
  }
};

// The offset of the fixed coordinates taken from mode 0 only.
class SliceOffsetFirstMode : public Algebra {
public:
  std::string name() const override { return "slice-offset-first-mode"; }
  Sliced slice(const Layout& l, const Term& c) const override {
    Sliced s = layout::slice(l, c);
    if (c.kind == Term::Kind::tuple && !c.elems.empty() && l.shape().is_tuple()) {
      Term only = c;
      for (std::size_t k = 1; k < only.elems.size(); ++k)
        if (only.elems[k].kind == Term::Kind::integer) only.elems[k].value = 0;
      s.offset = layout::slice(l, only).offset;
    }
    return s;
  }
};

using Projection = std::optional<Term>;

// The tile coordinate read last mode first.
class LocalTileReversed : public Algebra {
public:
  std::string name() const override { return "local-tile-coordinate-reversed"; }
  Sliced local_tile(const Layout& l, const Tiler& t, const Term& c,
                    const Projection& p) const override {
    Term r = c;
    std::reverse(r.elems.begin(), r.elems.end());
    return layout::local_tile(l, t, r, p);
  }
};

// The offset read from the tile mode at c instead of the rest mode.
class LocalTileOffsetFromTile : public Algebra {
public:
  std::string name() const override { return "local-tile-offset-from-tile"; }
  Sliced local_tile(const Layout& l, const Tiler& t, const Term& c,
                    const Projection& p) const override {
    const Sliced ref = layout::local_tile(l, t, c, p);
    try {
      const Layout z = layout::zipped_divide(l, p ? layout::dice(*p, t) : t);
      const IntTuple ct = layout::term_to_int_tuple(p ? layout::dice(*p, c) : c, "c");
      return {ref.layout, layout::crd2idx(ct, z[0].shape(), z[0].stride())};
    } catch (const Error&) {
      return ref;
    }
  }
};

// Refuses a per-mode (tuple) coordinate.
class LocalTileRefusesTuple : public Algebra {
public:
  std::string name() const override { return "local-tile-refuses-tuple-coordinate"; }
  Sliced local_tile(const Layout& l, const Tiler& t, const Term& c,
                    const Projection& p) const override {
    if (c.kind == Term::Kind::tuple)
      throw Error("local_tile", layout::to_string(l) + ", " + layout::to_string(c),
                  "coordinates must be integers");
    return layout::local_tile(l, t, c, p);
  }
};

// A `_` in the coordinate read as 0: the rest modes it keeps are dropped (the
// tile alone, as before CuTe's append<R1>(c, _) was followed).
class LocalTileDropsKeptModes : public Algebra {
public:
  std::string name() const override { return "local-tile-drops-kept-rest-modes"; }
  Sliced local_tile(const Layout& l, const Tiler& t, const Term& c,
                    const Projection& p) const override {
    Term zeroed = c;
    for (Term& e : zeroed.elems)
      if (e.kind == Term::Kind::underscore) e = Term{Term::Kind::integer, 0, {}, {}, {}};
    return layout::local_tile(l, t, zeroed, p);
  }
};

// The projection ignored: the whole tiler and coordinate used.
class LocalTileIgnoresProjection : public Algebra {
public:
  std::string name() const override { return "local-tile-projection-ignored"; }
  Sliced local_tile(const Layout& l, const Tiler& t, const Term& c,
                    const Projection&) const override {
    return layout::local_tile(l, t, c);
  }
};

// The thread's coordinate found as if P were compact (P's strides ignored).
class LocalPartitionCompact : public Algebra {
public:
  std::string name() const override { return "local-partition-compact-threads"; }
  Sliced local_partition(const Layout& l, const Layout& p, int64_t tid,
                         const Projection& proj) const override {
    (void)layout::local_partition(l, p, tid, proj);  // refuses what it refuses
    return layout::local_partition(l, layout::make_layout_left(p.shape()),
                                   tid % std::max<int64_t>(1, p.size()), proj);
  }
};

// The tile mode returned where the rest mode belongs.
class LocalPartitionReturnsTile : public Algebra {
public:
  std::string name() const override { return "local-partition-returns-the-tile"; }
  Sliced local_partition(const Layout& l, const Layout& p0, int64_t tid,
                         const Projection& proj) const override {
    const Sliced ref = layout::local_partition(l, p0, tid, proj);
    const Layout p = proj ? layout::dice(*proj, p0) : p0;
    std::vector<layout::Tiler> t;
    for (int k = 0; k < p.rank(); ++k) t.emplace_back(Layout(layout::product(p.shape()[k]), 1));
    const Layout z =
        layout::zipped_divide(l, p.shape().is_int() ? t[0] : layout::Tiler::tuple(std::move(t)));
    return {z[0], ref.offset};
  }
};

// ---- IntTuple utilities and structure -----------------------------------------------

class ShapeDivFloor : public Algebra {  // floor division in the fold
public:
  std::string name() const override { return "shape-div-floor"; }
  IntTuple shape_div(const IntTuple& a, const IntTuple& b) const override {
    IntTuple r = layout::shape_div(a, b);  // refuses what it refuses
    int64_t d = layout::product(b);
    if (b.is_tuple() && a.is_tuple()) return r;
    IntTuple out = a;
    for (layout::ItNode& n : out.raw()) {
      if (n.tuple) continue;
      const int64_t x = n.v;
      n.v = x / d;
      d = d / x > 0 ? d / x : 1;
    }
    return out;
  }
};

class FlattenDropsSizeOne : public Algebra {
public:
  std::string name() const override { return "flatten-drops-size-one"; }
  Layout flatten(const Layout& l) const override {
    layout::Modes m;
    for (const Mode& x : layout::flat_modes(l))
      if (x.s != 1) m.push_back(x);
    if (l.shape().is_int() || m.empty()) return layout::flatten(l);
    layout::TupleBuilder s, d;
    for (const Mode& x : m) {
      s.add_int(x.s);
      d.add_int(x.d);
    }
    return Layout::unchecked(s.done(), d.done());
  }
};

class DepthOfIntegerOne : public Algebra {
public:
  std::string name() const override { return "depth-counts-from-one"; }
  int depth(const Layout& l) const override { return l.depth() + 1; }
};

class PrefixProductInclusive : public Algebra {
public:
  std::string name() const override { return "prefix-product-inclusive"; }
  IntTuple prefix_product(const IntTuple& t, int64_t init) const override {
    (void)layout::prefix_product(t, init);  // refuses what it refuses
    int64_t run = init;
    IntTuple out = t;
    for (layout::ItNode& n : out.raw())
      if (!n.tuple && !__builtin_mul_overflow(run, n.v, &run)) n.v = run;
    return out;
  }
};

// Row-major by top-level mode (the last mode fastest) but column-major
// inside each mode.
class RightByMode : public Algebra {
public:
  std::string name() const override { return "make-layout-right-by-mode"; }
  Layout make_layout_right(const IntTuple& s) const override {
    const Layout ref = layout::make_layout_right(s);
    if (s.is_int()) return ref;
    std::vector<Layout> m(static_cast<std::size_t>(s.rank()));
    int64_t run = 1;
    for (int k = s.rank(); k-- > 0;) {
      const Layout mk = layout::make_layout_left(s[k]);
      IntTuple d = mk.stride();
      for (layout::ItNode& n : d.raw())
        if (!n.tuple) n.v *= run;
      m[static_cast<std::size_t>(k)] = Layout::unchecked(s[k], d);
      run *= layout::product(s[k]);
    }
    return layout::make_layout(m);
  }
};

// The swizzle applied to the index instead of the offset: L(Sw(i)).
class SwizzleLayoutOnIndex : public Algebra {
public:
  std::string name() const override { return "swizzle-layout-on-index"; }
  int64_t swizzle_layout(int b, int m, int s, const Layout& l, int64_t i) const override {
    return l(layout::Swizzle(b, m, s)(i));
  }
};

// `_` in a zipped/tiled/flat divide tiler on a rank-2 mode read as pycute
// does (the tile 1:0, the whole mode as the rest) instead of CuTe's (tile,
// rest) pair: the tiler's top-level `_` on such a mode becomes the layout 1:0.
class DivideUnderscorePycute : public Algebra {
public:
  std::string name() const override { return "divide-underscore-not-a-pair"; }
  Layout zipped_divide(const Layout& a, const Tiler& t) const override {
    return layout::zipped_divide(a, pycute_rule(a, t));
  }
  Layout tiled_divide(const Layout& a, const Tiler& t) const override {
    return layout::tiled_divide(a, pycute_rule(a, t));
  }
  Layout flat_divide(const Layout& a, const Tiler& t) const override {
    return layout::flat_divide(a, pycute_rule(a, t));
  }

private:
  static Tiler pycute_rule(const Layout& a, const Tiler& t) {
    if (t.kind != Tiler::Kind::tuple) return t;
    std::vector<Tiler> e = t.elems;
    for (std::size_t i = 0; i < e.size() && static_cast<int>(i) < a.rank(); ++i) {
      const Layout m = a[static_cast<int>(i)];
      if (e[i].is_underscore() && m.shape().is_tuple() && m.rank() == 2) e[i] = Tiler(Layout());
    }
    return Tiler::tuple(std::move(e));
  }
};

}  // namespace

std::vector<Mutant> structure_mutants() {
  return {
      {"composition-unchecked-stride", "composition",
       "the walk's stride multiply r*e_j without the overflow check (wraps, may look small)",
       maker<CompositionUncheckedStride>()},
      {"eval-unchecked", "eval", "L(i) summed modulo 2^64, never refused", maker<EvalWraps>()},
      {"divide-underscore-not-a-pair", "zipped/tiled/flat_divide",
       "`_` on a rank-2 mode is the tile 1:0 with the mode as the rest (pycute), not CuTe's "
       "(tile, rest) pair",
       maker<DivideUnderscorePycute>()},
      {"cosize-unchecked", "cosize", "1 + sum (s-1)|d| modulo 2^64, never refused",
       maker<CosizeWraps>()},
      {"complement-drops-gaps", "complement",
       "only the last mode ceil(M/E):E, the gaps forgotten (disjoint and increasing still)",
       maker<ComplementDropsGaps>()},
      {"complement-floor-last", "complement", "the last mode floor(M/E) instead of ceil(M/E)",
       maker<ComplementFloorLast>()},
      {"complement-refuses-size-one-negative", "complement",
       "a negative stride refused even on a size-1 mode (a needless refusal)",
       maker<ComplementRefusesSizeOneNegative>()},
      {"coalesce-profile-flattened", "coalesce (by mode)",
       "a nested profile entry read as an integer: the mode coalesced whole",
       maker<CoalesceProfileFlattened>()},
      {"coalesce-profile-coalesces-the-rest", "coalesce (by mode)",
       "modes past the profile coalesced too", maker<CoalesceProfileRest>()},
      {"slice-nests-tuple-pieces", "slice",
       "a tuple coordinate with `_` keeps its pieces nested as one mode (CuTe flattens them)",
       maker<SliceNestsPieces>()},
      {"slice-offset-first-mode", "slice", "the offset of the fixed modes taken from mode 0 only",
       maker<SliceOffsetFirstMode>()},
      {"local-tile-coordinate-reversed", "local_tile", "the tile coordinate read last mode first",
       maker<LocalTileReversed>()},
      {"local-tile-offset-from-tile", "local_tile",
       "the offset read from the tile mode at c, not the rest mode",
       maker<LocalTileOffsetFromTile>()},
      {"local-tile-refuses-tuple-coordinate", "local_tile",
       "per-mode coordinates refused (a needless refusal)", maker<LocalTileRefusesTuple>()},
      {"local-tile-drops-kept-rest-modes", "local_tile",
       "a `_` in the coordinate read as 0, the rest modes it keeps dropped",
       maker<LocalTileDropsKeptModes>()},
      {"local-tile-projection-ignored", "local_tile",
       "the Step projection ignored (the whole tiler and coordinate used)",
       maker<LocalTileIgnoresProjection>()},
      {"local-partition-compact-threads", "local_partition",
       "the thread's coordinate found as if the thread layout were compact",
       maker<LocalPartitionCompact>()},
      {"local-partition-returns-the-tile", "local_partition",
       "the tile mode returned where the rest mode belongs", maker<LocalPartitionReturnsTile>()},
      {"shape-div-floor", "shape_div", "floor division in the fold", maker<ShapeDivFloor>()},
      {"flatten-drops-size-one", "flatten", "size-1 leaves dropped", maker<FlattenDropsSizeOne>()},
      {"depth-counts-from-one", "depth", "an integer has depth 1", maker<DepthOfIntegerOne>()},
      {"prefix-product-inclusive", "prefix_product", "inclusive instead of exclusive products",
       maker<PrefixProductInclusive>()},
      {"make-layout-right-by-mode", "make_layout_right",
       "row-major over the top-level modes, column-major inside each", maker<RightByMode>()},
      {"swizzle-layout-on-index", "swizzle (layout)",
       "the swizzle applied to the index: L(Sw(i)) instead of Sw(L(i))",
       maker<SwizzleLayoutOnIndex>()},
  };
}

}  // namespace props::mutants
