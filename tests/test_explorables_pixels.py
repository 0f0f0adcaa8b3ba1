"""Update instead of repaint (issue 17): every explorable updates its figure in place, and an updated figure is
pixel for pixel a fresh draw at the same settings (each control's ends, a sample of the corners, and back); the
fresh draw, on the text-caching canvas, is pixel for pixel matplotlib's own Agg (tests/test_text_cache.py tests the
cache on text the explorables do not draw).

In a file of its own, the suite's heaviest (every visit computes, updates and draws afresh), so that pytest-xdist's
``--dist loadfile`` can give it a worker while the rest of tests/test_explorables.py runs on the other.
"""

import hashlib
import itertools

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

import hotpart as hp
from hotpart.book import _text_cache
from hotpart.book.explorable import Control
from hotpart.book.plotting import render_rgba as _render_rgba

EXPLORABLES = sorted(hp.EXPLORABLES)


UPDATING = [name for name in EXPLORABLES if hp.EXPLORABLES[name].update is not None]


def test_every_explorable_updates_instead_of_repainting():
    """Issue 17: each explorable draws its artists once and updates their data on a change of control."""
    repainting = sorted(set(EXPLORABLES) - set(UPDATING))
    assert not repainting, f"explorables with no update (they repaint on every change): {repainting}"


def _plain_agg(fig):
    """``fig``'s pixels from matplotlib's own Agg canvas (no remembered text): a plain canvas attached to ``fig``, which
    :func:`~hotpart.book.plotting.render_rgba` then draws on (bound at import, so a test that replaces the module's
    ``render_rgba`` leaves this reference alone)."""
    FigureCanvasAgg(fig)  # becomes fig.canvas
    return _render_rgba(fig)


def _differing(a, b):
    """How many pixels differ between two renders (all of them, when their shapes differ)."""
    if a.shape != b.shape:
        return max(a.size, b.size) // 4
    return int((a != b).any(axis=-1).sum())


def _update_matches_a_fresh_draw(e, settings, plain=(), narrow=False):
    """Draw at the defaults, then update through each setting in turn; each must equal a new figure, pixel for pixel.
    At the settings in ``plain`` the new figure must also draw the same pixels on matplotlib's own Agg canvas as on
    the text-caching one the widget and the frames use (``hotpart.book._text_cache``). With ``narrow``, both in the
    narrow layout the book's phone frames use (laid out again after each update)."""
    from hotpart.book.plotting import render_rgba

    fig = e.draw(e.data(), narrow=narrow)
    mismatches = []
    for values in settings:
        data = e.data(**values)
        fig = e.redraw(fig, data, narrow=narrow)
        fresh_fig = e.draw(data, narrow=narrow)
        updated, fresh = render_rgba(fig), render_rgba(fresh_fig)
        if differing := _differing(updated, fresh):
            mismatches.append(f"{values}: {differing} pixels differ")
        if values in plain:
            # after render_rgba: its canvas, then Agg's own on the same figure
            if differing := _differing(_plain_agg(fresh_fig), fresh):
                mismatches.append(f"{values}: {differing} pixels differ from plain Agg")
    return mismatches


#: Corners of the control space the pixel check visits besides the all-low and all-high ones, when an explorable
#: has more (7 controls have 128 corners; each visit computes, updates and draws afresh, about 0.3 s). Each end of
#: each control is visited besides (one by one), so every update branch a single control selects is drawn.
PIXEL_CORNERS = 6


def _pixel_settings(e):
    """The defaults, each control at each end alone, the all-low and all-high corners, and up to
    :data:`PIXEL_CORNERS` more corners drawn with a seed fixed by the explorable's name (all of them when there
    are few); then the defaults again, so that the last update goes back."""
    names = [c.name for c in e.controls]
    corners = list(itertools.product(*[(c.low, c.high) for c in e.controls]))
    if len(corners) > PIXEL_CORNERS + 2:
        rng = np.random.default_rng(int.from_bytes(hashlib.sha256(e.name.encode()).digest()[:8], "big"))
        inner = sorted(rng.choice(np.arange(1, len(corners) - 1), size=PIXEL_CORNERS, replace=False).tolist())
        corners = [corners[0], *(corners[i] for i in inner), corners[-1]]
    points = [e.values(**{c.name: v}) for c in e.controls for v in (c.low, c.high)]
    points += [e.values(**dict(zip(names, corner, strict=True))) for corner in corners]
    unique = {}
    for p in points:
        unique.setdefault(tuple(p.values()), p)
    return [*unique.values(), e.defaults()]


def test_pixel_settings_cover_each_end_and_sample_the_corners():
    e = hp.EXPLORABLES["fanout_cost"]
    settings = _pixel_settings(e)
    lows = {c.name: c.low for c in e.controls}
    highs = {c.name: c.high for c in e.controls}
    for c in e.controls:  # each control at each end, the others at their defaults
        assert e.values(**{c.name: c.low}) in settings and e.values(**{c.name: c.high}) in settings
    assert e.values(**lows) in settings and e.values(**highs) in settings
    assert settings[-1] == e.defaults()
    assert len(settings) <= 2 * len(e.controls) + PIXEL_CORNERS + 3
    assert _pixel_settings(e) == settings  # seeded: the same settings every run
    small = hp.EXPLORABLES["pitfalls"]  # few corners: every one of them
    assert {tuple(p.values()) for p in _pixel_settings(small)} == {tuple(p.values()) for p in small.sweep()}


#: no_cover: a property of the pixels, over code every explorable test also runs (compute, plot, update); under the
#: line tracer it took 1.6x as long, and it adds no line to the coverage `make test` measures.
@pytest.mark.no_cover
@pytest.mark.parametrize("name", UPDATING or ["(none yet)"])
def test_an_updated_figure_is_pixel_identical_to_a_fresh_draw_and_to_plain_agg(name):
    """Update instead of repaint, without a visible difference: each control's ends, corners, and back. The text
    cache, without one either: at the sweep's first settings (the defaults and the first extremes) the fresh figure
    draws matplotlib's own Agg pixels; most strings by then come from the caches, the first ones did not."""
    if name == "(none yet)":
        pytest.skip("no explorable declares update yet")
    e = hp.EXPLORABLES[name]
    _text_cache.clear()
    plain = e.sweep()[:4]
    settings = _pixel_settings(e)
    assert all(p in settings for p in plain)
    assert not _update_matches_a_fresh_draw(e, settings, plain=plain)
    if _text_cache.ENABLED:
        counts = _text_cache.stats()
        assert counts["stamp_hits"] > counts["stamp_misses"] > 0  # later draws draw each string from its stamp
        assert counts["glyph_misses"] > 0
        assert counts["layout_hits"] > counts["layout_misses"] > 0


@pytest.mark.no_cover
@pytest.mark.parametrize("name", UPDATING or ["(none yet)"])
def test_an_updated_narrow_figure_is_pixel_identical_to_a_fresh_narrow_draw(name):
    """The phone's frames (``hotpart.book._narrow``) are updated and laid out again: each control at each end, one
    by one, then back to the defaults, the layout of the frame before leaving no trace (a wrapped title unwrapped,
    turned or thinned tick labels, a legend's columns, the figure's height)."""
    if name == "(none yet)":
        pytest.skip("no explorable declares update yet")
    e = hp.EXPLORABLES[name]
    settings = [e.values(**{c.name: v}) for c in e.controls for v in (c.low, c.high)] + [e.defaults()]
    assert not _update_matches_a_fresh_draw(e, settings, narrow=True)


def test_the_pixel_check_catches_an_update_that_forgets_an_artist():
    """An update that leaves the title stale differs from a fresh draw: the comparison above can fail."""
    from hotpart.book.explorable import Explorable

    def plot(fig, data):
        ax = fig.axes[0]
        ax.plot([0, 1], [0, data["y"]])
        ax.set_title(f"y = {data['y']}")

    def update(fig, data):
        fig.axes[0].lines[0].set_ydata([0, data["y"]])  # forgets the title

    e = Explorable("toy", "toy", (Control("y", "y", 1, 3, 1),), lambda y: {"y": y}, plot, lambda d: "", "", update=update)
    assert _update_matches_a_fresh_draw(e, [{"y": 3}])


def test_the_pixel_check_catches_a_canvas_that_draws_other_pixels_than_agg(monkeypatch):
    """A text-caching canvas that drew one pixel wrong, on every figure alike, leaves updated and fresh figures equal
    but differs from plain Agg: the comparison above can fail there too."""
    from hotpart.book import plotting

    real = plotting.render_rgba

    def one_pixel_off(fig, *args, **kwargs):
        out = real(fig, *args, **kwargs).copy()
        out[0, 0] = 255 - out[0, 0]
        return out

    monkeypatch.setattr(plotting, "render_rgba", one_pixel_off)
    e = hp.EXPLORABLES["partition_ceiling"]
    mismatches = _update_matches_a_fresh_draw(e, [e.defaults()], plain=[e.defaults()])
    assert mismatches == [f"{e.defaults()}: 1 pixels differ from plain Agg"]
