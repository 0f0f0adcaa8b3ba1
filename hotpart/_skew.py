"""Skew: key popularity, hashing keys onto partitions, and the generalized harmonic numbers.

Chapters 2 to 4 (``notebooks/02_key_designs.ipynb``, ``03_zipf.ipynb``,
``04_composite_keys.ipynb``) are built on these models.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from ._validation import check_integer, check_number

__all__ = ["harmonic", "partition_of"]

#: Below this n, :func:`harmonic` sums the terms explicitly.
_EXPLICIT_MAX_N = 1_000
#: Terms summed explicitly before the Euler–Maclaurin tail starts.
_EM_HEAD = 32
#: Bernoulli numbers B_2, B_4, ..., B_16.
_BERNOULLI = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510)


def _em_tail(m: int, n: int, s: float) -> float:
    """sum_{k=m}^{n} k**-s by Euler–Maclaurin, for m >= 32."""
    log_ratio = math.log(n / m)
    # integral_m^n x**-s dx, written to stay accurate as s -> 1
    if s == 1.0:
        integral = log_ratio
    else:
        integral = m ** (1.0 - s) * math.expm1((1.0 - s) * log_ratio) / (1.0 - s)
    total = integral + 0.5 * (m**-s + n**-s)
    # + sum_j B_2j / (2j)! * (f^(2j-1)(n) - f^(2j-1)(m)), with f^(r)(x) = (-1)^r s(s+1)...(s+r-1) x^(-s-r)
    rising = s  # s (s+1) ... (s + r - 1) for r = 1
    for j, b in enumerate(_BERNOULLI, start=1):
        r = 2 * j - 1
        if j > 1:
            rising *= (s + r - 2) * (s + r - 1)
        if rising == 0.0:
            break
        term = b / math.factorial(2 * j) * (-rising) * (n ** (-s - r) - m ** (-s - r))
        total += term
    return total


def harmonic(n: int, s: float) -> float:
    r"""The generalized harmonic number :math:`H(n, s) = \sum_{k=1}^{n} k^{-s}`.

    An explicit sum (``math.fsum``) for ``n <= 1000``; above that, the first
    31 terms summed explicitly plus an Euler–Maclaurin tail with eight
    Bernoulli corrections, O(1) in ``n`` and accurate to about 1e-15 relative
    for every ``s >= 0`` (``s = 1`` included).

    Parameters
    ----------
    n : int
        Number of terms, ``>= 1`` (up to about 1e300).
    s : float
        Exponent, ``>= 0``.

    Returns
    -------
    float
        H(n, s); ``n`` for ``s = 0`` and the n-th harmonic number for ``s = 1``.

    Examples
    --------
    >>> harmonic(4, 1)
    2.0833333333333335
    >>> harmonic(10**12, 0)
    1000000000000.0
    >>> round(harmonic(10**10, 0.99), 10)  # YCSB's ScrambledZipfianGenerator.ZETAN
    26.4690282018
    """
    n = check_integer("n", n, low=1)
    s = check_number("s", s, low=0, high=math.inf, high_open=True)
    if s == 0.0:
        return float(n)
    if n <= _EXPLICIT_MAX_N:
        return math.fsum(k**-s for k in range(1, n + 1))
    head = math.fsum(k**-s for k in range(1, _EM_HEAD))
    return head + _em_tail(_EM_HEAD, n, s)


def partition_of(keys: str | Iterable[str], n_partitions: int) -> NDArray[np.int64]:
    """Partition index of each key: MD5 to a 128-bit integer, then contiguous hash ranges.

    The hash space ``[0, 2**128)`` is cut into ``n_partitions`` equal,
    contiguous ranges, and a key belongs to the range its hash falls in:
    ``partition = hash * n_partitions // 2**128``. This is how Cassandra's
    RandomPartitioner places keys; DynamoDB's own hash function is internal,
    so the model fixes MD5 to be deterministic across processes and machines.

    Parameters
    ----------
    keys : str or iterable of str
        Partition-key values (UTF-8 encoded before hashing).
    n_partitions : int
        Number of partitions, ``>= 1``.

    Returns
    -------
    numpy.ndarray
        int64 partition indices in ``[0, n_partitions)``, one per key.

    Examples
    --------
    >>> partition_of(["USER#1", "USER#2", "2026-04-01"], 4)
    array([3, 1, 2])
    >>> partition_of("ACTIVE", 10)
    array([0])
    """
    n = check_integer("n_partitions", n_partitions, low=1)
    items = [keys] if isinstance(keys, str) else list(keys)
    out = np.empty(len(items), dtype=np.int64)
    for i, key in enumerate(items):
        if not isinstance(key, str):
            raise ValueError(f"keys[{i}] = {key!r} is not a string: partition keys must be str")
        digest = hashlib.md5(key.encode("utf-8"), usedforsecurity=False).digest()
        out[i] = (int.from_bytes(digest, "big") * n) >> 128
    return out
