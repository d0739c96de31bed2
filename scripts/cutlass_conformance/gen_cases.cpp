// Reference answers of NVIDIA CuTe (the C++ headers of the nvidia-cutlass
// 4.2.0.0 wheel) on the layouts CUTLASS really builds: MMA and copy atoms,
// TiledMMA / TiledCopy construction, GMMA shared-memory atoms and GEMM
// tilings. Everything is computed with static values (cute::Int<N> and the
// real atom types); each case prints one JSON line for
// tests/conformance/cutlass_cases.jsonl (format: tests/conformance/README.md).
//
// Built and run by generate.sh (host code only, g++ -std=c++17).

#include <cstdint>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

// clang-format off
// cute/tensor.hpp first: the atom headers rely on what it declares.
#include <cute/tensor.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm90.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm70.hpp>
#include <cute/atom/mma_traits_sm75.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
// clang-format on

using namespace cute;

namespace {

// ---------------------------------------------------------------------------
// CuTe values in the notation of `layoutcheck op` (docs/CLI.md): static marks
// dropped, tilers written <...>, `_` kept, projections with X.

template <class T>
std::string tup(T const& t, char under = '_') {
  if constexpr (is_underscore<T>::value) {
    return std::string(1, under);
  } else if constexpr (is_tuple<T>::value) {
    std::string s = "(";
    bool first = true;
    for_each(t, [&](auto const& e) {
      s += (first ? "" : ",") + tup(e, under);
      first = false;
    });
    return s + ")";
  } else {
    return std::to_string(static_cast<long long>(t));
  }
}

template <class T>
std::string proj(T const& t) {
  return tup(t, 'X');
}

template <class S, class D>
std::string ly(Layout<S, D> const& l) {
  return tup(l.shape()) + ":" + tup(l.stride());
}

template <class T>
std::string tl(T const& t) {
  if constexpr (is_layout<T>::value) {
    return ly(t);
  } else if constexpr (is_underscore<T>::value) {
    return "_";
  } else if constexpr (is_tuple<T>::value) {
    std::string s = "<";
    bool first = true;
    for_each(t, [&](auto const& e) {
      s += (first ? "" : ",") + tl(e);
      first = false;
    });
    return s + ">";
  } else {
    return std::to_string(static_cast<long long>(t));
  }
}

template <class T>
std::string num(T const& t) {
  return std::to_string(static_cast<long long>(t));
}

// A sliced tensor: its layout and how far its iterator moved.
template <class Tensor>
std::string sliced(Tensor const& t) {
  return ly(t.layout()) + " + " + std::to_string(static_cast<long long>(t.data().n_));
}

template <class L>
auto counting(L const& l) {
  return make_tensor(counting_iterator<int64_t>(0), l);
}

// ---------------------------------------------------------------------------
// Records.

struct Ctx {
  std::string name;   // prefix of the case names
  std::string group;  // mma_atom, copy_atom, tiled_mma, tiled_copy, gmma_smem, gemm_tiling
  std::string src;    // the header and the CUTLASS object the operands come from
};

int g_cases = 0;
std::set<std::string> g_names;

std::string json_str(std::string const& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void emit(Ctx const& c, std::string const& op, std::vector<std::string> const& args,
          std::string const& cute_result, std::string const& tag = "") {
  std::string name = c.name + "_" + op + (tag.empty() ? "" : "_" + tag);
  for (int k = 2; g_names.count(name); ++k) {
    name = c.name + "_" + op + (tag.empty() ? "" : "_" + tag) + "_" + std::to_string(k);
  }
  g_names.insert(name);
  std::string line = "{\"name\": " + json_str(name) + ", \"group\": " + json_str(c.group) +
                     ", \"src\": " + json_str(c.src) + ", \"op\": " + json_str(op) +
                     ", \"args\": [";
  for (std::size_t i = 0; i < args.size(); ++i) line += (i ? ", " : "") + json_str(args[i]);
  line += "], \"cute\": " + json_str(cute_result) + ", \"expect\": \"identical\"}";
  std::puts(line.c_str());
  ++g_cases;
}

Ctx sub(Ctx c, std::string const& what, std::string const& src_suffix) {
  c.name += "_" + what;
  c.src += src_suffix;
  return c;
}

// One op each: the operands in CLI order, CuTe's answer.
template <class A>
void op_right_inverse(Ctx const& c, A const& a) {
  emit(c, "right_inverse", {ly(a)}, ly(right_inverse(a)));
}
template <class A>
void op_left_inverse(Ctx const& c, A const& a) {
  emit(c, "left_inverse", {ly(a)}, ly(left_inverse(a)));
}
template <class A>
void op_coalesce(Ctx const& c, A const& a) {
  emit(c, "coalesce", {ly(a)}, ly(coalesce(a)));
}
template <class A, class P>
void op_coalesce_profile(Ctx const& c, A const& a, P const& p) {
  emit(c, "coalesce", {ly(a), tup(p)}, ly(coalesce(a, p)));
}
template <class A>
void op_complement(Ctx const& c, A const& a) {
  emit(c, "complement", {ly(a)}, ly(complement(a)));
}
template <class A, class M>
void op_complement(Ctx const& c, A const& a, M const& m) {
  emit(c, "complement", {ly(a), num(m)}, ly(complement(a, m)));
}
template <class A>
void op_nullspace(Ctx const& c, A const& a) {
  emit(c, "nullspace", {ly(a)}, ly(nullspace(a)));
}
template <class A>
void op_make_layout_like(Ctx const& c, A const& a) {
  emit(c, "make_layout_like", {ly(a)}, ly(make_layout_like(a)));
}
template <class A, class S>
void op_with_shape(Ctx const& c, A const& a, S const& s) {
  emit(c, "with_shape", {ly(a), tup(s)}, ly(a.with_shape(s)));
}
template <class A, class B>
void op_max_common(Ctx const& c, A const& a, B const& b) {
  emit(c, "max_common_vector", {ly(a), ly(b)}, num(max_common_vector(a, b)));
  emit(c, "max_common_layout", {ly(a), ly(b)}, ly(max_common_layout(a, b)));
}

#define LAYOUTCHECK_BINARY_OP(fn)                      \
  template <class A, class B>                          \
  void op_##fn(Ctx const& c, A const& a, B const& b) { \
    emit(c, #fn, {ly(a), tl(b)}, ly(fn(a, b)));        \
  }
LAYOUTCHECK_BINARY_OP(composition)
LAYOUTCHECK_BINARY_OP(logical_divide)
LAYOUTCHECK_BINARY_OP(zipped_divide)
LAYOUTCHECK_BINARY_OP(tiled_divide)
LAYOUTCHECK_BINARY_OP(flat_divide)
LAYOUTCHECK_BINARY_OP(logical_product)
LAYOUTCHECK_BINARY_OP(zipped_product)
LAYOUTCHECK_BINARY_OP(tiled_product)
LAYOUTCHECK_BINARY_OP(blocked_product)
LAYOUTCHECK_BINARY_OP(raked_product)
#undef LAYOUTCHECK_BINARY_OP

template <class B, class T>
void op_tile_to_shape(Ctx const& c, B const& b, T const& t) {
  emit(c, "tile_to_shape", {ly(b), tup(t)}, ly(tile_to_shape(b, t)));
}
template <class B, class T, class O>
void op_tile_to_shape(Ctx const& c, B const& b, T const& t, O const& o) {
  emit(c, "tile_to_shape", {ly(b), tup(t), tup(o)}, ly(tile_to_shape(b, t, o)), "ordered");
}

template <int N, class A>
void op_upcast(Ctx const& c, A const& a) {
  emit(c, "upcast", {ly(a), std::to_string(N)}, ly(upcast<N>(a)), std::to_string(N));
}
template <int N, class A>
void op_downcast(Ctx const& c, A const& a) {
  emit(c, "downcast", {ly(a), std::to_string(N)}, ly(downcast<N>(a)), std::to_string(N));
}
template <int Old, int New, class A>
void op_recast(Ctx const& c, A const& a) {
  emit(c, "recast_layout", {ly(a), std::to_string(Old), std::to_string(New)},
       ly(recast_layout<uint_bit_t<Old>, uint_bit_t<New>>(a)),
       std::to_string(Old) + "to" + std::to_string(New));
}

template <class L, class C>
void op_slice(Ctx const& c, L const& l, C const& crd) {
  emit(c, "slice", {ly(l), tup(crd)}, sliced(counting(l)(crd)));
}
template <class L, class T, class C>
void op_local_tile(Ctx const& c, L const& l, T const& t, C const& crd) {
  emit(c, "local_tile", {ly(l), tl(t), tup(crd)}, sliced(local_tile(counting(l), t, crd)));
}
template <class L, class T, class C, class P>
void op_local_tile(Ctx const& c, L const& l, T const& t, C const& crd, P const& p) {
  emit(c, "local_tile", {ly(l), tl(t), tup(crd), proj(p)},
       sliced(local_tile(counting(l), t, crd, p)), "proj");
}
template <class L, class T>
void op_local_partition(Ctx const& c, L const& l, T const& thr, int tid) {
  emit(c, "local_partition", {ly(l), ly(thr), std::to_string(tid)},
       sliced(local_partition(counting(l), thr, tid)), "t" + std::to_string(tid));
}
template <class L, class T, class P>
void op_local_partition(Ctx const& c, L const& l, T const& thr, int tid, P const& p) {
  emit(c, "local_partition", {ly(l), ly(thr), std::to_string(tid), proj(p)},
       sliced(local_partition(counting(l), thr, tid, p)), "proj_t" + std::to_string(tid));
}

// Indices 0 .. n-1 of L, at most 4096 of them (evenly spread past that).
template <class L>
std::vector<int64_t> sample_indices(L const& l) {
  const int64_t n = size(l);
  std::vector<int64_t> idx;
  const int64_t step = n <= 4096 ? 1 : (n + 4095) / 4096;
  for (int64_t i = 0; i < n; i += step) idx.push_back(i);
  return idx;
}

// The element offsets of a swizzled shared-memory tensor: CuTe applies the
// swizzle to the byte address of each element (cute/pointer_swizzle.hpp), so
// this builds the real smem tensor over an aligned buffer and reads back
// &tensor(i) - base.
alignas(4096) unsigned char g_smem[1 << 21];

template <int B, int M, int S, class T, class L>
void op_swizzle_bytes(Ctx const& c, L const& l) {
  constexpr int bits = sizeof_bits<T>::value;
  using Composed = ComposedLayout<Swizzle<B, M, S>, smem_ptr_flag_bits<bits>, L>;
  static_assert(cosize_v<L> * bits / 8 <= sizeof(g_smem));
  T* base = reinterpret_cast<T*>(g_smem);
  auto tensor = make_tensor(make_smem_ptr(base), Composed{});
  std::vector<std::string> args = {std::to_string(B), std::to_string(M), std::to_string(S),
                                   std::to_string(bits), ly(l)};
  std::string result;
  for (int64_t i : sample_indices(l)) {
    args.push_back(std::to_string(i));
    const auto off = static_cast<long long>(&tensor(static_cast<int>(i)) - base);
    result += (result.empty() ? "" : " ") + std::to_string(off);
  }
  emit(c, "swizzle_bytes_call", args, result, std::to_string(bits) + "b");
}

// A position-independent swizzled layout: ComposedLayout<Swizzle, _0, L>.
template <class Sw, class L>
void op_swizzle_layout(Ctx const& c, Sw const& sw, L const& l) {
  auto composed = composition(sw, Int<0>{}, l);
  std::vector<std::string> args = {std::to_string(Sw::num_bits), std::to_string(Sw::num_base),
                                   std::to_string(Sw::num_shft), ly(l)};
  std::string result;
  for (int64_t i : sample_indices(l)) {
    args.push_back(std::to_string(i));
    result += (result.empty() ? "" : " ") + std::to_string(static_cast<long long>(composed(i)));
  }
  emit(c, "swizzle_layout_call", args, result);
}

template <class L>
constexpr bool has_broadcast() {
  return !is_static<L>::value ? false : (size(L{}) != size(filter(L{})));
}

// ---------------------------------------------------------------------------
// mma_atom: the TV layouts of the atoms.

template <class Op>
void mma_atom(std::string const& name, std::string const& header, std::string const& type) {
  using T = MMA_Traits<Op>;
  using Shp = typename T::Shape_MNK;
  constexpr int Mv = size<0>(Shp{}), Nv = size<1>(Shp{}), Kv = size<2>(Shp{});
  const Ctx base{name, "mma_atom", "cute/atom/" + header + ": " + type};
  auto thr = typename T::ThrID{};
  auto a = typename T::ALayout{};
  auto b = typename T::BLayout{};
  auto cl = typename T::CLayout{};
  const Ctx ca = sub(base, "ALayout", "::ALayout");
  const Ctx cb = sub(base, "BLayout", "::BLayout");
  const Ctx cc = sub(base, "CLayout", "::CLayout");
  const Ctx ct = sub(base, "ThrID", "::ThrID");

  op_right_inverse(ca, a);
  op_right_inverse(cb, b);
  op_right_inverse(cc, cl);
  op_coalesce(ca, a);
  op_coalesce(cc, cl);
  // Only where an inverse exists (the SS atoms of GMMA broadcast A and B to
  // all 128 threads).
  if constexpr (!has_broadcast<decltype(a)>()) op_left_inverse(ca, a);
  if constexpr (!has_broadcast<decltype(b)>()) op_left_inverse(cb, b);
  op_left_inverse(cc, cl);
  op_nullspace(ca, a);
  op_nullspace(cb, b);
  op_make_layout_like(cc, cl);
  op_complement(ca, a);
  op_complement(ct, thr, Int<size(thr) * 4>{});
  // (thr,val) -> offset in a K-major A tile, a K-major B tile and a row-major C tile.
  op_composition(ca, make_layout(make_shape(Int<Mv>{}, Int<Kv>{}), LayoutRight{}), a);
  op_composition(cb, make_layout(make_shape(Int<Nv>{}, Int<Kv>{}), LayoutRight{}), b);
  op_composition(cc, make_layout(make_shape(Int<Mv>{}, Int<Nv>{}), LayoutRight{}), cl);
  // The value mode split in two, as retiling does.
  if constexpr (decltype(rank<0>(cl))::value == 2)
    op_zipped_divide(cc, cl, make_tile(_, Layout<_2>{}));
  op_with_shape(cc, right_inverse(cl), make_shape(size<0>(cl), size<1>(cl)));
}

// ---------------------------------------------------------------------------
// copy_atom: the bit layouts of the copy traits and their recast to a value type.

template <class Op, class V, int VBits>
void copy_atom(std::string const& name, std::string const& header, std::string const& type) {
  using T = Copy_Traits<Op>;
  using Atom = Copy_Atom<Op, V>;
  const Ctx base{name, "copy_atom", "cute/atom/" + header + ": " + type};
  auto src = typename T::SrcLayout{};
  auto dst = typename T::DstLayout{};
  auto ref = typename T::RefLayout{};
  const Ctx cs = sub(base, "SrcLayout", "::SrcLayout");
  const Ctx cd = sub(base, "DstLayout", "::DstLayout");
  const Ctx cr = sub(base, "RefLayout", "::RefLayout");
  op_recast<1, VBits>(cs, src);
  op_recast<1, VBits>(cd, dst);
  op_upcast<VBits>(cr, ref);
  op_right_inverse(cr, ref);
  op_coalesce(cs, src);
  op_coalesce(cd, dst);
  op_nullspace(cs, src);
  if constexpr (!has_broadcast<decltype(src)>()) op_left_inverse(cs, src);
  // ref2trg of tidfrg_S / tidfrg_D, in values of V.
  const Ctx cv = sub(base, "ValLayoutRef", "::ValLayoutRef (recast to the value type)");
  auto vref = typename Atom::ValLayoutRef{};
  op_right_inverse(cv, vref);
  op_composition(cv, right_inverse(vref), typename Atom::ValLayoutSrc{});
  op_composition(cv, right_inverse(vref), typename Atom::ValLayoutDst{});
  op_max_common(cv, typename Atom::ValLayoutSrc{}, typename Atom::ValLayoutDst{});
}

// ---------------------------------------------------------------------------
// tiled_mma: TiledMMA::thrfrg_A / thrfrg_C and get_layoutA_TV / get_layoutC_TV,
// each step as a case.

template <class Atom, class AtomLayoutMNK, class Perm, class RefA, class RefC>
void tiled_mma(std::string const& name, std::string const& src, RefA const& ref_a,
               RefC const& ref_c) {
  using Tiled = TiledMMA<Atom, AtomLayoutMNK, Perm>;
  Tiled mma{};
  const Ctx base{name, "tiled_mma", "cute/atom/mma_atom.hpp: " + src};
  auto vmnk = mma.get_thr_layout_vmnk();

  // ThrLayoutVMNK and thridx_2_thrid.
  const Ctx cv = sub(base, "vmnk", " ThrLayoutVMNK = tiled_product(ThrID, AtomLayoutMNK)");
  op_tiled_product(cv, typename Atom::ThrID{}, AtomLayoutMNK{});
  op_logical_product(cv, typename Atom::ThrID{}, AtomLayoutMNK{});
  op_zipped_product(cv, typename Atom::ThrID{}, AtomLayoutMNK{});
  op_complement(cv, vmnk);
  auto vmnk_full = make_layout(vmnk, complement(vmnk));
  op_right_inverse(cv, vmnk_full);
  auto first = make_layout(make_shape(size(vmnk), Int<1>{}), make_stride(Int<1>{}, Int<0>{}));
  op_composition(cv, first, right_inverse(vmnk_full));
  auto thridx_2_thrid = composition(first, right_inverse(vmnk_full));

  // thrfrg_C on ref_c.
  {
    const Ctx c = sub(base, "thrfrg_C", " thrfrg_C");
    auto t_tile = make_tile(get<0>(Perm{}), get<1>(Perm{}));
    op_logical_divide(c, ref_c, t_tile);
    auto t = logical_divide(ref_c, t_tile);
    auto c_tile = make_tile(make_layout(size<0>(typename Atom::Shape_MNK{})),
                            make_layout(size<1>(typename Atom::Shape_MNK{})));
    op_zipped_divide(c, t, c_tile);
    auto ct = zipped_divide(t, c_tile);
    op_composition(c, ct, make_tile(typename Atom::LayoutC_TV{}, _));
    auto tv = ct.compose(typename Atom::LayoutC_TV{}, _);
    auto thr_tile = make_tile(_, make_tile(make_layout(size<1>(vmnk)), make_layout(size<2>(vmnk))));
    op_zipped_divide(c, tv, thr_tile);
    auto thr = zipped_divide(tv, thr_tile);
    op_composition(c, thr, make_tile(thridx_2_thrid, _));
  }
  // thrfrg_A on ref_a, then get_layoutA_TV's atile.
  {
    const Ctx c = sub(base, "thrfrg_A", " thrfrg_A");
    auto t_tile = make_tile(get<0>(Perm{}), get<2>(Perm{}));
    op_logical_divide(c, ref_a, t_tile);
    auto t = logical_divide(ref_a, t_tile);
    auto a_tile = make_tile(make_layout(size<0>(typename Atom::Shape_MNK{})),
                            make_layout(size<2>(typename Atom::Shape_MNK{})));
    op_zipped_divide(c, t, a_tile);
    auto at = zipped_divide(t, a_tile);
    op_composition(c, at, make_tile(typename Atom::LayoutA_TV{}, _));
    auto tv = at.compose(typename Atom::LayoutA_TV{}, _);
    auto thr_tile = make_tile(_, make_tile(make_layout(size<1>(vmnk)), make_layout(size<3>(vmnk))));
    op_zipped_divide(c, tv, thr_tile);
    auto thr = zipped_divide(tv, thr_tile);
    auto atile = make_tile(_, make_tile(make_layout(make_shape(size<1>(vmnk), size<2>(vmnk)),
                                                    make_stride(Int<1>{}, Int<0>{})),
                                        _));
    op_composition(c, thr, make_tile(atile, _));
    auto thr2 = thr.compose(atile, _);
    op_composition(c, thr2, make_tile(thridx_2_thrid, _));
  }
}

// ---------------------------------------------------------------------------
// tiled_copy: make_tiled_copy(atom, thr_layout, val_layout) and tidfrg_S on a
// tensor layout.

template <class Op, class V, class ThrL, class ValL, class SrcTensorLayout>
void tiled_copy(std::string const& name, std::string const& src, ThrL const& thr_layout,
                ValL const& val_layout, SrcTensorLayout const& stensor) {
  using Atom = Copy_Atom<Op, V>;
  const Ctx c{name, "tiled_copy", "cute/atom/copy_atom.hpp: " + src};
  op_raked_product(c, thr_layout, val_layout);
  op_blocked_product(c, thr_layout, val_layout);
  op_logical_product(c, thr_layout, val_layout);
  auto layout_mn = raked_product(thr_layout, val_layout);
  op_right_inverse(c, layout_mn);
  op_with_shape(c, right_inverse(layout_mn), make_shape(size(thr_layout), size(val_layout)));
  auto layout_tv =
      right_inverse(layout_mn).with_shape(make_shape(size(thr_layout), size(val_layout)));
  auto tiler = product_each(shape(layout_mn));
  using Tiled = decltype(make_tiled_copy(Atom{}, thr_layout, val_layout));

  // tidfrg_S: zipped_divide of the tensor, then tile2thrfrg.
  op_zipped_divide(c, stensor, tiler);
  auto tensor = zipped_divide(stensor, tiler);
  auto ref2trg =
      right_inverse(typename Atom::ValLayoutRef{}).compose(typename Atom::ValLayoutSrc{});
  auto atom_shape =
      make_shape(size<0>(typename Atom::ValLayoutRef{}), size<1>(typename Atom::ValLayoutRef{}));
  op_zipped_divide(c, layout_tv, atom_shape);
  auto atom_tv = zipped_divide(layout_tv, atom_shape);
  op_composition(c, atom_tv, make_tile(ref2trg, _));
  auto trg_tv = atom_tv.compose(ref2trg, _);
  op_coalesce_profile(c, zip(trg_tv), Shape<_1, Shape<_1, _1>>{});
  auto thrval2mn = coalesce(zip(trg_tv), Shape<_1, Shape<_1, _1>>{});
  op_composition(c, tensor, make_tile(thrval2mn, _));
  auto tv_tensor = tensor.compose(thrval2mn, _);
  op_slice(c, tv_tensor, make_coord(make_coord(_, _), _));
  // The whole of tidfrg_S must agree with the steps above.
  static_assert(
      is_same<decltype(tv_tensor(make_coord(_, _), _)), decltype(Tiled::tidfrg_S(stensor))>::value);
}

// ---------------------------------------------------------------------------
// gmma_smem: the GMMA shared-memory layout atoms.

template <class BitsAtom, class T>
void gmma_smem(std::string const& name, std::string const& atom_name) {
  using Sw = decltype(BitsAtom{}.layout_a());
  constexpr int bits = sizeof_bits<T>::value;
  const Ctx base{name, "gmma_smem",
                 "cute/atom/mma_traits_sm90_gmma.hpp: GMMA::" + atom_name + "<" +
                     std::to_string(bits) + "-bit> = upcast<" + std::to_string(bits) + ">(" +
                     atom_name + "_Bits), Swizzle<" + std::to_string(Sw::num_bits) + "," +
                     std::to_string(Sw::num_base) + "," + std::to_string(Sw::num_shft) +
                     "> on byte addresses"};
  auto bits_b = BitsAtom{}.layout_b();
  auto atom = upcast<bits>(BitsAtom{});
  auto b = atom.layout_b();
  // upcast of the _Bits atom is what the GMMA::Layout_*_Atom<T> aliases are.
  op_upcast<bits>(sub(base, "Bits", " (layout_b of the _Bits atom)"), bits_b);
  const Ctx c = sub(base, "atom", "");
  if constexpr (bits == 16) {
    op_downcast<2>(c, b);
    op_recast<16, 8>(c, b);
    op_recast<16, 32>(c, b);
  } else if constexpr (bits == 8) {
    op_recast<8, 16>(c, b);
  } else {
    op_recast<32, 16>(c, b);
  }
  // smem layouts as the collective builders make them (the 8-bit atoms are
  // 128 elements wide in K).
  using W = conditional_t<bits == 8, _128, _64>;
  op_tile_to_shape(c, b, Shape<_128, W>{});
  op_tile_to_shape(c, b, Shape<W, W, _3>{});
  op_tile_to_shape(c, b, Shape<W, W, _3>{}, Step<_2, _1, _3>{});
  op_tile_to_shape(c, b, Shape<_128, W, _4>{}, Step<_2, _1, _3>{});
  // tile_to_shape's own product: the block by its copies in Step<_2,_1,_3> order.
  op_blocked_product(
      c, append<3>(b),
      make_ordered_layout(ceil_div(Shape<_128, W, _4>{}, product_each(shape(append<3>(b)))),
                          Step<_2, _1, _3>{}));
  // Element offsets of the swizzled atom and of a tiled stage.
  op_swizzle_bytes<Sw::num_bits, Sw::num_base, Sw::num_shft, T>(c, b);
  auto stage = tile_to_shape(b, Shape<W, W>{});
  op_swizzle_bytes<Sw::num_bits, Sw::num_base, Sw::num_shft, T>(sub(c, "stage", ""), stage);
  // The same swizzle recast to elements, on a position-independent layout.
  op_swizzle_layout(c, recast_layout<uint8_t, T>(Sw{}), b);
}

// ---------------------------------------------------------------------------
// gemm_tiling: the CTA and thread partitioning of sgemm_1.cu / sgemm_2.cu.

template <int M, int N, int K, bool KMajor>
void gemm_tiling(std::string const& name) {
  const std::string major = KMajor ? "TN (A, B K-major)" : "NT (A, B M/N-major)";
  const Ctx c{name, "gemm_tiling",
              "examples/cute/tutorial/sgemm_1.cu, sgemm_2.cu: " + std::to_string(M) + "x" +
                  std::to_string(N) + "x" + std::to_string(K) + " " + major};
  auto mk = make_shape(Int<M>{}, Int<K>{});
  auto nk = make_shape(Int<N>{}, Int<K>{});
  auto mA = [&] {
    if constexpr (KMajor)
      return make_layout(mk, LayoutRight{});
    else
      return make_layout(mk);
  }();
  auto mB = [&] {
    if constexpr (KMajor)
      return make_layout(nk, LayoutRight{});
    else
      return make_layout(nk);
  }();
  auto mC = make_layout(make_shape(Int<M>{}, Int<N>{}));
  auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});
  auto cta_coord = make_coord(2, 3, _);

  op_zipped_divide(c, mA, select<0, 2>(cta_tiler));
  op_logical_divide(c, mB, select<1, 2>(cta_tiler));
  op_tiled_divide(c, mC, select<0, 1>(cta_tiler));
  op_local_tile(c, mA, cta_tiler, cta_coord, Step<_1, X, _1>{});
  op_local_tile(c, mB, cta_tiler, cta_coord, Step<X, _1, _1>{});
  op_local_tile(c, mC, cta_tiler, cta_coord, Step<_1, _1, X>{});
  op_local_tile(c, mC, select<0, 1>(cta_tiler), make_coord(5, 7));
  op_local_tile(c, mA, make_shape(Int<128>{}, Int<32>{}), make_coord(1, _));

  auto gA = local_tile(counting(mA), cta_tiler, cta_coord, Step<_1, X, _1>{}).layout();
  auto gC = local_tile(counting(mC), cta_tiler, cta_coord, Step<_1, _1, X>{}).layout();
  // smem tiles and thread layouts of sgemm_1 (NT) / sgemm_2 (TN).
  auto sA = [&] {
    if constexpr (KMajor)
      return make_layout(make_shape(Int<128>{}, Int<8>{}), make_stride(Int<1>{}, Int<129>{}));
    else
      return make_layout(make_shape(Int<128>{}, Int<8>{}));
  }();
  auto tA = [&] {
    if constexpr (KMajor)
      return make_layout(make_shape(Int<32>{}, Int<8>{}), LayoutRight{});
    else
      return make_layout(make_shape(Int<32>{}, Int<8>{}));
  }();
  auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));
  const Ctx cgA = sub(c, "gA_by_tA", ": tAgA = local_partition(gA, tA, tid)");
  const Ctx csA = sub(c, "sA_by_tA", ": tAsA = local_partition(sA, tA, tid)");
  const Ctx csC = sub(c, "sA_by_tC", ": tCsA = local_partition(sA, tC, tid, Step<_1,X>)");
  const Ctx cgC = sub(c, "gC_by_tC", ": tCgC = local_partition(gC, tC, tid, Step<_1,_1>)");
  for (int tid : {0, 37, 255}) {
    op_local_partition(cgA, gA, tA, tid);
    op_local_partition(csA, sA, tA, tid);
    op_local_partition(csC, sA, tC, tid, Step<_1, X>{});
    op_local_partition(cgC, gC, tC, tid, Step<_1, _1>{});
  }
  op_local_partition(cgC, gC, tC, 37);
  // The B side of sgemm_1: tCsB = local_partition(sB, tC, tid, Step<X,_1>).
  op_local_partition(sub(c, "sB_by_tC", ": tCsB = local_partition(sB, tC, tid, Step<X,_1>)"), sA,
                     tC, 37, Step<X, _1>{});
  op_max_common(sub(c, "gA_sA", ": copy(gA tile, sA) vectorization"), select<0, 1>(gA), sA);
}

}  // namespace

int main() {
  // mma_atom
  mma_atom<SM70_8x8x4_F32F16F16F32_NT>("sm70_8x8x4_f32f16_nt", "mma_traits_sm70.hpp",
                                       "SM70_8x8x4_F32F16F16F32_NT");
  mma_atom<SM70_8x8x4_F16F16F16F16_TN>("sm70_8x8x4_f16f16_tn", "mma_traits_sm70.hpp",
                                       "SM70_8x8x4_F16F16F16F16_TN");
  mma_atom<SM75_16x8x8_F32F16F16F32_TN>("sm75_16x8x8_f32f16", "mma_traits_sm75.hpp",
                                        "SM75_16x8x8_F32F16F16F32_TN");
  mma_atom<SM75_8x8x16_S32S8S8S32_TN>("sm75_8x8x16_s32s8", "mma_traits_sm75.hpp",
                                      "SM75_8x8x16_S32S8S8S32_TN");
  mma_atom<SM80_16x8x16_F32F16F16F32_TN>("sm80_16x8x16_f32f16", "mma_traits_sm80.hpp",
                                         "SM80_16x8x16_F32F16F16F32_TN");
  mma_atom<SM80_16x8x8_F16F16F16F16_TN>("sm80_16x8x8_f16f16", "mma_traits_sm80.hpp",
                                        "SM80_16x8x8_F16F16F16F16_TN");
  mma_atom<SM80_16x8x8_F32TF32TF32F32_TN>("sm80_16x8x8_f32tf32", "mma_traits_sm80.hpp",
                                          "SM80_16x8x8_F32TF32TF32F32_TN");
  mma_atom<SM80_8x8x4_F64F64F64F64_TN>("sm80_8x8x4_f64", "mma_traits_sm80.hpp",
                                       "SM80_8x8x4_F64F64F64F64_TN");
  mma_atom<SM80_16x8x32_S32S8S8S32_TN>("sm80_16x8x32_s32s8", "mma_traits_sm80.hpp",
                                       "SM80_16x8x32_S32S8S8S32_TN");
  using GK = GMMA::Major;
  mma_atom<SM90_64x64x16_F32F16F16_SS<GK::K, GK::K>>(
      "sm90_64x64x16_f32f16_ss", "mma_traits_sm90_gmma.hpp", "SM90_64x64x16_F32F16F16_SS<K,K>");
  mma_atom<SM90_64x128x16_F32F16F16_RS<GK::K, GK::K>>(
      "sm90_64x128x16_f32f16_rs", "mma_traits_sm90_gmma.hpp", "SM90_64x128x16_F32F16F16_RS<K,K>");
  mma_atom<SM90_64x8x16_F32F16F16_SS<GK::MN, GK::MN>>(
      "sm90_64x8x16_f32f16_ss", "mma_traits_sm90_gmma.hpp", "SM90_64x8x16_F32F16F16_SS<MN,MN>");
  mma_atom<SM90_64x256x16_F32F16F16_SS<GK::K, GK::K>>(
      "sm90_64x256x16_f32f16_ss", "mma_traits_sm90_gmma.hpp", "SM90_64x256x16_F32F16F16_SS<K,K>");
  mma_atom<SM90_64x64x8_F32TF32TF32_SS_TN<>>("sm90_64x64x8_f32tf32_ss", "mma_traits_sm90_gmma.hpp",
                                             "SM90_64x64x8_F32TF32TF32_SS_TN");
  mma_atom<SM90_64x64x32_S32S8S8_SS_TN>("sm90_64x64x32_s32s8_ss", "mma_traits_sm90_gmma.hpp",
                                        "SM90_64x64x32_S32S8S8_SS_TN");

  // copy_atom
  copy_atom<SM75_U32x1_LDSM_N, half_t, 16>("ldsm_u32x1_n_f16", "copy_traits_sm75.hpp",
                                           "Copy_Traits<SM75_U32x1_LDSM_N>, half_t");
  copy_atom<SM75_U32x2_LDSM_N, half_t, 16>("ldsm_u32x2_n_f16", "copy_traits_sm75.hpp",
                                           "Copy_Traits<SM75_U32x2_LDSM_N>, half_t");
  copy_atom<SM75_U32x4_LDSM_N, half_t, 16>("ldsm_u32x4_n_f16", "copy_traits_sm75.hpp",
                                           "Copy_Traits<SM75_U32x4_LDSM_N>, half_t");
  copy_atom<SM75_U32x4_LDSM_N, int8_t, 8>("ldsm_u32x4_n_s8", "copy_traits_sm75.hpp",
                                          "Copy_Traits<SM75_U32x4_LDSM_N>, int8_t");
  copy_atom<SM75_U16x8_LDSM_T, half_t, 16>("ldsm_u16x8_t_f16", "copy_traits_sm75.hpp",
                                           "Copy_Traits<SM75_U16x8_LDSM_T>, half_t");
  copy_atom<SM75_U16x4_LDSM_T, half_t, 16>("ldsm_u16x4_t_f16", "copy_traits_sm75.hpp",
                                           "Copy_Traits<SM75_U16x4_LDSM_T>, half_t");
  copy_atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t, 16>(
      "cp_async_ca_u128_f16", "copy_traits_sm80.hpp",
      "Copy_Traits<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>>, half_t");
  copy_atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, float, 32>(
      "cp_async_cg_u128_f32", "copy_traits_sm80.hpp",
      "Copy_Traits<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>>, float");
  copy_atom<SM90_U32x4_STSM_N, half_t, 16>("stsm_u32x4_n_f16", "copy_traits_sm90.hpp",
                                           "Copy_Traits<SM90_U32x4_STSM_N>, half_t");

  // tiled_mma
  auto ref = [](auto m, auto n) { return make_layout(make_shape(m, n)); };
  using L221 = Layout<Shape<_2, _2, _1>>;
  using NoPerm = Tile<Underscore, Underscore, Underscore>;
  tiled_mma<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, L221, NoPerm>(
      "tmma_sm80_16x8x16_221",
      "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, Layout<Shape<_2,_2,_1>>)", ref(_32{}, _16{}),
      ref(_32{}, _16{}));
  tiled_mma<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, L221, Tile<_32, _32, _16>>(
      "tmma_sm80_16x8x16_221_perm32x32x16",
      "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, Layout<Shape<_2,_2,_1>>, Tile<_32,_32,_16>)",
      ref(_32{}, _16{}), ref(_32{}, _32{}));
  // A CTA tile of a 4096x4096 column-major C and a K-major A, as partition_C/A see them.
  tiled_mma<MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, L221, Tile<_32, _32, _16>>(
      "tmma_sm80_16x8x16_221_perm_gmem",
      "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, Layout<Shape<_2,_2,_1>>, Tile<_32,_32,_16>) "
      "on 128x32 / 128x128 gmem tiles of 4096x4096",
      make_layout(make_shape(_128{}, _32{}), make_stride(Int<4096>{}, _1{})),
      make_layout(make_shape(_128{}, _128{}), make_stride(_1{}, Int<4096>{})));
  tiled_mma<MMA_Atom<SM80_16x8x8_F16F16F16F16_TN>, L221,
            Tile<_32, Layout<Shape<_8, _2, _2>, Stride<_1, _16, _8>>, _16>>(
      "tmma_sm80_16x8x8_221_permN",
      "make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, Layout<Shape<_2,_2,_1>>, "
      "Tile<_32,Layout<Shape<_8,_2,_2>,Stride<_1,_16,_8>>,_16>)",
      ref(_32{}, _16{}), ref(_32{}, _32{}));
  tiled_mma<MMA_Atom<SM75_16x8x8_F32F16F16F32_TN>, Layout<Shape<_2, _2, _1>, Stride<_2, _1, _0>>,
            NoPerm>("tmma_sm75_16x8x8_221_rowmajor",
                    "make_tiled_mma(SM75_16x8x8_F32F16F16F32_TN, "
                    "Layout<Shape<_2,_2,_1>,Stride<_2,_1,_0>>)",
                    ref(_64{}, _16{}), ref(_64{}, _32{}));
  tiled_mma<MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>, Layout<Shape<_2, _2, _1>>, NoPerm>(
      "tmma_sm70_8x8x4_221", "make_tiled_mma(SM70_8x8x4_F32F16F16F32_NT, Layout<Shape<_2,_2,_1>>)",
      ref(_16{}, _4{}), ref(_16{}, _16{}));
  tiled_mma<MMA_Atom<SM90_64x64x16_F32F16F16_SS<GK::K, GK::K>>, Layout<Shape<_2, _1, _1>>, NoPerm>(
      "tmma_sm90_64x64x16_211",
      "make_tiled_mma(SM90_64x64x16_F32F16F16_SS<K,K>, Layout<Shape<_2,_1,_1>>)",
      ref(_128{}, _64{}), ref(_128{}, _64{}));
  tiled_mma<MMA_Atom<UniversalFMA<float, float, float>>, Layout<Shape<_16, _16, _1>>, NoPerm>(
      "tmma_fma_16x16x1",
      "make_tiled_mma(UniversalFMA<float>, Layout<Shape<_16,_16,_1>>) (sgemm_2)", ref(_128{}, _8{}),
      ref(_128{}, _128{}));

  // tiled_copy
  tiled_copy<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>(
      "tcopy_cp_async_f16_32x8_1x8",
      "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>,half_t>, "
      "Layout<Shape<_32,_8>,Stride<_8,_1>>, Layout<Shape<_1,_8>>) on a 128x64 K-major tile",
      Layout<Shape<_32, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _8>>{},
      make_layout(make_shape(_128{}, _64{}), make_stride(Int<4096>{}, _1{})));
  tiled_copy<UniversalCopy<uint128_t>, float>(
      "tcopy_u128_f32_32x8_4x1",
      "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,float>, Layout<Shape<_32,_8>>, "
      "Layout<Shape<_4,_1>>) (sgemm_2) on a 128x8 M-major tile",
      Layout<Shape<_32, _8>>{}, Layout<Shape<_4, _1>>{},
      make_layout(make_shape(_128{}, _8{}), make_stride(_1{}, Int<4096>{})));
  tiled_copy<UniversalCopy<float>, float>(
      "tcopy_u32_f32_32x8_1x1",
      "make_tiled_copy(Copy_Atom<UniversalCopy<float>,float>, Layout<Shape<_32,_8>,Stride<_8,_1>>) "
      "(sgemm_2) on a 128x8 K-major tile",
      Layout<Shape<_32, _8>, Stride<_8, _1>>{}, Layout<Shape<_1, _1>>{},
      make_layout(make_shape(_128{}, _8{}), make_stride(Int<4096>{}, _1{})));
  tiled_copy<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>, half_t>(
      "tcopy_cp_async_f16_16x8_8x1",
      "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>,half_t>, "
      "Layout<Shape<_16,_8>>, Layout<Shape<_8,_1>>) on a 128x32 M-major tile",
      Layout<Shape<_16, _8>>{}, Layout<Shape<_8, _1>>{},
      make_layout(make_shape(_128{}, _32{}), make_stride(_1{}, Int<4096>{})));
  tiled_copy<UniversalCopy<uint64_t>, half_t>(
      "tcopy_u64_f16_8x16_4x2",
      "make_tiled_copy(Copy_Atom<UniversalCopy<uint64_t>,half_t>, "
      "Layout<Shape<_8,_16>,Stride<_16,_1>>, Layout<Shape<_1,_4>>) on a 64x64 K-major tile",
      Layout<Shape<_8, _16>, Stride<_16, _1>>{}, Layout<Shape<_1, _4>>{},
      make_layout(make_shape(_64{}, _64{}), make_stride(Int<4096>{}, _1{})));

  // gmma_smem
  gmma_smem<GMMA::Layout_K_INTER_Atom_Bits, half_t>("gmma_k_inter_f16", "Layout_K_INTER_Atom");
  gmma_smem<GMMA::Layout_K_SW32_Atom_Bits, half_t>("gmma_k_sw32_f16", "Layout_K_SW32_Atom");
  gmma_smem<GMMA::Layout_K_SW64_Atom_Bits, half_t>("gmma_k_sw64_f16", "Layout_K_SW64_Atom");
  gmma_smem<GMMA::Layout_K_SW128_Atom_Bits, half_t>("gmma_k_sw128_f16", "Layout_K_SW128_Atom");
  gmma_smem<GMMA::Layout_MN_INTER_Atom_Bits, half_t>("gmma_mn_inter_f16", "Layout_MN_INTER_Atom");
  gmma_smem<GMMA::Layout_MN_SW32_Atom_Bits, half_t>("gmma_mn_sw32_f16", "Layout_MN_SW32_Atom");
  gmma_smem<GMMA::Layout_MN_SW64_Atom_Bits, half_t>("gmma_mn_sw64_f16", "Layout_MN_SW64_Atom");
  gmma_smem<GMMA::Layout_MN_SW128_Atom_Bits, half_t>("gmma_mn_sw128_f16", "Layout_MN_SW128_Atom");
  gmma_smem<GMMA::Layout_K_SW128_Atom_Bits, int8_t>("gmma_k_sw128_s8", "Layout_K_SW128_Atom");
  gmma_smem<GMMA::Layout_K_SW64_Atom_Bits, int8_t>("gmma_k_sw64_s8", "Layout_K_SW64_Atom");
  gmma_smem<GMMA::Layout_MN_SW128_Atom_Bits, int8_t>("gmma_mn_sw128_s8", "Layout_MN_SW128_Atom");
  gmma_smem<GMMA::Layout_K_SW128_Atom_Bits, tfloat32_t>("gmma_k_sw128_tf32", "Layout_K_SW128_Atom");
  gmma_smem<GMMA::Layout_K_SW32_Atom_Bits, tfloat32_t>("gmma_k_sw32_tf32", "Layout_K_SW32_Atom");
  gmma_smem<GMMA::Layout_MN_SW64_Atom_Bits, tfloat32_t>("gmma_mn_sw64_tf32", "Layout_MN_SW64_Atom");

  // gemm_tiling
  gemm_tiling<4096, 4096, 4096, false>("gemm_4096x4096_nt");
  gemm_tiling<4096, 4096, 4096, true>("gemm_4096x4096_tn");
  gemm_tiling<4000, 3000, 4096, false>("gemm_4000x3000_nt");
  gemm_tiling<1000, 4096, 4096, true>("gemm_1000x4096_tn");

  std::fprintf(stderr, "%d cases\n", g_cases);
  return 0;
}
