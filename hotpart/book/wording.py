"""Captions and prompts that read right: a count with its noun in the right number, never "1 suffixes" or "(s)".

Figures' captions and chapters' glued sentences call :func:`plural` wherever a computed count meets a noun.
"""

from __future__ import annotations

import numbers
import re

__all__ = ["plural"]

#: Nouns whose plural the rules below would get wrong.
_IRREGULAR = {"index": "indexes", "child": "children", "datum": "data", "person": "people", "matrix": "matrices"}


def _plural_of(noun: str) -> str:
    """The plural of an English noun (the last word of ``noun`` takes it): ``"suffix"`` -> ``"suffixes"``."""
    head, _, last = noun.rpartition(" ")
    lower = last.lower()
    if lower in _IRREGULAR:
        word = _IRREGULAR[lower]
        word = word.capitalize() if last[:1].isupper() else word
    elif re.search(r"(s|x|z|ch|sh)$", lower):
        word = last + "es"
    elif re.search(r"[^aeiou]y$", lower):
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def plural(count: float, noun: str, plural: str | None = None, fmt: str = ",") -> str:
    """A count and its noun, singular for exactly one, plural otherwise: ``"1 suffix"``, ``"10 suffixes"``.

    The number is written with ``fmt`` (thousands separated by default), and the noun is singular when the number
    as written is ``1`` (``"1.0 requests"``, as English writes it).

    Parameters
    ----------
    count : int or float
        The count, finite.
    noun : str
        The singular noun (several words: the last takes the plural, ``"partition key"`` -> ``"partition keys"``).
    plural : str, optional
        The plural, when the rules (``-es`` after s, x, z, ch and sh; ``-ies`` after a consonant and y; else ``-s``)
        would get it wrong.
    fmt : str
        The format specification of the number (``","``, ``",.0f"``, ``".1f"``).

    Returns
    -------
    str
        ``"<number> <noun>"``.

    Examples
    --------
    >>> plural(1, "suffix"), plural(10, "suffix"), plural(0, "request"), plural(2_500, "partition key")
    ('1 suffix', '10 suffixes', '0 requests', '2,500 partition keys')
    >>> plural(1.0, "request", fmt=".1f"), plural(3, "retry"), plural(2, "day"), plural(1, "shard", fmt=",.0f")
    ('1.0 requests', '3 retries', '2 days', '1 shard')
    >>> plural(2, "index"), plural(2, "criterion", "criteria")
    ('2 indexes', '2 criteria')
    >>> plural(float("nan"), "shard")
    Traceback (most recent call last):
    ...
    ValueError: count = nan is not a finite number
    """
    if isinstance(count, bool) or not isinstance(count, numbers.Real) or count != count or abs(count) == float("inf"):
        raise ValueError(f"count = {count!r} is not a finite number")
    if not isinstance(count, (int, float)):  # a Fraction, a numpy number: formatted as the float it is
        count = int(count) if isinstance(count, numbers.Integral) or count == int(count) else float(count)
    if not isinstance(noun, str) or not noun.strip():
        raise ValueError(f"noun = {noun!r} is not allowed: must be a non-empty word")
    text = format(count, fmt)
    if text.lstrip("-") == "1":
        return f"{text} {noun}"
    return f"{text} {plural if plural is not None else _plural_of(noun)}"
