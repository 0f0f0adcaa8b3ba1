"""Retry policies: exponential backoff, the four jitter strategies, and the AWS SDKs' presets.

Chapter 14 (``notebooks/14_retries.ipynb``) is built on this module and on
:mod:`hotpart.models.retries`, which runs these policies against a hot partition.

* :class:`Backoff`, a retry policy: how many attempts a client makes, and how
  long it sleeps before each retry. The sleeps follow Brooker's four
  strategies (AWS Architecture Blog, 2015, "Exponential Backoff And Jitter"):
  no jitter, "Full Jitter", "Equal Jitter" and "Decorrelated Jitter", with
  the closed-form expected sleep where one exists
  (:meth:`Backoff.expected_sleep_s`);
* the SDK presets, :class:`Backoff` values built from named constants, each
  registered with its source, pinned commit or page, and quoted sentence in
  :data:`hotpart.SOURCES`. Boto3's figures are read from the installed
  botocore (:mod:`hotpart.models._botocore`), never typed: its default for
  DynamoDB since botocore 1.44.0 (10 November 2026), standard mode
  (:data:`SDK_STANDARD`: 4 attempts, Full Jitter on a 1 s base after a
  throttling error, capped at 20 s); standard mode before that release
  (:data:`SDK_STANDARD_PRE_2026`: 3 attempts); legacy mode, the default
  before 1.44.0 and ``AWS_RETRY_MODE=legacy`` today, from botocore's
  ``_retry.json`` (:data:`SDK_BOTO3_LEGACY`: 10 attempts, 50 ms doubling, no
  jitter, no cap). Standard mode's retry quota
  (:data:`SDK_STANDARD_RETRY_QUOTA` tokens, :data:`SDK_STANDARD_THROTTLING_RETRY_COST`
  per retry after throttling) is stated but not modelled. The JavaScript v3
  SDK's bases (:data:`SDK_JS_V3_BASE_S`, :data:`SDK_JS_V3_THROTTLING_BASE_S`)
  and the AWS SDK for Java 1.x DynamoDB client, in its 2015 code
  (:data:`DYNAMODB_JAVA_V1`) and today for throttling errors
  (:data:`DYNAMODB_JAVA_V1_THROTTLED`), are typed from their pinned sources.

The bounds on counts (:data:`MAX_ATTEMPTS`, :data:`MAX_SAMPLE_SIZE`) are the
course's choices, listed in :data:`hotpart.ASSUMPTIONS`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ._botocore import botocore_retry_values
from ._validation import check_choice, check_integer, check_number, check_seed

__all__ = [
    "BOTOCORE_DEFAULT_RETRY_MODE",
    "BOTOCORE_STANDARD_DEFAULT_SINCE",
    "BOTOCORE_VERSION",
    "DYNAMODB_JAVA_V1",
    "DYNAMODB_JAVA_V1_BASE_S",
    "DYNAMODB_JAVA_V1_MAX_BACKOFF_S",
    "DYNAMODB_JAVA_V1_MAX_RETRIES",
    "DYNAMODB_JAVA_V1_THROTTLED",
    "DYNAMODB_JAVA_V1_THROTTLED_BASE_S",
    "JITTERS",
    "MAX_ATTEMPTS",
    "MAX_SAMPLE_SIZE",
    "SDK_BOTO3_LEGACY",
    "SDK_BOTO3_LEGACY_BASE_S",
    "SDK_BOTO3_LEGACY_DYNAMODB_MAX_ATTEMPTS",
    "SDK_BOTO3_LEGACY_MAX_ATTEMPTS",
    "SDK_JS_V3_BASE_S",
    "SDK_JS_V3_THROTTLING_BASE_S",
    "SDK_STANDARD",
    "SDK_STANDARD_BASE_S",
    "SDK_STANDARD_DYNAMODB_MAX_ATTEMPTS",
    "SDK_STANDARD_DYNAMODB_TRANSIENT_BASE_S",
    "SDK_STANDARD_MAX_ATTEMPTS",
    "SDK_STANDARD_MAX_BACKOFF_S",
    "SDK_STANDARD_NO_RETRY_INCREMENT",
    "SDK_STANDARD_PRE_2026",
    "SDK_STANDARD_RETRY_COST",
    "SDK_STANDARD_RETRY_QUOTA",
    "SDK_STANDARD_THROTTLING_RETRY_COST",
    "SDK_STANDARD_TRANSIENT_BASE_S",
    "Backoff",
]

#: The jitter strategies, in Brooker's order of presentation.
JITTERS: Final[tuple[str, ...]] = ("none", "full", "equal", "decorrelated")

# The SDK's numbers are read from the installed botocore (boto3 is pinned in requirements.txt), not typed here:
# hotpart.models._botocore reads them from botocore's own code and data files; tests/test_sdk_retries.py pins them to
# the release in requirements.txt and checks them against a real boto3 client.
_BOTOCORE: Final = botocore_retry_values()

#: The installed botocore's release (``botocore.__version__``): the SDK figures below are that release's.
BOTOCORE_VERSION: Final[str] = str(_BOTOCORE["version"])
#: The release from which standard mode is Boto3's default (AWS's rollout post, 10 Nov 2026); before it, legacy.
BOTOCORE_STANDARD_DEFAULT_SINCE: Final[str] = "1.44.0"
#: The retry mode a Boto3 client gets when neither its Config, ``AWS_RETRY_MODE`` nor the config file sets one
#: (botocore's ``configprovider.py``): ``"standard"`` since 1.44.0, ``"legacy"`` before.
BOTOCORE_DEFAULT_RETRY_MODE: Final[str] = str(_BOTOCORE["default_retry_mode"])
#: Standard retry mode: attempts per request, the first included, for a service without its own figure
#: (botocore's ``DEFAULT_MAX_ATTEMPTS``; the SDKs and Tools Reference Guide's "three"). Also what DynamoDB got
#: before botocore 1.44.0.
SDK_STANDARD_MAX_ATTEMPTS: Final[int] = int(_BOTOCORE["standard_max_attempts"])
#: Standard retry mode for DynamoDB (and DynamoDB Streams): attempts per request, the first included (botocore's
#: ``_SERVICE_MAX_ATTEMPTS``, since 1.44.0).
SDK_STANDARD_DYNAMODB_MAX_ATTEMPTS: Final[int] = int(_BOTOCORE["standard_dynamodb_max_attempts"])
#: Standard retry mode: base of the exponential backoff after a throttling error, seconds (botocore's
#: ``throttling_base_scale``): the sleep before retry ``n`` is ``rand() * min(base * 2 ** n, 20)``. Before botocore
#: 1.44.0 the same 1 s base applied to every error.
SDK_STANDARD_BASE_S: Final[float] = float(_BOTOCORE["standard_throttling_base_s"])
#: Standard retry mode, DynamoDB: base of the backoff after a transient (non-throttling) error, seconds
#: (botocore's ``_SERVICE_BACKOFF_CONFIG``; other services: :data:`SDK_STANDARD_TRANSIENT_BASE_S`).
SDK_STANDARD_DYNAMODB_TRANSIENT_BASE_S: Final[float] = float(_BOTOCORE["standard_dynamodb_transient_base_s"])
#: Standard retry mode: base of the backoff after a transient error for services without their own, seconds.
SDK_STANDARD_TRANSIENT_BASE_S: Final[float] = float(_BOTOCORE["standard_transient_base_s"])
#: Standard retry mode: the cap on one backoff, seconds (botocore's ``ExponentialBackoff._MAX_BACKOFF``).
SDK_STANDARD_MAX_BACKOFF_S: Final[float] = float(_BOTOCORE["standard_max_backoff_s"])
#: AWS SDK for Java 1.x, DynamoDB client, in its 2015 code: retries after the first attempt (so 11 attempts in all).
DYNAMODB_JAVA_V1_MAX_RETRIES: Final[int] = 10
#: AWS SDK for Java 1.x, DynamoDB client, in its 2015 code: base delay, seconds (25 ms, doubled per retry, no jitter).
DYNAMODB_JAVA_V1_BASE_S: Final[float] = 0.025
#: AWS SDK for Java 1.x, DynamoDB client, in its 2015 code: the cap on one backoff, seconds.
DYNAMODB_JAVA_V1_MAX_BACKOFF_S: Final[float] = 20.0
#: AWS SDK for Java 1.x, DynamoDB client, in its current code (``PredefinedBackoffStrategies``, 2016 onwards): the
#: base of the Equal Jitter backoff it applies to throttling errors, seconds (other errors: Full Jitter on 25 ms).
DYNAMODB_JAVA_V1_THROTTLED_BASE_S: Final[float] = 0.5

#: Legacy retry mode (``AWS_RETRY_MODE=legacy``; Boto3's default before botocore 1.44.0), from botocore's
#: ``_retry.json``: attempts per request, the first included, for a service without its own entry.
SDK_BOTO3_LEGACY_MAX_ATTEMPTS: Final[int] = int(_BOTOCORE["legacy_max_attempts"])
#: Legacy retry mode for DynamoDB, from botocore's ``_retry.json``: attempts, the first included.
SDK_BOTO3_LEGACY_DYNAMODB_MAX_ATTEMPTS: Final[int] = int(_BOTOCORE["legacy_dynamodb_max_attempts"])
#: Legacy mode for DynamoDB: the first sleep, seconds, multiplied by the growth factor (2) per retry, with no jitter
#: and no cap.
SDK_BOTO3_LEGACY_BASE_S: Final[float] = float(_BOTOCORE["legacy_dynamodb_base_s"])
if _BOTOCORE["standard_growth"] != 2 or _BOTOCORE["legacy_dynamodb_growth"] != 2:
    raise RuntimeError(  # Backoff doubles per retry; a botocore whose backoff grows otherwise needs a new model
        f"botocore {BOTOCORE_VERSION}: backoff growth {_BOTOCORE['standard_growth']} (standard), "
        f"{_BOTOCORE['legacy_dynamodb_growth']} (legacy, DynamoDB); expected 2"
    )
#: The AWS SDK for JavaScript v3 (``@smithy/util-retry``): base of its standard-mode backoff, seconds.
SDK_JS_V3_BASE_S: Final[float] = 0.1
#: The AWS SDK for JavaScript v3: base of its backoff after a throttling error, seconds.
SDK_JS_V3_THROTTLING_BASE_S: Final[float] = 0.5
#: Standard mode's retry quota per client, tokens (botocore's ``RetryQuota.INITIAL_CAPACITY``; JavaScript v3 has the
#: same 500): a retry that finds too few tokens is not made. The course's model omits it (each simulated request
#: retries on its own); see :data:`SDK_STANDARD_THROTTLING_RETRY_COST`.
SDK_STANDARD_RETRY_QUOTA: Final[int] = int(_BOTOCORE["standard_retry_quota"])
#: Tokens a retry after a transient (non-throttling) error takes from the quota (botocore ``_RETRY_COST``; 5 before
#: 1.44.0).
SDK_STANDARD_RETRY_COST: Final[int] = int(_BOTOCORE["standard_retry_cost"])
#: Tokens a retry after a throttling error takes from the quota (botocore ``_THROTTLING_RETRY_COST``).
SDK_STANDARD_THROTTLING_RETRY_COST: Final[int] = int(_BOTOCORE["standard_throttling_retry_cost"])
#: Tokens a request that succeeds at its first attempt gives back to the quota (botocore ``_NO_RETRY_INCREMENT``).
SDK_STANDARD_NO_RETRY_INCREMENT: Final[int] = int(_BOTOCORE["standard_no_retry_increment"])

#: Most attempts per request a :class:`Backoff` accepts: a course limit (``hp.ASSUMPTIONS["MAX_ATTEMPTS"]``).
MAX_ATTEMPTS: Final[int] = 1000
#: Most requests drawn at once by :meth:`Backoff.sample_sleeps`: a course limit.
MAX_SAMPLE_SIZE: Final[int] = 1_000_000

_MAX_EXPONENT = 1023  # 2.0 ** 1023 is the largest power of two a float holds
#: Longest base delay or cap of a :class:`Backoff`, seconds (an hour): a validation bound, not a model figure. The SDKs
#: cap one sleep at 20 s (:data:`SDK_STANDARD_MAX_BACKOFF_S`); a client that sleeps an hour is no longer retrying.
_MAX_SLEEP_S = 3600.0
#: The last retry index any policy has (retry ``n`` is 0-based, and a policy retries at most ``MAX_ATTEMPTS - 1`` times).
_MAX_RETRY_INDEX = MAX_ATTEMPTS - 2


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
        Most attempts per request, the first included (1 to :data:`MAX_ATTEMPTS`; 1 means never retry).
    base_s : float
        Base delay, seconds, in (0, 3600] (an hour at most).
    cap_s : float
        Longest single sleep, seconds, from ``base_s`` to 3600 (an hour).
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
    ValueError: attempts = 0 is out of range: must be in [1, 1000]
    """

    attempts: int = SDK_STANDARD_MAX_ATTEMPTS
    base_s: float = SDK_STANDARD_BASE_S
    cap_s: float = SDK_STANDARD_MAX_BACKOFF_S
    jitter: str = "full"

    def __post_init__(self) -> None:
        object.__setattr__(self, "attempts", check_integer("attempts", self.attempts, low=1, high=MAX_ATTEMPTS))
        base = check_number("base_s", self.base_s, low=0, high=_MAX_SLEEP_S, low_open=True)
        object.__setattr__(self, "base_s", base)
        cap = check_number("cap_s", self.cap_s, high=_MAX_SLEEP_S)
        if cap < base:
            raise ValueError(
                f"cap_s = {self.cap_s!r} is below base_s = {self.base_s!r}: cap_s must be in [base_s, {_MAX_SLEEP_S:g}] s"
            )
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

        Parameters
        ----------
        n : int
            The retry, 0-based: 0 for the first retry, up to 998 (``MAX_ATTEMPTS - 2``, the last retry any
            policy makes).

        Examples
        --------
        >>> [Backoff(5, 0.1, 0.5).ceiling_s(n) for n in range(4)]
        [0.1, 0.2, 0.4, 0.5]
        >>> Backoff(5, 0.1, 0.5).ceiling_s(1e300)
        Traceback (most recent call last):
        ...
        ValueError: n = 1e+300 is out of range: must be in [0, 998]
        """
        n = check_integer("n", n, low=0, high=_MAX_RETRY_INDEX)
        return min(self.cap_s, self.base_s * 2.0 ** min(n, _MAX_EXPONENT))

    def expected_sleep_s(self, n: int) -> float:
        """The expected sleep before retry ``n`` (0-based), seconds, in closed form.

        ``none``: $v_n$; ``full``: $v_n / 2$; ``equal``: $3 v_n / 4$. Decorrelated
        jitter has no closed form once the cap binds (its sleep depends on the
        previous one through the cap), so it raises ``ValueError``; estimate it
        with :meth:`sample_sleeps`.

        Parameters
        ----------
        n : int
            The retry, 0-based: 0 for the first retry, up to 998 (``MAX_ATTEMPTS - 2``), as in :meth:`ceiling_s`.

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

        Parameters
        ----------
        n : int
            The retry, 0-based: 0 for the first retry, up to 998 (``MAX_ATTEMPTS - 2``), as in :meth:`ceiling_s`.
        previous_s : float
            The previous sleep, seconds (finite, >= 0; ``base_s`` before the first retry); only Decorrelated
            Jitter uses it.
        u : float
            One uniform draw, in [0, 1).

        Examples
        --------
        >>> Backoff(4, 1.0, 20.0, "decorrelated").next_sleep_s(0, 1.0, 0.5)
        2.0
        >>> Backoff(4, 0.1, 1.0, "full").next_sleep_s(2, 0.1, -1)
        Traceback (most recent call last):
        ...
        ValueError: u = -1 is out of range: must be in [0, 1)
        """
        n = check_integer("n", n, low=0, high=_MAX_RETRY_INDEX)
        previous_s = check_number("previous_s", previous_s, low=0)
        if not math.isfinite(previous_s):
            raise ValueError(f"previous_s = {previous_s!r} is out of range: must be a finite number >= 0, seconds")
        u = check_number("u", u, low=0, high=1, high_open=True)
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
            Number of requests (rows), 1 to :data:`MAX_SAMPLE_SIZE`.
        seed : int
            Seed of the random generator (see :func:`hotpart.check_seed`).

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
        size = check_integer("size", size, low=1, high=MAX_SAMPLE_SIZE)
        u = np.random.default_rng(check_seed("seed", seed)).random((size, self.retries))
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


#: Boto3's default for DynamoDB after a throttling error, botocore 1.44.0 and later (standard mode) as a
#: :class:`Backoff`: 4 attempts, Full Jitter on a 1 s base, capped at 20 s, all read from the installed botocore. Its
#: retry quota (:data:`SDK_STANDARD_RETRY_QUOTA`) is not modelled, nor the 25 ms base after transient errors.
SDK_STANDARD: Final[Backoff] = Backoff(
    SDK_STANDARD_DYNAMODB_MAX_ATTEMPTS, SDK_STANDARD_BASE_S, SDK_STANDARD_MAX_BACKOFF_S, "full"
)
#: botocore's standard mode before 1.44.0 (then opt-in, ``retries={"mode": "standard"}``) for DynamoDB, as a
#: :class:`Backoff`: 3 attempts, Full Jitter on a 1 s base for every error, capped at 20 s. Today's standard mode
#: gives a throttled request of a service without its own figure the same schedule.
SDK_STANDARD_PRE_2026: Final[Backoff] = Backoff(
    SDK_STANDARD_MAX_ATTEMPTS, SDK_STANDARD_BASE_S, SDK_STANDARD_MAX_BACKOFF_S, "full"
)
#: Legacy mode for DynamoDB (Boto3's default before botocore 1.44.0; ``AWS_RETRY_MODE=legacy`` today), from
#: botocore's ``_retry.json``, as a :class:`Backoff`: 10 attempts, 50 ms doubling, no jitter, no cap (the cap is set
#: to the last sleep, 12.8 s, so it never binds): the lockstep herd.
SDK_BOTO3_LEGACY: Final[Backoff] = Backoff(
    SDK_BOTO3_LEGACY_DYNAMODB_MAX_ATTEMPTS,
    SDK_BOTO3_LEGACY_BASE_S,
    SDK_BOTO3_LEGACY_BASE_S * 2.0 ** (SDK_BOTO3_LEGACY_DYNAMODB_MAX_ATTEMPTS - 2),
    "none",
)
#: AWS SDK for Java 1.x's DynamoDB default in its 2015 code as a :class:`Backoff`: 11 attempts, 25 ms doubling,
#: no jitter (later versions changed it: :data:`DYNAMODB_JAVA_V1_THROTTLED`).
DYNAMODB_JAVA_V1: Final[Backoff] = Backoff(
    DYNAMODB_JAVA_V1_MAX_RETRIES + 1, DYNAMODB_JAVA_V1_BASE_S, DYNAMODB_JAVA_V1_MAX_BACKOFF_S, "none"
)
#: AWS SDK for Java 1.x's DynamoDB default today, for throttling errors, as a :class:`Backoff`: 11 attempts,
#: Equal Jitter on a 500 ms base, capped at 20 s.
DYNAMODB_JAVA_V1_THROTTLED: Final[Backoff] = Backoff(
    DYNAMODB_JAVA_V1_MAX_RETRIES + 1, DYNAMODB_JAVA_V1_THROTTLED_BASE_S, DYNAMODB_JAVA_V1_MAX_BACKOFF_S, "equal"
)
