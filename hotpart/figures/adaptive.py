"""Chapter 9's figures and cases: adaptive capacity over time, its two bounds, and what one hot item keeps.

Models: :mod:`hotpart.models.adaptive`, :mod:`~hotpart.models.simulator`.
Notebooks: ``notebooks/09_adaptive.ipynb`` (explorable ``adaptive``) and ``notebooks/10_isolation.ipynb``
(:func:`hot_item_case`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, relabel
from ..models import (
    EXAMPLE_ADAPTIVE,
    MAX_SIMULATED_DEMAND,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
    Provisioned,
    Refusal,
    SimulationResult,
    Table,
    adaptive_rate,
    max_key_rate,
    simulate,
)
from ..models._memo import simulate_once
from ..models._validation import check_array, check_choice, check_count, check_divisor, check_integer, check_number
from .simulator import (
    _DAY_S,
    _MARGINS,
    _thin,
)

__all__ = [
    "adaptive_case",
    "adaptive_ceiling_capacity",
    "adaptive_default",
    "hot_item_case",
]


# ---------------------------------------------------------------------------------------------
# adaptive: AWS's example over time, with and without adaptive capacity
# ---------------------------------------------------------------------------------------------

_ADAPTIVE_S = 900
#: The most partitions :class:`hotpart.Table` takes, so the most demands :func:`adaptive_case` takes.
_MAX_PARTITIONS = 1_000_000


def _adaptive_compute(table_wcu: float, n_partitions: int, hot_wcu: float, delay_s: float) -> Data:
    n = int(n_partitions)
    share = table_wcu / n
    demand = np.full(n, share / 2.0)
    demand[-1] = hot_wcu
    table = Table(n, wcu=table_wcu)
    # remembered runs (simulate_once): the run without adaptive capacity does not depend on the reaction time
    with_ac = simulate_once(table, demand, _ADAPTIVE_S, mode=Provisioned(adaptive_delay_s=delay_s, initial_burst_s=300))
    without = simulate_once(table, demand, _ADAPTIVE_S, mode=Provisioned(adaptive=False, initial_burst_s=300))
    hot = n - 1
    return {
        "with": with_ac,
        "without": without,
        "share": share,
        "hot": hot,
        "hot_wcu": hot_wcu,
        "sustainable": adaptive_rate(table_wcu, n, share / 2.0),
        "sustained": float(with_ac.served[-1, hot]),
        "without_first": without.first_throttled(hot),
        "with_first": with_ac.first_throttled(hot),
        "with_last": with_ac.last_throttled(hot),
        "refused_with": float(with_ac.throttled[:, hot].sum()),
        "refused_without": float(without.throttled[:, hot].sum()),
        "reasons": with_ac.throttled_by_reason(),
    }


def _adaptive_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, **_MARGINS)
    ax = fig.axes[0]
    hot = data["hot"]
    k = _thin(_ADAPTIVE_S)
    x = np.arange(_ADAPTIVE_S)[k]
    w: SimulationResult = data["with"]
    wo: SimulationResult = data["without"]
    ax.plot(x, w.offered[k, hot], color=COLORS["ceiling"], ls=":", lw=1.4, label="hot partition offered")
    ax.plot(x, wo.served[k, hot], color=COLORS["refused"], lw=1.6, label="served, no adaptive capacity")
    ax.plot(x, w.served[k, hot], color=COLORS["served"], lw=1.8, label="served, adaptive capacity")
    ax.axhline(PARTITION_MAX_WCU, color=COLORS["ceiling"], lw=1.2, label=f"partition ceiling {PARTITION_MAX_WCU:,.0f}")
    ax.axhline(data["share"], color=COLORS["share"], lw=1.0, ls="--", label=f"even share {data['share']:,.0f}")
    ax.set_xlim(0, _ADAPTIVE_S)
    ax.set_yscale("log")  # the example's 100 and 150 WCU/s and the 1,000 ceiling on one fixed scale
    ax.set_ylim(5, 5_000)
    ticks = (10, 30, 100, 300, 1_000, 3_000)
    ax.set_yticks(ticks, labels=[f"{t:,}" for t in ticks])
    ax.minorticks_off()  # log-scale minor ticks would cost more to lay out than the rest of the figure
    finish_axes(ax, "The hot partition, with and without adaptive capacity", "time (s)", "write units (WCU/s, log scale)")


def _adaptive_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_adaptive_plot`'s figure for new data: the three lines' data, the even share's height and its
    legend label; the title, the limits, the ticks and the ceiling do not depend on the controls."""
    ax = fig.axes[0]
    hot = data["hot"]
    k = _thin(_ADAPTIVE_S)
    x = np.arange(_ADAPTIVE_S)[k]
    w: SimulationResult = data["with"]
    wo: SimulationResult = data["without"]
    offered_line, without_line, with_line, _ceiling_line, share_line = ax.lines
    offered_line.set_data(x, w.offered[k, hot])
    without_line.set_data(x, wo.served[k, hot])
    with_line.set_data(x, w.served[k, hot])
    share_line.set_ydata([data["share"], data["share"]])
    label = f"even share {data['share']:,.0f}"
    relabel(ax, share_line, label)


def _when(t: int | None) -> str:
    return "never" if t is None else f"from {t} s"


def _adaptive_caption(data: Data) -> str:
    last = data["with_last"]
    if data["refused_with"] == 0:
        with_text = f"with it, nothing is refused and the partition sustains {data['sustained']:,.0f} WCU/s"
    elif last is not None and last < _ADAPTIVE_S - 1:
        with_text = (
            f"with it, throttling lasts {data['with_first']} to {last} s, then the partition sustains "
            f"{data['sustained']:,.0f} WCU/s"
        )
    else:
        with_text = f"with it, the partition is still held to {data['sustained']:,.0f} WCU/s at the end"
    return (
        f"Hot partition offered {data['hot_wcu']:,.0f} WCU/s on an even share of {data['share']:,.0f}. "
        f"Without adaptive capacity it is throttled {_when(data['without_first'])} "
        f"({data['refused_without']:,.0f} WCU refused); {with_text} "
        f"(closed form: at most {data['sustainable']:,.0f} WCU/s, the lesser of the ceiling and the share plus "
        f"the table's unused capacity)."
    )


register(
    Explorable(
        name="adaptive",
        title="Adaptive capacity and its two bounds",
        controls=(
            Control("table_wcu", "table capacity", 100, 4000, 400, step=100, unit="WCU/s"),
            Control("n_partitions", "partitions", 2, 10, 4, step=1, integer=True),
            Control("hot_wcu", "hot partition's demand", 50, 1500, 150, step=50, unit="WCU/s"),
            Control("delay_s", "adaptive capacity's reaction time", 0, 300, 0, step=30, unit="s"),
        ),
        compute=_adaptive_compute,
        plot=_adaptive_plot,
        update=_adaptive_update,
        caption=_adaptive_caption,
        try_this=(
            f"start at AWS's example ({EXAMPLE_ADAPTIVE['table_wcu']:,.0f} WCU/s, {EXAMPLE_ADAPTIVE['n_partitions']} "
            f"partitions, {EXAMPLE_ADAPTIVE['demand_wcu'][-1]:,.0f} on the hot one): the red line drops to the "
            "share once burst is spent, the blue one holds on. Raise the hot demand to the slider's end: adaptive "
            "capacity stops at the lesser of its two bounds, here the table's (the share plus what the others leave "
            f"unused); in Jupyter, raise the table capacity until the {PARTITION_MAX_WCU:,.0f} ceiling binds instead, "
            "and give adaptive capacity a reaction time to see the throttled phase of AWS's figure."
        ),
        static=("hot_wcu", "n_partitions"),
    )
)


def adaptive_ceiling_capacity(n_partitions: int, step: float = 100.0) -> float:
    """The least table capacity at which the ``adaptive`` explorable's hot partition can reach the ceiling.

    In the explorable every other partition is offered half its even share, so the hot one can sustain its share
    plus half of each other share, :math:`\\frac{C}{n}\\cdot\\frac{n + 1}{2}` (:func:`hotpart.adaptive_rate`),
    which reaches the partition ceiling :math:`c` from :math:`C = 2nc/(n + 1)` on; rounded up to the slider's
    ``step``.

    Parameters
    ----------
    n_partitions : int
        Partitions, in ``[1, 10,000]``.
    step : float
        The capacity slider's step, WCU/s, in ``(0, 1e6]``, and not so small that the capacity in steps overflows.

    Returns
    -------
    float
        Table capacity, WCU/s.

    Examples
    --------
    >>> adaptive_ceiling_capacity(4)
    1600.0
    """
    n = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    s = check_number("step", step, low=0, high=1e6, low_open=True)
    exact = 2 * n * PARTITION_MAX_WCU / (n + 1)
    check_divisor("step", s, exact, "the capacity in steps")
    return float(math.ceil(exact / s - 1e-12) * s)


def adaptive_case(table_wcu: float, demand_wcu: Sequence[float], seconds: int = 60) -> dict[str, Any]:
    """Chapter 9's arithmetic for one table: shares, the unused capacity, adaptive capacity's bound, and the
    simulator's steady state for the last (hot) partition.

    Parameters
    ----------
    table_wcu : float
        The table's provisioned capacity, WCU/s, in ``(0, 1e9]``, and not so small that ``even_over`` (the even
        split's need over it) overflows.
    demand_wcu : sequence of float
        Demand per partition, WCU/s, each in ``[0, 1e9]``, at least two and at most 1,000,000 (a table's most
        partitions in :class:`hotpart.Table`); the last is the hot one.
    seconds : int
        Seconds simulated (adaptive capacity reacts at once, burst starts empty), in ``[1, 86,400]``.

    Returns
    -------
    dict
        ``"n"``: partitions; ``"share"``: the even share, WCU/s; ``"unused"``: what the other partitions leave of
        their shares, :math:`\\sum_{i<n} \\max(C/n - d_i, 0)` (a partition above its share leaves nothing);
        ``"bound"``: :func:`hotpart.adaptive_rate`; ``"total"`` and
        ``"hottest"``: the demand's sum and maximum; ``"even_needed"``: the capacity an even split needs to give
        the hottest partition its demand, :math:`n \\max d_i`; ``"even_over"``: how much more that is than the
        table's capacity, a fraction; ``"served"``, ``"refused"`` and ``"reason"``: the hot partition in the
        simulation's last second, WCU/s, and the label of its refusal.

    Examples
    --------
    >>> c = adaptive_case(400, [50, 50, 50, 150])
    >>> c["share"], c["unused"], c["bound"], c["served"], c["even_over"]
    (100.0, 150.0, 250.0, 150.0, 0.5)
    """
    table_wcu = check_number("table_wcu", table_wcu, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    demand = check_array("demand_wcu", demand_wcu, low=0, high=MAX_SIMULATED_DEMAND, max_size=_MAX_PARTITIONS)
    if demand.ndim != 1 or demand.size < 2:
        raise ValueError(f"demand_wcu has shape {demand.shape}: must be one demand per partition, at least two")
    length = check_count("seconds", seconds, low=1, high=_DAY_S)
    n = int(demand.size)
    share = table_wcu / n
    even_needed = float(demand.max()) * n
    check_divisor("table_wcu", table_wcu, even_needed, "the even split's need over the table's capacity")
    res = simulate(Table(n, wcu=table_wcu), demand, length)
    return {
        "n": n,
        "share": share,
        "unused": float(np.maximum(share - demand[:-1], 0.0).sum()),
        "bound": adaptive_rate(table_wcu, n, demand[:-1]),
        "total": float(demand.sum()),
        "hottest": float(demand.max()),
        "even_needed": even_needed,
        "even_over": even_needed / table_wcu - 1,
        "served": float(res.served[-1, -1]),
        "refused": float(res.throttled[-1, -1]),
        "reason": Refusal(int(res.reason[-1, -1])).label,
    }


def adaptive_default() -> str:
    """``"on"`` when :class:`hotpart.Provisioned` applies adaptive capacity by default, else ``"off"``.

    Examples
    --------
    >>> adaptive_default()
    'on'
    """
    return "on" if Provisioned().adaptive else "off"


def hot_item_case(rate: float, kind: str = "write") -> dict[str, float]:
    """One item (or key) offered ``rate`` units/s: what it keeps, what it loses, and how many parts the rate needs.

    One key is held to :func:`hotpart.max_key_rate` however the table is provisioned; spreading the rate over
    ``ceil(rate / ceiling)`` keys on different partitions is the least that keeps each within the partition
    ceiling (chapters 9 and 10).

    Parameters
    ----------
    rate : float
        Units per second offered to the item, in ``[0, 1e9]``.
    kind : {"write", "read"}
        WCU or RCU.

    Returns
    -------
    dict
        ``"served"`` and ``"refused"``: units/s; ``"shards"``: keys needed at the partition ceiling.

    Examples
    --------
    >>> hot_item_case(1_600)
    {'served': 1000.0, 'refused': 600.0, 'shards': 2}
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND)
    kind = check_choice("kind", kind, ("write", "read"))
    key_max = max_key_rate(kind)
    ceiling = PARTITION_MAX_WCU if kind == "write" else PARTITION_MAX_RCU
    return {
        "served": float(min(rate, key_max)),
        "refused": float(max(0.0, rate - key_max)),
        "shards": max(1, math.ceil(rate / ceiling - 1e-12)),
    }
