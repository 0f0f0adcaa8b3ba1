import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hotpart._validation import check_array, check_choice, check_integer, check_number


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
