"""Shared figure helpers: one look for every chapter, and PNG rendering.

Figures are built on :class:`matplotlib.figure.Figure` directly, not through
``pyplot``, so that drawing never depends on a GUI backend and a figure is
freed as soon as it is rendered.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, LogLocator, NullLocator
from numpy.typing import ArrayLike

from ..models._validation import check_array, check_choice, check_integer, check_number
from ._text_cache import TextCachingCanvas

__all__ = [
    "COLORS",
    "finish_axes",
    "fixed_layout",
    "glue",
    "GLUED",
    "log_axis",
    "markdown_table",
    "new_figure",
    "palette_png",
    "PALETTE_COLORS",
    "partition_bars",
    "set_partition_bars",
    "relabel",
    "render_png",
    "render_rgba",
    "short_number",
    "show",
]

#: The course's palette, by meaning.
COLORS: dict[str, str] = {
    "served": "#4C72B0",
    "refused": "#D62728",
    "ceiling": "#222222",
    "share": "#7F7F7F",
    "accent": "#2CA02C",
}

#: Default figure size, inches, and resolution, dots per inch.
FIGSIZE = (7.5, 3.8)
DPI = 100


def new_figure(width: float = FIGSIZE[0], height: float = FIGSIZE[1], ncols: int = 1) -> tuple[Figure, list[Axes]]:
    """A figure with ``ncols`` axes side by side, laid out to fit.

    Parameters
    ----------
    width, height : float
        The figure's size, inches, each in ``[0.5, 100]``.
    ncols : int
        Axes side by side, in ``[1, 12]``.

    Returns
    -------
    tuple
        The figure and the list of its axes.

    Examples
    --------
    >>> fig, (ax,) = new_figure()
    >>> type(fig).__name__
    'Figure'
    >>> new_figure(ncols=0)
    Traceback (most recent call last):
    ...
    ValueError: ncols = 0 is out of range: must be in [1, 12]
    """
    width = check_number("width", width, low=_MIN_INCHES, high=_MAX_INCHES)
    height = check_number("height", height, low=_MIN_INCHES, high=_MAX_INCHES)
    ncols = check_integer("ncols", ncols, low=1, high=_MAX_COLS)
    fig = Figure(figsize=(width, height), layout="constrained")
    TextCachingCanvas(fig)  # matplotlib's Agg canvas, remembering text layouts and glyphs (pixel for pixel the same)
    axes = fig.subplots(1, ncols, squeeze=False)[0]
    return fig, list(axes)


def render_rgba(fig: Figure, dpi: int = DPI) -> np.ndarray:
    """Draw a figure once and return its pixels, an ``(height, width, 4)`` array of uint8 RGBA.

    One pass: :meth:`Figure.draw` runs the layout engine and then draws, on the figure's own Agg canvas.
    ``savefig`` draws twice when a layout engine is set (once with drawing disabled, to lay out; once to render),
    which doubles the cost of every frame and every live redraw; the pixels are the same.

    Examples
    --------
    >>> fig, _ = new_figure(2, 1)
    >>> render_rgba(fig).shape
    (100, 200, 4)
    """
    dpi = check_integer("dpi", dpi, low=10, high=_MAX_DPI)
    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else TextCachingCanvas(fig)
    previous = fig.dpi
    fig.set_dpi(dpi)
    try:
        canvas.draw()
        return np.array(canvas.buffer_rgba())
    finally:
        fig.set_dpi(previous)


def render_png(fig: Figure, dpi: int = DPI) -> bytes:
    """Render a figure to PNG bytes (:func:`render_rgba`, then a PNG encoding).

    Examples
    --------
    >>> fig, _ = new_figure()
    >>> render_png(fig)[:4]
    b'\\x89PNG'
    """
    return _lossless_png(render_rgba(fig, dpi))


def _lossless_png(pixels: np.ndarray) -> bytes:
    """``pixels`` (from :func:`render_rgba`) as a lossless PNG, zlib level 6: the encoding of :func:`render_png`."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, format="png", compress_level=6)
    return buffer.getvalue()


#: Colours in the palette of a frame (:func:`palette_png`).
PALETTE_COLORS = 32


def palette_png(pixels: np.ndarray) -> bytes:
    """The PNG of a frame, for the book's static explorables and the live widget: ``pixels`` (from
    :func:`render_rgba`) reduced to a palette of :data:`PALETTE_COLORS` colours.

    Fast octree quantisation and zlib level 6: on the explorables' frames they take about 7 ms together, where
    median cut with ``optimize=True`` took about 50 ms, for files of about the same size. ``tests/test_text_cache.py``
    bounds the colour error against the full-colour pixels. Figures in the chapters' prose stay lossless
    (:func:`render_png`).

    Parameters
    ----------
    pixels : numpy.ndarray
        ``(height, width, 4)`` RGBA or ``(height, width, 3)`` RGB, uint8, at least one pixel.

    Returns
    -------
    bytes
        The PNG file.

    Examples
    --------
    >>> fig, _ = new_figure(2, 1)
    >>> palette_png(render_rgba(fig))[:4]
    b'\\x89PNG'
    >>> palette_png(np.zeros((0, 3, 4), dtype=np.uint8))
    Traceback (most recent call last):
    ...
    ValueError: pixels has shape (0, 3, 4) and dtype uint8: must be (height, width, 3 or 4) uint8 with height, width >= 1
    """
    from PIL import Image

    shape = getattr(pixels, "shape", None)
    if (
        not isinstance(pixels, np.ndarray)
        or pixels.dtype != np.uint8
        or pixels.ndim != 3
        or pixels.shape[2] not in (3, 4)
        or min(pixels.shape[:2]) < 1
    ):
        dtype = getattr(pixels, "dtype", type(pixels).__name__)
        raise ValueError(
            f"pixels has shape {shape} and dtype {dtype}: must be (height, width, 3 or 4) uint8 with height, width >= 1"
        )
    image = Image.fromarray(pixels).convert("RGB")
    small = image.quantize(colors=PALETTE_COLORS, method=Image.Quantize.FASTOCTREE)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def show(fig: Figure) -> Any:
    """The figure as an IPython PNG image, for a notebook cell or ``glue``; in the built book, in two layouts.

    Rendering here, rather than through a matplotlib backend, makes the
    notebook output the same bytes in Jupyter, under test and in the book.

    When ``HOTPART_STATIC`` names the book's HTML output folder (``make book`` sets it), the figure is also laid
    out for a phone's column (:func:`hotpart.book._narrow.narrow_layout`: panels stacked, legends below; the
    figure itself is changed, after its wide layout was rendered) and both PNGs are written under that folder;
    the result then shows as a ``<picture>`` whose media query picks the narrow layout on narrow screens, and
    still carries the wide PNG for any other front end.
    """
    from IPython.display import Image

    wide = render_rgba(fig)
    out_dir = os.environ.get("HOTPART_STATIC", "")
    if not out_dir:
        return Image(data=_lossless_png(wide), format="png")
    from ._narrow import BookFigure, narrow_layout, smallest_text_px

    alt = "; ".join(t for ax in fig.axes if (t := " ".join(ax.get_title().split()))) or "figure"
    narrow = render_rgba(narrow_layout(fig))
    sizes = wide.shape[1::-1], narrow.shape[1::-1]
    return BookFigure(_lossless_png(wide), _lossless_png(narrow), *sizes, alt, smallest_text_px(fig, DPI), out_dir)


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> Any:
    """A table of computed values as IPython Markdown, for a notebook cell whose input the book hides.

    Parameters
    ----------
    header : sequence of str
        Column titles.
    rows : iterable of sequences
        One row per item, already formatted (``str()`` is applied to each cell).

    Examples
    --------
    >>> print(markdown_table(["a", "b"], [(1, "x")]).data)
    | a | b |
    | --- | --- |
    | 1 | x |
    """
    from IPython.display import Markdown

    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return Markdown("\n".join(lines))


#: Limits of the figure helpers: the largest finite float, figure size in inches, panels side by side, PNG dpi.
_FINITE = sys.float_info.max
_MAX_INCHES = 100.0
#: The smallest figure side, inches: below it no axes, tick or label fits (and a subnormal size draws nothing).
_MIN_INCHES = 0.5
#: The most bars :func:`partition_bars` draws: more than a figure's pixels across (750 at the default size), so
#: more could not be told apart, and each bar is a patch that every draw walks.
_MAX_BARS = 1_000
#: The most lines one plotting helper draws on an axes (one legend entry or more each): more cannot be told apart.
_MAX_LINES = 20
#: The most values a chapter table's rows or columns come from (one row or column each): a table for a page.
_MAX_TABLE_VALUES = 100
_MAX_COLS = 12
_MAX_DPI = 1_000


def finish_axes(ax: Axes, title: str, xlabel: str, ylabel: str, legend: bool = True, loc: str = "upper right") -> None:
    """Give an axes its title, labelled axes and a legend.

    Every figure in the course passes through here, so none lacks a title,
    axis labels or legend. The legend's place is fixed (``loc``), never
    ``"best"``, which is slow and makes animation frames jump.
    """
    ax.set_title(title, fontsize=11)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", alpha=0.3)
    if legend:
        ax.legend(loc=loc, fontsize=8, framealpha=0.9)


def _no_limits(_patch: Artist) -> None:
    return None


def _bar(ax: Axes, x: np.ndarray, height: np.ndarray, **kwargs: Any) -> Any:
    """``ax.bar(x, height, **kwargs)``, growing the axes' data limits once for all the bars instead of once per bar.

    matplotlib's ``add_patch`` grows the data limits by walking each rectangle's path (``_update_patch_limits``):
    about two thirds of the cost of drawing bars anew, which an explorable does whenever its partition count
    changes. Here the limits grow by the rectangles' corners in one call, skipping (as matplotlib does) rectangles
    with neither width nor height; ``tests/test_plotting_helpers.py`` checks that the limits and pixels are those
    of ``ax.bar``.
    """
    ax._update_patch_limits = _no_limits  # an instance attribute, for this call only
    try:
        bars = ax.bar(x, height, **kwargs)
    finally:
        del ax._update_patch_limits
    corners = [
        ((r.get_x(), r.get_y()), (r.get_x() + r.get_width(), r.get_y() + r.get_height()))
        for r in bars
        if r.get_width() or r.get_height()
    ]
    if corners:
        ax.update_datalim(np.reshape(corners, (-1, 2)))
    return bars


def partition_bars(
    ax: Axes,
    demand: ArrayLike,
    capacity: ArrayLike,
    ceiling: float,
    even_share: float | None = None,
    labels: Sequence[str] | None = None,
    unit: str = "WCU/s",
) -> None:
    """Stacked bars of served and refused demand per partition, with the ceiling.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    demand : array_like
        Offered demand per partition, ``unit``: a 1-D array of one to 1,000 values, one bar each.
    capacity : array_like
        What each partition serves at most, ``unit``; refused is the excess.
    ceiling : float
        The per-partition ceiling, drawn as a solid line.
    even_share : float, optional
        The table's capacity divided evenly over partitions, drawn dashed.
    labels : sequence of str, optional
        Tick labels; partition numbers if omitted.
    unit : str
        The unit of the values, for the legend.

    ``demand`` (at least one partition), ``capacity`` (one value, or one per partition), ``ceiling`` and
    ``even_share`` are finite and ``>= 0``.

    Examples
    --------
    >>> fig, (ax,) = new_figure()
    >>> partition_bars(ax, [1_200.0, 400.0], 1_000.0, 1_000.0, even_share=800.0)
    >>> len(ax.patches)
    4
    """
    d = check_array("demand", demand, low=0, high=_FINITE, max_size=_MAX_BARS)
    if d.ndim != 1 or d.size == 0:
        raise ValueError(f"demand = {demand!r} is not allowed: must be a non-empty 1-D array of rates >= 0")
    cap = check_array("capacity", capacity, low=0, high=_FINITE, max_size=_MAX_BARS)
    if cap.ndim > 1 or cap.size not in (1, d.size):
        raise ValueError(f"capacity has {cap.size} values: must be one value or one per partition ({d.size})")
    ceiling = check_number("ceiling", ceiling, low=0, high=_FINITE)
    if even_share is not None:
        even_share = check_number("even_share", even_share, low=0, high=_FINITE)
    served = np.minimum(d, np.broadcast_to(cap.reshape(-1) if cap.ndim else cap, d.shape))
    x = np.arange(d.size)
    _bar(ax, x, served, color=COLORS["served"], label=f"served ({unit})")
    _bar(ax, x, d - served, bottom=served, color=COLORS["refused"], label=f"refused ({unit})")
    ax.axhline(ceiling, color=COLORS["ceiling"], lw=1.5, label=f"partition ceiling {ceiling:,.0f}")
    if even_share is not None:
        ax.axhline(even_share, color=COLORS["share"], lw=1.2, ls="--", label=f"even share {even_share:,.0f}")
    if labels is not None:
        ax.set_xticks(x, labels)
    elif d.size <= 20:
        ax.set_xticks(x)
    ax.set_xlim(-0.6, max(d.size, 1) - 0.4)


def set_partition_bars(ax: Axes, demand: ArrayLike, capacity: ArrayLike) -> bool:
    """Give the bars :func:`partition_bars` drew on ``ax`` new demand, in place, when their number is unchanged.

    An explorable's update calls it instead of drawing the bars again: setting heights keeps the artists (and their
    legend) and is pixel for pixel what :func:`partition_bars` would draw. When the number of partitions changed it
    (or ``ax`` holds no such bars) it changes nothing and returns ``False``, and the caller draws them anew.

    Parameters
    ----------
    ax : Axes
        Axes whose first two containers are :func:`partition_bars`' served and refused bars.
    demand : array_like
        Offered demand per partition, in the bars' unit, at least one value, each finite and ``>= 0``.
    capacity : array_like
        What each partition serves at most (one value, or one per partition), finite and ``>= 0``.

    Returns
    -------
    bool
        Whether the bars were set (``False``: ``demand`` has another length than the bars, or there are none).

    Examples
    --------
    >>> fig, (ax,) = new_figure()
    >>> partition_bars(ax, [1_200.0, 400.0], 1_000.0, 1_000.0)
    >>> set_partition_bars(ax, [900.0, 1_500.0], 1_000.0), [b.get_height() for b in ax.containers[1]]
    (True, [0.0, 500.0])
    >>> set_partition_bars(ax, [900.0, 1_500.0, 10.0], 1_000.0)
    False
    """
    d = check_array("demand", demand, low=0, high=_FINITE)
    if d.ndim != 1 or d.size == 0:
        raise ValueError(f"demand = {demand!r} is not allowed: must be a non-empty 1-D array of rates >= 0")
    cap = check_array("capacity", capacity, low=0, high=_FINITE)
    if cap.ndim > 1 or cap.size not in (1, d.size):
        raise ValueError(f"capacity has {cap.size} values: must be one value or one per partition ({d.size})")
    if len(ax.containers) < 2 or len(ax.containers[0]) != d.size:
        return False
    served_bars, refused_bars = ax.containers[0], ax.containers[1]
    served = np.minimum(d, np.broadcast_to(cap.reshape(-1) if cap.ndim else cap, d.shape))
    for s_bar, r_bar, s, total in zip(served_bars, refused_bars, served.tolist(), d.tolist(), strict=True):
        s_bar.set_height(s)
        r_bar.set_y(s)
        r_bar.set_height(total - s)
    return True


def fixed_layout(
    fig: Figure, left: float = 0.075, right: float = 0.985, bottom: float = 0.14, top: float = 0.915, wspace: float = 0.24
) -> None:
    """Fixed margins instead of constrained layout, for explorable figures redrawn on every move.

    Constrained layout measures every text twice per render, about a third of a
    two-panel callback's time; an explorable's margins do not change with its
    controls, so they can be fixed.

    ``left``, ``right``, ``bottom`` and ``top`` are fractions of the figure in ``[0, 1]`` (left below right, bottom
    below top); ``wspace`` is the gap between panels as a fraction of the mean panel width, in ``[0, 1]``.

    Examples
    --------
    >>> fig, _ = new_figure(ncols=2)
    >>> fixed_layout(fig, left=0.1, right=0.9)
    >>> round(fig.subplotpars.left, 2)
    0.1
    """
    left = check_number("left", left, low=0, high=1)
    right = check_number("right", right, low=left, high=1, low_open=True)
    bottom = check_number("bottom", bottom, low=0, high=1)
    top = check_number("top", top, low=bottom, high=1, low_open=True)
    wspace = check_number("wspace", wspace, low=0, high=1)
    fig.set_layout_engine(None)
    fig.subplots_adjust(left=left, right=right, bottom=bottom, top=top, wspace=wspace)


def relabel(ax: Axes, artist: Artist, label: str) -> None:
    """Give ``artist`` a new label, and its entry in the legend of ``ax`` the same text: an explorable's ``update``
    changes a label in place instead of building a new legend.

    The entry is the legend text equal to the artist's old label, so labels in one legend must differ.

    Examples
    --------
    >>> fig, (ax,) = new_figure()
    >>> line, = ax.plot([0, 1], [0, 1], label="share 10")
    >>> _ = ax.legend()
    >>> relabel(ax, line, "share 20")
    >>> line.get_label(), ax.get_legend().get_texts()[0].get_text()
    ('share 20', 'share 20')
    >>> relabel(ax, line, 3)
    Traceback (most recent call last):
    ...
    ValueError: label = 3 is not text: must be a string
    """
    if not isinstance(label, str):
        raise ValueError(f"label = {label!r} is not text: must be a string")
    legend = ax.get_legend()
    old = artist.get_label()
    texts = [] if legend is None else [t for t in legend.get_texts() if t.get_text() == old]
    if not texts:
        raise ValueError(f"artist = {artist!r} has the label {old!r}, which the axes' legend does not show")
    artist.set_label(label)
    texts[0].set_text(label)


def short_number(x: float, _pos: object = None) -> str:
    """A plain-text tick label: ``0.01``, ``10``, ``1k``, ``25k``, ``1M``, ``1G``, ``1T``.

    Examples
    --------
    >>> [short_number(x) for x in (0.01, 1, 100, 1e3, 2.5e4, 1e6, 1e9, 1e12)]
    ['0.01', '1', '100', '1k', '25k', '1M', '1G', '1T']

    ``x`` is any finite number (a tick may sit at zero or below).
    """
    x = check_number("x", x, low=-_FINITE, high=_FINITE)
    for factor, suffix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(x) >= factor:
            return f"{x / factor:g}{suffix}"
    return f"{x:g}"


def log_axis(ax: Axes, which: str, numticks: int = 6) -> None:
    """Put ``ax``'s x or y axis on a log scale with few labelled decades, no minor ticks, plain labels.

    Minor ticks and mathtext labels dominate the render time of a small log plot. ``which`` is ``"x"`` or
    ``"y"``; ``numticks``, the most labelled decades, is a whole number in ``[1, 100]``.

    Examples
    --------
    >>> fig, (ax,) = new_figure()
    >>> log_axis(ax, "y", numticks=4)
    >>> ax.get_yscale()
    'log'
    """
    check_choice("which", which, ("x", "y"))
    numticks = check_integer("numticks", numticks, low=1, high=100)
    axis = ax.xaxis if which == "x" else ax.yaxis
    if axis.get_scale() != "log":
        (ax.set_xscale if which == "x" else ax.set_yscale)("log")
    axis.set_major_locator(LogLocator(base=10, numticks=numticks))
    axis.set_minor_locator(NullLocator())
    axis.set_major_formatter(FuncFormatter(short_number))


#: The values chapters recorded with :func:`glue` in this kernel, by name (outside the book, where myst-nb is absent).
GLUED: dict[str, object] = {}


def glue(name: str, value: object, display: bool = True) -> None:
    """Record a chapter's computed value under ``name``: myst-nb's ``glue`` for a notebook run outside the book.

    In the book, myst-nb's ``glue`` puts the value into the prose (``{glue:text}`name```). The reader's edition
    (``make lab``, the download button) has the values written into its prose already, so its cells call this
    stand-in instead: it needs no myst-nb, keeps the value in :data:`GLUED`, and shows it when ``display`` is true.

    Parameters
    ----------
    name : str
        The value's name, as the chapter's prose refers to it (a non-empty identifier-like string).
    value : object
        The value (the chapters glue formatted text).
    display : bool
        Show the value in the cell's output, as myst-nb does.

    Examples
    --------
    >>> glue("max_wcu", "1,000", display=False)
    >>> GLUED["max_wcu"]
    '1,000'
    >>> glue("", 1)
    Traceback (most recent call last):
    ...
    ValueError: name = '' is not allowed: must be a non-empty name made of letters, digits, '_' and '-'
    """
    if not isinstance(name, str) or not re.fullmatch(r"[\w-]+", name):
        raise ValueError(f"name = {name!r} is not allowed: must be a non-empty name made of letters, digits, '_' and '-'")
    GLUED[name] = value
    if display:
        from IPython.display import display as _display

        _display(value)
