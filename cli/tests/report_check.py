#!/usr/bin/env python3
"""The reports and pictures as a reader's tools see them (ctest cli.report.*).

report_check.py LAYOUTCHECK WORKDIR formats
    draw's SVG parses as XML; its HTML and a selftest report parse with
    html5lib, an HTML5 parser, in strict mode (any parse error fails) and as
    XML (they are XHTML-compatible); the report holds the killed mutant's law,
    a red cell and the replay command.
report_check.py LAYOUTCHECK WORKDIR junit
    verify --junit and --json: one testcase per law of `check --list` and one
    per row of the summary table, and the JSON agrees.
"""
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

LC, WORK, WHAT = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(WORK, exist_ok=True)
SVG = "{http://www.w3.org/2000/svg}"
XHTML = "{http://www.w3.org/1999/xhtml}"


def run(*args, want=0):
    p = subprocess.run([LC, *args], capture_output=True, text=True)
    if p.returncode != want:
        sys.exit(f"layoutcheck {' '.join(args)}: exit {p.returncode}, want {want}\n{p.stdout}\n{p.stderr}")
    return p.stdout


def html5_strict(path):
    try:
        import html5lib
    except ImportError:
        print("html5lib is not installed (Debian: python3-html5lib)")
        sys.exit(77)
    with open(path, "rb") as f:
        html5lib.HTMLParser(strict=True).parse(f)  # raises on the first parse error


def formats():
    svg = os.path.join(WORK, "lesson.svg")
    run("draw", "(2,(2,2)):(4,(1,2))", "--out", svg)
    root = ET.parse(svg).getroot()
    assert root.tag == SVG + "svg", root.tag
    cells = root.findall(f".//{SVG}rect")
    assert len(cells) == 8, len(cells)
    html = os.path.join(WORK, "tv.html")
    run("draw", "--thr", "(4,2):(2,1)", "--val", "(2,2):(1,2)", "--out", html)
    html5_strict(html)
    ET.parse(html)
    report = os.path.join(WORK, "selftest.html")
    # --cases 40: the control's run of every law at 40 cases instead of 200
    run("selftest", "--mutant", "composition-no-carry-check", "--seed", "1", "--cases", "40",
        "--report", report)
    html5_strict(report)
    doc = ET.parse(report).getroot()
    sections = doc.findall(f".//{XHTML}section")
    assert sections and sections[0].get("id", "").startswith("f1-COMP"), [s.get("id") for s in sections]
    red = [r for r in doc.iter(SVG + "rect") if "mismatch" in r.get("class", "")]
    assert red, "no highlighted cell"
    text = open(report).read()
    assert "layoutcheck check COMP" in text and "--mutant composition-no-carry-check" in text
    # audit --report: a finding of an implementation over the protocol (the
    # reference adapter with CuTe's wrong composition planted)
    adapter = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "adapters",
                           "reference", "adapter.py")
    audit = os.path.join(WORK, "audit.html")
    run("audit", "--impl", f"{sys.executable} {adapter} {LC} --bug composition-returns-b",
        "--laws", "COMP-FN,COAL-FN", "--cases", "50", "--seed", "1", "--report", audit, want=1)
    html5_strict(audit)
    adoc = ET.parse(audit).getroot()
    ids = [s.get("id") for s in adoc.findall(f".//{XHTML}section") if s.get("id")]
    assert ids == ["f1-COMP-FN"], ids
    ared = [r for r in adoc.iter(SVG + "rect") if "mismatch" in r.get("class", "")]
    assert ared, "no highlighted cell in the audit report"
    assert "COAL-FN: holds" in open(audit).read()
    print(f"formats: SVG 8 cells; HTML5 strict parses; selftest report {len(sections)} section(s), "
          f"{len(red)} red cell(s); audit report: COMP-FN, {len(ared)} red cell(s)")


def junit():
    xml_file, json_file = os.path.join(WORK, "verify.xml"), os.path.join(WORK, "verify.json")
    # The formats need every kind of row, not every record: one vector file
    # and the first 40 CUTLASS cases (cli.verify.all runs them all).
    root_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    vectors = os.path.join(WORK, "vectors")
    os.makedirs(vectors, exist_ok=True)
    with open(os.path.join(root_dir, "tests", "vectors", "size.jsonl")) as src, \
            open(os.path.join(vectors, "size.jsonl"), "w") as dst:
        dst.write(src.read())
    cutlass = os.path.join(WORK, "cutlass.jsonl")
    with open(os.path.join(root_dir, "tests", "conformance", "cutlass_cases.jsonl")) as src, \
            open(cutlass, "w") as dst:
        dst.writelines(src.readlines()[:40])
    run("verify", "--cases", "2", "--seed", "1", "--vectors", vectors, "--cutlass", cutlass,
        "--junit", xml_file, "--json", json_file)
    laws = [l.split()[2] for l in run("check", "--list").splitlines() if l.startswith("layoutcheck check ")]
    root = ET.parse(xml_file).getroot()
    assert root.tag == "testsuites", root.tag
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    law_cases = [c.get("name") for c in suites["laws"].findall("testcase")]
    assert law_cases == laws, (len(law_cases), len(laws))
    checks = [c.get("name") for c in suites["checks"].findall("testcase")]
    assert "laws" in checks and "lesson" in checks and "vectors/size" in checks, checks
    assert "cutlass" in checks and "bulk" in checks, checks
    assert root.get("failures") == "0", root.get("failures")
    j = json.load(open(json_file))
    assert [l["law"] for l in j["laws"]] == laws
    assert [c["name"] for c in j["checks"]] == checks
    assert j["exit"] == 0 and j["failed"] == 0
    print(f"junit: {len(law_cases)} laws, {len(checks)} checks; JSON agrees")


{"formats": formats, "junit": junit}[WHAT]()
