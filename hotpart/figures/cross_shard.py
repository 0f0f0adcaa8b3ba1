"""Chapter 21's explorable and table: scatter-gather latency and two-phase commit against the number of shards.

Models: :mod:`hotpart.models.cross_shard` (``two_phase_commit``, ``TwoPhaseCommit``) and the fan-out models of
:mod:`hotpart.models.fanout` (``fanout_quantile``, ``prob_any_slow``) for scatter-gather. Notebook:
``notebooks/21_cross_shard``. The explorable ``cross_shard``; the chapter's table (``two_phase_rows``), tested in
``tests/test_chapters_15_21.py``, and cases (``scatter_gather_case``, ``two_phase_case``, ``transaction_case``),
tested in ``tests/test_cases_cross_shard.py``.
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import NullLocator

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import fixed_layout
from ..book.wording import plural
from ..models import (
    TRANSACT_MAX_ACTIONS,
    TRANSACT_MAX_BYTES,
    fanout_quantile,
    simulate_fanout_latency,
    transact_write_calls,
    two_phase_commit,
    write_units,
)
from ..models._validation import check_divisor, check_integer, check_number, check_seed
from ._sharding_common import _MAX_TABLE_SHARDS, _Rows, _shard_curves, _shards_control, _update_shard_curves, _whole_numbers

__all__ = [
    "scatter_gather_case",
    "transaction_case",
    "two_phase_case",
    "two_phase_rows",
]

# --- 20: cross-shard ------------------------------------------------------------------------------

_MAX_SHARDS = 64


def _cross_compute(n_shards: int, p_slow_pct: float, mean_ms: float, availability_pct: float) -> Data:
    from scipy import stats

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


_FLOOR = 1e-6  # the smallest probability the right panel shows (its log axis starts here)


def _cross_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig, left=0.075, right=0.99, bottom=0.14, top=0.9, wspace=0.24)
    n, k = data["n"], data["n_shards"]
    p99, p50, any_slow, aborted = _cross_curves(data)
    _shard_curves(
        left,
        n,
        ((p99, "refused", "p99 of the slowest shard"), (p50, "served", "median of the slowest shard")),
        k,
        ylim=(0, data["ymax_ms"]),
        title="Scatter-gather waits for the slowest shard",
        xlabel="shards queried",
        ylabel="latency (ms)",
        loc="lower right",
    )
    _shard_curves(
        right,
        n,
        (
            (any_slow, "refused", "a scatter-gather is slow"),
            (aborted, "served", "2PC aborts (a shard or the coordinator down)"),
        ),
        k,
        ylim=(_FLOOR, 1.5),
        title="Every added shard is one more way to fail",
        xlabel="shards involved",
        ylabel="probability",
        loc="lower right",
        log=True,
    )
    right.yaxis.set_minor_locator(NullLocator())  # minor log ticks double the render time


def _cross_curves(data: Data) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The four curves drawn: p99 and median latency (ms); probabilities of a slow gather and of an abort (floored)."""
    return data["p99"], data["p50"], np.maximum(data["any_slow"], _FLOOR), np.maximum(data["aborted"], _FLOOR)


def _cross_update(fig: Figure, data: Data) -> None:
    """Put new data on :func:`_cross_plot`'s figure: the curves, the marked shard count and the latency axis' top."""
    left, right = fig.axes
    k = data["n_shards"]
    p99, p50, any_slow, aborted = _cross_curves(data)
    _update_shard_curves(left, (p99, p50), k, ylim=(0, data["ymax_ms"]), title="Scatter-gather waits for the slowest shard")
    _update_shard_curves(right, (any_slow, aborted), k, ylim=(_FLOOR, 1.5), title="Every added shard is one more way to fail")


def _cross_caption(data: Data) -> str:
    k = data["n_shards"]
    t = data["tpc"]
    return (
        f"{plural(k, 'shard')}, each slow {data['p_slow']:.1%} of the time: {float(data['any_slow'][k - 1]):.1%} of "
        "scatter-gathers "
        f"are slow, and their p99 is {float(data['p99'][k - 1]):.0f} ms against {data['single_p99']:.0f} ms for one shard. "
        f"A 2PC over the {plural(k, 'shard')} sends {plural(t.messages, 'message')} in "
        f"{plural(t.round_trips, 'round trip')} and commits only when "
        f"they and its coordinator are all up: {t.availability:.4%}, against {data['availability']:.3%} for one shard "
        "with no coordinator; otherwise it aborts."
    )


cross_shard = register(
    Explorable(
        name="cross_shard",
        title="Scatter-gather and two-phase commit against the number of shards",
        controls=(
            _shards_control("shards involved", _MAX_SHARDS, 8),
            Control("p_slow_pct", "chance one shard is slow", 0.1, 10, 1, step=0.1, unit="%", scale="log"),
            Control("mean_ms", "mean shard latency", 1, 50, 10, step=1, unit="ms"),
            Control("availability_pct", "one shard's availability", 99.0, 99.999, 99.9, step=0.001, unit="%"),
        ),
        compute=_cross_compute,
        plot=_cross_plot,
        update=_cross_update,
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


# --- chapter 21's table -------------------------------------------------------------------------------------


#: The most rows :func:`two_phase_rows` builds (each a commit of up to 10,000 participants, so at most 10**7 in all).
_MAX_ROWS = 1_000


def two_phase_rows(participants: tuple[int, ...], availability: float, rtt_ms: float, log_ms: float) -> _Rows:
    """Chapter 21's table: two-phase commit against the number of participants.

    Parameters
    ----------
    participants : sequence of int
        Participant counts ``k``, whole numbers in ``[1, 10_000]``, at least one and at most 1,000 (the table's
        rows; each builds a commit of ``k`` participants).
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
    ks = _whole_numbers("participants", participants, 1, _MAX_TABLE_SHARDS, max_size=_MAX_ROWS, what="counts")
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


# --- chapter 21's cases ----------------------------------------------------------------------------------------

_MONTH_S = 30 * 24 * 3600.0  # a 30-day month, seconds


def scatter_gather_case(n_shards: int, mean_ms: float, size: int = 20_000, seed: int = 0) -> dict[str, float]:
    """Chapter 21: the p99 of a scatter-gather over ``n_shards`` shards with exponential latency, two ways.

    Parameters
    ----------
    n_shards : int
        Shards queried, in ``[1, 10_000]``.
    mean_ms : float
        Each shard's mean latency, ms, in ``(0, 1e6]``.
    size : int
        Scatter-gathers simulated, in ``[100, 1_000_000]``.
    seed : int
        Seed of the simulation, a whole number from 0 to 2**64 - 1.

    Returns
    -------
    dict
        ``p99`` (closed form, :func:`hotpart.fanout_quantile`, ms), ``p99_single`` (one shard's p99, ms) and
        ``p99_simulated`` (the 99th percentile of ``size`` simulated gathers, :func:`hotpart.simulate_fanout_latency`,
        ms).

    Examples
    --------
    >>> c = scatter_gather_case(1, 10.0)
    >>> round(c["p99"], 2), round(c["p99_single"], 2)
    (46.05, 46.05)
    """
    from scipy import stats

    n = check_integer("n_shards", n_shards, low=1, high=_MAX_TABLE_SHARDS)
    mean = check_number("mean_ms", mean_ms, low=0, high=1e6, low_open=True)
    size = check_integer("size", size, low=100, high=1_000_000)
    seed = check_seed("seed", seed)
    dist = stats.expon(scale=mean)
    sim = simulate_fanout_latency(dist, n, size=size, seed=seed)
    return {
        "p99": float(fanout_quantile(0.99, n, dist)),
        "p99_single": float(fanout_quantile(0.99, 1, dist)),
        "p99_simulated": float(np.quantile(sim, 0.99)),
    }


def two_phase_case(
    k: int,
    availability: float,
    rtt_ms: float = 1.0,
    log_ms: float = 0.0,
    coordinator_mtbf_s: float = _MONTH_S,
    tx_per_s: float = 0.0,
) -> dict[str, float]:
    """Chapter 21: one two-phase commit over ``k`` participants, its availability and its blocking risk.

    Parameters
    ----------
    k : int
        Participants, in ``[1, 10_000]``.
    availability : float
        Each participant's (and the coordinator's) availability, in ``(0, 1]``.
    rtt_ms : float
        Round trip to every participant, ms, ``>= 0``.
    log_ms : float
        One forced log write, ms, ``>= 0``.
    coordinator_mtbf_s : float
        The coordinator's mean time between failures, s, in ``(0, 1e12]``, and not so small that the blocking window
        over it (``p_block_check``) overflows.
    tx_per_s : float
        Transactions a second, in ``[0, 1e9]``.

    Returns
    -------
    dict
        ``availability`` and ``abort`` (:func:`hotpart.two_phase_commit`, coordinator included),
        ``no_coordinator`` (``availability ** k``, the product that forgets the coordinator), ``down_min_month``
        (minutes of a 30-day month in which it aborts), ``messages``, ``uncertainty_window_ms`` and
        ``blocking_window_ms``, ``latency_ms`` (until every participant has acknowledged) and ``decision_ms``
        (until the coordinator's decision is forced, when the client can be answered), ``p_block``
        (:meth:`hotpart.TwoPhaseCommit.blocking_probability`), ``p_block_check`` (the blocking window over the MTBF,
        the small-window approximation) and ``blocks_per_mtbf`` (transactions
        blocked over one MTBF at ``tx_per_s``).

    Examples
    --------
    >>> c = two_phase_case(1, 0.999)
    >>> round(c["availability"], 6), round(c["no_coordinator"], 6), c["messages"]
    (0.998001, 0.999, 4.0)
    """
    n = check_integer("k", k, low=1, high=_MAX_TABLE_SHARDS)
    a = check_number("availability", availability, low=0, high=1, low_open=True)
    mtbf = check_number("coordinator_mtbf_s", coordinator_mtbf_s, low=0, high=1e12, low_open=True)
    rate = check_number("tx_per_s", tx_per_s, low=0, high=1e9)
    t = two_phase_commit(n, availability=a, rtt_ms=rtt_ms, log_ms=log_ms)
    check_divisor("coordinator_mtbf_s", mtbf, t.blocking_window_ms / 1000, "the blocking window over the MTBF")
    p_block = t.blocking_probability(mtbf)
    return {
        "availability": t.availability,
        "abort": t.abort_probability,
        "no_coordinator": a**n,
        "down_min_month": (1 - t.availability) * _MONTH_S / 60,
        "messages": float(t.messages),
        "uncertainty_window_ms": t.uncertainty_window_ms,
        "blocking_window_ms": t.blocking_window_ms,
        "latency_ms": t.latency_ms,
        "decision_ms": t.decision_latency_ms,
        "p_block": p_block,
        "p_block_check": t.blocking_window_ms / 1000 / mtbf,
        "blocks_per_mtbf": p_block * rate * mtbf,
    }


def transaction_case(n_items: int, item_bytes: float) -> dict[str, float]:
    """Chapter 21: what ``n_items`` transactional writes of ``item_bytes`` each cost in calls and write units.

    Parameters
    ----------
    n_items : int
        Items written, in ``[1, 10_000_000]``.
    item_bytes : float
        Size of each, bytes, in ``(0, TRANSACT_MAX_BYTES]``.

    Returns
    -------
    dict
        ``calls`` (:func:`hotpart.transact_write_calls`), ``per_call`` (items one call holds: the fewer of
        :data:`hotpart.TRANSACT_MAX_ACTIONS` and the items within :data:`hotpart.TRANSACT_MAX_BYTES`) and ``wcu``
        (transactional write units in all, :func:`hotpart.write_units`).

    Examples
    --------
    >>> transaction_case(250, 2_000)
    {'calls': 3.0, 'per_call': 100.0, 'wcu': 1000.0}
    """
    n = check_integer("n_items", n_items, low=1, high=10_000_000)
    b = check_number("item_bytes", item_bytes, low=0, high=TRANSACT_MAX_BYTES, low_open=True)
    return {
        "calls": float(transact_write_calls(n, b)),
        # the byte limit binds only when a full call's items exceed it (a subnormal ``b`` makes MAX // b inf)
        "per_call": float(
            TRANSACT_MAX_ACTIONS if b * TRANSACT_MAX_ACTIONS <= TRANSACT_MAX_BYTES else int(TRANSACT_MAX_BYTES // b)
        ),
        "wcu": float(n * write_units(b, transactional=True)),
    }
