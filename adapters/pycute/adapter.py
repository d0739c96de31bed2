#!/usr/bin/env python3
"""pycute (NVIDIA's legacy pure-Python CuTe reference, in the nvidia-cutlass
wheel) behind the layoutcheck audit protocol v1 (docs/AUDIT.md).

    layoutcheck audit --impl 'PYTHON adapters/pycute/adapter.py'

PYTHON must import pycute: scripts/setup-adapters.sh installs the pinned
wheel into .venv (then PYTHON is .venv/bin/python). Operands arrive in CuTe
notation and are parsed here into pycute's values (tuples, Layout, None for
`_`); results are printed back in that notation. A Python exception is the
implementation's refusal; an operation pycute lacks is unsupported.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import cute_notation  # noqa: E402  (adapters/python: the notation the adapters share)
import pycute
from pycute import Layout



def parse(text):
    """A CuTe-notation operand: int, tuple, Layout, None (`_`) or a tiler tuple."""
    return cute_notation.parse(text, Layout)


def show(x):
    if isinstance(x, Layout):
        return show(x.shape) + ":" + show(x.stride)
    if isinstance(x, tuple):
        return cute_notation.show_tuple(x)
    return str(int(x))


OPS = {
    "size": lambda L: pycute.size(L),
    "cosize": lambda L: pycute.cosize(L),
    "call": lambda L, *i: " ".join(str(L(k)) for k in i),
    "coalesce": lambda L, p=None: pycute.coalesce(L, p),
    "coalesce_by_mode": lambda L, p: pycute.coalesce(L, p),
    "filter": lambda L: pycute.filter(L),
    "composition": lambda A, B: pycute.composition(A, B),
    "complement": lambda L, M=None: pycute.complement(L) if M is None else pycute.complement(L, M),
    "right_inverse": lambda L: pycute.right_inverse(L),
    "left_inverse": lambda L: pycute.left_inverse(L),
    "logical_divide": lambda A, B: pycute.logical_divide(A, B),
    "zipped_divide": lambda A, B: pycute.zipped_divide(A, B),
    "tiled_divide": lambda A, B: pycute.tiled_divide(A, B),
    "logical_product": lambda A, B: pycute.logical_product(A, B),
    "zipped_product": lambda A, B: pycute.zipped_product(A, B),
    "tiled_product": lambda A, B: pycute.tiled_product(A, B),
    "idx2crd": lambda i, s: pycute.idx2crd(i, s),
    "crd2idx": lambda c, s, d=None: pycute.crd2idx(c, s, d),
    "shape_div": lambda a, b: pycute.shape_div(a, b),
    "prefix_product": lambda a, init=1: pycute.prefix_product(a, init),
    "product": lambda a: pycute.product(a),
    "inner_product": lambda a, b: pycute.inner_product(a, b),
    "swizzle": lambda b, m, s, *x: " ".join(str(pycute.Swizzle(b, m, s)(v)) for v in x),
}


def answer(op, args):
    if op not in OPS:
        return {"unsupported": True}
    try:
        value = OPS[op](*[parse(a) for a in args])
    except Exception as e:  # pycute's assertions and errors: its refusals
        return {"refused": type(e).__name__ + ": " + str(e)[:200]}
    if isinstance(value, str):
        return {"result": value}
    if isinstance(value, (int, tuple, Layout)) and not isinstance(value, bool):
        return {"result": show(value)}
    return {"refused": "pycute returned " + repr(value)[:200]}


def main():
    sys.setrecursionlimit(10000)
    for line in sys.stdin:
        req = json.loads(line)
        if req["op"] == "hello":
            reply = {"protocol": 1, "name": "pycute (nvidia-cutlass 4.2)", "ops": sorted(OPS)}
        else:
            reply = answer(req["op"], req.get("args", []))
        reply["id"] = req["id"]
        print(json.dumps(reply), flush=True)


main()
