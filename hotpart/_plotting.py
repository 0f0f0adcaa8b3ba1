"""Shared figure helpers: one look for every chapter, and PNG rendering.

Figures are built on :class:`matplotlib.figure.Figure` directly, not through
``pyplot``, so that drawing never depends on a GUI backend and a figure is
freed as soon as it is rendered.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

__all__ = ["COLORS", "finish_axes", "new_figure", "partition_bars", "render_png", "show"]

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

    Examples
    --------
    >>> fig, (ax,) = new_figure()
    >>> type(fig).__name__
    'Figure'
    """
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(1, ncols, squeeze=False)[0]
    return fig, list(axes)


def render_png(fig: Figure, dpi: int = DPI) -> bytes:
    """Render a figure to PNG bytes.

    Examples
    --------
    >>> fig, _ = new_figure()
    >>> render_png(fig)[:4]
    b'\\x89PNG'
    """
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


def show(fig: Figure) -> Any:
    """The figure as an IPython PNG image, for a notebook cell or ``glue``.

    Rendering here, rather than through a matplotlib backend, makes the
    notebook output the same bytes in Jupyter, under test and in the book.
    """
    from IPython.display import Image

    return Image(data=render_png(fig), format="png")


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
        Offered demand per partition, ``unit``.
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
    """
    d = np.asarray(demand, dtype=float)
    served = np.minimum(d, np.broadcast_to(np.asarray(capacity, dtype=float), d.shape))
    x = np.arange(d.size)
    ax.bar(x, served, color=COLORS["served"], label=f"served ({unit})")
    ax.bar(x, d - served, bottom=served, color=COLORS["refused"], label=f"refused ({unit})")
    ax.axhline(ceiling, color=COLORS["ceiling"], lw=1.5, label=f"partition ceiling {ceiling:,.0f}")
    if even_share is not None:
        ax.axhline(even_share, color=COLORS["share"], lw=1.2, ls="--", label=f"even share {even_share:,.0f}")
    if labels is not None:
        ax.set_xticks(x, labels)
    elif d.size <= 20:
        ax.set_xticks(x)
    ax.set_xlim(-0.6, max(d.size, 1) - 0.4)
