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
from ._narrow import picture_html, smallest_text_px
from .explorable import Control, Explorable, freeze_gc_once
from .plotting import DPI, palette_png, render_rgba

__all__ = ["FRAMES_FOLDER", "FRAME_PHASES", "NARROW_SUFFIX", "frame_key", "frame_workers", "static_html"]

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


#: The figures each explorable last drew in this process, by its name and layout (narrow or not), reused through
#: ``Explorable.update`` for the next frame.
_FIGURES: dict[tuple[str, bool], Any] = {}
#: What a frame's narrow layout adds to its file name (``007-narrow.png``).
NARROW_SUFFIX = "-narrow"


#: The steps of one frame, in order, as :func:`_frame` times them for ``make bench``.
FRAME_PHASES = ("compute", "update or draw", "render", "PNG")


def _frame(
    explorable: Explorable, point: tuple[Any, ...], phases: dict[str, list[float]] | None = None
) -> tuple[bytes, bytes, str]:
    """One frame: the palette PNGs of the wide and the narrow layout, and the caption, at the static controls'
    values ``point``.

    An explorable with an ``update`` redraws the figures it drew for the previous frame (in this process, one per
    layout) instead of building new ones; the pixels are the same either way (a test compares them). With
    ``phases``, the seconds each of :data:`FRAME_PHASES` took (both layouts together) are appended to it, a list per
    phase (the benchmark's profile of where a frame's time goes).
    """
    start = time.perf_counter()
    data = explorable.data(**dict(zip(explorable.static, point, strict=True)))
    marks = [start, time.perf_counter()]
    pngs = []
    spent = dict.fromkeys(FRAME_PHASES[1:], 0.0)
    for narrow in (False, True):
        key = (explorable.name, narrow)
        begin = time.perf_counter()
        fig = explorable.redraw(_FIGURES.get(key), data, narrow=narrow)
        if explorable.update is not None:
            _FIGURES[key] = fig
        drawn = time.perf_counter()
        pixels = render_rgba(fig)
        rendered = time.perf_counter()
        pngs.append(palette_png(pixels))
        for name, a, b in zip(FRAME_PHASES[1:], (begin, drawn, rendered), (drawn, rendered, time.perf_counter()), strict=True):
            spent[name] += b - a
    if phases is not None:
        phases.setdefault(FRAME_PHASES[0], []).append(marks[1] - marks[0])
        for name, seconds in spent.items():
            phases.setdefault(name, []).append(seconds)
    return pngs[0], pngs[1], explorable.caption(data)


def _registered_frame(job: tuple[str, tuple[Any, ...]]) -> tuple[bytes, bytes, str]:
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
    ``compute``, ``plot`` and PNG encoding on the same inputs, and the results come back in grid order. Each frame is
    two files: ``NNN.png`` (the wide layout) and ``NNN-narrow.png`` (the narrow one, for phones).
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
    for narrow in (False, True):
        _FIGURES.pop((explorable.name, narrow), None)
    tallest = max(_png_height(narrow_png) for _, narrow_png, _ in frames)
    for index, (wide, narrow_png, _) in enumerate(frames):
        (folder / f"{index:03d}.png").write_bytes(wide)
        (folder / f"{index:03d}{NARROW_SUFFIX}.png").write_bytes(_pad_to_height(narrow_png, tallest))
    captions = [caption for _, _, caption in frames]
    (folder / "captions.json").write_text(json.dumps(captions, ensure_ascii=False), encoding="utf-8")
    return captions


def _png_height(png: bytes) -> int:
    """A PNG's height in pixels, from its header."""
    return int.from_bytes(png[20:24], "big")


def _pad_to_height(png: bytes, height: int) -> bytes:
    """A palette PNG made ``height`` pixels high by white rows below: an explorable's narrow frames differ in height
    by a line of a wrapped title or legend, and a frame that changed height would move the page under the reader's
    finger as the slider moves. The pixels above are kept as they are, palette index for palette index."""
    if _png_height(png) >= height:
        return png
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png))
    palette = image.getpalette() or []
    colours = [tuple(palette[i : i + 3]) for i in range(0, len(palette), 3)]
    white = min(range(len(colours)), key=lambda i: sum((255 - c) ** 2 for c in colours[i]))
    padded = Image.new("P", (image.width, height), white)
    padded.putpalette(palette)
    padded.paste(image, (0, 0))
    buffer = io.BytesIO()
    padded.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


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


def frame_budget(explorable: Explorable, on_page: int = 1, default_pixels: Any = None, narrow_pixels: Any = None) -> int:
    """How many frames fit this explorable's part of :data:`PAGE_FRAMES_BUDGET_BYTES` (at most 100).

    The default frame (``default_pixels`` and ``narrow_pixels``, the pixels of the figure drawn at the defaults in
    the wide and the narrow layout, else drawn here) is measured as a frame, the larger of the two layouts: a reader
    downloads one of them (the page's media query picks it), so each keeps within the budget. Frames of one figure
    differ little, and a 10% margin absorbs that.
    """
    if default_pixels is None:
        default_pixels = render_rgba(explorable.draw(explorable.data()))
    if narrow_pixels is None:
        narrow_pixels = render_rgba(explorable.draw(explorable.data(), narrow=True))
    first = max(len(palette_png(default_pixels)), len(palette_png(narrow_pixels)))
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


def _publish_file(path: Path, content: bytes) -> None:
    """Write ``path`` whole or not at all, unless it is there already (its name hashes its content)."""
    if path.is_file():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    private = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        private.write_bytes(content)
        os.replace(private, path)
    finally:
        private.unlink(missing_ok=True)


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
    narrow_figure = explorable.draw(data, narrow=True)
    narrow_pixels = render_rgba(narrow_figure)
    caches = out_dir.resolve().parent / ".explorable-cache"
    # the reader's edition, written after the book, finds its first frame here instead of drawing it again
    _reader.first_frame(explorable, data, pixels, keep_in=caches / _reader.FIRST_FRAMES)
    grid = explorable.frame_grid(frame_budget(explorable, explorables_on_page(explorable.name), pixels, narrow_pixels))
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
        "var img=root.querySelector('img'),narrow=root.querySelector('source'),cap=root.querySelector('.hp-caption');"
        "var inputs=root.querySelectorAll('input[type=range]');"
        "function update(){var index=0;inputs.forEach(function(el,k){var i=parseInt(el.value,10);"
        "index=index*sizes[k]+i;el.nextElementSibling.textContent=JSON.parse(el.dataset.labels)[i];});"
        "var s=String(index);while(s.length<3){s='0'+s;}narrow.srcset=base+s+'NARROW.png';img.src=base+s+'.png';"
        "cap.textContent=captions[index];}"
        "inputs.forEach(function(el){el.addEventListener('input',update);});})();"
    ).replace("NARROW", NARROW_SUFFIX)
    return (
        f'<div class="hotpart-explorable" data-explorable="{html.escape(explorable.name)}" '
        f"data-sizes='{json.dumps(sizes)}' data-base=\"{html.escape(base)}\" "
        'style="border:1px solid #ddd;border-radius:6px;padding:0.6em 0.8em;margin:1em 0;">'
        f'<p style="margin:0 0 0.3em 0;"><b>{html.escape(explorable.title)}</b></p>'
        f'<p style="margin:0 0 0.5em 0;font-size:90%;"><i>Try: {html.escape(explorable.try_this)}</i></p>'
        f'<div style="display:flex;flex-direction:column;gap:0.2em;">{"".join(inputs)}</div>'
        '<div class="hp-frame">'
        + picture_html(
            f"{base}{first:03d}.png",
            pixels.shape[1::-1],
            f"{base}{first:03d}{NARROW_SUFFIX}.png",
            (narrow_pixels.shape[1], _png_height((cache / f"{first:03d}{NARROW_SUFFIX}.png").read_bytes())),
            explorable.title,
            smallest_text_px(narrow_figure, DPI),
        )
        + "</div>"
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
