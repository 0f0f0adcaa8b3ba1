"""Client retries: exponential backoff, the four jitter strategies, and a retry storm on one hot partition.

Chapter 14 (``notebooks/14_retries.ipynb``) is built on this module. It has
three parts:

* :class:`Backoff`, a retry policy: how many attempts a client makes, and how
  long it sleeps before each retry. The sleeps follow Brooker's four
  strategies (AWS Architecture Blog, 2015, "Exponential Backoff And Jitter"):
  no jitter, "Full Jitter", "Equal Jitter" and "Decorrelated Jitter", with
  the closed-form expected sleep where one exists
  (:meth:`Backoff.expected_sleep_s`);
* :func:`simulate_retries`, an event-driven simulation of clients retrying
  against ONE hot partition: a token bucket refilled continuously at the
  partition's capacity. A refused attempt consumes nothing (DynamoDB does not
  charge throttled requests) and is retried after the policy's sleep, so
  retries re-enter the demand of later seconds. The result,
  :class:`RetryResult`, counts every attempt: ``served + throttled ==
  offered`` attempts in every second, exactly;
* :func:`herd_comparison`, Brooker's experiment transposed to a partition: a
  herd of clients arrives at once, and the four strategies are compared by
  total calls and by the time the last client finishes.

The SDK defaults quoted here are registered with their sources and quoted
sentences in :data:`hotpart.SOURCES`: the AWS SDKs' standard retry mode's
attempts (:data:`SDK_STANDARD_MAX_ATTEMPTS`), botocore's and Boto3's
standard-mode backoff (:data:`SDK_STANDARD_BASE_S`,
:data:`SDK_STANDARD_MAX_BACKOFF_S`: one SDK's implementation), the AWS SDK for
Java 1.x DynamoDB client's defaults as of its 2015 code, and Brooker's
published ranking (:data:`BROOKER_2015`). The partition's bucket size
(:data:`DEFAULT_BURST_S`) is the course's choice, listed in
:data:`hotpart.ASSUMPTIONS`.
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._constants import PARTITION_MAX_WCU, SOURCES, Source
from ._validation import check_array, check_choice, check_integer, check_number

__all__ = [
    "BROOKER_2015",
    "DEFAULT_BURST_S",
    "DYNAMODB_JAVA_V1",
    "DYNAMODB_JAVA_V1_BASE_S",
    "DYNAMODB_JAVA_V1_MAX_BACKOFF_S",
    "DYNAMODB_JAVA_V1_MAX_RETRIES",
    "JITTERS",
    "SDK_STANDARD",
    "SDK_STANDARD_BASE_S",
    "SDK_STANDARD_MAX_ATTEMPTS",
    "SDK_STANDARD_MAX_BACKOFF_S",
    "Backoff",
    "JitterComparison",
    "RetryResult",
    "herd_comparison",
    "simulate_retries",
]

#: The jitter strategies, in Brooker's order of presentation.
JITTERS: Final[tuple[str, ...]] = ("none", "full", "equal", "decorrelated")

#: The AWS SDKs' standard retry mode: attempts per request, the first included (SDKs and Tools Reference Guide).
SDK_STANDARD_MAX_ATTEMPTS: Final[int] = 3
#: Standard retry mode as botocore (the AWS SDK for Python) implements it, version 2.0: base of the exponential
#: backoff, seconds (``rand() * min(2 ** i, 20)``). Other SDKs, and botocore's opt-in version 2.1, may differ.
SDK_STANDARD_BASE_S: Final[float] = 1.0
#: Boto3's standard retry mode: the cap on one backoff, seconds.
SDK_STANDARD_MAX_BACKOFF_S: Final[float] = 20.0
#: AWS SDK for Java 1.x, DynamoDB client, in its 2015 code: retries after the first attempt (so 11 attempts in all).
DYNAMODB_JAVA_V1_MAX_RETRIES: Final[int] = 10
#: AWS SDK for Java 1.x, DynamoDB client, in its 2015 code: base delay, seconds (25 ms, doubled per retry, no jitter).
DYNAMODB_JAVA_V1_BASE_S: Final[float] = 0.025
#: AWS SDK for Java 1.x, DynamoDB client, in its 2015 code: the cap on one backoff, seconds.
DYNAMODB_JAVA_V1_MAX_BACKOFF_S: Final[float] = 20.0

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

_SDK_REF = "https://docs.aws.amazon.com/sdkref/latest/guide/feature-retry-behavior.html"
_JAVA_V1_2015 = "07f51ec8cfe1600e7dc7f6b4a08b9311f32f9cec"  # the 2015 code (copyright 2010-2015)
_JAVA_V1 = (
    f"https://github.com/aws/aws-sdk-java/blob/{_JAVA_V1_2015}/aws-java-sdk-core/src/main/java/com/amazonaws/retry/"
    "PredefinedRetryPolicies.java"
)
_JAVA_V1_WHERE = (
    "AWS SDK for Java 1.x, com.amazonaws.retry.PredefinedRetryPolicies, the 2015 code (commit 07f51ec; later "
    "versions of the SDK changed it): DYNAMODB_DEFAULT_MAX_ERROR_RETRY = 10; DynamoDBDefaultBackoffStrategy: "
    "delay = 2**retries * 25 ms (SCALE_FACTOR = 25), capped at MAX_BACKOFF_IN_MILLISECONDS = 20 * 1000, no jitter"
)
_READ = "2026-11-30"
SOURCES.update(
    {
        "SDK_STANDARD_MAX_ATTEMPTS": Source(
            "AWS SDKs and Tools Reference Guide, 'Retry behavior': in standard (and adaptive) retry mode the "
            "SDK makes three attempts unless max_attempts is set",
            _READ,
            _SDK_REF,
            quote="The default maximum number of attempts with this mode is three, unless max_attempts is explicitly configured.",
        ),
        "SDK_STANDARD_BASE_S": Source(
            "botocore (the AWS SDK for Python), botocore/retries/standard.py, ExponentialBackoff.delay_amount, "
            "standard mode version 2.0 (the default; the opt-in version 2.1 scales the base by the error and the "
            "service): t_i = rand(0, 1) * min(2 ** (attempt - 1), 20) seconds, i.e. full jitter on a 1 s base; "
            "one SDK's implementation, not the reference guide's",
            _READ,
            "https://github.com/boto/botocore/blob/develop/botocore/retries/standard.py",
            quote="This class implements truncated binary exponential backoff with jitter:: … "
            "t_i = rand(0, 1) * min(2 ** attempt, MAX_BACKOFF)",
        ),
        "SDK_STANDARD_MAX_BACKOFF_S": Source(
            "Boto3 documentation, 'Retries', Standard retry mode: any retry includes an exponential backoff "
            "by a base factor of 2 for a maximum backoff time of 20 seconds",
            _READ,
            "https://docs.aws.amazon.com/boto3/latest/guide/retries.html",
            quote="Any retry attempt will include an exponential backoff by a base factor of 2 for a maximum backoff "
            "time of 20 seconds.",
        ),
        "DYNAMODB_JAVA_V1_MAX_RETRIES": Source(
            _JAVA_V1_WHERE, _READ, _JAVA_V1, quote="public static final int DYNAMODB_DEFAULT_MAX_ERROR_RETRY = 10;"
        ),
        "DYNAMODB_JAVA_V1_BASE_S": Source(
            _JAVA_V1_WHERE,
            _READ,
            _JAVA_V1,
            quote="/** Base sleep time (milliseconds) **/ private static final int SCALE_FACTOR = 25;",
        ),
        "DYNAMODB_JAVA_V1_MAX_BACKOFF_S": Source(
            _JAVA_V1_WHERE,
            _READ,
            _JAVA_V1,
            quote="private static final int MAX_BACKOFF_IN_MILLISECONDS = 20 * 1000;",
        ),
        "BROOKER_2015": Source(
            "Marc Brooker, 'Exponential Backoff And Jitter', AWS Architecture Blog (section 'Which approach do "
            "you think is best?'); simulator: aws-samples/aws-arch-backoff-simulator, src/backoff_simulator.py. "
            "The date is the post's; the quote was checked against copies of the post on 2026-11-30",
            "2015-03",
            "https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/",
            quote="The no-jitter exponential backoff approach is the clear loser. It not only takes more work, but also "
            "takes more time than the jittered approaches.",
        ),
    }
)

_MAX_EXPONENT = 1023  # 2.0 ** 1023 is the largest power of two a float holds


# ---------------------------------------------------------------------------------------------
# the policy
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Backoff:
    """A client's retry policy: attempts, and capped exponential backoff with jitter.

    Retry ``n`` (``n = 0`` for the first retry, after the first attempt failed)
    sleeps, with $v_n = \\min(\\text{cap}, \\text{base}\\cdot 2^n)$ and $U$ uniform:

    * ``"none"``: $v_n$;
    * ``"full"``: $U(0, v_n)$;
    * ``"equal"``: $v_n / 2 + U(0, v_n / 2)$;
    * ``"decorrelated"``: $\\min(\\text{cap}, U(\\text{base}, 3\\,s_{n-1}))$, with
      $s_{-1} = \\text{base}$ (the sleep grows from the previous sleep, not from
      $n$).

    These are the formulas of Brooker (2015) and of his simulator; he numbers
    retries from 1, so his first sleep uses $2\\,\\text{base}$.

    Parameters
    ----------
    attempts : int
        Most attempts per request, the first included (>= 1; 1 means never retry).
    base_s : float
        Base delay, seconds (> 0).
    cap_s : float
        Longest single sleep, seconds (>= ``base_s``).
    jitter : {"none", "full", "equal", "decorrelated"}
        The jitter strategy.

    Examples
    --------
    >>> Backoff(3, 1.0, 20.0, "full")
    Backoff(3 attempts, base 1 s, cap 20 s, full jitter)
    >>> Backoff(5, 0.1, 1.0, "none").expected_sleep_s(3)
    0.8
    >>> Backoff(0, 1.0, 20.0)
    Traceback (most recent call last):
    ...
    ValueError: attempts = 0 is out of range: must be >= 1
    """

    attempts: int = SDK_STANDARD_MAX_ATTEMPTS
    base_s: float = SDK_STANDARD_BASE_S
    cap_s: float = SDK_STANDARD_MAX_BACKOFF_S
    jitter: str = "full"

    def __post_init__(self) -> None:
        object.__setattr__(self, "attempts", check_integer("attempts", self.attempts, low=1))
        base = check_number("base_s", self.base_s, low=0, low_open=True)
        if not math.isfinite(base):
            raise ValueError(f"base_s = {self.base_s!r} is out of range: must be a finite number > 0")
        object.__setattr__(self, "base_s", base)
        cap = check_number("cap_s", self.cap_s, low=base)
        if not math.isfinite(cap):
            raise ValueError(f"cap_s = {self.cap_s!r} is out of range: must be a finite number >= {base:g}")
        object.__setattr__(self, "cap_s", cap)
        check_choice("jitter", self.jitter, JITTERS)

    def __repr__(self) -> str:
        jitter = "no jitter" if self.jitter == "none" else f"{self.jitter} jitter"
        return f"Backoff({self.attempts} attempts, base {self.base_s:g} s, cap {self.cap_s:g} s, {jitter})"

    @property
    def retries(self) -> int:
        """Most retries per request: ``attempts - 1``."""
        return self.attempts - 1

    def ceiling_s(self, n: int) -> float:
        """The capped exponential $v_n = \\min(\\text{cap}, \\text{base}\\cdot 2^n)$ for retry ``n``, seconds.

        Examples
        --------
        >>> [Backoff(5, 0.1, 0.5).ceiling_s(n) for n in range(4)]
        [0.1, 0.2, 0.4, 0.5]
        """
        n = check_integer("n", n, low=0)
        return min(self.cap_s, self.base_s * 2.0 ** min(n, _MAX_EXPONENT))

    def expected_sleep_s(self, n: int) -> float:
        """The expected sleep before retry ``n`` (0-based), seconds, in closed form.

        ``none``: $v_n$; ``full``: $v_n / 2$; ``equal``: $3 v_n / 4$. Decorrelated
        jitter has no closed form once the cap binds (its sleep depends on the
        previous one through the cap), so it raises ``ValueError``; estimate it
        with :meth:`sample_sleeps`.

        Examples
        --------
        >>> Backoff(4, 1.0, 20.0, "equal").expected_sleep_s(2)
        3.0
        """
        v = self.ceiling_s(n)
        if self.jitter == "none":
            return v
        if self.jitter == "full":
            return v / 2.0
        if self.jitter == "equal":
            return 0.75 * v
        raise ValueError(
            "jitter = 'decorrelated' has no closed-form expected sleep: must be one of 'none', 'full', 'equal' "
            "(use sample_sleeps for a Monte Carlo estimate)"
        )

    def next_sleep_s(self, n: int, previous_s: float, u: float) -> float:
        """The sleep before retry ``n``, seconds, given the previous sleep and one uniform draw ``u`` in [0, 1).

        :func:`simulate_retries` uses exactly this rule.

        Examples
        --------
        >>> Backoff(4, 1.0, 20.0, "decorrelated").next_sleep_s(0, 1.0, 0.5)
        2.0
        """
        if self.jitter == "none":
            return self.ceiling_s(n)
        if self.jitter == "full":
            return u * self.ceiling_s(n)
        if self.jitter == "equal":
            v = self.ceiling_s(n)
            return v / 2.0 + u * v / 2.0
        return min(self.cap_s, self.base_s + u * (3.0 * previous_s - self.base_s))

    def sample_sleeps(self, size: int, seed: int = 0) -> NDArray[np.float64]:
        """Draw every retry's sleep for ``size`` independent requests, seconds.

        Parameters
        ----------
        size : int
            Number of requests (rows), >= 1.
        seed : int
            Seed of the random generator.

        Returns
        -------
        numpy.ndarray
            Shape ``(size, attempts - 1)``; column ``n`` is the sleep before retry ``n``.

        Examples
        --------
        >>> Backoff(4, 0.1, 1.0, "none").sample_sleeps(2)
        array([[0.1, 0.2, 0.4],
               [0.1, 0.2, 0.4]])
        """
        size = check_integer("size", size, low=1)
        u = np.random.default_rng(check_integer("seed", seed, low=0)).random((size, self.retries))
        v = np.array([self.ceiling_s(n) for n in range(self.retries)])
        if self.jitter == "none":
            return np.broadcast_to(v, (size, self.retries)).copy()
        if self.jitter == "full":
            return u * v
        if self.jitter == "equal":
            return v / 2.0 + u * v / 2.0
        out = np.empty((size, self.retries))
        previous = np.full(size, self.base_s)
        for n in range(self.retries):
            previous = np.minimum(self.cap_s, self.base_s + u[:, n] * (3.0 * previous - self.base_s))
            out[:, n] = previous
        return out


#: Standard retry mode as a :class:`Backoff`: the SDKs' 3 attempts, with botocore's (version 2.0) full jitter on a
#: 1 s base, capped at 20 s.
SDK_STANDARD: Final[Backoff] = Backoff(SDK_STANDARD_MAX_ATTEMPTS, SDK_STANDARD_BASE_S, SDK_STANDARD_MAX_BACKOFF_S, "full")
#: AWS SDK for Java 1.x's DynamoDB default in its 2015 code as a :class:`Backoff`: 11 attempts, 25 ms doubling,
#: no jitter.
DYNAMODB_JAVA_V1: Final[Backoff] = Backoff(
    DYNAMODB_JAVA_V1_MAX_RETRIES + 1, DYNAMODB_JAVA_V1_BASE_S, DYNAMODB_JAVA_V1_MAX_BACKOFF_S, "none"
)


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
        """The ``q``-th percentile (0 to 100) of successful requests' latency, seconds; 0.0 if none succeeded."""
        q = check_number("q", q, low=0, high=100)
        lat = self.latency
        return float(np.percentile(lat, q)) if lat.size else 0.0

    def per_bin(self, bin_s: float, until_s: float | None = None) -> dict[str, NDArray[np.float64]]:
        """Attempts counted per bin of ``bin_s`` seconds, for figures.

        Parameters
        ----------
        bin_s : float
            Bin width, seconds (> 0).
        until_s : float, optional
            Last time covered, seconds; the last attempt if omitted.

        Returns
        -------
        dict of str to numpy.ndarray
            ``start`` (each bin's start, s) and the counts ``offered``, ``served``,
            ``throttled``, ``new`` and ``retried`` per bin.
        """
        bin_s = check_number("bin_s", bin_s, low=0, low_open=True)
        end = self.completion_s if until_s is None else check_number("until_s", until_s, low=0)
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


_EPS = 1e-9  # tolerance on the token balance, against rounding in the continuous refill


def simulate_retries(
    policy: Backoff,
    demand: ArrayLike,
    capacity: float,
    *,
    burst_units: float | None = None,
    seed: int = 0,
    herd_s: ArrayLike | None = None,
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
        New requests arriving in each second (whole numbers >= 0).
    capacity : float
        The partition's refill rate, units (requests) per second (> 0); for a
        hot partition's writes, at most :data:`hotpart.PARTITION_MAX_WCU`.
    burst_units : float, optional
        The bucket's size, units (>= 1); ``capacity * DEFAULT_BURST_S`` (at
        least 1) if omitted.
    seed : int
        Seed for the arrival times and the jitter draws (>= 0).
    herd_s : array_like of float, optional
        Arrival times of further requests, seconds (>= 0), on top of
        ``demand``: ``np.zeros(1000)`` is a herd of 1,000 clients all at time 0.

    Returns
    -------
    RetryResult
        Every attempt and every request, with per-second counts.

    Examples
    --------
    >>> res = simulate_retries(Backoff(3, 0.05, 1.0, "full"), [1500, 500], 1000.0, seed=1)
    >>> res.requests, bool(np.array_equal(res.served + res.throttled, res.offered))
    (2000, True)
    >>> res.consumed_units == res.successes
    True
    >>> simulate_retries(Backoff(), [1, -1], 1000.0)
    Traceback (most recent call last):
    ...
    ValueError: demand[1] = -1.0 is out of range: must be >= 0
    """
    if not isinstance(policy, Backoff):
        raise ValueError(f"policy = {policy!r} is not allowed: must be a hotpart.Backoff")
    d = check_array("demand", demand, low=0)
    if d.ndim != 1:
        raise ValueError(f"demand has shape {d.shape}: must be one-dimensional (requests per second)")
    if not np.all(np.isfinite(d)) or np.any(d != np.floor(d)):
        bad = int(np.flatnonzero(~np.isfinite(d) | (d != np.floor(d)))[0])
        raise ValueError(f"demand[{bad}] = {d[bad]!r} is not a whole number: must be a count of requests >= 0")
    rate = check_number("capacity", capacity, low=0, low_open=True)
    if not math.isfinite(rate):
        raise ValueError(f"capacity = {capacity!r} is out of range: must be a finite number > 0")
    burst = max(1.0, rate * DEFAULT_BURST_S) if burst_units is None else check_number("burst_units", burst_units, low=1)
    if not math.isfinite(burst):
        raise ValueError(f"burst_units = {burst_units!r} is out of range: must be a finite number >= 1")
    seed = check_integer("seed", seed, low=0)
    herd = np.zeros(0) if herd_s is None else np.ravel(check_array("herd_s", herd_s, low=0))
    if not np.all(np.isfinite(herd)):
        raise ValueError("herd_s holds a non-finite time: must be finite times >= 0, seconds")

    counts = d.astype(np.int64)
    arrival = np.repeat(np.arange(d.size, dtype=np.float64), counts)
    arrival += np.random.default_rng(seed).random(arrival.size)
    arrival = np.sort(np.concatenate([arrival, herd]), kind="stable")
    total = int(arrival.size)
    arr = arrival.tolist()

    uniform = random.Random(seed).random
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
        elif k + 1 < attempts:
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
            push(heap, (t + sleep, seq, rid, k + 1, sleep))
            seq += 1
        else:
            att_ok.append(False)
            finish[rid] = t
            made[rid] = k + 1

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
    )


# ---------------------------------------------------------------------------------------------
# Brooker's comparison, on a partition
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class JitterComparison:
    """The four jitter strategies on one contended workload, averaged over seeded runs.

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
        Seeded runs averaged.
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

    def __repr__(self) -> str:
        rows = "; ".join(f"{j}: {self.calls[j]:,.0f} calls, done at {self.completion_s[j]:.3g} s" for j in self.order("calls"))
        return f"JitterComparison({self.clients:,} clients at {self.capacity:,.0f} units/s, {self.runs} runs; {rows})"

    def order(self, by: str = "calls") -> tuple[str, ...]:
        """The strategies sorted from best to worst: fewest ``"calls"`` or shortest ``"time"``."""
        check_choice("by", by, ("calls", "time"))
        values = self.calls if by == "calls" else self.completion_s
        return tuple(sorted(JITTERS, key=lambda j: values[j]))

    def agrees_with_brooker(self, by: str = "calls") -> bool:
        """Whether :meth:`order` matches Brooker's published order (:data:`BROOKER_2015`)."""
        published = BROOKER_2015["calls_order" if by == "calls" else "time_order"]
        return self.order(by) == tuple(published)  # type: ignore[arg-type]


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
        Requests in the herd (>= 1).
    capacity : float
        The partition's rate, units per second (> 0).
    attempts : int
        Most attempts per request (>= 1).
    base_s, cap_s : float
        Base delay and cap of the backoff, seconds.
    burst_units : float, optional
        The partition bucket's size; see :func:`simulate_retries`.
    runs : int
        Seeded runs averaged per strategy (>= 1); run ``r`` uses seed ``seed + r``.
    seed : int
        First seed.

    Returns
    -------
    JitterComparison

    Examples
    --------
    >>> cmp = herd_comparison(200, 100.0, attempts=30, base_s=0.01, cap_s=1.0, runs=1)
    >>> cmp.order("calls")[-1]
    'none'
    """
    clients = check_integer("clients", clients, low=1)
    runs = check_integer("runs", runs, low=1)
    seed = check_integer("seed", seed, low=0)
    policies = {j: Backoff(attempts, base_s, cap_s, j) for j in JITTERS}
    calls: dict[str, float] = {}
    done: dict[str, float] = {}
    success: dict[str, float] = {}
    p99: dict[str, float] = {}
    burst = burst_units
    for j, policy in policies.items():
        results = [
            simulate_retries(policy, [], capacity, burst_units=burst_units, seed=seed + r, herd_s=np.zeros(clients))
            for r in range(runs)
        ]
        burst = results[0].burst_units
        calls[j] = float(np.mean([r.calls for r in results]))
        done[j] = float(np.mean([r.completion_s for r in results]))
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
    )
