// props::Algebra — the implementation under test, as the laws see it.
//
// Every operation the law catalog exercises is a virtual function whose
// default is the library (layout::...). The reference algebra is this class
// as is; a mutant overrides exactly one operation with a realistic bug; later,
// other implementations (CuTe itself, a Python one through a subprocess) can
// be checked with the same laws by overriding all of them.
//
// An operation refuses by throwing layout::Error, as the library does.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "layout/algebra.hpp"
#include "layout/flat_layout.hpp"

namespace props {

using layout::FlatLayout;
using layout::IntTuple;
using layout::Layout;
using layout::Sliced;
using layout::Term;
using layout::Tiler;

// Thrown by an implementation that does not have an operation (an audited
// one, adapters/): the case checks nothing, and `layoutcheck audit` reports
// the law as unsupported. Not a refusal (layout::Error) and not a defect.
class Unsupported : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Thrown by an audited implementation that failed outside any answer: it
// crashed, hung, or replied with something that is not a value (adapters/).
// A finding of the audit; laws let it through like Unsupported.
class ImplementationFailure : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class Algebra {
public:
  virtual ~Algebra() = default;
  virtual std::string name() const { return "reference"; }

  // Values and coordinates.
  virtual int64_t size(const Layout& l) const { return l.size(); }
  virtual int64_t cosize(const Layout& l) const { return l.cosize(); }
  virtual int64_t eval(const Layout& l, int64_t i) const { return l(i); }
  virtual IntTuple idx2crd(const IntTuple& i, const IntTuple& shape) const {
    return layout::idx2crd(i, shape);
  }
  virtual int64_t crd2idx(const IntTuple& c, const IntTuple& shape, const IntTuple& stride) const {
    return layout::crd2idx(c, shape, stride);
  }
  // The colexicographic index of c in shape.
  virtual int64_t crd2idx(const IntTuple& c, const IntTuple& shape) const {
    return layout::crd2idx(c, shape);
  }

  // Structure.
  virtual int rank(const Layout& l) const { return l.rank(); }
  virtual int depth(const Layout& l) const { return l.depth(); }
  virtual Layout flatten(const Layout& l) const { return layout::flatten(l); }
  virtual Layout make_layout_left(const IntTuple& shape) const {
    return layout::make_layout_left(shape);
  }
  virtual Layout make_layout_right(const IntTuple& shape) const {
    return layout::make_layout_right(shape);
  }
  virtual Layout make_ordered_layout(const IntTuple& shape, const IntTuple& order) const {
    return layout::make_ordered_layout(shape, order);
  }

  // IntTuple utilities.
  virtual IntTuple shape_div(const IntTuple& a, const IntTuple& b) const {
    return layout::shape_div(a, b);
  }
  virtual IntTuple prefix_product(const IntTuple& a, int64_t init) const {
    return layout::prefix_product(a, init);
  }
  virtual int64_t product(const IntTuple& a) const { return layout::product(a); }
  virtual int64_t inner_product(const IntTuple& a, const IntTuple& b) const {
    return layout::inner_product(a, b);
  }

  // The algebra.
  virtual Layout coalesce(const Layout& l) const { return layout::coalesce(l); }
  virtual Layout coalesce(const Layout& l, const IntTuple& profile) const {
    return layout::coalesce(l, profile);
  }
  virtual Layout filter(const Layout& l) const { return layout::filter(l); }
  virtual Layout composition(const Layout& a, const Layout& b) const {
    return layout::composition(a, b);
  }
  virtual Layout composition(const Layout& a, const Tiler& b) const {
    return layout::composition(a, b);
  }
  virtual Layout complement(const Layout& a, int64_t cotarget) const {
    return layout::complement(a, cotarget);
  }
  // The default cotarget cosize(filter(A)).
  virtual Layout complement(const Layout& a) const { return layout::complement(a); }
  virtual Layout right_inverse(const Layout& a) const { return layout::right_inverse(a); }
  virtual Layout left_inverse(const Layout& a) const { return layout::left_inverse(a); }
  virtual Layout nullspace(const Layout& a) const { return layout::nullspace(a); }
  virtual Layout upcast(const Layout& a, int64_t n) const { return layout::upcast(a, n); }
  virtual Layout downcast(const Layout& a, int64_t n) const { return layout::downcast(a, n); }
  virtual Layout recast_layout(const Layout& a, int64_t old_bits, int64_t new_bits) const {
    return layout::recast_layout(a, old_bits, new_bits);
  }
  virtual Layout make_layout_like(const Layout& l) const { return layout::make_layout_like(l); }
  virtual Layout tile_to_shape(const Layout& block, const IntTuple& target) const {
    return layout::tile_to_shape(block, target);
  }
  virtual Layout tile_to_shape(const Layout& block, const IntTuple& target,
                               const IntTuple& order) const {
    return layout::tile_to_shape(block, target, order);
  }
  virtual Layout with_shape(const Layout& a, const IntTuple& shape) const {
    return layout::with_shape(a, shape);
  }
  virtual int64_t max_common_vector(const Layout& a, const Layout& b) const {
    return layout::max_common_vector(a, b);
  }
  virtual Layout max_common_layout(const Layout& a, const Layout& b) const {
    return layout::max_common_layout(a, b);
  }
  virtual Layout logical_divide(const Layout& a, const Tiler& b) const {
    return layout::logical_divide(a, b);
  }
  virtual Layout zipped_divide(const Layout& a, const Tiler& b) const {
    return layout::zipped_divide(a, b);
  }
  virtual Layout tiled_divide(const Layout& a, const Tiler& b) const {
    return layout::tiled_divide(a, b);
  }
  virtual Layout flat_divide(const Layout& a, const Tiler& b) const {
    return layout::flat_divide(a, b);
  }
  virtual Layout logical_product(const Layout& a, const Tiler& b) const {
    return layout::logical_product(a, b);
  }
  virtual Layout zipped_product(const Layout& a, const Tiler& b) const {
    return layout::zipped_product(a, b);
  }
  virtual Layout tiled_product(const Layout& a, const Tiler& b) const {
    return layout::tiled_product(a, b);
  }
  virtual Layout blocked_product(const Layout& a, const Layout& b) const {
    return layout::blocked_product(a, b);
  }
  virtual Layout raked_product(const Layout& a, const Layout& b) const {
    return layout::raked_product(a, b);
  }
  virtual int64_t swizzle(int bits, int base, int shift, int64_t x) const {
    return layout::Swizzle(bits, base, shift)(x);
  }
  // The swizzled layout Sw<B,M,S> o L at index i.
  virtual int64_t swizzle_layout(int bits, int base, int shift, const Layout& l, int64_t i) const {
    return layout::SwizzledLayout(layout::Swizzle(bits, base, shift), l)(i);
  }

  // The byte-address form: Sw<B,M,S> on the byte addresses of `bits`-bit
  // elements at L(i).
  virtual int64_t swizzle_bytes(int b, int m, int s, int64_t bits, const Layout& l,
                                int64_t i) const {
    return layout::swizzle_bytes(layout::Swizzle(b, m, s), bits, l(i));
  }

  // Slicing.
  virtual Sliced slice(const Layout& l, const Term& coord) const { return layout::slice(l, coord); }
  // proj: a CuTe Step, `X` (`_`) for the modes it skips; nullopt for none.
  virtual Sliced local_tile(const Layout& l, const Tiler& tile, const Term& coord,
                            const std::optional<Term>& proj) const {
    return layout::local_tile(l, tile, coord, proj);
  }
  virtual Sliced local_partition(const Layout& l, const Layout& threads, int64_t tid,
                                 const std::optional<Term>& proj) const {
    return layout::local_partition(l, threads, tid, proj);
  }

  // The flat evaluation core (FlatLayout and its magic-number divider).
  virtual FlatLayout make_flat(const Layout& l) const { return layout::make_flat(l); }
  virtual FlatLayout make_flat_unmerged(const Layout& l) const {
    return layout::make_flat_unmerged(l);
  }
  virtual int64_t flat_eval(const FlatLayout& f, uint64_t i) const { return f(i); }
  virtual void flat_chunk(const FlatLayout& f, uint64_t start, uint64_t count, int64_t* out) const {
    f.eval_chunk(start, count, out);
  }
  // The (index, offset) pairs for_each visits, in order.
  virtual std::vector<std::pair<uint64_t, int64_t>> flat_for_each(const FlatLayout& f,
                                                                  uint64_t start,
                                                                  uint64_t count) const {
    std::vector<std::pair<uint64_t, int64_t>> out;
    f.for_each(start, count, [&](uint64_t i, int64_t v) { out.emplace_back(i, v); });
    return out;
  }
  // floor(n / d) by MagicDivider::make(d).
  virtual uint64_t magic_div(uint64_t d, uint64_t n) const {
    return layout::MagicDivider::make(d).div(n);
  }

  // Notation.
  virtual Layout parse_layout(const std::string& text) const { return layout::parse_layout(text); }
  virtual std::string print(const Layout& l) const { return layout::to_string(l); }
};

// The library itself.
inline const Algebra& reference_algebra() {
  static const Algebra reference;
  return reference;
}

}  // namespace props
