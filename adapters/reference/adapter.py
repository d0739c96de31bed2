#!/usr/bin/env python3
"""The reference adapter of the layoutcheck audit protocol (docs/AUDIT.md), v1.

Reads one JSON request per line on stdin and writes one reply per line on
stdout. This one answers with `layoutcheck op` (argv[1] is its path), so an
audit of it checks layoutcheck itself; an adapter for another library puts
its own calls where `answer` runs the command. For the tests of the audit,
--bug composition-returns-b plants CuTe's known wrong composition (A o B = B)
and --bug crash-on-composition makes it exit mid-run.
"""
import json, subprocess, sys

def answer(cli, op, args, bug):
    if bug == "crash-on-composition" and op == "composition":
        sys.exit(3)
    if bug == "composition-returns-b" and op == "composition" and ":" in args[1] \
            and not args[1].startswith("<"):
        return {"result": args[1].replace(" ", "")}
    run = subprocess.run([cli, "op", op, *args], capture_output=True, text=True)
    if run.returncode == 0:
        return {"result": run.stdout.strip()}
    if run.returncode == 3:  # layoutcheck's exit code for a refusal
        return {"refused": run.stderr.strip()}
    return {"unsupported": True}

def main():
    cli, bug = sys.argv[1], sys.argv[3] if len(sys.argv) > 3 else ""
    for line in sys.stdin:
        req = json.loads(line)
        if req["op"] == "hello":
            reply = {"protocol": 1, "name": "layoutcheck (reference adapter)"}
        else:
            reply = answer(cli, req["op"], req.get("args", []), bug)
        reply["id"] = req["id"]
        print(json.dumps(reply), flush=True)

main()
