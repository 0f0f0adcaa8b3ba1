"""Write sharding's :func:`hotpart.suffixes_fit_share` at the edges mutation testing found unwatched (issue 49, part
6): each refusal's exact message (the parameter's name, the value and the range allowed) at the first value outside
its range, the least values inside it (no writes, one trial, a ceiling under 1 WCU/s), and the defaults (20,000
trials, seed 0) as a reader sees them.

Every expected number is worked out in the comment beside it.
"""

from __future__ import annotations

import re

import pytest

import hotpart as hp

_SEED_RANGE = "a whole number from 0 to 18,446,744,073,709,551,615 (results are repeatable only with a seed)"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        # the rate's range is [0, 1e12]: 1e12 + 1 (a float exactly) is the next whole rate, refused
        ({"write_rate": 1e12 + 1}, "write_rate = 1000000000001.0 is out of range: must be in [0, 1e+12]"),
        # 10,000 suffix keys and 10,000 partitions at most, 1 at least
        ({"n_suffixes": 10_001}, "n_suffixes = 10001 is out of range: must be in [1, 10000]"),
        ({"n_partitions": 0}, "n_partitions = 0 is out of range: must be in [1, 10000]"),
        ({"n_partitions": 10_001}, "n_partitions = 10001 is out of range: must be in [1, 10000]"),
        # a ceiling is positive and finite: both ends of (0, inf) are open
        ({"partition_ceiling": 0.0}, "partition_ceiling = 0.0 is out of range: must be in (0, inf)"),
        ({"partition_ceiling": float("inf")}, "partition_ceiling = inf is out of range: must be in (0, inf)"),
        # a shard may use at most all of its ceiling: (0, 1]
        ({"utilization": 0.0}, "utilization = 0.0 is out of range: must be in (0, 1]"),
        ({"utilization": 1.5}, "utilization = 1.5 is out of range: must be in (0, 1]"),
        ({"units_per_write": 0.0}, "units_per_write = 0.0 is out of range: must be in (0, inf)"),
        ({"units_per_write": float("inf")}, "units_per_write = inf is out of range: must be in (0, inf)"),
        # 1 to a million placements; 10**6 written by :g is 1e+06
        ({"trials": 0}, "trials = 0 is out of range: must be in [1, 1e+06]"),
        ({"trials": 10**6 + 1}, "trials = 1000001 is out of range: must be in [1, 1e+06]"),
        ({"seed": -1}, f"seed = -1 is out of range: must be {_SEED_RANGE}"),
    ],
)
def test_each_refusal_names_the_parameter_its_value_and_the_range(kwargs, message):
    # one key, one partition, one trial: a mutant that lets the value through returns at once instead of refusing
    args = {"write_rate": 100.0, "n_suffixes": 1, "n_partitions": 1, "trials": 1, **kwargs}
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        hp.suffixes_fit_share(**args)


def test_the_least_values_allowed_give_a_share():
    # no writes at all: the bound is min(0, ...) = 0 <= the 800 budget, so every placement fits
    assert hp.suffixes_fit_share(0.0, 3, 2) == 1.0
    # one placement is enough for a share: one key on one partition at 100 writes/s fits the 800 budget
    assert hp.suffixes_fit_share(100.0, 1, 1, trials=1) == 1.0
    # a ceiling under 1 WCU/s is a ceiling: 80% of 0.5 = 0.4, so 0.4 writes/s fit and 0.5 do not
    assert hp.suffixes_fit_share(0.4, 1, 1, 0.5) == 1.0
    assert hp.suffixes_fit_share(0.5, 1, 1, 0.5) == 0.0


def test_the_defaults_are_20_000_trials_with_seed_0():
    # chapter 17's 7 suffixes on 8 partitions: the default call is the one with trials=20_000 and seed=0 spelt out,
    # so its share is a whole number of 20,000ths (about 0.64, so about 12,800 placements fit)
    share = hp.suffixes_fit_share(1_200, 7, 8, 1_000, units_per_write=2)
    assert share == hp.suffixes_fit_share(1_200, 7, 8, 1_000, units_per_write=2, trials=20_000, seed=0)
    assert (share * 20_000).is_integer()
    assert share != hp.suffixes_fit_share(1_200, 7, 8, 1_000, units_per_write=2, trials=20_000, seed=1)
