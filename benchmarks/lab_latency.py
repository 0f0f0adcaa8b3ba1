"""JupyterLab latency: from a slider step to the new figure on screen, for every explorable.

A notebook with one ``hp.explore(...)`` cell per explorable runs in a real JupyterLab server (tests/labdriver.py,
`make lab`'s flags) in Debian's Chromium. Each step is timed in the page itself: a key press on the slider's
handle, then the widget's new image loaded. That covers the whole round trip a reader waits for: the front
end sends the value, the kernel computes, draws and renders the PNG, and the browser decodes it. The
kernel-side part is the callback benchmark's figure (compute, draw, render); the rest is transport and
decoding.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import hotpart as hp  # noqa: E402
import labdriver  # noqa: E402

TARGET_P95_MS = 150.0
#: A step that moves the slider but brings no new figure within this long (ms) is taken to show the same picture
#: (neighbouring values of a control can draw identical frames): it is not timed and is counted apart. Twenty times
#: the target, so a slow figure is still timed.
UNCHANGED_MS = 20 * TARGET_P95_MS


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def run(steps: int = 20) -> list[str]:
    """One table row per explorable: steps timed, median and p95 ms, and whether p95 meets the target."""
    import shutil

    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium")
    if chromium is None:
        return ["(skipped: no Chromium; apt-get install chromium)"]
    work = Path(tempfile.mkdtemp(prefix="hotpart-lab-bench-"))
    cells = [nbformat.v4.new_code_cell("import hotpart as hp")]
    cells += [nbformat.v4.new_code_cell(f'hp.explore("{name}")') for name in hp.EXPLORABLES]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, work / "explorables.ipynb")
    rows = [
        f"| explorable | steps | median ms | p95 ms | target p95 <= {TARGET_P95_MS:.0f} ms | steps bringing no new "
        f"figure within {UNCHANGED_MS / 1000:g} s (not timed) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    with labdriver.lab_server(work, work / "home") as (base, token), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=labdriver.CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        panel = labdriver.open_notebook(page, base, token, "explorables.ipynb")
        labdriver.run_all(page, panel, base, token, timeout_s=600)
        every, untimed = [], 0
        for name in hp.EXPLORABLES:
            box = labdriver.explorable_box(page, panel, name)
            box.scroll_into_view_if_needed()
            ms, quiet = labdriver.step_latencies_ms(box, steps, timeout_ms=UNCHANGED_MS, max_untimed=steps)
            every += ms
            untimed += quiet
            p95 = _p95(ms)
            met = "yes" if p95 <= TARGET_P95_MS else "NO"
            rows.append(f"| {name} | {len(ms)} | {statistics.median(ms):.0f} | {p95:.0f} | {met} | {quiet} |")
        rows.append(f"| all | {len(every)} | {statistics.median(every):.0f} | {_p95(every):.0f} | | {untimed} |")
        browser.close()
    shutil.rmtree(work, ignore_errors=True)
    return rows


if __name__ == "__main__":
    print("\n".join(run(int(sys.argv[1]) if len(sys.argv) > 1 else 20)))
