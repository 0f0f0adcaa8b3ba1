"""The kernel-free rendering of an explorable, for the built book.

The same ``compute`` and ``plot`` functions that drive the live widget are run
over a grid of at most two controls (the explorable's ``static`` controls);
each frame is written as a small palette PNG under the book's output folder,
and a few lines of JavaScript swap them as the reader moves range inputs. The
other controls stay at their defaults, and the figure says so. Axis limits are
the plotting function's own, computed from the fixed controls, so they do not
rescale from frame to frame.

Frames are cached under ``<output>/../.explorable-cache/<key>``, where the key
hashes every file of :mod:`hotpart` (subpackages included), the matplotlib version and the
grid: any change to a model or to plotting code renders them again, so they
are never stale. An explorable's frames render in parallel, one forked process per core
(:func:`frame_workers`, ``HOTPART_FRAME_WORKERS`` to override), byte for byte as the serial path renders them.
"""

from __future__ import annotations

import html
import itertools
import json
import multiprocessing
import os
import re
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import matplotlib

from ..models._validation import check_integer
from . import _reader
from ._build import source_digest
from .explorable import Control, Explorable, freeze_gc_once
from .plotting import palette_png, render_rgba

__all__ = ["FRAMES_FOLDER", "FRAME_PHASES", "frame_key", "frame_workers", "static_html"]

#: Where frames go, under the book's HTML output folder.
FRAMES_FOLDER = "_explorables"
#: Bytes the frames of all explorables on one page may weigh, so that the page (with its HTML and
#: figures) stays under 1 MB beyond the theme. Each explorable gets an equal part, and its grid
#: shrinks to fit, judged by the size of its default frame.
PAGE_FRAMES_BUDGET_BYTES = 800_000
#: Frames per explorable at most.
MAX_FRAMES = 100


def frame_key(explorable: Explorable, grid: list[tuple[Any, ...]]) -> str:
    """A hash of everything a frame depends on: the package's code, matplotlib, the grid."""
    h = source_digest()  # every file of the package, subpackages included
    h.update(matplotlib.__version__.encode())
    h.update(repr((explorable.name, explorable.static, grid)).encode())
    return h.hexdigest()[:16]


#: The figure each explorable last drew in this process, reused through ``Explorable.update`` for the next frame.
_FIGURES: dict[str, Any] = {}


#: The steps of one frame, in order, as :func:`_frame` times them for ``make bench``.
FRAME_PHASES = ("compute", "update or draw", "render", "PNG")


def _frame(explorable: Explorable, point: tuple[Any, ...], phases: dict[str, list[float]] | None = None) -> tuple[bytes, str]:
    """One frame: the palette PNG and the caption at the static controls' values ``point``.

    An explorable with an ``update`` redraws the figure it drew for the previous frame (in this process) instead
    of building a new one; the pixels are the same either way (a test compares them). With ``phases``, the
    seconds each of :data:`FRAME_PHASES` took are appended to it, a list per phase (the benchmark's profile of
    where a frame's time goes).
    """
    start = time.perf_counter()
    data = explorable.data(**dict(zip(explorable.static, point, strict=True)))
    computed = time.perf_counter()
    fig = explorable.redraw(_FIGURES.get(explorable.name), data)
    if explorable.update is not None:
        _FIGURES[explorable.name] = fig
    drawn = time.perf_counter()
    pixels = render_rgba(fig)
    rendered = time.perf_counter()
    png = palette_png(pixels)
    if phases is not None:
        marks = (start, computed, drawn, rendered, time.perf_counter())
        for name, begin, end in zip(FRAME_PHASES, marks, marks[1:], strict=False):
            phases.setdefault(name, []).append(end - begin)
    return png, explorable.caption(data)


def _registered_frame(job: tuple[str, tuple[Any, ...]]) -> tuple[bytes, str]:
    """A frame in a worker process: the explorable is looked up by name in the registry the fork inherited."""
    from .explorable import EXPLORABLES

    name, point = job
    return _frame(EXPLORABLES[name], point)


def frame_workers() -> int:
    """Processes that render one explorable's frames: ``HOTPART_FRAME_WORKERS``, else the machine's cores.

    Examples
    --------
    >>> frame_workers() >= 1
    True
    """
    value = os.environ.get("HOTPART_FRAME_WORKERS", "")
    if value.strip():
        try:
            number = int(value.strip())
        except ValueError:
            raise ValueError(f"HOTPART_FRAME_WORKERS = {value!r} is not a whole number: must be in [1, 64]") from None
        return check_integer("HOTPART_FRAME_WORKERS", number, low=1, high=64)
    return max(1, min(os.cpu_count() or 1, 64))


def _render_frames(explorable: Explorable, grid: list[tuple[Any, ...]], folder: Path, workers: int | None = None) -> list[str]:
    """Render every frame of ``grid`` into ``folder``, in parallel on ``workers`` forked processes.

    The frames are byte-for-byte those of the serial path (a test compares them): each worker runs the same
    ``compute``, ``plot`` and PNG encoding on the same inputs, and the results come back in grid order.
    """
    from .explorable import EXPLORABLES

    folder.mkdir(parents=True, exist_ok=True)
    points = list(itertools.product(*grid))
    workers = frame_workers() if workers is None else workers
    forkable = "fork" in multiprocessing.get_all_start_methods() and EXPLORABLES.get(explorable.name) is explorable
    if workers > 1 and len(points) > 1 and forkable:
        with multiprocessing.get_context("fork").Pool(min(workers, len(points))) as pool:
            frames = pool.map(_registered_frame, [(explorable.name, p) for p in points], chunksize=1)
    else:
        frames = [_frame(explorable, p) for p in points]
    _FIGURES.pop(explorable.name, None)
    for index, (png, _) in enumerate(frames):
        (folder / f"{index:03d}.png").write_bytes(png)
    captions = [caption for _, caption in frames]
    (folder / "captions.json").write_text(json.dumps(captions, ensure_ascii=False), encoding="utf-8")
    return captions


_EXPLORE_CALL = re.compile(r"""explore\(\s*["']([\w-]+)["']""")


def explorables_on_page(name: str, root: Path | None = None) -> int:
    """How many explorables share a page with ``name``: the most in any notebook that shows it (at least 1)."""
    root = root if root is not None else _book_root()
    counts = [1]
    for notebook in sorted((root / "notebooks").glob("*.ipynb")) if root else []:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        names = set(_EXPLORE_CALL.findall(code))
        if name in names:
            counts.append(len(names))
    return max(counts)


def frame_budget(explorable: Explorable, on_page: int = 1, default_pixels: Any = None) -> int:
    """How many frames fit this explorable's part of :data:`PAGE_FRAMES_BUDGET_BYTES` (at most 100).

    The default frame (``default_pixels``, the pixels of the figure drawn at the defaults, else drawn here) is
    measured as a frame; frames of one figure differ little, and a 10% margin absorbs that.
    """
    if default_pixels is None:
        default_pixels = render_rgba(explorable.draw(explorable.data()))
    first = len(palette_png(default_pixels))
    share = 0.9 * PAGE_FRAMES_BUDGET_BYTES / max(1, on_page)
    return max(4, min(MAX_FRAMES, int(share // first)))


def _format(control: Control, value: float) -> str:
    return control.text(value)


def _book_root() -> Path | None:
    """The book's root: the nearest folder, from the kernel's working folder up, holding ``_config.yml``."""
    here = Path.cwd().resolve()
    return next((f for f in [here, *here.parents] if (f / "_config.yml").is_file()), None)


def _page_prefix() -> str:
    """Relative URL from the page being executed (the kernel runs in its folder) to the book's root."""
    root = _book_root()
    return "../" * len(Path.cwd().resolve().relative_to(root).parts) if root else ""


def _publish(folder: Path, fill: Callable[[Path], object]) -> None:
    """Make ``folder`` appear whole or not at all: ``fill`` a private sibling, then rename it into place.

    Kernels executing chapters at the same time, and test workers, may render or copy the same frames; a folder
    is never seen half-written, and a rename that finds the folder already there (another process finished
    first, with the same bytes, since the key names them) discards this copy. A folder left incomplete by an
    older build (no ``captions.json``) is replaced.
    """
    if folder.is_dir() and not (folder / "captions.json").is_file():
        shutil.rmtree(folder, ignore_errors=True)
    folder.parent.mkdir(parents=True, exist_ok=True)
    private = folder.with_name(f".{folder.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    shutil.rmtree(private, ignore_errors=True)
    try:
        fill(private)
        try:
            os.rename(private, folder)
        except OSError:
            if not (folder / "captions.json").is_file():
                raise
    finally:
        shutil.rmtree(private, ignore_errors=True)


def static_html(explorable: Explorable, out_dir: Path) -> str:
    """Render ``explorable``'s frames into ``out_dir`` and return the HTML that shows them.

    Parameters
    ----------
    explorable : Explorable
        What to render.
    out_dir : Path
        The book's HTML output folder (``_build/html``).

    Returns
    -------
    str
        A self-contained HTML fragment: title, range inputs, the first frame
        (the defaults), its caption, and the script that swaps frames.
    """
    freeze_gc_once()  # as the live widget does: full collections then skip the imports' objects (9% of a frame)
    data = explorable.data()
    pixels = render_rgba(explorable.draw(data))  # the defaults, drawn anew: the reader's edition shows this figure
    caches = out_dir.resolve().parent / ".explorable-cache"
    # the reader's edition, written after the book, finds its first frame here instead of drawing it again
    _reader.first_frame(explorable, data, pixels, keep_in=caches / _reader.FIRST_FRAMES)
    grid = explorable.frame_grid(frame_budget(explorable, explorables_on_page(explorable.name), pixels))
    key = frame_key(explorable, grid)
    cache = caches / f"{explorable.name}-{key}"
    if not (cache / "captions.json").is_file():
        _publish(cache, lambda folder: _render_frames(explorable, grid, folder))
    target = out_dir / FRAMES_FOLDER / f"{explorable.name}-{key}"
    if not target.is_dir():
        _publish(target, lambda folder: shutil.copytree(cache, folder))
    captions = json.loads((cache / "captions.json").read_text(encoding="utf-8"))

    defaults = explorable.defaults()
    start = [axis.index(explorable.control(n).snap(defaults[n])) for n, axis in zip(explorable.static, grid, strict=True)]
    base = f"{_page_prefix()}{FRAMES_FOLDER}/{explorable.name}-{key}/"
    sizes = [len(a) for a in grid]
    first = 0
    for i, n in zip(start, sizes, strict=True):
        first = first * n + i

    inputs = []
    for axis_index, (name, axis) in enumerate(zip(explorable.static, grid, strict=True)):
        c = explorable.control(name)
        labels = [_format(c, v) for v in axis]
        inputs.append(
            f'<label class="hp-control">{html.escape(c.label)} '
            '<input type="range" style="width:min(22em,60%);vertical-align:middle;" '
            f'min="0" max="{len(axis) - 1}" step="1" value="{start[axis_index]}" '
            f'data-axis="{axis_index}" data-labels="{html.escape(json.dumps(labels, ensure_ascii=False))}" '
            f'aria-label="{html.escape(c.description)}">'
            f" <output>{html.escape(labels[start[axis_index]])}</output></label>"
        )
    fixed = [explorable.control(n) for n in defaults if n not in explorable.static]
    fixed_text = "; ".join(f"{html.escape(c.label)} = {html.escape(_format(c, defaults[c.name]))}" for c in fixed)
    captions_json = json.dumps(captions, ensure_ascii=False).replace("</", "<\\/")
    script = (
        "(function(){var root=document.currentScript.parentElement;"
        "var sizes=JSON.parse(root.dataset.sizes),base=root.dataset.base;"
        "var captions=JSON.parse(root.querySelector('script.hp-captions').textContent);"
        "var img=root.querySelector('img'),cap=root.querySelector('.hp-caption');"
        "var inputs=root.querySelectorAll('input[type=range]');"
        "function update(){var index=0;inputs.forEach(function(el,k){var i=parseInt(el.value,10);"
        "index=index*sizes[k]+i;el.nextElementSibling.textContent=JSON.parse(el.dataset.labels)[i];});"
        "var s=String(index);while(s.length<3){s='0'+s;}img.src=base+s+'.png';cap.textContent=captions[index];}"
        "inputs.forEach(function(el){el.addEventListener('input',update);});})();"
    )
    return (
        f'<div class="hotpart-explorable" data-explorable="{html.escape(explorable.name)}" '
        f"data-sizes='{json.dumps(sizes)}' data-base=\"{html.escape(base)}\" "
        'style="border:1px solid #ddd;border-radius:6px;padding:0.6em 0.8em;margin:1em 0;">'
        f'<p style="margin:0 0 0.3em 0;"><b>{html.escape(explorable.title)}</b></p>'
        f'<p style="margin:0 0 0.5em 0;font-size:90%;"><i>Try: {html.escape(explorable.try_this)}</i></p>'
        f'<div style="display:flex;flex-direction:column;gap:0.2em;">{"".join(inputs)}</div>'
        '<div class="hp-frame" style="overflow-x:auto;">'
        f'<img src="{html.escape(base)}{first:03d}.png" alt="{html.escape(explorable.title)}" '
        'style="max-width:100%;height:auto;display:block;margin-top:0.5em;"></div>'
        f'<p class="hp-caption" style="font-size:90%;">{html.escape(captions[first])}</p>'
        + (
            f'<p style="font-size:80%;color:#555;">Fixed in the book at their defaults: {fixed_text}. '
            "Run the notebook in Jupyter to move every control.</p>"
            if fixed
            else ""
        )
        + f'<script type="application/json" class="hp-captions">{captions_json}</script>'
        f"<script>{script}</script></div>"
    )
