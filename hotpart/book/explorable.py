"""Explorables: every interactive figure, declared once.

An :class:`Explorable` is three parts and nothing else:

* ``compute``: a pure function from control values to the figure's data;
* ``controls``: the knobs, each a :class:`Control` with its range, step,
  default and unit;
* ``plot``: a function that draws that data on a figure.

From one declaration the package derives the live ipywidgets UI
(:meth:`Explorable.widget`), the extreme-value sweep the tests run
(:meth:`Explorable.sweep`), the callback timings the benchmarks take, and the
kernel-free version of the built book. Declarations live next to the model
they show, in ``hotpart/_<concept>_view.py``, and register themselves in
:data:`EXPLORABLES`; a notebook shows one with ``hotpart.explore("name")``.
"""

from __future__ import annotations

import gc
import html
import importlib
import itertools
import math
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np
from matplotlib.figure import Figure

from ..models._validation import check_divisor, check_integer, check_number
from ._narrow import narrow_layout
from .plotting import new_figure, palette_png, render_png, render_rgba

__all__ = ["EXPLORABLES", "Control", "Explorable", "explore", "register"]

Data = Mapping[str, Any]


#: The largest finite float: a control's bounds and step must be finite numbers.
_FINITE = sys.float_info.max
#: The most slider positions :meth:`Control.grid` lays out, and the most frames :meth:`Explorable.frame_grid` allows.
_MAX_GRID = 1_000
_MAX_FRAMES = 10_000


@dataclass(frozen=True)
class Control:
    """One knob of an explorable.

    Parameters
    ----------
    name : str
        The keyword the compute function takes.
    label : str
        What the reader sees next to the slider.
    low, high : float
        The range the slider allows; the model must be valid on all of it.
    default : float
        The starting value, inside the range.
    step : float
        The slider's step, ``> 0`` and finite; for ``scale="log"``, the step of the base-10
        exponent. The range over the step (the slider's positions) must be finite: a subnormal step is refused.
    unit : str
        The unit of the value (``"WCU/s"``, ``"%"``), or ``""``.
    scale : {"linear", "log"}
        How the slider moves.
    integer : bool
        Whether the value is a whole number.
    percent : bool
        Show a fraction as a percentage (0.8 reads "80%"); the model still gets the fraction.
    choices : tuple of str
        Names for the whole numbers ``low`` to ``high``, one each (``integer`` must be true): the reader picks a
        name, the model gets its number.

    Examples
    --------
    >>> Control("n", "partitions", 1, 40, 10, step=1, integer=True)
    Control(n='partitions' in [1, 40] step 1, default 10)
    >>> Control("s", "strategy", 0, 1, 0, integer=True, choices=("random", "calculated")).text(1)
    'calculated'
    >>> Control("h", "hot share", 0.0, 1.0, 0.8, step=0.01, percent=True).text(0.8)
    '80%'
    >>> Control("n", "partitions", float("nan"), 40, 10)
    Traceback (most recent call last):
    ...
    ValueError: n.low = nan is not a number: must be a finite number
    """

    name: str
    label: str
    low: float
    high: float
    default: float
    step: float = 1.0
    unit: str = ""
    scale: Literal["linear", "log"] = "linear"
    integer: bool = False
    percent: bool = False
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # every bound a finite number, checked in the order the caller gives them, each error naming its field
        low = check_number(f"{self.name}.low", self.low, low=-_FINITE, high=_FINITE)
        high = check_number(f"{self.name}.high", self.high, low=-_FINITE, high=_FINITE)
        if high <= low:
            raise ValueError(f"{self.name}.low = {self.low!r} is not below {self.name}.high = {self.high!r}: low must be < high")
        default = check_number(f"{self.name}.default", self.default, low=low, high=high)
        step = check_number(f"{self.name}.step", self.step, low=0, high=_FINITE, low_open=True)
        # stored as the floats they were checked as: a Decimal or a Fraction converted by rule, never kept as it came
        for field_name, value in (("low", low), ("high", high), ("default", default), ("step", step)):
            object.__setattr__(self, field_name, value)
        if self.scale == "log":
            check_number(f"{self.name}.low", self.low, low=0, low_open=True)
        elif self.scale != "linear":
            raise ValueError(f"{self.name}.scale = {self.scale!r} is not allowed: must be 'linear' or 'log'")
        span = math.log10(high) - math.log10(low) if self.scale == "log" else high - low
        check_divisor(f"{self.name}.step", self.step, span, "the range over the step, the slider's positions")
        if self.choices:
            n = int(self.high) - int(self.low) + 1
            if not (self.integer and self.step == 1 and self.scale == "linear") or len(self.choices) != n:
                raise ValueError(
                    f"{self.name}.choices = {self.choices!r} is not allowed: must name each whole number from "
                    f"{self.low:g} to {self.high:g} once ({n} names), on an integer control of step 1"
                )
        if self.percent and self.choices:
            raise ValueError(f"{self.name}.percent = True is not allowed with choices: a choice is a name, not a number")

    def __repr__(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        return (
            f"Control({self.name}={self.label!r} in [{self.low:g}, {self.high:g}]{unit} "
            f"step {self.step:g}{', log' if self.scale == 'log' else ''}, default {self.default:g})"
        )

    @property
    def description(self) -> str:
        """The label with its unit, as a slider shows it."""
        return f"{self.label} ({self.unit})" if self.unit else self.label

    def text(self, value: float) -> str:
        """The value as the reader sees it: its choice's name, a percentage, or the number with its unit.

        ``value`` must be a number the slider could produce, in ``[low, high]`` (``[0, 1]`` for a share from 0 to
        1); otherwise ``ValueError``.
        """
        value = check_number("value", value, low=self.low, high=self.high)
        if self.choices:
            return self.choices[round(value) - int(self.low)]
        if self.percent:
            return f"{value:.0%}" if abs(value * 100 - round(value * 100)) < 1e-9 else f"{value:.1%}"
        number = f"{int(value):,d}" if self.integer else f"{value:,.6g}"
        return f"{number} {self.unit}" if self.unit else number

    def check(self, value: Any) -> float | int:
        """Return ``value`` if the slider could produce it, else raise ``ValueError``."""
        x = check_number(self.name, value, low=self.low, high=self.high)
        return round(x) if self.integer else x

    def snap(self, value: float) -> float | int:
        """The slider position nearest ``value`` (a finite number; outside the range it snaps to the nearer end).

        Examples
        --------
        >>> Control("n", "partitions", 1, 40, 10, step=3, integer=True).snap(12.2)
        13
        """
        value = check_number("value", value, low=-_FINITE, high=_FINITE)
        if self.scale == "log":
            value = check_number("value", value, low=0, high=_FINITE, low_open=True)
            exponent = math.log10(self.low) + round((math.log10(value) - math.log10(self.low)) / self.step) * self.step
            x = min(max(10.0**exponent, self.low), self.high)
        else:
            x = min(max(self.low + round((value - self.low) / self.step) * self.step, self.low), self.high)
            x = round(x, 10)
        return round(x) if self.integer else x

    def grid(self, n: int) -> tuple[float | int, ...]:
        """About ``n`` slider positions spanning the range, ends and default included (``n`` in ``[2, 1000]``).

        Examples
        --------
        >>> Control("n", "partitions", 1, 40, 10, step=1, integer=True).grid(4)
        (1, 10, 14, 27, 40)
        """
        n = check_integer("n", n, low=2, high=_MAX_GRID)
        if self.scale == "log":
            raw = np.logspace(math.log10(self.low), math.log10(self.high), n)
        else:
            raw = np.linspace(self.low, self.high, n)
        points = {self.snap(float(x)) for x in raw} | {self.snap(self.low), self.snap(self.high), self.snap(self.default)}
        return tuple(sorted(points))

    def slider(self) -> Any:
        """An ipywidgets slider for this control."""
        import ipywidgets as w

        common = dict(
            description=self.description,
            style={"description_width": "initial"},
            layout=w.Layout(width="95%", max_width="640px"),
            continuous_update=False,
        )
        if self.scale == "log":
            return w.FloatLogSlider(
                value=self.default,
                base=10,
                min=math.log10(self.low),
                max=math.log10(self.high),
                step=self.step,
                # ipywidgets formats the readout with d3-format: a whole number for an integer control (the
                # value the model uses, not 5.62 for 6), three significant digits with separators otherwise.
                readout_format=",.0f" if self.integer else ",.3r",
                **common,
            )
        if self.choices:  # a slider of names: the reader picks "calculated", the model gets 1
            options = [(name, int(self.low) + i) for i, name in enumerate(self.choices)]
            return w.SelectionSlider(options=options, value=int(self.default), **common)
        if self.integer:
            return w.IntSlider(value=int(self.default), min=int(self.low), max=int(self.high), step=int(self.step), **common)
        if self.percent:  # d3-format: 0.8 reads 80%
            return w.FloatSlider(value=self.default, min=self.low, max=self.high, step=self.step, readout_format=".0%", **common)
        return w.FloatSlider(value=self.default, min=self.low, max=self.high, step=self.step, **common)


@dataclass(frozen=True)
class Explorable:
    """An interactive figure: controls, a pure compute function and a plotting function.

    Parameters
    ----------
    name : str
        Registry key; notebooks call ``hotpart.explore(name)``.
    title : str
        Heading shown above the controls.
    controls : tuple of Control
        The knobs, in display order.
    compute : callable
        ``compute(**values) -> Mapping``: the figure's data. Pure, and valid
        at every value the controls allow.
    plot : callable
        ``plot(fig, data) -> None``: draws ``data`` on an empty figure.
    caption : callable
        ``caption(data) -> str``: one or two sentences with the figure's
        numbers, shown under it.
    try_this : str
        What to try with the controls, and what to notice.
    static : tuple of str
        The (at most two) controls the kernel-free version of the book lets
        the reader move; the others stay at their defaults.
    ncols : int
        Axes side by side in the figure.
    figsize : tuple of float
        The figure's width and height, inches.
    update : callable, optional
        ``update(fig, data) -> None``: redraws ``data`` on a figure that ``plot`` drew (for any data the controls
        give) by changing its artists (``set_data``, ``set_height``, a collection's offsets, a text's string) rather
        than building them again. The result must be pixel-identical to ``plot`` on a new figure:
        ``tests/test_explorables_pixels.py`` compares the two at each control's ends and a sample of the
        corners. Without it, every change draws a
        new figure.
    """

    name: str
    title: str
    controls: tuple[Control, ...]
    compute: Callable[..., Data]
    plot: Callable[[Figure, Data], None]
    caption: Callable[[Data], str]
    try_this: str
    static: tuple[str, ...] = ()
    ncols: int = 1
    figsize: tuple[float, float] = (7.5, 3.8)
    update: Callable[[Figure, Data], None] | None = None
    _by_name: dict[str, Control] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name = {c.name: c for c in self.controls}
        if len(by_name) != len(self.controls):
            raise ValueError(f"{self.name}: control names must be unique; got {[c.name for c in self.controls]}")
        unknown = [s for s in self.static if s not in by_name]
        if unknown or len(self.static) > 2:
            raise ValueError(f"{self.name}.static = {self.static!r} is not allowed: must be at most two of {list(by_name)}")
        object.__setattr__(self, "_by_name", by_name)

    def __repr__(self) -> str:
        names = ", ".join(c.name for c in self.controls)
        return f"Explorable({self.name!r}: {self.title!r}; controls {names}; static {', '.join(self.static) or '-'})"

    def control(self, name: str) -> Control:
        """The control called ``name``."""
        return self._by_name[name]

    def defaults(self) -> dict[str, float | int]:
        """Every control at its default."""
        return {c.name: (int(c.default) if c.integer else c.default) for c in self.controls}

    def values(self, **overrides: Any) -> dict[str, float | int]:
        """The defaults with ``overrides`` applied and checked against each control's range."""
        unknown = set(overrides) - set(self._by_name)
        if unknown:
            raise ValueError(f"{self.name}: unknown controls {sorted(unknown)}; known {list(self._by_name)}")
        values = self.defaults()
        values.update({k: self._by_name[k].check(v) for k, v in overrides.items()})
        return values

    def data(self, **overrides: Any) -> Data:
        """The figure's data at the given control values (defaults elsewhere)."""
        return self.compute(**self.values(**overrides))

    def draw(self, data: Data, narrow: bool = False) -> Figure:
        """A new figure with ``data`` drawn on it; with ``narrow``, laid out for a phone's column (panels stacked,
        legends below: :func:`hotpart.book._narrow.narrow_layout`)."""
        fig, _ = new_figure(*self.figsize, ncols=self.ncols)
        self.plot(fig, data)
        return narrow_layout(fig) if narrow else fig

    def redraw(self, fig: Figure | None, data: Data, narrow: bool = False) -> Figure:
        """``data`` on ``fig`` through :attr:`update` when the explorable has one and ``fig`` exists, else a new figure.

        The live widget and the book's frames both draw through this, so an updated figure is what the reader sees
        in both; ``fig`` must be one this explorable drew, with the same ``narrow`` (a narrow figure is laid out
        again after each update: its titles and legends may have changed).
        """
        if fig is None or self.update is None:
            return self.draw(data, narrow)
        self.update(fig, data)
        return narrow_layout(fig) if narrow else fig

    def png(self, **overrides: Any) -> bytes:
        """The figure at the given control values, as PNG bytes."""
        return render_png(self.draw(self.data(**overrides)))

    def frame_grid(self, max_frames: int = 100) -> list[tuple[float | int, ...]]:
        """Slider positions of the static controls, one tuple per axis, at most ``max_frames`` frames in all.

        ``max_frames`` is a whole number in ``[1, 10_000]``; with fewer frames than ``2 ** len(static)`` each axis
        keeps its two ends (and the default) anyway.

        Examples
        --------
        >>> e = EXPLORABLES["partition_ceiling"]
        >>> import math
        >>> math.prod(len(axis) for axis in e.frame_grid(20)) <= 20
        True
        """
        max_frames = check_integer("max_frames", max_frames, low=1, high=_MAX_FRAMES)
        if not self.static:
            return []
        per_axis = 25 if len(self.static) == 1 else 10
        while True:
            axes = [self.control(n).grid(per_axis) for n in self.static]
            if math.prod(len(a) for a in axes) <= max_frames or per_axis <= 2:
                return axes
            per_axis -= 1

    def sweep(self) -> list[dict[str, float | int]]:
        """Control settings that test every extreme: defaults, each end alone, every corner."""
        points = [self.defaults()]
        for c in self.controls:
            points += [self.values(**{c.name: c.low}), self.values(**{c.name: c.high})]
        for corner in itertools.product(*[(c.low, c.high) for c in self.controls]):
            points.append(self.values(**dict(zip(self._by_name, corner, strict=True))))
        unique: dict[tuple[Any, ...], dict[str, float | int]] = {}
        for p in points:
            unique.setdefault(tuple(p.values()), p)
        return list(unique.values())

    def widget(self) -> Any:
        """The live ipywidgets UI: sliders, the figure and its caption.

        The first call freezes the objects alive so far out of the garbage
        collector's view (:func:`gc.freeze`): a full collection then scans only
        what the figures create, not the whole numpy, scipy and matplotlib
        import, which otherwise adds about 100 ms to one redraw in ten.
        """
        import ipywidgets as w

        freeze_gc_once()

        sliders = {c.name: c.slider() for c in self.controls}
        image = w.Image(format="png", layout=w.Layout(max_width="100%"))
        caption = w.HTML()

        figure: list[Figure] = []  # the one figure this widget draws on, once drawn

        def redraw(_change: Any = None) -> None:
            data = self.data(**{k: s.value for k, s in sliders.items()})
            fig = self.redraw(figure[0] if figure else None, data)
            figure[:] = [fig]
            image.value = palette_png(render_rgba(fig))  # the same PNG as the book's frame at these values
            caption.value = f"<p>{html.escape(self.caption(data))}</p>"

        for s in sliders.values():
            s.observe(redraw, names="value")
        redraw()
        header = w.HTML(f"<b>{html.escape(self.title)}</b><br><i>Try: {html.escape(self.try_this)}</i>")
        return _with_static_fallback(w.VBox([header, *sliders.values(), image, caption]), image, caption, self.title)


def _with_static_fallback(box: Any, image: Any, caption: Any, title: str) -> Any:
    """Make ``box`` display, besides the live widget, the current frame as a PNG and its caption as text.

    A front end that runs widgets (JupyterLab with a kernel, the book's widget
    manager) shows the live controls; one that cannot (GitHub, nbviewer, a
    notebook saved after ``nbconvert --execute``, VS Code without the kernel)
    falls back to the image, so a saved notebook always shows a figure.
    """
    import base64

    widget_bundle = box._repr_mimebundle_

    def bundle(**kwargs: Any) -> dict[str, Any]:
        data = widget_bundle(**kwargs) or {}
        if isinstance(data, tuple):
            data = data[0]
        data = dict(data)
        data["image/png"] = base64.b64encode(bytes(image.value)).decode("ascii")
        text = html.unescape(caption.value.removeprefix("<p>").removesuffix("</p>"))
        data["text/plain"] = f"{title}: {text}"
        return data

    box._repr_mimebundle_ = bundle
    return box


_GC_FROZEN = False


#: Modules the figures and models import inside functions, on their first draw: imported before the freeze, so that
#: their objects are frozen too. ``scipy.stats`` alone left about 44,500 objects in view when fanout_cost imported it
#: after the freeze, and a full collection then took 21 ms instead of 2.3 ms (80 to 100 ms with garbage around).
_IMPORTED_BEFORE_FREEZE: tuple[str, ...] = ("scipy.stats", "scipy.special", "scipy.optimize", "PIL.Image", "PIL.PngImagePlugin")


def freeze_gc_once() -> None:
    """Import what the figures import lazily (:data:`_IMPORTED_BEFORE_FREEZE`), collect once, then :func:`gc.freeze`
    what is alive, so later full collections stay short."""
    global _GC_FROZEN
    if not _GC_FROZEN:
        for name in _IMPORTED_BEFORE_FREEZE:
            importlib.import_module(name)
        gc.collect()
        gc.freeze()
        _GC_FROZEN = True


#: Every declared explorable, by name.
EXPLORABLES: dict[str, Explorable] = {}


def _declared() -> dict[str, Explorable]:
    """:data:`EXPLORABLES` with every declaration in it: the figures declare the explorables, and they load with the
    package's flat names (``hotpart/_lazy.py``), so a caller that reaches the registry by name from the book layer
    alone (the reader's edition, the build) loads them first, through the package, not by importing the figures."""
    import hotpart

    dir(hotpart)  # loads every layer: the figures register their explorables as they import
    return EXPLORABLES


def register(explorable: Explorable) -> Explorable:
    """Add an explorable to :data:`EXPLORABLES` and return it."""
    if explorable.name in EXPLORABLES:
        raise ValueError(f"explorable name {explorable.name!r} is already registered")
    EXPLORABLES[explorable.name] = explorable
    return explorable


def explore(name: str) -> Any:
    """Show the explorable called ``name``: live in Jupyter, as frames in the built book.

    When the environment variable ``HOTPART_STATIC`` names the book's HTML
    output folder (``make book`` sets it), the result is the kernel-free
    version: frames rendered over the static controls' grid and written under
    that folder, with range inputs that swap them. Otherwise it is the live
    ipywidgets UI. A reader sees exactly one of the two.

    Parameters
    ----------
    name : str
        A key of :data:`EXPLORABLES`.

    Returns
    -------
    ipywidgets.Widget or IPython.display.HTML
        What a notebook cell displays as its last expression.
    """
    if name not in EXPLORABLES:
        raise ValueError(f"name = {name!r} is not a declared explorable: must be one of {sorted(EXPLORABLES)}")
    out_dir = os.environ.get("HOTPART_STATIC", "")
    if out_dir:
        from IPython.display import HTML

        from ._frames import static_html

        return HTML(static_html(EXPLORABLES[name], Path(out_dir)))
    return EXPLORABLES[name].widget()
