"""The narrow layout (hotpart/book/_narrow.py): every explorable's figure, and the static figures the chapters show,
laid out for a phone's column keep all their text inside the figure and apart.

For each figure, at the defaults and at each static control's ends: the figure is :data:`NARROW_WIDTH` inches wide;
every panel's text (title, tick labels, axis labels, notes) and every legend lies inside the figure; no legend
covers a panel's text or plotting area; no two panels overlap; the x tick labels a draw shows do not overlap; panels
are stacked, top to bottom, in the wide figure's reading order; the smallest text is at least 8 CSS px at the size the
page shows it (one image pixel to one CSS pixel). The browser test (tests/test_screens.py) checks the built pages.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from matplotlib.transforms import Bbox

import hotpart as hp
from hotpart.book import _narrow
from hotpart.book.plotting import DPI, finish_axes, new_figure, render_rgba

EXPLORABLES = sorted(hp.EXPLORABLES)


def _tick_labels(ax):
    """The x tick labels a draw shows: those of ticks inside the view."""
    low, high = sorted(ax.get_xlim())
    return [
        t.label1
        for t in ax.xaxis.get_major_ticks()
        if t.label1.get_visible() and t.label1.get_text().strip() and low <= t.get_loc() <= high
    ]


def _problems(fig) -> list[str]:
    """What a reader of the narrow figure would miss: text outside it, overlapping text or panels."""
    render_rgba(fig)  # a draw at the book's dpi: ticks, labels and legends placed as the page shows them
    previous = fig.dpi
    fig.set_dpi(DPI)
    try:
        renderer = fig.canvas.get_renderer()
        inside = Bbox.from_bounds(-1, -1, fig.bbox.width + 2, fig.bbox.height + 2)
        problems = []
        if abs(fig.get_figwidth() - _narrow.NARROW_WIDTH) > 1e-9:
            problems.append(f"{fig.get_figwidth()} inches wide")
        panels, legends = [], []
        for group in _narrow._panels(fig):
            boxes = []
            for ax in group:
                legend = ax.get_legend()
                if legend is not None:
                    legends.append(legend.get_window_extent(renderer))
                    legend.set_visible(False)
                boxes.append(ax.get_tightbbox(renderer))
                if legend is not None:
                    legend.set_visible(True)
                labels = sorted((t.get_window_extent(renderer) for t in _tick_labels(ax)), key=lambda b: b.x0)
                crowded = [(round(a.x1), round(b.x0)) for a, b in itertools.pairwise(labels) if a.x1 > b.x0 + 0.5]
                labels_turned = any(t.get_rotation() for t in _tick_labels(ax))
                if crowded and not labels_turned:
                    problems.append(f"{ax.get_title()!r}: x tick labels overlap at {crowded[:3]}")
            panels.append(Bbox.union(boxes))
        for box in panels + legends:
            if not (inside.x0 <= box.x0 and box.x1 <= inside.x1 and inside.y0 <= box.y0 and box.y1 <= inside.y1):
                problems.append(f"outside the figure: {np.round(box.bounds, 1).tolist()} in {fig.bbox.bounds}")
        for i, a in enumerate(panels):
            for b in panels[i + 1 :]:
                if a.overlaps(b):
                    problems.append("two panels overlap")
            for legend in legends:
                if legend.overlaps(a):
                    problems.append(f"a legend {np.round(legend.bounds).tolist()} covers a panel {np.round(a.bounds).tolist()}")
        tops = [p.y1 for p in panels]
        if tops != sorted(tops, reverse=True):
            problems.append("panels not stacked top to bottom in reading order")
        if _narrow.smallest_text_px(fig, DPI) < 8.0:
            problems.append(f"text {_narrow.smallest_text_px(fig, DPI):.1f} px high")
        return problems
    finally:
        fig.set_dpi(previous)


def _settings(e):
    """The defaults and each static control (the ones the book's frames move) at each end."""
    points = [e.defaults()] + [e.values(**{name: v}) for name in e.static for v in (e.control(name).low, e.control(name).high)]
    return list({tuple(p.values()): p for p in points}.values())


@pytest.mark.parametrize("name", EXPLORABLES)
def test_every_explorable_reads_whole_in_the_narrow_layout(name):
    e = hp.EXPLORABLES[name]
    problems = {}
    for values in _settings(e):
        if found := _problems(e.draw(e.data(**values), narrow=True)):
            problems[str(values)] = found
    assert not problems, problems


def test_a_two_panel_figure_is_stacked_with_its_legends_below():
    fig, (left, right) = new_figure(10, 3.8, ncols=2)
    for ax, title in ((left, "left panel"), (right, "a right panel with a title too long for a phone's column")):
        ax.plot([0, 1], [0, 1], label="a line")
        ax.plot([0, 1], [1, 0], label="another line, with a long label")
        finish_axes(ax, title, "x (units)", "y (units)")
    _narrow.narrow_layout(fig)
    assert not _problems(fig)
    assert left.get_position().y0 > right.get_position().y1  # left first, above
    assert "\n" in right.get_title()  # wrapped to the column
    for ax in (left, right):  # each legend below its own panel's x label
        legend_top = ax.get_legend().get_window_extent(fig.canvas.get_renderer()).y1
        assert legend_top <= ax.xaxis.label.get_window_extent(fig.canvas.get_renderer()).y0


def test_laying_out_twice_changes_nothing():
    """The layout starts from what the figure's own code left: a second layout of a laid-out figure is a no-op."""
    e = hp.EXPLORABLES["gsi_backpressure"]
    fig = e.draw(e.data(), narrow=True)
    once = render_rgba(fig)
    twice = render_rgba(_narrow.narrow_layout(fig))
    assert once.shape == twice.shape and (once == twice).all()


def test_crowded_numbers_are_thinned_and_names_turned():
    fig, (ax,) = new_figure()
    ax.bar(range(30), range(30), label="bars")
    ax.set_xticks(range(30))
    finish_axes(ax, "thirty partitions", "partition", "demand")
    _narrow.narrow_layout(fig)
    shown = [t.get_text() for t in _tick_labels(ax)]
    assert shown[0] == "0" and 3 <= len(shown) < 30 and not any(t.get_rotation() for t in _tick_labels(ax))
    fig, (ax,) = new_figure()
    names = ["auto-increment", "UUIDv4", "UUIDv7", "Snowflake", "ULID", "KSUID"]
    ax.bar(range(6), range(6), label="bars")
    ax.set_xticks(range(6), names)
    finish_axes(ax, "six schemes", "", "share")
    _narrow.narrow_layout(fig)
    assert [t.get_text() for t in _tick_labels(ax)] == names
    assert {t.get_rotation() for t in _tick_labels(ax)} <= {30.0, 45.0, 90.0} and _tick_labels(ax)[0].get_rotation() > 0
    assert not _problems(fig)


def test_narrow_media_picks_the_narrow_layout_where_the_wide_text_would_shrink_below_8_px():
    assert _narrow.narrow_media(750) == "(max-width: 640px)"  # every phone
    assert _narrow.narrow_media(1_000) == "(max-width: 780px)"
    assert _narrow.narrow_media(5_000) == "(max-width: 959px)"  # never past the theme's one-column range
    with pytest.raises(ValueError, match="wide_width_px = 0"):
        _narrow.narrow_media(0)


def test_narrow_layout_refuses_a_width_outside_its_range():
    fig, _ = new_figure()
    with pytest.raises(ValueError, match=r"width = 1\.0 is out of range"):
        _narrow.narrow_layout(fig, width=1.0)


def test_the_check_catches_a_legend_on_a_panel_and_text_outside_the_figure():
    """The checks above can fail: a legend put back inside its axes covers the panel; a title set wider than the
    column after the layout sticks out of the figure; the wide figure is not the narrow width."""
    e = hp.EXPLORABLES["partition_ceiling"]
    fig = e.draw(e.data(), narrow=True)
    ax = fig.axes[0]
    ax.get_legend().set_bbox_to_anchor(None)
    ax.get_legend().set_loc("upper right")
    assert any("covers a panel" in p for p in _problems(fig))
    fig = e.draw(e.data(), narrow=True)
    fig.axes[0].set_title("a title set after the layout, far too long to fit a phone's column of 330 px")
    assert any("outside the figure" in p for p in _problems(fig))
    assert any("inches wide" in p for p in _problems(e.draw(e.data())))


def test_show_in_the_book_writes_both_layouts_and_the_readers_edition_keeps_the_png(tmp_path, monkeypatch):
    """``hp.show`` under ``make book`` (``HOTPART_STATIC``): the wide and the narrow PNG written under the book's
    folder, a ``<picture>`` naming both, the wide PNG in the output too; the reader's edition, which copies the
    book's outputs, drops the picture (its files are beside the book's pages) and keeps the PNG. Outside the book,
    the wide PNG alone, as before."""
    import base64

    import nbformat
    from IPython.display import Image

    from hotpart.book import _reader

    def figure():
        fig, (left, right) = new_figure(10, 3.8, ncols=2)
        for ax in (left, right):
            ax.plot([0, 1], [0, 1], label="a line")
            finish_axes(ax, "a panel", "x", "y")
        return fig

    monkeypatch.delenv("HOTPART_STATIC", raising=False)
    assert isinstance(hp.show(figure()), Image)
    monkeypatch.setenv("HOTPART_STATIC", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    shown = hp.show(figure())
    data, metadata = shown._repr_mimebundle_()
    files = sorted((p.name for p in (tmp_path / _narrow.FIGURES_FOLDER).iterdir()), key=lambda n: n.endswith("-narrow.png"))
    assert len(files) == 2 and files[1] == files[0].replace(".png", "-narrow.png")
    assert f'srcset="{_narrow.FIGURES_FOLDER}/{files[1]}"' in data["text/html"]
    assert f'src="{_narrow.FIGURES_FOLDER}/{files[0]}"' in data["text/html"]
    assert base64.b64decode(data["image/png"]) == (tmp_path / _narrow.FIGURES_FOLDER / files[0]).read_bytes()
    out = nbformat.v4.new_output("display_data", data=data, metadata=metadata)
    kept = _reader._clean_outputs([out])
    assert set(kept[0]["data"]) == {"image/png", "text/plain"} and "hotpart" not in kept[0]["metadata"]


def test_axes_placed_by_hand_are_stacked_by_place_and_a_figure_without_axes_keeps_the_width():
    """Axes added at a place rather than on a grid (``fig.add_axes``) are stacked in reading order: top row first,
    left to right; a figure with no axes is only made narrow."""
    fig, _ = new_figure(9, 3.8)
    fig.delaxes(fig.axes[0])
    right = fig.add_axes((0.55, 0.15, 0.4, 0.7))
    left = fig.add_axes((0.08, 0.15, 0.4, 0.7))
    for ax, title in ((left, "left"), (right, "right")):
        ax.plot([0, 1], [0, 1], label="a line")
        finish_axes(ax, title, "x", "y")
    _narrow.narrow_layout(fig)
    assert left.get_position().y0 > right.get_position().y1 and not _problems(fig)
    empty, _ = new_figure()
    empty.delaxes(empty.axes[0])
    assert float(_narrow.narrow_layout(empty).get_figwidth()) == _narrow.NARROW_WIDTH
