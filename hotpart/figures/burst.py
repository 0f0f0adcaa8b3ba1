"""Chapter 8's figures and cases: what burst capacity's 300 seconds buy, read two ways and checked against the simulator.

Models: :mod:`hotpart.models.burst`, :mod:`~hotpart.models.provisioned`, :mod:`~hotpart.models.simulator`.
Notebook: ``notebooks/08_burst.ipynb`` (explorable ``burst``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, fixed_layout, relabel
from ..models import (
    BURST_WINDOW_S,
    MAX_SIMULATED_DEMAND,
    PARTITION_MAX_WCU,
    Provisioned,
    SimulationResult,
    Table,
    burst_seconds,
    simulate,
)
from ..models._validation import MAX_ELEMENTS, check_count, check_divisor, check_number
from .simulator import (
    _DAY_S,
    _MARGINS,
    _thin,
    _time_axis,
    plot_simulation,
)

__all__ = [
    "BURST_CHECK_SPIKE_S",
    "burst_bank_case",
    "burst_check",
    "burst_check_rows",
    "burst_reading_rows",
    "burst_readings",
    "burst_spike_lasting",
    "plot_burst_readings",
]


# ---------------------------------------------------------------------------------------------
# burst: what 300 s buy
# ---------------------------------------------------------------------------------------------

_BURST_SPIKE_S = 600
_BURST_IDLE_MAX = 600


def _burst_compute(rate: float, idle_s: float, spike: float) -> Data:
    idle = int(idle_s)
    steps = idle + _BURST_SPIKE_S
    demand = np.zeros((steps, 1))
    demand[idle:, 0] = spike
    res = simulate(Table(1, wcu=rate), demand, steps)
    after = res.served[idle:, 0]
    lasted = int(np.count_nonzero(after > rate + 1e-9))
    closed = burst_seconds(rate, spike, idle_seconds=idle, ceiling=PARTITION_MAX_WCU)
    banked = float(res.burst[idle - 1, 0]) if idle else 0.0
    return {
        "res": res,
        "rate": rate,
        "idle": idle,
        "spike": spike,
        "lasted": lasted,
        "closed": closed if math.isfinite(closed) else None,  # None: the spike never needs burst
        "banked": banked,
        "refused": float(res.throttled[idle:, 0].sum()),
        "above_ceiling": max(0.0, spike - PARTITION_MAX_WCU),
    }


def _burst_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, **_MARGINS)
    ax = fig.axes[0]
    res: SimulationResult = data["res"]
    plot_simulation(
        ax,
        res,
        [0],
        labels=["partition"],
        title="A spike after an idle spell: burst, then the provisioned rate",
        start=data["idle"],
        ymax=1.1 * 1500,
        share=data["rate"],
    )
    ax.set_xlim(-_BURST_IDLE_MAX, _BURST_SPIKE_S)


def _burst_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_burst_plot`'s figure for new data: the lines', the refused band's and the share's data, and
    the share's legend label; the title, the axes' limits and the ceiling do not depend on the controls."""
    ax = fig.axes[0]
    res: SimulationResult = data["res"]
    x, _ = _time_axis(res.seconds, data["idle"], False)
    k = _thin(res.seconds)
    offered_line, served_line, _ceiling_line, share_line = ax.lines
    offered_line.set_data(x[k], res.offered[k, 0])
    served_line.set_data(x[k], res.served[k, 0])
    ax.collections[0].set_data(x[k], res.served[k, 0], res.offered[k, 0])
    share_line.set_ydata([data["rate"], data["rate"]])
    label = f"provisioned share {data['rate']:,.0f}"
    relabel(ax, share_line, label)


def _burst_caption(data: Data) -> str:
    closed = data["closed"]
    lasted = (
        "the spike never needs burst (it is within the rate)"
        if closed is None
        else f"burst carries the spike for {data['lasted']} s (closed form {closed:,.1f} s)"
    )
    ceiling = (
        f" {data['above_ceiling']:,.0f} WCU/s above the {PARTITION_MAX_WCU:,.0f} ceiling are refused from the "
        "first second: burst never lifts the ceiling."
        if data["above_ceiling"] > 0
        else ""
    )
    return (
        f"Idle for {data['idle']} s, the partition banks {data['banked']:,.0f} WCU. Against a spike of "
        f"{data['spike']:,.0f} WCU/s on a rate of {data['rate']:,.0f}, {lasted}; then it is held to its rate and "
        f"refuses {data['refused']:,.0f} WCU in the {_BURST_SPIKE_S} s shown.{ceiling}"
    )


def burst_readings(
    rate: float, spike: float, idle_s: int, busy_s: int = 0, spike_s: int = 900, portion: float = 1.0
) -> dict[str, Data]:
    """One partition under both readings of AWS's burst sentence: idle, then busy at its rate, then a spike.

    The partition is provisioned at ``rate`` units/s (no adaptive capacity),
    idle for ``idle_s`` seconds, then offered exactly ``rate`` for ``busy_s``
    seconds (it banks and spends nothing), then ``spike`` units/s for
    ``spike_s`` seconds. ``"bank"`` keeps unused capacity until spent,
    ``"window"`` only what went unused in the last 300 s (000's reading).

    Parameters
    ----------
    rate : float
        The partition's provisioned rate, units/s, in ``(0, 1e9]``
        (:data:`hotpart.MAX_SIMULATED_DEMAND`, a limit of the simulation).
    spike : float
        Demand during the spike, units/s, in ``[0, 1e9]``.
    idle_s : int
        Seconds idle before, in ``[0, 86,400]``.
    busy_s : int
        Seconds offered exactly ``rate`` between the idle spell and the spike, in ``[0, 86,400]``.
    spike_s : int
        Seconds of the spike, in ``[1, 86,400]``.
    portion : float
        Fraction of unused capacity banked, in ``(0, 1]`` (``Provisioned(burst_portion=...)``).

    Returns
    -------
    dict
        For each reading, ``"res"`` (the simulation), ``"start"`` (the spike's
        first second), ``"lasted"`` (seconds the spike is served above the
        rate), ``"closed"`` (:func:`hotpart.burst_seconds` when ``busy_s`` is
        0 and the spike exceeds ``rate``, else ``None``) and ``"refused"``
        (units refused during the spike).

    Examples
    --------
    >>> out = burst_readings(100, 150, 300)
    >>> out["bank"]["lasted"], out["window"]["lasted"]
    (600, 300)
    >>> out = burst_readings(100, 400, 300, busy_s=400)
    >>> out["bank"]["lasted"], out["window"]["lasted"]
    (100, 0)
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    spike = check_number("spike", spike, low=0, high=MAX_SIMULATED_DEMAND)
    idle = check_count("idle_s", idle_s, high=_DAY_S)
    busy = check_count("busy_s", busy_s, high=_DAY_S)
    spike_len = check_count("spike_s", spike_s, low=1, high=_DAY_S)
    portion = check_number("portion", portion, low=0, high=1, low_open=True)
    steps = idle + busy + spike_len
    demand = np.zeros((steps, 1))
    demand[idle : idle + busy, 0] = rate
    demand[idle + busy :, 0] = spike
    out: dict[str, Data] = {}
    for reading in ("bank", "window"):
        mode = Provisioned(adaptive=False, burst_reading=reading, burst_portion=portion)
        res = simulate(Table(1, wcu=rate), demand, steps, mode=mode)
        start = idle + busy
        above = res.served[start:, 0] > rate * (1 + 1e-9)
        closed: float | None = None
        if busy == 0:
            closed = burst_seconds(rate, spike, idle_seconds=idle, ceiling=PARTITION_MAX_WCU, reading=reading, portion=portion)
            closed = closed if math.isfinite(closed) else None  # None: the spike never needs burst
        out[reading] = {
            "res": res,
            "start": start,
            "lasted": int(np.argmin(above)) if not above.all() else spike_len,
            "closed": closed,
            "refused": float(res.throttled[start:, 0].sum()),
        }
    return out


def plot_burst_readings(fig: Figure, data: dict[str, Data], rate: float) -> None:
    """Draw :func:`burst_readings`' two runs side by side (the figure needs two axes).

    Parameters
    ----------
    fig : Figure
        A figure with two axes.
    data : dict
        What :func:`burst_readings` returned.
    rate : float
        The partition's provisioned rate, units/s, ``> 0`` and finite: the share line and the burst axis's scale.

    Examples
    --------
    >>> from hotpart import new_figure
    >>> fig, _ = new_figure(ncols=2)
    >>> plot_burst_readings(fig, burst_readings(100, 400, 300, busy_s=400), 100)
    >>> [ax.get_title() for ax in fig.axes[:2]]
    ["'bank': kept until spent", "'window': the last 300 s only"]
    """
    rate = check_number("rate", rate, low=0, high=math.inf, low_open=True, high_open=True)
    if len(fig.axes) < 2:
        raise ValueError(f"fig has {len(fig.axes)} axes: plot_burst_readings needs two (hp.new_figure(ncols=2))")
    titles = {"bank": "'bank': kept until spent", "window": "'window': the last 300 s only"}
    # headroom above the data on both axes, so the two legends (upper left, upper right) cover no line or band
    headroom = 1.9
    top = headroom * max(float(d["res"].offered.max()) for d in data.values())
    for ax, (reading, d) in zip(fig.axes, data.items(), strict=True):
        res: SimulationResult = d["res"]
        plot_simulation(
            ax, res, [0], labels=["partition"], title=titles[reading], start=d["start"], ymax=top, share=rate, loc="upper left"
        )
        ax2 = ax.twinx()
        x = np.arange(res.seconds) - d["start"]
        ax2.plot(x, res.burst[:, 0], color=COLORS["accent"], lw=1.0, ls="-.", label="banked burst")
        ax2.set_ylim(0, headroom * BURST_WINDOW_S * rate)
        ax2.set_ylabel("banked burst (units)")
        ax.legend(loc="upper left", fontsize="x-small")
        ax2.legend(loc="upper right", fontsize="x-small")


register(
    Explorable(
        name="burst",
        title="Burst capacity: what 300 seconds buy",
        controls=(
            Control("rate", "partition's provisioned rate", 50, 500, 100, step=10, unit="WCU/s"),
            Control("idle_s", "idle time before the spike", 0, _BURST_IDLE_MAX, 300, step=30, unit="s"),
            Control("spike", "demand during the spike", 100, 1500, 400, step=50, unit="WCU/s"),
        ),
        compute=_burst_compute,
        plot=_burst_plot,
        update=_burst_update,
        caption=_burst_caption,
        try_this=(
            f"lengthen the idle time: past {BURST_WINDOW_S:g} s the bucket is full and the spike lasts no longer. "
            f"Then raise the spike past the {PARTITION_MAX_WCU:,.0f} WCU/s ceiling: burst runs out faster, and the "
            "part above the ceiling is refused at once."
        ),
        static=("spike", "idle_s"),
    )
)


#: Seconds of spike :func:`burst_check` simulates after the idle spell (long enough for any bank at a ceiling).
BURST_CHECK_SPIKE_S = 900


def burst_check(rate: float, spike: float, idle_s: int, spike_s: int = BURST_CHECK_SPIKE_S) -> dict[str, float]:
    """Chapter 8's check: burst's closed form against the per-second simulator, for one spike after an idle spell.

    One partition provisioned at ``rate`` WCU/s, with no adaptive capacity, is idle for ``idle_s`` seconds
    (banking what it leaves unused) and then offered ``spike`` WCU/s for ``spike_s`` seconds.

    Parameters
    ----------
    rate : float
        The partition's provisioned rate, WCU/s, in ``(0, 1e9]`` (:data:`hotpart.MAX_SIMULATED_DEMAND`).
    spike : float
        Demand during the spike, WCU/s, in ``(rate, 1e9]``: a spike above the rate, which needs burst.
    idle_s : int
        Seconds idle before the spike, in ``[0, 86,400]``.
    spike_s : int
        Seconds of spike simulated, in ``[1, 86,400]``.

    Returns
    -------
    dict
        ``"closed_s"``: :func:`hotpart.burst_seconds` with the partition ceiling; ``"simulated_s"``: seconds
        the simulator serves the partition above its rate;
        ``"refused_first"``: WCU refused in the spike's first second (above the ceiling);
        ``"refused"``: WCU refused during the whole spike.

    Examples
    --------
    >>> out = burst_check(100, 400, 300)
    >>> out["closed_s"], out["simulated_s"], out["refused_first"]
    (100.0, 100, 0.0)
    >>> burst_check(100, 1_500, 300)["refused_first"]
    500.0
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    spike = check_number("spike", spike, low=rate, high=MAX_SIMULATED_DEMAND, low_open=True)
    idle = check_count("idle_s", idle_s, high=_DAY_S)
    length = check_count("spike_s", spike_s, low=1, high=_DAY_S)
    closed = burst_seconds(rate, spike, idle_seconds=idle, ceiling=PARTITION_MAX_WCU)
    trace = np.concatenate([np.zeros(idle), np.full(length, spike)])[:, None]
    res = simulate(Table(1, wcu=rate), trace, idle + length, mode=Provisioned(adaptive=False))
    after = res.served[idle:, 0]
    return {
        "closed_s": float(closed),
        "simulated_s": int(np.count_nonzero(after > rate * (1 + 1e-9))),
        "refused_first": float(res.throttled[idle, 0]),
        "refused": float(res.throttled[idle:, 0].sum()),
    }


def _pairs(name: str, values: Any, max_pairs: int | None = None) -> list[tuple[Any, Any]]:
    """``values`` as a non-empty list of at most ``max_pairs`` pairs, or a ValueError naming ``name``."""
    if max_pairs is not None and hasattr(values, "__len__") and len(values) > max_pairs:
        raise ValueError(f"{name} has {len(values):,} pairs: must have at most {max_pairs:,}")
    try:
        pairs = [tuple(v) for v in values]
    except TypeError:
        raise ValueError(f"{name} = {values!r} is not a sequence of pairs") from None
    if not pairs:
        raise ValueError(f"{name} = {values!r} is empty: must hold at least one pair")
    for i, p in enumerate(pairs):
        if len(p) != 2:
            raise ValueError(f"{name}[{i}] = {p!r} is not a pair")
    return pairs


def burst_check_rows(rate: float, cases: Sequence[tuple[float, int]]) -> dict[str, Any]:
    """Chapter 8's table: :func:`burst_check` for several spikes on one rate, and the largest disagreement.

    Parameters
    ----------
    rate : float
        The partition's provisioned rate, WCU/s, in ``(0, 1e9]``.
    cases : sequence of (float, int)
        ``(spike, idle_s)`` pairs, at least one: the spike in WCU/s, above ``rate``, and the idle seconds before
        it (see :func:`burst_check`). Each is a simulation of ``idle_s`` plus :data:`BURST_CHECK_SPIKE_S` seconds;
        together they may simulate at most 10,000,000 seconds
        (:data:`hotpart.models._validation.MAX_ELEMENTS`), so at most 11,111 pairs.

    Returns
    -------
    dict
        ``"checks"``: :func:`burst_check`'s result per case; ``"header"`` and ``"rows"``: the table, formatted;
        ``"max_diff_s"``: the largest gap between the closed form and the simulator, seconds.

    Examples
    --------
    >>> out = burst_check_rows(100, [(150, 300), (400, 300)])
    >>> out["rows"][1], out["max_diff_s"]
    (('400', '300', '100.0', '100', '0'), 0.0)
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    cases = [
        (
            check_number(f"cases[{i}] spike", spike, low=rate, high=MAX_SIMULATED_DEMAND, low_open=True),
            check_count(f"cases[{i}] idle_s", idle_s, high=_DAY_S),
        )  # the checked values, a Decimal or a Fraction converted by rule
        for i, (spike, idle_s) in enumerate(_pairs("cases", cases, max_pairs=MAX_ELEMENTS // BURST_CHECK_SPIKE_S))
    ]
    simulated_s = sum(int(idle_s) + BURST_CHECK_SPIKE_S for _, idle_s in cases)
    if simulated_s > MAX_ELEMENTS:
        raise ValueError(
            f"cases simulate {simulated_s:,} seconds in all (each its idle_s plus {BURST_CHECK_SPIKE_S} s of spike): "
            f"must be at most {MAX_ELEMENTS:,}"
        )
    checks = [burst_check(rate, spike, idle_s) for spike, idle_s in cases]
    header = ("spike WCU/s", "idle s", "closed form s", "simulated s", "refused in 1st s")
    rows = [
        (f"{spike:,.0f}", f"{idle_s}", f"{c['closed_s']:,.1f}", f"{c['simulated_s']}", f"{c['refused_first']:,.0f}")
        for (spike, idle_s), c in zip(cases, checks, strict=True)
    ]
    gap = max(abs(c["closed_s"] - c["simulated_s"]) for c in checks)
    return {"checks": checks, "header": header, "rows": rows, "max_diff_s": float(gap)}


def burst_reading_rows(cases: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """Chapter 8's table of the two readings: :func:`burst_readings` per scenario, seconds served above the rate.

    Parameters
    ----------
    cases : sequence of (str, mapping)
        ``(name, keyword arguments of burst_readings)`` pairs, at least one.

    Returns
    -------
    dict
        ``"runs"``: :func:`burst_readings`' result per case; ``"header"`` and ``"rows"``: the table (the name, then
        the seconds above the rate under ``"bank"`` and under ``"window"``).

    Examples
    --------
    >>> burst_reading_rows([("short", dict(rate=100, spike=150, idle_s=300))])["rows"]
    [('short', '600', '300')]
    """
    cases = _pairs("cases", cases)
    for i, (_, kw) in enumerate(cases):
        if not isinstance(kw, Mapping):
            raise ValueError(f"cases[{i}] = {cases[i]!r}: the second item must be a mapping of burst_readings' keywords")
    runs = [burst_readings(**kw) for _, kw in cases]
    header = ("scenario", "bank: seconds above the rate", "window: seconds above the rate")
    rows = [
        (str(name), f"{run['bank']['lasted']:,}", f"{run['window']['lasted']:,}")
        for (name, _), run in zip(cases, runs, strict=True)
    ]
    return {"runs": runs, "header": header, "rows": rows}


def burst_bank_case(rate: float, idle_s: int, idle_demand: float, spike: float) -> dict[str, float]:
    """Chapter 8's exercise: what a partition banks while lightly used, and how long that carries a spike.

    The partition, provisioned at ``rate`` WCU/s, is offered ``idle_demand`` for ``idle_s`` seconds and banks
    what it leaves unused, at most :data:`hotpart.BURST_WINDOW_S` seconds of its rate:
    :math:`B = \\min(t_{idle} (r - d), 300 r)`; a spike then drains the bank at ``spike - rate`` per second.

    Parameters
    ----------
    rate : float
        The provisioned rate, WCU/s, in ``(0, 1e9]``.
    idle_s : int
        Seconds of light use before the spike, in ``[0, 86,400]``.
    idle_demand : float
        Demand during that time, WCU/s, in ``[0, rate]``.
    spike : float
        Demand during the spike, WCU/s, in ``(rate, 1e9]``.

    Returns
    -------
    dict
        ``"bank"``: units banked; ``"drain"``: units per second the spike takes from the bank; ``"seconds"``:
        :func:`hotpart.burst_seconds`, how long the bank carries the spike.

    Examples
    --------
    >>> burst_bank_case(200, 120, 50, 500)
    {'bank': 18000.0, 'drain': 300.0, 'seconds': 60.0}
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    idle = check_count("idle_s", idle_s, high=_DAY_S)
    try:
        idle_demand = check_number("idle_demand", idle_demand, low=0, high=rate)
    except ValueError as error:  # the bound is rate's: name it, since either may be the one at fault
        raise ValueError(f"{error} (at most rate = {rate!r})") from None
    spike = check_number("spike", spike, low=rate, high=MAX_SIMULATED_DEMAND, low_open=True)
    bank = min(idle * (rate - idle_demand), BURST_WINDOW_S * rate)
    seconds = burst_seconds(rate, spike, idle_seconds=idle, idle_demand=idle_demand)
    return {"bank": float(bank), "drain": float(spike - rate), "seconds": float(seconds)}


def burst_spike_lasting(rate: float, seconds: float) -> float:
    """The spike, WCU/s, that a full burst bank (:data:`hotpart.BURST_WINDOW_S` seconds of ``rate``) carries for
    exactly ``seconds``: :math:`r + 300 r / t` (chapter 8's exercise).

    Parameters
    ----------
    rate : float
        The provisioned rate, WCU/s, in ``(0, 1e9]``.
    seconds : float
        How long the spike should be carried, seconds, in ``(0, 86,400]``, and at least the full bank over the
        largest float (so that the spike, the bank over ``seconds``, is finite).

    Returns
    -------
    float
        The spike, WCU/s.

    Examples
    --------
    >>> burst_spike_lasting(100, 60)
    600.0
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    seconds = check_number("seconds", seconds, low=0, high=_DAY_S, low_open=True)
    check_divisor("seconds", seconds, BURST_WINDOW_S * rate, "the full bank over seconds, the spike above the rate")
    return float(rate + BURST_WINDOW_S * rate / seconds)
