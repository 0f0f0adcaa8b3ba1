"""Client retries against a hot partition: a retry storm, and Brooker's comparison of the jitter strategies.

Chapter 14 (``notebooks/14_retries.ipynb``) is built on this module and on
:mod:`hotpart.models.backoff` (the policies, :class:`hotpart.Backoff`, and the SDK presets). It has
three parts:

* :func:`simulate_retries`, an event-driven simulation of clients retrying
  against ONE hot partition: a token bucket refilled continuously at the
  partition's capacity. A refused attempt consumes nothing (DynamoDB does not
  charge throttled requests) and is retried after the policy's sleep, so
  retries re-enter the demand of later seconds. The result,
  :class:`RetryResult`, counts every attempt: ``served + throttled ==
  offered`` attempts in every second, exactly;
* :func:`herd_comparison`, Brooker's experiment transposed to a partition: a
  herd of clients arrives at once, and the four strategies are compared by
  total calls and by the time the last client finishes, with the spread over
  seeded runs;
* :func:`occ_herd`, Brooker's own contention model (optimistic concurrency on
  one row, a network delay per message), implemented here from his post and
  simulator, and :func:`jitter_regimes`, which runs both models across herd
  sizes and network delays (:class:`JitterRegimes`): what decides the order of
  the strategies is the regime, not the strategies alone.

Brooker's published ranking is :data:`BROOKER_2015`, with its source in
:data:`hotpart.SOURCES`. The partition's bucket size (:data:`DEFAULT_BURST_S`)
and the bounds on counts (:data:`MAX_HERD_CLIENTS`, :data:`MAX_RUNS`) are the
course's choices, listed in :data:`hotpart.ASSUMPTIONS`.
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import MAX_SEED as _MAX_SEED
from ._validation import check_array, check_choice, check_counts, check_integer, check_number, check_seed
from .backoff import (
    _MAX_EXPONENT,
    JITTERS,
    MAX_ATTEMPTS,
    SDK_STANDARD_NO_RETRY_INCREMENT,
    SDK_STANDARD_THROTTLING_RETRY_COST,
    Backoff,
)
from .constants import PARTITION_MAX_WCU

__all__ = [
    "BROOKER_2015",
    "DEFAULT_BURST_S",
    "MAX_HERD_CLIENTS",
    "MAX_RUNS",
    "JitterComparison",
    "RetryResult",
    "JitterRegimes",
    "herd_comparison",
    "jitter_regimes",
    "occ_herd",
    "simulate_retries",
]

#: Most clients in one herd (:func:`herd_comparison`, :func:`occ_herd`, :func:`jitter_regimes`): a course limit.
MAX_HERD_CLIENTS: Final[int] = 100_000
#: Most seeded runs per strategy (:func:`herd_comparison`, :func:`jitter_regimes`): a course limit.
MAX_RUNS: Final[int] = 1000

#: What Brooker's post (AWS Architecture Blog, 2015) reports from his OCC simulation, and its set-up.
#: ``calls_order`` lists the strategies from fewest to most total calls, ``time_order`` from the
#: shortest to the longest time to completion. His text states each strategy's place against Full Jitter
#: (``statements``); where Equal and Decorrelated Jitter stand against each other is read from his figures.
BROOKER_2015: Final[dict[str, object]] = {
    "calls_order": ("full", "equal", "decorrelated", "none"),
    "time_order": ("decorrelated", "full", "equal", "none"),
    "statements": (
        "The no-jitter exponential backoff approach is the clear loser. It not only takes more work, "
        "but also takes more time than the jittered approaches.",
        "Of the jittered approaches, “Equal Jitter” is the loser. It does slightly more work than "
        "“Full Jitter”, and takes much longer.",
        "The “Full Jitter” approach uses less work, but slightly more time [than “Decorrelated Jitter”].",
        "None of these approaches fundamentally change the N² nature of the work to be done.",
    ),
    "workload": "N clients start at once and each updates one row with optimistic concurrency control",
    # the herd the course runs his model at; his published simulator (src/backoff_simulator.py) sweeps 10 to 50
    # clients, and numbers retries from 1, so that its first sleep's ceiling is 2 * base_ms
    "clients_quoted": 100,
    "base_ms": 5.0,
    "cap_ms": 2000.0,
    "network_delay_mean_ms": 10.0,
    "network_delay_sd_ms": 2.0,
}

#: Default bucket of the simulated partition, in seconds of its capacity: a modelling choice, not a published
#: figure (``hp.ASSUMPTIONS["DEFAULT_BURST_S"]``). A partition admits at most this much work at once; a bucket
#: of a full second would let a spike through at twice the ceiling for a second, which the ceiling forbids (burst
#: capacity does not lift it). The retry model draws on no burst credit and no adaptive lending: a worst case.
DEFAULT_BURST_S: Final[float] = 0.1


# ---------------------------------------------------------------------------------------------
# the simulation
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class RetryResult:
    """What :func:`simulate_retries` returns: every attempt, every request, per-second counts.

    Per-second arrays (length :attr:`seconds`, integer counts of attempts whose
    time falls in that second) satisfy ``served + throttled == offered`` and
    ``new + retried == offered`` exactly.

    Attributes
    ----------
    policy : Backoff
        The clients' retry policy.
    capacity : float
        The partition's refill rate, units per second.
    burst_units : float
        The most units the partition's bucket holds.
    offered, served, throttled, new, retried : numpy.ndarray of int
        Attempts per second: all, admitted, refused (CloudWatch's throttle
        events), first attempts, and retries.
    attempt_s : numpy.ndarray of float
        Time of every attempt, seconds from the start, in the order processed
        (non-decreasing).
    attempt_served : numpy.ndarray of bool
        Whether each attempt was admitted.
    attempt_number : numpy.ndarray of int
        1 for a request's first attempt, 2 for its first retry, and so on.
    arrival_s : numpy.ndarray of float
        Each request's first attempt, seconds.
    finish_s : numpy.ndarray of float
        Each request's last attempt (its success, or the attempt after which it
        gave up), seconds.
    succeeded : numpy.ndarray of bool
        Whether each request succeeded.
    attempts_made : numpy.ndarray of int
        Attempts each request made.
    quota_denied : int
        Retries the client's retry quota refused (0 when the simulation has no quota): requests that gave up
        early, failing fast, because the quota held fewer tokens than a retry costs.
    """

    policy: Backoff
    capacity: float
    burst_units: float
    offered: NDArray[np.int64]
    served: NDArray[np.int64]
    throttled: NDArray[np.int64]
    new: NDArray[np.int64]
    retried: NDArray[np.int64]
    attempt_s: NDArray[np.float64]
    attempt_served: NDArray[np.bool_]
    attempt_number: NDArray[np.int64]
    arrival_s: NDArray[np.float64]
    finish_s: NDArray[np.float64]
    succeeded: NDArray[np.bool_]
    attempts_made: NDArray[np.int64]
    quota_denied: int = 0

    def __repr__(self) -> str:
        return (
            f"RetryResult({self.requests:,} requests, {self.calls:,} calls ({self.throttle_events:,} throttled), "
            f"{self.success_rate:.1%} succeeded, p99 latency {self.latency_s(99):.3g} s, "
            f"done at {self.completion_s:.3g} s; {self.policy!r}, {self.capacity:,.0f} units/s)"
        )

    @property
    def seconds(self) -> int:
        """Length of the per-second arrays: the demand's seconds, or up to the last attempt if later."""
        return int(self.offered.size)

    @property
    def requests(self) -> int:
        """Requests (first attempts) in all."""
        return int(self.arrival_s.size)

    @property
    def calls(self) -> int:
        """Attempts in all, first attempts and retries: the client's calls."""
        return int(self.attempt_s.size)

    @property
    def successes(self) -> int:
        """Requests that succeeded."""
        return int(np.count_nonzero(self.succeeded))

    @property
    def gave_up(self) -> int:
        """Requests that exhausted their attempts: the errors the application sees."""
        return self.requests - self.successes

    @property
    def consumed_units(self) -> int:
        """Units consumed: one per admitted attempt, so equal to :attr:`successes` (throttled attempts are free)."""
        return int(self.served.sum())

    @property
    def throttle_events(self) -> int:
        """Refused attempts in all: what CloudWatch's ``WriteThrottleEvents`` would count."""
        return int(self.throttled.sum())

    @property
    def extra_calls(self) -> int:
        """Retries in all: calls beyond one per request."""
        return self.calls - self.requests

    @property
    def success_rate(self) -> float:
        """Share of requests that succeeded (1.0 when there were none)."""
        return self.successes / self.requests if self.requests else 1.0

    @property
    def completion_s(self) -> float:
        """Time the last request finished (succeeded or gave up), seconds; 0.0 with no requests."""
        return float(self.finish_s.max()) if self.requests else 0.0

    @property
    def latency(self) -> NDArray[np.float64]:
        """Latency of each successful request: its success minus its first arrival, seconds."""
        return (self.finish_s - self.arrival_s)[self.succeeded]

    def latency_s(self, q: float) -> float:
        """The ``q``-th percentile of successful requests' latency, seconds; 0.0 if none succeeded.

        Parameters
        ----------
        q : float
            The percentile, 0 to 100 (0 is the fastest success, 100 the slowest).

        Examples
        --------
        >>> res = simulate_retries(Backoff(3, 0.05, 1.0, "none"), [], 100.0, burst_units=1, herd_s=[0.0, 0.0])
        >>> res.latency_s(0), res.latency_s(100)  # one served at once, the other after its 50 ms sleep
        (0.0, 0.05)
        """
        q = check_number("q", q, low=0, high=100)
        lat = self.latency
        return float(np.percentile(lat, q)) if lat.size else 0.0

    def per_bin(self, bin_s: float, until_s: float | None = None) -> dict[str, NDArray[np.float64]]:
        """Attempts counted per bin of ``bin_s`` seconds, for figures.

        Parameters
        ----------
        bin_s : float
            Bin width, seconds, in (0, 86400] (a day at most).
        until_s : float, optional
            Last time covered, seconds (>= 0); the last attempt if omitted. The span makes at most
            10,000,000 bins (``MAX_ELEMENTS`` in ``hotpart.models._validation``).

        Returns
        -------
        dict of str to numpy.ndarray
            ``start`` (each bin's start, s) and the counts ``offered``, ``served``,
            ``throttled``, ``new`` and ``retried`` per bin.

        Examples
        --------
        >>> res = simulate_retries(Backoff(3, 0.05, 1.0, "none"), [], 100.0, burst_units=1, herd_s=[0.0, 0.0])
        >>> bins = res.per_bin(0.05)
        >>> bins["offered"].tolist(), bins["throttled"].tolist()  # two at once, one refused; its retry at 50 ms
        ([2, 1], [1, 0])
        """
        bin_s = check_number("bin_s", bin_s, low=0, high=_MAX_ARRIVAL_S, low_open=True)
        end = self.completion_s if until_s is None else check_number("until_s", until_s, low=0)
        if end / bin_s > _MAX_ELEMENTS:
            if until_s is None:
                span = f"bin_s = {bin_s!r} over the last attempt, {end:g} s,"
            else:
                span = f"until_s = {until_s!r} with bin_s = {bin_s:g}"
            raise ValueError(f"{span} makes {end / bin_s:.3g} bins: must make at most {_MAX_ELEMENTS:,} (until_s / bin_s)")
        n = max(1, math.ceil(end / bin_s + 1e-9))
        idx = np.floor(self.attempt_s / bin_s).astype(np.int64)
        keep = idx < n
        idx, ok, first = idx[keep], self.attempt_served[keep], self.attempt_number[keep] == 1
        offered = np.bincount(idx, minlength=n)
        served = np.bincount(idx[ok], minlength=n)
        new = np.bincount(idx[first], minlength=n)
        return {
            "start": np.arange(n) * bin_s,
            "offered": offered,
            "served": served,
            "throttled": offered - served,
            "new": new,
            "retried": offered - new,
        }


_NET_SD_RATIO = 0.2  # Brooker's network: |N(10 ms, 2 ms)| per message (BROOKER_2015)
_MAX_NET_DELAY_S = 60.0  # a network delay beyond a minute is no longer a delay
#: Largest retry quota or cost :func:`simulate_retries` accepts, tokens: a validation bound (botocore's quota is 500).
_MAX_QUOTA = 1_000_000
_EPS = 1e-9  # tolerance on the token balance, against rounding in the continuous refill
_MAX_ARRIVAL_S = 86_400.0  # a herd arrives within a day of the start: the per-second counts stay a small array


def simulate_retries(
    policy: Backoff,
    demand: ArrayLike,
    capacity: float,
    *,
    burst_units: float | None = None,
    seed: int = 0,
    herd_s: ArrayLike | None = None,
    net_delay_s: float = 0.0,
    retry_quota: int | None = None,
    retry_cost: int = SDK_STANDARD_THROTTLING_RETRY_COST,
    no_retry_increment: int = SDK_STANDARD_NO_RETRY_INCREMENT,
) -> RetryResult:
    """Clients retrying against one partition: a token bucket, and retries that re-enter later seconds.

    ``demand[s]`` new requests arrive in second ``s`` at independent uniform
    times within it (seeded). The partition is a token bucket refilled continuously at ``capacity`` units
    per second, holding at most ``burst_units`` and starting full. Each attempt
    costs one unit; an attempt finding less than one unit is refused and costs
    nothing (DynamoDB does not charge throttled requests). A refused request
    sleeps per ``policy`` and tries again, until it succeeds or has made
    ``policy.attempts`` attempts. The simulation is event-driven (a heap of
    pending retries merged with the sorted arrivals) and runs until every
    request is resolved, past the end of ``demand`` if need be. Service time and
    network delay are zero.

    Parameters
    ----------
    policy : Backoff
        The clients' retry policy.
    demand : array_like of int
        New requests arriving in each second, a 1-D array (whole numbers >= 0). With ``herd_s``, the requests
        times ``policy.attempts`` (the attempts recorded, at most) are at most 10,000,000, the course's
        ``MAX_ELEMENTS`` in ``hotpart.models._validation``. ``[]`` (no seconds) only with a herd.
    capacity : float
        The partition's refill rate, units (requests) per second (> 0); for a
        hot partition's writes, at most :data:`hotpart.PARTITION_MAX_WCU`.
    burst_units : float, optional
        The bucket's size, units (>= 1); ``capacity * DEFAULT_BURST_S`` (at
        least 1) if omitted.
    seed : int
        Seed for the arrival times and the jitter draws (>= 0).
    herd_s : array_like of float, optional
        Arrival times of further requests, seconds (from 0 to 86,400, a day), one time or a 1-D array of them
        (counted in the 10,000,000 requests above), on top of ``demand``:
        ``np.zeros(1000)`` is a herd of 1,000 clients all at time 0. ``None`` (the default) for no herd; an
        empty array is refused.
    net_delay_s : float
        Mean one-way network delay per message, seconds (>= 0, at most 60). With a delay, a refused attempt
        costs a round trip: the refusal travels back to the client and the retry travels to the partition, each
        message delayed by ``|N(net_delay_s, net_delay_s / 5)|`` as in Brooker's simulator (10 ms and 2 ms).
        0 (the default): no network delay.
    retry_quota : int, optional
        Standard mode's retry quota, tokens (0 to 1,000,000; botocore's is :data:`hotpart.SDK_STANDARD_RETRY_QUOTA`),
        shared by every request of the simulation, as by the requests of one SDK client. A throttled request
        retries only if the quota holds ``retry_cost`` tokens, which the retry takes; a request that succeeds at
        its first attempt gives ``no_retry_increment`` back, one that succeeds after retries gives back the
        ``retry_cost`` of its last retry, never above the starting quota (botocore's ``RetryQuotaChecker``).
        ``None`` (the default): no quota, as for requests spread over many clients, each with its own.
    retry_cost : int
        Tokens one retry takes, 1 to 1,000,000 (default: a retry after a throttling error,
        :data:`hotpart.SDK_STANDARD_THROTTLING_RETRY_COST`).
    no_retry_increment : int
        Tokens a first-attempt success gives back, 0 to 1,000,000
        (:data:`hotpart.SDK_STANDARD_NO_RETRY_INCREMENT`).

    Returns
    -------
    RetryResult
        Every attempt and every request, with per-second counts, and the retries the quota refused.

    Examples
    --------
    >>> res = simulate_retries(Backoff(3, 0.05, 1.0, "full"), [1500, 500], 1000.0, seed=1)
    >>> res.requests, bool(np.array_equal(res.served + res.throttled, res.offered))
    (2000, True)
    >>> res.consumed_units == res.successes
    True
    >>> with_quota = simulate_retries(Backoff(4, 1.0, 20.0), [3000], 1000.0, burst_units=1, retry_quota=500)
    >>> with_quota.quota_denied > 0, with_quota.success_rate < 1
    (True, True)
    >>> simulate_retries(Backoff(), [1, -1], 1000.0)
    Traceback (most recent call last):
    ...
    ValueError: demand[1] = -1.0 is out of range: must be in [0, 1e+07]
    """
    if not isinstance(policy, Backoff):
        raise ValueError(f"policy = {policy!r} is not allowed: must be a hotpart.Backoff")
    d = check_array("demand", demand, low=0, high=_MAX_ELEMENTS, ndim=1)
    if np.any(d != np.floor(d)):
        bad = int(np.flatnonzero(d != np.floor(d))[0])
        raise ValueError(f"demand[{bad}] = {d[bad]!r} is not a whole number: must be a count of requests >= 0")
    rate = check_number("capacity", capacity, low=0, low_open=True)
    if not math.isfinite(rate):
        raise ValueError(f"capacity = {capacity!r} is out of range: must be a finite number > 0")
    burst = max(1.0, rate * DEFAULT_BURST_S) if burst_units is None else check_number("burst_units", burst_units, low=1)
    if not math.isfinite(burst):
        raise ValueError(f"burst_units = {burst_units!r} is out of range: must be a finite number >= 1")
    seed = check_seed("seed", seed)
    delay = check_number("net_delay_s", net_delay_s, low=0, high=_MAX_NET_DELAY_S)
    quota_on = retry_quota is not None
    quota_max = float(check_integer("retry_quota", retry_quota, low=0, high=_MAX_QUOTA)) if quota_on else 0.0
    cost = check_integer("retry_cost", retry_cost, low=1, high=_MAX_QUOTA)
    refund_first = check_integer("no_retry_increment", no_retry_increment, low=0, high=_MAX_QUOTA)
    if herd_s is None:
        herd = np.zeros(0)
    else:
        if isinstance(herd_s, (str, bytes)):
            raise ValueError(f"herd_s = {herd_s!r} is not numeric: must be arrival times in [0, {_MAX_ARRIVAL_S:g}] s")
        herd = np.ravel(check_array("herd_s", herd_s, low=0, high=_MAX_ARRIVAL_S, empty=False, ndim=(0, 1)))
    if d.size == 0 and herd.size == 0:
        raise ValueError(
            f"demand = {demand!r} is empty and herd_s = {herd_s!r} gives no herd: must give at least one second of "
            "demand or one herd arrival"
        )
    if float(d.sum()) + herd.size > _MAX_ELEMENTS:
        raise ValueError(
            f"demand + herd_s = {float(d.sum()) + herd.size:,.0f} requests is out of range: must total at most "
            f"{_MAX_ELEMENTS:,} requests"
        )
    worst = (float(d.sum()) + herd.size) * policy.attempts  # the attempts recorded, at most
    if worst > _MAX_ELEMENTS:
        raise ValueError(
            f"demand + herd_s = {float(d.sum()) + herd.size:,.0f} requests × policy.attempts = {policy.attempts} is "
            f"{worst:,.0f} attempts at most: must be at most {_MAX_ELEMENTS:,} (each is a Python step and a record)"
        )

    counts = d.astype(np.int64)
    arrival = np.repeat(np.arange(d.size, dtype=np.float64), counts)
    arrival += np.random.default_rng(seed).random(arrival.size)
    arrival = np.sort(np.concatenate([arrival, herd]), kind="stable")
    total = int(arrival.size)
    arr = arrival.tolist()

    rand = random.Random(seed)
    uniform = rand.random
    gauss, sd = rand.normalvariate, delay * _NET_SD_RATIO
    attempts, base, cap, jitter = policy.attempts, policy.base_s, policy.cap_s, policy.jitter
    ceilings = [policy.ceiling_s(n) for n in range(max(0, attempts - 1))]
    heap: list[tuple[float, int, int, int, float]] = []
    push, pop = heapq.heappush, heapq.heappop
    att_t: list[float] = []
    att_ok: list[bool] = []
    att_k: list[int] = []
    finish = [0.0] * total
    made = [0] * total
    ok_req = [False] * total
    tokens, last, seq, i = burst, 0.0, 0, 0
    quota, denied = quota_max, 0
    threshold = 1.0 - _EPS
    while i < total or heap:
        if heap and (i >= total or heap[0][0] < arr[i]):
            t, _, rid, k, prev = pop(heap)
        else:
            t, rid, k, prev = arr[i], i, 0, base
            i += 1
        tokens += (t - last) * rate
        if tokens > burst:
            tokens = burst
        last = t
        att_t.append(t)
        att_k.append(k + 1)
        if tokens >= threshold:
            tokens -= 1.0
            att_ok.append(True)
            ok_req[rid] = True
            finish[rid] = t
            made[rid] = k + 1
            if quota_on:  # botocore's release_retry_quota: the last retry's cost back, or the no-retry increment
                quota = min(quota_max, quota + (cost if k > 0 else refund_first))
        elif k + 1 < attempts and (not quota_on or quota >= cost):
            if quota_on:
                quota -= cost
            att_ok.append(False)
            if jitter == "none":
                sleep = ceilings[k]
            elif jitter == "full":
                sleep = uniform() * ceilings[k]
            elif jitter == "equal":
                v = ceilings[k]
                sleep = v / 2.0 + uniform() * v / 2.0
            else:
                sleep = base + uniform() * (3.0 * prev - base)
                if sleep > cap:
                    sleep = cap
            wait = sleep
            if delay > 0.0:  # the refusal back to the client, then the retry to the partition
                wait += abs(gauss(delay, sd)) + abs(gauss(delay, sd))
            push(heap, (t + wait, seq, rid, k + 1, sleep))
            seq += 1
        else:
            att_ok.append(False)
            finish[rid] = t
            made[rid] = k + 1
            if k + 1 < attempts:  # attempts were left: the quota refused the retry
                denied += 1

    attempt_s = np.asarray(att_t, dtype=np.float64)
    attempt_served = np.asarray(att_ok, dtype=bool)
    attempt_number = np.asarray(att_k, dtype=np.int64)
    second = np.floor(attempt_s).astype(np.int64)
    n_seconds = max(d.size, int(second.max()) + 1 if second.size else 0)
    offered = np.bincount(second, minlength=n_seconds)
    served = np.bincount(second[attempt_served], minlength=n_seconds)
    throttled = np.bincount(second[~attempt_served], minlength=n_seconds)
    new = np.bincount(second[attempt_number == 1], minlength=n_seconds)
    retried = np.bincount(second[attempt_number > 1], minlength=n_seconds)
    return RetryResult(
        policy=policy,
        capacity=rate,
        burst_units=burst,
        offered=offered,
        served=served,
        throttled=throttled,
        new=new,
        retried=retried,
        attempt_s=attempt_s,
        attempt_served=attempt_served,
        attempt_number=attempt_number,
        arrival_s=arrival,
        finish_s=np.asarray(finish, dtype=np.float64),
        succeeded=np.asarray(ok_req, dtype=bool),
        attempts_made=np.asarray(made, dtype=np.int64),
        quota_denied=denied,
    )


# ---------------------------------------------------------------------------------------------
# Brooker's comparison, on a partition
# ---------------------------------------------------------------------------------------------


def _spread(values: ArrayLike) -> tuple[float, float, float]:
    """Median, first and third quartile of ``values``."""
    q1, med, q3 = np.percentile(np.asarray(values, dtype=float), [25, 50, 75])
    return float(med), float(q1), float(q3)


def _check_runs(runs: object, seed: object) -> tuple[int, int]:
    runs = check_integer("runs", runs, low=1, high=MAX_RUNS)
    seed = check_seed("seed", seed)
    if seed + runs - 1 > _MAX_SEED:
        raise ValueError(f"seed = {seed!r} is out of range: must be <= {_MAX_SEED - runs + 1:,} (run r uses seed + r)")
    return runs, seed


@dataclass(frozen=True, eq=False)
class JitterComparison:
    """The four jitter strategies on one contended workload, over seeded runs.

    Attributes
    ----------
    clients : int
        Requests in the herd, all arriving at time 0.
    capacity : float
        The partition's rate, units per second.
    burst_units : float
        The partition bucket's size, units.
    policies : dict of str to Backoff
        The policy run for each jitter strategy (identical but for the jitter).
    calls, completion_s, success_rate, p99_s : dict of str to float
        Per strategy, the mean over runs of total calls, of the time the last
        client finished (seconds), of the share of requests that succeeded, and
        of the 99th-percentile latency of successful requests (seconds).
    runs : int
        Seeded runs.
    net_delay_s : float
        Mean one-way network delay per message, seconds.
    calls_runs, completion_runs : dict of str to numpy.ndarray
        Per strategy, every run's total calls and completion time (seconds), for their spread.
    """

    clients: int
    capacity: float
    burst_units: float
    policies: dict[str, Backoff]
    calls: dict[str, float]
    completion_s: dict[str, float]
    success_rate: dict[str, float]
    p99_s: dict[str, float]
    runs: int
    net_delay_s: float = 0.0
    calls_runs: dict[str, NDArray[np.float64]] | None = None
    completion_runs: dict[str, NDArray[np.float64]] | None = None

    def __repr__(self) -> str:
        rows = "; ".join(f"{j}: {self.calls[j]:,.0f} calls, done at {self.completion_s[j]:.3g} s" for j in self.order("calls"))
        return f"JitterComparison({self.clients:,} clients at {self.capacity:,.0f} units/s, {self.runs} runs; {rows})"

    def order(self, by: str = "calls") -> tuple[str, ...]:
        """The strategies sorted from best to worst by their mean: fewest ``"calls"`` or shortest ``"time"``."""
        check_choice("by", by, ("calls", "time"))
        values = self.calls if by == "calls" else self.completion_s
        return tuple(sorted(JITTERS, key=lambda j: values[j]))

    def agrees_with_brooker(self, by: str = "calls") -> bool:
        """Whether :meth:`order` matches Brooker's published order (:data:`BROOKER_2015`)."""
        published = BROOKER_2015["calls_order" if by == "calls" else "time_order"]
        return self.order(by) == tuple(published)  # type: ignore[arg-type]

    def spread(self, jitter: str, by: str = "calls") -> tuple[float, float, float]:
        """Median, first and third quartile over the runs of ``"calls"`` or completion ``"time"`` (seconds)."""
        check_choice("jitter", jitter, JITTERS)
        check_choice("by", by, ("calls", "time"))
        runs = self.calls_runs if by == "calls" else self.completion_runs
        assert runs is not None
        return _spread(runs[jitter])


def herd_comparison(
    clients: int = 2000,
    capacity: float = PARTITION_MAX_WCU,
    *,
    attempts: int = 50,
    base_s: float = 0.01,
    cap_s: float = 2.0,
    burst_units: float | None = None,
    runs: int = 5,
    seed: int = 0,
    net_delay_s: float = 0.0,
) -> JitterComparison:
    """Brooker's experiment on a partition: a herd of clients at once, the four strategies compared.

    ``clients`` requests all arrive at time 0 at one partition of ``capacity``
    units per second (a hot partition's write ceiling by default); each retries
    under a :class:`Backoff` that differs only in its jitter. Brooker's clients
    never give up, so ``attempts`` should be large enough that nearly every
    request succeeds (check :attr:`JitterComparison.success_rate`).

    Parameters
    ----------
    clients : int
        Requests in the herd (1 to :data:`MAX_HERD_CLIENTS`).
    capacity : float
        The partition's rate, units per second (> 0).
    attempts : int
        Most attempts per request (1 to :data:`MAX_ATTEMPTS`).
    base_s, cap_s : float
        Base delay and cap of the backoff, seconds: ``0 < base_s <= cap_s <= 3600``, as in :class:`Backoff`.
    burst_units : float, optional
        The partition bucket's size; see :func:`simulate_retries`.
    runs : int
        Seeded runs per strategy (1 to :data:`MAX_RUNS`); run ``r`` uses seed ``seed + r``.
    seed : int
        First seed.
    net_delay_s : float
        Mean one-way network delay per message, seconds (>= 0, at most 60); see :func:`simulate_retries`.

    Returns
    -------
    JitterComparison

    Examples
    --------
    >>> cmp = herd_comparison(200, 100.0, attempts=30, base_s=0.01, cap_s=1.0, runs=1)
    >>> cmp.order("calls")[-1]
    'none'
    >>> herd_comparison(runs=1e300)
    Traceback (most recent call last):
    ...
    ValueError: runs = 1e+300 is out of range: must be in [1, 1000]
    """
    clients = check_integer("clients", clients, low=1, high=MAX_HERD_CLIENTS)
    runs, seed = _check_runs(runs, seed)
    policies = {j: Backoff(attempts, base_s, cap_s, j) for j in JITTERS}
    calls: dict[str, float] = {}
    done: dict[str, float] = {}
    success: dict[str, float] = {}
    p99: dict[str, float] = {}
    calls_runs: dict[str, NDArray[np.float64]] = {}
    done_runs: dict[str, NDArray[np.float64]] = {}
    burst = burst_units
    herd = np.zeros(clients)
    for j, policy in policies.items():
        results = [
            simulate_retries(policy, [], capacity, burst_units=burst_units, seed=seed + r, herd_s=herd, net_delay_s=net_delay_s)
            for r in range(runs)
        ]
        burst = results[0].burst_units
        calls_runs[j] = np.array([r.calls for r in results], dtype=float)
        done_runs[j] = np.array([r.completion_s for r in results], dtype=float)
        calls[j] = float(calls_runs[j].mean())
        done[j] = float(done_runs[j].mean())
        success[j] = float(np.mean([r.success_rate for r in results]))
        p99[j] = float(np.mean([r.latency_s(99) for r in results]))
    return JitterComparison(
        clients=clients,
        capacity=float(capacity),
        burst_units=float(burst),  # type: ignore[arg-type]
        policies=policies,
        calls=calls,
        completion_s=done,
        success_rate=success,
        p99_s=p99,
        runs=runs,
        net_delay_s=float(net_delay_s),
        calls_runs=calls_runs,
        completion_runs=done_runs,
    )


# ---------------------------------------------------------------------------------------------
# Brooker's own workload: optimistic concurrency on one row
# ---------------------------------------------------------------------------------------------

#: Brooker's simulator's base delay and cap, seconds (``BROOKER_2015``: 5 ms and 2,000 ms).
_BROOKER_BASE_S = float(BROOKER_2015["base_ms"]) / 1000.0  # type: ignore[arg-type]
_BROOKER_CAP_S = float(BROOKER_2015["cap_ms"]) / 1000.0  # type: ignore[arg-type]
_BROOKER_DELAY_S = float(BROOKER_2015["network_delay_mean_ms"]) / 1000.0  # type: ignore[arg-type]


def occ_herd(
    clients: int,
    jitter: str,
    *,
    base_s: float = _BROOKER_BASE_S,
    cap_s: float = _BROOKER_CAP_S,
    net_delay_s: float = _BROOKER_DELAY_S,
    seed: int = 0,
) -> tuple[int, float]:
    """Brooker's contention model: ``clients`` clients update ONE row with optimistic concurrency, all at once.

    Each client reads the row's version and then writes with it; the write succeeds only if no other write
    landed in between (the version still matches), so a round of contention has one winner however few
    the clients. A client whose write failed sleeps and starts again with a read; it never gives up. Every
    message (read, its reply, write, its reply) is delayed by ``|N(net_delay_s, net_delay_s / 5)|``. The
    sleep before retry ``n`` (``n = 1`` after the first failure, as Brooker numbers it, so the first sleep
    uses ``2 * base_s``) follows :meth:`Backoff.next_sleep_s` with the given jitter. This is the course's own
    implementation of the model described by Brooker (2015) and his simulator (``BROOKER_2015``), seeded.

    Parameters
    ----------
    clients : int
        Clients, all starting at time 0 (1 to :data:`MAX_HERD_CLIENTS`).
    jitter : {"none", "full", "equal", "decorrelated"}
        The jitter strategy.
    base_s, cap_s : float
        Base delay and cap, seconds (Brooker's 5 ms and 2 s by default): ``0 < base_s <= cap_s <= 3600``, as in
        :class:`Backoff`.
    net_delay_s : float
        Mean one-way delay per message, seconds (>= 0, at most 60; Brooker's 10 ms by default).
    seed : int
        Seed of the delays and jitter draws.

    Returns
    -------
    (int, float)
        Total writes attempted (Brooker's "calls") and the time the last client learnt it succeeded, seconds.

    Examples
    --------
    >>> occ_herd(1, "full")[0]
    1
    >>> calls, done = occ_herd(20, "none", net_delay_s=0.0)
    >>> calls  # no delay, no jitter: every wave has one winner, 20 + 19 + ... + 1 writes
    210
    """
    clients = check_integer("clients", clients, low=1, high=MAX_HERD_CLIENTS)
    policy = Backoff(2, base_s, cap_s, jitter)
    base, cap = policy.base_s, policy.cap_s
    delay = check_number("net_delay_s", net_delay_s, low=0, high=_MAX_NET_DELAY_S)
    rand = random.Random(check_seed("seed", seed))
    uniform, gauss, sd = rand.random, rand.normalvariate, delay * _NET_SD_RATIO

    if jitter == "none" and delay == 0.0:
        # Deterministic: every wave is the whole remaining herd at one instant, and exactly one of it wins,
        # so waves of clients, clients - 1, ..., 1 writes, the k-th retry wave after sleeping min(cap, base 2^k).
        done = 0.0
        for k in range(1, clients):
            done += min(cap, base * 2.0 ** min(k, _MAX_EXPONENT))
        return clients * (clients + 1) // 2, done

    def hop() -> float:
        return abs(gauss(delay, sd)) if delay > 0.0 else 0.0

    # events: (time, seq, kind, client, value); kinds 0 read at the row, 1 read reply, 2 write at the row, 3 write reply
    heap = [(hop(), c, 0, c, 0) for c in range(clients)]
    heapq.heapify(heap)
    seq = clients
    version, calls, now = 0, 0, 0.0
    retry = [0] * clients
    previous = [base] * clients
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        now, _, kind, c, value = pop(heap)
        if kind == 0:
            event = (now + hop(), seq, 1, c, version)
        elif kind == 1:
            event = (now + hop(), seq, 2, c, value)
        elif kind == 2:
            calls += 1
            ok = value == version
            if ok:
                version += 1
            event = (now + hop(), seq, 3, c, int(ok))
        elif value:
            continue
        else:
            retry[c] += 1
            n = retry[c]
            if jitter == "decorrelated":
                sleep = min(cap, base + uniform() * (3.0 * previous[c] - base))
                previous[c] = sleep
            else:
                v = min(cap, base * 2.0 ** min(n, _MAX_EXPONENT))
                sleep = v if jitter == "none" else uniform() * v if jitter == "full" else v / 2.0 + uniform() * v / 2.0
            event = (now + hop() + sleep, seq, 0, c, 0)
        push(heap, event)
        seq += 1
    return calls, now


@dataclass(frozen=True, eq=False)
class JitterRegimes:
    """The four strategies across herd sizes and network delays, in two contention models, over seeded runs.

    Attributes
    ----------
    runs : dict
        Keyed by ``(model, clients, net_delay_s, jitter)``, with model ``"occ"`` (Brooker's optimistic
        concurrency, :func:`occ_herd`) or ``"bucket"`` (a partition's token bucket,
        :func:`herd_comparison`): a pair of arrays, every run's calls and completion time (seconds).
    clients : tuple of int
        Herd sizes.
    net_delays_s : tuple of float
        Mean one-way network delays per message, seconds.
    capacity : float
        The bucket model's partition rate, units per second.
    seeds : int
        Seeded runs per cell.
    """

    runs: dict[tuple[str, int, float, str], tuple[NDArray[np.float64], NDArray[np.float64]]]
    clients: tuple[int, ...]
    net_delays_s: tuple[float, ...]
    capacity: float
    seeds: int

    def __repr__(self) -> str:
        return (
            f"JitterRegimes({len(self.runs)} cells: clients {list(self.clients)}, delays {list(self.net_delays_s)} s, "
            f"{self.seeds} seeds each)"
        )

    def spread(self, model: str, clients: int, net_delay_s: float, jitter: str, by: str = "calls") -> tuple[float, float, float]:
        """Median, first and third quartile over the seeds of ``"calls"`` or completion ``"time"`` (seconds).

        Parameters
        ----------
        model : {"occ", "bucket"}
            The contention model.
        clients : int
            A herd size that was run (one of :attr:`clients`).
        net_delay_s : float
            A network delay that was run, seconds (one of :attr:`net_delays_s`, each from 0 to 60).
        jitter : {"none", "full", "equal", "decorrelated"}
            The strategy.
        by : {"calls", "time"}
            Total calls, or the time the last client finished.

        Examples
        --------
        >>> reg = jitter_regimes([30], [0.0], models=("occ",), runs=2)
        >>> reg.spread("occ", 30, 0.0, "none")  # no delay, no jitter: 30 + 29 + ... + 1 writes in every run
        (465.0, 465.0, 465.0)
        """
        check_choice("by", by, ("calls", "time"))
        check_choice("model", model, ("occ", "bucket"))
        check_choice("jitter", jitter, JITTERS)
        n = check_integer("clients", clients, low=1, high=MAX_HERD_CLIENTS)  # a list is refused by name, not unhashable
        d = check_number("net_delay_s", net_delay_s, low=0, high=_MAX_NET_DELAY_S)
        key = (model, n, d, jitter)
        if key not in self.runs:
            raise ValueError(f"(model, clients, net_delay_s, jitter) = {key!r} is not allowed: must be a cell that was run")
        return _spread(self.runs[key][0 if by == "calls" else 1])

    def order(self, model: str, clients: int, net_delay_s: float, by: str = "calls") -> tuple[str, ...]:
        """The strategies from best to worst by their median ``"calls"`` or completion ``"time"``.

        Parameters
        ----------
        model : {"occ", "bucket"}
            The contention model.
        clients : int
            A herd size that was run (one of :attr:`clients`).
        net_delay_s : float
            A network delay that was run, seconds (one of :attr:`net_delays_s`, each from 0 to 60).
        by : {"calls", "time"}
            Total calls, or the time the last client finished.

        Examples
        --------
        >>> reg = jitter_regimes([30], [0.0], models=("occ",), runs=2)
        >>> reg.order("occ", 30, 0.0)[-1]  # no delay: only the lockstep herd collides
        'none'
        """
        return tuple(sorted(JITTERS, key=lambda j: self.spread(model, clients, net_delay_s, j, by)[0]))

    def rows(self) -> list[tuple[str, int, float, str, tuple[float, float, float], tuple[float, float, float]]]:
        """Every cell as ``(model, clients, net_delay_s, jitter, calls spread, time spread)``.

        Examples
        --------
        >>> reg = jitter_regimes([30], [0.0], models=("occ",), runs=2)
        >>> [row[:4] for row in reg.rows()][:2]
        [('occ', 30, 0.0, 'none'), ('occ', 30, 0.0, 'full')]
        """
        return [(m, n, d, j, self.spread(m, n, d, j, "calls"), self.spread(m, n, d, j, "time")) for (m, n, d, j) in self.runs]


def jitter_regimes(
    clients: ArrayLike = (100, 500),
    net_delays_s: ArrayLike = (0.0, _BROOKER_DELAY_S),
    *,
    models: tuple[str, ...] = ("occ", "bucket"),
    capacity: float = PARTITION_MAX_WCU,
    base_s: float = _BROOKER_BASE_S,
    cap_s: float = _BROOKER_CAP_S,
    runs: int = 5,
    seed: int = 0,
) -> JitterRegimes:
    """Run the four strategies across herd sizes x network delays, in Brooker's OCC model and on a token bucket.

    Every cell is run ``runs`` times (seeds ``seed`` to ``seed + runs - 1``): :func:`occ_herd` for model
    ``"occ"``, and :func:`simulate_retries` with a herd at time 0 on a partition of ``capacity`` (bucket
    :data:`DEFAULT_BURST_S` of it) for model ``"bucket"``, whose clients get :data:`MAX_ATTEMPTS` attempts so
    that, like Brooker's, they practically never give up. Both use Brooker's base and cap by default.

    The work is bounded: the herd requests simulated in all, ``sum(clients) × len(net_delays_s) × len(models) ×
    4 jitters × runs``, at most :data:`hotpart.models._validation.MAX_ELEMENTS` (ten million; the chapter's
    grids simulate 100,000), so a long list of herd sizes is refused by name before anything runs.

    Parameters
    ----------
    clients : array_like of int
        Herd sizes (each 1 to :data:`MAX_HERD_CLIENTS`): one size or a 1-D array of them, at least one (the work
        bound above applies).
    net_delays_s : array_like of float
        Mean one-way network delays per message, seconds (each 0 to 60): one delay or a 1-D array of them, at
        least one (the work bound above applies).
    models : tuple of str
        Any of ``"occ"`` and ``"bucket"``.
    capacity : float
        The bucket model's partition rate, units per second (finite, > 0; checked even when only ``"occ"`` runs).
    base_s, cap_s : float
        Base delay and cap of the backoff, seconds: ``0 < base_s <= cap_s <= 3600``, as in :class:`Backoff`.
    runs : int
        Seeded runs per cell (1 to :data:`MAX_RUNS`).
    seed : int
        First seed.

    Returns
    -------
    JitterRegimes

    Examples
    --------
    >>> reg = jitter_regimes([30], [0.0], runs=2)
    >>> reg.order("occ", 30, 0.0)[-1]  # no delay: only the lockstep herd collides
    'none'
    >>> reg.spread("occ", 30, 0.0, "none")[0]  # 30 + 29 + ... + 1 writes, every run
    465.0
    """
    size_arr = check_counts("clients", clients, low=1, high=MAX_HERD_CLIENTS, empty=False, ndim=(0, 1))
    delay_arr = check_array("net_delays_s", net_delays_s, low=0, high=_MAX_NET_DELAY_S, empty=False, ndim=(0, 1))
    if isinstance(models, str) or not models:
        raise ValueError(f"models = {models!r} is not allowed: must be a non-empty tuple of 'occ' and 'bucket'")
    for m in models:
        check_choice("models", m, ("occ", "bucket"))
    rate = check_number("capacity", capacity, low=0, low_open=True)
    if not math.isfinite(rate):
        raise ValueError(f"capacity = {capacity!r} is out of range: must be a finite number > 0")
    Backoff(MAX_ATTEMPTS, base_s, cap_s)  # checks base_s and cap_s even when only "occ" runs
    runs, seed = _check_runs(runs, seed)
    herds = float(size_arr.sum()) * delay_arr.size * len(models) * len(JITTERS) * runs
    if herds > _MAX_ELEMENTS:
        raise ValueError(
            f"clients ({size_arr.size:,} sizes, {float(size_arr.sum()):,.0f} clients) and net_delays_s "
            f"({delay_arr.size:,} delays) make {herds:,.0f} herd requests over {len(models)} models × {len(JITTERS)} "
            f"jitters × runs = {runs}: must make at most {_MAX_ELEMENTS:,}"
        )
    sizes = tuple(int(n) for n in np.ravel(size_arr))
    delays = tuple(float(x) for x in np.ravel(delay_arr))
    out: dict[tuple[str, int, float, str], tuple[NDArray[np.float64], NDArray[np.float64]]] = {}
    for m in models:
        for n in sizes:
            for d in delays:
                if m == "bucket":
                    cmp = herd_comparison(
                        n,
                        capacity,
                        attempts=MAX_ATTEMPTS,
                        base_s=base_s,
                        cap_s=cap_s,
                        runs=runs,
                        seed=seed,
                        net_delay_s=d,
                    )
                    for j in JITTERS:
                        out[(m, n, d, j)] = (cmp.calls_runs[j], cmp.completion_runs[j])  # type: ignore[index]
                    continue
                for j in JITTERS:
                    res = [occ_herd(n, j, base_s=base_s, cap_s=cap_s, net_delay_s=d, seed=seed + r) for r in range(runs)]
                    out[(m, n, d, j)] = (np.array([c for c, _ in res], float), np.array([t for _, t in res], float))
    return JitterRegimes(runs=out, clients=sizes, net_delays_s=delays, capacity=rate, seeds=runs)
