"""The narrow layout: every course figure redrawn for a phone's column, its panels stacked and its legends below.

A figure drawn for the desktop column (7.5 to 11 inches, 750 to 1,100 pixels at the book's 100 dpi) does not fit a
phone's: shrunk to 330 CSS pixels its 8 pt legends would read at 3 to 5 px, and shown at its own size it scrolls
sideways, its legend and second panel off-screen. :func:`narrow_layout` lays out the same figure (its artists, data
and text unchanged) for a column :data:`NARROW_WIDTH` inches wide, in place:

* its panels (axes, with their twins) stacked top to bottom in reading order, each :data:`NARROW_PANEL_HEIGHT` inches
  high, their plotting areas aligned on the left;
* every legend below its panel, centred, in as many columns as fit the width (one entry a column at most);
* a title, axis label or legend entry wider than the figure wrapped at spaces; x tick labels that would overlap thinned
  (numbers) or turned by 30, 45 or 90 degrees (names);
* margins measured from the text the figure holds (tick labels, titles, labels, notes placed outside the axes), then
  the figure as tall as its stacked panels need.

The same call serves a static figure (:func:`hotpart.book.plotting.show`, after it rendered the wide layout) and an
explorable's frames (``Explorable.draw(data, narrow=True)`` and ``redraw``, after each ``update``): it starts from
what the figure's own ``plot`` or ``update`` left (text is unwrapped and tick labels turned back first), so the same
data gives the same pixels whichever path drew it, and a frame's layout never depends on the frame before.
The page picks the layout with a ``<picture>`` media query (:func:`narrow_media`); ``tests/test_screens.py`` checks
in Chromium that every figure fits a phone's column with its text at least 8 CSS px high.
"""

from __future__ import annotations

import itertools
import math
import re
import textwrap
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.ticker import FixedFormatter, FixedLocator
from matplotlib.transforms import Bbox

from ._draw_memo import forget, memoised_draw

__all__ = [
    "FIGURES_FOLDER",
    "NARROW_PANEL_HEIGHT",
    "NARROW_WIDTH",
    "BookFigure",
    "narrow_layout",
    "narrow_media",
    "picture_html",
    "smallest_text_px",
]

#: The narrow figure's width, inches: 330 px at the book's 100 dpi, the inside of an explorable's box on a 390 px
#: screen (the phone the tests read with), so that its text shows at the size it was drawn.
NARROW_WIDTH = 3.3
#: Each stacked panel's plotting area, inches high.
NARROW_PANEL_HEIGHT = 2.2
#: Outer padding, gap between the x axis's text and a legend, and between two panels, inches.
_PAD = 0.06
_LEGEND_GAP = 0.04
_PANEL_GAP = 0.22
#: Where the first measure puts a panel's plotting area: this far from the left, and from the right past the pad,
#: inches (the y tick labels and label of most panels, half a tick label).
_GUESS_LEFT, _GUESS_RIGHT = 0.6, 0.1
#: Margins that moved less than this between two measures, inches (2 px), are settled.
_SETTLED = 0.02
#: Margins are whole pixels at the book's 100 dpi.
_PX = 100.0
#: Pixels between two x tick labels, at least.
_TICK_GAP_PX = 3
#: A tick label that is a number (thinned rather than turned when labels overlap): 12, 1,000, 0.5, 25k, 40%.
_NUMBER = re.compile(r"[-\u2212]?[\d.,]+\s?[kMGT%]?")
#: The room a turned label needs across its direction, in its own heights.
_TURN_ROOM = 1.25
#: Tick label turns tried, in order, when a narrow x axis's labels would overlap, degrees.
_TURNS = (30, 45, 90)
#: The attribute a wrapped text keeps its own string under (so that the next layout starts from it); an axis, the
#: ticks it had before they were thinned; a figure, the last layout's places.
_OWN = "_hotpart_unwrapped"
#: The attribute that holds the columns of a legend a layout built.
_COLUMNS = "_hotpart_columns"
#: The attribute that marks an axis whose tick labels a layout turned.
_TURNED = "_hotpart_turned"
#: Legend columns at most, whatever fits.
_MAX_LEGEND_COLUMNS = 4
#: The contrast the test asks for: text no smaller than this many CSS px (the legends' 8 pt at 100 dpi is 11.1 px).
MIN_TEXT_PX = 8.0
#: How far under its own size the page may show the wide layout before the narrow one replaces it.
_WIDE_SMALLEST_SCALE = MIN_TEXT_PX / (8.0 * 100 / 72.0)
#: The book's column is the screen less this much, CSS px, below the theme's first breakpoint (960 px), box included.
_COLUMN_MARGIN_PX = 60
_THEME_BREAKPOINT_PX = 959
_PHONE_PX = 640


def narrow_media(wide_width_px: int) -> str:
    """The CSS media query under which a page shows the narrow layout of a figure whose wide layout is
    ``wide_width_px`` pixels wide: the screens on which the wide one, shrunk to the column, would show its 8 pt
    legends under 8 CSS px; at least every phone (640 px), at most the theme's one-column range (959 px).

    Examples
    --------
    >>> narrow_media(750), narrow_media(1_000)
    ('(max-width: 640px)', '(max-width: 780px)')
    """
    if not isinstance(wide_width_px, int) or wide_width_px < 1:
        raise ValueError(f"wide_width_px = {wide_width_px!r} is not allowed: must be a whole number of pixels >= 1")
    limit = round(wide_width_px * _WIDE_SMALLEST_SCALE) + _COLUMN_MARGIN_PX
    return f"(max-width: {min(_THEME_BREAKPOINT_PX, max(_PHONE_PX, limit))}px)"


def _panels(fig: Figure) -> list[list[Axes]]:
    """The figure's visible axes grouped by the place they share (an axes and its twins), in reading order: by
    row, then column, of the grid they were laid out on (by their position when they have none)."""
    groups: dict[Any, list[Axes]] = {}
    orders: dict[Any, Any] = {}
    for ax in fig.axes:
        if not ax.get_visible() or ax.get_axes_locator() is not None:
            continue  # an inset moves with its parent
        spec = ax.get_subplotspec()
        if spec is not None:
            rows, cols = spec.rowspan, spec.colspan
            key: Any = (id(spec.get_gridspec()), rows.start, cols.start, rows.stop, cols.stop)
            orders.setdefault(key, (rows.start, cols.start))
        else:
            x0, y0, _, _ = ax.get_position().bounds
            key = ("position", round(x0, 3), round(y0, 3))
            orders.setdefault(key, (-round(y0, 3), round(x0, 3)))
        groups.setdefault(key, []).append(ax)  # fig.axes's order: an axes before its twins
    ordered = [groups[key] for key in sorted(groups, key=orders.__getitem__)]
    return ordered


def _restore(text: Text) -> None:
    """Put back the string a previous layout wrapped, unless the figure's own code has set a new one since."""
    own = getattr(text, _OWN, None)
    if own is not None:
        wrapped, original = own
        if text.get_text() == wrapped:
            text.set_text(original)
        delattr(text, _OWN)


def _wrap(text: Text, renderer: Any, limit_px: float, vertical: bool = False) -> None:
    """Wrap ``text`` at spaces until it is at most ``limit_px`` long (wide, or high for a vertical label), starting
    from its own string (a wrap by an earlier layout is undone first)."""
    _restore(text)
    original = text.get_text()
    if not original.strip() or not text.get_visible():
        return

    def length() -> float:
        box = text.get_window_extent(renderer)
        return box.height if vertical else box.width

    if length() <= limit_px:
        return
    lines = original.split("\n")
    width = max(len(line) for line in lines)
    while width > 8:
        width = max(8, min(width - 1, int(width * limit_px / max(length(), 1.0))))
        text.set_text("\n".join(textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False) for line in lines))
        if length() <= limit_px:
            break
    setattr(text, _OWN, (text.get_text(), original))


def _restore_ticks(axis: Any) -> bool:
    """Put back the tick locator and formatter a previous layout replaced to thin the labels, each unless the figure's
    own code has set another since (``set_xticks(x)`` sets a locator and leaves the formatter). Whether it had."""
    own = getattr(axis, _OWN, None)
    if own is not None:
        (locator, formatter), original = own
        if axis.get_major_locator() is locator:
            axis.set_major_locator(original[0])
        if axis.get_major_formatter() is formatter:
            axis.set_major_formatter(original[1])
        delattr(axis, _OWN)
        return True
    return False


def _shown_ticks(axis: Any) -> list[Any]:
    """The ticks a draw of ``axis`` shows (inside its view), placed and labelled: matplotlib's own list, which a
    memoised draw (:mod:`hotpart.book._draw_memo`) computes once."""
    return axis._update_ticks()


def _thin_or_turn_ticks(ax: Axes, renderer: Any) -> None:
    """Make the x tick labels of ``ax`` that would overlap readable: numbers thinned to every second, third, ... tick,
    names turned by 30, 45 or 90 degrees, just enough; labels that fit flat are left alone.

    Turned labels run parallel: two neighbours read apart when the distance between their ticks, times the sine of
    the turn, is a label's height (all its lines) and a quarter more."""
    axis = ax.xaxis
    changed = _restore_ticks(axis)
    if getattr(axis, _TURNED, False):
        for tick in axis.majorTicks:  # every tick object, shown or not: matplotlib copies a tick's style to new ones
            tick.label1.set_rotation(0)
            tick.label1.set_horizontalalignment("center")
            tick.label1.set_rotation_mode("default")
        setattr(axis, _TURNED, False)
        changed = True
    if changed:
        forget(axis)
    labels = [t.label1 for t in _shown_ticks(axis) if t.label1.get_visible() and t.label1.get_text().strip()]
    if len(labels) < 2:
        return
    placed = sorted(((t.get_window_extent(renderer), t) for t in labels), key=lambda bt: bt[0].x0)
    boxes = [b for b, _ in placed]
    if all(a.x1 + _TICK_GAP_PX <= b.x0 for a, b in itertools.pairwise(boxes)):
        return
    centres = [(b.x0 + b.x1) / 2 for b in boxes]
    spacing = min(b - a for a, b in itertools.pairwise(centres))
    if all(_NUMBER.fullmatch(t.get_text().strip()) for t in labels):
        widest = max(b.width for b in boxes) + _TICK_GAP_PX
        step = max(2, math.ceil(widest / max(spacing, 1.0)))
        kept = [t for _, t in placed][::step]
        original = (axis.get_major_locator(), axis.get_major_formatter())
        thinned = (FixedLocator([t.get_position()[0] for t in kept]), FixedFormatter([t.get_text() for t in kept]))
        axis.set_major_locator(thinned[0])
        axis.set_major_formatter(thinned[1])
        setattr(axis, _OWN, (thinned, original))
        forget(axis)  # other ticks now: a memoised draw measures them afresh
        return
    thick = max(b.height for b in boxes)  # a label's lines, all of them, stand across the turned direction
    turn = next((t for t in _TURNS if spacing * math.sin(math.radians(t)) >= thick * _TURN_ROOM), _TURNS[-1])
    for tick in axis.majorTicks:
        tick.label1.set_rotation(turn)
        tick.label1.set_horizontalalignment("right" if turn < 90 else "center")
        tick.label1.set_rotation_mode("anchor" if turn < 90 else "default")
    setattr(axis, _TURNED, True)
    forget(axis)  # turned labels: a memoised draw measures their boxes afresh


def _legends(group: list[Axes]) -> list[Any]:
    return [leg for ax in group if (leg := ax.get_legend()) is not None and leg.get_visible()]


def _rebuilt(legend: Any, columns: int) -> Any:
    """A new legend on the same axes with the same entries (their handles and texts), font, frame and title, laid
    out in ``columns`` columns: matplotlib lays a legend's columns out once, when it is built."""
    ax = legend.axes
    title = legend.get_title().get_text()
    new = ax.legend(
        legend.legend_handles,
        [t.get_text() for t in legend.get_texts()],
        loc="upper center",
        ncols=columns,
        prop=legend.prop.copy(),
        framealpha=legend.get_frame().get_alpha(),
        title=title or None,
    )
    setattr(new, _COLUMNS, columns)
    return new


def _fit_legend(legend: Any, renderer: Any, limit_px: float) -> Any:
    """The legend in as many columns as fit ``limit_px`` (no more than it has); entries wider than that wrapped.
    Returns the legend, a new one when its columns changed."""
    texts = legend.get_texts()
    for t in texts:
        _restore(t)
    if legend.get_window_extent(renderer).width > limit_px:
        # too wide as built: one column, then as many more as fit (the entries never change order); a legend
        # this layout built already has the most that fit
        if getattr(legend, _COLUMNS, None) != 1:
            legend = _rebuilt(legend, 1)
        one = legend.get_window_extent(renderer).width
        columns = 1
        while columns < min(len(texts), _MAX_LEGEND_COLUMNS) and one * (columns + 1) <= limit_px * 1.2:
            wider = _rebuilt(legend, columns + 1)
            if wider.get_window_extent(renderer).width > limit_px:
                legend = _rebuilt(wider, columns)
                break
            legend, columns = wider, columns + 1
        legend.set_in_layout(False)
    if legend.get_window_extent(renderer).width > limit_px:
        # one column and still too wide: wrap the widest entries to what is left beside their handles
        texts = legend.get_texts()
        handles_px = legend.get_window_extent(renderer).width - max(t.get_window_extent(renderer).width for t in texts)
        for t in texts:
            _wrap(t, renderer, limit_px - handles_px)
    return legend


def _legend_height(legend: Any, renderer: Any, dpi: float) -> float:
    """The legend's height with the padding its anchor box keeps around it, inches."""
    pad = legend.borderaxespad * legend.prop.get_size_in_points() / 72.0
    return legend.get_window_extent(renderer).height / dpi + 2 * pad


def _extent(group: list[Axes], renderer: Any) -> tuple[Bbox, Bbox]:
    """The group's plotting area and the box of everything it draws but its legends, pixels."""
    area = Bbox.union([ax.bbox for ax in group])
    boxes = [area]
    for ax in group:
        # the axes' own text (title, ticks, labels) and its notes; lines, bars and patches stay inside the axes
        notes = [t for t in ax.texts if t.get_visible() and t.get_in_layout()]
        box = ax.get_tightbbox(renderer, bbox_extra_artists=notes)
        if box is not None and box.width > 0 and box.height > 0:
            boxes.append(box)
    return area, Bbox.union(boxes)


def _half_label(ax: Axes, renderer: Any) -> float:
    """Half the width of the widest x tick label ``ax`` shows flat, pixels (0 when they are turned: a turned label
    ends at its tick)."""
    ticks = _shown_ticks(ax.xaxis)
    if not ticks or ticks[0].label1.get_rotation():
        return 0.0
    return max(t.label1.get_window_extent(renderer).width for t in ticks if t.label1.get_visible()) / 2


def _place(
    panels: list[list[Axes]], width: float, height: float, xs: list[tuple[float, float]], ys: list[float], h: float
) -> None:
    for group, (x0, x1), y0 in zip(panels, xs, ys, strict=True):
        for ax in group:
            ax.set_position([x0 / width, y0 / height, (x1 - x0) / width, h / height])


def _wrap_text(panels: list[list[Axes]], renderer: Any, fig_px: float, panel_px: float) -> None:
    """Wrap each panel's title and x label to what its plotting area's centre leaves on either side, its y label to
    the panel's height; turn overlapping x tick labels."""
    pad_px = _PAD * renderer.dpi
    for group in panels:
        for ax in group:
            centre = (ax.bbox.x0 + ax.bbox.x1) / 2
            room = 2 * max(1.0, min(centre - pad_px, fig_px - pad_px - centre))
            _wrap(ax.title, renderer, room)
            _wrap(ax.xaxis.label, renderer, room)
            _wrap(ax.yaxis.label, renderer, panel_px, vertical=True)
            _thin_or_turn_ticks(ax, renderer)


def narrow_layout(fig: Figure, width: float = NARROW_WIDTH, panel_height: float = NARROW_PANEL_HEIGHT) -> Figure:
    """Lay ``fig`` out in place for a narrow column (see the module's docstring) and return it.

    Parameters
    ----------
    fig : Figure
        A drawn course figure: its axes on a grid (``new_figure``), or placed by ``fixed_layout``; twins, legends
        placed anywhere and text outside the axes are all handled. Its layout engine is switched off: the layout
        here is fixed and measured.
    width : float
        The figure's width, inches, in ``[2, 20]``.
    panel_height : float
        Each panel's plotting area, inches high, in ``[1, 20]``.

    Returns
    -------
    Figure
        ``fig``, ``width`` inches wide and as tall as its panels need.

    Examples
    --------
    >>> from hotpart.book.plotting import finish_axes, new_figure
    >>> fig, (left, right) = new_figure(10, 3.8, ncols=2)
    >>> for ax in (left, right):
    ...     _ = ax.plot([0, 1], [0, 1], label="a line")
    ...     finish_axes(ax, "title", "x", "y")
    >>> fig = narrow_layout(fig)
    >>> float(fig.get_figwidth()), bool(left.get_position().y0 > right.get_position().y1)
    (3.3, True)
    """
    from ..models._validation import check_number

    width = check_number("width", width, low=2.0, high=20.0)
    panel_height = check_number("panel_height", panel_height, low=1.0, high=20.0)
    panels = _panels(fig)
    fig.set_layout_engine(None)
    if not panels:
        fig.set_size_inches(width, panel_height, forward=False)
        return fig
    dpi = fig.dpi
    # provisional: each panel in a slot of its own with generous margins, to measure what its text needs
    slot = panel_height + 1.6
    guess = len(panels) * slot
    fig.set_size_inches(width, guess, forward=False)
    renderer = fig.canvas.get_renderer()
    for group in panels:
        for legend in _legends(group):
            legend.set_in_layout(False)  # placed below the panel by hand, not part of its margins
            legend.set_loc("upper center")
            legend.set_bbox_to_anchor(None)
            _fit_legend(legend, renderer, (width - 2 * _PAD) * dpi)
    ys = [guess - (i + 1) * slot + 1.0 for i in range(len(panels))]
    xs = [(_GUESS_LEFT, width - _PAD - _GUESS_RIGHT)] * len(panels)
    settled, tried = False, []
    for _ in range(3):
        _place(panels, width, guess, xs, ys, panel_height)
        with memoised_draw(fig):  # each axis's ticks computed once per pass, as in a draw
            _wrap_text(panels, renderer, width * dpi, panel_height * dpi)
            measured = [_extent(group, renderer) for group in panels]
        new = []
        for group, (area, box) in zip(panels, measured, strict=True):
            # in whole pixels: the same margins give the same places, whatever the guess. On the right, room for
            # half the widest x tick label whether or not a tick falls at the end (one may, at another width)
            right = max(box.x1 - area.x1, max((_half_label(ax, renderer) for ax in group), default=0.0))
            x0 = round((area.x0 - box.x0) / dpi * _PX + _PAD * _PX) / _PX
            x1 = round((width - right / dpi - _PAD) * _PX) / _PX
            new.append((x0, max(x0 + 0.5, x1)))
        settled = all(abs(a - c) < _SETTLED and abs(b - d) < _SETTLED for (a, b), (c, d) in zip(xs, new, strict=True))
        tried.append(new)
        xs = new
        if settled:
            break
    if not settled:  # the margins swing between two places (a tick label comes and goes): the narrower plotting area
        xs = [(max(a[0], b[0]), min(a[1], b[1])) for a, b in zip(tried[-2], tried[-1], strict=True)]

    # final places, from the top: each panel's text above, its plotting area, its text below, its legends
    tops = [(box.y1 - area.y1) / dpi for area, box in measured]
    bottoms = [(area.y0 - box.y0) / dpi for area, box in measured]
    legends = [[_legend_height(leg, renderer, dpi) for leg in _legends(group)] for group in panels]
    rows = [
        top + panel_height + bottom + sum(heights) + (_LEGEND_GAP if heights else 0.0)
        for top, bottom, heights in zip(tops, bottoms, legends, strict=True)
    ]
    height = 2 * _PAD + sum(rows) + _PANEL_GAP * (len(panels) - 1)
    fig.set_size_inches(width, height, forward=False)
    cursor = height - _PAD  # inches from the bottom, moving down
    ys = []
    for top, row in zip(tops, rows, strict=True):
        ys.append(cursor - top - panel_height)
        cursor -= row + _PANEL_GAP
    _place(panels, width, height, xs, ys, panel_height)
    if not settled:  # the last measure was taken elsewhere: tick labels judged again where they now are
        with memoised_draw(fig):
            for group in panels:
                for ax in group:
                    _thin_or_turn_ticks(ax, renderer)
    for group, y0, bottom, heights in zip(panels, ys, bottoms, legends, strict=True):
        slot_top = y0 - bottom - _LEGEND_GAP
        for legend, h in zip(_legends(group), heights, strict=True):
            legend.set_bbox_to_anchor(Bbox.from_bounds(0, (slot_top - h) / height, 1, h / height), transform=fig.transFigure)
            slot_top -= h
    return fig


#: Where :func:`hotpart.book.plotting.show` writes the book's figures, under its HTML output folder.
FIGURES_FOLDER = "_figures"


class BookFigure:
    """A figure in the built book: its wide and narrow PNGs written under the HTML output folder, shown as a
    ``<picture>`` (:func:`picture_html`), with the wide PNG in the output too for other front ends.

    The ``text/html`` of the output is marked ``hotpart.book_only`` in its metadata: its images are files beside the
    book's pages, so the reader's edition (``hotpart.book._reader``), which copies the book's outputs, keeps the PNG
    alone.
    """

    def __init__(
        self,
        wide: bytes,
        narrow: bytes,
        wide_size: tuple[int, int],
        narrow_size: tuple[int, int],
        alt: str,
        text_px: float,
        out_dir: str,
    ) -> None:
        import hashlib

        from ._frames import _page_prefix, _publish_file

        self.wide, self.narrow, self.alt = wide, narrow, alt
        key = hashlib.sha256(wide + narrow).hexdigest()[:20]
        folder = Path(out_dir) / FIGURES_FOLDER
        _publish_file(folder / f"{key}.png", wide)
        _publish_file(folder / f"{key}-narrow.png", narrow)
        base = f"{_page_prefix()}{FIGURES_FOLDER}/{key}"
        self.html = picture_html(f"{base}.png", wide_size, f"{base}-narrow.png", narrow_size, alt, text_px)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> tuple[dict[str, str], dict[str, Any]]:
        import base64

        data = {
            "text/html": self.html,
            "image/png": base64.b64encode(self.wide).decode("ascii"),
            "text/plain": f"<figure: {self.alt}>",
        }
        return data, {"hotpart": {"book_only": ["text/html"]}}


def picture_html(
    wide_src: str, wide_size: tuple[int, int], narrow_src: str, narrow_size: tuple[int, int], alt: str, text_px: float
) -> str:
    """A ``<picture>`` of a figure's two layouts: the narrow one (:func:`narrow_layout`) on screens where the wide one
    would shrink its text below reading size (:func:`narrow_media`), the wide one elsewhere. Each carries its size,
    so the page keeps the figure's place before the image arrives, and the picture its smallest text's height as
    drawn (``text_px``, :func:`smallest_text_px`), for the browser tests to scale.

    Examples
    --------
    >>> html = picture_html("a.png", (1000, 380), "a-narrow.png", (330, 700), "Load", 11.1)
    >>> print(html.replace("><", ">\\n<"))
    <picture class="hp-figure" data-text-px="11.1">
    <source media="(max-width: 780px)" srcset="a-narrow.png" width="330" height="700">
    <img src="a.png" width="1000" height="380" alt="Load">
    </picture>
    """
    import html as _html

    (ww, wh), (nw, nh) = wide_size, narrow_size
    return (
        f'<picture class="hp-figure" data-text-px="{text_px:.1f}"><source media="{narrow_media(int(ww))}" '
        f'srcset="{_html.escape(narrow_src)}" width="{nw}" height="{nh}"><img src="{_html.escape(wide_src)}" '
        f'width="{ww}" height="{wh}" alt="{_html.escape(alt)}"></picture>'
    )


def smallest_text_px(fig: Figure, dpi: float = 100.0) -> float:
    """The height of the smallest text ``fig`` draws (its font size), in pixels at ``dpi``: what a reader sees at
    one image pixel to one CSS pixel.

    Examples
    --------
    >>> from hotpart.book.plotting import finish_axes, new_figure
    >>> fig, (ax,) = new_figure()
    >>> _ = ax.plot([0, 1], label="a line")
    >>> finish_axes(ax, "title", "x", "y")
    >>> round(smallest_text_px(fig), 1)  # the legend's 8 pt
    11.1
    """
    sizes = [t.get_fontsize() for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip()]
    return min(sizes, default=10.0) * dpi / 72.0
