"""write_sharding.py's write side at its boundaries (issue 49, part 6: the survivors of ``make mutants`` on
``hotpart/models/write_sharding.py`` in its write-side functions).

Each test pins a value, a property or a boundary. :func:`hotpart.calculated_shard_rates`: the rates sum to the write
rate in whole shares of ``W / n_values``, the shares are multinomial (their mean, their variance, a chi-square), its
seed repeats and varies the draw, its inputs' ranges at both ends. :func:`hotpart.simulate_shard_writes`: its ranges,
the seconds bound that shrinks with the shard count, and the mean writes per shard. :func:`hotpart.busiest_shard_bound`
against the Chernoff minimum computed by scipy's scalar minimiser, at a zero and a tiny rate, with no floating-point
warning at the edges. :func:`hotpart.distinct_shards_written` against exact fractions. :func:`hotpart.expected_refused_writes`
at a zero capacity. :func:`hotpart.shards_needed`: each parameter's range refused by name, the condition met with
equality, the messages' figures, and the placement on hashed partitions against its documented rule (the fullest
partition's mean load, the bound over the occupied partitions). ``benchmarks/mutants.py`` runs this file for
``write_sharding.py``; ``benchmarks/results/mutants-write_sharding.md`` accounts for every mutant that survives.
"""

from __future__ import annotations

import math
import re
import sys
import warnings
from fractions import Fraction

import numpy as np
import pytest
from scipy import optimize, stats

import hotpart as hp

MAX_COUNT = hp.models._validation.MAX_COUNT
MAX_ELEMENTS = hp.models._validation.MAX_ELEMENTS
BUDGET = 0.8 * hp.PARTITION_MAX_WCU  # the default shard budget of shards_needed: 800 writes/s


def _refused(call, message: str) -> None:
    """``call()`` raises ValueError whose whole message is ``message``."""
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        call()


def _above(x: float) -> float:
    """The next float above ``x``."""
    return math.nextafter(x, math.inf)


# --- calculated_shard_rates: W k_i / n_values, (k_i) multinomial -----------------------------------------------------


@pytest.mark.parametrize(
    ("w", "n", "v", "seed"),
    [(8000.0, 10, 20, 0), (8000.0, 10, 7, 3), (1234.5, 4, 1000, 1), (1e12, 3, 10**12, 2), (250.0, 64, 64, 9)],
)
def test_calculated_rates_are_whole_shares_of_the_write_rate_and_sum_to_it(w, n, v, seed):
    """Shard ``i`` carries ``W k_i / n_values``: ``k_i = rate_i * n_values / W`` is a whole number of values, the
    ``k_i`` add up to ``n_values`` and the rates to ``W``."""
    rates = hp.calculated_shard_rates(w, n, v, seed=seed)
    assert rates.shape == (n,) and rates.dtype == np.float64
    assert np.all(rates >= 0)
    k = rates * v / w
    np.testing.assert_allclose(k, np.rint(k), rtol=1e-9, atol=1e-6)
    assert int(np.rint(k).sum()) == v
    assert float(rates.sum()) == pytest.approx(w, rel=1e-12)


def test_calculated_rates_one_shard_carries_everything_and_one_value_lands_on_one_shard():
    assert hp.calculated_shard_rates(8000, 1, 20, seed=0).tolist() == [8000.0]
    for seed in range(5):
        rates = hp.calculated_shard_rates(8000, 10, 1, seed=seed)
        assert sorted(rates.tolist()) == [0.0] * 9 + [8000.0]  # the one value's shard carries the whole rate


def test_calculated_rates_of_a_zero_write_rate_are_zero():
    assert hp.calculated_shard_rates(0, 5, 10, seed=1).tolist() == [0.0] * 5


def test_calculated_rates_repeat_with_the_seed_and_differ_between_seeds():
    a = hp.calculated_shard_rates(8000, 10, 20, seed=4)
    assert np.array_equal(a, hp.calculated_shard_rates(8000, 10, 20, seed=4))
    draws = {tuple(hp.calculated_shard_rates(8000, 10, 20, seed=s)) for s in range(10)}
    assert len(draws) == 10  # 20 values on 10 shards: ten seeds, ten different placements


def test_calculated_values_per_shard_have_the_binomial_mean_and_variance():
    """Over 2,000 seeds, the values on each of 4 shards (12 values) have mean 12/4 = 3 and variance
    12 × 1/4 × 3/4 = 2.25 (binomial margins of the multinomial); two shards' counts covary by -12/16 = -0.75."""
    k = np.array([hp.calculated_shard_rates(1200, 4, 12, seed=s) for s in range(2000)]) * 12 / 1200
    assert np.allclose(k.mean(axis=0), 3.0, atol=0.12)  # standard error 1.5 / sqrt(2000) = 0.034
    assert np.allclose(k.var(axis=0), 2.25, rtol=0.12)
    assert np.cov(k[:, 0], k[:, 1])[0, 1] == pytest.approx(-0.75, abs=0.15)


def test_calculated_values_spread_uniformly_over_many_shards():
    """200,000 values on 1,000 shards: the counts pass a chi-square test of uniformity (their sum is fixed), and the
    busiest shard carries about mean + 3.2 sd (Gumbel), far from all on one shard or on half the shards."""
    w, n, v = 1e6, 1000, 200_000
    k = np.rint(hp.calculated_shard_rates(w, n, v, seed=5) * v / w)
    assert k.sum() == v
    assert stats.chisquare(k).pvalue > 1e-3
    assert 200 + 2.5 * math.sqrt(200) < k.max() < 200 + 5 * math.sqrt(200)
    assert np.count_nonzero(k) == n


def test_calculated_static_imbalance_vanishes_with_many_values():
    """With 2 values per shard the busiest shard carries well above the mean; with 200,000 per shard within 1 %."""
    few = hp.calculated_shard_rates(8000, 10, 20, seed=0)
    many = hp.calculated_shard_rates(8000, 10, 2_000_000, seed=0)
    assert few.max() >= 1.5 * 800
    assert many.max() == pytest.approx(800, rel=0.01)


def test_calculated_rates_take_their_whole_ranges_and_refuse_by_name_outside():
    assert hp.calculated_shard_rates(1e12, 2, 4, seed=0).sum() == 1e12
    _refused(lambda: hp.calculated_shard_rates(-1, 4, 10, seed=0), "write_rate = -1 is out of range: must be in [0, 1e+12]")
    _refused(
        lambda: hp.calculated_shard_rates(_above(1e12), 4, 10, seed=0),
        "write_rate = 1000000000000.0001 is out of range: must be in [0, 1e+12]",
    )
    _refused(lambda: hp.calculated_shard_rates(8000, 0, 10, seed=0), "n_shards = 0 is out of range: must be in [1, 1e+07]")
    _refused(
        lambda: hp.calculated_shard_rates(8000, MAX_ELEMENTS + 1, 10, seed=0),
        "n_shards = 10000001 is out of range: must be in [1, 1e+07]",
    )
    _refused(lambda: hp.calculated_shard_rates(8000, 4, 0, seed=0), "n_values = 0 is out of range: must be in [1, 1e+12]")
    _refused(
        lambda: hp.calculated_shard_rates(8000, 4, 10**12 + 1, seed=0),
        "n_values = 1000000000001 is out of range: must be in [1, 1e+12]",
    )


def test_calculated_rates_take_ten_million_shards():
    rates = hp.calculated_shard_rates(1.0, MAX_ELEMENTS, 3, seed=0)
    assert rates.shape == (MAX_ELEMENTS,) and rates.sum() == pytest.approx(1.0) and np.count_nonzero(rates) <= 3


# --- simulate_shard_writes ---------------------------------------------------------------------------------------------


def test_simulated_writes_of_a_zero_rate_are_zero_and_a_billion_per_second_is_taken():
    assert hp.simulate_shard_writes(0, 4, 3, seed=0).tolist() == [[0] * 4] * 3
    counts = hp.simulate_shard_writes(1e9, 4, 3, seed=0)
    totals = counts.sum(axis=1)
    assert np.all(np.abs(totals - 1e9) < 6 * math.sqrt(1e9))  # Poisson(1e9): sd 31,623
    assert np.all(np.abs(counts - 2.5e8) < 6 * math.sqrt(1e9))


def test_simulated_writes_per_shard_have_the_poisson_mean_and_variance():
    """A Poisson(W) total split evenly over N shards is Poisson(W / N) on each: mean and variance 50."""
    counts = hp.simulate_shard_writes(500, 10, 5000, seed=2)
    assert counts.shape == (5000, 10) and counts.dtype == np.int64
    assert np.allclose(counts.mean(axis=0), 50, atol=0.5)  # standard error 0.1
    assert np.allclose(counts.var(axis=0), 50, rtol=0.1)


def test_simulated_writes_refuse_out_of_range_inputs_by_name():
    _refused(lambda: hp.simulate_shard_writes(-1, 4, 3, seed=0), "write_rate = -1 is out of range: must be in [0, 1e+09]")
    _refused(
        lambda: hp.simulate_shard_writes(_above(1e9), 4, 3, seed=0),
        "write_rate = 1000000000.0000001 is out of range: must be in [0, 1e+09]",
    )
    _refused(lambda: hp.simulate_shard_writes(100, 0, 3, seed=0), "n_shards = 0 is out of range: must be in [1, 1e+07]")
    _refused(
        lambda: hp.simulate_shard_writes(100, MAX_ELEMENTS + 1, 1, seed=0),
        "n_shards = 10000001 is out of range: must be in [1, 1e+07]",
    )
    _refused(lambda: hp.simulate_shard_writes(100, 4, 0, seed=0), "seconds = 0 is out of range: must be in [1, 2.5e+06]")


def test_simulated_seconds_are_bounded_by_ten_million_values_in_all():
    """seconds × n_shards at most 10**7: with 10**6 shards 10 seconds, with 3 × 10**6 shards 3 (not 3.33)."""
    assert hp.simulate_shard_writes(5, 10**6, 10, seed=0).shape == (10, 10**6)
    _refused(lambda: hp.simulate_shard_writes(5, 10**6, 11, seed=0), "seconds = 11 is out of range: must be in [1, 10]")
    _refused(lambda: hp.simulate_shard_writes(5, 3 * 10**6, 4, seed=0), "seconds = 4 is out of range: must be in [1, 3]")


# --- busiest_shard_bound ---------------------------------------------------------------------------------------------


def _chernoff_by_minimiser(w: float, n: int) -> float:
    """min over t > 0 of (ln n + mu (e^t - 1)) / t, mu = w / n, by scipy's bounded scalar minimiser (capped at w)."""
    mu = w / n
    if n == 1:
        return w
    res = optimize.minimize_scalar(
        lambda t: (math.log(n) + mu * math.expm1(t)) / t, bounds=(1e-9, 60), method="bounded", options={"xatol": 1e-12}
    )
    return min(w, res.fun)


@pytest.mark.parametrize(
    ("w", "n"),
    [(8000, 2), (8000, 10), (8000, 11), (20_000, 40), (1, 4), (1, 1000), (0.5, 3), (1e6, 7), (1e12, 2**40), (3, 10**6)],
)
def test_busiest_shard_bound_is_the_chernoff_minimum(w, n):
    assert hp.busiest_shard_bound(w, n) == pytest.approx(_chernoff_by_minimiser(w, n), rel=1e-7)


def test_busiest_shard_bound_published_values_and_one_shard():
    assert round(hp.busiest_shard_bound(8000, 10), 1) == 861.5  # the docstring's figure
    assert hp.busiest_shard_bound(8000, 1) == 8000.0
    assert hp.busiest_shard_bound(1.0, 1) == 1.0
    assert hp.busiest_shard_bound(1.0, 2) == pytest.approx(_chernoff_by_minimiser(1.0, 2), rel=1e-7)
    assert hp.busiest_shard_bound(1e12, 1) == 1e12


def test_busiest_shard_bound_answers_a_float_for_a_number_and_an_array_of_the_input_shape():
    one = hp.busiest_shard_bound(8000, 10)
    assert type(one) is float
    assert type(hp.busiest_shard_bound(0, 10)) is float and hp.busiest_shard_bound(0, 10) == 0.0
    single = hp.busiest_shard_bound(8000, [10])
    assert isinstance(single, np.ndarray) and single.shape == (1,) and single[0] == one
    grid = hp.busiest_shard_bound(8000, [[1, 10], [11, 40]])
    assert grid.shape == (2, 2) and grid.dtype == np.float64 and grid[0, 0] == 8000.0 and grid[0, 1] == one
    zeros = hp.busiest_shard_bound(0, [[1, 2, 3]])
    assert zeros.shape == (1, 3) and zeros.dtype == np.float64 and not zeros.any()


def test_busiest_shard_bound_of_a_rate_that_underflows_per_shard_is_zero_and_finite():
    """5e-324 writes/s over 2 shards: W / N underflows to 0, the bound is 0 (not NaN from 0 × inf)."""
    assert hp.busiest_shard_bound(5e-324, 2) == 0.0
    assert hp.busiest_shard_bound(5e-324, [1, 2, 10**6]).tolist() == [5e-324, 0.0, 0.0]


@pytest.mark.parametrize(
    ("w", "n"), [(5e-324, 2), (5e-324, 1), (1e-323, 2), (1e-310, 3), (1e-300, 2), (0.0, 1), (1e12, MAX_COUNT)]
)
def test_the_write_models_compute_edge_values_without_floating_point_warnings(w, n):
    """A reader's notebook shows no RuntimeWarning at the edges (a rate that underflows per shard, one shard, a
    subnormal rate, the largest counts): each warning here is an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        b = hp.busiest_shard_bound(w, n)
        r = hp.expected_refused_writes(w, n, 0)
        d = hp.distinct_shards_written(n, n)
    assert 0 <= b <= w and math.isfinite(b)
    assert 0 <= r <= w and math.isfinite(r)
    assert 0 < d <= n


def test_busiest_shard_bound_refuses_out_of_range_rates_and_counts_by_name():
    _refused(lambda: hp.busiest_shard_bound(-1, 3), "write_rate = -1 is out of range: must be in [0, 1e+12]")
    _refused(
        lambda: hp.busiest_shard_bound(_above(1e12), 3),
        "write_rate = 1000000000000.0001 is out of range: must be in [0, 1e+12]",
    )
    _refused(lambda: hp.busiest_shard_bound(8000, 0), "n_shards = 0.0 is out of range: must be in [1, 9.0072e+15]")
    _refused(lambda: hp.busiest_shard_bound(8000, []), "n_shards = [] is empty: must hold at least one value in [1, 9.0072e+15]")


# --- distinct_shards_written: N (1 - (1 - 1/N)**k) -----------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 10])
@pytest.mark.parametrize("k", [0, 1, 2, 5, 25])
def test_distinct_shards_written_is_the_exact_expectation(k, n):
    exact = n * (1 - (1 - Fraction(1, n)) ** k)
    assert hp.distinct_shards_written(k, n) == pytest.approx(float(exact), rel=1e-12, abs=0)


def test_distinct_shards_written_with_no_writes_is_zero_for_any_shard_count():
    assert hp.distinct_shards_written(0, 1) == 0.0  # one shard, no writes: nothing written (not NaN)
    assert hp.distinct_shards_written([0, 1, 7], 1).tolist() == [0.0, 1.0, 1.0]
    assert hp.distinct_shards_written([0, 1, 5], 2).tolist() == [0.0, 1.0, 1.9375]


def test_distinct_shards_written_takes_fractional_and_largest_counts():
    assert hp.distinct_shards_written(MAX_COUNT, 10) == pytest.approx(10.0)
    assert hp.distinct_shards_written(0.5, 4) == pytest.approx(4 * (1 - 0.75**0.5))  # an expected count of writes
    assert hp.distinct_shards_written(3, MAX_COUNT) == pytest.approx(3.0)


def test_distinct_shards_written_refuses_out_of_range_inputs_by_name():
    _refused(lambda: hp.distinct_shards_written(-1, 3), "n_writes = -1.0 is out of range: must be in [0, 9.0072e+15]")
    _refused(
        lambda: hp.distinct_shards_written(2.0**54, 3),
        "n_writes = 1.8014398509481984e+16 is out of range: must be in [0, 9.0072e+15]",
    )
    _refused(lambda: hp.distinct_shards_written([], 3), "n_writes = [] is empty: must hold at least one value in [0, 9.0072e+15]")
    _refused(lambda: hp.distinct_shards_written(3, 0), "n_shards = 0 is out of range: must be in [1, 9.0072e+15]")
    _refused(
        lambda: hp.distinct_shards_written(3, MAX_COUNT + 1),
        "n_shards = 9007199254740993 is out of range: must be in [1, 9.0072e+15]",
    )


# --- expected_refused_writes ---------------------------------------------------------------------------------------


def test_expected_refused_writes_at_zero_capacity_is_every_write():
    """A shard that serves nothing refuses all it receives: E(X - 0)+ = mu on each, W in all."""
    assert hp.expected_refused_writes(8000, 10, 0) == pytest.approx(8000, rel=1e-12)
    assert hp.expected_refused_writes(1e12, [1, 7], 0).tolist() == pytest.approx([1e12, 1e12], rel=1e-12)
    assert hp.expected_refused_writes(1e12, 1, 0) == 1e12
    assert hp.expected_refused_writes(0, 3, 0) == 0.0


def test_expected_refused_writes_one_shard_against_the_poisson_sum():
    """One shard, mu = 3, capacity 2: E(X - 2)+ = sum over x > 2 of (x - 2) P(X = x)."""
    x = np.arange(3, 200)
    direct = float(np.sum((x - 2) * stats.poisson.pmf(x, 3.0)))
    assert hp.expected_refused_writes(3.0, 1, 2) == pytest.approx(direct, rel=1e-12)
    assert type(hp.expected_refused_writes(3.0, 1, 2)) is float


def test_expected_refused_writes_refuses_out_of_range_inputs_by_name():
    _refused(lambda: hp.expected_refused_writes(-1, 3, 10), "write_rate = -1 is out of range: must be in [0, 1e+12]")
    _refused(
        lambda: hp.expected_refused_writes(_above(1e12), 3, 10),
        "write_rate = 1000000000000.0001 is out of range: must be in [0, 1e+12]",
    )
    _refused(lambda: hp.expected_refused_writes(5, 3, -1), "shard_capacity = -1 is out of range: must be in [0, 9.0072e+15]")
    _refused(
        lambda: hp.expected_refused_writes(5, 3, -5e-324), "shard_capacity = -5e-324 is out of range: must be in [0, 9.0072e+15]"
    )


# --- shards_needed ----------------------------------------------------------------------------------------------------


def test_shards_needed_takes_each_parameters_range_and_refuses_by_name_outside():
    assert hp.shards_needed(0) == 1
    # a zero rate needs one shard, even of a budget that underflows to 0 writes/s (5e-324 × 5e-324)
    assert hp.shards_needed(0, partition_ceiling=5e-324, utilization=5e-324) == 1
    assert hp.shards_needed(0, partition_ceiling=5e-324, utilization=5e-324, n_partitions=3) == 1
    assert hp.shards_needed(1e12, partition_ceiling=2e12, utilization=0.5) == 1  # the largest rate, within a budget
    assert hp.shards_needed(8000, partition_ceiling=sys.float_info.max) == 1
    assert hp.shards_needed(1000, utilization=1) == 1  # 1,000 writes/s is exactly one partition's whole ceiling
    assert hp.shards_needed(0, units_per_write=sys.float_info.max) == 1
    assert hp.shards_needed(8000, units_per_write=5e-324) == 1  # a budget that overflows to inf carries anything
    for call, message in [
        (lambda: hp.shards_needed(-1), "write_rate = -1 is out of range: must be in [0, 1e+12]"),
        (lambda: hp.shards_needed(_above(1e12)), "write_rate = 1000000000000.0001 is out of range: must be in [0, 1e+12]"),
        (lambda: hp.shards_needed(8000, 0), "partition_ceiling = 0 is out of range: must be in (0, inf)"),
        (lambda: hp.shards_needed(8000, math.inf), "partition_ceiling = inf is out of range: must be in (0, inf)"),
        (lambda: hp.shards_needed(8000, -1.0), "partition_ceiling = -1.0 is out of range: must be in (0, inf)"),
        (lambda: hp.shards_needed(8000, utilization=0), "utilization = 0 is out of range: must be in (0, 1]"),
        (
            lambda: hp.shards_needed(8000, utilization=_above(1.0)),
            "utilization = 1.0000000000000002 is out of range: must be in (0, 1]",
        ),
        (lambda: hp.shards_needed(8000, utilization=-0.5), "utilization = -0.5 is out of range: must be in (0, 1]"),
        (lambda: hp.shards_needed(8000, units_per_write=0), "units_per_write = 0 is out of range: must be in (0, inf)"),
        (lambda: hp.shards_needed(8000, units_per_write=-1), "units_per_write = -1 is out of range: must be in (0, inf)"),
        (
            lambda: hp.shards_needed(8000, units_per_write=math.inf),
            "units_per_write = inf is out of range: must be in (0, inf)",
        ),
        (lambda: hp.shards_needed(8000, n_partitions=0), "n_partitions = 0 is out of range: must be in [1, 1e+07]"),
        (
            lambda: hp.shards_needed(8000, n_partitions=MAX_ELEMENTS + 1),
            "n_partitions = 10000001 is out of range: must be in [1, 1e+07]",
        ),
    ]:
        _refused(call, message)


def test_shards_needed_takes_ten_million_partitions():
    assert hp.shards_needed(1000, n_partitions=MAX_ELEMENTS) == 2  # two suffix keys on two of ten million partitions


def test_shards_needed_accepts_a_count_whose_bound_equals_the_budget():
    """The condition is ``bound <= budget``: a ceiling equal to the bound of N shards (utilization 1) needs N."""
    for w in (8000.0, 20_000.0, 1234.5):
        n = hp.shards_needed(w)
        at = hp.busiest_shard_bound(w, n)
        assert hp.busiest_shard_bound(w, n - 1) > at  # so N is the first count at or under that ceiling
        assert hp.shards_needed(w, partition_ceiling=at, utilization=1.0) == n
        assert hp.shards_needed(w, partition_ceiling=math.nextafter(at, 0), utilization=1.0) > n


@pytest.mark.parametrize("w", [1e11, 5e11, 15_361_202_000.0, 63_639_450_000.0, 406_029_830_000.0])
def test_shards_needed_finds_a_count_of_exactly_one_million(w):
    """The search covers every count up to one million: with a ceiling equal to the bound of 10**6 shards
    (utilization 1) the answer is 10**6, whatever the rate (the even split, ceil(W / ceiling), lies 8,192 or more
    below it: 991,808 for the last rate, 959,040 for 15,361,202,000)."""
    at = hp.busiest_shard_bound(w, 10**6)
    assert hp.busiest_shard_bound(w, 10**6 - 1) > at
    assert hp.shards_needed(w, partition_ceiling=at, utilization=1.0) == 10**6


@pytest.mark.parametrize("w", [1e11, 5e11, 15_361_202_000.0, 63_639_450_000.0, 406_029_830_000.0])
@pytest.mark.parametrize("above", [1, 2, 10, 4095])
def test_shards_needed_refuses_a_count_above_one_million(w, above):
    """When the first count that fits is above one million, the answer is the refusal its docstring promises, whatever
    the rate (1,000,001 was returned for the last rate before issue 49's mutation tests, 1,000,010 refused)."""
    at = hp.busiest_shard_bound(w, 10**6 + above)
    assert hp.busiest_shard_bound(w, 10**6) > at
    with pytest.raises(ValueError, match=rf"^write_rate = {w!r} needs more than 1,000,000 shards of "):
        hp.shards_needed(w, partition_ceiling=at, utilization=1.0)


def test_shards_needed_messages_give_the_shard_ceiling_in_wcu():
    """A write of 2 units: a budget of 0.8 × 1,000 / 2 = 400 writes/s per shard, which is 800 WCU/s."""
    inputs = "partition_ceiling = 1000.0 × utilization = 0.8, units_per_write = 2.0"
    _refused(
        lambda: hp.shards_needed(1e12, units_per_write=2),
        f"write_rate = 1000000000000.0 needs more than 1,000,000 shards of 800 WCU/s ({inputs})",
    )
    _refused(
        lambda: hp.shards_needed(8, partition_ceiling=20, utilization=0.125, units_per_write=2),  # 1.25 writes/s a shard
        "write_rate = 8.0 needs more than 1,000,000 shards of 2.5 WCU/s "
        "(partition_ceiling = 20.0 × utilization = 0.125, units_per_write = 2.0)",
    )
    _refused(
        lambda: hp.shards_needed(4000, units_per_write=2, n_partitions=8),
        f"write_rate = 4000.0 is more than n_partitions = 8 carry at 800 WCU/s each ({inputs}): no suffix count helps",
    )
    _refused(
        lambda: hp.shards_needed(3150, units_per_write=2, n_partitions=8),
        "write_rate = 3150.0 needs more than 8 partitions: no suffix count up to 1,600 keeps each under 800 WCU/s",
    )


def test_shards_needed_on_partitions_that_carry_the_rate_only_evenly_names_the_keys_tried():
    """8 partitions of 800 writes/s carry 6,400 writes/s only if the suffix keys fill them exactly evenly, which hashing
    never does: refused as needing more partitions, not as more than they carry; 100 × (8 + 8) = 1,600 keys tried."""
    for w in (6300.0, 6400.0):
        _refused(
            lambda w=w: hp.shards_needed(w, n_partitions=8),
            f"write_rate = {w!r} needs more than 8 partitions: no suffix count up to 1,600 keeps each under 800 WCU/s",
        )
    _refused(
        lambda: hp.shards_needed(_above(6400.0), n_partitions=8),
        "write_rate = 6400.000000000001 is more than n_partitions = 8 carry at 800 WCU/s each "
        "(partition_ceiling = 1000.0 × utilization = 0.8, units_per_write = 1.0): no suffix count helps",
    )


def _placed_bounds(w: float, p: int, base_key: str = "HOT", keys: int = 600) -> list[float]:
    """The documented rule for N suffix keys ``base_key#0 .. #N-1`` hashed onto ``p`` partitions: the fullest partition
    carries W k_max / N on average, and the busiest-shard bound applies over the occupied partitions (capped at W)."""
    where = hp.partition_of([f"{base_key}#{i}" for i in range(keys)], p)
    per_partition = np.zeros(p, dtype=np.int64)
    out = []
    for n, part in enumerate(where, start=1):
        per_partition[part] += 1
        occupied = int(np.count_nonzero(per_partition))
        mean = w * per_partition.max() / n
        out.append(min(w, hp.busiest_shard_bound(mean * occupied, occupied)))
    return out


@pytest.mark.parametrize(("w", "p"), [(3000.0, 20), (8000.0, 20), (8000.0, 40), (8000.0, 100), (12_000.0, 40), (12_000.0, 500)])
@pytest.mark.parametrize("base_key", ["HOT", "hot", "user#42"])
def test_shards_needed_on_partitions_follows_the_documented_rule(w, p, base_key):
    bounds = _placed_bounds(w, p, base_key)
    expected = next(n for n, b in enumerate(bounds, start=1) if b <= BUDGET)
    assert hp.shards_needed(w, n_partitions=p, base_key=base_key) == expected


def test_shards_needed_on_partitions_suffixes_the_hot_key_by_default():
    """Without base_key the suffix keys are HOT#0, HOT#1, ...: 22 for 8,000 writes/s on 40 partitions (hot#i need 55)."""
    for w, p in [(8000.0, 40), (8000.0, 100), (12_000.0, 40), (8000.0, 500)]:
        assert hp.shards_needed(w, n_partitions=p) == hp.shards_needed(w, n_partitions=p, base_key="HOT")
    assert hp.shards_needed(8000, n_partitions=40) == 22
    assert hp.shards_needed(8000, n_partitions=40, base_key="hot") == 55


def test_shards_needed_on_partitions_accepts_a_bound_equal_to_the_budget():
    """8,000 writes/s on 100 partitions: with a ceiling equal to the bound of 22 suffix keys (utilization 1), 22
    keys; one float below it, more."""
    bounds = _placed_bounds(8000.0, 100, keys=40)
    at = bounds[21]
    assert min(bounds[:21]) > at  # 22 is the first count at or under that ceiling
    assert hp.shards_needed(8000, partition_ceiling=at, utilization=1.0, n_partitions=100) == 22
    assert hp.shards_needed(8000, partition_ceiling=math.nextafter(at, 0), utilization=1.0, n_partitions=100) > 22


def test_shards_needed_on_partitions_tries_the_last_suffix_key_of_its_search():
    """1,000 writes/s on 2 partitions, suffix keys A#0, A#1, ...: the search tries 100 × (2 + 2) = 400 keys, and with a
    ceiling equal to the bound of the 400th (a record low) it is the answer; one float below, none up to 400 is."""
    bounds = _placed_bounds(1000.0, 2, "A", keys=400)
    at = bounds[399]
    assert min(bounds[:399]) > at and math.ceil(1000.0 / at) == 2
    assert hp.shards_needed(1000, partition_ceiling=at, utilization=1.0, n_partitions=2, base_key="A") == 400
    _refused(
        lambda: hp.shards_needed(1000, partition_ceiling=math.nextafter(at, 0), utilization=1.0, n_partitions=2, base_key="A"),
        "write_rate = 1000.0 needs more than 2 partitions: no suffix count up to 400 keeps each under 545 WCU/s",
    )


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (0, "n_partitions = 0 is out of range: must be in [1, 1e+07]"),
        (-5, "n_partitions = -5 is out of range: must be in [1, 1e+07]"),
        (2.5, "n_partitions = 2.5 is not a whole number: must be in [1, 1e+07]"),
        ("abc", "n_partitions = 'abc' is a string, not a number: must be in [1, 1e+07]"),
        (True, "n_partitions = True is a bool, not a number: must be in [1, 1e+07]"),
        (MAX_ELEMENTS + 1, "n_partitions = 10000001 is out of range: must be in [1, 1e+07]"),
    ],
)
def test_shards_needed_refuses_a_bad_partition_count_even_when_one_shard_carries_the_rate(bad, message):
    """500 writes/s fit one shard (budget 800), yet a partition count of 0 is no table: refused by name, as for
    8,000 writes/s (it was answered 1 before issue 49's mutation tests found it)."""
    for w in (0.0, 500.0, BUDGET, 8000.0):
        _refused(lambda w=w: hp.shards_needed(w, n_partitions=bad), message)
    assert hp.shards_needed(500, n_partitions=1) == 1 == hp.shards_needed(BUDGET, n_partitions=MAX_ELEMENTS)


@pytest.mark.parametrize("base_key", [5, None, b"HOT", ["HOT"]])
def test_shards_needed_refuses_a_base_key_that_is_not_a_string(base_key):
    # refused whatever the rate: 100 writes/s needs one shard, yet the key that would be hashed is not a key
    with pytest.raises(
        ValueError, match=rf"^base_key = {re.escape(repr(base_key))} is not a string: partition keys must be str$"
    ):
        hp.shards_needed(100, n_partitions=4, base_key=base_key)
