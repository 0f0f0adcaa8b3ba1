"""The workload a design must carry: access patterns, their peak rates, item sizes, and how requests spread over keys.

Chapter 17 (``notebooks/17_before_you_deploy.ipynb``) is built on this module and on :mod:`hotpart.models.plan`.
A workload file is YAML or JSON, validated with jsonschema against :func:`workload_schema`. It is shaped so that the
input of the AWS Labs DynamoDB MCP server's cost and performance calculator (``access_pattern_list`` of records with
``pattern``, ``description``, ``table``, ``operation``, ``rps``, ``item_size_bytes``, ``item_count``, ``gsi``,
``strongly_consistent``, ``gsi_list``; ``table_list`` of tables with ``name``, ``item_count``, ``item_size_bytes``
and their ``gsi_list``) is a workload as it is, once each pattern says how its requests spread over keys
(``spread``). What the course adds to a record:

* ``spread``: the keys a pattern's requests fall on. ``keys`` (a count, or a count per partition-key attribute
  of a multi-attribute key) with ``zipf`` (an exponent) or ``top_share`` (the hottest key's share, the rest even),
  or even when neither is given; ``shares`` (a low-cardinality key: each value's weight); ``design``, one of the
  course's key designs (:data:`hotpart.KEY_DESIGNS`: a date, a status, a user type, a flash sale's popular item,
  or a high-cardinality ID) with its knobs; or ``sample_items: true``, the partition-key values of a NoSQL
  Workbench model's sample items, weighted by how many items carry each. Then what the key holds:
  ``items_per_key`` (an item collection), ``sort_key: monotonic`` (traffic on the newest item), and
  ``suffixes`` with ``suffix`` (write sharding already in the design: each key written over that many suffixed
  keys, random or calculated);
* ``index_spread``: for a write, the same description of its items' values of each global index's partition key
  (keyed by index name), when it differs from the table's key;
* ``shape``: ``steady`` (the peak held for the peak hour), ``daily`` (the peak hour of a daily cycle, yesterday's
  peak as high), ``launch`` (traffic jumps from ``from_rps`` to the peak and stays) or ``spike`` (from
  ``from_rps`` to the peak for ``duration_s`` seconds);
* ``key``: the partition-key attribute(s) the spread describes, checked against the definition;
* ``table_list`` entries may add ``previous_peak_read_units`` and ``previous_peak_write_units`` (an existing
  on-demand table's previous peak, units/s).

:func:`read_workload` reads and checks a file (bad input raises :class:`hotpart.ExportError`: one line naming the
file and the field) into a :class:`Workload` of :class:`AccessPattern` objects; :meth:`Spread.distribution` turns a
spread into the course's key popularity (:class:`hotpart.Zipf`, :class:`hotpart.Uniform`, :class:`hotpart.Boosted`,
:class:`hotpart.Categorical`, :class:`hotpart.DateKey`, :class:`hotpart.FlashSale`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeVar

import numpy as np

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import check_choice, check_count, check_number
from .capacity import read_units, write_units
from .constants import ITEM_MAX_BYTES
from .key_designs import DESIGN_KEYS, KEY_DESIGNS, Categorical, key_design
from .metric_data import ExportError
from .skew import Boosted, KeyDistribution, Uniform, Zipf
from .write_sharding import query_units

__all__ = [
    "OPERATIONS",
    "SHAPES",
    "WORKLOAD_SCHEMA_VERSION",
    "AccessPattern",
    "Shape",
    "Spread",
    "TableStats",
    "Workload",
    "read_workload",
    "workload_schema",
]

_T = TypeVar("_T")

#: The version of :func:`workload_schema` (a workload may say ``schema_version: 1``).
WORKLOAD_SCHEMA_VERSION: Final[str] = "1"
#: Each operation a pattern may name and the capacity it uses: the MCP calculator's DynamoDB operations, and the
#: course's short names.
OPERATIONS: Final[dict[str, str]] = {
    "GetItem": "read",
    "BatchGetItem": "read",
    "TransactGetItems": "read",
    "Query": "read",
    "Scan": "read",
    "PutItem": "write",
    "UpdateItem": "write",
    "DeleteItem": "write",
    "BatchWriteItem": "write",
    "TransactWriteItems": "write",
    "read": "read",
    "query": "read",
    "write": "write",
}
#: The operations whose ``item_count`` items are each a key of their own, priced one by one.
_BATCHES = ("BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems")
#: The shapes of a pattern's traffic in time.
SHAPES: Final[tuple[str, ...]] = ("steady", "daily", "launch", "spike")
#: The largest item DynamoDB stores, bytes (400 KB: :data:`hotpart.ITEM_MAX_BYTES`).
_MAX_ITEM_BYTES = ITEM_MAX_BYTES
#: Far above any rate a table is given (the default per-table quota is 40,000 units/s).
_MAX_RPS = 1e9
#: The most distinct partition-key values a spread describes (and a popular-item catalogue's items).
_MAX_KEYS = 10**15
#: The most items a request touches (a Query's page, a batch, a transaction), as the schema says.
_MAX_ITEMS_PER_REQUEST = 1000
#: The ways a spread's key, and its write-sharding suffix, may be chosen.
_SORT_KEYS = ("random", "monotonic")
_SUFFIXES = ("random", "calculated")
#: Each key design's knobs, and the designs that use them (:func:`hotpart.key_design`).
_KNOBS: Final[dict[str, tuple[str, ...]]] = {
    "hot_share": ("date", "status", "user_type"),
    "days": ("date",),
    "multiplier": ("popular item",),
    "items": ("popular item",),
    "s": ("popular item",),
}

_SPREAD: dict[str, Any] = {
    "type": "object",
    "description": "How the pattern's requests spread over partition-key values.",
    "properties": {
        "keys": {
            "description": "Distinct partition-key values (of a multi-attribute key: a count per attribute, multiplied)",
            "oneOf": [
                {"type": "integer", "minimum": 1, "maximum": _MAX_KEYS},
                {
                    "type": "object",
                    "additionalProperties": {"type": "integer", "minimum": 1, "maximum": _MAX_KEYS},
                    "minProperties": 1,
                },
            ],
        },
        "zipf": {"type": "number", "minimum": 0, "maximum": 20, "description": "Zipf exponent of key popularity"},
        "top_share": {"type": "number", "exclusiveMinimum": 0, "maximum": 1, "description": "The hottest key's share"},
        "shares": {
            "type": "object",
            "description": "A low-cardinality key: each value's weight",
            "additionalProperties": {"type": "number", "minimum": 0},
            "minProperties": 1,
        },
        "design": {"enum": list(KEY_DESIGNS), "description": "One of the course's key designs (chapter 2)"},
        "hot_share": {
            "type": "number",
            "minimum": 0.34,
            "maximum": 1,
            "description": "date, status, user_type only: the hottest value's share, at least 0.34 so that it stays "
            "the hottest of the three values of a status or user type",
        },
        "days": {"type": "integer", "minimum": 1, "maximum": 3650, "description": "date: days of keys with traffic"},
        "multiplier": {"type": "number", "minimum": 1, "maximum": 1e6, "description": "popular item: the sale's boost"},
        "items": {
            "type": "integer",
            "minimum": 1,
            "maximum": _MAX_KEYS,
            "description": "popular item: items in the catalogue",
        },
        "s": {"type": "number", "minimum": 0, "maximum": 20, "description": "popular item: everyday Zipf exponent"},
        "sample_items": {"const": True, "description": "The Workbench model's sample items' key values"},
        "items_per_key": {
            "type": "integer",
            "minimum": 1,
            "maximum": _MAX_COUNT,
            "description": "Items per partition-key value",
        },
        "sort_key": {"enum": ["random", "monotonic"], "description": "monotonic: traffic on the newest item"},
        "suffixes": {"type": "integer", "minimum": 1, "maximum": 1000, "description": "Write-sharding suffixes per key"},
        "suffix": {"enum": ["random", "calculated"], "description": "How the suffix is chosen"},
    },
    "additionalProperties": False,
}

#: The JSON Schema (draft 2020-12) a workload file is validated against (:func:`workload_schema` gives a copy).
_WORKLOAD_SCHEMA: Final[dict[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "urn:hotpart:workload:1",
    "title": "hotpart plan workload",
    "description": "Access patterns at their peak, in the MCP calculator's shape, with how requests spread over keys.",
    "type": "object",
    "required": ["access_pattern_list"],
    "properties": {
        "schema_version": {"enum": [int(WORKLOAD_SCHEMA_VERSION), WORKLOAD_SCHEMA_VERSION]},
        "access_pattern_list": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/pattern"}},
        "table_list": {"type": "array", "items": {"$ref": "#/$defs/table"}},
    },
    "$defs": {
        "spread": _SPREAD,
        "pattern": {
            "type": "object",
            "required": ["pattern", "table", "operation", "rps", "item_size_bytes", "spread"],
            "properties": {
                "pattern": {"type": ["string", "integer"], "description": "The pattern's ID"},
                "description": {"type": "string", "description": "What the pattern does"},
                "table": {"type": "string", "minLength": 1, "description": "Its table: name, logical ID or address"},
                "index": {"type": ["string", "null"], "description": "A secondary index the pattern reads (or gsi)"},
                "gsi": {"type": ["string", "null"], "description": "The MCP calculator's name for index"},
                "operation": {"enum": list(OPERATIONS), "description": "The DynamoDB operation"},
                "rps": {"type": "number", "exclusiveMinimum": 0, "maximum": _MAX_RPS, "description": "Peak requests/s"},
                "item_size_bytes": {
                    "type": "number",
                    "minimum": 1,
                    "maximum": _MAX_ITEM_BYTES,
                    "description": "An item's size, bytes",
                },
                "item_count": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": _MAX_ITEMS_PER_REQUEST,
                    "description": "Items per request",
                },
                "strongly_consistent": {"type": "boolean", "description": "A strongly consistent read"},
                "consistency": {"enum": ["eventual", "strong"], "description": "The same, as a word"},
                "gsi_list": {"type": "array", "items": {"type": "string"}, "description": "Indexes a write updates"},
                "key": {
                    "description": "The partition-key attribute or attributes the spread describes",
                    "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1}],
                },
                "spread": {"$ref": "#/$defs/spread", "description": "How its requests fall on the key's values"},
                "index_spread": {
                    "type": "object",
                    "additionalProperties": {"$ref": "#/$defs/spread"},
                    "description": "A write: how it falls on each global index's key",
                },
                "shape": {
                    "type": "object",
                    "description": "The peak in time: steady, daily, a launch from from_rps, a spike of duration_s",
                    "properties": {
                        "kind": {"enum": list(SHAPES)},
                        "from_rps": {"type": "number", "minimum": 0, "maximum": _MAX_RPS},
                        "duration_s": {"type": "number", "exclusiveMinimum": 0, "maximum": 86_400},
                        "trough_share": {"type": "number", "minimum": 0, "maximum": 1},
                    },
                    "additionalProperties": False,
                },
            },
        },
        "table": {
            "type": "object",
            "required": ["name"],
            "properties": {
                "name": {"type": "string", "minLength": 1},
                "item_count": {"type": "integer", "minimum": 0, "maximum": _MAX_COUNT},
                "item_size_bytes": {"type": "number", "minimum": 1, "maximum": _MAX_ITEM_BYTES},
                "previous_peak_read_units": {"type": "number", "exclusiveMinimum": 0, "maximum": _MAX_RPS},
                "previous_peak_write_units": {"type": "number", "exclusiveMinimum": 0, "maximum": _MAX_RPS},
                "gsi_list": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name"],
                        "properties": {
                            "name": {"type": "string"},
                            "item_count": {"type": "integer", "minimum": 0, "maximum": _MAX_COUNT},
                            "item_size_bytes": {"type": "number", "minimum": 1, "maximum": _MAX_ITEM_BYTES},
                        },
                    },
                },
            },
        },
    },
}


@dataclass(frozen=True)
class Spread:
    """How a pattern's requests spread over partition-key values (the module docstring says how each is used).

    One description of the keys: ``keys`` with ``zipf`` or ``top_share`` (or even, with neither), ``shares``,
    ``design`` or ``sample_items``; the workload schema (:func:`workload_schema`) gives the same ranges.

    Parameters
    ----------
    keys : int or None
        Distinct partition-key values, a whole number in ``[1, 10**15]`` (``None``: one key, or the design's
        count); with ``key_counts``, their product.
    zipf : float or None
        Zipf exponent of the keys' popularity, in ``[0, 20]`` (0: even).
    top_share : float or None
        The hottest key's share of the requests, in ``[1/keys, 1]`` (the rest even).
    shares : mapping of str to float, or None
        A low-cardinality key: each value's weight, each finite and ``>= 0``, with a positive total.
    design : str or None
        One of :data:`hotpart.KEY_DESIGNS`.
    hot_share : float or None
        The hottest value's share for the ``date``, ``status`` and ``user_type`` designs, in ``[0.34, 1]``.
    days : int or None
        The ``date`` design's days of keys with traffic, in ``[1, 3650]``.
    multiplier : float or None
        The ``popular item`` design's boost of the sale's item, in ``[1, 10**6]``.
    items : int or None
        The ``popular item`` design's items in the catalogue, in ``[1, 10**15]``.
    s : float or None
        The ``popular item`` design's everyday Zipf exponent, in ``[0, 20]``.
    sample_items : bool
        The key values of a NoSQL Workbench model's sample items, weighted by how many items carry each.
    items_per_key : int
        Items per partition-key value (an item collection), in ``[1, 2**53]``.
    sort_key : {"random", "monotonic"}
        ``monotonic``: traffic on each key's newest item.
    suffixes : int
        Write-sharding suffixes per key already in the design, in ``[1, 1000]`` (1: none).
    suffix : {"random", "calculated"}
        How a write's suffix is chosen.
    key_counts : mapping of str to int
        For a multi-attribute key: the distinct values of each attribute, each in ``[1, 10**15]``.

    Examples
    --------
    >>> Spread(keys=1_000_000, zipf=1.0).distribution("userId#")
    Zipf(n_keys=1e+06, s=1: hottest key 6.95%, top 10 20.35%, effective cardinality 126)
    >>> Spread(shares={"OPEN": 0.6, "SHIPPED": 0.3, "CLOSED": 0.1}).distribution().top_share(1)
    0.6
    >>> round(Spread(keys=100, top_share=0.5).distribution().top_share(1), 12)
    0.5
    """

    keys: int | None = None
    zipf: float | None = None
    top_share: float | None = None
    shares: Mapping[str, float] | None = None
    design: str | None = None
    hot_share: float | None = None
    days: int | None = None
    multiplier: float | None = None
    items: int | None = None
    s: float | None = None
    sample_items: bool = False
    items_per_key: int = 1
    sort_key: str = "random"
    suffixes: int = 1
    suffix: str = "random"
    key_counts: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        counts = {str(k): check_count(f"key_counts[{k!r}]", v, low=1, high=_MAX_KEYS) for k, v in dict(self.key_counts).items()}
        object.__setattr__(self, "key_counts", counts)
        keys = self.keys
        if keys is None and counts:
            keys = math.prod(counts.values())
        if keys is not None:
            keys = check_count("keys", keys, low=1, high=_MAX_KEYS)
            if counts and keys != math.prod(counts.values()):
                raise ValueError(f"keys = {self.keys!r} is not allowed: must be the product of key_counts ({counts})")
        object.__setattr__(self, "keys", keys)
        for name, low, high in (("zipf", 0, 20), ("hot_share", 0.34, 1), ("multiplier", 1, 1e6), ("s", 0, 20)):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, check_number(name, getattr(self, name), low=low, high=high))
        if self.top_share is not None:
            least = 1.0 / keys if keys is not None else 0.0  # without keys, refused below for want of them
            try:
                q = check_number("top_share", self.top_share, low=least, high=1, low_open=keys is None)
            except ValueError as e:
                why = f" (1/keys: the hottest of {keys} keys takes at least its even share)" if keys is not None else ""
                raise ValueError(f"{e}{why}") from None
            object.__setattr__(self, "top_share", q)
        for name, high in (("days", 3650), ("items", _MAX_KEYS)):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, check_count(name, getattr(self, name), low=1, high=high))
        object.__setattr__(self, "items_per_key", check_count("items_per_key", self.items_per_key, low=1))
        object.__setattr__(self, "suffixes", check_count("suffixes", self.suffixes, low=1, high=1000))
        check_choice("sort_key", self.sort_key, _SORT_KEYS)
        check_choice("suffix", self.suffix, _SUFFIXES)
        if self.design is not None:
            check_choice("design", self.design, KEY_DESIGNS)
        if not isinstance(self.sample_items, (bool, np.bool_)):
            raise ValueError(f"sample_items = {self.sample_items!r} is not allowed: must be True or False")
        object.__setattr__(self, "sample_items", bool(self.sample_items))
        if self.shares is not None:
            object.__setattr__(self, "shares", _shares(self.shares))
        self._one_description()

    def _one_description(self) -> None:
        """Refuse what the spread would silently ignore: two descriptions of the keys, a skew without its keys, a
        design's knob on another design."""
        modes = [m for m in ("shares", "design") if getattr(self, m) is not None] + (
            ["sample_items"] if self.sample_items else []
        )
        skews = [m for m in ("zipf", "top_share") if getattr(self, m) is not None]
        if len(skews) > 1:
            raise ValueError(f"top_share = {self.top_share!r} is not allowed with zipf = {self.zipf!r}: give one of them")
        if skews and self.keys is None:
            raise ValueError(f"keys = None is not allowed with {skews[0]}: must be the number of keys the skew spreads over")
        listed = [m for m in ("shares", "sample_items") if m in modes]
        if listed and self.keys is not None:  # the shares (or the samples) name every key: a count beside them is unread
            raise ValueError(
                f"keys = {self.keys!r} is not allowed with {listed[0]}: must be None (the {listed[0]} name every key)"
            )
        described = modes + skews[:1]
        if len(described) > 1:
            first, second = described[:2]
            raise ValueError(
                f"{second} = {getattr(self, second)!r} is not allowed with {first}: must be one description of the keys "
                "(keys with zipf or top_share, shares, design or sample_items)"
            )
        for name, designs in _KNOBS.items():
            if getattr(self, name) is not None and self.design not in designs:
                raise ValueError(
                    f"{name} = {getattr(self, name)!r} is not allowed with design = {self.design!r}: only with "
                    + " or ".join(map(repr, designs))
                )

    @property
    def monotonic(self) -> bool:
        """Whether traffic follows a monotonically increasing sort key (all of it on the newest item)."""
        return self.sort_key == "monotonic"

    def distribution(self, prefix: str = "KEY#", samples: Mapping[str, int] | None = None) -> KeyDistribution:
        """The key popularity this spread describes; ranked keys are named ``prefix`` + rank.

        Parameters
        ----------
        prefix : str
            The names of ranked keys (patterns on one key share it, so that their hottest keys coincide).
        samples : mapping of str to int, optional
            The sample items' count per key value, for ``sample_items``.
        """
        if self.sample_items:
            if not samples:
                raise ValueError("sample_items = True needs a model with sample items (NoSQL Workbench's TableData)")
            return Categorical({str(k): float(v) for k, v in samples.items()})
        if self.shares is not None:
            return Categorical(dict(self.shares))
        if self.design is not None:
            return self._design(prefix)
        n = int(self.keys or 1)
        if self.zipf is not None:
            return Zipf(n, self.zipf, prefix=prefix)
        if self.top_share is not None:
            return _one_hot(n, self.top_share, prefix)
        return Uniform(n, prefix=prefix)

    def _design(self, prefix: str) -> KeyDistribution:
        kwargs: dict[str, Any] = {}
        if self.hot_share is not None:
            kwargs["hot_share"] = self.hot_share
        if self.multiplier is not None:
            kwargs["multiplier"] = self.multiplier
        if self.s is not None:
            kwargs["items_s"] = self.s
        counts = dict(DESIGN_KEYS)
        if self.items is not None:
            counts["items"] = self.items
        if self.keys is not None and self.design in counts:
            counts[self.design] = self.keys  # type: ignore[index]
        kwargs["key_counts"] = counts
        dist = key_design(self.design, **kwargs)  # type: ignore[arg-type]
        if self.design == "date" and self.days is not None:
            from .key_designs import DateKey

            dist = DateKey.with_today_share(self.days, self.hot_share if self.hot_share is not None else 0.9)
        if self.design in ("userId", "deviceId", "orderId"):
            dist = Uniform(dist.n_keys, prefix=prefix)
        return dist


def _shares(shares: Any) -> dict[str, float]:
    """A low-cardinality key's weights, checked: each finite and >= 0, with a positive total."""
    if not isinstance(shares, Mapping) or not shares:
        raise ValueError(f"shares = {shares!r} is not allowed: must map each key value to its weight (at least one)")
    out = {str(k): check_number(f"shares[{k!r}]", v, low=0, high=math.inf, high_open=True) for k, v in shares.items()}
    if not math.fsum(out.values()) > 0:
        raise ValueError(f"shares = {out!r} is not allowed: must be weights with a positive total")
    return out


def _one_hot(n: int, share: float, prefix: str) -> KeyDistribution:
    """``n`` keys, the hottest taking ``share`` and the others the rest evenly: :class:`hotpart.Boosted` of a uniform
    key space (a :class:`hotpart.Categorical` when the boost is beyond its range)."""
    if n == 1:
        return Uniform(1, prefix=prefix)
    base = 1.0 / n
    if share <= base:
        return Uniform(n, prefix=prefix)
    factor = share * (n - 1) / (1.0 - share) if share < 1.0 else math.inf
    if factor <= 1e6:
        return Boosted(Uniform(n, prefix=prefix), rank=1, factor=factor)
    if n <= 100_000:
        rest = (1.0 - share) / (n - 1)
        return Categorical({f"{prefix}{r}": (share if r == 1 else rest) for r in range(1, n + 1)})
    raise ValueError(f"top_share = {share!r} over keys = {n} is beyond the model's range: use fewer keys or shares")


@dataclass(frozen=True)
class Shape:
    """A pattern's traffic in time.

    Parameters
    ----------
    kind : str
        One of :data:`SHAPES`: ``steady``, ``daily``, ``launch`` or ``spike``.
    from_rps : float
        The rate before a launch or a spike, requests/s, in ``[0, 1e9]`` (below the pattern's peak ``rps``:
        :class:`AccessPattern` checks).
    duration_s : float
        A spike's length, seconds, in ``(0, 86400]``.
    trough_share : float
        A daily cycle's trough as a fraction of its peak, in ``[0, 1]`` (0: no traffic at the trough).

    Examples
    --------
    >>> Shape("spike", from_rps=100, duration_s=120)
    Shape(kind='spike', from_rps=100.0, duration_s=120.0, trough_share=0.2)
    """

    kind: str = "steady"
    from_rps: float = 0.0
    duration_s: float = 3600.0
    trough_share: float = 0.2

    def __post_init__(self) -> None:
        check_choice("kind", self.kind, SHAPES)
        object.__setattr__(self, "from_rps", check_number("from_rps", self.from_rps, low=0, high=_MAX_RPS))
        object.__setattr__(self, "duration_s", check_number("duration_s", self.duration_s, low=0, high=86_400, low_open=True))
        object.__setattr__(self, "trough_share", check_number("trough_share", self.trough_share, low=0, high=1))


@dataclass(frozen=True)
class AccessPattern:
    """One access pattern at its peak.

    Attributes
    ----------
    pattern, description : str
        Its ID and what it does.
    table : str
        The table it hits (a name or alias of the definition's).
    index : str or None
        The secondary index it reads, if any.
    operation : str
        One of :data:`OPERATIONS`; ``kind`` says whether it reads or writes.
    rps : float
        Peak requests per second, in ``(0, 1e9]``.
    item_size_bytes : float
        Size of one item, bytes, in ``[1, 409600]`` (DynamoDB's 400 KB item limit, :data:`hotpart.ITEM_MAX_BYTES`).
    item_count : int
        Items per request (a Query's result, a batch, a transaction), a whole number in ``[1, 1000]``.
    consistency : {"eventual", "strong"}
        The kind of read (``strongly_consistent`` in the MCP calculator's records).
    gsi_list : tuple of str or None
        The global indexes a write updates (``None``: not said, so every global index of the table).
    key : tuple of str or None
        The partition-key attributes the spread describes, when the workload names them.
    spread : Spread
        How the requests spread over keys.
    index_spread : mapping of str to Spread
        For a write: how its items' values of each named index's partition key spread.
    shape : Shape
        The traffic in time: a launch's or a spike's ``from_rps`` below ``rps``.
    where : str
        Where in the workload file the pattern is (``access_pattern_list[2]``).

    A write goes to the table (``index`` is ``None``; ``gsi_list`` names the indexes it updates).

    Examples
    --------
    >>> p = AccessPattern("1", "put an order", "orders", None, "PutItem", 500.0, 1_500.0)
    >>> p.kind, p.units_per_request
    ('write', 2.0)
    """

    pattern: str
    description: str
    table: str
    index: str | None
    operation: str
    rps: float
    item_size_bytes: float
    item_count: int = 1
    consistency: str = "eventual"
    gsi_list: tuple[str, ...] | None = None
    key: tuple[str, ...] | None = None
    spread: Spread = field(default_factory=Spread)
    index_spread: Mapping[str, Spread] = field(default_factory=dict)
    shape: Shape = field(default_factory=Shape)
    where: str = ""

    def __post_init__(self) -> None:
        for name in ("pattern", "description", "table", "where"):
            required = name in ("pattern", "table")
            if not isinstance(getattr(self, name), str) or (required and not getattr(self, name)):
                what = "a non-empty str" if required else "a str"
                raise ValueError(f"{name} = {getattr(self, name)!r} is not allowed: must be {what}")
        check_choice("operation", self.operation, OPERATIONS)
        if self.index is not None and (not isinstance(self.index, str) or not self.index):
            raise ValueError(f"index = {self.index!r} is not allowed: must be an index's name or None")
        if self.index is not None and self.kind == "write":
            raise ValueError(
                f"index = {self.index!r} is not allowed on a write: must be None (gsi_list names the indexes it updates)"
            )
        object.__setattr__(self, "rps", check_number("rps", self.rps, low=0, high=_MAX_RPS, low_open=True))
        object.__setattr__(
            self, "item_size_bytes", check_number("item_size_bytes", self.item_size_bytes, low=1, high=_MAX_ITEM_BYTES)
        )
        object.__setattr__(self, "item_count", check_count("item_count", self.item_count, low=1, high=_MAX_ITEMS_PER_REQUEST))
        check_choice("consistency", self.consistency, ("eventual", "strong"))
        for name in ("gsi_list", "key"):
            value = getattr(self, name)
            if value is not None:
                if not isinstance(value, (tuple, list)) or not all(isinstance(v, str) and v for v in value):
                    raise ValueError(f"{name} = {value!r} is not allowed: must be a tuple of names or None")
                object.__setattr__(self, name, tuple(value))
        if not isinstance(self.spread, Spread):
            raise ValueError(f"spread = {self.spread!r} is not allowed: must be a Spread")
        if not isinstance(self.index_spread, Mapping) or not all(isinstance(v, Spread) for v in self.index_spread.values()):
            raise ValueError(f"index_spread = {self.index_spread!r} is not allowed: must map index names to Spread objects")
        object.__setattr__(self, "index_spread", {str(k): v for k, v in self.index_spread.items()})
        if not isinstance(self.shape, Shape):
            raise ValueError(f"shape = {self.shape!r} is not allowed: must be a Shape")
        if self.shape.kind in ("launch", "spike") and self.shape.from_rps >= self.rps:
            raise ValueError(
                f"shape.from_rps = {self.shape.from_rps!r} is out of range: must be below rps = {self.rps!r} (a "
                f"{self.shape.kind} rises from it to the peak)"
            )

    @property
    def kind(self) -> str:
        """``"read"`` or ``"write"``: the capacity the pattern uses."""
        return OPERATIONS[self.operation]

    @property
    def units_per_request(self) -> float:
        """Capacity units one request costs (chapter 1's rules): a write per 1 KB of each item (double in a
        transaction), a read per 4 KB of each item (half eventually consistent, double in a transaction), a Query's
        or a Scan page's items summed before rounding."""
        size, n, op = self.item_size_bytes, self.item_count, self.operation
        if op in ("Query", "Scan", "query"):
            return float(query_units(n, size, self.consistency))
        items = n if op in _BATCHES else 1
        if self.kind == "write":
            return float(write_units(size, transactional=op == "TransactWriteItems")) * items
        consistency = "transactional" if op == "TransactGetItems" else self.consistency
        return float(read_units(size, consistency)) * items

    @property
    def items_per_request(self) -> int:
        """Items each request touches on its key: a batch's or a transaction's items land on ``item_count`` keys,
        a Query's on one."""
        return self.item_count if self.operation in _BATCHES else 1

    @property
    def units_per_second(self) -> float:
        """Capacity units per second at the peak: ``rps x units_per_request``."""
        return self.rps * self.units_per_request


@dataclass(frozen=True)
class TableStats:
    """What a workload's ``table_list`` says of a table: items, item size, index entry sizes, previous peaks.

    Parameters
    ----------
    name : str
        The table's name (or an alias of the definition's).
    item_count : int or None
        Items in the table, a whole number in ``[0, 2**53]`` (0: empty; ``None``: not said).
    item_size_bytes : float or None
        An item's average size, bytes, in ``[1, 409600]`` (:data:`hotpart.ITEM_MAX_BYTES`; ``None``: not said).
    index_item_size_bytes : mapping of str to float
        Each global index's entry size, bytes, in ``[1, 409600]``, by index name.
    previous_peak_read_units, previous_peak_write_units : float or None
        An existing on-demand table's previous peak, units/s, in ``(0, 1e9]`` (``None``: a new table's).

    Examples
    --------
    >>> TableStats("orders", 2_000_000, 1_500.0).size_gb
    3.0
    """

    name: str
    item_count: int | None = None
    item_size_bytes: float | None = None
    index_item_size_bytes: Mapping[str, float] = field(default_factory=dict)
    previous_peak_read_units: float | None = None
    previous_peak_write_units: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ValueError(f"name = {self.name!r} is not allowed: must be a str")
        if self.item_count is not None:
            object.__setattr__(self, "item_count", check_count("item_count", self.item_count))
        if self.item_size_bytes is not None:
            object.__setattr__(
                self, "item_size_bytes", check_number("item_size_bytes", self.item_size_bytes, low=1, high=_MAX_ITEM_BYTES)
            )
        if not isinstance(self.index_item_size_bytes, Mapping):
            raise ValueError(
                f"index_item_size_bytes = {self.index_item_size_bytes!r} is not allowed: must map index names to bytes"
            )
        sizes = {
            str(k): check_number(f"index_item_size_bytes[{k!r}]", v, low=1, high=_MAX_ITEM_BYTES)
            for k, v in self.index_item_size_bytes.items()
        }
        object.__setattr__(self, "index_item_size_bytes", sizes)
        for name in ("previous_peak_read_units", "previous_peak_write_units"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, check_number(name, getattr(self, name), low=0, high=_MAX_RPS, low_open=True))

    @property
    def size_gb(self) -> float:
        """The table's size, GB (10**9 bytes): items times item size (0 when either is unknown)."""
        if self.item_count is None or self.item_size_bytes is None:
            return 0.0
        return self.item_count * self.item_size_bytes / 1e9


@dataclass(frozen=True)
class Workload:
    """A workload file read and checked: its patterns and what it says of each table."""

    patterns: tuple[AccessPattern, ...]
    tables: Mapping[str, TableStats] = field(default_factory=dict)
    file: str = "workload"

    def stats(self, *names: str) -> TableStats:
        """What ``table_list`` says of the table known by any of ``names`` (an empty record when nothing)."""
        for n in names:
            if n in self.tables:
                return self.tables[n]
        return TableStats(names[0] if names else "")


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------


def _path(parts: Any) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(document)"


_TYPE_WORDS = {
    "object": "an object",
    "array": "a list",
    "string": "a string",
    "number": "a number",
    "integer": "a whole number",
    "boolean": "true or false",
    "null": "null",
}


def _schema_error(file: str, error: Any) -> ExportError:
    """One jsonschema error as one line: the field and what was expected."""
    where = _path(error.absolute_path)
    v, spec = error.validator, error.validator_value
    if v == "required":
        missing = next((k for k in spec if isinstance(error.instance, Mapping) and k not in error.instance), spec[0])
        return ExportError(file, f"{where}.{missing}" if where != "(document)" else missing, "the field to be present")
    if v == "additionalProperties":
        allowed = ", ".join(sorted(error.schema.get("properties", {})))
        extra = [k for k in error.instance if k not in error.schema.get("properties", {})]
        return ExportError(file, f"{where}.{extra[0]}" if extra else where, f"one of the known fields ({allowed})")
    expected = {
        "type": " or ".join(_TYPE_WORDS.get(str(t), str(t)) for t in (spec if isinstance(spec, list) else [spec])),
        "enum": "one of " + ", ".join(map(str, spec)) if isinstance(spec, list) else "",
        "const": f"{spec!r}",
        "minimum": f"a number >= {spec:g}" if isinstance(spec, (int, float)) else "",
        "exclusiveMinimum": f"a number > {spec:g}" if isinstance(spec, (int, float)) else "",
        "maximum": f"a number <= {spec:g}" if isinstance(spec, (int, float)) else "",
        "minItems": f"at least {spec} item{'' if spec == 1 else 's'}",
        "minProperties": f"at least {spec} field{'' if spec == 1 else 's'}",
        "oneOf": "a count, or a count per key attribute",
        "minLength": "a non-empty string",
    }.get(v, error.message)
    return ExportError(file, where, expected, error.instance if not isinstance(error.instance, (dict, list)) else None)


def _built(file: str, where: str, make: Callable[[], _T]) -> _T:
    """A record built from a document's fields: a model's refusal (a ``ValueError`` naming its parameter) as one line
    naming the file and the field, ``<where>.<parameter>``."""
    try:
        return make()
    except ExportError:
        raise  # a field read inside (a spread of the pattern): already one line naming it
    except ValueError as e:
        name, sep, rest = str(e).partition(" = ")
        named = sep and re.fullmatch(r"[A-Za-z_][\w.]*(\[[^\]]+\])?", name)
        expected = rest.split(": must be ", 1)[1] if ": must be " in rest else rest.split(": ", 1)[-1]
        raise ExportError(file, f"{where}.{name}" if named else where, expected) from None


def _load_document(path: str | Path) -> tuple[Any, str]:
    import yaml

    name = str(path)
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except OSError as e:
        raise ExportError(name, "(file)", "a readable file", e.strerror) from None
    except UnicodeDecodeError as e:
        raise ExportError(name, "(file)", f"UTF-8 text; byte {e.start} is not") from None
    if not text.strip():
        raise ExportError(name, "(file)", "a workload (YAML or JSON), not an empty file")
    if name.endswith(".json"):
        try:
            return json.loads(text), name
        except json.JSONDecodeError as e:
            raise ExportError(name, f"(line {e.lineno})", f"valid JSON ({e.msg})") from None
    try:
        return yaml.safe_load(text), name
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"(line {mark.line + 1})" if mark is not None else "(file)"
        raise ExportError(name, where, f"valid YAML ({getattr(e, 'problem', None) or 'a syntax error'})") from None


def workload_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) a workload file is validated against, version :data:`WORKLOAD_SCHEMA_VERSION`
    (a copy: ``hotpart plan --schema workload`` prints it).

    Examples
    --------
    >>> s = workload_schema()
    >>> s["required"], sorted(s["$defs"]["pattern"]["required"])
    (['access_pattern_list'], ['item_size_bytes', 'operation', 'pattern', 'rps', 'spread', 'table'])
    """
    import copy

    return copy.deepcopy(_WORKLOAD_SCHEMA)


def read_workload(workload: str | Path | Mapping[str, Any]) -> Workload:
    """Read and check a workload (a YAML or JSON file, or its parsed document) against :func:`workload_schema`.

    Parameters
    ----------
    workload : str, Path or mapping
        The file (``.json`` read as JSON, anything else as YAML, which JSON also is), or the document.

    Returns
    -------
    Workload

    Raises
    ------
    hotpart.ExportError
        On a document the schema refuses, or a spread that does not describe one key popularity: one line naming
        the file and the field (``workload.yaml: access_pattern_list[0].rps: expected a number, got 'fast'``).

    Examples
    --------
    >>> w = read_workload({"access_pattern_list": [{"pattern": "1", "table": "orders", "operation": "PutItem",
    ...     "rps": 800, "item_size_bytes": 700, "spread": {"keys": 1000, "zipf": 1.1}}]})
    >>> w.patterns[0].units_per_second, w.patterns[0].spread.zipf
    (800.0, 1.1)
    >>> read_workload({"access_pattern_list": [{"pattern": "1", "table": "orders", "operation": "PutItem",
    ...     "rps": "fast", "item_size_bytes": 700, "spread": {"keys": 10}}]})
    Traceback (most recent call last):
    ...
    hotpart.models.metric_data.ExportError: workload: access_pattern_list[0].rps: expected a number, got 'fast'
    """
    import jsonschema

    if isinstance(workload, Mapping):
        doc, file = workload, "workload"
    else:
        doc, file = _load_document(workload)
    validator = jsonschema.Draft202012Validator(_WORKLOAD_SCHEMA)
    error = jsonschema.exceptions.best_match(validator.iter_errors(doc))
    if error is not None:
        raise _schema_error(file, error)
    patterns = tuple(_pattern(p, file, f"access_pattern_list[{i}]") for i, p in enumerate(doc["access_pattern_list"]))
    tables = {}
    for i, t in enumerate(doc.get("table_list") or []):
        sizes = {g["name"]: float(g["item_size_bytes"]) for g in t.get("gsi_list") or [] if "item_size_bytes" in g}
        tables[t["name"]] = _built(
            file,
            f"table_list[{i}]",
            lambda t=t, sizes=sizes: TableStats(
                t["name"],
                t.get("item_count"),
                t.get("item_size_bytes"),
                sizes,
                t.get("previous_peak_read_units"),
                t.get("previous_peak_write_units"),
            ),
        )
        if sum(1 for x in doc["table_list"] if x["name"] == t["name"]) > 1:
            raise ExportError(file, f"table_list[{i}].name", "each table once", t["name"])
    ids = [p.pattern for p in patterns]
    for i, p in enumerate(patterns):
        if ids.count(p.pattern) > 1 and p.kind == patterns[ids.index(p.pattern)].kind and ids.index(p.pattern) != i:
            if p.operation == patterns[ids.index(p.pattern)].operation:
                raise ExportError(file, f"{p.where}.pattern", "a pattern ID used once per operation", p.pattern)
    return Workload(patterns, tables, file)


def _spread(doc: Mapping[str, Any], file: str, where: str) -> Spread:
    modes = [k for k in ("shares", "design", "sample_items") if k in doc]
    if "zipf" in doc or "top_share" in doc:
        modes.append("keys")
    if len(modes) > 1:
        raise ExportError(
            file, where, "one description of the keys (keys with zipf or top_share, shares, design or sample_items)", modes
        )
    if "zipf" in doc and "top_share" in doc:
        raise ExportError(file, f"{where}.top_share", "zipf or top_share, not both")
    if ("zipf" in doc or "top_share" in doc) and "keys" not in doc:
        raise ExportError(file, f"{where}.keys", "the number of keys the skew spreads over")
    if not modes and "keys" not in doc:
        raise ExportError(file, f"{where}.keys", "keys (with zipf or top_share), shares, design or sample_items")
    keys = doc.get("keys")
    counts: dict[str, int] = {}
    if isinstance(keys, Mapping):
        counts = {str(k): int(v) for k, v in keys.items()}
        keys = math.prod(counts.values())
        if keys > _MAX_KEYS:
            raise ExportError(file, f"{where}.keys", f"at most {_MAX_KEYS:g} combinations", keys)
    if "hot_share" in doc and doc.get("design") not in _KNOBS["hot_share"]:
        takes = ", ".join(k for k, ds in _KNOBS.items() if doc.get("design") in ds) or "no knob of a design"
        raise ExportError(
            file,
            f"{where}.hot_share",
            f"hot_share only with design: date, status or user_type (design {doc.get('design')} takes {takes})",
            doc["hot_share"],
        )
    if doc.get("design") not in (None, "popular item") and any(k in doc for k in ("multiplier", "items", "s")):
        raise ExportError(file, where, "multiplier, items and s only with design: popular item", doc.get("design"))
    if "days" in doc and doc.get("design") != "date":
        raise ExportError(file, f"{where}.days", "days only with design: date")
    if doc.get("top_share") is not None and keys is not None and doc["top_share"] < 1.0 / keys:
        raise ExportError(
            file, f"{where}.top_share", f"at least 1/keys = {1 / keys:.3g} (the hottest of {keys} keys)", doc["top_share"]
        )
    spread = _built(
        file,
        where,
        lambda: Spread(
            keys=keys,
            zipf=doc.get("zipf"),
            top_share=doc.get("top_share"),
            shares=doc.get("shares"),
            design=doc.get("design"),
            hot_share=doc.get("hot_share"),
            days=doc.get("days"),
            multiplier=doc.get("multiplier"),
            items=doc.get("items"),
            s=doc.get("s"),
            sample_items=bool(doc.get("sample_items", False)),
            items_per_key=int(doc.get("items_per_key", 1)),
            sort_key=doc.get("sort_key", "random"),
            suffixes=int(doc.get("suffixes", 1)),
            suffix=doc.get("suffix", "random"),
            key_counts=counts,
        ),
    )
    if spread.shares is not None and not sum(spread.shares.values()) > 0:
        raise ExportError(file, f"{where}.shares", "weights with a positive total", dict(spread.shares))
    if not spread.sample_items:
        try:
            spread.distribution()
        except ValueError as e:
            raise ExportError(file, where, str(e).split(": ", 1)[-1]) from None
    return spread


def _pattern(doc: Mapping[str, Any], file: str, where: str) -> AccessPattern:
    index = doc.get("index") if doc.get("index") is not None else doc.get("gsi")
    if doc.get("index") is not None and doc.get("gsi") is not None and doc["index"] != doc["gsi"]:
        raise ExportError(file, f"{where}.gsi", f"the same index as index ({doc['index']!r})", doc["gsi"])
    op = doc["operation"]
    kind = OPERATIONS[op]
    consistency = doc.get("consistency", "strong" if doc.get("strongly_consistent") else "eventual")
    if kind == "write" and index is not None:
        raise ExportError(
            file,
            f"{where}.index",
            "no index on a write (a write goes to the table; gsi_list names the indexes it updates)",
            index,
        )
    if kind == "write" and ("strongly_consistent" in doc or "consistency" in doc):
        raise ExportError(
            file,
            f"{where}.consistency",
            "a read's consistency only on a read",
            doc.get("consistency", doc.get("strongly_consistent")),
        )
    if op in ("TransactGetItems",) and consistency == "strong":
        consistency = "eventual"  # a transaction's reads are priced as transactional whatever the flag
    key = doc.get("key")
    shape_doc = doc.get("shape") or {}
    shape = _built(file, f"{where}.shape", lambda: Shape(**shape_doc))
    if shape.kind in ("launch", "spike") and shape.from_rps >= doc["rps"]:
        raise ExportError(file, f"{where}.shape.from_rps", f"a rate below the peak rps ({doc['rps']:g})", shape.from_rps)
    if "duration_s" in shape_doc and shape.kind != "spike":
        raise ExportError(file, f"{where}.shape.duration_s", "a duration only for kind: spike", shape.kind)
    index_spread = {str(k): _spread(v, file, f"{where}.index_spread.{k}") for k, v in (doc.get("index_spread") or {}).items()}
    return _built(
        file,
        where,
        lambda: AccessPattern(
            pattern=str(doc["pattern"]),
            description=str(doc.get("description", "")),
            table=doc["table"],
            index=index,
            operation=op,
            rps=float(doc["rps"]),
            item_size_bytes=float(doc["item_size_bytes"]),
            item_count=int(doc.get("item_count", 1)),
            consistency=consistency,
            gsi_list=tuple(doc["gsi_list"]) if "gsi_list" in doc else None,
            key=(key,) if isinstance(key, str) else (tuple(key) if key is not None else None),
            spread=_spread(doc["spread"], file, f"{where}.spread"),
            index_spread=index_spread,
            shape=shape,
            where=where,
        ),
    )
