"""Every declared explorable, swept over its controls' extremes; the static grid within budget."""

import math
import re
import subprocess
import sys
from collections.abc import Mapping

import numpy as np
import pytest
from matplotlib.text import Text

import hotpart as hp
from hotpart.book.explorable import Control

EXPLORABLES = sorted(hp.EXPLORABLES)
#: A figure's text that shows a number that is not one.
_NOT_A_NUMBER = re.compile(r"\b(nan|inf)\b", re.IGNORECASE)


def _finite(value, where):
    if isinstance(value, (int, float, np.number)):
        assert math.isfinite(float(value)), f"{where} is {value}"
    elif isinstance(value, np.ndarray) and value.dtype.kind in "fiu":
        assert np.all(np.isfinite(value)), f"{where} has non-finite entries"
    elif isinstance(value, Mapping):
        for k, v in value.items():
            _finite(v, f"{where}.{k}")
    elif hasattr(value, "__dataclass_fields__"):
        for k in value.__dataclass_fields__:
            _finite(getattr(value, k), f"{where}.{k}")


@pytest.mark.parametrize("name", EXPLORABLES)
def test_sweep_every_control_to_its_extremes(name):
    e = hp.EXPLORABLES[name]
    points = e.sweep()
    assert len(points) >= 1 + len(e.controls)
    fig = None
    for values in points:
        data = e.data(**values)
        _finite(data, f"{name}{values}")
        caption = e.caption(data)
        assert "nan" not in caption.lower() and "inf" not in caption.lower(), caption
        fig = e.redraw(fig, data)  # the widget's path: one draw, then an update per move
        for ax in fig.axes:
            assert ax.get_title(), f"{name}: an axes has no title"
            assert ax.get_xlabel() and ax.get_ylabel(), f"{name}: an axes lacks axis labels"
            assert ax.get_legend() is not None, f"{name}: an axes has no legend"
        shown = [t.get_text() for t in fig.findobj(Text) if t.get_visible()]
        assert not [t for t in shown if _NOT_A_NUMBER.search(t)], f"{name}{values} shows {shown}"


@pytest.mark.parametrize("name", EXPLORABLES)
def test_out_of_range_control_is_refused_by_name(name):
    e = hp.EXPLORABLES[name]
    c = e.controls[0]
    with pytest.raises(ValueError, match=rf"^{c.name} = "):
        e.data(**{c.name: c.high + abs(c.high) + 1})


@pytest.mark.parametrize("name", EXPLORABLES)
def test_static_version_has_at_most_two_controls_and_100_frames(name):
    e = hp.EXPLORABLES[name]
    assert 1 <= len(e.static) <= 2
    grid = e.frame_grid()
    assert math.prod(len(a) for a in grid) <= 100
    for control_name, axis in zip(e.static, grid, strict=True):
        c = e.control(control_name)
        assert axis[0] == c.snap(c.low) and axis[-1] == c.snap(c.high)
        assert c.snap(c.default) in axis


@pytest.mark.parametrize("name", EXPLORABLES)
def test_widget_builds_and_redraws(name):
    e = hp.EXPLORABLES[name]
    ui = e.widget()
    # every control is a slider: of numbers, or of named choices (a SelectionSlider, which has no min and max)
    sliders = [w for w in ui.children if type(w).__name__.endswith("Slider") and hasattr(w, "value")]
    image = next(w for w in ui.children if type(w).__name__ == "Image")
    assert len(sliders) == len(e.controls)
    first = bytes(image.value)
    s = sliders[0]
    if hasattr(s, "max"):
        s.value = s.max if s.value != s.max else s.min
    else:  # a slider of named choices: move to the last choice (or the first, if it is there already)
        values = [v for _, v in s.options]
        s.value = values[-1] if s.value != values[-1] else values[0]
    assert bytes(image.value) != first


def test_control_validates_its_declaration():
    with pytest.raises(ValueError, match=r"x.default = 5"):
        Control("x", "x", 0, 1, 5)
    with pytest.raises(ValueError, match=r"x.low = 0"):
        Control("x", "x", 0, 10, 1, scale="log")
    assert Control("x", "x", 1, 1000, 10, step=1, scale="log").grid(4) == (1.0, 10.0, 100.0, 1000.0)


def test_explore_rejects_unknown_names():
    with pytest.raises(ValueError, match=r"name = 'nope' is not a declared explorable"):
        hp.explore("nope")


def test_static_html_writes_every_frame(tmp_path, monkeypatch):
    from hotpart.book import _frames
    from hotpart.book._frames import FRAMES_FOLDER, frame_budget, static_html

    e = hp.EXPLORABLES["partition_ceiling"]
    out = tmp_path / "html"
    out.mkdir()
    monkeypatch.chdir(tmp_path)
    page = static_html(e, out)
    wide = list((out / FRAMES_FOLDER).glob("*/[0-9][0-9][0-9].png"))
    narrow = list((out / FRAMES_FOLDER).glob("*/[0-9][0-9][0-9]-narrow.png"))
    assert len(wide) == len(narrow) == math.prod(len(a) for a in e.frame_grid(frame_budget(e)))
    assert len({_frames._png_height(p.read_bytes()) for p in narrow}) == 1  # one height: the page never jumps
    assert f'data-explorable="{e.name}"' in page
    assert '<picture class="hp-figure"' in page and "-narrow.png" in page and 'media="(max-width:' in page
    assert page.count('type="range"') == len(e.static)
    assert "Fixed in the book at their defaults" in page


def test_frame_folders_appear_whole_when_processes_race(tmp_path):
    """Two writers of one frame folder (two kernels, two test workers): it appears once, complete, and no private
    copy is left; a writer that fails leaves nothing; a folder an older build left incomplete is replaced."""
    import threading

    from hotpart.book._frames import _publish

    folder = tmp_path / "cache" / "name-key"
    start = threading.Barrier(4, timeout=30)  # a writer that cannot fill its copy fails the test, not hangs it
    seen = []

    def fill(private):
        private.mkdir()
        (private / "000.png").write_bytes(b"frame")
        start.wait()  # every writer has filled its copy before any renames it into place
        (private / "captions.json").write_text("[]")

    def writer():
        _publish(folder, fill)
        seen.append(sorted(p.name for p in folder.iterdir()))

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [["000.png", "captions.json"]] * 4
    assert sorted(p.name for p in folder.parent.iterdir()) == ["name-key"]

    def broken(private):
        private.mkdir()
        raise RuntimeError("render failed")

    other = tmp_path / "cache" / "other-key"
    with pytest.raises(RuntimeError, match="render failed"):
        _publish(other, broken)
    assert sorted(p.name for p in folder.parent.iterdir()) == ["name-key"]
    other.mkdir()
    (other / "000.png").write_bytes(b"half")  # an older build's leftover, without captions
    _publish(other, lambda private: (private.mkdir(), (private / "captions.json").write_text("[]")))
    assert sorted(p.name for p in other.iterdir()) == ["captions.json"]


def test_page_frame_budget_is_shared_by_the_explorables_of_a_page(monkeypatch):
    from conftest import ROOT
    from hotpart.book._frames import PAGE_FRAMES_BUDGET_BYTES, explorables_on_page, frame_budget

    monkeypatch.chdir(ROOT / "notebooks")
    for name, e in hp.EXPLORABLES.items():
        on_page = explorables_on_page(name)
        assert on_page >= 1
        budget = frame_budget(e, on_page)
        assert 4 <= budget <= 100
        assert math.prod(len(a) for a in e.frame_grid(budget)) <= budget
    assert frame_budget(hp.EXPLORABLES["partition_ceiling"], 2) < frame_budget(hp.EXPLORABLES["partition_ceiling"], 1)
    assert PAGE_FRAMES_BUDGET_BYTES < 1_000_000


def test_log_slider_readout_shows_the_value_the_model_uses():
    integer = Control("v", "virtual nodes", 1, 1000, 8, step=0.25, scale="log", integer=True).slider()
    assert integer.readout_format == ",.0f"  # 5.62 reads "6", 1000 reads "1,000", never "1.00e+3"
    assert Control("x", "x", 1, 1000, 10, step=0.25, scale="log").slider().readout_format == ",.3r"


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, None, "abc"])
def test_control_refuses_a_non_finite_bound_by_name(bad):
    # issue 15: Control(..., low=nan) was accepted and low=None broke repr
    with pytest.raises(ValueError, match=r"^n\.low = "):
        Control("n", "partitions", bad, 40, 10)
    with pytest.raises(ValueError, match=r"^n\.high = "):
        Control("n", "partitions", 1, bad, 10)


def test_control_with_low_above_high_names_both_ends():
    with pytest.raises(ValueError, match=r"^n\.low = 50 is not below n\.high = 40"):
        Control("n", "partitions", 50, 40, 45)


@pytest.mark.parametrize("name", sorted(hp.EXPLORABLES))
def test_frames_rendered_in_parallel_are_byte_identical_to_the_serial_path(name, tmp_path):
    from hotpart.book import _frames as _static

    explorable = hp.EXPLORABLES[name]
    grid = explorable.frame_grid(4)
    serial = _static._render_frames(explorable, grid, tmp_path / "serial", workers=1)
    parallel = _static._render_frames(explorable, grid, tmp_path / "parallel", workers=2)
    assert parallel == serial
    frames = sorted(p.name for p in (tmp_path / "serial").glob("*.png"))
    assert frames == sorted(p.name for p in (tmp_path / "parallel").glob("*.png")) and len(frames) >= 2
    for frame in frames:
        assert (tmp_path / "parallel" / frame).read_bytes() == (tmp_path / "serial" / frame).read_bytes(), frame


def test_a_timed_frame_is_the_untimed_frame_and_times_each_step_once():
    """``make bench``'s profile of a frame (``_frame(..., phases)``) changes no byte of it and gives each of
    ``FRAME_PHASES`` one time per frame, which together fit inside the frame's own time."""
    import time

    from hotpart.book import _frames

    explorable = hp.EXPLORABLES["partition_ceiling"]
    point = tuple(axis[-1] for axis in explorable.frame_grid(4))
    _frames._FIGURES.clear()
    plain = _frames._frame(explorable, point)
    phases: dict[str, list[float]] = {}
    start = time.perf_counter()
    timed = _frames._frame(explorable, point, phases)  # the update path: the figure of the frame before
    took = time.perf_counter() - start
    _frames._FIGURES.clear()
    assert timed == plain
    assert list(phases) == list(_frames.FRAME_PHASES) and all(len(v) == 1 and v[0] > 0 for v in phases.values())
    assert sum(v[0] for v in phases.values()) <= took


def test_the_gc_freeze_covers_what_the_figures_import_lazily():
    """The lazy imports of a first draw (scipy.stats in fanout_cost) happen before the freeze, not after it: else their
    ~40,000 objects stay in the collector's view, and a full collection in a slider move takes ten times as long."""
    code = (
        "import gc, hotpart.book.explorable as e\n"
        "e.freeze_gc_once(); n = len(gc.get_objects())\n"
        "from scipy import stats, special, optimize\n"
        "from PIL import Image, PngImagePlugin\n"
        "print(len(gc.get_objects()) - n)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert int(out.stdout.strip()) < 1_000


def test_a_choice_control_shows_names_and_a_percent_control_a_percentage():
    strategy = hp.EXPLORABLES["write_sharding"].control("strategy")
    widget = strategy.slider()
    assert type(widget).__name__ == "SelectionSlider" and widget.options == (("random", 0), ("calculated", 1))
    assert widget.value == 0 and [strategy.text(v) for v in (0, 1)] == ["random", "calculated"]
    share = hp.EXPLORABLES["partition_ceiling"].control("hot_share")
    assert share.text(0.8) == "80%" and share.slider().readout_format == ".0%"
    with pytest.raises(ValueError, match="choices"):
        hp.Control("s", "strategy", 0, 2, 0, integer=True, choices=("a", "b"))
