// An Algebra that has no operation: each one throws props::Unsupported. An
// audited implementation derives from it and overrides the operations it
// has, so a forgotten one reports `unsupported` instead of silently running
// layoutcheck's own library (the defaults of props::Algebra).
#pragma once

#include <string>

#include "algebra.hpp"

namespace adapters {

using props::FlatLayout;
using props::IntTuple;
using props::Layout;
using props::Sliced;
using props::Term;
using props::Tiler;

class UnsupportedAlgebra : public props::Algebra {
public:
  explicit UnsupportedAlgebra(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }

  int64_t size(const Layout&) const override { no("size"); }
  int64_t cosize(const Layout&) const override { no("cosize"); }
  int64_t eval(const Layout&, int64_t) const override { no("call"); }
  IntTuple idx2crd(const IntTuple&, const IntTuple&) const override { no("idx2crd"); }
  int64_t crd2idx(const IntTuple&, const IntTuple&, const IntTuple&) const override {
    no("crd2idx");
  }
  int64_t crd2idx(const IntTuple&, const IntTuple&) const override { no("crd2idx"); }
  int rank(const Layout&) const override { no("rank"); }
  int depth(const Layout&) const override { no("depth"); }
  Layout flatten(const Layout&) const override { no("flatten"); }
  Layout make_layout_left(const IntTuple&) const override { no("make_layout_left"); }
  Layout make_layout_right(const IntTuple&) const override { no("make_layout_right"); }
  Layout make_ordered_layout(const IntTuple&, const IntTuple&) const override {
    no("make_ordered_layout");
  }
  IntTuple shape_div(const IntTuple&, const IntTuple&) const override { no("shape_div"); }
  IntTuple prefix_product(const IntTuple&, int64_t) const override { no("prefix_product"); }
  int64_t product(const IntTuple&) const override { no("product"); }
  int64_t inner_product(const IntTuple&, const IntTuple&) const override { no("inner_product"); }
  Layout coalesce(const Layout&) const override { no("coalesce"); }
  Layout coalesce(const Layout&, const IntTuple&) const override { no("coalesce_by_mode"); }
  Layout filter(const Layout&) const override { no("filter"); }
  Layout composition(const Layout&, const Layout&) const override { no("composition"); }
  Layout composition(const Layout&, const Tiler&) const override { no("composition"); }
  Layout complement(const Layout&, int64_t) const override { no("complement"); }
  Layout complement(const Layout&) const override { no("complement"); }
  Layout right_inverse(const Layout&) const override { no("right_inverse"); }
  Layout left_inverse(const Layout&) const override { no("left_inverse"); }
  Layout nullspace(const Layout&) const override { no("nullspace"); }
  Layout upcast(const Layout&, int64_t) const override { no("upcast"); }
  Layout downcast(const Layout&, int64_t) const override { no("downcast"); }
  Layout recast_layout(const Layout&, int64_t, int64_t) const override { no("recast_layout"); }
  Layout make_layout_like(const Layout&) const override { no("make_layout_like"); }
  Layout tile_to_shape(const Layout&, const IntTuple&) const override { no("tile_to_shape"); }
  Layout tile_to_shape(const Layout&, const IntTuple&, const IntTuple&) const override {
    no("tile_to_shape");
  }
  Layout with_shape(const Layout&, const IntTuple&) const override { no("with_shape"); }
  int64_t max_common_vector(const Layout&, const Layout&) const override {
    no("max_common_vector");
  }
  Layout max_common_layout(const Layout&, const Layout&) const override { no("max_common_layout"); }
  Layout logical_divide(const Layout&, const Tiler&) const override { no("logical_divide"); }
  Layout zipped_divide(const Layout&, const Tiler&) const override { no("zipped_divide"); }
  Layout tiled_divide(const Layout&, const Tiler&) const override { no("tiled_divide"); }
  Layout flat_divide(const Layout&, const Tiler&) const override { no("flat_divide"); }
  Layout logical_product(const Layout&, const Tiler&) const override { no("logical_product"); }
  Layout zipped_product(const Layout&, const Tiler&) const override { no("zipped_product"); }
  Layout tiled_product(const Layout&, const Tiler&) const override { no("tiled_product"); }
  Layout blocked_product(const Layout&, const Layout&) const override { no("blocked_product"); }
  Layout raked_product(const Layout&, const Layout&) const override { no("raked_product"); }
  int64_t swizzle(int, int, int, int64_t) const override { no("swizzle"); }
  int64_t swizzle_layout(int, int, int, const Layout&, int64_t) const override {
    no("swizzle_layout_call");
  }
  int64_t swizzle_bytes(int, int, int, int64_t, const Layout&, int64_t) const override {
    no("swizzle_bytes_call");
  }
  Sliced slice(const Layout&, const Term&) const override { no("slice"); }
  Sliced local_tile(const Layout&, const Tiler&, const Term&,
                    const std::optional<Term>&) const override {
    no("local_tile");
  }
  Sliced local_partition(const Layout&, const Layout&, int64_t,
                         const std::optional<Term>&) const override {
    no("local_partition");
  }
  FlatLayout make_flat(const Layout&) const override { no("make_flat"); }
  FlatLayout make_flat_unmerged(const Layout&) const override { no("make_flat_unmerged"); }
  int64_t flat_eval(const FlatLayout&, uint64_t) const override { no("flat_eval"); }
  void flat_chunk(const FlatLayout&, uint64_t, uint64_t, int64_t*) const override {
    no("flat_chunk");
  }
  std::vector<std::pair<uint64_t, int64_t>> flat_for_each(const FlatLayout&, uint64_t,
                                                          uint64_t) const override {
    no("flat_for_each");
  }
  uint64_t magic_div(uint64_t, uint64_t) const override { no("magic_div"); }
  Layout parse_layout(const std::string&) const override { no("parse_layout"); }
  // The laws' failure messages: the harness's printer, not an audited operation
  // (the notation laws still need parse_layout, which stays unsupported).
  std::string print(const Layout& l) const override { return layout::to_string(l); }

protected:
  [[noreturn]] void no(const std::string& op) const {
    throw props::Unsupported(op + " is not an operation of " + name_);
  }

private:
  std::string name_;
};

}  // namespace adapters
