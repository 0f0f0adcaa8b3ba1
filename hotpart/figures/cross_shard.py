"""Chapter 20's explorable and table: scatter-gather latency and two-phase commit against the number of shards.

Models: :mod:`hotpart.models.cross_shard` (``two_phase_commit``, ``TwoPhaseCommit``) and the fan-out models of
:mod:`hotpart.models.fanout` (``fanout_quantile``, ``prob_any_slow``) for scatter-gather. Notebook:
``notebooks/20_cross_shard``. The explorable ``cross_shard``; the chapter's table (``two_phase_rows``), tested in
``tests/test_chapters_15_21.py``.
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import NullLocator
from scipy import stats

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout
from ..models import two_phase_commit
from ..models._validation import check_number
from ._sharding_common import _MAX_TABLE_SHARDS, _Rows, _whole_numbers

__all__ = [
    "two_phase_rows",
]

# --- 20: cross-shard ------------------------------------------------------------------------------

_MAX_SHARDS = 64


def _cross_compute(n_shards: int, p_slow_pct: float, mean_ms: float, availability_pct: float) -> Data:
    import hotpart as hp  # the fan-out models (chapter 6), looked up at run time

    n = np.arange(1, _MAX_SHARDS + 1)
    dist = stats.expon(scale=mean_ms)
    p = p_slow_pct / 100.0
    a = availability_pct / 100.0
    tpc = two_phase_commit(n_shards, availability=a, rtt_ms=mean_ms)
    return {
        "n": n,
        "n_shards": n_shards,
        "p50": np.asarray(hp.fanout_quantile(0.5, n, dist)),
        "p99": np.asarray(hp.fanout_quantile(0.99, n, dist)),
        "any_slow": np.asarray(hp.prob_any_slow(p, n)),
        # a 2PC over n shards commits only if they and the coordinator (as available as one shard) are up
        "aborted": -np.expm1((n + 1) * np.log(a)) if a < 1 else np.zeros(n.size),
        "ymax_ms": 1.08 * float(hp.fanout_quantile(0.99, _MAX_SHARDS, dist)),
        "p_slow": p,
        "availability": a,
        "tpc": tpc,
        "mean_ms": mean_ms,
        "single_p99": float(hp.fanout_quantile(0.99, 1, dist)),
    }


def _cross_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig, left=0.075, right=0.99, bottom=0.14, top=0.9, wspace=0.24)
    n, k = data["n"], data["n_shards"]
    left.plot(n, data["p99"], color=COLORS["refused"], label="p99 of the slowest shard")
    left.plot(n, data["p50"], color=COLORS["served"], label="median of the slowest shard")
    left.axvline(k, color=COLORS["share"], ls=":", label=f"{k} shards")
    left.set_xlim(1, _MAX_SHARDS)
    left.set_ylim(0, data["ymax_ms"])
    finish_axes(left, "Scatter-gather waits for the slowest shard", "shards queried", "latency (ms)", loc="lower right")
    floor = 1e-6
    right.semilogy(n, np.maximum(data["any_slow"], floor), color=COLORS["refused"], label="a scatter-gather is slow")
    right.semilogy(
        n, np.maximum(data["aborted"], floor), color=COLORS["served"], label="2PC aborts (a shard or the coordinator down)"
    )
    right.axvline(k, color=COLORS["share"], ls=":", label=f"{k} shards")
    right.set_xlim(1, _MAX_SHARDS)
    right.set_ylim(floor, 1.5)
    right.yaxis.set_minor_locator(NullLocator())  # minor log ticks double the render time
    finish_axes(right, "Every added shard is one more way to fail", "shards involved", "probability", loc="lower right")


def _cross_caption(data: Data) -> str:
    k = data["n_shards"]
    t = data["tpc"]
    return (
        f"{k} shards, each slow {data['p_slow']:.1%} of the time: {float(data['any_slow'][k - 1]):.1%} of scatter-gathers "
        f"are slow, and their p99 is {float(data['p99'][k - 1]):.0f} ms against {data['single_p99']:.0f} ms for one shard. "
        f"A 2PC over the {k} shards sends {t.messages} messages in {t.round_trips} round trips and commits only when "
        f"they and its coordinator are all up: {t.availability:.4%}, against {data['availability']:.3%} for one shard "
        "with no coordinator; otherwise it aborts."
    )


cross_shard = register(
    Explorable(
        name="cross_shard",
        title="Scatter-gather and two-phase commit against the number of shards",
        controls=(
            Control("n_shards", "shards involved", 1, _MAX_SHARDS, 8, step=1, integer=True),
            Control("p_slow_pct", "chance one shard is slow", 0.1, 10, 1, step=0.1, unit="%", scale="log"),
            Control("mean_ms", "mean shard latency", 1, 50, 10, step=1, unit="ms"),
            Control("availability_pct", "one shard's availability", 99.0, 99.999, 99.9, step=0.001, unit="%"),
        ),
        compute=_cross_compute,
        plot=_cross_plot,
        caption=_cross_caption,
        try_this=(
            "move the shards from 1 to 64: the slowest-shard p99 climbs with the logarithm of the shard count, and "
            "the chance that some shard is slow or down climbs almost linearly until it saturates. Then lower the "
            "chance one shard is slow and see how far the knee moves."
        ),
        static=("n_shards", "p_slow_pct"),
        ncols=2,
        figsize=(9.5, 3.8),
    )
)


# --- chapter 20's table -------------------------------------------------------------------------------------


def two_phase_rows(participants: tuple[int, ...], availability: float, rtt_ms: float, log_ms: float) -> _Rows:
    """Chapter 20's table: two-phase commit against the number of participants.

    Parameters
    ----------
    participants : sequence of int
        Participant counts ``k``, whole numbers in ``[1, 10_000]``.
    availability : float
        Each participant's (and the coordinator's) availability, in ``(0, 1]``.
    rtt_ms : float
        Round trip to every participant, ms, ``>= 0``.
    log_ms : float
        One forced log write, ms, ``>= 0``.

    Returns
    -------
    tuple
        ``(header, rows)``: messages, round trips, forced log writes, the probability of committing and of aborting,
        and the latency in ms, per ``k`` (:func:`hotpart.two_phase_commit`).

    Examples
    --------
    >>> header, rows = two_phase_rows((1, 4), availability=0.999, rtt_ms=1.0, log_ms=0.5)
    >>> rows[1]
    ('4', '16', '2', '9', '99.501%', '0.499%', '3.5')
    """
    ks = _whole_numbers("participants", participants, 1, _MAX_TABLE_SHARDS)
    availability = check_number("availability", availability, low=0, high=1, low_open=True)
    header = ["participants k", "messages", "round trips", "forced log writes", "commits", "aborts", "latency (ms)"]
    rows = []
    for k in ks:
        t = two_phase_commit(k, availability=availability, rtt_ms=rtt_ms, log_ms=log_ms)
        rows.append(
            (
                str(k),
                str(t.messages),
                str(t.round_trips),
                str(t.forced_log_writes),
                f"{t.availability:.3%}",
                f"{t.abort_probability:.3%}",
                f"{t.latency_ms:g}",
            )
        )
    return header, rows
