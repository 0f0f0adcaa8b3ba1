"""The log profile's fit and its numbers, checked from outside (issue 49, part 6: logs.py's survivors in the Zipf fit,
the per-minute profile, its summary and the benchmark's key length).

Every value is computed here independently: the Zipf exponent by scipy's bounded minimiser on the negative
log-likelihood written out below, its standard error from the likelihood's curvature, the KS distance from the
cumulative shares, and a profile's per-minute demand, rest, total and per-partition load summed in numpy from the rows
the test itself wrote (keys placed with :func:`hotpart.partition_of`, the placement the profile documents).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import optimize, special, stats

import hotpart as hp
from hotpart.models import logs

# --- fit_zipf against an independent maximum likelihood -----------------------------------------------------------


def _neg_log_likelihood(s: float, counts: np.ndarray) -> float:
    """-log L(s) of Zipf on ranks 1..N, counts ranked most first: s * sum c_r ln r + n ln H_{N,s}."""
    r = np.arange(1, counts.size + 1, dtype=float)
    log_h = special.logsumexp(-s * np.log(r))  # ln H_{N,s}, without overflow at s = -5
    return float(s * np.sum(counts * np.log(r)) + counts.sum() * log_h)


def _independent_fit(counts, confidence: float = 0.95) -> dict[str, float]:
    """The maximum-likelihood exponent on [-5, 20], its interval (normal, inverse Fisher information) and KS."""
    c = np.sort(np.asarray(counts, dtype=float))
    c = c[c > 0][::-1]
    res = optimize.minimize_scalar(_neg_log_likelihood, bounds=(-5.0, 20.0), args=(c,), method="bounded",
                                   options={"xatol": 1e-12})  # fmt: skip
    s = float(res.x)
    n = c.sum()
    # the observed information: the second derivative of -log L = n Var_s(ln r), by central differences
    h = 1e-4
    curv = (_neg_log_likelihood(s + h, c) - 2 * _neg_log_likelihood(s, c) + _neg_log_likelihood(s - h, c)) / h**2
    se = 1 / math.sqrt(curv)
    z = stats.norm.ppf(0.5 + confidence / 2)
    r = np.arange(1, c.size + 1, dtype=float)
    p = r**-s / np.sum(r**-s)
    ks = float(np.max(np.abs(np.cumsum(c) / n - np.cumsum(p))))
    return {"s": s, "low": s - z * se, "high": s + z * se, "ks": ks, "keys": c.size, "requests": n, "se": se, "curv": curv}


def _zipf_sample(n_keys: int, s: float, n: int, seed: int) -> np.ndarray:
    ranks = np.arange(1, n_keys + 1)
    p = ranks**-s / np.sum(ranks**-s)
    return np.random.default_rng(seed).multinomial(n, p)


CASES = [
    pytest.param([400, 190, 130, 100, 80], id="docstring"),
    pytest.param([7, 3], id="two-keys"),
    pytest.param([5, 0, 9, 0, 2, 2, 1], id="unsorted-with-zeros"),
    pytest.param(_zipf_sample(300, 0.8, 20_000, 3), id="zipf-0.8"),
    pytest.param(_zipf_sample(1_000, 1.6, 50_000, 4), id="zipf-1.6"),
    pytest.param(np.random.default_rng(5).integers(1, 50, size=200), id="uniform-noise"),
]


@pytest.mark.parametrize("counts", CASES)
def test_the_fit_is_the_maximum_likelihood_with_its_interval_and_ks(counts):
    fit = hp.fit_zipf(counts)
    ref = _independent_fit(counts)
    assert fit.exponent == pytest.approx(ref["s"], abs=1e-7)
    # the interval's half-width is z / sqrt(n Var(ln r)): the curvature by differences is good to ~1e-6 relative
    assert fit.ci_high - fit.exponent == pytest.approx(ref["high"] - ref["s"], rel=1e-5)
    assert fit.exponent - fit.ci_low == pytest.approx(ref["s"] - ref["low"], rel=1e-5)
    assert fit.ks == pytest.approx(ref["ks"], abs=1e-8)
    assert (fit.keys, fit.requests) == (ref["keys"], ref["requests"])
    assert type(fit.keys) is int and type(fit.requests) is int and type(fit.fits) is bool


@pytest.mark.parametrize("scale", [10, 1_000])
def test_the_exponent_depends_on_the_shares_and_the_interval_narrows_as_one_over_root_n(scale):
    # the likelihood's maximum depends on the counts' proportions only; its information grows with n
    counts = np.array([400, 190, 130, 100, 80])
    base, big = hp.fit_zipf(counts), hp.fit_zipf(counts * scale)
    assert big.exponent == pytest.approx(base.exponent, abs=1e-9) and big.ks == pytest.approx(base.ks, abs=1e-12)
    assert big.ci_high - big.ci_low == pytest.approx((base.ci_high - base.ci_low) / math.sqrt(scale), rel=1e-6)
    assert big.requests == 900 * scale and big.keys == 5
    # order and zero counts do not matter: the counts are ranked, zeros dropped
    shuffled = hp.fit_zipf(np.concatenate([counts[::-1], [0, 0]]) * scale)
    assert (shuffled.exponent, shuffled.ks, shuffled.keys) == (big.exponent, big.ks, big.keys)


def test_the_confidence_level_sets_the_intervals_width():
    counts = [400, 190, 130, 100, 80]
    ref = _independent_fit(counts, confidence=0.5)
    fit = hp.fit_zipf(counts, confidence=0.5)
    # z for 50% is 0.6745: half-width 0.6745 / sqrt(n Var)
    assert fit.ci_high - fit.ci_low == pytest.approx(2 * stats.norm.ppf(0.75) * ref["se"], rel=1e-5)


def test_a_sample_from_a_known_zipf_gives_its_exponent_within_the_sampling_noise():
    # 500 keys, s = 1.3, 300,000 requests: every rank is resolved, so the fit is unbiased and its standard error,
    # 1 / sqrt(n Var(ln r)) ~ 0.0016 here, is the noise; a fixed seed, and a band of 4 standard errors
    fit = hp.fit_zipf(_zipf_sample(500, 1.3, 300_000, 11))
    se = (fit.ci_high - fit.ci_low) / (2 * stats.norm.ppf(0.975))
    assert 0.001 < se < 0.003
    assert abs(fit.exponent - 1.3) < 4 * se
    assert fit.fits and fit.verdict == "Zipf fits"


def test_a_popularity_steeper_than_the_bracket_is_reported_at_its_end():
    # one key takes all but one request of 10**15: the likelihood still rises at s = 20 (the bracket's end)
    fit = hp.fit_zipf([10**15, 1])
    assert fit.exponent == 20.0
    assert fit.keys == 2 and fit.requests == 10**15 + 1
    # just inside the bracket the root is found: 2 keys whose shares are those of Zipf(19)
    share = 2.0**-19
    fit19 = hp.fit_zipf([2**40, round(2**40 * share)])
    assert fit19.exponent == pytest.approx(19.0, abs=1e-6)


def test_equal_counts_fit_no_skew_and_say_popularity_is_flat():
    fit = hp.fit_zipf([50] * 8)
    assert abs(fit.exponent) < 1e-8 and fit.ks < 1e-8
    assert not fit.fits
    assert fit.verdict.startswith("Zipf does not fit: the exponent ") and fit.verdict.endswith(
        "0.00 is below 0.3, popularity is nearly flat"
    )


def test_the_fit_and_the_exponent_bounds_are_inclusive():
    counts = [400, 190, 130, 100, 80]
    base = hp.fit_zipf(counts)
    assert base.ks > 0 and base.exponent > 0
    # ks equal to max_ks still fits, as the exponent equal to min_exponent does
    at_ks = hp.fit_zipf(counts, max_ks=base.ks)
    assert at_ks.fits and at_ks.verdict == "Zipf fits"
    at_s = hp.fit_zipf(counts, max_ks=1, min_exponent=base.exponent)
    assert at_s.fits and at_s.verdict == "Zipf fits"
    # the next float beyond either does not
    below_ks = hp.fit_zipf(counts, max_ks=float(np.nextafter(base.ks, 0)))
    assert not below_ks.fits
    assert below_ks.verdict == f"Zipf does not fit: the cumulative shares differ by {base.ks:.1%} (more than 0%)"
    above_s = hp.fit_zipf(counts, max_ks=1, min_exponent=float(np.nextafter(base.exponent, 21)))
    assert not above_s.fits
    assert above_s.verdict == (
        f"Zipf does not fit: the exponent {base.exponent:.2f} is below {float(np.nextafter(base.exponent, 21)):g}, "
        "popularity is nearly flat"
    )
    # the KS test passed at its bound, the exponent failed: the verdict names the exponent, not the shares
    both = hp.fit_zipf(counts, max_ks=base.ks, min_exponent=2.5)
    assert not both.fits
    assert both.verdict == f"Zipf does not fit: the exponent {base.exponent:.2f} is below 2.5, popularity is nearly flat"


def test_the_shares_verdict_names_both_percentages():
    # two levels: 10 keys of 1,000 and 990 keys of 10: a KS distance far above 5%
    counts = [1_000] * 10 + [10] * 990
    fit = hp.fit_zipf(counts)
    ref = _independent_fit(counts)
    assert not fit.fits and fit.ks > 0.05
    assert fit.verdict == f"Zipf does not fit: the cumulative shares differ by {ref['ks']:.1%} (more than 5%)"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"counts": [-1, 2, 3]}, r"counts[0] = -1.0 is out of range: must be in [0, 9.0072e+15]"),
        ({"counts": [[1, 2], [3, 4]]}, "counts has 2 dimensions (shape (2, 2)): must be a 1-D array of values in [0, "),
        ({"counts": [0, 7, 0]}, "counts has 1 non-zero keys: must have at least 2 to fit a Zipf exponent"),
        ({"counts": [0, 0]}, "counts has 0 non-zero keys: must have at least 2 to fit a Zipf exponent"),
        ({"max_ks": 0}, "max_ks = 0 is out of range: must be in (0, 1]"),
        ({"max_ks": -0.1}, "max_ks = -0.1 is out of range: must be in (0, 1]"),
        ({"max_ks": float(np.nextafter(1, 2))}, "max_ks = 1.0000000000000002 is out of range: must be in (0, 1]"),
        ({"max_ks": 1.5}, "max_ks = 1.5 is out of range: must be in (0, 1]"),
        ({"confidence": 0}, "confidence = 0 is out of range: must be in (0, 1)"),
        ({"confidence": -0.5}, "confidence = -0.5 is out of range: must be in (0, 1)"),
        ({"confidence": 1}, "confidence = 1 is out of range: must be in (0, 1)"),
        ({"confidence": 1.5}, "confidence = 1.5 is out of range: must be in (0, 1)"),
        ({"min_exponent": -0.1}, "min_exponent = -0.1 is out of range: must be in [0, 20]"),
    ],
)
def test_bad_arguments_are_refused_naming_the_parameter_the_value_and_the_range(kwargs, message):
    args = {"counts": [3, 2, 1], **kwargs}
    with pytest.raises(ValueError) as err:
        hp.fit_zipf(**args)
    assert str(err.value).startswith(message), str(err.value)


def test_the_arguments_bounds_are_accepted():
    counts = [3, 2, 1]
    assert hp.fit_zipf(counts, max_ks=1).fits == (hp.fit_zipf(counts).exponent >= 0.3)
    tiny = hp.fit_zipf(counts, max_ks=5e-324)
    assert not tiny.fits  # a KS distance above the smallest float
    assert hp.fit_zipf(counts, min_exponent=0).ks == hp.fit_zipf(counts, min_exponent=20).ks
    # confidence just inside (0, 1): a finite, ordered interval
    for conf in (1e-300, 1e-9, 0.999_999):
        fit = hp.fit_zipf(counts, confidence=conf)
        assert math.isfinite(fit.ci_low) and math.isfinite(fit.ci_high) and fit.ci_low <= fit.exponent <= fit.ci_high
    assert hp.fit_zipf(counts, confidence=1e-300).ci_high == hp.fit_zipf(counts).exponent  # z = 0: no width


# --- the benchmark's mean key length ------------------------------------------------------------------------------


@pytest.mark.parametrize("keys", [1, 2, 9, 10, 11, 99, 100, 101, 1_000, 12_345])
def test_the_mean_key_length_is_the_keys_lengths_averaged(keys):
    expected = sum(len(f"K{i}") for i in range(keys)) / keys
    assert logs._mean_key_length(keys) == pytest.approx(expected, rel=1e-15)


def test_the_mean_key_length_at_its_bounds():
    assert logs._mean_key_length(1) == 2.0  # "K0"
    # 2**53 keys: 10 of 2 characters, 90 of 3, ..., the rest (2**53 - 10**15) of 17
    n = 2**53
    counts = [10] + [9 * 10**d for d in range(1, 15)] + [n - 10**15]
    expected = sum(c * (2 + i) for i, c in enumerate(counts)) / n
    assert logs._mean_key_length(n) == pytest.approx(expected, rel=1e-15)
    for bad in (0, -3, 2**53 + 1):
        with pytest.raises(ValueError) as err:
            logs._mean_key_length(bad)
        assert str(err.value) == f"keys = {bad!r} is out of range: must be in [1, 9.0072e+15]"


# --- the shipped SQL ----------------------------------------------------------------------------------------------


def test_the_sql_file_is_plain_ascii_so_any_locale_reads_it_alike():
    # log_profile_sql reads it as UTF-8; an ASCII file decodes the same in every encoding a locale may set
    raw = (logs.Path(logs.__file__).parent / "sql" / "log_profile.sql").read_bytes()
    assert raw.decode("ascii") == hp.log_profile_sql()


# --- the per-minute profile against the rows the test wrote -------------------------------------------------------

T0 = np.datetime64("2026-11-30T09:00:00", "s")


def _write_log(path, rows, *, units=True):
    """rows: (second from 09:00:00, key, units) -> a CSV log with a header."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("timestamp,pk,wcu\n" if units else "timestamp,pk\n")
        for sec, key, u in rows:
            stamp = str(T0 + np.timedelta64(int(sec), "s")).replace("T", " ")
            f.write(f"{stamp},{key},{u}\n" if units else f"{stamp},{key}\n")
    return path


def _random_rows(seed, n_keys=12, minutes=4, n=400):
    rng = np.random.default_rng(seed)
    p = np.arange(1, n_keys + 1) ** -1.0
    keys = rng.choice(n_keys, size=n, p=p / p.sum())
    secs = rng.integers(0, 60 * minutes, size=n)
    secs[0], secs[1] = 0, 60 * minutes - 1  # the first and the last minute are seen
    units = rng.integers(1, 4, size=n).astype(float)
    return [(int(s), f"K{k:02d}", float(u)) for s, k, u in zip(secs, keys, units, strict=True)]


def _expected(rows, *, partitions, top, rate):
    """The profile's numbers summed in numpy from the rows: per minute and key, then per partition."""
    keys_all = sorted({k for _, k, _ in rows})
    units = {k: sum(u for _, kk, u in rows if kk == k) for k in keys_all}
    reqs = {k: sum(1 for _, kk, _ in rows if kk == k) for k in keys_all}
    keys = sorted(keys_all, key=lambda k: (-units[k], k))  # hottest first, ties by name
    minutes = max(s for s, _, _ in rows) // 60 + 1
    per = np.zeros((minutes, len(keys)))
    index = {k: j for j, k in enumerate(keys)}
    for s, k, u in rows:
        per[s // 60, index[k]] += u
    part = hp.partition_of(keys, partitions)
    by_part = np.zeros((minutes, partitions))
    cold_by_part = np.zeros((minutes, partitions))
    for j in range(len(keys)):
        by_part[:, part[j]] += per[:, j]
        if j >= top:
            cold_by_part[:, part[j]] += per[:, j]
    scale = 1 / (rate * 60)
    peak = by_part.max()
    busiest = int(np.flatnonzero((by_part == peak).any(axis=0))[0])  # ties: the lowest partition
    return {
        "keys": tuple(keys),
        "key_units": np.array([units[k] for k in keys]) / rate,
        "key_requests": np.array([reqs[k] for k in keys], dtype=float) / rate,
        "demand": per[:, :top] * scale,
        "rest": per[:, top:].sum(axis=1) * scale,
        "total": per.sum(axis=1) * scale,
        "rest_by_partition": cold_by_part * scale,
        "partition_peak": peak * scale,
        "busiest_partition": busiest,
        "minutes": minutes,
        "rows": len(rows),
        "requests": np.array([reqs[k] for k in keys], dtype=float),
    }


@pytest.mark.parametrize(
    ("seed", "partitions", "top", "rate", "kind"),
    [(1, 3, 3, 1.0, "write"), (2, 5, 4, 0.5, "read"), (3, 1, 20, 0.25, "write"), (4, 7, 1, 1.0, "read")],
)
def test_the_profile_is_the_logs_rows_summed_per_minute_key_and_partition(tmp_path, seed, partitions, top, rate, kind):
    rows = _random_rows(seed)
    path = _write_log(tmp_path / "log.csv", rows)
    p = hp.profile_log(path, units="wcu", partitions=partitions, top=top, sample_rate=rate, kind=kind)
    e = _expected(rows, partitions=partitions, top=top, rate=rate)
    assert p.keys == e["keys"] and p.rows == e["rows"] and p.minutes == e["minutes"]
    assert p.kind == kind and p.sample_rate == rate and p.partitions == partitions
    assert p.ceiling == (1_000.0 if kind == "write" else 3_000.0)  # a partition's WCU or RCU per second
    for name in ("key_units", "key_requests", "demand", "rest", "total", "rest_by_partition"):
        got = getattr(p, name)
        assert got.dtype == np.float64, name
        np.testing.assert_allclose(got, e[name], rtol=1e-12, atol=1e-12, err_msg=name)
    assert p.partition_peak == pytest.approx(e["partition_peak"], rel=1e-12)
    assert p.busiest_partition == e["busiest_partition"]
    # the first minute, as a minute: the per-minute arrays' time axis is start + 0, 1, ... minutes
    assert str(p.start) == "2026-11-30T09:00"
    timeline = p.start + np.arange(p.minutes)
    assert str(timeline[-1]) == f"2026-11-30T09:{p.minutes - 1:02d}"
    # the popularity fit is the requests' fit (not the units')
    ref = hp.fit_zipf(e["requests"])
    assert p.zipf is not None and p.zipf.exponent == ref.exponent and p.zipf.ks == ref.ks


def test_two_keys_get_a_fit_and_one_key_none(tmp_path):
    two = hp.profile_log(_write_log(tmp_path / "two.csv", [(0, "a", 1), (1, "a", 1), (2, "a", 1), (3, "b", 1)]))
    assert two.zipf == hp.fit_zipf([3, 1])
    one = hp.profile_log(_write_log(tmp_path / "one.csv", [(0, "a", 1), (70, "a", 1)]))
    assert one.zipf is None and one.keys == ("a",)


def test_the_partitions_rest_is_kept_up_to_a_million_cells(tmp_path):
    rows = [(0, "a", 1), (1, "a", 1), (2, "b", 1), (3, "c", 2)]
    path = _write_log(tmp_path / "log.csv", rows)
    # one minute on 10**6 partitions: exactly _MAX_REST_CELLS, kept
    kept = hp.profile_log(path, units="wcu", partitions=1_000_000, top=1)
    assert kept.rest_by_partition is not None and kept.rest_by_partition.shape == (1, 1_000_000)
    part = hp.partition_of(["b", "c"], 1_000_000)
    expected = np.zeros(1_000_000)
    np.add.at(expected, part, [1 / 60, 2 / 60])  # b and c, the keys besides the hottest, units per second
    np.testing.assert_allclose(kept.rest_by_partition[0], expected, rtol=1e-15)
    # two minutes on 10**6 partitions: 2 x 10**6 cells, not kept (a replay spreads the rest evenly)
    over = hp.profile_log(_write_log(tmp_path / "log2.csv", [*rows, (60, "a", 1)]), units="wcu", partitions=1_000_000, top=1)
    assert over.minutes == 2 and over.rest_by_partition is None
    np.testing.assert_allclose(over.rest, [3 / 60, 0])


def test_a_log_with_as_many_keys_as_the_fit_takes_is_profiled(tmp_path, monkeypatch):
    # the limit lowered to 3 keys: 3 keys are profiled, 4 refused naming the log (tests/test_logs.py has 5)
    monkeypatch.setattr(logs, "_FIT_MAX_KEYS", 3)
    three = _write_log(tmp_path / "three.csv", [(i, f"K{i}", 1) for i in range(3)], units=False)
    assert hp.profile_log(three).keys == ("K0", "K1", "K2")
    four = _write_log(tmp_path / "four.csv", [(i, f"K{i}", 1) for i in range(4)], units=False)
    with pytest.raises(hp.ExportError, match=r"four\.csv: pk: expected at most 3 distinct keys \(the Zipf fit's limit\), got 4$"):
        hp.profile_log(four)


# --- the profile in words -----------------------------------------------------------------------------------------

#: Seven keys over three minutes: a 6 requests, b 4, c 3, d 2, e, f and g 1 each (18 requests), one unit each.
SMALL = [
    *[(0, "a", 1), (1, "a", 1), (2, "a", 1), (60, "a", 1), (61, "a", 1), (150, "a", 1)],
    *[(3, "b", 1), (4, "b", 1), (62, "b", 1), (121, "b", 1)],
    *[(5, "c", 1), (6, "c", 1), (7, "c", 1)],
    *[(70, "d", 1), (71, "d", 1)],
    *[(8, "e", 1), (9, "f", 1), (130, "g", 1)],
]


def test_the_summary_reads_in_full(tmp_path):
    f = _write_log(tmp_path / "small.csv", SMALL, units=False)
    p = hp.profile_log(f, partitions=2)
    z = hp.fit_zipf([6, 4, 3, 2, 1, 1, 1])
    assert p.zipf == z
    # the busiest minute is 09:00: a 3, b 2, c 3, e 1, f 1 = 10 requests, 10/60 units/s (rounds to 0)
    assert p.total.max() == pytest.approx(10 / 60)
    lines = [
        "small.csv: 18 requests over 3 minutes from 2026-11-30T09:00, 7 partition keys",
        "peak minute: 0 write units/s in all",
        "hottest keys (units over the log, share):",
        "  a: 6 (33.3%)",  # 6 of 18
        "  b: 4 (22.2%)",
        "  c: 3 (16.7%)",
        "  d: 2 (11.1%)",
        "  e: 1 (5.6%)",  # five keys, not the sixth (f)
        f"busiest of 2 partitions: peak 0 units/s (ceiling 1,000) on partition {p.busiest_partition}",
        f"key popularity: Zipf exponent {z.exponent:.3f} ({z.ci_low:.3f} to {z.ci_high:.3f}), "
        f"Kolmogorov-Smirnov distance {z.ks:.3f}: {z.verdict}",
    ]
    assert p.summary() == "\n".join(lines)
    assert p.summary("logs/today.csv").splitlines()[0] == lines[0].replace("small.csv", "logs/today.csv", 1)
    assert p.summary("given").splitlines()[1:] == lines[1:]


def test_a_count_of_one_takes_the_singular_in_the_summary_and_the_repr(tmp_path):
    """The fit helper's finding: "1 partition keys", "1 keys", "1 requests over 1 minutes" were possible."""
    p = hp.profile_log(_write_log(tmp_path / "single.csv", [(0, "a", 1)], units=False), kind="read")
    assert p.summary().splitlines()[0] == "single.csv: 1 request over 1 minute from 2026-11-30T09:00, 1 partition key"
    assert repr(p).startswith("LogProfile(1 row, 1 key, 1 min; hottest 'a' 100.0% of units;")


def test_the_summary_of_a_one_key_log_has_no_popularity_line(tmp_path):
    p = hp.profile_log(_write_log(tmp_path / "one.csv", [(0, "a", 1), (61, "a", 1)], units=False), kind="read")
    assert p.summary().splitlines() == [
        "one.csv: 2 requests over 2 minutes from 2026-11-30T09:00, 1 partition key",  # one key, in the singular
        "peak minute: 0 read units/s in all",
        "hottest keys (units over the log, share):",
        "  a: 2 (100.0%)",
        "the one partition: peak 0 units/s (ceiling 3,000) on partition 0",
    ]


def test_hottest_gives_ten_keys_by_default_with_their_shares(tmp_path):
    # 12 keys, K00 with 12 requests down to K11 with 1 (78 in all)
    rows = [(i, f"K{k:02d}", 1) for k in range(12) for i in range(12 - k)]
    p = hp.profile_log(_write_log(tmp_path / "log.csv", rows, units=False))
    top = p.hottest()
    assert [k for k, _, _ in top] == [f"K{k:02d}" for k in range(10)]
    assert top[0] == ("K00", 12.0, 12 / 78) and top[9] == ("K09", 3.0, 3 / 78)
    assert len(p.hottest(12)) == 12 and len(p.hottest(13)) == 12


def test_the_profiles_repr_names_the_hottest_key_and_its_share(tmp_path):
    p = hp.profile_log(_write_log(tmp_path / "small.csv", SMALL, units=False), partitions=2)
    assert repr(p) == (
        "LogProfile(18 rows, 7 keys, 3 min; hottest 'a' 33.3% of units; busiest of 2 partitions peaks at "
        f"{p.partition_peak:,.0f} units/s against 1,000; {p.zipf!r})"
    )
    z = p.zipf
    assert repr(z) == f"ZipfFit(s = {z.exponent:.3f} [{z.ci_low:.3f}, {z.ci_high:.3f}], KS {z.ks:.3f}: {z.verdict})"
    one = hp.profile_log(_write_log(tmp_path / "one.csv", [(0, "x", 1), (1, "x", 1)], units=False))
    assert (
        repr(one) == "LogProfile(2 rows, 1 key, 1 min; hottest 'x' 100.0% of units; the one partition peaks at 0 units/s against "
        "1,000; None)"
    )


def test_the_summary_names_the_first_minute_whole_in_any_year(tmp_path):
    # the first minute was cut to 16 characters, which a year of five digits overflows: "from 10000-01-01T00:0"
    f = tmp_path / "far.csv"
    f.write_text("timestamp,pk\n10000-01-01 00:00:01,a\n10000-01-01 00:01:30,b\n", encoding="utf-8")
    p = hp.profile_log(f)
    assert p.start == np.datetime64("10000-01-01T00:00", "m")
    assert p.summary().splitlines()[0] == "far.csv: 2 requests over 2 minutes from 10000-01-01T00:00, 2 partition keys"
    g = tmp_path / "old.csv"
    g.write_text("timestamp,pk\n0900-01-01 00:00:01,a\n0900-01-01 00:00:02,b\n", encoding="utf-8")
    assert (
        hp.profile_log(g).summary().splitlines()[0] == "old.csv: 2 requests over 1 minute from 0900-01-01T00:00, 2 partition keys"
    )


def test_a_confidence_just_below_one_gives_a_finite_interval():
    """The fit helper's finding: 0.5 + confidence / 2 rounds to 1.0 for the largest float below 1, whose normal
    quantile is infinite; the upper tail's quantile, isf((1 - confidence) / 2), stays finite there."""
    below_one = math.nextafter(1.0, 0.0)
    fit = hp.fit_zipf([50, 30, 20, 10], confidence=below_one)
    z = stats.norm.isf((1 - below_one) / 2)  # about 8.2 standard errors
    assert math.isfinite(fit.ci_low) and math.isfinite(fit.ci_high)
    assert fit.ci_high - fit.exponent == pytest.approx(fit.exponent - fit.ci_low)
    default = hp.fit_zipf([50, 30, 20, 10])
    se = (default.ci_high - default.exponent) / stats.norm.isf((1 - hp.ZIPF_CONFIDENCE) / 2)
    assert fit.ci_high - fit.exponent == pytest.approx(z * se, rel=1e-9)
