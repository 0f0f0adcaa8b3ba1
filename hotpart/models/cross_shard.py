"""Cross-shard transactions: two-phase commit, what it costs and when it blocks, and DynamoDB's transaction limits.

:class:`TwoPhaseCommit` and :func:`two_phase_commit` (messages, round trips, forced log writes, commit
availability, the blocking window), and :func:`transact_write_calls` (how many TransactWriteItems calls a write
set needs). Chapter 21 (``notebooks/21_cross_shard.ipynb``) teaches them; its scatter-gather queries are the
fan-out model of :mod:`hotpart.models.fanout`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_count, check_number
from .constants import ITEM_MAX_BYTES, TRANSACT_MAX_ACTIONS, TRANSACT_MAX_BYTES

__all__ = [
    "TwoPhaseCommit",
    "transact_write_calls",
    "two_phase_commit",
]


@dataclass(frozen=True)
class TwoPhaseCommit:
    """Two-phase commit over ``k`` participants and one coordinator (Gray 1978; Gray & Lamport 2006).

    Phase 1: the coordinator sends PREPARE, each participant forces a log
    record and votes; phase 2: the coordinator forces its decision and sends
    COMMIT, each participant forces it and acknowledges. So ``4k`` messages,
    two round trips, ``2k + 1`` forced log writes, and each phase waits for
    the slowest participant.

    Two different failures, with two different outcomes:

    * **abort**: the transaction commits only if the coordinator and every
      participant are up. A participant that is down cannot vote yes, so the
      coordinator times out and aborts; no one is left waiting. Commit
      availability is ``a_c * prod(a_i)``, the coordinator included.
    * **blocking**: a participant that has voted yes is *prepared*: it holds
      its locks and may neither commit nor abort on its own until it hears the
      decision; it stays so for ``max(rtt) + t_log``
      (:attr:`uncertainty_window_ms`). If the coordinator fails at any moment
      from sending PREPARE to sending the decision, ``max(rtt) + 2 t_log``
      (:attr:`blocking_window_ms`; a participant that receives PREPARE after
      the crash still votes yes and then waits), the prepared participants
      wait until it recovers. With coordinator failures at rate ``1 / MTBF``
      that happens to a transaction with probability
      ``1 - exp(-blocking_window / MTBF)`` (:meth:`blocking_probability`),
      whatever the participants' availability.

    Parameters
    ----------
    availabilities : array_like
        Probability each participant is up when the transaction runs, in ``[0, 1]``, one per participant.
    rtts_ms : array_like
        Round trip from the coordinator to each participant, ms, ``>= 0``.
    log_ms : float
        One forced log write, ms, ``>= 0``.
    coordinator_availability : float, optional
        Probability the coordinator is up when the transaction runs, in ``[0, 1]``; if omitted, the
        least available participant's (a coordinator on the same kind of machine as the shards).

    Examples
    --------
    >>> t = TwoPhaseCommit([0.999] * 3, [2.0, 5.0, 3.0])
    >>> t
    TwoPhaseCommit(3 participants and a coordinator: 12 messages, 2 round trips, commits 0.996006, latency 10 ms)
    >>> round(t.availability, 6) == round(0.999**4, 6)  # three participants and the coordinator
    True
    >>> TwoPhaseCommit([1.0, 0.0], [1.0, 1.0], coordinator_availability=1.0).abort_probability  # one down: abort
    1.0
    """

    availabilities: NDArray[np.float64]
    rtts_ms: NDArray[np.float64]
    log_ms: float = 0.0
    coordinator_availability: float | None = None

    def __post_init__(self) -> None:
        a = np.atleast_1d(check_array("availabilities", self.availabilities, low=0, high=1))
        r = np.atleast_1d(check_array("rtts_ms", self.rtts_ms, low=0, high=math.inf, high_open=True))
        if a.ndim != 1 or a.size == 0 or r.shape != a.shape:
            raise ValueError(f"availabilities and rtts_ms must be 1-D, non-empty and of one length; got {a.shape} and {r.shape}")
        object.__setattr__(self, "availabilities", a)
        object.__setattr__(self, "rtts_ms", r)
        object.__setattr__(self, "log_ms", check_number("log_ms", self.log_ms, low=0, high=math.inf, high_open=True))
        c = float(a.min()) if self.coordinator_availability is None else self.coordinator_availability
        object.__setattr__(self, "coordinator_availability", check_number("coordinator_availability", c, low=0, high=1))

    def __repr__(self) -> str:
        return (
            f"TwoPhaseCommit({self.k} participants and a coordinator: {self.messages} messages, "
            f"{self.round_trips} round trips, commits {self.availability:.6g}, latency {self.latency_ms:g} ms)"
        )

    @property
    def k(self) -> int:
        """Participants."""
        return int(self.availabilities.size)

    @property
    def messages(self) -> int:
        """Messages: PREPARE, vote, COMMIT and acknowledgement per participant."""
        return 4 * self.k

    @property
    def round_trips(self) -> int:
        """Sequential round trips: prepare, then commit."""
        return 2

    @property
    def forced_log_writes(self) -> int:
        """Forced log writes: prepare and commit at each participant, the decision at the coordinator."""
        return 2 * self.k + 1

    @property
    def availability(self) -> float:
        """Probability the transaction can commit: the coordinator and every participant up, ``a_c * prod(a_i)``."""
        return float(self.coordinator_availability) * float(np.prod(self.availabilities))

    @property
    def abort_probability(self) -> float:
        """Probability the transaction aborts (or cannot start) because the coordinator or a participant is down."""
        return 1.0 - self.availability

    @property
    def uncertainty_window_ms(self) -> float:
        """How long a participant stays prepared (voted yes, decision unknown), ms: ``max(rtt) + t_log``.

        Participant ``i`` forces its vote at ``rtt_i/2 + t_log``; the last vote
        reaches the coordinator at ``max(rtt) + t_log``, which forces the
        decision (``t_log``) and sends it, arriving ``rtt_i/2`` later. The
        difference is the same for every participant.
        """
        return float(self.rtts_ms.max()) + self.log_ms

    @property
    def blocking_window_ms(self) -> float:
        """How long a coordinator failure leaves participants blocked, ms: ``max(rtt) + 2 t_log``.

        From the moment PREPARE is sent (time 0) to the moment the decision is
        sent: the last vote arrives at ``max(rtt) + t_log`` and the coordinator
        then forces its decision (``t_log``). A crash anywhere in that span
        leaves every participant that votes yes prepared with no decision to
        come, including one whose PREPARE was still in flight. It is longer
        than :attr:`uncertainty_window_ms`, one participant's wait, by the
        participant's own forced log write.

        Examples
        --------
        >>> TwoPhaseCommit([0.999] * 2, [2.0, 5.0], log_ms=1.0).blocking_window_ms
        7.0
        """
        return float(self.rtts_ms.max()) + 2.0 * self.log_ms

    def blocking_probability(self, coordinator_mtbf_s: float) -> float:
        """Probability the coordinator fails between PREPARE and its decision, leaving participants blocked.

        Coordinator failures form a Poisson process with mean time between
        failures ``coordinator_mtbf_s``; the transaction blocks if one falls in
        the :attr:`blocking_window_ms`. The blocked participants hold their
        locks until the coordinator recovers. Participant failures never block:
        they make the transaction abort.

        Parameters
        ----------
        coordinator_mtbf_s : float
            Mean time between coordinator failures, s, ``> 0``.

        Returns
        -------
        float
            ``1 - exp(-blocking_window / MTBF)``, in ``[0, 1)``.

        Examples
        --------
        >>> t = TwoPhaseCommit([0.999] * 3, [2.0, 5.0, 3.0], log_ms=1.0)
        >>> t.uncertainty_window_ms, t.blocking_window_ms
        (6.0, 7.0)
        >>> round(t.blocking_probability(86_400.0) * 1e8, 2)  # one failure a day: 7 ms in 86,400 s
        8.1
        """
        mtbf = check_number("coordinator_mtbf_s", coordinator_mtbf_s, low=0, high=math.inf, low_open=True, high_open=True)
        return float(-math.expm1(-self.blocking_window_ms / 1000.0 / mtbf))

    @property
    def latency_ms(self) -> float:
        """Commit latency until every participant has acknowledged, ms: ``2 max(rtt) + 3 t_log``.

        Each phase waits for the slowest participant, plus the forced logs on the path (the prepare record, the
        coordinator's decision and the commit record). The client can be told the outcome earlier, once the
        decision is forced: :attr:`decision_latency_ms`.
        """
        return 2.0 * float(self.rtts_ms.max()) + 3.0 * self.log_ms

    @property
    def decision_latency_ms(self) -> float:
        """Time until the coordinator has forced its decision, ms: ``max(rtt) + 2 t_log``.

        The last vote arrives at ``max(rtt) + t_log`` and the decision is forced ``t_log`` later; from then on the
        outcome is durable and the client can be answered, while phase two still runs. It equals
        :attr:`blocking_window_ms`.

        Examples
        --------
        >>> t = TwoPhaseCommit([0.999] * 2, [1.0, 1.0], log_ms=0.5)
        >>> t.decision_latency_ms, t.latency_ms
        (2.0, 3.5)
        """
        return float(self.rtts_ms.max()) + 2.0 * self.log_ms


def two_phase_commit(
    k: int,
    availability: float = 0.999,
    rtt_ms: float = 1.0,
    log_ms: float = 0.0,
    coordinator_availability: float | None = None,
) -> TwoPhaseCommit:
    """A :class:`TwoPhaseCommit` over ``k`` identical participants and a coordinator.

    Parameters
    ----------
    k : int
        Participants (shards touched), in ``[1, MAX_ELEMENTS]`` (:data:`hotpart.models._validation.MAX_ELEMENTS`).
    availability : float
        Each participant's availability, in ``[0, 1]``.
    rtt_ms : float
        Round trip to each, ms, ``>= 0``.
    log_ms : float
        One forced log write, ms, ``>= 0``.
    coordinator_availability : float, optional
        The coordinator's availability, in ``[0, 1]``; ``availability`` if omitted.

    Returns
    -------
    TwoPhaseCommit

    Examples
    --------
    >>> math.isclose(two_phase_commit(10, availability=0.999).availability, 0.999**11)  # ten participants + coordinator
    True
    """
    n = check_count("k", k, low=1, high=_MAX_ELEMENTS)
    a = check_number("availability", availability, low=0, high=1)
    r = check_number("rtt_ms", rtt_ms, low=0, high=math.inf, high_open=True)
    c = a if coordinator_availability is None else coordinator_availability
    return TwoPhaseCommit(np.full(n, a), np.full(n, r), log_ms, c)


def transact_write_calls(n_items: int, item_bytes: float) -> int:
    """TransactWriteItems calls needed for ``n_items`` writes of ``item_bytes`` each.

    One call holds at most :data:`TRANSACT_MAX_ACTIONS` actions and
    :data:`TRANSACT_MAX_BYTES` bytes; more calls means the writes are no
    longer one atomic transaction.

    Parameters
    ----------
    n_items : int
        Items written, ``>= 1``.
    item_bytes : float
        Size of each, bytes, in ``(0, ITEM_MAX_BYTES]`` (:data:`hotpart.ITEM_MAX_BYTES`, DynamoDB's 400 KB item
        limit; a call's items together stay within :data:`TRANSACT_MAX_BYTES`).

    Returns
    -------
    int
        Calls, ``>= 1``; 1 means it fits in one transaction.

    Examples
    --------
    >>> transact_write_calls(100, 1_000), transact_write_calls(101, 1_000)
    (1, 2)
    >>> transact_write_calls(50, 400_000)  # 20 MB: the 4 MB limit binds first
    5
    """
    n = check_count("n_items", n_items, low=1)
    b = check_number("item_bytes", item_bytes, low=0, high=ITEM_MAX_BYTES, low_open=True)
    # the byte limit binds only when a full call's items exceed it (a subnormal ``b`` makes MAX // b inf)
    per_call = TRANSACT_MAX_ACTIONS if b * TRANSACT_MAX_ACTIONS <= TRANSACT_MAX_BYTES else int(TRANSACT_MAX_BYTES // b)
    return math.ceil(n / per_call)
