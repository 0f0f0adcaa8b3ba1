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
the tail and biases ``s`` low. In the regime of chapter 16's sample log
(2,000 keys, ``s = 1.2``, 18,000 requests) the mean error is -0.016, larger
than the standard error (0.0035), and 1 of 50 intervals covers. Read such a
fit as ``s`` known to a few hundredths, not to the interval
(``tests/test_logs.py`` checks these numbers).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import check_array, check_choice, check_count, check_integer, check_number
from .constants import PARTITION_MAX_RCU, PARTITION_MAX_WCU, READ_UNIT_BYTES, WRITE_UNIT_BYTES
from .hashing import partition_of
from .observed import ExportError

__all__ = [
    "LOG_FORMATS",
    "ZIPF_CONFIDENCE",
    "ZIPF_MAX_KS",
    "ZIPF_MIN_EXPONENT",
    "LogProfile",
    "ZipfFit",
    "fit_zipf",
    "log_profile_sql",
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


def _moments(s: float, logr: NDArray[np.float64]) -> tuple[float, float]:
    """Mean and variance of ln r under Zipf(s) on ranks with logs ``logr``."""
    w = np.exp(-s * (logr - logr[0]))
    w /= w.sum()
    mean = float(w @ logr)
    return mean, float(w @ (logr - mean) ** 2)


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
        Requests per key, in ``[0, 2**53]``, any order (ranked here, most first; zeros dropped).
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
    error of +0.0002 and 47 of 50 intervals covering; 2,000 keys and 18,000 requests (chapter 16's sample log) give
    -0.016 and 1 of 50. A fit that removes the bias must model the ranks as unknown (e.g. the frequency of
    frequencies, as Clauset, Shalizi and Newman 2009 do for discrete power laws); this one does not.

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

    c = check_array("counts", counts, low=0, high=_MAX_COUNT)
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
    z = float(stats.norm.ppf(0.5 + conf / 2))
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
            f"LogProfile({self.rows:,} rows, {len(self.keys):,} keys, {self.minutes} min; hottest {self.keys[0]!r} "
            f"{self.key_units[0] / self.key_units.sum():.1%} of units; busiest of {self.partitions} partitions peaks at "
            f"{self.partition_peak:,.0f} units/s against {self.ceiling:,.0f}; {self.zipf!r})"
        )

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

    def summary(self) -> str:
        """The profile in a few lines of text."""
        lines = [
            f"{self.path}: {self.rows:,} requests over {self.minutes} minutes from {str(self.start)[:16]}, "
            f"{len(self.keys):,} partition keys",
            f"peak minute: {self.total.max():,.0f} {self.kind} units/s in all",
            "hottest keys (units over the log, share):",
            *[f"  {k}: {u:,.0f} ({s:.1%})" for k, u, s in self.hottest(5)],
            f"busiest of {self.partitions} partitions: peak {self.partition_peak:,.0f} units/s "
            f"(ceiling {self.ceiling:,.0f}) on partition {self.busiest_partition}",
        ]
        if self.zipf is not None:
            lines.append(f"key popularity: {self.zipf!r}")
        return "\n".join(lines)


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


#: Seconds per unit of a numeric timestamp column.
_EPOCH_DIVISOR = {"s": 1, "ms": 1_000, "us": 1_000_000}
#: The largest units one key may sum to in one minute of a log: far above any partition (1,000 WCU/s is 60,000 a
#: minute), and low enough that no sum overflows; beyond it the log is refused, never read as infinity.
_MAX_LOG_UNITS = 1e15
#: The largest (minutes x partitions) matrix of the other keys' load a profile keeps (8 MB of floats).
_MAX_REST_CELLS = 1_000_000


def _epoch_unit(con: Any, reader: str, column: str, name: str) -> str:
    """The unit of a numeric epoch column, from the size of its values (refused when none fits)."""
    low, high = con.execute(f"SELECT min({_quote(column)}), max({_quote(column)}) FROM {reader}").fetchall()[0]
    if low is None:
        raise ExportError(name, f"column {column!r}", "timestamps in every row")
    for unit, bound in (("s", 1e11), ("ms", 1e14), ("us", 1e17)):
        if 0 <= float(low) and float(high) < bound:
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
) -> LogProfile:
    """Profile an access log with DuckDB: per-minute demand per key, hottest keys, Zipf fit, busiest partition.

    Parameters
    ----------
    path : str or Path
        A ``.csv``, ``.parquet`` or ``.jsonl`` (JSON lines) file, or a glob of them.
    timestamp, key : str
        The columns holding the request time (a timestamp, or epoch seconds) and the partition key.
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
        Keys kept per minute in ``demand``, in ``[1, 10_000]``.
    sample_rate : float
        Share of requests the log records, in ``(0, 1]``; counts and units are divided by it.
    memory_limit : str, optional
        DuckDB's memory limit (e.g. ``"1GB"``); DuckDB spills beyond it.
    timestamp_unit : {"s", "ms", "us"}, optional
        The unit of a numeric timestamp column (epoch seconds, milliseconds or microseconds). Read from the
        values' size when omitted: below 1e11 seconds (until the year 5138), below 1e14 milliseconds, below 1e17
        microseconds; any other numeric column is refused, never read in the wrong unit.

    Returns
    -------
    LogProfile
        The profile.

    Raises
    ------
    ExportError
        When the file is missing, empty or lacks a mapped column (names the file, the column, what was expected).

    Examples
    --------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> f = os.path.join(d, "log.csv")
    >>> _ = open(f, "w").write("timestamp,pk\\n2026-11-30 09:00:01,a\\n2026-11-30 09:00:02,a\\n2026-11-30 09:01:00,b\\n")
    >>> p = profile_log(f)
    >>> p.keys, p.key_requests.tolist(), p.minutes
    (('a', 'b'), [2.0, 1.0], 2)
    """
    import duckdb  # heavy imports, needed only here
    import pyarrow as pa

    name = str(path)
    check_choice("kind", kind, ("write", "read"))
    n_part = check_integer("partitions", partitions, low=1, high=1_000_000)
    k_top = check_integer("top", top, low=1, high=10_000)
    rate = check_number("sample_rate", sample_rate, low=0, high=1, low_open=True)
    suffix = Path(name.replace("*", "x")).suffix.lower()
    if suffix not in LOG_FORMATS:
        raise ExportError(name, "(file name)", "a .csv, .parquet or .jsonl file", suffix or "no suffix")
    if "*" not in name:
        p = Path(name)
        if not p.is_file():
            raise ExportError(name, "(file)", "a readable file", "no such file")
        if p.stat().st_size == 0:
            raise ExportError(name, "(file)", "a log with a header and rows, not an empty file")
    con = duckdb.connect()
    try:
        con.execute("SET enable_progress_bar = false")
        if memory_limit is not None:
            con.execute(f"SET memory_limit = '{memory_limit}'")
        reader = f"{LOG_FORMATS[suffix]}('{name.replace(chr(39), chr(39) * 2)}')"
        try:
            cols = {r[0]: r[1] for r in con.execute(f"DESCRIBE SELECT * FROM {reader}").fetchall()}
        except duckdb.Error as e:
            raise ExportError(name, "(file)", f"a readable {suffix} log ({str(e).splitlines()[0]})") from None
        mapped = {"timestamp": timestamp, "key": key, "sort_key": sort_key, "units": units, "item_bytes": item_bytes}
        for option, col in mapped.items():
            if col is not None and col not in cols:
                raise ExportError(name, f"column {col!r}", f"a column for {option} (the log has {sorted(cols)})")
        ts_type = cols[timestamp].upper()
        if timestamp_unit is not None:
            check_choice("timestamp_unit", timestamp_unit, tuple(_EPOCH_DIVISOR))
        if any(t in ts_type for t in ("INT", "DOUBLE", "FLOAT", "DECIMAL")):
            unit = timestamp_unit or _epoch_unit(con, reader, timestamp, name)
            # make_timestamp(microseconds) is a TIMESTAMP in UTC, with no time zone to convert
            per_us = 1_000_000 // _EPOCH_DIVISOR[unit]
            ts = f"make_timestamp(CAST(round(CAST({_quote(timestamp)} AS DOUBLE) * {per_us}) AS BIGINT))"
        elif "TIMESTAMP" in ts_type:
            ts = _quote(timestamp)
        else:
            ts = f"CAST({_quote(timestamp)} AS TIMESTAMP)"
        pk = f"CAST({_quote(key)} AS VARCHAR)"
        if sort_key is not None:
            pk = f"{pk} || '|' || CAST({_quote(sort_key)} AS VARCHAR)"
        if units is not None:
            u = f"CAST({_quote(units)} AS DOUBLE)"
        elif item_bytes is not None:
            unit_bytes = WRITE_UNIT_BYTES if kind == "write" else READ_UNIT_BYTES
            u = f"CAST(ceil(CAST({_quote(item_bytes)} AS DOUBLE) / {unit_bytes}) AS DOUBLE)"
        else:
            u = "1.0"
        con.execute(f"CREATE VIEW access_log AS SELECT {ts} AS ts, {pk} AS pk, {u} AS units FROM {reader}")
        try:
            con.execute(f"CREATE TEMP TABLE per_minute AS {log_profile_sql()}")
            bad = con.execute(
                "SELECT count(*) FILTER (WHERE minute IS NULL), count(*) FILTER (WHERE pk IS NULL), "
                f"count(*) FILTER (WHERE units IS NULL OR NOT (units BETWEEN 0 AND {_MAX_LOG_UNITS})) FROM per_minute"
            ).fetchall()[0]
        except duckdb.Error as e:
            raise ExportError(name, f"column {timestamp!r}", f"timestamps ({str(e).splitlines()[0]})") from None
        for col, count, expected in zip(
            (timestamp, key, units or item_bytes or "units"),
            bad,
            ("timestamps", "keys", f"units from 0 to {_MAX_LOG_UNITS:g} per minute and key"),
            strict=False,
        ):
            if count:
                raise ExportError(name, f"column {col!r}", f"{expected} in every row ({count:,} groups without)")
        keys_tab = con.execute(
            "SELECT pk, sum(units) AS u, sum(requests) AS r FROM per_minute GROUP BY pk ORDER BY u DESC, pk"
        ).fetchnumpy()
        if len(keys_tab["pk"]) == 0:
            raise ExportError(name, "(rows)", "at least one request")
        rows = int(keys_tab["r"].sum())
        start, minutes = con.execute(
            "SELECT min(minute), CAST(date_diff('minute', min(minute), max(minute)) AS BIGINT) + 1 FROM per_minute"
        ).fetchall()[0]
        keys = tuple(str(k) for k in keys_tab["pk"])
        hot = keys[:k_top]
        con.register("hot", pa.table({"pk": pa.array(hot, pa.string()), "i": pa.array(np.arange(len(hot)), pa.int32())}))
        cells = con.execute(
            "SELECT CAST(date_diff('minute', ?, p.minute) AS BIGINT) AS m, coalesce(h.i, -1) AS i, sum(p.units) AS u "
            "FROM per_minute p LEFT JOIN hot h USING (pk) GROUP BY 1, 2",
            [start],
        ).fetchnumpy()
        n_min = int(minutes)
        demand = np.zeros((n_min, len(hot)))
        rest = np.zeros(n_min)
        m_idx, k_idx, vals = (np.asarray(cells[c]) for c in ("m", "i", "u"))
        mask = k_idx >= 0
        np.add.at(demand, (m_idx[mask], k_idx[mask]), vals[mask])
        np.add.at(rest, m_idx[~mask], vals[~mask])
        # the busiest partition: every key placed, summed per partition and minute in DuckDB
        part = partition_of(keys, n_part)
        con.register("placed", pa.table({"pk": pa.array(keys, pa.string()), "part": pa.array(part, pa.int32())}))
        peak_row = con.execute(
            "SELECT part, sum(units) AS u FROM per_minute JOIN placed USING (pk) GROUP BY part, minute ORDER BY u DESC LIMIT 1"
        ).fetchall()[0]
        # the other keys' load per partition and minute, so that a replay keeps it on its partition
        cold = con.execute(
            "SELECT CAST(date_diff('minute', ?, p.minute) AS BIGINT) AS m, part, sum(p.units) AS u "
            "FROM per_minute p JOIN placed USING (pk) LEFT JOIN hot h USING (pk) WHERE h.i IS NULL GROUP BY 1, 2",
            [start],
        ).fetchnumpy()
        rest_part = np.zeros((n_min, n_part)) if n_min * n_part <= _MAX_REST_CELLS else None
        if rest_part is not None:
            np.add.at(rest_part, (np.asarray(cold["m"]), np.asarray(cold["part"])), np.asarray(cold["u"], dtype=float))
    finally:
        con.close()
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
