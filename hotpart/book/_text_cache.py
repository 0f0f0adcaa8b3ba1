"""The Agg canvas every course figure renders on: matplotlib's own, with memory for text.

Text is most of what a frame costs. Profiling the explorables' update path (issue 17) found that drawing text
took about half of a render: matplotlib 3.11 lays out every string with FreeType (``FT2Font._layout``) and
rasterises it glyph by glyph (``FT2Font._render_glyph``) on every draw, although from one frame to the next the
tick labels, titles and legends are the same strings at the same places. This canvas remembers both:

* **Layouts**, keyed by the string, the font properties, the resolution and the hinting flags: the glyph indices
  and offsets FreeType returned.
* **Glyph bitmaps**, keyed by the font object, its size, the resolution, the glyph, the rotation matrix and the
  *fractional* part (in 1/64 pixel) of the glyph's position; the whole-pixel part only moves the bitmap. FreeType
  rasterises an outline translated by a whole number of pixels into the same coverage, moved by that number.
* **Strings drawn where they were drawn before** (issue 17: a frame blitted about 250 glyphs one by one, and most
  strings, the tick labels, legends and titles, sit where they sat in the frame before): keyed by the layout's key,
  the size, the exact position and angle, the canvas height and antialiasing, one bitmap of the string's glyphs,
  blitted once. Blending leaves a pixel a bitmap covers with 0 as it was, so glyphs whose covered pixels are apart
  draw the same pixels one by one or together; a string two of whose glyphs cover one pixel (an overlay, a tight
  kerning) is remembered as such and drawn glyph by glyph, in matplotlib's order. Mathtext is always drawn glyph by
  glyph.
* **Text boxes**: :meth:`matplotlib.text.Text._get_layout` (a text's box and its lines' sizes and offsets, relative
  to its anchor, so independent of where it is) asked on this canvas's renderer, keyed by what it reads: the string,
  the font properties, line spacing, rotation and rotation mode, alignments, TeX and math parsing, and the
  resolutions (profiling found it called about 60 times per frame, 15% of a render). Wrapped text, whose lines depend
  on where it sits, is laid out afresh; a caller gets its own copy of the box.

Everything else is matplotlib's code path, unchanged. The pixels are the same as plain
:class:`~matplotlib.backends.backend_agg.FigureCanvasAgg`'s: ``tests/test_plotting.py`` compares them for every
explorable across its sweep, and for rotated, mathtext and non-antialiased text. The private matplotlib calls it
relies on are those of the release in ``requirements.txt``; under any other release (:data:`CHECKED_MATPLOTLIB`) the
canvas is plain Agg. Both caches empty themselves when a ``font.*``, ``text.*`` or ``mathtext.*`` setting changes,
when they reach :data:`MAX_ENTRIES`, and in a forked process (which must not draw with the fonts it inherited: see
the ``register_at_fork`` call below).
"""

from __future__ import annotations

import math
import os
from typing import Any

import matplotlib as mpl
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag
from matplotlib.font_manager import fontManager, get_font
from matplotlib.ft2font import RenderMode
from matplotlib.text import Text

from ._draw_memo import memoised_draw
from ._tick_batch import batched_ticks

__all__ = ["CHECKED_MATPLOTLIB", "ENABLED", "MAX_ENTRIES", "TextCachingCanvas", "clear", "stats"]

#: matplotlib releases whose private text path (``FT2Font._layout``, ``_set_transform``, ``_render_glyph`` and
#: ``RendererAgg._draw_text_glyphs_and_boxes``) this module was checked against, pixel for pixel.
CHECKED_MATPLOTLIB = ("3.11.2",)
#: Whether the caches are used: only under a checked release.
ENABLED = mpl.__version__ in CHECKED_MATPLOTLIB
#: Entries each cache holds before it empties (a glyph bitmap is a few hundred bytes).
MAX_ENTRIES = 50_000

_LAYOUTS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
_GLYPHS: dict[tuple[Any, ...], tuple[np.ndarray, int, int]] = {}
_MATRICES: dict[tuple[float, float, float], np.ndarray] = {}
_HEIGHTS: dict[tuple[Any, ...], tuple[float | None, float | None, float | None]] = {}
_FONTS: dict[int, Any] = {}  # keeps every font a key names alive, so that its id() is never reused
_STAMPS: dict[tuple[Any, ...], Any] = {}
_BOXES: dict[tuple[Any, ...], tuple[Any, ...]] = {}
_COUNTS = {
    "layout_hits": 0,
    "layout_misses": 0,
    "glyph_hits": 0,
    "glyph_misses": 0,
    "stamp_hits": 0,
    "stamp_misses": 0,
    "box_hits": 0,
    "box_misses": 0,
}
#: Strings drawn at one place that the stamp cache holds before it empties (a stamp is a string's bitmap, a few kB).
MAX_STAMPS = 5_000
_OVERLAPPING = object()  # a string two of whose glyphs cover one pixel: drawn glyph by glyph, in matplotlib's order
_EMPTY = object()  # a string with no glyph
_RC: list[tuple[Any, ...]] = [()]
_RC_PREFIXES = ("font.", "text.", "mathtext.")


def clear() -> None:
    """Empty both caches and zero the counters.

    Examples
    --------
    >>> clear(); stats()["glyph_hits"]
    0
    """
    for cache in (_LAYOUTS, _GLYPHS, _MATRICES, _HEIGHTS, _FONTS, _STAMPS, _BOXES):
        cache.clear()
    for key in _COUNTS:
        _COUNTS[key] = 0


# A forked process must not draw with the fonts it inherited. matplotlib's font manager says why: "FT2Font objects
# cannot be used across fork()s because they reference the same FT_Library object", and empties its own font cache
# in a forked child (font_manager._get_font). The layouts kept here name those inherited fonts; drawn with them, the
# book's two frame workers failed in FreeType ("invalid outline", "too many hints") in 5 of 8 runs of chapter 5, and
# in none of 10 once the caches empty themselves in the child.
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=clear)


def stats() -> dict[str, int]:
    """Hits and misses of both caches since the last :func:`clear`, and their sizes.

    Examples
    --------
    >>> sorted(stats())  # doctest: +NORMALIZE_WHITESPACE
    ['box_hits', 'box_misses', 'boxes', 'glyph_hits', 'glyph_misses', 'glyphs', 'layout_hits', 'layout_misses',
     'layouts', 'stamp_hits', 'stamp_misses', 'stamps']
    """
    return {**_COUNTS, "layouts": len(_LAYOUTS), "glyphs": len(_GLYPHS), "stamps": len(_STAMPS), "boxes": len(_BOXES)}


def _check_settings() -> None:
    """Empty the caches if a font, text or mathtext setting changed since the last draw.

    The settings are read from ``rcParams``' own dictionary, where matplotlib keeps each validated value:
    ``rcParams.items()`` sorts its 339 keys and looks each up through its checks (0.24 ms a draw, timeit); this takes
    0.06 ms.
    """
    rc = tuple((k, repr(v)) for k, v in dict.items(mpl.rcParams) if k.startswith(_RC_PREFIXES))
    if rc != _RC[0]:
        clear()
        _RC[0] = rc


def _remember(cache: dict[Any, Any], key: Any, value: Any, limit: int | None = None) -> None:
    if len(cache) >= (MAX_ENTRIES if limit is None else limit):
        cache.clear()
    cache[key] = value


def _stamp(placed: list[tuple[np.ndarray, int, int]]) -> Any:
    """One bitmap for a string's glyphs (``(buffer, left, bottom)`` each, as draw_text_image takes them), or
    :data:`_OVERLAPPING` when two glyphs cover one pixel.

    Blending a bitmap into the canvas leaves every pixel it covers with 0 as it was, so glyphs whose covered pixels
    are apart draw, one by one in any order, what their sum drawn once draws. Where two glyphs cover one pixel the
    order and the rounding of two blends matter, and the string is drawn glyph by glyph, as matplotlib draws it.
    """
    placed = [p for p in placed if p[0].size]
    if not placed:
        return _EMPTY
    left = min(p[1] for p in placed)
    top = min(p[2] - p[0].shape[0] for p in placed)
    right = max(p[1] + p[0].shape[1] for p in placed)
    bottom = max(p[2] for p in placed)
    stamp = np.zeros((bottom - top, right - left), dtype=np.uint8)
    for buffer, x0, y1 in placed:
        y0 = y1 - buffer.shape[0] - top
        region = stamp[y0 : y0 + buffer.shape[0], x0 - left : x0 - left + buffer.shape[1]]
        if np.any((region != 0) & (buffer != 0)):
            return _OVERLAPPING
        np.maximum(region, buffer, out=region)
    return stamp, left, bottom


def _matrix(angle: float, slant: float, extend: float) -> np.ndarray:
    """FreeType's 16.16 rotation-and-shear matrix, as matplotlib computes it."""
    key = (angle, slant, extend)
    matrix = _MATRICES.get(key)
    if matrix is None:
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        matrix = (0x10000 * np.array([[cos, -sin], [sin, cos]]) @ [[extend, extend * slant], [0, 1]]).round().astype(int)
        _MATRICES[key] = matrix
    return matrix


class _TextCachingRenderer(RendererAgg):
    """:class:`RendererAgg` whose text layouts and glyph bitmaps are remembered (see the module's docstring)."""

    def _get_font_height_metrics(self, prop):
        # The hook matplotlib 3.11's Text._get_layout asks first: a font's ascent, descent and line gap in pixels,
        # computed as Text._get_layout computes them (OS/2 table, else hhea) and remembered per font and resolution.
        key = (tuple(prop.__dict__.items()), self.dpi)
        metrics = _HEIGHTS.get(key)
        if metrics is None:
            metrics = (None, None, None)
            font = get_font(fontManager._find_fonts_by_props(prop))
            for table_name, linegap_key, ascent_key, descent_key in (
                ("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
                ("hhea", "lineGap", "ascent", "descent"),
            ):
                table = font.get_sfnt_table(table_name)
                if table is None:
                    continue
                scale = 1 / font.get_sfnt_table("head")["unitsPerEm"] * prop.get_size_in_points() * self.dpi / 72
                metrics = (table[ascent_key] * scale, -table[descent_key] * scale, table[linegap_key] * scale)
                break
            _remember(_HEIGHTS, key, metrics)
        return metrics

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if ismath:
            return self.draw_mathtext(gc, x, y, s, prop, angle)
        features = mtext.get_fontfeatures() if mtext is not None else None
        language = mtext.get_language() if mtext is not None else None
        flags = get_hinting_flag()
        key = (s, tuple(prop.__dict__.items()), self.dpi, flags, repr(features), repr(language))
        items = _LAYOUTS.get(key)
        if items is None:
            _COUNTS["layout_misses"] += 1
            font = self._prepare_font(prop)
            items = tuple(
                (item.ft_object, item.glyph_index, item.x, item.y)
                for item in font._layout(s, flags=flags, features=features, language=language)
            )
            _remember(_LAYOUTS, key, items)
        else:
            _COUNTS["layout_hits"] += 1
        size = prop.get_size_in_points()
        antialiased = bool(gc.get_antialiased())
        where = (key, size, x, y, angle, self.height, antialiased)
        stamp = _STAMPS.get(where)
        placed = None
        if stamp is None:
            _COUNTS["stamp_misses"] += 1
            placed = self._place_glyphs(x, y, angle, [(f, size, i, 0, 1, dx, dy) for f, i, dx, dy in items], antialiased)
            stamp = _stamp(placed)
            _remember(_STAMPS, where, stamp, limit=MAX_STAMPS)
        else:
            _COUNTS["stamp_hits"] += 1
        if stamp is _OVERLAPPING:
            if placed is None:
                placed = self._place_glyphs(x, y, angle, [(f, size, i, 0, 1, dx, dy) for f, i, dx, dy in items], antialiased)
            for buffer, left, bottom in placed:
                self._renderer.draw_text_image(buffer, left, bottom, 0, gc)
        elif stamp is not _EMPTY:
            buffer, left, bottom = stamp
            self._renderer.draw_text_image(buffer, left, bottom, 0, gc)
        return None

    def _place_glyphs(self, x, y, angle, glyphs, antialiased):
        # matplotlib 3.11.2's loop, with each glyph's bitmap remembered at its fractional position: every glyph's
        # bitmap and where draw_text_image puts it (its left side and its bottom, in pixels from the top)
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        load_flags = get_hinting_flag()
        mode = RenderMode.NORMAL if antialiased else RenderMode.MONO
        height = self.height
        placed = []
        for font, size, glyph_index, slant, extend, dx, dy in glyphs:  # dy is upwards
            tx = round(0x40 * (x + dx * cos - dy * sin))
            ty = round(0x40 * (height - y + dx * sin + dy * cos))  # FreeType's y is upwards
            key = (id(font), size, self.dpi, glyph_index, angle, slant, extend, tx & 63, ty & 63, load_flags, antialiased)
            hit = _GLYPHS.get(key)
            if hit is None:
                _COUNTS["glyph_misses"] += 1
                _FONTS[id(font)] = font
                font.set_size(size, self.dpi)
                font._set_transform(_matrix(angle, slant, extend), [tx & 63, ty & 63])
                bitmap = font._render_glyph(glyph_index, load_flags, mode)
                buffer = np.array(bitmap.buffer)
                if not antialiased:
                    buffer *= 0xFF
                hit = (buffer, bitmap.left, bitmap.top)
                _remember(_GLYPHS, key, hit)
            else:
                _COUNTS["glyph_hits"] += 1
            buffer, left, top = hit
            # draw_text_image's y is downwards and names the bitmap's bottom side
            placed.append((buffer, left + (tx >> 6), int(height) - (top + (ty >> 6)) + buffer.shape[0]))
        return placed

    def _draw_text_glyphs_and_boxes(self, gc, x, y, angle, glyphs, boxes):
        # mathtext's path: each glyph drawn on its own, as matplotlib draws it
        for buffer, left, bottom in self._place_glyphs(x, y, angle, glyphs, bool(gc.get_antialiased())):
            self._renderer.draw_text_image(buffer, left, bottom, 0, gc)
        if boxes:
            super()._draw_text_glyphs_and_boxes(gc, x, y, angle, (), boxes)


_TEXT_GET_LAYOUT = Text._get_layout  # matplotlib's


def _get_layout(text: Text, renderer: Any) -> tuple[Any, ...]:
    """:meth:`Text._get_layout`, remembered on a :class:`_TextCachingRenderer` (see the module's docstring)."""
    if type(renderer) is not _TextCachingRenderer or text.get_wrap():
        return _TEXT_GET_LAYOUT(text, renderer)
    key = (
        text.get_text(),
        tuple(text._fontproperties.__dict__.items()),
        text._linespacing,
        text.get_rotation(),
        text.get_rotation_mode(),
        text._horizontalalignment,
        text._verticalalignment,
        text._get_multialignment(),
        text.get_usetex(),
        text.get_parse_math(),
        text.get_figure(root=True).dpi,
        renderer.dpi,
    )
    box = _BOXES.get(key)
    if box is None:
        _COUNTS["box_misses"] += 1
        box = _TEXT_GET_LAYOUT(text, renderer)
        _remember(_BOXES, key, box)
    else:
        _COUNTS["box_hits"] += 1
    bbox, lines, corner = box
    return bbox.frozen(), list(lines), corner


if ENABLED:
    Text._get_layout = _get_layout  # only this canvas's renderer is answered from memory; any other asks matplotlib


class TextCachingCanvas(FigureCanvasAgg):
    """matplotlib's Agg canvas, drawing text through the caches of this module (plain Agg if not :data:`ENABLED`).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(2, 1), dpi=100)
    >>> canvas = TextCachingCanvas(fig)
    >>> _ = fig.text(0.1, 0.5, "hot partition")
    >>> canvas.draw()
    >>> stats()["glyphs"] > 0
    True
    """

    def get_renderer(self) -> RendererAgg:
        if not ENABLED:
            return super().get_renderer()
        w, h = self.get_width_height(physical=True)
        key = w, h, self.figure.dpi
        if self._lastKey != key:
            self.renderer = _TextCachingRenderer(w, h, self.figure.dpi)
            self._lastKey = key
        return self.renderer

    def draw(self) -> None:
        if not ENABLED:
            super().draw()
            return
        _check_settings()
        # ticks and legends laid out once per draw (hotpart.book._draw_memo), tick lines drawn in batches
        # (hotpart.book._tick_batch)
        with memoised_draw(self.figure), batched_ticks(self.figure):
            super().draw()
