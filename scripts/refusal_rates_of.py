#!/usr/bin/env python3
"""Refusal rates of any `layoutcheck`-compatible CLI on the operands of a dump.

    build/dev/cli/layoutcheck refusals --cases 2000 --dump cases.tsv
    scripts/refusal_rates_of.py OTHER/layoutcheck cases.tsv 2000

Runs `EXE op OP OPERANDS...` for every case of the dump (op, operands, whether an
answer exists by the oracle: 1/0/?), in the dump's order (CASES rows per
operation and class, admissible then mixed), and prints per operation and class
how many it refused (exit 3) and how many of those had an answer. Used to measure
an older build on the same operands (docs/PERFORMANCE.md, "Refusal rates").
"""
import collections
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def main():
    exe, dump, cases = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rows = [line.rstrip("\n").split("\t") for line in open(dump)]

    def run(row):
        op, operands, exists = row
        p = subprocess.run([exe, "op", op] + operands.split(", "), capture_output=True, text=True)
        return op, exists, p.returncode

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(run, rows))
    tally = collections.OrderedDict()
    for k, (op, exists, rc) in enumerate(results):
        cls = "admissible" if (k // cases) % 2 == 0 else "mixed"
        t = tally.setdefault((op, cls), [0, 0, 0, 0])
        t[0] += 1
        t[1] += rc == 3
        t[2] += rc == 3 and exists == "1"
        t[3] += rc not in (0, 3)
    print("| op | class | cases | refused | needless (an answer exists) | other exit |")
    print("|---|---|---|---|---|---|")
    for (op, cls), (n, refused, needless, other) in tally.items():
        print(f"| {op} | {cls} | {n} | {refused} ({100 * refused / n:.1f}%) | "
              f"{needless} ({100 * needless / n:.1f}%) | {other} |")


if __name__ == "__main__":
    main()
