"""CuTe notation for the Python audit adapters (docs/AUDIT.md): operands as
`layoutcheck op` takes them, parsed into Python values.

    parse("((2,2),3):((1,2),4)", Layout)   -> Layout((2,2),3), ((1,2),4))
    parse("<3:3,_>", Layout)                -> (Layout(3, 3), None)
    parse("(4,2)", Layout)                  -> (4, 2)

Integers are ints (`_4`, CuTe's static 4, is 4), tuples are tuples, `_` and
`X` are None, `S:D` is make_layout(S, D) with the adapter's own layout type,
and a tiler `<...>` is a tuple of its elements.
"""
import re

TOKEN = re.compile(r"\s*(_?-?\d+|[()<>:,_X])")


def tokens(text):
    out, pos, end = [], 0, len(text.rstrip())
    while pos < end:
        m = TOKEN.match(text, pos)
        if not m:
            raise ValueError("bad notation: " + text)
        tok = m.group(1)
        out.append(tok[1:] if tok.startswith("_") and len(tok) > 1 else tok)  # _4 is 4
        pos = m.end()
    return out


def parse(text, make_layout):
    """One operand: int, tuple, make_layout(shape, stride), None or a tiler tuple."""
    toks = tokens(text)

    def term(i):
        a, i = atom(i)
        if i < len(toks) and toks[i] == ":":
            b, i = atom(i + 1)
            return make_layout(a, b), i
        return a, i

    def atom(i):
        if toks[i] in "_X":
            return None, i + 1
        if toks[i] in "(<":
            close, items, i = {"(": ")", "<": ">"}[toks[i]], [], i + 1
            while True:
                v, i = term(i)
                items.append(v)
                if toks[i] == ",":
                    i += 1
                    continue
                if toks[i] == close:
                    return tuple(items), i + 1
                raise ValueError("expected , or " + close)
        return int(toks[i]), i + 1

    value, rest = term(0)
    if rest != len(toks):
        raise ValueError("trailing text in " + text)
    return value


def show_tuple(x):
    """An int or nested tuple of ints in CuTe notation: (4,(2,3))."""
    if isinstance(x, tuple):
        return "(" + ",".join(show_tuple(e) for e in x) + ")"
    return str(int(x))
