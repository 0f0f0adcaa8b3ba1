"""Benchmarks: book build, notebook execution against a bare kernel, explorable callbacks, static frames.

Run with ``make bench``. Prints markdown tables and writes them to
``benchmarks/results/latest.md``. Targets (from the issues):

* each notebook executes in at most 2x the time of a bare notebook that only
  imports numpy, scipy, matplotlib, ipywidgets and hotpart and draws one figure;
* each explorable callback (compute, draw and PNG render) at most 150 ms;
* in JupyterLab, from a slider step to the new figure on screen, p95 at most 150 ms per explorable;
* at most 100 frames per static explorable, at most 1 MB per page beyond the
  theme's own assets, and at most 5 minutes of added build time for all frames;
* a cold `make book` (virtualenv present) in at most 120 s, and a one-chapter prose edit followed by
  `make book` in at most 15 s (the floor: the sum of bare-notebook runs, reported beside the notebooks).
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/_timing.py

import hotpart as hp  # noqa: E402
from hotpart.book.plotting import palette_png, render_rgba  # noqa: E402

CALLBACK_TARGET_MS = 150.0
COLD_BOOK_TARGET_S = 120.0
EDIT_BOOK_TARGET_S = 15.0
NOTEBOOK_RATIO_TARGET = 2.0
FRAMES_TARGET = 100
PAGE_TARGET_BYTES = 1_000_000
FRAMES_BUILD_TARGET_S = 300.0
#: Issue 17's targets: a frame's median render, and a callback's median and worst (compute, update, PNG).
FRAME_TARGET_MS = 40.0
CALLBACK_MEDIAN_TARGET_MS = 50.0
CALLBACK_WORST_TARGET_MS = 100.0
FRESH_TEST_TARGET_S = 300.0

BARE = """import numpy as np, scipy, matplotlib, ipywidgets
import hotpart as hp
fig, (ax,) = hp.new_figure()
ax.plot(np.arange(10), np.arange(10) ** 2, label="x^2")
hp.finish_axes(ax, "bare", "x", "y")
hp.show(fig)"""


#: The issue-17 table's measured values, filled in by each section as it runs (None: not measured in this run).
SUMMARY: dict[str, float | None] = {}


def _execute(nb: nbformat.NotebookNode, cwd: Path) -> float:
    env_static = os.environ.pop("HOTPART_STATIC", None)
    try:
        start = time.perf_counter()
        NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(cwd)}}).execute()
        return time.perf_counter() - start
    finally:
        if env_static is not None:
            os.environ["HOTPART_STATIC"] = env_static


def bench_notebooks(repeats: int) -> list[str]:
    rows = ["| notebook | median s | bare kernel s | ratio | target <= 2x |", "| --- | --- | --- | --- | --- |"]
    bare_times = []
    for _ in range(repeats):
        bare = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BARE)])
        bare.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        bare_times.append(_execute(bare, ROOT / "notebooks"))
    bare_s = statistics.median(bare_times)
    chapters = sorted((ROOT / "notebooks").glob("*.ipynb"))
    rows.insert(2, f"| floor: {len(chapters)} bare notebooks | {bare_s * len(chapters):.2f} | | | report |")
    SUMMARY["bare"] = bare_s * len(chapters)
    for path in chapters:
        times = [_execute(nbformat.read(path, as_version=4), path.parent) for _ in range(repeats)]
        t = statistics.median(times)
        ratio = t / bare_s
        ok = "yes" if ratio <= NOTEBOOK_RATIO_TARGET else "NO"
        rows.append(f"| {path.name} | {t:.2f} | {bare_s:.2f} | {ratio:.2f} | {ok} |")
    return rows


def cold_caches() -> None:
    """Empty every cache a slider move could find warm: the ``functools`` caches of hotpart's modules, the
    remembered simulations (:mod:`hotpart.models._memo`) and the canvas's text caches."""
    from hotpart.book import _text_cache
    from hotpart.models import _memo

    for name, module in list(sys.modules.items()):
        if name == "hotpart" or name.startswith("hotpart."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()
    _memo.cache_clear()
    _text_cache.clear()


def _move(e: hp.Explorable, fig: object, values: dict[str, float | int], cold: bool) -> tuple[object, float, float]:
    """The figure at the defaults (untimed; every cache emptied first when ``cold``), then one timed slider move to
    ``values`` in the widget's path: compute, then update (or a new figure) and the PNG the widget sends."""
    if cold:
        cold_caches()
    fig = e.redraw(fig, e.data())  # the widget's figure at the defaults, on screen
    palette_png(render_rgba(fig))
    t0 = time.perf_counter()
    data = e.data(**values)
    t1 = time.perf_counter()
    fig = e.redraw(fig, data)  # update when the explorable can, else a new figure
    palette_png(render_rgba(fig))  # the PNG the widget sends, the same as the book's frame
    return fig, t1 - t0, time.perf_counter() - t1


def bench_callbacks(repeats: int) -> list[str]:
    """A slider move from the defaults to each point of every explorable's sweep, in the widget's path.

    **First visit** (the targets): before each of ``repeats`` moves every cache is emptied (:func:`cold_caches`) and
    the figure drawn at the defaults, so only what the defaults computed is warm; the median is reported. **Revisit**:
    one more move to the same point with the caches as the first visits left them (the models' and figures' caches,
    the remembered simulations, the text caches), as when a reader comes back to a setting.
    """
    from hotpart.book.explorable import freeze_gc_once

    freeze_gc_once()  # as the live widget does on its first display
    rows = [
        "| explorable | setting | compute ms | draw+render ms | first visit ms | target <= 150 ms | revisit ms |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    totals: list[float] = []
    revisits: list[float] = []
    computes: list[float] = []
    draws: list[float] = []
    for name, e in sorted(hp.EXPLORABLES.items()):
        points = e.sweep()
        labelled = [("default", points[0])] + [
            (", ".join(f"{k}={v:g}" for k, v in p.items() if v != points[0][k]), p) for p in points[1:]
        ]
        fig = None
        for label, values in labelled:
            compute, draw = [], []
            for _ in range(repeats):
                fig, c, d = _move(e, fig, values, cold=True)
                compute.append(c)
                draw.append(d)
            fig, c_again, d_again = _move(e, fig, values, cold=False)
            c, d = statistics.median(compute) * 1e3, statistics.median(draw) * 1e3
            again = (c_again + d_again) * 1e3
            ok = "yes" if c + d <= CALLBACK_TARGET_MS else "NO"
            rows.append(f"| {name} | {label} | {c:.1f} | {d:.1f} | {c + d:.1f} | {ok} | {again:.1f} |")
            totals.append(c + d)
            revisits.append(again)
            computes.append(c)
            draws.append(d)
    med, worst = statistics.median(totals), max(totals)
    SUMMARY["callback_compute"], SUMMARY["callback_draw"] = statistics.median(computes), statistics.median(draws)
    SUMMARY["callback_worst_draw"] = draws[totals.index(worst)]
    SUMMARY["callback_median"], SUMMARY["callback_worst"] = med, worst
    SUMMARY["revisit_median"], SUMMARY["revisit_worst"] = statistics.median(revisits), max(revisits)
    rows.append(
        f"| **all** | median / worst | | | **{med:.0f} / {worst:.0f}** | <= {CALLBACK_MEDIAN_TARGET_MS:.0f} / "
        f"{CALLBACK_WORST_TARGET_MS:.0f}: {'yes' if med <= CALLBACK_MEDIAN_TARGET_MS else 'NO'} / "
        f"{'yes' if worst <= CALLBACK_WORST_TARGET_MS else 'NO'} | {statistics.median(revisits):.0f} / "
        f"{max(revisits):.0f} |"
    )
    return rows


def bench_frames() -> list[str]:
    """Every explorable's frames through the book's own path (``_frames._frame``: compute, update or draw, render,
    palette PNG, for the wide and the narrow layout), serially; per-frame median against the 40 ms target, and whether
    the explorable updates."""
    import itertools

    from hotpart.book._frames import _FIGURES, FRAME_PHASES, _frame

    def medians(phases: dict[str, list[float]]) -> str:
        return " / ".join(f"{statistics.median(phases[p]) * 1e3:.1f}" for p in FRAME_PHASES)

    rows = [
        "| explorable | updates | frames | target <= 100 | render s (serial) | median ms per frame | target <= 40 ms "
        f"| median ms: {' / '.join(FRAME_PHASES)} | bytes, all frames (wide + narrow) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    total = 0.0
    per_frame: list[float] = []
    every: dict[str, list[float]] = {}
    for name, e in sorted(hp.EXPLORABLES.items()):
        grid = e.frame_grid()
        n = math.prod(len(a) for a in grid)
        size, narrow, times, phases = 0, 0, [], {}
        for point in itertools.product(*grid):
            t0 = time.perf_counter()
            wide_png, narrow_png, _ = _frame(e, point, phases)  # both layouts: the desktop's and the phone's
            times.append(time.perf_counter() - t0)
            size, narrow = size + len(wide_png), narrow + len(narrow_png)
        _FIGURES.clear()
        total += sum(times)
        per_frame += times
        for phase, seconds in phases.items():
            every.setdefault(phase, []).extend(seconds)
        med = statistics.median(times) * 1e3
        rows.append(
            f"| {name} | {'yes' if e.update else 'no'} | {n} | {'yes' if n <= FRAMES_TARGET else 'NO'} | "
            f"{sum(times):.1f} | {med:.0f} | {'yes' if med <= FRAME_TARGET_MS else 'NO'} | {medians(phases)} "
            f"| {size:,} + {narrow:,} |"
        )
    ok = "yes" if total <= FRAMES_BUILD_TARGET_S else "NO"
    med = statistics.median(per_frame) * 1e3
    SUMMARY["frame_median"] = med
    SUMMARY.update({f"frame_{p}": statistics.median(every[p]) * 1e3 for p in FRAME_PHASES})
    rows.append(
        f"| **all** | | | | **{total:.1f}** (target <= {FRAMES_BUILD_TARGET_S:.0f}: {ok}) | **{med:.0f}** "
        f"| {'yes' if med <= FRAME_TARGET_MS else 'NO'} | **{medians(every)}** | |"
    )
    return rows


def host_floor(repeats: int = 21) -> list[str]:
    """This host's speed, measured in the same run: a one-line figure (the bare notebook's) drawn afresh, rendered and
    encoded as a frame, median of ``repeats``; the frame and callback medians are reported as multiples of it, so
    runs on hosts of different speeds compare.
    """
    import matplotlib.pyplot as plt

    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fig, (ax,) = hp.new_figure()
        ax.plot(range(10), [i * i for i in range(10)], label="x^2")
        hp.finish_axes(ax, "bare", "x", "y")
        palette_png(render_rgba(fig))
        times.append(time.perf_counter() - t0)
        plt.close(fig)
    SUMMARY["host_floor"] = floor = statistics.median(times) * 1e3
    return ["| host floor | median ms |", "| --- | --- |", f"| a one-line figure drawn afresh, rendered, encoded | {floor:.1f} |"]


def _target(value: float, target: float) -> str:
    return f"<= {target:.0f}: {'yes' if value <= target else 'NO'}"


def _children_cpu_s() -> float:
    """CPU seconds (user + system) of every child process this one has waited for."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _make_book(*extra: str) -> tuple[float, str]:
    """`make book` (hotpart.book._build) as an author runs it; returns wall seconds and the build's own phases,
    with the CPU seconds it and its kernels spent and the cores they kept busy on average (CPU / wall)."""
    cpu = _children_cpu_s()
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "hotpart.book._build", *extra], cwd=ROOT, check=True, capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    cpu = _children_cpu_s() - cpu
    SUMMARY["last_build_cpu"], SUMMARY["last_build_wall"] = cpu, wall
    phases = re.search(r"^book: built in \d+ s \((.*)\)$", result.stdout, re.M)
    spent = f"; CPU {cpu:.0f} s, {cpu / wall:.2f} of {os.cpu_count()} cores busy"
    return wall, (phases.group(1) if phases else "") + spent


def bench_build() -> tuple[list[str], Path]:
    """Cold `make book` (no cached execution, page or frame), a forced rebuild with frames cached, and the
    author's loop: one chapter's prose edited, then `make book`."""
    html = ROOT / "_build" / "html"
    shutil.rmtree(ROOT / "_build" / ".explorable-cache", ignore_errors=True)
    cold, cold_phases = _make_book("--clean")
    SUMMARY["cold_cpu"] = SUMMARY["last_build_cpu"]
    warm, warm_phases = _make_book("--clean")  # every page executed again, the frames from their cache
    chapter = ROOT / "notebooks" / "05_write_sharding.ipynb"
    original = chapter.read_bytes()
    try:
        nb = nbformat.read(chapter, as_version=4)
        nb.cells[0].source += "\n\nA sentence the benchmark adds."
        nbformat.write(nb, chapter)
        edit, edit_phases = _make_book()
    finally:
        chapter.write_bytes(original)
    _make_book()  # back to the committed chapter
    SUMMARY["cold"], SUMMARY["edit"] = cold, edit
    rows = [
        "| build | wall s | target | the build's phases |",
        "| --- | --- | --- | --- |",
        f"| cold `make book` (virtualenv present) | {cold:.1f} | {_target(cold, COLD_BOOK_TARGET_S)} | {cold_phases} |",
        f"| `make book-clean`, frames cached | {warm:.1f} | report | {warm_phases} |",
        f"| one chapter's prose edited, then `make book` | {edit:.1f} | {_target(edit, EDIT_BOOK_TARGET_S)} | {edit_phases} |",
    ]
    return rows, html


def page_weights(html: Path) -> list[str]:
    """Bytes a page brings beyond the theme, on a desktop and on a phone: its HTML, its figures and its explorable
    frames in the layout that screen shows (the wide ``<img>``, or the narrow ``<source>`` of its ``<picture>``), its
    extra scripts."""
    rows = [
        "| page | HTML | images, desktop / phone | all explorable frames, desktop / phone | widget/MathJax scripts "
        "| total beyond theme, desktop / phone | target <= 1 MB |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]

    def size(page: Path, sources: set[str]) -> int:
        files = [(page.parent / src).resolve() for src in sources if "_images" in src or "_figures" in src]
        return sum(f.stat().st_size for f in files if f.exists())

    for page in sorted(html.rglob("*.html")):
        rel = page.relative_to(html)
        if rel.parts[0] in ("_static", "_explorables", "_figures", "reports") or rel.name in ("search.html", "genindex.html"):
            continue
        text = page.read_text(encoding="utf-8")
        wide_images = size(page, set(re.findall(r'<img[^>]+src="([^"]+)"', text)))
        narrow_images = size(page, set(re.findall(r'<source[^>]+srcset="([^"]+)"', text)))
        bases = {(page.parent / base).resolve() for base in set(re.findall(r'data-base="([^"]+)"', text))}
        wide_frames = sum(f.stat().st_size for base in bases for f in base.glob("[0-9][0-9][0-9].png"))
        narrow_frames = sum(f.stat().st_size for base in bases for f in base.glob("*-narrow.png"))
        extra = sum(
            (page.parent / src.split("?")[0]).resolve().stat().st_size
            for src in set(re.findall(r'<script[^>]+src="([^"]+)"', text))
            if ("/widgets/" in src or "/mathjax/" in src) and (page.parent / src.split("?")[0]).exists()
        )
        desktop = len(text.encode()) + wide_images + wide_frames
        phone = len(text.encode()) + narrow_images + narrow_frames
        ok = "yes" if max(desktop, phone) <= PAGE_TARGET_BYTES else "NO"
        rows.append(
            f"| {rel} | {len(text.encode()):,} | {wide_images:,} / {narrow_images:,} | {wide_frames:,} / {narrow_frames:,} "
            f"| {extra:,} | {desktop:,} / {phone:,} | {ok} |"
        )
    rows.append("")
    rows.append("MathJax (`tex-svg.js`) is Sphinx's math renderer, loaded on pages with math and counted apart;")
    rows.append("no page of the static book loads the widget scripts (no page carries widget state). A reader's browser")
    rows.append("fetches one layout of each figure, the one its screen's media query picks.")
    return rows


def model_benchmarks(repeats: int) -> list[str]:
    """Run every ``benchmarks/bench_*.py``: each defines ``TITLE`` and ``run(repeats) -> list[str]`` (table rows)."""
    import importlib.util

    out: list[str] = []
    for path in sorted(Path(__file__).parent.glob("bench_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        assert spec.loader is not None
        spec.loader.exec_module(module)
        out += [f"## {module.TITLE}", "", *module.run(repeats), ""]
    return out


def bench_fresh_clone_test() -> float:
    """`make test` on a fresh clone of this checkout's HEAD, beside it (as CI clones it); returns wall seconds.

    Also records its two phases in :data:`SUMMARY`: the set-up (``make venv``: the virtualenv and every requirement
    installed) and the test run itself, each with the CPU seconds it and its children spent, and the seconds pytest
    reports for its own session. CPU over cores is the wall time no schedule of the same work can beat.
    """
    clone = ROOT.parent / f"hotpart-bench-clone-{os.getpid()}"  # a sibling, so ../shared resolves as in CI
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    try:
        phases = {}
        for phase, target in (("venv", "venv"), ("tests", "test")):
            cpu, start = _children_cpu_s(), time.perf_counter()
            result = subprocess.run(["make", target], cwd=clone, check=True, capture_output=True, text=True)
            phases[phase] = (time.perf_counter() - start, _children_cpu_s() - cpu)
            if phase == "tests":
                session = re.search(r"passed.* in ([0-9.]+)s", result.stdout)
                SUMMARY["fresh_test_pytest"] = float(session.group(1)) if session else None
        SUMMARY["fresh_test_venv"], SUMMARY["fresh_test_venv_cpu"] = phases["venv"]
        SUMMARY["fresh_test_run"], SUMMARY["fresh_test_run_cpu"] = phases["tests"]
        return phases["venv"][0] + phases["tests"][0]
    finally:
        shutil.rmtree(clone, ignore_errors=True)


def issue17_table() -> list[str]:
    """Issue 17's six measures in one table: the value measured in this run, the target, and whether it is met."""

    floor = SUMMARY.get("host_floor")

    def row(label: str, key: str, unit: str, target: float | None, fmt: str = "{:.1f}", scaled: bool = False) -> str:
        value = SUMMARY.get(key)
        if value is None:
            return f"| {label} | not measured in this run | {'report' if target is None else f'<= {target:g} {unit}'} | |"
        met = "report" if target is None else ("yes" if value <= target else "NO")
        shown = fmt.format(value) + f" {unit}" + (times_floor(key) if scaled else "")
        return f"| {label} | {shown} | {'report' if target is None else f'<= {target:g} {unit}'} | {met} |"

    def times_floor(*keys: str) -> str:
        values = [SUMMARY.get(k) for k in keys]
        if floor is None or any(v is None for v in values):
            return ""
        return " (" + " / ".join(f"{v / floor:.1f}" for v in values if v is not None) + " x the host floor)"

    callback = (
        f"| explorable callback (first visit), compute + update + PNG, median / worst | "
        f"{SUMMARY['callback_median']:.0f} / {SUMMARY['callback_worst']:.0f} ms"
        f"{times_floor('callback_median', 'callback_worst')} | <= {CALLBACK_MEDIAN_TARGET_MS:g} / "
        f"{CALLBACK_WORST_TARGET_MS:g} ms | "
        f"{'yes' if SUMMARY['callback_median'] <= CALLBACK_MEDIAN_TARGET_MS else 'NO'} / "
        f"{'yes' if SUMMARY['callback_worst'] <= CALLBACK_WORST_TARGET_MS else 'NO'} |"
        if SUMMARY.get("callback_median") is not None
        else "| explorable callback, median / worst | not measured in this run | <= 50 / 100 ms | |"
    )
    return [
        "| measure | this run | target | met |",
        "| --- | --- | --- | --- |",
        row("cold `make book`, virtualenv present", "cold", "s", COLD_BOOK_TARGET_S),
        row("sum of bare-notebook runs (floor, same run)", "bare", "s", None),
        row("one-chapter prose edit, then `make book`", "edit", "s", EDIT_BOOK_TARGET_S),
        row("host floor: a one-line figure drawn afresh, rendered, encoded (median)", "host_floor", "ms", None),
        row("frame render, per frame (median)", "frame_median", "ms", FRAME_TARGET_MS, "{:.0f}", scaled=True),
        callback,
        (
            f"| the same, revisited (caches warm) | {SUMMARY['revisit_median']:.0f} / {SUMMARY['revisit_worst']:.0f} ms "
            "| report | report |"
            if SUMMARY.get("revisit_median") is not None
            else "| the same, revisited | not measured in this run | report | |"
        ),
        row("fresh-clone `make test` (`--fresh-clone-test`)", "fresh_test", "s", FRESH_TEST_TARGET_S, "{:.0f}"),
    ]


def issue17_bounds() -> list[str]:
    """What bounds each of issue 17's measures, from this run's own profile: where a frame's and a callback's time
    goes (medians of each step over every frame or setting), and how busy the cores were in the cold build."""
    get = SUMMARY.get
    lines = []
    if get("cold") is not None and get("cold_cpu") is not None:
        lines.append(
            f"* Cold `make book`: {get('cold_cpu'):.0f} CPU s (the build, its kernels and their frame workers) in "
            f"{get('cold'):.0f} s, {get('cold_cpu') / get('cold'):.2f} of {os.cpu_count()} cores busy on average"
            + (f"; the bare kernels alone sum to {get('bare'):.0f} s." if get("bare") is not None else ".")
        )
    if get("frame_median") is not None:
        from hotpart.book._frames import FRAME_PHASES

        steps = [get(f"frame_{p}") for p in FRAME_PHASES]
        lines.append(
            f"* Frame, median {get('frame_median'):.0f} ms; its steps' medians: compute {steps[0]:.1f}, update or draw "
            f"{steps[1]:.1f}, render (matplotlib's draw on Agg) {steps[2]:.1f}, PNG {steps[3]:.1f} ms: the render is "
            f"{steps[2] / sum(steps):.0%} of their sum."
        )
    if get("callback_median") is not None:
        lines.append(
            f"* Callback, first visit: compute median {get('callback_compute'):.1f} ms, update + render + PNG median "
            f"{get('callback_draw'):.1f} ms; the worst setting spends {get('callback_worst_draw'):.0f} of its "
            f"{get('callback_worst'):.0f} ms drawing and rendering."
        )
    if get("fresh_test") is not None:
        cores = os.cpu_count() or 1
        pytest_s = get("fresh_test_pytest")
        lines.append(
            f"* Fresh-clone `make test`, {get('fresh_test'):.0f} s: the set-up (virtualenv and requirements) "
            f"{get('fresh_test_venv'):.0f} s, then the tests {get('fresh_test_run'):.0f} s"
            + (f" (pytest's session {pytest_s:.0f} s)" if pytest_s is not None else "")
            + f". The tests spent {get('fresh_test_run_cpu'):.0f} CPU s, {get('fresh_test_run_cpu') / get('fresh_test_run'):.2f}"
            f" of {cores} cores busy on average: no schedule of the same work on {cores} cores finishes under "
            f"{get('fresh_test_run_cpu') / cores:.0f} s, so the set-up plus that bound, "
            f"{get('fresh_test_venv') + get('fresh_test_run_cpu') / cores:.0f} s, is this suite's floor here."
        )
    return ["What bounds them, measured in this run:", "", *lines] if lines else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3, help="repeats per timing (median reported)")
    parser.add_argument("--skip-build", action="store_true", help="skip the book build and page weights")
    parser.add_argument("--only-models", action="store_true", help="run only the benchmarks/bench_*.py sections")
    parser.add_argument("--skip-lab", action="store_true", help="skip the JupyterLab slider-latency section")
    parser.add_argument(
        "--fresh-clone-test", action="store_true", help="also time `make test` on a fresh clone (tens of minutes)"
    )
    parser.add_argument("--lab-steps", type=int, default=20, help="slider steps timed per explorable in JupyterLab")
    args = parser.parse_args()

    out = [f"# hotpart benchmarks ({time.strftime('%Y-%m-%d %H:%M')}, {os.cpu_count()} cores)", ""]
    if args.only_models:
        print("\n".join(out + model_benchmarks(args.repeats)))
        return
    if not args.skip_build:
        rows, html = bench_build()
        out += ["## Book build", "", *rows, "", "## Page weight", "", *page_weights(html), ""]
    out += ["## Host floor", "", *host_floor(), ""]
    out += ["## Notebook execution", "", *bench_notebooks(args.repeats), ""]
    out += ["## Explorable callbacks (compute, draw, render PNG)", "", *bench_callbacks(args.repeats), ""]
    if not args.skip_lab:
        import lab_latency

        out += ["## JupyterLab: slider step to new figure (in the page)", "", *lab_latency.run(args.lab_steps), ""]
    out += ["## Static frames", "", *bench_frames(), ""]
    out += model_benchmarks(args.repeats)
    if args.fresh_clone_test:
        SUMMARY["fresh_test"] = bench_fresh_clone_test()
    out[2:2] = ["## Issue 17's targets", "", *issue17_table(), "", *issue17_bounds(), ""]
    text = "\n".join(out)
    print(text)
    results = ROOT / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    (results / "latest.md").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
