#!/usr/bin/env bash
# Self-test of the cute-static adapter (adapters/cute_static/adapter.py): runs it
# on a fixed request list and checks answers that are hard facts about CuTe 4.2
# with static values.
#
#   adapters/cute_static/test_adapter.sh CUTE_INCLUDE [CUDA_INCLUDE...]
#
# CUTE_INCLUDE holds cute/ and cutlass/ (the nvidia-cutlass wheel's
# cutlass_library/source/include); CUDA_INCLUDE are CUDA's include/ and
# include/cccl. Needs python3 (or $PYTHON) and g++ (or $CXX). Uses a fresh cache
# in a temporary directory. Exit 0 when every check passes, 1 otherwise (2 on
# bad usage). About 30-60 s on 2 cores: precompiling the prelude, one batch.
#
# Checks:
#   1. hello announces "batch" and the algebra's operations;
#   2. a batch of 10 cases is cached whole ("result": "10") although one case
#      (complement of the overlapping (2,2):(1,1)) fails CuTe's static_assert:
#      the failing case is isolated and refused with CuTe's message, the others
#      answered: size, a composition CuTe gets right, CuTe's known wrong
#      composition (6,2):(1,7) o (3,2):(2,3) = (3,2):(2,3) (cutlass #2955),
#      a slice, a swizzle, swizzled smem offsets;
#   3. notation the adapter cannot translate and an operation CuTe lacks are
#      unsupported;
#   4. a case that dies of SIGFPE at run time (the static shape 0) is a crash:
#      asked for, the adapter exits with status 3;
#   5. a second run on the same cache answers everything without compiling, in
#      under 5 s.
set -u
if [[ $# -lt 1 ]]; then
  echo "usage: $0 CUTE_INCLUDE [CUDA_INCLUDE...]" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-python3}"
cxx="${CXX:-g++}"
cache="$(mktemp -d "${TMPDIR:-/tmp}/cute-static-test.XXXXXX")"
trap 'rm -rf "$cache"' EXIT

args=(--cute-include "$1" --cxx "$cxx" --cache "$cache")
shift
for d in "$@"; do args+=(--cuda-include "$d"); done

exec "$python" - "$here/adapter.py" "${args[@]}" <<'EOF'
import json, subprocess, sys, time

adapter, argv = sys.argv[1], sys.argv[2:]
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


def run(requests):
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    t0 = time.monotonic()
    p = subprocess.run([sys.executable, adapter, *argv, "--verbose"], input=lines, capture_output=True,
                       text=True, timeout=900)
    replies = {}
    for line in p.stdout.splitlines():
        try:
            r = json.loads(line)
            replies[r["id"]] = r
        except (ValueError, KeyError):
            check(False, "a reply that is not JSON: " + line[:200])
    return p.returncode, replies, time.monotonic() - t0, p.stderr


CASES = [  # (op, args, expected reply: a result string or a predicate on the reply)
    ("size", ["((2,2),3):((1,2),4)"], "12"),
    ("cosize", ["(2,2):(-2,4)"], "7"),
    ("composition", ["(4,2):(2,1)", "4:2"], "(2,2):(4,1)"),
    ("composition", ["(6,2):(1,7)", "(3,2):(2,3)"], "(3,2):(2,3)"),  # CuTe's known wrong answer
    ("complement", ["(2,2):(1,1)", "8"],
     lambda r: "compile error" in r.get("refused", "") and "Non-injective" in r["refused"]),
    ("logical_divide", ["(12,32):(32,1)", "<3:4,8:2>"], "((3,4),(8,(2,2))):((128,32),(2,(1,16)))"),
    ("slice", ["(4,2):(1,4)", "(_,1)"], "(4):(1) + 4"),
    ("call", ["(4,2):(2,1)", "0", "5", "9", "-1"], "0 3 4 -2"),
    ("swizzle", ["3", "4", "3", "0", "128", "255"], "0 144 239"),
    ("swizzle_bytes_call", ["3", "4", "3", "16", "(8,64):(64,1)", "1", "9", "65", "200"],
     "72 73 64 25"),
]
UNSUPPORTED = [("size", ["(4,2):(1,"]), ("prefix_product", ["(2,3)"]), ("no_such_op", ["4:1"])]
CRASH = ("call", ["(0,2):(1,0)", "1"])  # i % 0 at run time: SIGFPE

hello = {"v": 1, "id": 1, "op": "hello"}
batch = {"v": 1, "id": 2, "op": "batch",
         "requests": [{"op": op, "args": a} for op, a, _ in CASES] + [{"op": CRASH[0], "args": CRASH[1]}]}
singles = [{"v": 1, "id": 10 + k, "op": op, "args": a} for k, (op, a, _) in enumerate(CASES)]
unsup = [{"v": 1, "id": 50 + k, "op": op, "args": a} for k, (op, a) in enumerate(UNSUPPORTED)]
crash = {"v": 1, "id": 99, "op": CRASH[0], "args": CRASH[1]}


def check_answers(replies, label):
    for k, (op, a, want) in enumerate(CASES):
        r = replies.get(10 + k, {})
        ok = want(r) if callable(want) else r.get("result") == want
        check(ok, "%s: %s %s -> %s" % (label, op, " ".join(a), json.dumps(r)[:200]))
    for k, (op, a) in enumerate(UNSUPPORTED):
        r = replies.get(50 + k, {})
        check(r.get("unsupported") is True, "%s: %s %s unsupported" % (label, op, " ".join(a)))


rc, replies, secs, err = run([hello, batch, *singles, *unsup, crash])
print("first run: %.1f s, exit %d" % (secs, rc))
h = replies.get(1, {})
check(h.get("protocol") == 1 and "batch" in h.get("ops", []) and "composition" in h.get("ops", []),
      "hello announces batch and composition")
check(replies.get(2, {}).get("result") == str(len(CASES) + 1),
      "the batch cached every case: %s" % json.dumps(replies.get(2)))
check_answers(replies, "batch")
check(rc == 3 and 99 not in replies, "the SIGFPE case: exit 3 without a reply (exit %d)" % rc)
if failures:
    print(err[-4000:], file=sys.stderr)

rc, replies, secs, err = run([hello, *singles, *unsup, crash])
print("second run: %.1f s, exit %d" % (secs, rc))
check_answers(replies, "cached")
check(rc == 3, "cached crash: exit 3")
check(secs < 5.0, "the second run is answered from the cache in %.1f s (< 5 s)" % secs)
check("compiled" not in err, "the second run compiled nothing")

print("%d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
EOF
