#!/usr/bin/env python3
"""NVIDIA CuTe C++ with STATIC values behind the layoutcheck audit protocol v1
(docs/AUDIT.md): the `cute-static` adapter.

    adapter.py --cute-include DIR [--cuda-include DIR]... [--cxx g++] [--cache DIR]
               [--jobs 2] [--chunk 150] [--no-pch] [--wide] [--run-all]
               [--isolate attribute|bisect] [--compile-timeout S] [--run-timeout S]
               [--verbose]

Every request becomes C++ that builds its operands as CuTe static types
(nested cute::make_tuple / make_layout of cute::Int<N>; a tiler is make_tile
of layouts, Int<n> and `_`; a slicing coordinate make_coord with `_`; a
projection a tuple of Int<1> and cute::X), calls the CuTe function (OPS
below) and prints the result with its own printer (PRELUDE) in the notation
`layoutcheck op` prints: plain integers, layouts shape:stride, slices
`LAYOUT + OFFSET`. It is compiled host-only with
`CXX -std=c++20 -O0 -w -isystem CUTE -isystem CUDA...` and run. A result
that is fully static is printed from its type (its value is its type; the
CuTe call is only instantiated, through decltype, so static_asserts fire as
in any use but no code is generated for it: compiles are about 2x faster);
--run-all runs every call instead. The operations CuTe 4.2 lacks
(prefix_product) are left out of hello's `ops` and answered unsupported.

Values. cute::Int<N> is cute::C<int(N)>: CuTe's static integers are `int`,
and that is what CUTLASS code writes, so an operand value inside the int32
range is Int<N>{}; a value outside it is cute::C<int64_t(N)>{} (the only way
to write it statically). Arithmetic between two Int<> is int arithmetic in a
template argument: g++ 12 wraps a signed overflow there silently (a
-Woverflow warning, suppressed inside CuTe's -isystem headers), so results
past int32 computed from int32 operands wrap (size((65536,65536)) is 0).
That is CuTe-static-on-g++'s behaviour and the adapter reports it as is;
--wide writes every value as C<int64_t(N)> instead (a different cache). The
index lists of `call`, `swizzle`, `swizzle_layout_call` and
`swizzle_bytes_call` are runtime int64_t values applied to the static layout
(as kernels apply thread indices; thousands of static indices would cost
thousands of instantiations); every other operand, including
local_partition's thread index, is static. recast_layout's element types are
lc::bits<N> with cutlass::sizeof_bits = N (any width); swizzle_bytes_call
builds CUTLASS's smem tensor, ComposedLayout<Swizzle, smem_ptr_flag_bits<BITS>,
L> over an smem pointer to cute::uint_bit_t<BITS> (1, 2, 4, 6, 8, ..., 128
bits; other widths do not compile) at a base address aligned to 2^40.

Replies. A compile error of a case (a CuTe static_assert, no matching
overload, ...) is {"refused": "compile error: <its first error line> [where]"};
a CuTe assert at run time (SIGABRT) is {"refused": "runtime assertion: ..."};
another signal (SIGFPE, SIGSEGV), a compile or run past its time limit and a
compiler crash are cached as {"crash": ...}: when such a case is requested the
adapter writes the reason to stderr and exits 3 (the harness records a crash
finding and restarts it). A form of notation this adapter cannot translate is
{"unsupported": true}, never a crash; so is a result the printer cannot print.

Batches (a protocol extension: a new operation). {"v":1,"id":n,"op":"batch",
"requests":[{"op":OP,"args":[...]},...]} compiles the cases not yet cached as
programs of at most --chunk cases (one function per case, on its own line;
main runs case k.. from argv and prints `@@LC k R result` per case, flushed),
at most --jobs compiles at a time, runs them and caches every case's reply;
the reply is {"id":n,"result":"<number of cases cached>"}. Single requests are
answered from the cache; a miss compiles that case alone. A program that fails
to compile is split: with --isolate attribute (default) the cases g++'s
diagnostics point at (a `required from here` or error location on a case's
line) are taken out and both parts are compiled again (so each refusal comes
from a program where that case still fails, and a case wrongly pointed at goes
back to the answered ones); a program whose errors point at no case, and
every one with --isolate bisect, is bisected in halves. A case alone that
fails to compile is refused with its first error. A case that dies at run
time does not lose the others: the program is rerun from the case after it.

Cache. --cache DIR (default $XDG_CACHE_HOME/layoutcheck/cute-static, else
~/.cache/layoutcheck/cute-static) holds, under a key hashing the compiler's
`--version`, the real paths of the CuTe and CUDA include directories, the
flags and this file, the precompiled prelude (pch/, built once, in the
background at start-up) and answers.jsonl (one case per line, keyed by
json.dumps([op, args])), so a replay is instant.

Python 3.11, standard library only.
"""
import argparse
import collections
import concurrent.futures as cf
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import cute_notation  # noqa: E402  (adapters/python: the notation the adapters share)

INT32 = (-(1 << 31), (1 << 31) - 1)
INT64 = (-(1 << 63), (1 << 63) - 1)


# --------------------------------------------------------------------------
# CuTe notation -> a small tree: int, Tup(items, bracket), Lay(shape, stride),
# UNDER (`_`), XMARK (`X`).

class Untranslatable(Exception):
    """A form of notation this adapter cannot write as CuTe static C++."""


class Tup:
    def __init__(self, items, bracket):
        self.items, self.bracket = items, bracket


class Lay:
    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride


UNDER, XMARK = object(), object()
def tokens(text):
    try:
        return cute_notation.tokens(text)
    except ValueError as e:
        raise Untranslatable(str(e))


def parse(text):
    if not isinstance(text, str):
        raise Untranslatable("an argument that is not a string")
    toks = tokens(text)
    if not toks:
        raise Untranslatable("empty argument")
    value, i = term(toks, 0)
    if i != len(toks):
        raise Untranslatable("trailing text in " + text)
    return value


def term(t, i):
    a, i = atom(t, i)
    if i < len(t) and t[i] == ":":
        b, i = atom(t, i + 1)
        return Lay(a, b), i
    return a, i


def atom(t, i):
    if i >= len(t):
        raise Untranslatable("unexpected end")
    tok = t[i]
    if tok == "_":
        return UNDER, i + 1
    if tok == "X":
        return XMARK, i + 1
    if tok in "(<":
        close, items, i = {"(": ")", "<": ">"}[tok], [], i + 1
        if i < len(t) and t[i] == close:
            return Tup([], tok), i + 1
        while True:
            v, i = term(t, i)
            items.append(v)
            if i < len(t) and t[i] == ",":
                i += 1
                continue
            if i < len(t) and t[i] == close:
                return Tup(items, tok), i + 1
            raise Untranslatable("expected , or " + close)
    if re.fullmatch(r"-?\d+", tok):
        return int(tok), i + 1
    raise Untranslatable("unexpected " + tok)


# --------------------------------------------------------------------------
# The tree -> C++ expressions of CuTe static values.

class Gen:
    def __init__(self, wide):
        self.wide = wide

    def cint(self, n):
        if not isinstance(n, int) or not INT64[0] <= n <= INT64[1]:
            raise Untranslatable("an integer past int64")
        if not self.wide and INT32[0] <= n <= INT32[1]:
            return "Int<%d>{}" % n
        lit = "(-9223372036854775807LL-1)" if n == INT64[0] else "%dLL" % n
        return "C<int64_t(%s)>{}" % lit

    def int_tuple(self, v):
        if isinstance(v, int):
            return self.cint(v)
        if isinstance(v, Tup) and v.bracket == "(":
            return "cute::make_tuple(%s)" % ", ".join(self.int_tuple(e) for e in v.items)
        raise Untranslatable("not an integer tuple")

    def layout(self, v):
        if isinstance(v, Lay):
            return "make_layout(%s, %s)" % (self.int_tuple(v.shape), self.int_tuple(v.stride))
        return "make_layout(%s)" % self.int_tuple(v)  # a shape: the compact column-major layout

    def tiler(self, v):
        if isinstance(v, Lay):
            return self.layout(v)
        if v is UNDER:
            return "_"
        if isinstance(v, int):
            return self.cint(v)
        if isinstance(v, Tup):
            return "make_tile(%s)" % ", ".join(self.tiler(e) for e in v.items)
        raise Untranslatable("not a tiler")

    def coord(self, v):
        if v is UNDER:
            return "_"
        if isinstance(v, int):
            return self.cint(v)
        if isinstance(v, Tup) and v.bracket == "(":
            return "make_coord(%s)" % ", ".join(self.coord(e) for e in v.items)
        raise Untranslatable("not a coordinate")

    def proj(self, v):
        if v is UNDER or v is XMARK:
            return "X{}"
        if isinstance(v, int):
            return self.cint(v)
        if isinstance(v, Tup) and v.bracket == "(":
            return "cute::make_tuple(%s)" % ", ".join(self.proj(e) for e in v.items)
        raise Untranslatable("not a projection")


def integer(v):
    if not isinstance(v, int) or not INT64[0] <= v <= INT64[1]:
        raise Untranslatable("not an integer")
    return v


def ilist(vals):
    """A runtime index list: {i, ...} of int64_t (lc::list's argument)."""
    out = []
    for v in vals:
        v = integer(v)
        out.append("(-9223372036854775807LL-1)" if v == INT64[0] else "%dLL" % v)
    return "{" + ", ".join(out) + "}"


# Every op: (kinds of the fixed arguments, how many are required, whether a
# trailing list of integers follows, body(gen, parsed args) -> C++ statements
# ending in `return <std::string>;`).
def ret(expr):
    """Returns the printed value of a CuTe expression: lc::R prints a fully static
    result from its type (no code is generated for CuTe's functions), anything
    else by running it; lc::RS likewise for slice_and_offset's (layout, offset)."""
    return "return lc::R([] { return %s; });" % expr


def _one(fn):
    return lambda g, a: ret("%s(%s)" % (fn, g.layout(a[0])))


def _by_tiler(fn):
    return lambda g, a: ret("%s(%s, %s)" % (fn, g.layout(a[0]), g.tiler(a[1])))


def _two_layouts(fn):
    return lambda g, a: ret("%s(%s, %s)" % (fn, g.layout(a[0]), g.layout(a[1])))


def _two_tuples(fn):
    return lambda g, a: ret("%s(%s, %s)" % (fn, g.int_tuple(a[0]), g.int_tuple(a[1])))


def _opt(a, i, conv):
    return (", " + conv(a[i])) if len(a) > i else ""


def _coalesce(g, a):
    return ret("coalesce(%s%s)" % (g.layout(a[0]), _opt(a, 1, g.int_tuple)))


def _complement(g, a):
    return ret("complement(%s%s)" % (g.layout(a[0]), _opt(a, 1, lambda v: g.cint(integer(v)))))


def _with_shape(g, a):
    return ret("(%s).with_shape(%s)" % (g.layout(a[0]), g.int_tuple(a[1])))


def _tile_to_shape(g, a):
    return ret("tile_to_shape(%s, %s%s)" % (g.layout(a[0]), g.int_tuple(a[1]),
                                            _opt(a, 2, g.int_tuple)))


def _crd2idx(g, a):
    return ret("crd2idx(%s, %s%s)" % (g.int_tuple(a[0]), g.int_tuple(a[1]),
                                      _opt(a, 2, g.int_tuple)))


def _upcast(fn):
    return lambda g, a: ret("%s<%d>(%s)" % (fn, integer(a[1]), g.layout(a[0])))


def _recast(g, a):
    return ret("recast_layout<lc::bits<%d>, lc::bits<%d>>(%s)"
               % (integer(a[1]), integer(a[2]), g.layout(a[0])))


def _make_layout(tag):
    return lambda g, a: ret("make_layout(%s, %s{})" % (g.int_tuple(a[0]), tag))


def _slice(g, a):
    return "return lc::RS([] { return slice_and_offset(%s, %s); });" % (g.coord(a[1]),
                                                                       g.layout(a[0]))


def _call(g, a):
    return "return lc::call(%s, %s);" % (g.layout(a[0]), ilist(a[1:]))


def _local_tile(g, a):
    return "return lc::PT(local_tile(lc::counting(%s), %s, %s%s));" % (
        g.layout(a[0]), g.tiler(a[1]), g.coord(a[2]), _opt(a, 3, g.proj))


def _local_partition(g, a):
    return "return lc::PT(local_partition(lc::counting(%s), %s, %s%s));" % (
        g.layout(a[0]), g.layout(a[1]), g.cint(integer(a[2])), _opt(a, 3, g.proj))


def _swz(a):
    return "Swizzle<%d, %d, %d>" % (integer(a[0]), integer(a[1]), integer(a[2]))


def _swizzle(g, a):
    return "return lc::swizzle<%s>(%s);" % (_swz(a), ilist(a[3:]))


def _swizzle_layout_call(g, a):
    return "return lc::swizzle_layout<%s>(%s, %s);" % (_swz(a), g.layout(a[3]), ilist(a[4:]))


def _swizzle_bytes_call(g, a):
    return ("return lc::swizzle_bytes<%s, %d>(%s, %s);"
            % (_swz(a), integer(a[3]), g.layout(a[4]), ilist(a[5:])))


# Compile cost of a case relative to one of the algebra (composition, products, ...),
# measured with g++ 12 -O0 and the PCH: about 130 ms of CPU for an algebra case,
# 2 ms a swizzle, 3 ms a call, 10-16 ms crd2idx / idx2crd. Chunks are sized by it.
COST = {"swizzle": 0.02, "call": 0.03, "crd2idx": 0.1, "idx2crd": 0.1, "size": 0.1,
        "cosize": 0.1, "rank": 0.05, "depth": 0.05, "product": 0.05, "inner_product": 0.05,
        "shape_div": 0.1, "make_layout_left": 0.1, "make_layout_right": 0.1,
        "swizzle_layout_call": 0.1, "flatten": 0.2, "filter": 0.3}
MAX_CHUNK = 2000

L, T, I, N, C = "layout", "tiler", "int_tuple", "integer", "coord"
OPS = {
    "size": ([L], 1, False, _one("size")),
    "cosize": ([L], 1, False, _one("cosize")),
    "rank": ([L], 1, False, _one("rank")),
    "depth": ([L], 1, False, _one("depth")),
    "call": ([L], 1, True, _call),
    "flatten": ([L], 1, False, _one("flatten")),
    "coalesce": ([L, I], 1, False, _coalesce),
    "coalesce_by_mode": ([L, I], 2, False, _coalesce),
    "filter": ([L], 1, False, _one("filter")),
    "right_inverse": ([L], 1, False, _one("right_inverse")),
    "left_inverse": ([L], 1, False, _one("left_inverse")),
    "nullspace": ([L], 1, False, _one("nullspace")),
    "make_layout_like": ([L], 1, False, _one("make_layout_like")),
    "with_shape": ([L, I], 2, False, _with_shape),
    "tile_to_shape": ([L, I, I], 2, False, _tile_to_shape),
    "upcast": ([L, N], 2, False, _upcast("upcast")),
    "downcast": ([L, N], 2, False, _upcast("downcast")),
    "recast_layout": ([L, N, N], 3, False, _recast),
    "max_common_vector": ([L, L], 2, False, _two_layouts("max_common_vector")),
    "max_common_layout": ([L, L], 2, False, _two_layouts("max_common_layout")),
    "make_layout_left": ([I], 1, False, _make_layout("LayoutLeft")),
    "make_layout_right": ([I], 1, False, _make_layout("LayoutRight")),
    "composition": ([L, T], 2, False, _by_tiler("composition")),
    "complement": ([L, N], 1, False, _complement),
    "logical_divide": ([L, T], 2, False, _by_tiler("logical_divide")),
    "zipped_divide": ([L, T], 2, False, _by_tiler("zipped_divide")),
    "tiled_divide": ([L, T], 2, False, _by_tiler("tiled_divide")),
    "flat_divide": ([L, T], 2, False, _by_tiler("flat_divide")),
    "logical_product": ([L, T], 2, False, _by_tiler("logical_product")),
    "zipped_product": ([L, T], 2, False, _by_tiler("zipped_product")),
    "tiled_product": ([L, T], 2, False, _by_tiler("tiled_product")),
    "blocked_product": ([L, L], 2, False, _two_layouts("blocked_product")),
    "raked_product": ([L, L], 2, False, _two_layouts("raked_product")),
    "idx2crd": ([I, I], 2, False, _two_tuples("idx2crd")),
    "crd2idx": ([I, I, I], 2, False, _crd2idx),
    "slice": ([L, C], 2, False, _slice),
    "local_tile": ([L, T, C, C], 3, False, _local_tile),
    "local_partition": ([L, L, N, C], 3, False, _local_partition),
    "swizzle": ([N, N, N], 3, True, _swizzle),
    "swizzle_layout_call": ([N, N, N, L], 4, True, _swizzle_layout_call),
    "swizzle_bytes_call": ([N, N, N, N, L], 5, True, _swizzle_bytes_call),
    "shape_div": ([I, I], 2, False, _two_tuples("shape_div")),
    "product": ([I], 1, False, lambda g, a: ret("product(%s)" % g.int_tuple(a[0]))),
    "inner_product": ([I, I], 2, False, _two_tuples("inner_product")),
}
# Not in CuTe 4.2 (so unsupported): prefix_product (its compact_col_major gives
# shape-1 modes stride 0, a different function).


def case_body(gen, op, args):
    """The C++ statements of one case, or raises Untranslatable."""
    if op not in OPS:
        raise Untranslatable("unknown operation")
    kinds, required, variadic, body = OPS[op]
    if not isinstance(args, list):
        raise Untranslatable("args is not a list")
    if variadic:  # the fixed arguments and at least one index
        if len(args) < len(kinds) + 1:
            raise Untranslatable("too few arguments")
    elif not required <= len(args) <= len(kinds):
        raise Untranslatable("wrong number of arguments")
    try:
        parsed = [parse(a) for a in args]
    except (ValueError, RecursionError) as e:  # 4,300+ digit integers, absurd nesting
        raise Untranslatable(str(e)[:100])
    if variadic and any(not isinstance(v, int) for v in parsed[len(kinds):]):
        raise Untranslatable("an index that is not an integer")
    if any(k == N and not isinstance(v, int) for k, v in zip(kinds, parsed)):
        raise Untranslatable("not an integer")
    text = body(gen, parsed)
    if "\n" in text:
        raise Untranslatable("internal: multi-line body")
    return text


# --------------------------------------------------------------------------
# The generated C++: a prelude (precompiled) and one program per chunk.

PRELUDE = r"""#pragma once
// layoutcheck cute-static adapter prelude (generated by adapters/cute_static/adapter.py)
#include <cute/tensor.hpp>
#include <cute/layout.hpp>
#include <cute/swizzle.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/pointer_swizzle.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace lc {
// A result the printer cannot write (reported as unsupported) and a run-time
// refusal of the adapter's own (a misaligned swizzled element address).
struct Unprintable : std::runtime_error { using std::runtime_error::runtime_error; };
struct Refuse : std::runtime_error { using std::runtime_error::runtime_error; };

// An element type of N bits for recast_layout<Old, New> (CuTe looks only at sizeof_bits).
template <int N> struct bits {};

template <class T> std::string P(T const& t);
template <class T> std::string P_tuple(T const& t) {
  std::string s = "(";
  bool first = true;
  cute::for_each(t, [&](auto const& e) { s += first ? "" : ","; s += P(e); first = false; });
  return s + ")";
}
// Layouts as shape:stride, tuples as (a,b), integers plain (no static marks).
template <class T> std::string P(T const& t) {
  if constexpr (cute::is_layout<T>::value) {
    return P(t.shape()) + ":" + P(t.stride());
  } else if constexpr (cute::is_tuple<T>::value) {
    return P_tuple(t);
  } else if constexpr (cute::is_integral<T>::value) {
    return std::to_string(static_cast<long long>(t));
  } else {
    throw Unprintable(std::string("unprintable result type ") + __PRETTY_FUNCTION__);
  }
}
// A fully static value is its type: print it from the type alone (ps), so that a
// case whose result is static generates no code for CuTe's functions.
template <class T> struct is_c : cute::false_type {};
template <auto v> struct is_c<cute::C<v>> : cute::true_type {};
template <class T> struct lay;
template <class S, class D> struct lay<cute::Layout<S, D>> { using shape = S; using stride = D; };
template <class T> constexpr bool all_static() {
  if constexpr (is_c<T>::value) {
    return true;
  } else if constexpr (cute::is_layout<T>::value) {
    return all_static<typename lay<T>::shape>() && all_static<typename lay<T>::stride>();
  } else if constexpr (cute::is_tuple<T>::value) {
    return []<size_t... I>(std::index_sequence<I...>) {
      return (all_static<cute::tuple_element_t<I, T>>() && ... && true);
    }(std::make_index_sequence<cute::tuple_size<T>::value>{});
  } else {
    return false;
  }
}
template <class T> void ps(std::string& s);
template <class T, size_t... I> void ps_tuple(std::string& s, std::index_sequence<I...>) {
  s += '(';
  ((s += (I ? "," : ""), ps<cute::tuple_element_t<I, T>>(s)), ...);
  s += ')';
}
template <class T> void ps(std::string& s) {
  if constexpr (is_c<T>::value) {
    s += std::to_string(static_cast<long long>(T::value));
  } else if constexpr (cute::is_layout<T>::value) {
    ps<typename lay<T>::shape>(s);
    s += ':';
    ps<typename lay<T>::stride>(s);
  } else {
    ps_tuple<T>(s, std::make_index_sequence<cute::tuple_size<T>::value>{});
  }
}
template <class F> std::string R(F f) {
  using T = cute::remove_cvref_t<decltype(f())>;
#ifndef LC_RUN_ALL
  if constexpr (all_static<T>()) {
    std::string s;
    ps<T>(s);
    return s;
  } else
#endif
  return P(f());
}
template <class F> std::string RS(F f) {
  using T = cute::remove_cvref_t<decltype(f())>;
#ifndef LC_RUN_ALL
  if constexpr (all_static<T>()) {
    std::string s;
    ps<cute::tuple_element_t<0, T>>(s);
    s += " + ";
    ps<cute::tuple_element_t<1, T>>(s);
    return s;
  } else
#endif
  {
    auto r = f();
    return P(cute::get<0>(r)) + " + " + P(cute::get<1>(r));
  }
}
// A tensor over counting_iterator<int64_t>(0): its layout + how far the iterator moved.
template <class T> std::string PT(T const& t) {
  return P(t.layout()) + " + " + std::to_string(static_cast<long long>(*t.data()));
}
template <class L> auto counting(L const& l) {
  return cute::make_tensor(cute::counting_iterator<int64_t>(0), l);
}
template <class F> std::string list(std::initializer_list<long long> xs, F&& f) {
  std::string s;
  bool first = true;
  for (long long x : xs) { s += first ? "" : " "; s += P(f(static_cast<int64_t>(x))); first = false; }
  return s;
}
// The ops on runtime index lists, as templates (instantiated once per layout or
// swizzle type, not once per case).
template <class L> std::string call(L const& l, std::initializer_list<long long> xs) {
  return list(xs, [&](int64_t i) { return l(i); });
}
template <class Sw> std::string swizzle(std::initializer_list<long long> xs) {
  return list(xs, [](int64_t x) { return Sw{}(x); });
}
template <class Sw, class L> std::string swizzle_layout(L const& l, std::initializer_list<long long> xs) {
  auto f = cute::composition(Sw{}, cute::Int<0>{}, l);
  return list(xs, [&](int64_t i) { return f(i); });
}

// CUTLASS's swizzled smem tensor: ComposedLayout<Sw, smem_ptr_flag_bits<BITS>, L> over an
// smem pointer to BITS-bit elements at a base aligned to 2^40 bytes (never dereferenced);
// the element offset of L(i) is (bit address of the swizzled element - base bits) / BITS.
template <class T> long long bit_address(T* p) {
  return static_cast<long long>(reinterpret_cast<uintptr_t>(p)) * 8;
}
// subbyte_iterator keeps its storage pointer and bit index private (only swizzle_ptr,
// raw_pointer_cast, recast_ptr and print are friends); read them by the standard
// explicit-instantiation access rule ([temp.spec.general]/6) for CuTe's sub-byte types.
template <class T> struct SubPtr {
  using type = typename cute::subbyte_iterator<T>::storage_type* cute::subbyte_iterator<T>::*;
  friend type member(SubPtr);
};
template <class T> struct SubIdx {
  using type = uint8_t cute::subbyte_iterator<T>::*;
  friend type member(SubIdx);
};
template <class Tag, typename Tag::type M> struct Rob {
  friend typename Tag::type member(Tag) { return M; }
};
#define LC_ROB(N)                                                                          \
  template struct Rob<SubPtr<cute::uint_bit_t<N>>, &cute::subbyte_iterator<cute::uint_bit_t<N>>::ptr_>; \
  template struct Rob<SubIdx<cute::uint_bit_t<N>>, &cute::subbyte_iterator<cute::uint_bit_t<N>>::idx_>;
LC_ROB(1)
LC_ROB(2)
LC_ROB(4)
LC_ROB(6)
#undef LC_ROB
template <class T> long long bit_address(cute::subbyte_iterator<T> const& p) {
  auto ptr = p.*member(SubPtr<T>{});
  auto idx = p.*member(SubIdx<T>{});
  return static_cast<long long>(reinterpret_cast<uintptr_t>(ptr)) * 8 + idx;
}
template <class T> struct is_swizzle_ptr : cute::false_type {};
template <class S, class I> struct is_swizzle_ptr<cute::swizzle_ptr<S, I>> : cute::true_type {};
template <class Sw, int BITS, class L>
std::string swizzle_bytes(L const& l, std::initializer_list<long long> xs) {
  using E = cute::uint_bit_t<BITS>;
  void* base = reinterpret_cast<void*>(uintptr_t(1) << 40);
  auto layout = cute::composition(Sw{}, cute::smem_ptr_flag_bits<BITS>{}, l);
  auto tensor = cute::make_tensor(cute::make_smem_ptr<E>(base), layout);
  using Ptr = cute::remove_cvref_t<decltype(tensor.data())>;
  const long long b0 = bit_address(cute::make_smem_ptr<E>(base).get());
  return list(xs, [&](int64_t i) -> long long {
    auto it = tensor.data() + tensor.layout()(i);
    long long d;
    if constexpr (is_swizzle_ptr<Ptr>::value) d = bit_address(Ptr::apply_swizzle(it.get()).get()) - b0;
    else d = bit_address(it.get()) - b0;
    if (d % BITS != 0)
      throw Refuse("the swizzled address of element " + std::to_string(i) + " is not on a " +
                   std::to_string(BITS) + "-bit element boundary (CuTe forms a misaligned pointer)");
    return d / BITS;
  });
}
}  // namespace lc

namespace cutlass {
template <int N> struct sizeof_bits<lc::bits<N>> { static constexpr int value = N; };
}

#define LC_MAIN(...)                                                                      \
  using lc_fn = std::string (*)();                                                        \
  static const lc_fn lc_cases[] = {__VA_ARGS__};                                          \
  int main(int argc, char** argv) {                                                       \
    const int n = int(sizeof(lc_cases) / sizeof(lc_cases[0]));                            \
    int k = argc > 1 ? std::atoi(argv[1]) : 0;                                            \
    for (; k < n; ++k) {                                                                  \
      std::fprintf(stderr, "\n@@LC-CASE %d\n", k);                                        \
      std::fflush(stderr);                                                                \
      std::string r;                                                                      \
      char tag = 'R';                                                                     \
      try {                                                                               \
        r = lc_cases[k]();                                                                \
      } catch (lc::Unprintable const& e) {                                                \
        tag = 'U'; r = e.what();                                                          \
      } catch (lc::Refuse const& e) {                                                     \
        tag = 'E'; r = e.what();                                                          \
      }                                                                                   \
      for (char& c : r) if (c == '\n') c = ' ';                                           \
      std::printf("@@LC %d %c %s\n", k, tag, r.c_str());                                  \
      std::fflush(stdout);                                                                \
    }                                                                                     \
    std::printf("@@LC-END\n");                                                            \
    return 0;                                                                             \
  }
"""

LC_LINE = re.compile(r"^@@LC (\d+) ([REU]) ?(.*)$")


def cpp_program(bodies):
    """One program for the given case bodies: case j on line j + 3 (1-based)."""
    lines = ["// generated by adapters/cute_static/adapter.py", "using namespace cute;"]
    for j, body in enumerate(bodies):
        lines.append("static std::string lc_case_%d() { %s }" % (j, body))
    lines.append("LC_MAIN(%s)" % ", ".join("lc_case_%d" % j for j in range(len(bodies))))
    return "\n".join(lines) + "\n"


FIRST_CASE_LINE = 3


# --------------------------------------------------------------------------
# Compiling, isolating compile errors, running.

def log(*parts):
    print("cute-static:", *parts, file=sys.stderr, flush=True)


def trim(msg, n=300):
    msg = " ".join(msg.split())
    return msg if len(msg) <= n else msg[: n - 3] + "..."


def norm_type(text):
    """A C++ type or body for comparison: no cute:: prefixes, no spaces."""
    return re.sub(r"\s+", "", text.replace("cute::", ""))


ERROR_LINE = re.compile(r"^(?:(\S+?):(\d+):(?:\d+:)? )?(?:fatal )?error: (.*)$")


def error_text(line):
    """A g++ error line as `message [where]` (where: cute/..., cutlass/..., the case or
    the prelude), or None for any other line."""
    m = ERROR_LINE.match(line.strip())
    if not m:
        return None
    path, lineno, msg = m.groups()
    if not path:
        return msg
    inc = re.search(r"/((?:cute|cutlass|cuda|nv|thrust|cub)/.*)$", path)
    if inc:
        where = inc.group(1)
    elif path.endswith(".hpp") and "lc_prelude" in path:
        where = "adapter prelude"
    else:
        where = "case"
    return "%s [%s:%s]" % (msg, where, lineno)


class Engine:
    def __init__(self, opts):
        self.opts = opts
        self.gen = Gen(opts.wide)
        self.cxx = opts.cxx
        self.base_flags = ["-std=c++20", "-O0", "-w", "-isystem", opts.cute_include]
        for d in opts.cuda_include:
            self.base_flags += ["-isystem", d]
        if opts.wide:
            self.base_flags += ["-DLC_WIDE=1"]
        if opts.run_all:
            self.base_flags += ["-DLC_RUN_ALL=1"]
        self.key = self._key()
        root = opts.cache or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
            "layoutcheck", "cute-static")
        self.dir = os.path.join(root, self.key)
        os.makedirs(self.dir, exist_ok=True)
        self.answers_path = os.path.join(self.dir, "answers.jsonl")
        self.cache = {}
        self._store_lock = threading.Lock()
        self._load()
        self.pch_include = None
        self._prelude_lock = threading.Lock()
        self.broken = None
        self._pch_proc = None
        self.stats = {"compiles": 0, "compile_s": 0.0, "runs": 0}
        self.backlog = collections.deque()  # (key, body) of batch cases not compiled yet

    # -- cache ---------------------------------------------------------------
    def _key(self):
        h = hashlib.sha256()
        try:
            ver = subprocess.run([self.cxx, "--version"], capture_output=True, text=True,
                                 timeout=60).stdout
        except (OSError, subprocess.TimeoutExpired) as e:
            raise SystemExit("cute-static: cannot run %s: %s" % (self.cxx, e))
        self.compiler = (ver.splitlines() or [self.cxx])[0]
        h.update(ver.encode())
        h.update(os.path.realpath(self.opts.cute_include).encode())
        for d in self.opts.cuda_include:
            h.update(b"\0" + os.path.realpath(d).encode())
        h.update(" ".join(self.base_flags).encode())
        with open(os.path.abspath(__file__), "rb") as f:
            h.update(f.read())
        return h.hexdigest()[:20]

    def _load(self):
        try:
            with open(self.answers_path, encoding="utf-8") as f:
                for line in f:
                    try:
                        rec = json.loads(line)
                        self.cache[rec["k"]] = rec["r"]
                    except (ValueError, KeyError, TypeError):
                        continue  # a torn line of an interrupted run
        except FileNotFoundError:
            pass

    def store(self, key, reply):
        with self._store_lock:  # programs run on several threads
            self.cache[key] = reply
            with open(self.answers_path, "a", encoding="utf-8") as f:
                f.write(json.dumps({"k": key, "r": reply}) + "\n")

    # -- the precompiled prelude --------------------------------------------
    def start_prelude(self):
        """Precompiles the prelude in the background (while the harness says hello)."""
        self._prelude_thread = threading.Thread(target=self.prelude, daemon=True)
        self._prelude_thread.start()

    def stop(self):
        """At exit: a precompile still running in the background is killed, not orphaned."""
        proc = self._pch_proc
        if proc is not None and proc.poll() is None:
            proc.kill()

    def prelude(self):
        """The -include path of the prelude; precompiled once unless --no-pch."""
        with self._prelude_lock:
            if not self.pch_include:
                self.pch_include = self._make_prelude()
            return self.pch_include

    def _make_prelude(self):
        pdir = os.path.join(self.dir, "pch")
        os.makedirs(pdir, exist_ok=True)
        hpp = os.path.join(pdir, "lc_prelude.hpp")
        if not os.path.exists(hpp):
            tmp = hpp + ".%d.tmp" % os.getpid()
            with open(tmp, "w") as f:
                f.write(PRELUDE)
            os.replace(tmp, hpp)
        gch = hpp + ".gch"
        if not os.path.exists(gch) or self.opts.no_pch:
            # precompile it (or, with --no-pch, check that it compiles)
            tmp = os.path.join(pdir, "build.%d.gch" % os.getpid())
            out = ["-fsyntax-only"] if self.opts.no_pch else ["-o", tmp]
            t0 = time.monotonic()
            self._pch_proc = subprocess.Popen(
                [self.cxx, *self.base_flags, "-x", "c++-header", hpp, *out],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace")
            _, err = self._pch_proc.communicate()
            rc, self._pch_proc = self._pch_proc.returncode, None
            if rc != 0:
                if os.path.exists(tmp):
                    os.remove(tmp)
                self.broken = ("the prelude (CuTe's headers) does not compile with %s: %s"
                               % (" ".join([self.cxx, *self.base_flags]), err[-3000:]))
                return hpp
            if not self.opts.no_pch:
                os.replace(tmp, gch)
                log("precompiled the prelude in %.1f s" % (time.monotonic() - t0))
        if self.opts.no_pch:
            # a copy without a .gch beside it: g++ parses the headers every time
            hpp_plain = os.path.join(pdir, "lc_prelude_nopch.hpp")
            if not os.path.exists(hpp_plain):
                shutil.copyfile(hpp, hpp_plain)
            hpp = hpp_plain
        return hpp

    # -- one compile ----------------------------------------------------------
    def compile(self, bodies, workdir):
        """Compiles a program of these bodies: (binary or None, source, stderr, status), status
        "ok", "error" (diagnostics), or "timeout" / "compiler crash" / "compiler killed"."""
        fd, src = tempfile.mkstemp(suffix=".cpp", dir=workdir)
        with os.fdopen(fd, "w") as f:
            f.write(cpp_program(bodies))
        exe = src[:-4]
        limit = self.opts.compile_timeout + 2.0 * len(bodies)
        t0 = time.monotonic()
        proc = subprocess.Popen([self.cxx, *self.base_flags, "-include", self.prelude(), src,
                                 "-o", exe], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True, errors="replace", start_new_session=True)
        try:
            _, err = proc.communicate(timeout=limit)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            _, err = proc.communicate()
            timed_out = True
        dt = time.monotonic() - t0
        self.stats["compiles"] += 1
        self.stats["compile_s"] += dt
        if self.opts.verbose:
            log("compiled %d case(s) in %.2f s%s" % (len(bodies), dt,
                                                   "" if proc.returncode == 0 else " (failed)"))
        if timed_out:
            return None, src, err + "\ncompiler timed out after %.0f s" % limit, "timeout"
        if proc.returncode == 0:
            return exe, src, err, "ok"
        if "internal compiler error" in err:
            return None, src, err, "compiler crash"
        if proc.returncode < 0:  # g++ itself killed (out of memory, ...)
            return None, src, err + "\ng++ killed by signal %d" % -proc.returncode, "compiler killed"
        return None, src, err, "error"

    @staticmethod
    def attribute(stderr, src_name, n):
        """From g++'s diagnostics of a program of n cases: {case j: its first error} and
        {class type whose instantiation failed (normalized): the error}."""
        loc = re.compile(re.escape(src_name) + r":(\d+):")
        cls = re.compile(r"In instantiation of [‘'](?:struct|class) (.+)[’']:\s*$")
        out, types, current, current_type = {}, {}, None, None
        for line in stderr.splitlines():
            if ": note: " in line:  # notes may point anywhere (candidates, declarations)
                continue
            if "In instantiation of" in line:
                m = cls.search(line)
                current_type = norm_type(m.group(1)) if m else None
            for m in loc.finditer(line):
                j = int(m.group(1)) - FIRST_CASE_LINE
                if 0 <= j < n:
                    current = j
            fn = re.search(r"lc_case_(\d+)\(\)", line)
            if fn and "In function" in line and int(fn.group(1)) < n:
                current = int(fn.group(1))
            msg = error_text(line)
            if msg and current is not None and current not in out:
                out[current] = msg
            if msg and current_type and current_type not in types:
                types[current_type] = msg
        return out, types

    @staticmethod
    def first_error(stderr):
        for line in stderr.splitlines():
            msg = error_text(line)
            if msg:
                return msg
        lines = [l for l in stderr.splitlines() if l.strip()]
        return lines[-1] if lines else "the compiler failed without a message"

    def isolate(self, items, workdir, pool, deadline=None):
        """Compiles groups of (key, body) items (at most --jobs at a time), splitting the
        ones that fail, and runs each program as soon as it is built, so that a batch
        caches its answers as it goes. Past the deadline no compile is started; the
        cases not started are returned.

        g++ reports a failed instantiation once per program, so cases that fail on the
        same one as a case taken out fail again in the rest: a rest that fails again is
        also halved, which finds such cases in about log2(their number) rounds."""
        queue = collections.deque((group, False) for group in items)  # (group, is a rest)
        pending = {}
        compiling = 0

        def remove(path):
            try:
                os.remove(path)
            except OSError:
                pass

        while pending or (queue and (deadline is None or time.monotonic() < deadline)):
            while queue and compiling < max(1, self.opts.jobs) and (
                    deadline is None or time.monotonic() < deadline):
                group, rest = queue.popleft()
                fut = pool.submit(self.compile, [b for _, b in group], workdir)
                pending[fut] = ("compile", group, rest)
                compiling += 1
            if not pending:
                break
            done, _ = cf.wait(list(pending), return_when=cf.FIRST_COMPLETED)
            for fut in done:
                what, group, rest = pending.pop(fut)
                if what == "run":
                    fut.result()
                    continue
                compiling -= 1
                exe, src, err, status = fut.result()
                remove(src)
                if exe:
                    pending[pool.submit(self.run_program, exe, group)] = ("run", group, rest)
                    continue
                if len(group) == 1:
                    key = group[0][0]
                    if status == "error":
                        self.store(key, {"refused": "compile error: " + trim(self.first_error(err))})
                    else:  # not CuTe's answer: the compiler failed on this case
                        self.store(key, {"crash": "%s: %s" % (status, trim(err[-300:]))})
                    continue
                blamed = {}
                if status == "error" and self.opts.isolate == "attribute":
                    blamed, types = self.attribute(err, src, len(group))
                    # a failed class instantiation (Swizzle<B,M,S> of many swizzle
                    # requests): the cases that name the class fail the same way
                    if blamed and types:
                        for j, (_, body) in enumerate(group):
                            if j not in blamed:
                                flat = norm_type(body)
                                for t, msg in types.items():
                                    if t in flat:
                                        blamed[j] = msg
                                        break
                if blamed and len(blamed) < len(group):  # both parts again, first in line
                    others = [it for j, it in enumerate(group) if j not in blamed]
                    queue.appendleft(([it for j, it in enumerate(group) if j in blamed], False))
                    if rest and len(others) > 1:
                        half = len(others) // 2
                        queue.appendleft((others[half:], True))
                        queue.appendleft((others[:half], True))
                    else:
                        queue.appendleft((others, True))
                elif blamed:  # every case of the group errs in it
                    for j, (key, _) in enumerate(group):
                        self.store(key, {"refused": "compile error: " + trim(blamed[j])})
                else:  # errors that point at no case (or a timeout): bisect
                    half = len(group) // 2
                    queue.appendleft((group[half:], False))
                    queue.appendleft((group[:half], False))
        return [it for group, _ in queue for it in group]  # not started by the deadline

    def run_program(self, exe, group):
        """Runs a compiled program from case 0, again after each case that dies."""
        try:
            self._run_program(exe, group)
        finally:
            try:
                os.remove(exe)
            except OSError:
                pass

    def _run_program(self, exe, group):
        start = 0
        while start < len(group):
            self.stats["runs"] += 1
            proc = subprocess.Popen([exe, str(start)], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, start_new_session=True)
            limit = self.opts.run_timeout
            try:
                out, err = proc.communicate(timeout=limit)
                timed_out = False
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                out, err = proc.communicate()
                timed_out = True
            out = out.decode("utf-8", "replace")
            err = err.decode("utf-8", "replace")
            last = start - 1
            for line in out.splitlines():
                m = LC_LINE.match(line)
                if not m:
                    continue
                j, tag, text = int(m.group(1)), m.group(2), m.group(3)
                if not start <= j < len(group):
                    continue
                key = group[j][0]
                if tag == "R":
                    self.store(key, {"result": text})
                elif tag == "E":
                    self.store(key, {"refused": "runtime: " + trim(text)})
                else:
                    log("%s: %s" % (key, trim(text, 500)))
                    self.store(key, {"unsupported": True})
                last = max(last, j)
            if "@@LC-END" in out and not timed_out:
                return
            dead = last + 1
            if dead >= len(group):
                return
            # what the dying case wrote to stderr: after its marker
            tail = err.rsplit("@@LC-CASE %d\n" % dead, 1)[-1].strip()
            key = group[dead][0]
            rc = proc.returncode
            if timed_out:
                self.store(key, {"crash": "timed out after %.0f s at run time" % limit})
            elif rc is not None and rc < 0 and -rc == signal.SIGABRT:
                self.store(key, {"refused": "runtime assertion: " + trim(tail or "SIGABRT")})
            elif rc is not None and rc < 0:
                self.store(key, {"crash": "signal %d (%s)%s" % (
                    -rc, signal.Signals(-rc).name, (": " + trim(tail, 200)) if tail else "")})
            else:
                self.store(key, {"crash": "the program exited with status %s: %s"
                                 % (rc, trim(tail or "no output", 200))})
            start = dead + 1

    def chunks(self, todo):
        """Splits (key, body) cases into programs of about --chunk cases of the algebra
        (COST: the lighter ones count less), at least --jobs of them when there is
        work for each, at most MAX_CHUNK cases each."""
        weight = [COST.get(json.loads(key)[0], 1.0) for key, _ in todo]
        total = sum(weight)
        jobs = max(1, self.opts.jobs)
        target = max(min(float(self.opts.chunk), total / jobs), min(total, 4.0), 1e-9)
        groups, cur, acc = [], [], 0.0
        for item, w in zip(todo, weight):
            if cur and (acc + w > target * 1.0001 or len(cur) >= MAX_CHUNK):
                groups.append(cur)
                cur, acc = [], 0.0
            cur.append(item)
            acc += w
        if cur:
            groups.append(cur)
        return groups

    def solve(self, requests, deadline=None):
        """Answers (op, args) requests not cached yet and caches every reply; with a
        deadline, the cases not started by then go to the backlog (returns how many)."""
        todo, seen = [], set()
        for op, args in requests:
            key = json.dumps([op, args])
            if key in self.cache or key in seen:
                continue
            seen.add(key)
            try:
                body = case_body(self.gen, op, args)
            except Untranslatable as e:
                if self.opts.verbose:
                    log("unsupported %s: %s" % (key, e))
                self.cache[key] = {"unsupported": True}  # not persisted: instant anyway
                continue
            todo.append((key, body))
        if not todo:
            return 0
        self.prelude()
        if self.broken:  # a set-up error, not CuTe's answer to any case: stop
            log(self.broken)
            sys.exit(2)
        groups = self.chunks(todo)
        workdir = tempfile.mkdtemp(prefix="work-", dir=self.dir)
        try:
            # --jobs compiles and the runs of built programs (short) at the same time
            with cf.ThreadPoolExecutor(max_workers=max(1, self.opts.jobs) + 2) as pool:
                left = self.isolate(groups, workdir, pool, deadline)
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
        left_keys = {key for key, _ in left}
        for key, _ in todo:
            if key not in self.cache and key not in left_keys:  # a program lost a case
                self.store(key, {"crash": "the adapter lost this case"})
        if left:
            self.backlog.extend((key, body) for key, body in left if key not in self.cache)
            log("batch: %d case(s) left for later (--batch-seconds %g)"
                % (len(left), self.opts.batch_seconds))
        return len(left)

    def answer(self, op, args):
        """One request: from the cache, else compiled with the next cases of the backlog
        (left by a batch past its time), about --prefetch cases of the algebra in all."""
        key = json.dumps([op, args])
        if key not in self.cache:
            extra, weight = [], COST.get(op, 1.0)
            while self.backlog and weight < self.opts.prefetch and len(extra) < MAX_CHUNK:
                k, _ = self.backlog.popleft()
                if k in self.cache or k == key:
                    continue
                extra.append(tuple(json.loads(k)))
                weight += COST.get(extra[-1][0], 1.0)
            self.solve([(op, args)] + extra)
        return self.cache[key]


def cute_version(include):
    try:
        with open(os.path.join(include, "cutlass", "version.h")) as f:
            text = f.read()
        parts = [re.search(r"#define CUTLASS_%s (\d+)" % p, text).group(1)
                 for p in ("MAJOR", "MINOR", "PATCH")]
        return ".".join(parts)
    except (OSError, AttributeError):
        return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cute-include", required=True, help="the directory holding cute/ and cutlass/")
    ap.add_argument("--cuda-include", action="append", default=[],
                    help="CUDA's include/ and include/cccl (repeat)")
    ap.add_argument("--cxx", default="g++")
    ap.add_argument("--cache", default=None)
    ap.add_argument("--jobs", type=int, default=2, help="parallel compiles")
    ap.add_argument("--chunk", type=int, default=150, help="most cases per compiled program")
    ap.add_argument("--no-pch", action="store_true", help="do not precompile the prelude")
    ap.add_argument("--wide", action="store_true", help="every value as C<int64_t(N)>")
    ap.add_argument("--run-all", action="store_true",
                    help="evaluate every result at run time (default: a fully static result "
                         "is printed from its type)")
    ap.add_argument("--isolate", choices=["attribute", "bisect"], default="attribute",
                    help="how a chunk that fails to compile is split: take out the cases its "
                         "diagnostics point at (default), or only bisect in halves")
    ap.add_argument("--compile-timeout", type=float, default=120.0,
                    help="seconds per compile (plus 2 s per case)")
    ap.add_argument("--run-timeout", type=float, default=60.0)
    ap.add_argument("--batch-seconds", type=float, default=480.0,
                    help="a batch replies after about this long (the harness waits 600 s); "
                         "the cases not compiled by then are compiled with later misses")
    ap.add_argument("--prefetch", type=float, default=30.0,
                    help="a cache miss compiles the next backlog cases with it, up to this "
                         "many cases of the algebra (see COST)")
    ap.add_argument("--verbose", action="store_true")
    opts = ap.parse_args()
    if not os.path.isfile(os.path.join(opts.cute_include, "cute", "layout.hpp")):
        ap.error("no cute/layout.hpp under --cute-include %s" % opts.cute_include)
    eng = Engine(opts)
    eng.start_prelude()
    name = "CuTe C++ static (cutlass %s, %s)" % (cute_version(opts.cute_include), eng.compiler)
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        op = req.get("op")
        if op == "hello":
            reply = {"protocol": 1, "name": name, "ops": sorted(OPS) + ["batch"]}
        elif op == "batch":
            reqs = req.get("requests") or []
            pairs = [(r.get("op"), r.get("args", [])) for r in reqs if isinstance(r, dict)]
            try:
                eng.solve(pairs, time.monotonic() + opts.batch_seconds)
            except Exception:  # an adapter defect: say so, lose nothing cached so far
                log("batch failed:\n" + traceback.format_exc())
            cached = sum(1 for p in pairs if json.dumps(list(p)) in eng.cache)
            reply = {"result": str(cached)}
        elif op in OPS:
            try:
                reply = dict(eng.answer(op, req.get("args", [])))
            except Exception:
                log("internal error on %s:\n%s" % (json.dumps(req), traceback.format_exc()))
                reply = {"unsupported": True}
            if "crash" in reply:
                log("%s %s: %s" % (op, json.dumps(req.get("args", [])), reply["crash"]))
                sys.stdout.flush()
                sys.exit(3)
        else:
            reply = {"unsupported": True}
        reply["id"] = req.get("id")
        print(json.dumps(reply), flush=True)
    eng.stop()
    if opts.verbose:
        log("stats: %s" % json.dumps(eng.stats))


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:  # the harness went away
        sys.exit(0)
