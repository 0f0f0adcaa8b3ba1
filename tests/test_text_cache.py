"""The text-caching Agg canvas draws the same pixels as matplotlib's own, and frames' palettes stay faithful.

``hotpart.book._text_cache`` remembers text layouts and glyph bitmaps between draws (issue 17: text was about half
of a frame's render). A wrong cache key would misplace or miss a glyph; these tests compare every pixel against
plain :class:`FigureCanvasAgg` on text the explorables do not use (rotations, mathtext with rules, no antialiasing,
several lines), on the first draw and on later ones that hit the caches. Every explorable's figures are compared with
plain Agg in tests/test_explorables_pixels.py, in the same pass that compares updated figures with fresh ones.
"""

from __future__ import annotations

import io
from pathlib import Path

import matplotlib as mpl
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.figure import Figure
from PIL import Image

import hotpart as hp
from hotpart.book import _text_cache
from hotpart.book.plotting import PALETTE_COLORS, palette_png, render_rgba


def _pixels(fig: Figure, canvas_class: type, draws: int = 1) -> np.ndarray:
    canvas = canvas_class(fig)
    fig.set_dpi(100)
    for _ in range(draws):
        canvas.draw()
    return np.array(canvas.buffer_rgba())


def _differing(a: np.ndarray, b: np.ndarray) -> int:
    assert a.shape == b.shape
    return int((a != b).any(axis=2).sum())


def test_the_caches_are_on_under_the_pinned_matplotlib():
    pinned = next(
        line.split("==")[1].strip()
        for line in (Path(__file__).resolve().parent.parent / "requirements.txt").read_text().splitlines()
        if line.startswith("matplotlib==")
    )
    assert pinned in _text_cache.CHECKED_MATPLOTLIB
    assert _text_cache.ENABLED == (mpl.__version__ in _text_cache.CHECKED_MATPLOTLIB)


def test_a_string_whose_glyphs_share_pixels_is_drawn_glyph_by_glyph_as_agg_draws_it():
    """A string is drawn as one bitmap of its glyphs only when no two glyphs cover one pixel; an overlay (a combining
    stroke across its letter) shares pixels, so that string is drawn glyph by glyph, and both draw Agg's pixels."""

    def draw(canvas_class: type) -> np.ndarray:
        fig = Figure(figsize=(4, 2))
        fig.text(0.05, 0.2, "o\u0336x\u0338 overlay", fontsize=20)
        fig.text(0.05, 0.6, "served (WCU/s)", fontsize=20)
        return _pixels(fig, canvas_class, draws=2)

    _text_cache.clear()
    plain, cached = draw(FigureCanvasAgg), draw(_text_cache.TextCachingCanvas)
    assert _differing(plain, cached) == 0
    if _text_cache.ENABLED:
        kinds = sorted("overlapping" if v is _text_cache._OVERLAPPING else "stamp" for v in _text_cache._STAMPS.values())
        assert kinds == ["overlapping", "stamp"]
        assert _text_cache.stats()["stamp_hits"] == 2  # the second draw, both strings


def test_one_string_in_every_box_it_can_take_draws_agg_pixels_from_the_remembered_boxes():
    """The remembered text boxes are keyed by all a box depends on: one string at several rotations, alignments, sizes,
    line spacings, TeX-free math and wrapping, each drawn twice (the second from memory), draws Agg's pixels."""

    # each placement differs from the first in one thing a box depends on
    placements = [
        {},
        {"rotation": 30},
        {"rotation": 30, "rotation_mode": "anchor"},
        {"ha": "right"},
        {"va": "top"},
        {"multialignment": "right"},
        {"fontsize": 14},
        {"linespacing": 2.5},
        {"parse_math": False},
        {"wrap": True, "fontsize": 16},
    ]

    def draw(canvas_class: type) -> np.ndarray:
        fig = Figure(figsize=(6, 4))
        for i, kw in enumerate(placements):
            text = "hot key $x^2$ and a long tail " * 4 if kw.get("wrap") else "hot key $x^2$\nwide second line"
            fig.text(0.1 + 0.08 * i, 0.1 + 0.08 * i, text, **kw)
        return _pixels(fig, canvas_class, draws=2)

    _text_cache.clear()
    plain, cached = draw(FigureCanvasAgg), draw(_text_cache.TextCachingCanvas)
    assert _differing(plain, cached) == 0
    if _text_cache.ENABLED:
        counts = _text_cache.stats()
        unwrapped = sum(1 for kw in placements if not kw.get("wrap"))  # the wrapped text is laid out afresh each time
        assert counts["box_hits"] > 0 and counts["boxes"] == unwrapped


def _text_zoo(fig: Figure) -> None:
    """Text the explorables do not use: rotations, mathtext with fraction rules and roots, lines, weights, no AA."""
    ax = fig.add_subplot()
    ax.set_title(r"$\frac{W}{N} \leq \sqrt{1000}$ writes/s", fontsize=13)
    ax.set_xlabel("partition key (hash)", rotation=3)
    ax.set_ylabel("consumed WCU\nper partition")
    for i, angle in enumerate((0, 17, 30, 45, 90, -45, 180, 271.5)):
        ax.text(0.1 + 0.1 * i, 0.3 + 0.05 * (i % 3), f"shard-{i} ÿ", rotation=angle, fontsize=7 + i)
    ax.text(0.2, 0.8, "bold, not antialiased", weight="bold", antialiased=False)
    ax.text(0.6, 0.85, r"$x_{i}^{2}$ and $\mathrm{RCU}$", antialiased=False)
    ax.text(0.33333, 0.1234567, "sub-pixel position", fontsize=9.5, style="italic")
    ax.set_xticks(np.linspace(0, 1, 7), [f"{v:.3f}" for v in np.linspace(0, 1, 7)], rotation=33)


@pytest.mark.parametrize("dpi", [72, 100, 137])
def test_rotated_math_multiline_and_aliased_text_draw_the_same_pixels(dpi):
    _text_cache.clear()
    figs = []
    for canvas_class, draws in ((FigureCanvasAgg, 1), (_text_cache.TextCachingCanvas, 3)):
        fig = Figure(figsize=(6, 4), dpi=dpi)
        _text_zoo(fig)
        canvas = canvas_class(fig)
        for _ in range(draws):
            canvas.draw()
        figs.append(np.array(canvas.buffer_rgba()))
    assert _differing(*figs) == 0
    if _text_cache.ENABLED:
        assert _text_cache.stats()["glyph_hits"] > 0


def test_a_changed_text_setting_empties_the_caches_and_still_draws_what_agg_draws():
    fig_cached = Figure(figsize=(3, 2))
    fig_cached.text(0.1, 0.5, "hinting")
    canvas = _text_cache.TextCachingCanvas(fig_cached)
    canvas.draw()
    with mpl.rc_context({"text.hinting": "no_hinting"}):
        canvas.draw()
        if _text_cache.ENABLED:
            assert _text_cache.stats()["glyph_hits"] == 0  # emptied: nothing drawn under these settings before
        cached = np.array(canvas.buffer_rgba())
        fig_plain = Figure(figsize=(3, 2))
        fig_plain.text(0.1, 0.5, "hinting")
        plain = _pixels(fig_plain, FigureCanvasAgg)
    assert _differing(plain, cached) == 0


def test_a_full_cache_empties_itself(monkeypatch):
    monkeypatch.setattr(_text_cache, "MAX_ENTRIES", 5)
    monkeypatch.setattr(_text_cache, "MAX_STAMPS", 2)
    _text_cache.clear()
    fig = Figure(figsize=(3, 2))
    fig.text(0.1, 0.5, "many different glyphs")
    for i in range(3):
        fig.text(0.1, 0.1 + 0.1 * i, f"string {i}")
    _text_cache.TextCachingCanvas(fig).draw()
    assert 0 < _text_cache.stats()["glyphs"] <= 5
    assert 0 < _text_cache.stats()["stamps"] <= 2


def test_under_an_unchecked_matplotlib_the_canvas_is_plain_agg(monkeypatch):
    monkeypatch.setattr(_text_cache, "ENABLED", False)
    canvas = _text_cache.TextCachingCanvas(Figure(figsize=(2, 1)))
    assert type(canvas.get_renderer()) is RendererAgg


def test_course_figures_render_on_the_caching_canvas():
    fig, _ = hp.new_figure()
    assert isinstance(fig.canvas, _text_cache.TextCachingCanvas)


@pytest.mark.parametrize("name", sorted(hp.EXPLORABLES))
def test_a_frame_palette_is_faithful_to_the_full_colour_figure(name):
    e = hp.EXPLORABLES[name]
    pixels = render_rgba(e.draw(e.data()))
    frame = Image.open(io.BytesIO(palette_png(pixels)))
    assert frame.mode == "P" and len(frame.getcolors()) <= PALETTE_COLORS
    decoded = np.asarray(frame.convert("RGB"), dtype=int)
    error = np.abs(decoded - pixels[..., :3].astype(int))
    # mean error per channel, out of 255: median cut (the former quantiser) measured 0.2-0.4, octree 1.2-1.6
    assert error.mean() <= 2.5
    # and no pixel's colour is lost: a figure's flat colours (bars, lines, white) survive almost exactly
    assert np.percentile(error.max(axis=2), 99) <= 40


@pytest.mark.parametrize(
    "pixels",
    [np.zeros((0, 3, 4), np.uint8), np.zeros((2, 2), np.uint8), np.zeros((2, 2, 4), float), [[1, 2, 3]]],
)
def test_palette_png_refuses_what_is_not_an_image(pixels):
    with pytest.raises(ValueError, match="pixels"):
        palette_png(pixels)


def _child_stats(queue) -> None:
    queue.put(_text_cache.stats())


def test_a_forked_process_starts_with_empty_caches():
    """A forked frame worker must open its own fonts: matplotlib's FT2Font objects cannot be used across fork()s
    (drawn with the inherited ones, chapter 5's frame workers failed in FreeType in 5 of 8 runs)."""
    import multiprocessing

    e = hp.EXPLORABLES["write_sharding"]
    render_rgba(e.draw(e.data()))  # the parent's caches hold layouts naming its fonts
    assert _text_cache.stats()["layouts"] > 0
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child_stats, args=(queue,))
    child.start()
    stats = queue.get(timeout=60)
    child.join(timeout=60)
    assert stats["layouts"] == stats["glyphs"] == 0
    assert _text_cache.stats()["layouts"] > 0  # the parent keeps its own
