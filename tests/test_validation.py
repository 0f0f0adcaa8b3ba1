import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hotpart.models._validation import (
    MAX_ELEMENTS,
    check_array,
    check_broadcast,
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


# --- issue 39: lists where a scalar belongs, arrays of the wrong dimension or size, shapes that do not broadcast ----


@pytest.mark.parametrize(
    ("bad", "kind"),
    [
        ([5.0, 2.0], "a list"),
        ([5.0], "a list"),
        ((5.0, 2.0), "a tuple"),
        (np.array([5.0, 2.0]), "an array of shape (2,)"),
        (np.array([[5.0]]), "an array of shape (1, 1)"),
    ],
)
def test_a_scalar_parameter_refuses_several_values_by_name_whatever_their_size(bad, kind):
    for check in (check_number, check_integer, check_count):
        with pytest.raises(ValueError, match=rf"^n_shards = .* is {re.escape(kind)}, not a number: must be "):
            check("n_shards", bad, low=1)


@given(st.floats(min_value=-1e300, max_value=1e300))
def test_numpy_scalars_and_0d_arrays_are_scalars(x):
    assert check_number("x", np.float64(x)) == check_number("x", np.array(x)) == x


@given(st.integers(min_value=0, max_value=2**53))
def test_numpy_integers_and_0d_integer_arrays_are_counts(n):
    assert check_count("n", np.int64(n)) == check_count("n", np.array(n)) == n


def test_a_list_of_ten_million_is_not_spelled_out():
    with pytest.raises(ValueError) as info:
        check_number("rate", [1.0] * MAX_ELEMENTS, low=0)
    assert len(str(info.value)) < 120


def test_a_python_int_beyond_float64_is_out_of_range_by_name():
    with pytest.raises(ValueError, match=r"^rate = \d+ is out of range: must be >= 0$"):
        check_number("rate", 2**1024, low=0)


def test_check_array_refuses_the_wrong_dimension_by_name_and_shape():
    with pytest.raises(ValueError, match=r"^counts has 2 dimensions \(shape \(2, 3\)\): must be a 1-D array of values >= 0$"):
        check_array("counts", np.ones((2, 3)), low=0, ndim=1)
    with pytest.raises(ValueError, match=r"^capacities has 0 dimensions \(shape \(\)\): must be a 1-D array"):
        check_array("capacities", 5.0, low=0, ndim=1)
    with pytest.raises(ValueError, match=r"must be a number or a 1-D array of values"):
        check_counts("n_shards", [[1, 2]], low=1, ndim=(0, 1))
    assert check_array("x", 5.0, ndim=(0, 1)).shape == ()
    assert check_array("x", np.ones((2, 3))).shape == (2, 3)  # ndim=None: any shape (an elementwise parameter)


def test_check_array_bounds_the_size_before_it_reads_the_values():
    assert check_array("x", np.ones(10), max_size=10).size == 10
    with pytest.raises(ValueError, match=r"^clients has 11 values: must have at most 10$"):
        check_counts("clients", np.full(11, np.nan), low=1, max_size=10)  # refused for its size, not its NaN


def test_check_broadcast_names_both_parameters_and_their_shapes():
    assert check_broadcast(("q", np.ones((2, 1))), ("n", np.ones(3))) == (2, 3)
    with pytest.raises(ValueError, match=r"^items \(shape \(3,\)\) and refused_share \(shape \(2,\)\) do not broadcast"):
        check_broadcast(("items", np.ones(3)), ("refused_share", np.ones(2)))
    with pytest.raises(ValueError, match=r"^q \(shape \(6,\)\) and n \(shape \(\)\) broadcast to 6 values: must be at most 5$"):
        check_broadcast(("q", np.ones(6)), ("n", np.ones(())), max_size=5)


def test_check_seed_takes_exact_kinds_exactly():
    """A Decimal or Fraction seed is converted without a float's 53 bits: the largest seed and 2**53 + 1 survive."""
    from decimal import Decimal
    from fractions import Fraction

    from hotpart.models._validation import MAX_SEED, check_seed

    assert check_seed("seed", Decimal(MAX_SEED)) == MAX_SEED
    assert check_seed("seed", Decimal(2**53 + 1)) == 2**53 + 1
    assert check_seed("seed", Fraction(10, 2)) == 5
    for bad in (Decimal(MAX_SEED + 1), Decimal("NaN"), Decimal("1.5"), Fraction(1, 3), Decimal(-1)):
        with pytest.raises(ValueError, match="seed = "):
            check_seed("seed", bad)
