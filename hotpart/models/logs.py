"""Profile an application's access log: demand per key and minute, the hottest keys, a Zipf fit.

Chapter 16 (``notebooks/16_your_table.ipynb``) is built on this module.
:func:`profile_log` reads a CSV, Parquet or JSON-lines log with **DuckDB**,
which streams the file and spills to disk, so a log larger than memory is
profiled on a laptop. The aggregation is one SQL query in
``hotpart/models/sql/log_profile.sql`` (:func:`log_profile_sql`): per minute and
partition key, the requests and the units. It reads a relation
``access_log(ts, pk, units)``, which :func:`profile_log` defines as a view
mapping the log's own column names; on Athena or Spark SQL a view of the
same name and columns lets the query run unchanged on logs beyond one machine.
``tests/test_spark.py`` runs it unchanged on Spark SQL in local mode and
compares it with DuckDB's result row for row; Athena (Trino) is untested, an
assumption (:data:`LOG_SQL_UNTESTED_ENGINES`, with Trino's documentation of
each function the query uses in :data:`hotpart.SOURCES`). What such an engine
writes (the query's output: a Parquet file, a folder of part files, or Athena's
results CSV) is profiled here with ``profile_log(path, aggregated=True)``,
which gives the same profile as the raw log. :func:`log_scaling` is how far
each path goes on the course's machine, measured up to 10**8 requests.

From that table :func:`profile_log` derives the hottest keys, the busiest
partition's peak load for the table's partition count (keys placed with
:func:`hotpart.partition_of`), and a Zipf fit of key popularity
(:func:`fit_zipf`): the request count of the key of rank ``r`` (by observed
count, ``r = 1..N``) is modelled as

.. math:: p(r) = \\frac{r^{-s}}{H_{N,s}}, \\qquad H_{N,s} = \\sum_{k=1}^{N} k^{-s},

with ``s`` chosen by maximum likelihood: it solves
``mean(ln r) = E_s[ln r]``. Its standard error is ``1 / sqrt(n Var_s(ln r))``
(the inverse Fisher information of ``n`` requests). The goodness of fit is
the Kolmogorov-Smirnov distance between the observed and the fitted
cumulative shares over ranks; Zipf is said to fit when that distance is at
most :data:`ZIPF_MAX_KS` and ``s`` is at least :data:`ZIPF_MIN_EXPONENT`
(flatter popularity is better called uniform). Both thresholds are the
course's choices, listed in :data:`hotpart.ASSUMPTIONS`. The fit holds for
requests drawn independently from a fixed popularity.

What the interval covers: the sampling noise of ``s`` *given the ranks*. It
is right when every key is seen often enough that its observed rank is its
true rank (a Monte Carlo over 50 seeds, 500 keys, ``s = 1.2``, 400,000
requests: mean error +0.0002, 47 of 50 intervals cover the true ``s``). On a
sparse log it misses: ranking keys by their own noisy counts shuffles the
tail of rarely seen keys, and unseen keys drop out of ``N``, which flattens
the tail and biases ``s`` low. Near the regime of chapter 16's sample log
(2,000 keys, ``s = 1.2``, 18,000 requests; the chapter measures its own log's
size) the mean error is -0.016, larger than the standard error (0.0035), and
1 of 50 intervals covers. Read such a
fit as ``s`` known to a few hundredths, not to the interval
(``tests/test_logs.py`` checks these numbers).
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_choice, check_count, check_divisor, check_integer, check_number
from .constants import PARTITION_MAX_RCU, PARTITION_MAX_WCU, READ_UNIT_BYTES, WRITE_UNIT_BYTES
from .hashing import partition_of
from .observed import ExportError

__all__ = [
    "LOG_FORMATS",
    "LOG_SQL_UNTESTED_ENGINES",
    "ZIPF_CONFIDENCE",
    "ZIPF_MAX_KS",
    "ZIPF_MIN_EXPONENT",
    "LogProfile",
    "ZipfFit",
    "fit_zipf",
    "log_profile_sql",
    "log_scaling",
    "log_scaling_month",
    "log_scaling_rows",
    "log_scaling_run",
    "profile_log",
]

#: Largest Kolmogorov-Smirnov distance between observed and fitted cumulative shares for Zipf to fit.
#: The course's choice (``hp.ASSUMPTIONS["ZIPF_MAX_KS"]``).
ZIPF_MAX_KS: Final[float] = 0.05
#: Smallest Zipf exponent that counts as skew; below it popularity is called flat.
#: The course's choice (``hp.ASSUMPTIONS["ZIPF_MIN_EXPONENT"]``).
ZIPF_MIN_EXPONENT: Final[float] = 0.3
#: Confidence level of the exponent's interval (a convention, not a property of DynamoDB).
ZIPF_CONFIDENCE: Final[float] = 0.95
#: Engines the profile's query is written for but not tested on: an assumption (``hp.ASSUMPTIONS["LOG_SQL_UNTESTED_ENGINES"]``).
#: DuckDB runs it in every profile and ``tests/test_spark.py`` runs it on Spark SQL.
LOG_SQL_UNTESTED_ENGINES: Final[tuple[str, ...]] = ("Athena engine version 3 (Trino)",)
#: The log formats DuckDB reads, by file suffix.
LOG_FORMATS: dict[str, str] = {".csv": "read_csv", ".parquet": "read_parquet", ".jsonl": "read_json", ".json": "read_json"}


def log_profile_sql() -> str:
    """The aggregation query, as shipped in ``hotpart/models/sql/log_profile.sql``.

    Examples
    --------
    >>> "GROUP BY 1, 2" in log_profile_sql()
    True
    """
    return resources.files("hotpart.models").joinpath("sql/log_profile.sql").read_text(encoding="utf-8")


@dataclass(frozen=True)
class ZipfFit:
    """A maximum-likelihood Zipf fit of key popularity.

    Attributes
    ----------
    exponent : float
        ``s``, the fitted exponent.
    ci_low, ci_high : float
        Its confidence interval (:data:`ZIPF_CONFIDENCE`, normal approximation): sampling noise given the ranks
        only; on a log where many keys are seen a few times it misses the true exponent (see :func:`fit_zipf`).
    ks : float
        Kolmogorov-Smirnov distance between observed and fitted cumulative shares over ranks.
    fits : bool
        ``ks <= max_ks`` and ``exponent >= min_exponent``.
    keys, requests : int
        Keys seen (``N``) and requests counted (``n``).
    verdict : str
        The fit in words.

    Examples
    --------
    Returned by :func:`fit_zipf` (not built by hand):

    >>> fit = fit_zipf([400, 190, 130, 100, 80])
    >>> fit.keys, fit.requests, round(fit.exponent, 2)
    (5, 900, 1.01)
    """

    exponent: float
    ci_low: float
    ci_high: float
    ks: float
    fits: bool
    keys: int
    requests: int
    verdict: str

    def __repr__(self) -> str:
        return f"ZipfFit(s = {self.exponent:.3f} [{self.ci_low:.3f}, {self.ci_high:.3f}], KS {self.ks:.3f}: {self.verdict})"


#: The bracket the exponent is searched in: a flatter or steeper fit is reported at the bracket's end.
_S_LOW, _S_HIGH = -5.0, 20.0
#: The most keys :func:`fit_zipf` takes: half of MAX_ELEMENTS, five million. Its root search evaluates the likelihood
#: over every key 16 to 20 times; measured on 2026-12-04 (2 shared cores) 0.2 s for 10**6 keys, 0.7 s for 3 x 10**6
#: and 3.6 s for 10**7, so an access log with millions of distinct keys still profiles. Not an AWS figure: a limit of
#: the machine, as MAX_ELEMENTS is.
_FIT_MAX_KEYS = _MAX_ELEMENTS // 2


def _moments(s: float, logr: NDArray[np.float64]) -> tuple[float, float]:
    """Mean and variance of ln r under Zipf(s) on ranks with logs ``logr``."""
    w = np.exp(-s * (logr - logr[0]))
    w /= w.sum()
    # sums of products, not ``w @ logr``: a 1-D matmul goes to OpenBLAS, whose threads wait for a core on a busy
    # machine (measured on 2 shared cores, 100,000 keys: 8 ms a product against 0.03 ms; 0.27 s of a 10**7-row
    # profile's fit). The sums agree with the matmul's to 1e-15.
    mean = float(np.sum(w * logr))
    return mean, float(np.sum(w * (logr - mean) ** 2))


def fit_zipf(
    counts: ArrayLike,
    *,
    max_ks: float = ZIPF_MAX_KS,
    min_exponent: float = ZIPF_MIN_EXPONENT,
    confidence: float = ZIPF_CONFIDENCE,
) -> ZipfFit:
    """Fit a Zipf exponent to request counts per key by maximum likelihood, with a CI and a fit test.

    Parameters
    ----------
    counts : array_like
        Requests per key, in ``[0, 2**53]``, any order (ranked here, most first; zeros dropped): a 1-D array of
        at most 5,000,000 keys (``MAX_ELEMENTS / 2``: the root search evaluates the likelihood over every key some
        16 to 20 times, about a second at this bound).
    max_ks : float
        Largest KS distance that still fits, in ``(0, 1]``.
    min_exponent : float
        Smallest exponent that counts as skew, in ``[0, 20]`` (20 is the end of the exponent's search bracket).
    confidence : float
        Confidence level of the interval, in ``(0, 1)``.

    Returns
    -------
    ZipfFit
        Exponent, interval, KS distance and verdict.

    Notes
    -----
    The likelihood takes each key's rank from its observed count, so the interval covers the exponent's sampling
    noise given those ranks. That holds when every key is seen often enough for its observed rank to be its true
    rank. On a sparse log (many keys seen a few times, some never) the ranks of the tail are shuffled by the counts'
    own noise and the unseen keys are missing from ``N``: the tail flattens and the exponent is biased low, by more
    than the interval's width. Measured over 50 seeds with ``s = 1.2``: 500 keys and 400,000 requests give a mean
    error of +0.0002 and 47 of 50 intervals covering; 2,000 keys and 18,000 requests (near chapter 16's sample log,
    whose own coverage the chapter computes) give -0.016 and 1 of 50. A fit that removes the bias must model the ranks
    as unknown (e.g. the frequency of frequencies, as Clauset, Shalizi and Newman 2009 do for discrete power laws);
    this one does not.

    Examples
    --------
    >>> rng = np.random.default_rng(1)
    >>> ranks = np.arange(1, 1_001)
    >>> p = ranks**-1.1 / (ranks**-1.1).sum()
    >>> fit = fit_zipf(rng.multinomial(200_000, p))
    >>> fit.fits, fit.ci_low < 1.1 < fit.ci_high
    (True, True)
    >>> fit_zipf(rng.multinomial(200_000, np.full(1_000, 1e-3))).fits
    False
    """
    from scipy import optimize, stats

    c = check_array("counts", counts, low=0, high=_MAX_COUNT, ndim=1, max_size=_FIT_MAX_KEYS)
    mk = check_number("max_ks", max_ks, low=0, high=1, low_open=True)
    me = check_number("min_exponent", min_exponent, low=0, high=_S_HIGH)
    conf = check_number("confidence", confidence, low=0, high=1, low_open=True, high_open=True)
    c = np.sort(c[c > 0])[::-1]
    if c.size < 2:
        raise ValueError(f"counts has {c.size} non-zero keys: must have at least 2 to fit a Zipf exponent")
    n = float(c.sum())
    logr = np.log(np.arange(1, c.size + 1, dtype=float))
    target = float(c @ logr) / n

    def score(s: float) -> float:
        return _moments(s, logr)[0] - target

    lo, hi = _S_LOW, _S_HIGH
    s_hat = hi if score(hi) > 0 else lo if score(lo) < 0 else float(optimize.brentq(score, lo, hi, xtol=1e-10))
    var = _moments(s_hat, logr)[1]
    se = 1.0 / math.sqrt(n * var) if var > 0 else math.inf
    z = float(stats.norm.isf((1 - conf) / 2))  # not ppf(0.5 + conf / 2): 0.5 + 0.99999999999999989 / 2 is 1.0
    w = np.exp(-s_hat * (logr - logr[0]))
    fitted = np.cumsum(w) / w.sum()
    observed = np.cumsum(c) / n
    ks = float(np.max(np.abs(observed - fitted)))
    fits = ks <= mk and s_hat >= me
    if fits:
        verdict = "Zipf fits"
    elif ks > mk:
        verdict = f"Zipf does not fit: the cumulative shares differ by {ks:.1%} (more than {mk:.0%})"
    else:
        verdict = f"Zipf does not fit: the exponent {s_hat:.2f} is below {me:g}, popularity is nearly flat"
    return ZipfFit(s_hat, s_hat - z * se, s_hat + z * se, ks, bool(fits), int(c.size), int(n), verdict)


@dataclass(frozen=True)
class LogProfile:
    """What an access log says about demand per key.

    Attributes
    ----------
    path : str
        The log.
    kind : {"write", "read"}
        Which capacity the units are.
    rows : int
        Requests read (rows of the log).
    start : numpy.datetime64
        The first minute.
    minutes : int
        One-minute buckets from the first to the last request.
    keys : tuple of str
        Every partition key seen, hottest first (by units over the log).
    key_units : numpy.ndarray
        Units per key over the log, aligned with ``keys``.
    key_requests : numpy.ndarray
        Requests per key over the log, aligned with ``keys``.
    demand : numpy.ndarray
        Units per second, shape (minutes, top keys): each of the ``top`` hottest keys per minute.
    rest : numpy.ndarray
        Units per second of all other keys together, per minute.
    rest_by_partition : numpy.ndarray or None
        The same per partition the keys are placed on (:func:`hotpart.partition_of`), shape (minutes,
        partitions): what :func:`hotpart.what_if` replays on each partition besides the hottest keys. ``None``
        when minutes times partitions exceeds ``_MAX_REST_CELLS`` (the replay then spreads the rest evenly).
    total : numpy.ndarray
        Units per second of the whole log, per minute.
    zipf : ZipfFit or None
        The popularity fit (``None`` with fewer than two keys).
    partitions : int
        Partitions the load is placed on.
    partition_peak : float
        The busiest partition's peak one-minute load, units/s.
    busiest_partition : int
        Which partition that is.
    ceiling : float
        A partition's ceiling for ``kind``, units/s.
    sample_rate : float
        The share of requests the log records; counts are scaled by its inverse.

    Examples
    --------
    Returned by :func:`profile_log` (not built by hand):

    >>> import tempfile, os
    >>> f = os.path.join(tempfile.mkdtemp(), "log.csv")
    >>> _ = open(f, "w").write("timestamp,pk\\n2026-11-30 09:00:01,a\\n2026-11-30 09:00:02,a\\n2026-11-30 09:01:00,b\\n")
    >>> p = profile_log(f)
    >>> p.rows, p.keys, p.total.tolist()
    (3, ('a', 'b'), [0.03333333333333333, 0.016666666666666666])
    """

    path: str
    kind: str
    rows: int
    start: np.datetime64
    minutes: int
    keys: tuple[str, ...]
    key_units: NDArray[np.float64]
    key_requests: NDArray[np.float64]
    demand: NDArray[np.float64]
    rest: NDArray[np.float64]
    total: NDArray[np.float64]
    zipf: ZipfFit | None
    partitions: int
    partition_peak: float
    busiest_partition: int
    ceiling: float
    sample_rate: float
    rest_by_partition: NDArray[np.float64] | None = None

    def __repr__(self) -> str:
        return (
            f"LogProfile({_count(self.rows, 'row')}, {_count(len(self.keys), 'key')}, {self.minutes} min; "
            f"hottest {self.keys[0]!r} "
            f"{self.key_units[0] / self.key_units.sum():.1%} of units; {self._busiest_words()} peaks at "
            f"{self.partition_peak:,.0f} units/s against {self.ceiling:,.0f}; {self.zipf!r})"
        )

    def _busiest_words(self) -> str:
        """ "busiest of 8 partitions", or "the one partition" (a count of one takes no plural)."""
        return "the one partition" if self.partitions == 1 else f"busiest of {self.partitions:,} partitions"

    def hottest(self, n: int = 10) -> list[tuple[str, float, float]]:
        """The ``n`` hottest keys: (key, units over the log, share of all units).

        Parameters
        ----------
        n : int
            How many, in ``[1, 2**53]``; all the keys when the log has fewer.

        Returns
        -------
        list of (str, float, float)
            Hottest first.

        Examples
        --------
        >>> import tempfile, os
        >>> f = os.path.join(tempfile.mkdtemp(), "log.csv")
        >>> _ = open(f, "w").write("timestamp,pk\\n2026-11-30 09:00:01,a\\n2026-11-30 09:00:02,a\\n2026-11-30 09:01:00,b\\n")
        >>> profile_log(f).hottest(1)
        [('a', 2.0, 0.6666666666666666)]
        """
        k = check_count("n", n, low=1)
        total = float(self.key_units.sum())
        return [(key, float(u), float(u) / total) for key, u in zip(self.keys[:k], self.key_units[:k], strict=False)]

    def summary(self, name: str | None = None) -> str:
        """The profile in a few lines of text.

        Parameters
        ----------
        name : str, optional
            What heads it: the command line passes the path as the user gave it; by default the log's file or folder
            name alone (not its directory: a page that prints it shows no machine's paths).
        """
        head = Path(self.path).name if name is None else name
        lines = [
            f"{head}: {_count(self.rows, 'request')} over {_count(self.minutes, 'minute')} from {self.start}, "
            f"{_count(len(self.keys), 'partition key')}",
            f"peak minute: {self.total.max():,.0f} {self.kind} units/s in all",
            "hottest keys (units over the log, share):",
            *[f"  {k}: {u:,.0f} ({s:.1%})" for k, u, s in self.hottest(5)],
            f"{self._busiest_words()}: peak {self.partition_peak:,.0f} units/s "
            f"(ceiling {self.ceiling:,.0f}) on partition {self.busiest_partition}",
        ]
        if self.zipf is not None:
            z = self.zipf
            lines.append(
                f"key popularity: Zipf exponent {z.exponent:.3f} ({z.ci_low:.3f} to {z.ci_high:.3f}), "
                f"Kolmogorov-Smirnov distance {z.ks:.3f}: {z.verdict}"
            )
        return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    """``"1 row"``, ``"2,500 rows"``: a count of one takes no plural (a model imports nothing of the book's wording)."""
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


#: Seconds per unit of a numeric timestamp column.
_EPOCH_DIVISOR = {"s": 1, "ms": 1_000, "us": 1_000_000}
#: The largest units one key may sum to in one minute of a log: far above any partition (1,000 WCU/s is 60,000 a
#: minute), and low enough that no sum overflows; beyond it the log is refused, never read as infinity.
_MAX_LOG_UNITS = 1e15
#: The largest (minutes x partitions) matrix of the other keys' load a profile keeps (8 MB of floats).
_MAX_REST_CELLS = 1_000_000
#: The longest span a profile takes, from its first minute to its last: 31 days, 44,640 minutes. A profile covers hours
#: (an incident) to weeks (a weekly cycle): a month holds four weekly cycles, and twice the 15 days CloudWatch keeps
#: one-minute data points (``hp.SOURCES["CLOUDWATCH_ONE_MINUTE_RETENTION"]``), the metrics a profile is read beside.
#: The profile's arrays have a row per minute, so a longer span (one stray row from 1970 in a 2026 log: 29,933,821
#: minutes, 1.4 GB with three keys) is refused before they are allocated. Not an AWS figure: the course's use.
_MAX_SPAN_MINUTES: Final[int] = 31 * 24 * 60
#: memory_limit's floor, 64 MB. Measured on 2026-12-06 (DuckDB 2.0.1, 1, 2, 8 and 32 threads): DuckDB cannot profile a
#: small log (600 rows) below 5 to 7 MiB as CSV or Parquet and 35 to 37 MiB (39 MB) as JSON lines (its JSON reader's
#: buffer); 64 MB leaves room for longer lines. A larger log needs more, which DuckDB says by running out of memory
#: (then :func:`profile_log` names memory_limit).
_MEMORY_LIMIT_MIN_B: Final[int] = 64 * 10**6
#: memory_limit's ceiling, 1024 TiB (2**50 bytes): beyond any machine's memory, and well inside DuckDB's own ceiling of
#: 2**64 - 1 bytes, whose edge DuckDB computes in floating point ('18446744.07370955TB', below it, is refused).
_MEMORY_LIMIT_MAX_B: Final[int] = 2**50
#: Bytes per unit of a memory_limit, as DuckDB reads them ("KB, MB, GB, TB for 1000^i units or KiB, MiB, GiB, TiB for
#: 1024^i units", its own error message), upper-cased.
_MEMORY_UNIT_B = {"B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9, "TB": 10**12, "KIB": 2**10, "MIB": 2**20,
                  "GIB": 2**30, "TIB": 2**40}  # fmt: skip
#: What a log DuckDB cannot read, or stops reading part-way, is refused as.
_UNREADABLE = "input DuckDB can read and profile"
#: What a units or item-size column holds, in its refusals.
_NUMBER_COLUMNS = {"units": "numbers of capacity units per request", "item_bytes": "item sizes in bytes"}


def _epoch_unit(con: Any, reader: str, column: str, name: str) -> str:
    """The unit of a numeric epoch column, from the size of its values (refused when none fits)."""
    low, high = con.execute(f"SELECT min({_quote(column)}), max({_quote(column)}) FROM {reader}").fetchall()[0]
    if low is None:
        raise ExportError(name, f"column {column!r}", "timestamps in every row")
    for unit, bound in (("s", 10**11), ("ms", 10**14), ("us", 10**17)):
        if 0 <= low and high < bound:  # compared exactly (an integer beyond 2**53 is not rounded to a float first)
            return unit
    raise ExportError(name, f"column {column!r}", "epoch seconds, milliseconds or microseconds (or pass --timestamp-unit)", high)


def profile_log(
    path: str | Path,
    *,
    timestamp: str = "timestamp",
    key: str = "pk",
    sort_key: str | None = None,
    units: str | None = None,
    item_bytes: str | None = None,
    kind: str = "write",
    partitions: int = 1,
    top: int = 20,
    sample_rate: float = 1.0,
    memory_limit: str | None = None,
    timestamp_unit: str | None = None,
    aggregated: bool = False,
    progress: Callable[[str], None] | None = None,
) -> LogProfile:
    """Profile an access log with DuckDB: per-minute demand per key, hottest keys, Zipf fit, busiest partition.

    Parameters
    ----------
    path : str or Path
        A ``.csv``, ``.parquet`` or ``.jsonl`` (JSON lines) file, or a glob of them. With ``aggregated=True``: the
        output of :func:`log_profile_sql` run elsewhere (Spark, Athena): a Parquet file, a folder of part files
        (Parquet or CSV; ``_SUCCESS``, ``.crc`` and other names starting with ``_`` or ``.`` are skipped, as Spark
        and Hadoop write them, and so are the ``.metadata``, ``-manifest.csv`` and ``.txt`` files Athena writes
        beside its results), or a CSV file with a header row (Athena's query results, ``QueryID.csv``). A folder
        holds one query's output: more than one CSV in it whose name does not start ``part-`` is refused by name (an
        Athena result location keeps every query's ``QueryID.csv``, and rows of one minute and key are summed across
        files, so two results would count the traffic twice); Spark's ``part-*`` files are read together. An Athena
        UNLOAD is read in Parquet only (``WITH (format = 'PARQUET')``): its ORC, Avro, JSON and TEXTFILE outputs are
        refused by name. A minute written as text with an offset, ``Z`` or ``UTC`` is converted to UTC, one without
        a zone is read as UTC, and one with a zone name is refused.
    timestamp, key : str
        The columns holding the request time (a timestamp, or epoch seconds) and the partition key. Not used with
        ``aggregated=True``, whose columns are the query's: ``minute``, ``pk``, ``requests``, ``units``.
    sort_key : str, optional
        A sort-key column: keys become ``pk|sk`` (items rather than partition keys).
    units : str, optional
        A column of consumed capacity units per request.
    item_bytes : str, optional
        A column of item sizes, bytes: units are ``ceil(bytes / 1 KB)`` for writes,
        ``ceil(bytes / 4 KB)`` for strongly consistent reads. Each request is 1 unit when
        neither ``units`` nor ``item_bytes`` is given.
    kind : {"write", "read"}
        Which capacity the requests consume (sets the partition ceiling).
    partitions : int
        The table's partitions, ``>= 1``, for the busiest partition's load.
    top : int
        Keys kept per minute in ``demand``, in ``[1, 10_000]``, and so that ``demand`` (minutes x hot keys) holds at
        most ``MAX_ELEMENTS`` (10,000,000) values: a log of 44,640 minutes (31 days) takes at most 224 hot keys.
    sample_rate : float
        Share of requests the log records, in ``(0, 1]``; counts and units are divided by it.
    memory_limit : str, optional
        DuckDB's memory limit (e.g. ``"1GB"``), from ``"64MB"`` to ``"1024TiB"``; DuckDB spills beyond it. Below 64 MB
        DuckDB cannot read even a small log (it needs up to 7 MiB for CSV or Parquet, 37 MiB for JSON lines); a log
        that needs more than the limit is refused naming it. ``None``: DuckDB's default (most of the machine's memory).
    timestamp_unit : {"s", "ms", "us"}, optional
        The unit of a numeric timestamp column (epoch seconds, milliseconds or microseconds). Read from the
        values' size when omitted: below 1e11 seconds (until the year 5138), below 1e14 milliseconds, below 1e17
        microseconds; any other numeric column is refused, never read in the wrong unit.
    aggregated : bool
        ``True``: ``path`` is the query's output (one row per minute and key: ``minute``, ``pk``, ``requests``,
        ``units``), not the raw log; the profile is the same as the raw log's. ``sort_key``, ``units``,
        ``item_bytes`` and ``timestamp_unit`` are refused with it (the engine applied them before it wrote).
    progress : callable, optional
        Called every half second while the profile runs, from another thread, with one line of
        text: while the log is read, the rows read and the time left (``"reading log.csv: 4,100,000 of about
        10,000,000 rows (41%), 9 s left"``: exact row counts for Parquet, from its metadata, estimated from the
        first lines' length for CSV and JSON; the fraction is DuckDB's own progress of the read), then the groups
        being summed. Never called for a profile shorter than that. The command line shows it on a terminal
        (``python -m hotpart profile``), never on a pipe.

    Returns
    -------
    LogProfile
        The profile.

    Raises
    ------
    ExportError
        When the file is missing, empty or lacks a mapped column (names the file, the column, what was expected);
        when a units or item-size column holds neither numbers nor text (a date, a time, bytes, a boolean); when a
        value fails to convert as the log is read (names its column, found by reading each mapped column alone);
        when a time is before the year 1; when the log spans more than 44,640 minutes (31 days, the longest a profile
        covers: hours to weeks), naming the first and the last minute; with ``aggregated=True`` also when a folder
        holds no part files or several results CSVs, a file is in another format or a column has the wrong type; and
        whatever else DuckDB cannot read (a file of a glob without a column), in one line naming the input and
        quoting DuckDB's first line whole; when DuckDB runs out of memory within its default limit.
    ValueError
        When a parameter is out of its range (naming it), ``top`` included for the log's span; when DuckDB runs out of
        memory within the ``memory_limit`` given (naming it).

    Examples
    --------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> f = os.path.join(d, "log.csv")
    >>> _ = open(f, "w").write("timestamp,pk\\n2026-11-30 09:00:01,a\\n2026-11-30 09:00:02,a\\n2026-11-30 09:01:00,b\\n")
    >>> p = profile_log(f)
    >>> p.keys, p.key_requests.tolist(), p.minutes
    (('a', 'b'), [2.0, 1.0], 2)

    The same profile from the query's output, as Athena's results CSV has it (a header row, values quoted):

    >>> g = os.path.join(d, "results.csv")
    >>> _ = open(g, "w").write('"minute","pk","requests","units"\\n"2026-11-30 09:00:00.000","a","2","2.0"\\n'
    ...                        '"2026-11-30 09:01:00.000","b","1","1.0"\\n')
    >>> q = profile_log(g, aggregated=True)
    >>> q.keys, q.key_requests.tolist(), q.minutes, q.total.tolist() == p.total.tolist()
    (('a', 'b'), [2.0, 1.0], 2, True)
    """
    import duckdb  # heavy imports, needed only here

    name = str(path)
    check_choice("kind", kind, ("write", "read"))
    n_part = check_integer("partitions", partitions, low=1, high=1_000_000)
    k_top = check_integer("top", top, low=1, high=10_000)
    rate = check_number("sample_rate", sample_rate, low=0, high=1, low_open=True)
    check_divisor("sample_rate", rate, _MAX_COUNT, "a key's requests / sample_rate, the log scaled up")
    check_choice("aggregated", aggregated, (False, True))
    _check_memory_limit(memory_limit)
    if aggregated:
        for option, value in (("sort_key", sort_key), ("units", units), ("item_bytes", item_bytes),
                              ("timestamp_unit", timestamp_unit)):  # fmt: skip
            if value is not None:
                raise ValueError(
                    f"{option} = {value!r} is not used with aggregated=True: allowed: None (the query's output has "
                    "its units per minute and key)"
                )
        readers = _aggregated_readers(name)
    else:
        suffix = Path(name.replace("*", "x")).suffix.lower()  # a glob's '*' read as a letter: logs/*.csv is .csv
        if suffix not in LOG_FORMATS:
            accepted = ", ".join(sorted(LOG_FORMATS, key=len))
            raise ExportError(name, "(file name)", f"a file ending in one of {accepted}", Path(name).suffix or "no suffix")
        if "*" not in name:
            p = Path(name)
            if not p.is_file():
                raise ExportError(name, "(file)", "a readable file", "no such file")
            if p.stat().st_size == 0:
                raise ExportError(name, "(file)", "a log with a header and rows, not an empty file")
    if progress is not None and not callable(progress):
        raise ValueError(f"progress = {progress!r} is not allowed: must be None or a callable taking one str")
    con = duckdb.connect()
    watch = _Progress(con, progress, name)
    try:
        # DuckDB tracks a query's progress only with its progress bar on; it never prints it here
        con.execute(f"SET enable_progress_bar = {'true' if progress is not None else 'false'}")
        con.execute("SET enable_progress_bar_print = false")
        # a timestamp written without a zone is read as UTC, whatever the machine's zone (DuckDB's default is local)
        con.execute("SET TimeZone = 'UTC'")
        if memory_limit is not None:
            con.execute(f"SET memory_limit = '{memory_limit}'")
        with watch:
            if aggregated:
                if progress is not None:
                    watch.rows = _log_rows(con, readers[1], readers[0] == "parquet", header=readers[0] != "parquet")
                _per_minute_from_output(con, name, readers, watch)
            else:
                if progress is not None:
                    watch.rows = _log_rows(con, _files_of(name), suffix == ".parquet", header=suffix == ".csv")
                mapped = {"timestamp": timestamp, "key": key, "sort_key": sort_key, "units": units, "item_bytes": item_bytes}
                _per_minute_from_log(con, name, suffix, mapped, kind, timestamp_unit, watch)
            time_column = "minute" if aggregated else timestamp
            return _profile_per_minute(con, name, time_column=time_column, kind=kind, n_part=n_part, k_top=k_top, rate=rate)
    except duckdb.OutOfMemoryException as e:  # the memory limit's fault, not the log's
        raise _out_of_memory(name, memory_limit, e) from None
    except duckdb.Error as e:  # whatever the checks above did not name: one line naming the input, DuckDB's line whole
        raise ExportError(name, "(file)", f"{_UNREADABLE} ({_first_line(e)})") from None
    finally:
        con.close()


def _first_line(error: BaseException) -> str:
    """DuckDB's error in one line: its first, whole (for a glob, the failing file and what it lacks)."""
    return (str(error).splitlines() or [type(error).__name__])[0]


def _out_of_memory(name: str, memory_limit: str | None, error: BaseException) -> ValueError:
    """The refusal of a profile DuckDB ran out of memory for: the ``memory_limit`` given, or DuckDB's default."""
    import duckdb

    default = duckdb.connect().execute("SELECT current_setting('memory_limit')").fetchall()[0][0]
    if memory_limit is not None:
        return ValueError(
            f"memory_limit = {memory_limit!r} is too small to profile {name}: DuckDB ran out of memory "
            f"({_first_line(error)}): raise it, or pass None for DuckDB's default ({default} here)"
        )
    return ExportError(
        name, "(file)", f"a log DuckDB can profile within its memory limit ({default} here, its default) "
        f"({_first_line(error)}): profile it on a machine with more memory, or run the profile's query on Spark or "
        "Athena and profile its output (aggregated)",
    )  # fmt: skip


def _blame(con: Any, name: str, reader: str, error: Exception, columns: list[tuple[str, str, str]]) -> ExportError:
    """The refusal of DuckDB's ``error`` reading the log ``reader``: the column at fault when there is one, else the file.

    DuckDB's error of the files themselves (``InvalidInputException``, ``IOException``: a file of a glob without a
    column, a CSV row with another number of fields, a broken file) names the file. Any other (a value that does not
    convert: a CSV's ``abc`` past the rows DuckDB sampled to type its column) is one column's: each of ``columns``
    (its name, its SQL expression over ``reader``, what it was expected to hold) is read alone, in order, and the first
    DuckDB fails on is named with DuckDB's reason; when none fails alone, the file is named. Running out of memory is
    raised as it is, for :func:`profile_log` to name the memory limit. Read only after a failure, so a log that
    profiles is read once.
    """
    import duckdb

    if not isinstance(error, (duckdb.InvalidInputException, duckdb.IOException)):
        for col, expr, expected in columns:
            try:
                con.execute(f"SELECT count({expr}) FROM {reader}").fetchall()
            except duckdb.OutOfMemoryException:
                raise
            except duckdb.Error as e:
                return ExportError(name, f"column {col!r}", f"{expected} ({_first_line(e)})")
    return ExportError(name, "(file)", f"{_UNREADABLE} ({_first_line(error)})")


def _check_memory_limit(memory_limit: str | None) -> None:
    """Refuse a ``memory_limit`` DuckDB cannot read, or outside 64MB to 1024TiB, naming it.

    Examples
    --------
    >>> _check_memory_limit("64MB"), _check_memory_limit("1024TiB")
    (None, None)
    >>> _check_memory_limit("2MB")
    Traceback (most recent call last):
    ...
    ValueError: memory_limit = '2MB' is out of range: must be from 64MB (DuckDB needs some 40 MB to read a small log) to 1024TiB
    """
    from fractions import Fraction

    size = _MEMORY_LIMIT.fullmatch(memory_limit) if isinstance(memory_limit, str) else None
    if memory_limit is not None and size is None:
        raise ValueError(
            f"memory_limit = {memory_limit!r} is not allowed: must be a size such as '512MB' or '2GiB' (a number, "
            "then B, KB, MB, GB, TB, KiB, MiB, GiB or TiB)"
        )
    if size is not None:
        size_b = Fraction(size[1]) * _MEMORY_UNIT_B[size[2].upper()]  # exact: '63.9999999MB' is below 64MB
        if not _MEMORY_LIMIT_MIN_B <= size_b <= _MEMORY_LIMIT_MAX_B:
            raise ValueError(
                f"memory_limit = {memory_limit!r} is out of range: must be from {_MEMORY_LIMIT_MIN_B // 10**6}MB (DuckDB "
                f"needs some 40 MB to read a small log) to {_MEMORY_LIMIT_MAX_B // 2**40}TiB"
            )


#: Seconds between two calls of :func:`profile_log`'s ``progress`` (the first comes after as long).
_PROGRESS_EVERY_S: Final[float] = 0.5
#: Bytes of a text log's head read to estimate its rows from the mean length of a line.
_ROWS_SAMPLE_BYTES = 1 << 20


def _files_of(name: str) -> list[str]:
    """The files a log path names: itself, or a glob's matches (in order)."""
    import glob

    return sorted(glob.glob(name)) if "*" in name else [name]


def _log_rows(con: Any, files: list[str], parquet: bool, *, header: bool) -> tuple[int, bool] | None:
    """The rows of a log and whether the count is exact: a Parquet file's from its metadata (exact), a text file's
    from its size over the mean length of its first lines (an estimate, less a header row per file); ``None`` when
    neither can be had (an unreadable or single-line head)."""
    import duckdb

    if not files:
        return None
    if parquet:
        listed = "[" + ", ".join(_sql_path(f) for f in files) + "]"
        try:
            (n,) = con.execute(f"SELECT sum(num_rows) FROM parquet_file_metadata({listed})").fetchall()[0]
        except duckdb.Error:
            return None
        return (int(n), True) if n is not None else None
    try:
        with open(files[0], "rb") as fh:
            head = fh.read(_ROWS_SAMPLE_BYTES)
        size = sum(Path(f).stat().st_size for f in files)
    except OSError:
        return None
    if head[:2] == b"\x1f\x8b":  # gzip: its size says nothing of its rows
        return None
    lines = head.count(b"\n")
    if lines < 2:
        return None
    per_line = (head.rindex(b"\n") + 1) / lines
    return max(0, round(size / per_line) - (len(files) if header else 0)), size <= len(head)


def _duration(seconds: float) -> str:
    """``9 s``, ``2 min 5 s``, ``1 h 3 min``: a time left, in words."""
    s = max(0, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"


class _Progress:
    """:func:`profile_log`'s ``progress``: a thread that reads DuckDB's progress of the running query every
    ``_PROGRESS_EVERY_S`` seconds and says it in one line (:meth:`line`).

    Contract: a context manager that does nothing without a callback. The main thread says which stage runs:
    :meth:`reading` before the query that reads the log (with the share of DuckDB's progress that is the read: a
    ``GROUP BY`` is two pipelines that DuckDB counts alike, the scan and the groups it emits, so the scan is its first
    half), :meth:`summing` after it. ``rows`` is the log's ``(rows, exact)``, or ``None``. On exit the thread is
    stopped and joined, so no line comes after :func:`profile_log` returns or raises.
    """

    def __init__(self, con: Any, report: Callable[[str], None] | None, name: str) -> None:
        self.con, self.report, self.name = con, report, Path(name).name or name
        self.rows: tuple[int, bool] | None = None
        self.stage, self.scan_share, self.groups = "starting", 1.0, 0
        self.t_stage = self.read_s = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> _Progress:
        self.t_stage = time.monotonic()
        if self.report is not None:
            self._thread = threading.Thread(target=self._run, name="hotpart-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def reading(self, scan_share: float) -> None:
        """The query that reads the log starts; ``scan_share`` of DuckDB's progress of it is the read."""
        self.stage, self.scan_share, self.t_stage = "reading", scan_share, time.monotonic()

    def summing(self, table: str = "per_minute") -> None:
        """The log has been read into ``table``; the rest sums its rows, the per-minute groups."""
        if self.report is not None:
            now = time.monotonic()
            self.read_s = now - self.t_stage
            self.groups = int(self.con.execute(f"SELECT count(*) FROM {table}").fetchall()[0][0])
            self.stage, self.t_stage = "summing", now

    def _run(self) -> None:
        while not self._stop.wait(_PROGRESS_EVERY_S):
            try:
                percent = float(self.con.query_progress())
            except Exception:  # a connection closing under us: no more lines
                return
            text = self.line(percent, time.monotonic() - self.t_stage)
            if text and not self._stop.is_set():
                assert self.report is not None
                self.report(text)

    def line(self, percent: float, elapsed_s: float) -> str:
        """What to say when DuckDB reports ``percent`` (``-1`` between queries) ``elapsed_s`` into the stage.

        Examples
        --------
        >>> p = _Progress(None, print, "/tmp/log.csv")
        >>> p.rows = (10_000_000, False)
        >>> p.reading(scan_share=0.5)
        >>> p.line(20.5, 8.2)
        'reading log.csv: 4,100,000 of about 10,000,000 rows (41%), 12 s left'
        >>> p.line(-1.0, 8.2)
        ''
        >>> p.stage, p.read_s, p.groups = "summing", 20.0, 3_812_152
        >>> p.line(-1.0, 1.4)
        'log.csv: read in 20 s, summing 3,812,152 groups (1 s)'
        """
        if self.stage == "summing":
            return f"{self.name}: read in {_duration(self.read_s)}, summing {self.groups:,} groups ({_duration(elapsed_s)})"
        if self.stage != "reading" or percent < 0:
            return ""
        done = min(1.0, percent / 100.0 / self.scan_share)
        left = f"{_duration(elapsed_s * (1.0 - done) / done)} left" if done >= 0.01 else "estimating the time left"
        if self.rows is None:
            return f"reading {self.name}: {done:.0%}, {left}"
        rows, exact = self.rows
        return f"reading {self.name}: {round(done * rows):,} of {'' if exact else 'about '}{rows:,} rows ({done:.0%}), {left}"


def _sql_path(path: str) -> str:
    """A path as a DuckDB string literal."""
    return "'" + path.replace("'", "''") + "'"


#: A timestamp written as text: the wall time, then optionally its zone as ``Z``, ``UTC`` or an offset (``+09:00``,
#: ``+0900``, ``+09``), with or without a space before it, as Trino prints a ``timestamp with time zone``
#: (``2012-10-31 01:00:00.000 UTC``, ``2020-05-11 11:15:05.055 +01:00``) and Spark's CSV writer an instant
#: (``2026-11-30T09:00:00.000Z``). A zone name (``Asia/Tokyo``) does not match: it is refused, never dropped.
_TS_TEXT = r"^\s*(\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?)\s*(Z|UTC|[+-]\d{2}(?::?\d{2})?)?\s*$"
#: What a timestamp written as text must be, for the refusal.
_TS_TEXT_RULE = (
    " in UTC or with their offset (+09:00, Z, UTC), not a zone name (in the engine: CAST(ts AT TIME ZONE 'UTC' AS timestamp))"
)


def _utc_from_text(text: str) -> str:
    """SQL for the UTC ``TIMESTAMP`` a text column ``text`` (an SQL expression) writes, or NULL when it is not one.

    A plain timestamp is read as UTC; one with an offset, ``Z`` or ``UTC`` is converted to UTC (``18:00 +09:00`` is
    09:00). Anything else, a zone name among them, is NULL, so that the caller refuses it by column: DuckDB's own cast
    keeps the wall time and drops the zone, which splits or merges minutes silently.
    """
    pattern = _sql_path(_TS_TEXT)
    wall = f"TRY_CAST(regexp_extract({text}, {pattern}, 1) AS TIMESTAMP)"
    zone = f"replace(regexp_extract({text}, {pattern}, 2), ':', '')"
    offset = (
        f"CASE WHEN {zone} IN ('', 'Z', 'UTC') THEN 0 ELSE (CASE WHEN starts_with({zone}, '-') THEN -1 ELSE 1 END) * "
        f"(CAST(substr({zone}, 2, 2) AS INTEGER) * 60 + coalesce(TRY_CAST(NULLIF(substr({zone}, 4, 2), '') AS INTEGER), 0)) "
        "END"
    )
    return f"(CASE WHEN regexp_full_match({text}, {pattern}) THEN {wall} - to_minutes({offset}) END)"


#: DuckDB's scalar number types, as ``DESCRIBE`` writes them: a timestamp column of one of them holds epoch instants.
_EPOCH_TYPE = re.compile(r"U?(?:TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)|FLOAT|DOUBLE|DECIMAL\(\d+,\s*\d+\)")
#: A size DuckDB's ``memory_limit`` reads: a number and a unit, in any case (``"512MB"``, ``"1.5 GB"``, ``"2GiB"``).
_MEMORY_LIMIT = re.compile(r"(\d+(?:\.\d+)?) ?([KMGT]i?B|B)", re.IGNORECASE)
#: The types a units or item-size column may have: a number, text (a CSV's or JSON's, converted value by value), JSON's
#: mixed values, or nothing but nulls (refused as nulls after the read). A date, a time, bytes or a boolean is refused.
_NUMBER_OR_TEXT_TYPE = re.compile(rf"{_EPOCH_TYPE.pattern}|VARCHAR|JSON|\"?NULL\"?")
#: DuckDB's nested types (a list, an array, a struct, a map, a union), as ``DESCRIBE`` writes them.
_NESTED_TYPE = re.compile(r"\]$|^(?:STRUCT|MAP|UNION)\(")
#: DuckDB's timestamp types without a time zone.
_TIMESTAMP_TYPE = re.compile(r"TIMESTAMP(?:_S|_MS|_NS)?")
#: The types a column of the query's output may have, matched whole: the minute a timestamp (with or without its zone)
#: or text, the counts a number or text (a CSV's columns are text, converted and checked value by value).
_OUTPUT_MINUTE_TYPE = re.compile(r"TIMESTAMP(?:_S|_MS|_NS)?(?: WITH TIME ZONE)?|VARCHAR")
_OUTPUT_NUMBER_TYPE = re.compile(rf"{_EPOCH_TYPE.pattern}|VARCHAR")


def _per_minute_from_log(con: Any, name: str, suffix: str, mapped: dict[str, str | None], kind: str,
                         timestamp_unit: str | None, watch: _Progress | None = None) -> None:  # fmt: skip
    """The table ``per_minute`` from a raw log: the view ``access_log`` over the file, then the shipped query."""
    import duckdb

    for option in ("timestamp", "key"):  # the two columns every log has (the others are optional)
        if mapped[option] is None:
            raise ValueError(f"{option} = None is not allowed: must be the name of one of the log's columns")
    reader = f"{LOG_FORMATS[suffix]}({_sql_path(name)})"
    try:
        cols = {r[0]: r[1] for r in con.execute(f"DESCRIBE SELECT * FROM {reader}").fetchall()}
    except duckdb.OutOfMemoryException:
        raise  # profile_log names the memory limit
    except duckdb.Error as e:
        raise ExportError(name, "(file)", f"a readable {suffix} log ({_first_line(e)})") from None
    for option, col in mapped.items():
        if col is not None and col not in cols:
            raise ExportError(name, f"column {col!r}", f"a column for {option} (the log has {sorted(cols)})")
    timestamp, key, sort_key = mapped["timestamp"], mapped["key"], mapped["sort_key"]
    units, item_bytes = mapped["units"], mapped["item_bytes"]
    for option in ("timestamp", "units", "item_bytes"):  # one value per row: a list, struct or map is none
        col = mapped[option]
        if col is not None and _NESTED_TYPE.search(cols[col].upper()):
            raise ExportError(
                name,
                f"column {col!r}",
                f"one value per row for {option} (a number or text), not a list, struct or map",
                cols[col],
            )
    for option in ("units", "item_bytes"):  # a number per row, or text that converts to one
        col = mapped[option]
        if col is not None and not _NUMBER_OR_TEXT_TYPE.fullmatch(cols[col].upper()):
            raise ExportError(name, f"column {col!r}", f"{_NUMBER_COLUMNS[option]}, as numbers or text", cols[col])
    ts_type = cols[timestamp].upper()
    if timestamp_unit is not None:
        check_choice("timestamp_unit", timestamp_unit, tuple(_EPOCH_DIVISOR))
    if _EPOCH_TYPE.fullmatch(ts_type):  # a number (not BIGINT[] or a STRUCT holding one: those are text, refused)
        try:
            unit = timestamp_unit or _epoch_unit(con, reader, timestamp, name)
        except duckdb.OutOfMemoryException:
            raise
        except duckdb.Error as e:  # a glob's file without the column, or a value past DuckDB's sample
            raise _blame(con, name, reader, e, [(timestamp, _quote(timestamp), "timestamps")]) from None
        # make_timestamp(microseconds) is a TIMESTAMP in UTC, with no time zone to convert
        per_us = 1_000_000 // _EPOCH_DIVISOR[unit]
        ts = f"make_timestamp(CAST(round(CAST({_quote(timestamp)} AS DOUBLE) * {per_us}) AS BIGINT))"
    elif ts_type == "TIMESTAMP WITH TIME ZONE":  # an instant (DuckDB read an offset or a zone): its UTC wall time
        ts = f"make_timestamp(epoch_us({_quote(timestamp)}))"
    elif _TIMESTAMP_TYPE.fullmatch(ts_type):
        ts = _quote(timestamp)
    else:
        ts = _utc_from_text(f"CAST({_quote(timestamp)} AS VARCHAR)")
    ts_expected = "timestamps" + (_TS_TEXT_RULE if "VARCHAR" in ts_type else "")
    pk = f"CAST({_quote(key)} AS VARCHAR)"
    # each mapped column alone, what it holds: read one by one to name the one at fault when the log fails part-way
    probes = [(timestamp, ts, ts_expected), (key, pk, "keys")]
    if sort_key is not None:
        probes.append((sort_key, f"CAST({_quote(sort_key)} AS VARCHAR)", "sort keys"))
        pk = f"{pk} || '|' || {probes[-1][1]}"
    if units is not None:
        u = f"CAST({_quote(units)} AS DOUBLE)"
        probes.append((units, u, _NUMBER_COLUMNS["units"]))
    elif item_bytes is not None:
        unit_bytes = WRITE_UNIT_BYTES if kind == "write" else READ_UNIT_BYTES
        u = f"CAST(ceil(CAST({_quote(item_bytes)} AS DOUBLE) / {unit_bytes}) AS DOUBLE)"
        probes.append((item_bytes, u, _NUMBER_COLUMNS["item_bytes"]))
    else:
        u = "1.0"
    con.execute(f"CREATE VIEW access_log AS SELECT {ts} AS ts, {pk} AS pk, {u} AS units FROM {reader}")
    try:
        if watch is not None:
            watch.reading(scan_share=0.5)  # the scan, then the groups: two pipelines DuckDB counts alike
        con.execute(f"CREATE TEMP TABLE per_minute AS {log_profile_sql()}")
        if watch is not None:
            watch.summing()
        bad = con.execute(
            "SELECT count(*) FILTER (WHERE minute IS NULL), count(*) FILTER (WHERE pk IS NULL), "
            f"count(*) FILTER (WHERE units IS NULL OR NOT (units BETWEEN 0 AND {_MAX_LOG_UNITS})) FROM per_minute"
        ).fetchall()[0]
    except duckdb.OutOfMemoryException:
        raise  # profile_log names the memory limit
    except duckdb.Error as e:  # the column at fault, found by reading each alone; else the file
        raise _blame(con, name, reader, e, probes) from None
    for col, count, expected in zip(
        (timestamp, key, units or item_bytes or "units"),
        bad,
        (ts_expected, "keys", f"units from 0 to {_MAX_LOG_UNITS:g} per minute and key"),
        strict=False,
    ):
        if count:
            raise ExportError(name, f"column {col!r}", f"{expected} in every row ({count:,} groups without)")


#: The query's output columns, in its order (``hotpart/models/sql/log_profile.sql``).
_OUTPUT_COLUMNS = ("minute", "pk", "requests", "units")
#: The first bytes of a Parquet file and of a gzip stream. gzip is read as CSV with a header row (Spark's CSV writer
#: with ``compression`` gzip); Athena's UNLOAD also writes gzip for its TEXTFILE and JSON formats, which have no header
#: row (TEXTFILE separates fields with \\001 by default), and those are refused by :func:`_sniff`, as are its ORC and
#: Avro formats: an UNLOAD for this reader is ``WITH (format = 'PARQUET')``.
_PARQUET_MAGIC, _GZIP_MAGIC = b"PAR1", b"\x1f\x8b"
#: Other formats' first bytes, to refuse them by name (an UNLOAD's ORC and Avro).
_OTHER_MAGIC = {b"ORC": "ORC", b"Obj\x01": "Avro"}
#: Bytes of a file's head read to tell its format (decompressed, for gzip).
_SNIFF_BYTES = 65_536
#: What the query's output must be, in every refusal of a file's format.
_OUTPUT_EXPECTED = "the query's output as Parquet, or as CSV with a header row (an Athena UNLOAD: WITH (format = 'PARQUET'))"
#: Files in a folder that are not the query's output: Hadoop's and Spark's markers (names starting with ``_`` or ``.``:
#: ``_SUCCESS``, ``.crc``) and what Athena writes beside a query's results in its result location: the binary
#: ``QueryID.csv.metadata``, the ``QueryID-manifest.csv`` of an UNLOAD or INSERT INTO, and the plain-text results of
#: DDL statements such as the CREATE VIEW the chapter runs (``QueryID.txt``, with its ``.txt.metadata``).
_SKIPPED_PREFIXES, _SKIPPED_SUFFIXES = ("_", "."), (".metadata", "-manifest.csv", ".txt")


def _skipped(f: Path) -> bool:
    return f.name.startswith(_SKIPPED_PREFIXES) or f.name.endswith(_SKIPPED_SUFFIXES) or f.stat().st_size == 0


def _sniff(f: Path) -> str:
    """``"parquet"``, ``"csv"`` or ``"csv.gz"`` from a file's first bytes; any other format is refused by name."""
    import zlib

    with open(f, "rb") as fh:
        head = fh.read(_SNIFF_BYTES)
    if head[:4] == _PARQUET_MAGIC:
        return "parquet"
    for magic, what in _OTHER_MAGIC.items():
        if head.startswith(magic):
            raise ExportError(str(f), "(file)", _OUTPUT_EXPECTED, f"{what} data")
    kind = "csv"
    if head[:2] == _GZIP_MAGIC:
        kind = "csv.gz"
        try:
            head = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(head, _SNIFF_BYTES)
        except zlib.error:
            raise ExportError(str(f), "(file)", _OUTPUT_EXPECTED, "gzip data that does not decompress") from None
    first = head.lstrip()[:1]
    line = head.split(b"\n", 1)[0]
    if first in (b"{", b"["):
        raise ExportError(str(f), "(file)", _OUTPUT_EXPECTED, "JSON")
    if b"\x01" in line:
        raise ExportError(str(f), "(file)", _OUTPUT_EXPECTED, "^A-separated text, no header (UNLOAD's TEXTFILE)")
    if any(b < 0x20 and b not in (0x09, 0x0A, 0x0D) for b in head):
        raise ExportError(str(f), "(file)", _OUTPUT_EXPECTED, "binary data")
    return kind


def _aggregated_readers(name: str) -> tuple[str, list[str]]:
    """The format (``"parquet"``, ``"csv"`` or ``"csv.gz"``) and the data files of the query's output at ``name``: a
    file, or a folder of part files (skipping empty files and those :data:`_SKIPPED_SUFFIXES` names); refused when
    there are none, when a file is in another format (named), when they mix formats or when a folder holds several
    results CSVs (:func:`_one_results_csv`)."""
    p = Path(name)
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.is_file() and not _skipped(f))
        if not files:
            raise ExportError(
                name, "(folder)", "part files of the query's output (Parquet or CSV; _SUCCESS, .crc and Athena's "
                ".metadata, -manifest.csv and .txt files are skipped)", "none",
            )  # fmt: skip
    elif p.is_file():
        if p.stat().st_size == 0:
            raise ExportError(name, "(file)", "the query's output (Parquet, or CSV with a header row), not an empty file")
        files = [p]
    else:
        raise ExportError(name, "(file)", "a readable file or folder", "no such file")
    kinds = {f: _sniff(f) for f in files}
    found = sorted(set(kinds.values()))
    if len(found) > 1:
        raise ExportError(name, "(folder)", "part files of one format", f"{', '.join(found)}")
    if p.is_dir():
        _one_results_csv(name, [f for f in files if kinds[f] != "parquet"])
    return found[0], [str(f) for f in files]


#: How a part file's name starts, as Spark and Hadoop write them (``part-00000-<uuid>-c000.csv``).
_PART_PREFIX = "part-"
#: At most this many file names are listed in a refusal.
_NAMES_LISTED = 3


def _one_results_csv(name: str, csv_files: list[Path]) -> None:
    """Refuse a folder holding more than one CSV that is not a part file (``part-*``), naming them.

    An Athena query result location keeps every query's results (``QueryID.csv``, one per query), and the rows of one
    minute and key are summed across files: two runs of the profile's query in one downloaded folder would count the
    traffic twice. Spark's part files are one output split across files, so any number of them is read.
    """
    loose = [f.name for f in csv_files if not f.name.startswith(_PART_PREFIX)]
    if len(loose) > 1:
        listed = ", ".join(loose[:_NAMES_LISTED]) + (
            f" and {len(loose) - _NAMES_LISTED:,} more" if len(loose) > _NAMES_LISTED else ""
        )
        raise ExportError(
            name, "(folder)", f"one query's output, not {len(loose):,} results CSVs ({listed}), whose rows would be "
            "summed: download the one QueryID.csv (Spark's part-* files are read together)",
        )  # fmt: skip


def _output_reader(fmt: str, files: list[str]) -> str:
    """DuckDB's reader of the query's output in ``files`` (columns matched by name across files)."""
    listed = "[" + ", ".join(_sql_path(f) for f in files) + "]"
    if fmt == "parquet":
        return f"read_parquet({listed}, union_by_name = true)"
    gz = ", compression = 'gzip'" if fmt == "csv.gz" else ""
    return f"read_csv({listed}, header = true, all_varchar = true, union_by_name = true{gz})"


def _output_columns(con: Any, fmt: str, file: str) -> dict[str, str]:
    """One file's columns and types, checked against the query's; refused naming the file."""
    import duckdb

    try:
        cols = {r[0]: r[1].upper() for r in con.execute(f"DESCRIBE SELECT * FROM {_output_reader(fmt, [file])}").fetchall()}
    except duckdb.OutOfMemoryException:
        raise  # profile_log names the memory limit
    except duckdb.Error as e:
        raise ExportError(file, "(file)", f"{_OUTPUT_EXPECTED} ({_first_line(e)})") from None
    for col in _OUTPUT_COLUMNS:
        if col not in cols:
            header = " in a header row (an UNLOAD writes none: use WITH (format = 'PARQUET'))" if fmt != "parquet" else ""
            raise ExportError(
                file, f"column {col!r}", f"the query's columns {list(_OUTPUT_COLUMNS)}{header} (it has {sorted(cols)})"
            )
    expected = {
        "minute": ("timestamps (the query's date_trunc('minute', ts))", _OUTPUT_MINUTE_TYPE),
        "requests": ("whole numbers of requests", _OUTPUT_NUMBER_TYPE),
        "units": ("numbers of units", _OUTPUT_NUMBER_TYPE),
    }
    for col, (what, types) in expected.items():
        if not types.fullmatch(cols[col]):  # the whole type: not INTERVAL for INT, nor BIGINT[] or a STRUCT holding one
            raise ExportError(file, f"column {col!r}", what, cols[col])
    return cols


def _per_minute_from_output(con: Any, name: str, readers: tuple[str, list[str]], watch: _Progress | None = None) -> None:
    """The table ``per_minute`` from the query's output (``minute, pk, requests, units``), checked column by column.

    Each file's columns are checked first, so a refusal names the file. A CSV is read as text and each column
    converted here, so a wrong value is named (Athena's results CSV quotes every value); a minute written with its
    zone is converted to UTC (:func:`_utc_from_text`). A Parquet column must have the query's type. Rows of the same
    minute and key are summed, so an output split across part files, or the Parquet outputs of several runs, may be
    given together (several results CSVs in a folder are refused first, :func:`_one_results_csv`). The rows are held
    in DuckDB, in memory or spilled to its temporary folder, so the working storage grows with the output's rows.
    Whatever else DuckDB cannot read is refused in one line naming ``name``.
    """
    import duckdb

    fmt, files = readers
    types = [_output_columns(con, fmt, f) for f in files]
    reader = _output_reader(fmt, files)
    try:
        _output_rows(con, name, reader, {t["minute"] for t in types}, watch)
    except duckdb.OutOfMemoryException:
        raise  # profile_log names the memory limit
    except duckdb.Error as e:
        raise ExportError(name, "(file)", f"{_OUTPUT_EXPECTED} ({_first_line(e)})") from None


def _output_rows(con: Any, name: str, reader: str, minute_types: set[str], watch: _Progress | None = None) -> None:
    """``per_minute`` from the checked files, through the table ``output_rows`` (each value and its raw text)."""
    q = {c: _quote(c) for c in _OUTPUT_COLUMNS}
    what_minute = "timestamps (the query's date_trunc('minute', ts))"
    kinds = {"instant" if "WITH TIME ZONE" in t else "timestamp" if "TIMESTAMP" in t else "text" for t in minute_types}
    if len(kinds) > 1:
        raise ExportError(name, "column 'minute'", f"{what_minute} of one type in every file", ", ".join(sorted(minute_types)))
    kind = kinds.pop()
    if kind == "instant":  # its UTC wall time
        minute = f"make_timestamp(epoch_us({q['minute']}))"
    elif kind == "timestamp":  # a timestamp without a zone is UTC's
        minute = f"CAST({q['minute']} AS TIMESTAMP)"
    else:
        minute = _utc_from_text(q["minute"])
        what_minute += _TS_TEXT_RULE
    if watch is not None:
        watch.reading(scan_share=1.0)  # one pipeline: the scan into the table
    con.execute(
        f"CREATE TEMP TABLE output_rows AS SELECT {q['minute']} AS raw_minute, {minute} AS minute, "
        f"CAST({q['pk']} AS VARCHAR) AS pk, {q['requests']} AS raw_requests, TRY_CAST({q['requests']} AS DOUBLE) AS requests, "
        f"{q['units']} AS raw_units, TRY_CAST({q['units']} AS DOUBLE) AS units FROM {reader}"
    )
    if watch is not None:
        watch.summing("output_rows")
    checks = (
        ("minute", "minute IS NULL", "raw_minute", what_minute),
        ("pk", "pk IS NULL", "pk", "keys"),
        (
            "requests",
            f"requests IS NULL OR NOT (requests BETWEEN 0 AND {_MAX_COUNT}) OR requests <> floor(requests)",
            "raw_requests",
            f"whole numbers of requests from 0 to {_MAX_COUNT:g}",
        ),
        ("units", f"units IS NULL OR NOT (units BETWEEN 0 AND {_MAX_LOG_UNITS})", "raw_units",
         f"units from 0 to {_MAX_LOG_UNITS:g} per minute and key"),
    )  # fmt: skip
    for col, bad, raw, what in checks:
        count, first = con.execute(f"SELECT count(*), CAST(any_value({raw}) AS VARCHAR) FROM output_rows WHERE {bad}").fetchall()[
            0
        ]
        if count:
            raise ExportError(name, f"column {col!r}", f"{what} in every row ({count:,} rows without)", first)
    con.execute(
        "CREATE TEMP TABLE per_minute AS SELECT date_trunc('minute', minute) AS minute, pk, "
        "CAST(sum(requests) AS BIGINT) AS requests, sum(units) AS units FROM output_rows GROUP BY 1, 2"
    )
    con.execute("DROP TABLE output_rows")


def _profile_per_minute(con: Any, name: str, *, time_column: str, kind: str, n_part: int, k_top: int, rate: float) -> LogProfile:
    """The profile from the table ``per_minute(minute, pk, requests, units)``, however it was made.

    Two passes over that table, both in DuckDB: the totals per key, then a join with each key's partition summing it
    per minute, partition and hot key (at most minutes x (partitions + top) rows), which the rest is read from. Python
    receives the keys' totals (one row per key) and small results, never the per-minute table. Before any array of a
    row per minute is allocated, the span is checked (the year 1 on, at most :data:`_MAX_SPAN_MINUTES`, and at most
    ``MAX_ELEMENTS`` values of demand), refused naming ``time_column`` (or ``top``).
    """
    keys_tab = con.execute(
        "SELECT pk, sum(units) AS u, sum(requests) AS r FROM per_minute GROUP BY pk ORDER BY u DESC, pk"
    ).fetchnumpy()
    if len(keys_tab["pk"]) == 0:
        raise ExportError(name, "(rows)", "at least one request")
    if len(keys_tab["pk"]) > _FIT_MAX_KEYS:  # refused here, naming the log, before the fit would name its counts
        raise ExportError(name, "pk", f"at most {_FIT_MAX_KEYS:,} distinct keys (the Zipf fit's limit)", len(keys_tab["pk"]))
    rows = int(keys_tab["r"].sum())
    start, first, last, minutes, before_year_1 = con.execute(
        "SELECT min(minute), CAST(min(minute) AS VARCHAR), CAST(max(minute) AS VARCHAR), "
        "CAST(date_diff('minute', min(minute), max(minute)) AS BIGINT) + 1, min(minute) < TIMESTAMP '0001-01-01' "
        "FROM per_minute"
    ).fetchall()[0]
    if before_year_1:  # DuckDB writes it '0002-12-31 (BC) 23:59:00'; numpy and Python read no time before the year 1
        raise ExportError(name, f"column {time_column!r}", "timestamps from the year 1 on", first)
    if minutes is None:  # DuckDB's TIMESTAMP 'infinity' (a Parquet log can hold it): no span of minutes to it
        raise ExportError(name, f"column {time_column!r}", "finite timestamps", last)
    n_min = int(minutes)
    if n_min > _MAX_SPAN_MINUTES:
        raise ExportError(
            name, f"column {time_column!r}", f"at most {_MAX_SPAN_MINUTES:,} minutes ({_MAX_SPAN_MINUTES // (24 * 60)} days) "
            f"from the first request to the last, got {n_min:,} minutes, from {first} to {last}: profile a window of "
            "the log (keep its rows between two times in a new file), or drop a stray row far from the others",
        )  # fmt: skip
    keys = tuple(str(k) for k in keys_tab["pk"])
    hot = keys[:k_top]
    if n_min * len(hot) > _MAX_ELEMENTS:  # demand's values, one per minute and hot key
        raise ValueError(
            f"top = {k_top} is out of range for {name}: {len(hot):,} keys over its {n_min:,} minutes are "
            f"{n_min * len(hot):,} values of demand, at most {_MAX_ELEMENTS:,}: must be at most "
            f"{_MAX_ELEMENTS // n_min:,} for this log (or profile a shorter window)"
        )
    # every key placed on its partition (hotpart.partition_of) and, for the hottest, its column in demand, registered
    # as numpy arrays (importing pyarrow and its first conversion cost a process some 0.2 s, more than this step at 10**7
    # rows): one pass over the per-minute table sums it per minute, partition and hot key
    hot_i = np.full(len(keys), -1, dtype=np.int32)
    hot_i[: len(hot)] = np.arange(len(hot), dtype=np.int32)
    con.register("placed", {"pk": np.asarray(keys_tab["pk"]), "part": partition_of(keys, n_part).astype(np.int32), "i": hot_i})
    con.execute(
        "CREATE TEMP TABLE by_part AS SELECT CAST(date_diff('minute', ?, p.minute) AS BIGINT) AS m, k.part, k.i, "
        "sum(p.units) AS u FROM per_minute p JOIN placed k USING (pk) GROUP BY 1, 2, 3",
        [start],
    )
    con.unregister("placed")
    cells = con.execute("SELECT m, i, sum(u) AS u FROM by_part GROUP BY 1, 2").fetchnumpy()
    demand = np.zeros((n_min, len(hot)))
    rest = np.zeros(n_min)
    m_idx, k_idx, vals = (np.asarray(cells[c]) for c in ("m", "i", "u"))
    mask = k_idx >= 0
    np.add.at(demand, (m_idx[mask], k_idx[mask]), vals[mask])
    np.add.at(rest, m_idx[~mask], vals[~mask])
    # the busiest partition's peak minute
    peak_row = con.execute("SELECT part, sum(u) AS u FROM by_part GROUP BY part, m ORDER BY u DESC, part LIMIT 1").fetchall()[0]
    # the other keys' load per partition and minute, so that a replay keeps it on its partition
    cold = con.execute("SELECT m, part, u FROM by_part WHERE i < 0").fetchnumpy()
    rest_part = np.zeros((n_min, n_part)) if n_min * n_part <= _MAX_REST_CELLS else None
    if rest_part is not None:
        np.add.at(rest_part, (np.asarray(cold["m"]), np.asarray(cold["part"])), np.asarray(cold["u"], dtype=float))
    scale = 1.0 / (rate * 60.0)  # units per minute of the log to units per second of the table
    key_requests = np.asarray(keys_tab["r"], dtype=float) / rate
    fit = fit_zipf(np.asarray(keys_tab["r"], dtype=float)) if len(keys) >= 2 else None
    ceiling = PARTITION_MAX_WCU if kind == "write" else PARTITION_MAX_RCU
    demand_s = demand * scale
    rest_s = rest * scale
    return LogProfile(
        path=name,
        kind=kind,
        rows=rows,
        start=np.datetime64(start, "m"),
        minutes=n_min,
        keys=keys,
        key_units=np.asarray(keys_tab["u"], dtype=float) / rate,
        key_requests=key_requests,
        demand=demand_s,
        rest=rest_s,
        total=demand_s.sum(axis=1) + rest_s,
        zipf=fit,
        partitions=n_part,
        partition_peak=float(peak_row[1]) * scale,
        busiest_partition=int(peak_row[0]),
        ceiling=ceiling,
        sample_rate=rate,
        rest_by_partition=None if rest_part is None else rest_part * scale,
    )


#: The measured record :func:`log_scaling` reads, written by ``python benchmarks/bench_logs.py --record``.
_SCALING_FILE = "log_scaling.json"
_SCALING_FIELDS = ("rows", "path", "file_mb", "groups", "seconds", "peak_rss_mb", "memory_limit")


def log_scaling() -> dict[str, Any]:
    """How both of chapter 16's paths scale, as measured on the course's machine (not computed here: too slow).

    ``benchmarks/bench_logs.py --record`` profiles generated Parquet logs of 10**6, 10**7 and 10**8 requests (one hour,
    100,000 keys) three ways, each in a fresh process: :func:`profile_log` on the raw log, the bare DuckDB query,
    and ``profile_log(aggregated=True)`` on the query's output; it writes their times and peak memory with the date,
    the machine and the command to ``hotpart/models/log_scaling.json``, which this reads and checks.

    Returns
    -------
    dict
        ``date``, ``machine``, ``command``, ``keys``, ``minutes``, ``partitions`` and ``runs``: one dict per size and
        path with ``rows``, ``path`` (``"raw log"``, ``"bare DuckDB query"`` or ``"aggregated output"``),
        ``file_mb`` (MB read), ``groups`` (minute-and-key rows of the query's output), ``seconds``, ``peak_rss_mb``
        (the process's peak resident memory, MB) and ``memory_limit`` (DuckDB's, or None).

    Examples
    --------
    >>> s = log_scaling()
    >>> sorted({r["path"] for r in s["runs"]})
    ['aggregated output', 'bare DuckDB query', 'raw log']
    >>> max(r["rows"] for r in s["runs"]) >= 10**8
    True
    """
    import json

    text = resources.files("hotpart.models").joinpath(_SCALING_FILE).read_text(encoding="utf-8")
    record = json.loads(text)
    name = f"hotpart/models/{_SCALING_FILE}"
    for field in ("date", "machine", "command", "keys", "minutes", "partitions", "runs"):
        if field not in record:
            raise ExportError(name, field, "a field of the measured record")
    for i, run in enumerate(record["runs"]):
        for field in _SCALING_FIELDS:
            if field not in run:
                raise ExportError(name, f"runs[{i}].{field}", "a field of each run")
        for field in ("rows", "groups", "seconds", "peak_rss_mb", "file_mb"):
            check_number(f"runs[{i}].{field}", run[field], low=0)
    return record


def log_scaling_rows() -> list[tuple[str, str, str, str, str, str]]:
    """:func:`log_scaling`'s runs as table rows: requests in the log, path, MB read, groups, seconds, peak memory MB.

    Examples
    --------
    >>> log_scaling_rows()[0][1]
    'raw log'
    """
    rows = []
    for r in log_scaling()["runs"]:
        limit = f" (DuckDB memory_limit {r['memory_limit']})" if r["memory_limit"] else ""
        rows.append(
            (f"{r['rows']:,}", r["path"] + limit, f"{r['file_mb']:,.1f}", f"{r['groups']:,}", f"{r['seconds']:,.2f}",
             f"{r['peak_rss_mb']:,.0f}")
        )  # fmt: skip
    return rows


def log_scaling_run(path: str, rows: int) -> dict[str, Any]:
    """One measured run of :func:`log_scaling`: the ``path`` (``"raw log"``, ``"bare DuckDB query"`` or
    ``"aggregated output"``) at ``rows`` requests.

    Parameters
    ----------
    path : str
        Which path.
    rows : int
        The log's requests, one of the measured sizes.

    Returns
    -------
    dict
        The run (see :func:`log_scaling`).

    Examples
    --------
    >>> log_scaling_run("raw log", 10**6)["rows"]
    1000000
    >>> log_scaling_run("raw log", 5)
    Traceback (most recent call last):
    ...
    ValueError: rows = 5 is not a measured size: allowed: 1000000, 10000000, 100000000
    """
    runs = log_scaling()["runs"]
    check_choice("path", path, tuple(dict.fromkeys(r["path"] for r in runs)))
    for r in runs:
        if r["path"] == path and r["rows"] == rows:
            return r
    sizes = ", ".join(str(n) for n in sorted({r["rows"] for r in runs}))
    raise ValueError(f"rows = {rows!r} is not a measured size: allowed: {sizes}")


def log_scaling_month(hours: float = 30 * 24) -> dict[str, Any]:
    """The largest measured log's aggregated output, scaled to ``hours`` of the same table: arithmetic, not measured.

    :func:`log_scaling`'s largest log is one hour of the benchmark's table (its ``keys``, ``minutes`` of 60). Its
    query's output has at most one row per minute and key (``bound``); it fills that bound as the requests grow, and
    ``occupancy`` is how full it is at the largest size. Over ``hours`` of the same traffic the output has ``hours``
    times its rows (each hour fills its own minutes), and its Parquet size is scaled the same way. No time is given:
    the profile holds the output's rows in DuckDB (in memory, or spilled to its temporary folder), so its working
    storage grows with the rows, and nothing that large was run. ``csv_row`` is one row as Athena's results CSV
    writes it (a header row, every value quoted), for the benchmark's longest key and the mean requests per row.
    ``csv_bytes_per_row`` is an estimate of a row's mean length: that row's quotes, commas, minute and newline, the
    keys' mean length (``K0`` to ``K<keys - 1>``, each key as often, as a nearly full output has them) and the digits
    of the mean count; the counts of rarely requested keys have fewer digits than the mean, so the real rows are a
    little shorter and ``csv_gb`` is an upper estimate. ``fit_max_keys`` is the most distinct keys a profile takes
    (its Zipf fit's limit, :func:`fit_zipf`): a log naming more is refused.

    Parameters
    ----------
    hours : float
        Hours of the table's log, in ``(0, 10**6]``; the default is a month of 30 days.

    Returns
    -------
    dict
        ``hours``, ``keys``, ``minutes`` (per measured hour), ``bound`` (minutes x keys), ``groups`` (the measured
        output's rows, one hour), ``occupancy`` (``groups / bound``), ``rows`` (``groups x hours``), ``parquet_gb``
        (the output's Parquet, GB of 10**9 bytes), ``csv_row``, ``csv_bytes_per_row`` (an estimate, bytes),
        ``csv_gb_per_hour`` and ``csv_gb`` (GB), and ``fit_max_keys``.

    Examples
    --------
    >>> m = log_scaling_month()
    >>> m["hours"], m["rows"] == 720 * m["groups"], m["groups"] <= m["bound"]
    (720.0, True, True)
    >>> m["csv_row"]
    '"2026-11-30 09:00:00.000","K99999","17","17.0"'
    >>> round(m["csv_bytes_per_row"], 2), m["fit_max_keys"]
    (46.89, 5000000)
    """
    h = check_number("hours", hours, low=0, high=1e6, low_open=True)
    record = log_scaling()
    largest = max(r["rows"] for r in record["runs"])
    run = log_scaling_run("aggregated output", largest)
    keys, minutes, groups = int(record["keys"]), int(record["minutes"]), int(run["groups"])
    requests = round(largest / groups)
    longest = f"K{keys - 1}"
    csv_row = f'"2026-11-30 09:00:00.000","{longest}","{requests}","{float(requests)!r}"'
    row_bytes = len(csv_row.encode()) + 1 - len(longest) + _mean_key_length(keys)  # and its newline
    per_hour = groups * row_bytes / 1e9
    return {
        "hours": h,
        "keys": keys,
        "minutes": minutes,
        "bound": minutes * keys,
        "groups": groups,
        "occupancy": groups / (minutes * keys),
        "rows": groups * h,
        "parquet_gb": float(run["file_mb"]) * h / 1e3,
        "csv_row": csv_row,
        "csv_bytes_per_row": row_bytes,
        "csv_gb_per_hour": per_hour,
        "csv_gb": per_hour * h,
        "fit_max_keys": _FIT_MAX_KEYS,
    }


def _mean_key_length(keys: int) -> float:
    """The mean length, in characters, of the benchmark's keys ``K0`` to ``K<keys - 1>``, each counted once.

    Examples
    --------
    >>> _mean_key_length(10), _mean_key_length(100)
    (2.0, 2.9)
    """
    n = check_integer("keys", keys, low=1, high=_MAX_COUNT)
    total, low, digits = 0, 0, 1
    while low < n:
        high = min(n, 10**digits)
        total += (high - low) * (1 + digits)
        low, digits = high, digits + 1
    return total / n
