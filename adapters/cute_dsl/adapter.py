#!/usr/bin/env python3
"""NVIDIA's CuTe Python DSL (PyPI nvidia-cutlass-dsl, 4.x) behind the layoutcheck
audit protocol v1 (docs/AUDIT.md): the optional `cute-dsl` adapter.

    layoutcheck audit --impl 'PYTHON adapters/cute_dsl/adapter.py [--jit] [--chunk N]'

PYTHON must import `cutlass.cute` from nvidia-cutlass-dsl. layoutcheck never
installs it (NVIDIA's proprietary EULA, about 320 MB); see README.md. When it
cannot be imported this adapter writes one line to stderr and exits 4 before
reading any request.

How the DSL is evaluated. The DSL's layout algebra runs on the CPU while it
builds MLIR: every cute.* call with static Python ints creates an op of the
`cute` dialect whose result *type* is the static answer (the C++ CuTe algebra
inside the dialect's type inference), and the DSL unpacks that type back into
Python ints and tuples (`layout.shape`, `layout.stride`, `cute.size(...)`). No
GPU, driver or compilation is involved. By default the adapter opens the same
scaffolding `@cute.jit` opens (an MLIR Context, a Location, a Module with one
function, an insertion point in its body) once per --chunk requests (default
5000, which bounds the memory the uniqued types take) and calls the cute.*
functions there: 0.1-0.3 ms a request. A layout operand is built once per
context (an op's result may feed any later op of the body) and replies are
memoized (the DSL is deterministic). --jit instead traces every request
inside a fresh `@cute.jit` function with CUTE_DSL_DRYRUN=1 (IR only, never
compiled), exactly as user code runs, about 10 ms a request; both give the
same answers (the README says how that was checked). A DSL object never
leaves its context: every answer is turned into Python ints and text first.

Operands arrive in CuTe notation and are parsed here (the parser of
adapters/pycute/adapter.py) into ints, tuples, None (`_` and the projection
`X`) and Lay(shape, stride), which become DSL layouts inside the context.
Results are printed in the notation `layoutcheck op` prints. An exception from
the DSL (its Python-side checks, an AssertionError, an MLIRError "unable to
compute ...", a RuntimeError from the bindings) is its refusal; a result with
a non-static leaf would be reported as a refusal naming it (never seen).

Mapping (OPS below): the ops are the DSL's functions of the same name, with
these choices, all listed in README.md:
  call L I...            cute.crd2idx(i, L) per index (the DSL's L(i))
  make_layout_left S     cute.make_layout(S)                (compact, left)
  make_layout_right S    cute.make_ordered_layout(S, order) with the leaves
                         ranked right to left (the DSL has no LayoutRight tag)
  tile_to_shape B S      without ORDER: order = (0,1,...,rank(S)-1), CuTe's
                         default column-major order (the DSL requires an order,
                         one rank per top-level mode of S)
  upcast L N             cute.recast_layout(N, 1, L)   (CuTe's recast_layout
  downcast L N           cute.recast_layout(1, N, L)    of those widths)
  recast_layout L O N    cute.recast_layout(N, O, L)
  crd2idx C S [D]        cute.crd2idx(C, S) or cute.crd2idx(C, make_layout(S, stride=D))
  slice L C              cute.slice_and_offset(C, L)       -> LAYOUT + OFFSET
  local_tile L T C [P]   cute.local_tile(make_tensor(0, L), T, C, P): a
                         coordinate (counting) tensor, whose static iterator
                         is the offset
  local_partition L T I [P]  cute.local_partition(make_tensor(0, L), T,
                         Int32(I), P); the DSL takes a 32-bit index only, an
                         index past int32 is given as Int64 and refused by it
  swizzle B M S X...     make_composed_layout(make_swizzle(B,M,S), 0, 1:1)(x)
  swizzle_layout_call B M S L I...   make_composed_layout(Swizzle, 0, L)(i)
Unsupported (the DSL has no such function): with_shape, prefix_product,
inner_product, swizzle_bytes_call (needs a swizzled smem pointer: its offsets
are run-time values); per request: complement without a cotarget (the DSL's
complement requires one) and zipped_/tiled_/blocked_/raked_product with a
tuple tiler (the DSL takes a Layout there; logical_product takes tuples).

Python 3.11; imports nothing but the standard library and the DSL.
"""
import argparse
import collections
import contextlib
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import cute_notation  # noqa: E402  (adapters/python: the notation the adapters share)

NOT_IMPORTABLE = ("cute-dsl: nvidia-cutlass-dsl is not importable (%s); it is optional and never "
                  "installed by layoutcheck: pip install nvidia-cutlass-dsl, NVIDIA EULA")

# ---------------------------------------------------------------------------------------------
# CuTe notation (adapters/python/cute_notation.py), into plain Python values

Lay = collections.namedtuple("Lay", "shape stride")


def parse(text):
    """A CuTe-notation operand: int, tuple, Lay, None (`_`, `X`) or a tiler tuple."""
    return cute_notation.parse(text, Lay)


def leaves(x):
    return [y for e in x for y in leaves(e)] if isinstance(x, tuple) else [x]


def ranked_like(shape, ranks):
    """A tuple congruent to `shape` whose leaves are `ranks` in order."""
    it = iter(ranks)

    def go(s):
        return tuple(go(e) for e in s) if isinstance(s, tuple) else next(it)
    return go(shape)


class Unsupported(Exception):
    """A form of an operation the DSL does not have."""


class NotStatic(Exception):
    """A result with a leaf that is not a Python int."""


# ---------------------------------------------------------------------------------------------
# The DSL


def import_dsl(jit):
    """Imports the DSL or exits 4 with one line on stderr."""
    if jit:
        os.environ["CUTE_DSL_DRYRUN"] = "1"  # IR only; read when the DSL is imported
    try:
        import cutlass
        import cutlass.cute as cute
        from cutlass._mlir import ir
        from cutlass._mlir.dialects import func
    except Exception as e:  # ImportError, OSError from a shared library, ...
        sys.stderr.write(NOT_IMPORTABLE % one_line(e) + "\n")
        sys.stderr.flush()
        os._exit(4)
    return cutlass, cute, ir, func


def one_line(e):
    text = " ".join(str(e).split())
    return (type(e).__name__ + (": " + text if text else ""))[:300]


class Adapter:
    def __init__(self, jit, chunk):
        self.cutlass, self.cute, self.ir, self.func = import_dsl(jit)
        self.version = getattr(self.cutlass, "__version__", "?")
        self.jit, self.chunk, self.count, self.scope = jit, max(1, chunk), 0, None
        self.values = {}  # operand -> its DSL value, in the current scope (not with --jit)
        self.memo = {}  # (op, args) -> reply: the DSL is deterministic
        self.ops = self._ops()
        if jit:
            self._traced = self._make_traced()
        try:  # the DSL imports on machines where it cannot run: try one layout
            probe = self.evaluate(lambda: self.show(self.cute.make_layout((2, 3), stride=(3, 1))))
        except Exception as e:
            probe = one_line(e)
        if probe != "(2,3):(3,1)":
            sys.stderr.write(NOT_IMPORTABLE % ("imported, but building the layout (2,3):(3,1) gave "
                                               + probe) + "\n")
            sys.stderr.flush()
            os._exit(4)

    # --- where the DSL runs -------------------------------------------------------------------

    def _open_scope(self):
        """An MLIR context with a function body to build ops in (what @cute.jit sets up)."""
        ir, func = self.ir, self.func
        if self.scope is not None:
            self.scope.close()
        scope = contextlib.ExitStack()
        scope.enter_context(ir.Context())
        scope.enter_context(ir.Location.unknown())
        module = ir.Module.create()
        scope.enter_context(ir.InsertionPoint(module.body))
        fop = func.FuncOp("layoutcheck_cases", ([], []))
        scope.enter_context(ir.InsertionPoint(fop.add_entry_block()))
        scope.keep = (module, fop)  # ops are never erased while their context is in use
        self.scope = scope
        self.values = {}

    def _make_traced(self):
        box = {}

        @self.cute.jit
        def layoutcheck_case():
            box["out"] = box["fn"]()

        def traced(fn):
            box["fn"], box["out"] = fn, None
            layoutcheck_case()
            return box.pop("out")
        return traced

    def evaluate(self, fn):
        """fn() (which builds DSL values and returns plain Python values) in a DSL scope;
        exceptions propagate."""
        if self.jit:
            result = {}

            def guarded():  # an exception must not cross the DSL's tracer
                try:
                    result["value"] = fn()
                except Exception as e:
                    result["error"] = e
            self._traced(guarded)
            if "error" in result:
                raise result["error"]
            return result["value"]
        if self.count % self.chunk == 0:
            self._open_scope()
        self.count += 1
        return fn()

    # --- values in and out --------------------------------------------------------------------

    def dsl(self, x):
        """A parsed operand as a DSL value: Lay -> Layout, tuples elementwise."""
        if isinstance(x, Lay):
            return self.cached(("layout", x), lambda: self.cute.make_layout(x.shape, stride=x.stride))
        if isinstance(x, tuple):
            return tuple(self.dsl(e) for e in x)
        return x

    def cached(self, key, make):
        """A DSL value built once per scope (an op's result can be used by any later op of
        the same function body); built afresh every time with --jit."""
        if self.jit:
            return make()
        if key not in self.values:
            self.values[key] = make()
        return self.values[key]

    def show(self, x):
        if isinstance(x, self.cute.Layout):
            return self.show(x.shape) + ":" + self.show(x.stride)
        if isinstance(x, tuple):
            return "(" + ",".join(self.show(e) for e in x) + ")"
        if isinstance(x, int) and not isinstance(x, bool):
            return str(x)
        raise NotStatic("a non-static or non-integer value %s (%s)" % (type(x).__name__, x))

    # --- the operations -----------------------------------------------------------------------

    def _ops(self):
        cute, cutlass, show = self.cute, self.cutlass, self.show

        def lay(x):
            if not isinstance(x, Lay):
                raise Unsupported("not a layout")
            return self.dsl(x)

        def tiler(x):  # Layout, int, or a (nested) tuple of them and None
            return self.dsl(x)

        def layout_tiler(x):  # the products that take only a Layout in the DSL
            if not isinstance(x, Lay):
                raise Unsupported("the DSL takes a Layout here")
            return self.dsl(x)

        def values(f, xs):
            return " ".join(show(f(x)) for x in xs)

        def offset_tensor(t):  # a coordinate tensor: its layout and its static iterator
            return "%s + %s" % (show(t.layout), show(t.iterator))

        def index32(i):
            return cutlass.Int32(i) if -2**31 <= i < 2**31 else cutlass.Int64(i)

        def complement(L, M=None):
            if M is None:
                raise Unsupported("the DSL's complement requires a cotarget")
            return show(cute.complement(lay(L), M))

        def tile_to_shape(B, S, order=None):
            if order is None:  # CuTe's default, column-major: the DSL takes one rank per mode
                order = tuple(range(len(S))) if isinstance(S, tuple) else 0
            return show(cute.tile_to_shape(lay(B), S, order))

        def make_layout_right(S):
            n = len(leaves(S))
            return show(cute.make_ordered_layout(S, order=ranked_like(S, range(n - 1, -1, -1))))

        def crd2idx(C, S, D=None):
            return show(cute.crd2idx(C, S if D is None else cute.make_layout(S, stride=D)))

        def slice_(L, C):
            layout, offset = cute.slice_and_offset(C, lay(L))
            return "%s + %s" % (show(layout), show(offset))

        def local_tile(L, T, C, P=None):
            return offset_tensor(cute.local_tile(cute.make_tensor(0, lay(L)), tiler(T), C, P))

        def local_partition(L, T, I, P=1):
            return offset_tensor(cute.local_partition(cute.make_tensor(0, lay(L)), tiler(T),
                                                      index32(I), P))

        def swizzled(B, M, S, L):
            return self.cached(("swizzled", B, M, S, L), lambda: cute.make_composed_layout(
                cute.make_swizzle(B, M, S), 0, cute.make_layout(1, stride=1) if L is None
                else lay(L)))

        def one(f):
            return lambda L: show(f(lay(L)))

        def by_tiler(f):
            return lambda A, T: show(f(lay(A), tiler(T)))

        def by_layout(f):
            return lambda A, B: show(f(lay(A), layout_tiler(B)))

        return {
            "size": one(cute.size),
            "cosize": one(cute.cosize),
            "rank": one(cute.rank),
            "depth": one(cute.depth),
            "call": lambda L, *I: values(lambda i, A=lay(L): cute.crd2idx(i, A), I),
            "flatten": one(cute.flatten),
            "coalesce": lambda L, P=None: show(cute.coalesce(lay(L), target_profile=P)),
            "coalesce_by_mode": lambda L, P: show(cute.coalesce(lay(L), target_profile=P)),
            "filter": one(cute.filter),
            "right_inverse": one(cute.right_inverse),
            "left_inverse": one(cute.left_inverse),
            "nullspace": one(cute.nullspace),
            "make_layout_like": one(cute.make_layout_like),
            "tile_to_shape": tile_to_shape,
            "upcast": lambda L, N: show(cute.recast_layout(N, 1, lay(L))),
            "downcast": lambda L, N: show(cute.recast_layout(1, N, lay(L))),
            "recast_layout": lambda L, O, N: show(cute.recast_layout(N, O, lay(L))),
            "max_common_vector": lambda A, B: show(cute.max_common_vector(lay(A), lay(B))),
            "max_common_layout": lambda A, B: show(cute.max_common_layout(lay(A), lay(B))),
            "make_layout_left": lambda S: show(cute.make_layout(S)),
            "make_layout_right": make_layout_right,
            "composition": by_tiler(cute.composition),
            "complement": complement,
            "logical_divide": by_tiler(cute.logical_divide),
            "zipped_divide": by_tiler(cute.zipped_divide),
            "tiled_divide": by_tiler(cute.tiled_divide),
            "flat_divide": by_tiler(cute.flat_divide),
            "logical_product": by_tiler(cute.logical_product),
            "zipped_product": by_layout(cute.zipped_product),
            "tiled_product": by_layout(cute.tiled_product),
            "blocked_product": by_layout(cute.blocked_product),
            "raked_product": by_layout(cute.raked_product),
            "idx2crd": lambda I, S: show(cute.idx2crd(I, S)),
            "crd2idx": crd2idx,
            "slice": slice_,
            "local_tile": local_tile,
            "local_partition": local_partition,
            "swizzle": lambda B, M, S, *X: values(
                lambda x, F=swizzled(B, M, S, None): cute.crd2idx(x, F), X),
            "swizzle_layout_call": lambda B, M, S, L, *I: values(
                lambda i, F=swizzled(B, M, S, L): cute.crd2idx(i, F), I),
            "shape_div": lambda A, B: show(cute.shape_div(A, B)),
            "product": lambda A: show(cute.product(A)),
        }

    def answer(self, op, args):
        key = json.dumps([op, args])
        if key not in self.memo:
            if len(self.memo) >= 1000000:
                self.memo.clear()
            self.memo[key] = self._answer(op, args)
        return dict(self.memo[key])

    def _answer(self, op, args):
        if op not in self.ops:
            return {"unsupported": True}
        try:
            operands = [parse(a) for a in args]
        except (ValueError, IndexError):
            return {"unsupported": True}  # a form of notation this parser does not read
        try:
            return {"result": self.evaluate(lambda: self.ops[op](*operands))}
        except Unsupported:
            return {"unsupported": True}
        except NotStatic as e:
            return {"refused": "cute-dsl adapter: " + str(e)[:200]}
        except Exception as e:  # the DSL's checks, assertions and MLIR errors: its refusals
            return {"refused": one_line(e)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jit", action="store_true",
                    help="trace every request in its own @cute.jit function (CUTE_DSL_DRYRUN=1)")
    ap.add_argument("--chunk", type=int, default=5000,
                    help="requests per MLIR context without --jit (default 5000)")
    opts = ap.parse_args()

    # The protocol owns the real stdout; anything else written to fd 1 (by the DSL, by
    # MLIR) goes to stderr.
    sys.stdout.flush()
    replies = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    adapter = Adapter(opts.jit, opts.chunk)
    sys.setrecursionlimit(10000)
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        op = req.get("op")
        if op == "hello":
            reply = {"protocol": 1, "name": "CuTe DSL " + adapter.version,
                     "ops": sorted(adapter.ops)}
        else:
            reply = adapter.answer(op, req.get("args", []))
        reply["id"] = req.get("id")
        replies.write(json.dumps(reply) + "\n")
        replies.flush()
    replies.flush()
    sys.stderr.flush()
    os._exit(0)  # skip the interpreter's teardown of live MLIR objects (it can crash)


main()
