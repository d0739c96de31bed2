#!/usr/bin/env python3
"""A report in a real browser (ctest cli.report.browser): headless Chromium
renders the HTML report of a mutant's counterexample; the screenshot must not
be blank, and the highlighted cell must be red where the mismatching index
lies: COMP-FN on (3,2):(1,4) o (3,2):(1,1) under composition-no-carry-check
fails at index 5, cell (row 2, column 1) of B's 3 x 2 grid.

browser_check.py LAYOUTCHECK WORKDIR   (exit 77: no Chromium or no Pillow)
"""
import os
import re
import shutil
import subprocess
import sys

LC, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
try:
    from PIL import Image
except ImportError:
    Image = None
if not chromium or Image is None:
    print("needs chromium and python3-pil (scripts/install-deps.sh installs both)")
    sys.exit(77)

report = os.path.join(WORK, "comp_fn.html")
p = subprocess.run([LC, "check", "COMP-FN", "(3,2):(1,4)", "(3,2):(1,1)", "--mutant",
                    "composition-no-carry-check", "--report", report], capture_output=True, text=True)
assert p.returncode == 1, (p.returncode, p.stdout, p.stderr)

# The same page with a probe that writes the red cells' boxes into the title
# (the title changes no layout, so the screenshot is the report's).
probe = os.path.join(WORK, "probe.html")
page = open(report).read()
script = """<script>
const boxes = [...document.querySelectorAll('rect.mismatch')].map(r => {
  const b = r.getBoundingClientRect();
  return [b.left, b.top, b.width, b.height, r.dataset.row, r.dataset.col].join(',');
});
document.title = 'BOXES ' + boxes.join(';');
</script>"""
open(probe, "w").write(page.replace("</body>", script + "</body>"))
flags = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--no-first-run", "--hide-scrollbars", "--force-device-scale-factor=1",
         "--window-size=1000,1600", "--user-data-dir=" + os.path.join(WORK, "profile")]
run = subprocess.run(flags + ["--dump-dom", "file://" + probe], capture_output=True, text=True,
                     timeout=120)
dom = run.stdout
if run.returncode != 0 and "<html" not in dom:  # the browser itself could not start here
    print("chromium could not start (exit %d): %s" % (run.returncode, run.stderr[-600:]))
    sys.exit(77)
m = re.search(r"<title>BOXES ([^<]*)</title>", dom)
assert m, "the probe did not run:\n" + dom[:500]
boxes = [b.split(",") for b in m.group(1).split(";") if b]
assert len(boxes) == 2, boxes  # the cell in the expected grid and in the actual grid
shot = os.path.join(WORK, "comp_fn.png")
subprocess.run(flags + ["--screenshot=" + shot, "file://" + probe], capture_output=True,
               timeout=120, check=True)
img = Image.open(shot).convert("RGB")
w, h = img.size
pixels = img.getdata()
non_white = sum(1 for px in pixels if px != (255, 255, 255))
colors = len(set(pixels))
assert non_white > 0.02 * w * h and colors > 8, f"blank screenshot: {non_white} non-white pixels, {colors} colors"
for left, top, width, height, row, col in boxes:
    assert (row, col) == ("2", "1"), (row, col)  # index 5 = 2 + 3 * 1
    cx, cy = float(left) + float(width) / 2, float(top) + float(height) / 4  # above the digit
    r, g, b = img.getpixel((int(cx), int(cy)))
    assert abs(r - 255) < 12 and abs(g - 80) < 12 and abs(b - 80) < 12, (cx, cy, (r, g, b))
    # the cell above it (row 1) is not red
    r2, g2, b2 = img.getpixel((int(cx), int(cy - float(height))))
    assert (r2, g2, b2) != (r, g, b), "the cell above is red too"
print(f"browser: {w}x{h} screenshot, {colors} colors; red cells at " +
      "; ".join(f"({float(b[0]):.0f},{float(b[1]):.0f})" for b in boxes) + ", row 2 column 1")
