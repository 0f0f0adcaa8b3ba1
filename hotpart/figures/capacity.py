"""Chapter 1's figures: per-partition demand against the ceiling, and partitions that never merge.

Models: :mod:`hotpart.models.capacity`. Notebook: ``notebooks/01_partitions.ipynb``.
"""

from __future__ import annotations

import sys

import numpy as np
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, new_figure, partition_bars
from ..models import PARTITION_MAX_WCU, PartitionLoad, partition_history, split_demand
from ..models._validation import check_array, check_number

__all__ = [
    "plot_partition_history",
    "plot_partition_load",
    "units_text",
]


def plot_partition_load(fig: Figure, load: PartitionLoad, ymax: float | None = None, title: str | None = None) -> None:
    """Draw a :class:`PartitionLoad`: served and refused bars, ceiling and even share.

    ``ymax``, the top of the y axis in WCU/s, is finite and ``> 0``, or ``None`` to fit the bars.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, _ = new_figure()
    >>> plot_partition_load(fig, PartitionLoad(split_demand(3_000.0, 4, 0.5), table_capacity=4_000.0))
    """
    if ymax is not None:
        ymax = check_number("ymax", ymax, low=0, high=sys.float_info.max, low_open=True)
    ax = fig.axes[0]
    partition_bars(ax, load.demand, load.ceiling, load.ceiling, even_share=load.even_share)
    ax.set_ylim(0, ymax if ymax is not None else 1.08 * max(load.demand.max(), load.ceiling))
    finish_axes(
        ax,
        title or f"Write demand on {load.n_partitions} partitions against the {load.ceiling:,.0f} WCU/s ceiling",
        "partition (0 is the hottest)",
        "write demand (WCU/s)",
    )


def _ceiling_compute(table_wcu: float, n_partitions: int, hot_share: float, load_pct: float) -> Data:
    total = table_wcu * load_pct / 100.0
    load = PartitionLoad(split_demand(total, n_partitions, hot_share), table_capacity=table_wcu)
    return {"load": load, "ymax": 1.08 * max(total, PARTITION_MAX_WCU)}


def _ceiling_plot(fig: Figure, data: Data) -> None:
    plot_partition_load(fig, data["load"], ymax=data["ymax"])


def units_text(x: float) -> str:
    """``x`` units/s as text with thousands separators, rounded to a whole unit, never ``-0``.

    Examples
    --------
    >>> units_text(-1e-9), units_text(-0.4), units_text(-2_500.6), units_text(10_000)
    ('0', '0', '-2,501', '10,000')

    ``x`` is any finite number (a headroom may be negative).
    """
    x = check_number("x", x, low=-sys.float_info.max, high=sys.float_info.max)
    rounded = round(float(x))
    return f"{rounded + 0:,d}" if rounded else "0"


def _ceiling_caption(data: Data) -> str:
    load: PartitionLoad = data["load"]
    share = load.min_refused / load.offered if load.offered else 0.0
    return (
        f"Offered {load.offered:,.0f} WCU/s to a table provisioned at {load.table_capacity:,.0f} "
        f"(headroom {units_text(load.headroom)}). Refused at least {load.min_refused:,.0f} WCU/s "
        f"({share:.0%}) even with every partition allowed up to its {load.ceiling:,.0f} WCU/s ceiling; "
        f"held to an even share of {load.even_share:,.0f} each, {load.refused_even_split.sum():,.0f} WCU/s."
    )


partition_ceiling = register(
    Explorable(
        name="partition_ceiling",
        title="One hot partition against the per-partition ceiling",
        controls=(
            Control("table_wcu", "table capacity", 1_000, 40_000, 10_000, step=1_000, unit="WCU/s"),
            Control("n_partitions", "partitions", 1, 40, 10, step=1, integer=True),
            Control("hot_share", "share of demand on the hottest partition", 0.0, 1.0, 0.8, step=0.01),
            Control("load_pct", "offered demand", 10, 150, 100, step=5, unit="% of table capacity"),
        ),
        compute=_ceiling_compute,
        plot=_ceiling_plot,
        caption=_ceiling_caption,
        try_this=(
            "lower the hot share until the red bar disappears, then add partitions and watch the dashed even "
            "share fall while the solid ceiling stays put. In Jupyter, double the table capacity and halve the "
            "offered demand (a percentage of the capacity): the hot partition gets the same demand and the red bar "
            "stays as tall."
        ),
        static=("hot_share", "n_partitions"),
    )
)


def plot_partition_history(wcu: ArrayLike, rcu: ArrayLike | None = None) -> Figure:
    """Partitions and the even per-partition share as provisioned WCU is raised and lowered.

    Parameters
    ----------
    wcu : array_like
        Provisioned WCU/s at each step, ``>= 0`` (at least one step).
    rcu : array_like, optional
        Provisioned RCU/s at each step, ``>= 0``; zero if omitted.

    Returns
    -------
    Figure
        Two panels: partition count, and WCU/s per partition.

    Examples
    --------
    >>> fig = plot_partition_history([1_000.0, 4_000.0, 1_000.0])
    >>> len(fig.axes)
    2
    """
    w = check_array("wcu", wcu, low=0, high=sys.float_info.max)
    if w.ndim != 1 or w.size == 0:
        raise ValueError(f"wcu = {wcu!r} is not allowed: must be a non-empty 1-D array of WCU/s >= 0")
    r = np.zeros_like(w) if rcu is None else check_array("rcu", rcu, low=0, high=sys.float_info.max)
    if r.shape != w.shape:
        raise ValueError(f"rcu has shape {r.shape}: must match wcu's {w.shape}")
    counts = partition_history(r, w)
    steps = np.arange(w.size)
    fig, (left, right) = new_figure(ncols=2)
    left.step(steps, counts, where="post", color=COLORS["served"], label="partitions")
    finish_axes(left, "Partitions split but never merge", "step", "partitions", loc="lower right")
    right.step(steps, w / counts, where="post", color=COLORS["share"], ls="--", label="even share (WCU/s)")
    right.axhline(PARTITION_MAX_WCU, color=COLORS["ceiling"], label=f"ceiling {PARTITION_MAX_WCU:,.0f} WCU/s")
    right.set_ylim(0, 1.15 * PARTITION_MAX_WCU)
    finish_axes(right, "Each partition's share after scaling down", "step", "WCU/s per partition", loc="lower left")
    return fig
