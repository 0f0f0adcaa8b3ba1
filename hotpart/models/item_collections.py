"""Item collections: how much one partition-key value holds over time, and what reading it with Query costs.

:func:`item_collection_gb` and :func:`days_to_collection_limit` (the 10 GB limit of a table with a local secondary
index), :func:`query_cost` and :class:`QueryRead` (read units of a paged Query, with or without a filter).
Chapter 4 (``notebooks/04_composite_keys.ipynb``) teaches them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import check_array, check_choice, check_count, check_number
from .capacity import read_units
from .constants import ITEM_COLLECTION_MAX_GB, ITEM_MAX_BYTES, QUERY_PAGE_MAX_BYTES

__all__ = [
    "QueryRead",
    "days_to_collection_limit",
    "item_collection_gb",
    "query_cost",
]

#: Seconds per day.
_DAY_S = 86_400.0
#: Bytes per gigabyte: DynamoDB's sizes are binary, 1 GB = 1024 MB (SOURCES["DYNAMODB_BINARY_SIZE_UNITS"]).
_GB = 1024**3


def item_collection_gb(
    writes_per_s: ArrayLike, item_bytes: float, days: ArrayLike, window_days: float = math.inf
) -> NDArray[np.float64]:
    """Size of one item collection (the items sharing a partition-key value) after ``days`` of writes, GB.

    A key written ``writes_per_s`` times a second with items of
    ``item_bytes`` grows by ``writes_per_s * item_bytes * 86,400`` bytes a
    day, until ``window_days`` (a key that stops receiving writes: a date,
    or ``deviceId#YYYY-MM`` after its month) caps it.

    Parameters
    ----------
    writes_per_s : array_like
        New items per second under the key, in ``[0, 1e12]``.
    item_bytes : float
        Bytes per item, in ``[0, 400 KB]`` (DynamoDB's item size limit).
    days : array_like
        Elapsed days, in ``[0, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`). An empty array is refused.
    window_days : float
        Days after which the key receives no more items, ``> 0`` (default never).

    Returns
    -------
    numpy.ndarray
        GB (DynamoDB's binary GB, 2**30 bytes), broadcast over ``writes_per_s`` and ``days``.

    Examples
    --------
    >>> item_collection_gb(1.0, 500, [1, 365]).round(4)
    array([ 0.0402, 14.6851])
    >>> item_collection_gb(1.0, 500, [365], window_days=31).round(4)
    array([1.2472])
    """
    w = check_array("writes_per_s", writes_per_s, low=0, high=1e12, empty=False)
    b = check_number("item_bytes", item_bytes, low=0, high=ITEM_MAX_BYTES)
    d = check_array("days", days, low=0, high=_MAX_COUNT, empty=False)
    try:
        np.broadcast_shapes(w.shape, d.shape)
    except ValueError:
        raise ValueError(f"writes_per_s has shape {w.shape} and days {d.shape}: they must broadcast together") from None
    win = check_number("window_days", window_days, low=0, low_open=True)
    return w * b * np.minimum(d, win) * _DAY_S / _GB


def days_to_collection_limit(writes_per_s: float, item_bytes: float, limit_gb: float = ITEM_COLLECTION_MAX_GB) -> float:
    """Days until one key's item collection reaches ``limit_gb`` (the 10 GB limit with an LSI); inf if never.

    Parameters
    ----------
    writes_per_s : float
        New items per second under the key, ``>= 0`` and finite; 0 never fills it (the result is ``inf``).
    item_bytes : float
        Bytes per item, in ``[0, ITEM_MAX_BYTES]`` (:data:`hotpart.ITEM_MAX_BYTES`, DynamoDB's 400 KB item limit);
        0 never fills it (the result is ``inf``).
    limit_gb : float
        The collection's limit, GB (2**30 bytes), ``> 0`` and finite.

    Returns
    -------
    float
        Days, ``> 0``; ``inf`` exactly when the collection never grows (documented, not an error).

    Examples
    --------
    >>> round(days_to_collection_limit(1.0, 500), 1)
    248.6
    """
    w = check_number("writes_per_s", writes_per_s, low=0, high=math.inf, high_open=True)
    b = check_number("item_bytes", item_bytes, low=0, high=ITEM_MAX_BYTES)
    lim = check_number("limit_gb", limit_gb, low=0, high=math.inf, low_open=True, high_open=True)
    rate = w * b * _DAY_S / _GB
    return lim / rate if rate > 0 else math.inf


@dataclass(frozen=True)
class QueryRead:
    """What one logical Query (all its pages) reads, returns and costs.

    Parameters
    ----------
    items_read : int
        Items that match the key condition (partition key and sort-key range): what DynamoDB reads.
    items_returned : int
        Items left after a filter expression (equal to ``items_read`` without one).
    bytes_read : float
        Bytes read, ``items_read * item_bytes``.
    pages : int
        Query calls needed, one per page of at most :data:`QUERY_PAGE_MAX_BYTES`.
    read_units : float
        Read units consumed: each page's bytes summed, rounded up to 4 KB, times
        0.5 (eventually consistent, the default) or 1 (strongly consistent).
    partition_keys : int
        Partition-key values (item collections) the reads touch, one Query each.

    The counts are whole numbers in ``[0, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`), the bytes and
    units finite and ``>= 0``; anything else raises ``ValueError`` naming the field.

    Examples
    --------
    >>> query_cost(items_read=1_800, item_bytes=500)
    QueryRead(items_read=1800, items_returned=1800, bytes_read=900000.0, pages=1, read_units=110.0, partition_keys=1)
    """

    items_read: int
    items_returned: int
    bytes_read: float
    pages: int
    read_units: float
    partition_keys: int

    def __post_init__(self) -> None:
        for name in ("items_read", "items_returned", "pages", "partition_keys"):
            object.__setattr__(self, name, check_count(name, getattr(self, name)))
        for name in ("bytes_read", "read_units"):
            object.__setattr__(self, name, check_number(name, getattr(self, name), low=0, high=math.inf, high_open=True))


def query_cost(
    items_read: int,
    item_bytes: float,
    items_returned: int | None = None,
    consistency: str = "eventual",
    partition_keys: int = 1,
) -> QueryRead:
    """Read units of a Query that reads ``items_read`` items of ``item_bytes`` each, paged at 1 MB.

    A Query sums the sizes of the items it reads on one page and rounds the
    total up to a multiple of 4 KB (not each item); eventually consistent
    reads, boto3's default, cost half. A filter expression does not lower
    the cost: it drops items after they are read. A page holds as many whole
    items as fit in :data:`QUERY_PAGE_MAX_BYTES`. With ``partition_keys > 1``
    the items are spread evenly over that many item collections (one Query
    each, for example one per day of a date key or one per period table).

    Parameters
    ----------
    items_read : int
        Items matched by the key condition, ``>= 0``.
    item_bytes : float
        Bytes per item, in ``(0, 400 KB]``.
    items_returned : int, optional
        Items left after a filter, in ``[0, items_read]`` (default: all).
    consistency : {"eventual", "strong"}
        The read consistency (``ConsistentRead=False`` is the default).
    partition_keys : int
        Item collections queried, ``>= 1``.

    Returns
    -------
    QueryRead

    Examples
    --------
    >>> query_cost(3, 1_500).read_units  # 4,500 bytes: two 4 KB blocks, halved
    1.0
    >>> query_cost(3, 1_500, consistency="strong").read_units
    2.0
    """
    n = check_count("items_read", items_read, low=0)
    b = check_number("item_bytes", item_bytes, low=0, high=ITEM_MAX_BYTES, low_open=True)
    kept = n if items_returned is None else check_count("items_returned", items_returned, low=0, high=n)
    check_choice("consistency", consistency, ("eventual", "strong"))
    keys = check_count("partition_keys", partition_keys, low=1)
    # items per page; when all ``n`` fit on one page the count is not needed (and a subnormal ``b`` makes it inf)
    per_page = n + 1 if b * (n + 1) <= QUERY_PAGE_MAX_BYTES else max(1, int(QUERY_PAGE_MAX_BYTES // b))
    pages, units = 0, 0.0
    base, extra = divmod(n, keys)
    for count, how_many in ((base + 1, extra), (base, keys - extra)):
        if how_many == 0:
            continue
        full, rest = divmod(count, per_page)
        # ``full`` pages of one size and maybe a last one: their units summed exactly (Fraction), then rounded
        # once, which is what math.fsum gives over the pages one by one, at any page count
        exact = Fraction(float(read_units(per_page * b, consistency))) * full if full else Fraction(0)
        if rest or count == 0:
            exact += Fraction(float(read_units(rest * b, consistency)))
        pages += how_many * (full + (1 if rest or count == 0 else 0))
        units += how_many * float(exact)
    return QueryRead(n, kept, n * b, pages, units, keys)
