import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hotpart.models._validation import (
    MAX_ELEMENTS,
    check_array,
    check_choice,
    check_count,
    check_counts,
    check_integer,
    check_number,
    check_seed,
)


@pytest.mark.parametrize("bad", [float("nan"), "x", None, True, [1]])
def test_check_number_rejects_non_numbers_and_names_the_parameter(bad):
    with pytest.raises(ValueError, match=r"^rate = .* must be >= 0"):
        check_number("rate", bad, low=0)


def test_check_number_message_names_value_and_range():
    with pytest.raises(ValueError) as info:
        check_number("hot_share", 1.5, low=0, high=1)
    assert str(info.value) == "hot_share = 1.5 is out of range: must be in [0, 1]"


def test_open_bounds_exclude_the_bound():
    assert check_number("x", 0, low=0) == 0
    with pytest.raises(ValueError, match=r"must be > 0"):
        check_number("x", 0, low=0, low_open=True)
    with pytest.raises(ValueError, match="out of range"):
        check_number("x", math.inf, low=0, high=math.inf, high_open=True)


def test_check_integer_accepts_integral_floats_only():
    assert check_integer("n", 3.0, low=1) == 3
    with pytest.raises(ValueError, match="not a whole number"):
        check_integer("n", 3.5, low=1)


def test_check_array_names_first_bad_element():
    with pytest.raises(ValueError, match=r"demand\[2\] = nan"):
        check_array("demand", [1.0, 2.0, np.nan], low=0)
    with pytest.raises(ValueError, match=r"demand\[1, 0\] = -1.0"):
        check_array("demand", [[1.0], [-1.0]], low=0)


def test_check_choice_lists_the_options():
    with pytest.raises(ValueError, match="must be one of 'a', 'b'"):
        check_choice("mode", "c", ("a", "b"))


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_check_number_returns_the_value_when_in_range(x):
    assert check_number("x", x) == x


# --- counts and seeds (issue 15) ---------------------------------------------------------------


def test_max_count_is_the_largest_exact_float64_count():
    from hotpart.models._validation import MAX_COUNT

    assert MAX_COUNT == 2**53
    assert float(MAX_COUNT - 1) + 1.0 == MAX_COUNT  # every count up to it is exact
    assert float(MAX_COUNT) + 1.0 == MAX_COUNT  # the next whole number is not: a unit is lost


@pytest.mark.parametrize("bad", [1e300, math.inf, -1, math.nan, "abc", None, 2.5])
def test_check_count_refuses_by_name(bad):
    with pytest.raises(ValueError, match=r"^n_keys = "):
        check_count("n_keys", bad, low=1)


def test_check_count_bounds_array_sizes():
    assert check_count("n", MAX_ELEMENTS, high=MAX_ELEMENTS) == MAX_ELEMENTS
    with pytest.raises(ValueError, match=r"^n = 10000001 is out of range"):
        check_count("n", MAX_ELEMENTS + 1, high=MAX_ELEMENTS)


def test_check_integer_compares_python_ints_exactly():
    assert check_integer("n", 2**62 + 1, low=1, high=2**63) == 2**62 + 1  # a float would round it to 2**62
    with pytest.raises(ValueError, match=r"^n = 9223372036854775809 is out of range"):
        check_integer("n", 2**63 + 1, low=1, high=2**63)


@pytest.mark.parametrize("bad", [[1e19], [2.5], [math.nan], "abc", None])
def test_check_counts_refuses_by_name(bad):
    with pytest.raises(ValueError, match=r"^n_shards"):
        check_counts("n_shards", bad, low=1)


@given(st.lists(st.integers(min_value=1, max_value=2**53), min_size=1, max_size=5))
def test_check_counts_keeps_every_count_exactly(counts):
    assert check_counts("n", counts, low=1).tolist() == counts


@pytest.mark.parametrize("bad", [None, -1, "abc", math.nan, 1.5, 2**64])
def test_check_seed_refuses_by_name(bad):
    with pytest.raises(ValueError, match=r"^seed = "):
        check_seed("seed", bad)
