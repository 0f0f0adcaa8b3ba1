"""Chapter 16's explorable and figures: the sample table's exports, diagnosed and replayed under each remedy.

``notebooks/16_your_table.ipynb`` shows them; the models are in
:mod:`hotpart.models.observed` (the readers), :mod:`hotpart.models.logs`
(``profile_log``) and :mod:`hotpart.models.whatif` (``what_if``). The explorable
``your_table_what_if`` replays the sample access log's demand with a chosen
number of write shards and a capacity multiplier, and draws the units each
remedy refuses.
"""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout
from ..models import (
    SAMPLE_FILES,
    SAMPLE_LOG_RATE,
    SAMPLE_TABLE,
    LogProfile,
    Table,
    WhatIf,
    fit_zipf,
    profile_log,
    what_if,
    write_sample_exports,
)
from ..models._validation import check_integer, check_number

__all__ = [
    "plot_what_if",
    "sample_paths",
    "sample_profile",
    "sample_table",
    "what_if_case",
    "zipf_coverage",
]

Data = dict[str, Any]

#: The sample log's column names (as an application might name them).
_LOG_COLUMNS = {"timestamp": "request_time", "key": "customer_id", "units": "consumed_wcu"}
_REMEDY_COLORS = ("#7F7F7F", "#2CA02C", "#9467BD", "#FF7F0E", "#1F77B4")


@functools.lru_cache(maxsize=1)
def sample_paths() -> dict[str, Path]:
    """The chapter's sample files: ``notebooks/data`` of the repository, or written to a temporary folder."""
    folder = Path(__file__).resolve().parents[2] / "notebooks" / "data"
    paths = {role: folder / name for role, name in SAMPLE_FILES.items()}
    if all(p.is_file() for p in paths.values()):
        return paths
    return write_sample_exports(tempfile.mkdtemp(prefix="hotpart-sample-"))


def sample_table() -> Table:
    """The sample table as it is (:data:`hotpart.SAMPLE_TABLE`)."""
    return Table(int(SAMPLE_TABLE["partitions"]), wcu=float(SAMPLE_TABLE["wcu"]))


@functools.lru_cache(maxsize=1)
def sample_profile() -> LogProfile:
    """The sample access log's profile, on the sample table's partitions.

    Examples
    --------
    >>> sample_profile().keys[0]
    'CUSTOMER#00000'
    """
    return profile_log(
        sample_paths()["log"], **_LOG_COLUMNS, partitions=int(SAMPLE_TABLE["partitions"]), sample_rate=SAMPLE_LOG_RATE
    )


@functools.lru_cache(maxsize=128)
def what_if_case(shards: int = 10, capacity_factor: float = 2.0) -> Data:
    """The sample's what-if for ``shards`` suffixes and a capacity multiplier (cached: do not mutate).

    Parameters
    ----------
    shards : int
        Write-sharding suffixes per hot key, in ``[2, 1000]``.
    capacity_factor : float
        Provisioned capacity multiplier for "more capacity", in ``[1, 100]``.

    Returns
    -------
    dict
        ``shards``, ``capacity_factor`` and the :class:`hotpart.WhatIf`.

    Examples
    --------
    >>> w = what_if_case(10, 2.0)["what_if"]
    >>> bool(w.refused[1] < w.refused[0])
    True
    """
    n = check_integer("shards", shards, low=2, high=1000)
    factor = check_number("capacity_factor", capacity_factor, low=1, high=100)
    w: WhatIf = what_if(sample_profile(), sample_table(), shards=n, capacity_factor=factor)
    return {"shards": n, "capacity_factor": factor, "what_if": w}


def plot_what_if(axes: tuple[Axes, Axes], data: Data) -> None:
    """Left: units each remedy refuses over the replay. Right: refused units per minute.

    Parameters
    ----------
    axes : pair of Axes
        Where to draw.
    data : dict
        From :func:`what_if_case`.
    """
    left, right = axes
    w: WhatIf = data["what_if"]
    short = [r.split(" (")[0] for r in w.remedies]
    for i, (name, units, color) in enumerate(zip(short, w.refused, _REMEDY_COLORS, strict=False)):
        left.barh(i, units / 1e3, color=color, label=f"{name}: {units / w.offered:.1%}")
    left.set_yticks(np.arange(len(short)), short, fontsize=8)
    left.invert_yaxis()
    left.set_xlim(0, max(float(w.offered) * 0.2 / 1e3, 1.0))
    finish_axes(left, "Refused over the replay (share of offered)", "thousand units refused", "remedy", loc="lower right")
    minute = np.arange(1, w.refused_per_minute.shape[1] + 1)
    for name, series, color in zip(short, w.refused_per_minute, _REMEDY_COLORS, strict=False):
        right.plot(minute, series / 60.0, color=color, label=name, marker="o", ms=3)
    right.axhline(0, color=COLORS["ceiling"], lw=0.5)
    right.set_ylim(0, float(w.offered) / 60.0 / w.refused_per_minute.shape[1] * 0.25)
    finish_axes(right, "Refused per second, by minute", "minute", "units/s refused", loc="center left")


def _compute(shards: int, capacity: float) -> Data:
    return what_if_case(int(shards), round(float(capacity), 1))


def _plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, left=0.16, right=0.99, bottom=0.14, top=0.9, wspace=0.28)
    plot_what_if((fig.axes[0], fig.axes[1]), data)


def _caption(data: Data) -> str:
    w: WhatIf = data["what_if"]
    parts = [
        f"{r}: {u:,.0f} units refused ({u / w.offered:.1%}), {c:.2f} reads per read"
        for r, u, c in zip(w.remedies, w.refused, w.read_cost, strict=False)
    ]
    keys = ", ".join(w.sharded_keys) or "none"
    return (
        f"The sample log replayed on {SAMPLE_TABLE['partitions']:.0f} partitions. "
        + "; ".join(parts)
        + f". Keys sharded: {keys}."
    )


register(
    Explorable(
        name="your_table_what_if",
        title="Your own table: the sample log's demand replayed under each remedy",
        controls=(
            Control("shards", "write-sharding suffixes per hot key", 2, 16, 10, step=2, integer=True, unit="shards"),
            Control("capacity", "provisioned capacity multiplier", 1, 4, 2, step=1, unit="x"),
        ),
        compute=_compute,
        plot=_plot,
        caption=_caption,
        try_this=(
            "raise the capacity multiplier: the grey, purple and orange bars do not move, because the hottest "
            "customer is above one partition's ceiling and capacity does not lift it. Then raise the shards: the "
            "green bar falls towards zero while the reads per read grow."
        ),
        static=("shards", "capacity"),
        ncols=2,
        figsize=(10.0, 3.6),
    )
)


def zipf_coverage(n_keys: int, exponent: float, n_requests: int, seeds: int = 50) -> dict[str, float]:
    """How often :func:`hotpart.fit_zipf`'s interval covers the true exponent, over simulated logs.

    Each of ``seeds`` logs draws ``n_requests`` requests over ``n_keys`` keys with Zipf popularity of the given
    exponent (a multinomial draw, seeds ``0`` to ``seeds - 1``), and is fitted; the ranks are the logs' own.

    Parameters
    ----------
    n_keys : int
        Keys, in ``[2, 1_000_000]``.
    exponent : float
        The true Zipf exponent, in ``[0, 5]``.
    n_requests : int
        Requests per simulated log, in ``[1, 10_000_000]``.
    seeds : int
        Simulated logs, in ``[1, 1_000]``.

    Returns
    -------
    dict
        ``covered`` (how many intervals hold the true exponent), ``bias`` (mean fitted minus true exponent) and
        ``half_width`` (mean half-width of the interval), and the inputs.

    Examples
    --------
    >>> c = zipf_coverage(100, 1.0, 50_000, seeds=20)
    >>> c["covered"] >= 17, abs(c["bias"]) < 0.01
    (True, True)
    """
    n = check_integer("n_keys", n_keys, low=2, high=1_000_000)
    s = check_number("exponent", exponent, low=0, high=5)
    requests = check_integer("n_requests", n_requests, low=1, high=10_000_000)
    seeds = check_integer("seeds", seeds, low=1, high=1_000)
    ranks = np.arange(1, n + 1, dtype=float)
    share = ranks**-s / (ranks**-s).sum()
    fits = [fit_zipf(np.random.default_rng(k).multinomial(requests, share)) for k in range(seeds)]
    return {
        "n_keys": n,
        "exponent": s,
        "n_requests": requests,
        "seeds": seeds,
        "covered": sum(f.ci_low <= s <= f.ci_high for f in fits),
        "bias": float(np.mean([f.exponent for f in fits])) - s,
        "half_width": float(np.mean([(f.ci_high - f.ci_low) / 2 for f in fits])),
    }
