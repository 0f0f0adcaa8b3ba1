"""Generalized harmonic numbers: :math:`H(n, s)`, exact for any ``n`` in O(1), and its asymptotic form.

The normaliser of Zipf popularity (chapter 3, ``notebooks/03_zipf.ipynb``: :class:`hotpart.models.skew.Zipf`),
the expected maximum of exponential latencies in a fan-out (chapter 6, ``notebooks/06_fanout.ipynb``) and the
expected loop count of jump consistent hashing (chapter 19, ``notebooks/19_resharding.ipynb``).
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import check_count, check_number

__all__ = [
    "harmonic",
    "harmonic_asymptotic",
]

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
    n = check_count("n", n, low=1)
    s = check_number("s", s, low=0, high=math.inf, high_open=True)
    if s == 0.0:
        return float(n)
    if n <= _EXPLICIT_MAX_N:
        return math.fsum(k**-s for k in range(1, n + 1))
    head = math.fsum(k**-s for k in range(1, _EM_HEAD))
    return head + _em_tail(_EM_HEAD, n, s)


def harmonic_asymptotic(n: int, s: float) -> float:
    r"""The Euler–Maclaurin form of the generalized harmonic number :math:`H(n, s)`, for large ``n``.

    .. math:: H(n, s) \approx \zeta(s) + \frac{n^{1-s}}{1-s} + \frac{n^{-s}}{2} - \frac{s\, n^{-s-1}}{12}

    For ``s = 1`` the same expansion reads :math:`\ln n + \gamma + \frac{1}{2n} - \frac{1}{12 n^2}`.
    It holds for every ``s > 0`` (for ``s < 1`` with :math:`\zeta(s)` the
    analytic continuation, which is negative), with an error of the order
    of the next term, :math:`s(s+1)(s+2)\, n^{-s-3} / 720`, so it is
    accurate once ``n`` is large (tested against :func:`harmonic`). The
    constant :math:`\zeta(s)` is what the bare leading term
    :math:`n^{1-s}/(1-s)` drops: near ``s = 1`` it is close to
    :math:`1/(s-1)`, and leaving it out overstates :math:`H` by about
    :math:`1/(1-s)`.

    Parameters
    ----------
    n : int
        Number of terms, ``>= 1``.
    s : float
        Exponent, in ``(0, 20]``.

    Returns
    -------
    float
        The approximation of H(n, s).

    Examples
    --------
    >>> round(harmonic_asymptotic(10**12, 0.99), 4), round(harmonic(10**12, 0.99), 4)
    (32.4022, 32.4022)
    >>> round(10**(12 * 0.01) / 0.01, 1)  # the leading term alone
    131.8
    """
    from scipy.special import zeta

    n = check_count("n", n, low=1)
    s = check_number("s", s, low=0, high=20, low_open=True)
    if s == 1.0:
        return math.log(n) + float(np.euler_gamma) + 0.5 / n - 1.0 / (12.0 * n * n)
    return float(zeta(s)) + n ** (1.0 - s) / (1.0 - s) + 0.5 * n**-s - s * n ** (-s - 1.0) / 12.0
