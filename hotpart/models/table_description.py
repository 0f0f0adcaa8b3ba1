"""What ``aws dynamodb describe-table`` says about a table: its capacity mode, capacities, size and indexes.

Chapter 16 (``notebooks/16_your_table.ipynb``) reads it beside the metrics: the description settles the capacity
mode, gives the provisioned capacities, an on-demand table's maximum and warm throughput, and each global
secondary index's status (``CREATING`` with ``Backfilling`` while it is built). :func:`read_table_description`
reads the ``DescribeTable`` response into a :class:`TableDescription`; :func:`hotpart.diagnose` takes it through
:func:`hotpart.read_metric_data` (``description=``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ._validation import check_choice, check_count, check_number
from .metric_data import ExportError, _field, _load

__all__ = ["IndexDescription", "TableDescription", "read_table_description"]


@dataclass(frozen=True)
class IndexDescription:
    """One global secondary index of ``describe-table`` output.

    Attributes
    ----------
    name, status : str
        ``IndexName`` and ``IndexStatus`` (``CREATING``, ``UPDATING``, ``DELETING``, ``ACTIVE``).
    backfilling : bool
        ``Backfilling``: DynamoDB is writing the table's existing items into a new index.
    read_units, write_units : float
        Its ``ProvisionedThroughput`` (capacity units per second, ``>= 0``; 0 on an on-demand table).
    max_read_units, max_write_units : float or None
        Its ``OnDemandThroughput`` maximum, request units per second, ``> 0`` (``None``: not set, or -1).

    Examples
    --------
    >>> IndexDescription("status-index", "CREATING", True, 100.0, 100.0)
    IndexDescription('status-index', CREATING, 100 RCU, 100 WCU)
    """

    name: str
    status: str = "ACTIVE"
    backfilling: bool = False
    read_units: float = 0.0
    write_units: float = 0.0
    max_read_units: float | None = None
    max_write_units: float | None = None

    def __post_init__(self) -> None:
        _check_description(self, ("read_units", "write_units"), ("max_read_units", "max_write_units"))
        check_choice("status", self.status, _INDEX_STATUSES)
        if not isinstance(self.backfilling, bool):
            raise ValueError(f"backfilling = {self.backfilling!r} is not allowed: must be True or False")

    def __repr__(self) -> str:
        return f"IndexDescription({self.name!r}, {self.status}, {self.read_units:g} RCU, {self.write_units:g} WCU)"


_INDEX_STATUSES = ("CREATING", "UPDATING", "DELETING", "ACTIVE")


def _check_description(obj: Any, units: tuple[str, ...], optional: tuple[str, ...]) -> None:
    if not isinstance(obj.name, str):
        raise ValueError(f"name = {obj.name!r} is not allowed: must be a string")
    for f in units:
        object.__setattr__(obj, f, check_number(f, getattr(obj, f), low=0, high=_MAX_UNITS))
    for f in optional:
        if getattr(obj, f) is not None:
            object.__setattr__(obj, f, check_number(f, getattr(obj, f), low=0, high=_MAX_UNITS, low_open=True))


#: The largest capacity a description may give, units per second: far above any quota AWS grants.
_MAX_UNITS = 1e12


@dataclass(frozen=True)
class TableDescription:
    """What ``aws dynamodb describe-table`` says about a table: its mode, capacities, size and indexes.

    Attributes
    ----------
    name : str
        ``TableName``.
    mode : {"provisioned", "on-demand"}
        From ``BillingModeSummary.BillingMode``; a table that was never on-demand may have no
        ``BillingModeSummary`` (AWS: "You may need to switch to on-demand mode at least once in order to return a
        BillingModeSummary response"), and is then read as provisioned when it has provisioned capacity.
    mode_from : str
        Which field gave the mode.
    read_units, write_units : float
        ``ProvisionedThroughput``, capacity units per second, ``>= 0`` and at most 1e12 (0 on an on-demand table).
    max_read_units, max_write_units : float or None
        ``OnDemandThroughput`` maximum, request units per second, ``> 0`` (``None``: not set, or -1).
    warm_read_per_s, warm_write_per_s : float or None
        ``WarmThroughput``, units per second, ``> 0`` (``None``: not given).
    size_bytes, item_count : int
        ``TableSizeBytes`` and ``ItemCount`` (AWS updates them about every six hours).
    indexes : tuple of IndexDescription
        ``GlobalSecondaryIndexes``.
    file : str
        The file read.

    Examples
    --------
    >>> TableDescription("orders", "provisioned", "BillingModeSummary.BillingMode", 3000.0, 4000.0)
    TableDescription('orders', 3000 RCU, 4000 WCU, 0.0 GB, 0 indexes)
    """

    name: str
    mode: str
    mode_from: str
    read_units: float = 0.0
    write_units: float = 0.0
    max_read_units: float | None = None
    max_write_units: float | None = None
    warm_read_per_s: float | None = None
    warm_write_per_s: float | None = None
    size_bytes: int = 0
    item_count: int = 0
    indexes: tuple[IndexDescription, ...] = ()
    file: str = "description"

    def __post_init__(self) -> None:
        _check_description(
            self,
            ("read_units", "write_units"),
            ("max_read_units", "max_write_units", "warm_read_per_s", "warm_write_per_s"),
        )
        check_choice("mode", self.mode, ("provisioned", "on-demand"))
        object.__setattr__(self, "size_bytes", check_count("size_bytes", self.size_bytes, low=0))
        object.__setattr__(self, "item_count", check_count("item_count", self.item_count, low=0))
        if not all(isinstance(i, IndexDescription) for i in self.indexes):
            raise ValueError(f"indexes = {self.indexes!r} is not allowed: must be IndexDescription objects")

    def __repr__(self) -> str:
        cap = f"{self.read_units:g} RCU, {self.write_units:g} WCU" if self.mode == "provisioned" else "on-demand"
        return f"TableDescription({self.name!r}, {cap}, {self.size_bytes / 1e9:.1f} GB, {len(self.indexes)} indexes)"

    def index(self, name: str) -> IndexDescription | None:
        """The index called ``name``, or ``None``."""
        return next((i for i in self.indexes if i.name == name), None)

    def as_table(self) -> Any:
        """The table as :func:`hotpart.what_if` and the simulator take it: the partition estimate and the provisioned
        capacity (an on-demand table's warm throughput stands in, the course's reading; see
        :attr:`partitions_estimate`).

        Examples
        --------
        >>> TableDescription("orders", "provisioned", "x", 3000.0, 4000.0).as_table()
        Table(5 partitions, 4,000 WCU/s (800 each), 3,000 RCU/s, simple keys)
        """
        from .simulator import Table

        if self.mode == "provisioned":
            r, w = self.read_units, self.write_units
        else:
            r, w = self.warm_read_per_s or 0.0, self.warm_write_per_s or 0.0
        return Table(self.partitions_estimate, wcu=w, rcu=r)

    @property
    def partitions_estimate(self) -> int:
        """Partitions the published rule of thumb gives for its capacity and size (:func:`hotpart.estimate_partitions`).

        On an on-demand table the warm throughput stands in for the provisioned capacity (the course's reading:
        warm throughput is what the table can serve at once). An estimate: AWS does not publish a table's
        partition count.
        """
        from .capacity import estimate_partitions

        if self.mode == "provisioned":
            r, w = self.read_units, self.write_units
        else:
            r, w = self.warm_read_per_s or 0.0, self.warm_write_per_s or 0.0
        return estimate_partitions(r, w, self.size_bytes / 1e9)


def _units(d: Any, key: str, file: str, where: str) -> float | None:
    if not isinstance(d, dict) or key not in d:
        return None
    v = d[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v < -1:
        raise ExportError(file, where + key, "a number >= 0 (or -1: no maximum)", v)
    return None if v <= 0 and key not in ("ReadCapacityUnits", "WriteCapacityUnits", "TableSizeBytes", "ItemCount") else float(v)


def _status(v: Any, file: str, where: str) -> str:
    if v not in _INDEX_STATUSES:
        raise ExportError(file, where, " or ".join(repr(x) for x in _INDEX_STATUSES), v)
    return str(v)


def read_table_description(description: Any) -> TableDescription:
    """Read ``aws dynamodb describe-table`` output (``{"Table": {...}}``).

    Parameters
    ----------
    description : dict or path
        The ``DescribeTable`` response, its ``Table`` object, or the path of a JSON file holding it.

    Returns
    -------
    TableDescription

    Examples
    --------
    >>> d = read_table_description({"Table": {"TableName": "orders",
    ...     "ProvisionedThroughput": {"ReadCapacityUnits": 3000, "WriteCapacityUnits": 4000},
    ...     "TableSizeBytes": 2_000_000_000, "ItemCount": 1_000_000}})
    >>> d.mode, d.mode_from, d.write_units, d.partitions_estimate
    ('provisioned', 'ProvisionedThroughput (no BillingModeSummary)', 4000.0, 5)
    """
    data, file = _load(description, "description")
    if isinstance(data, dict) and "Table" in data:
        data = _field(data, "Table", file, "", dict)
    if not isinstance(data, dict):
        raise ExportError(file, "Table", "describe-table output (a Table object)", data)
    w = "Table."
    name = _field(data, "TableName", file, w, str)
    pt = data.get("ProvisionedThroughput") or {}
    rcu = _units(pt, "ReadCapacityUnits", file, w + "ProvisionedThroughput.") or 0.0
    wcu = _units(pt, "WriteCapacityUnits", file, w + "ProvisionedThroughput.") or 0.0
    bms = data.get("BillingModeSummary")
    if isinstance(bms, dict) and "BillingMode" in bms:
        bm = bms["BillingMode"]
        if bm not in ("PROVISIONED", "PAY_PER_REQUEST"):
            raise ExportError(file, w + "BillingModeSummary.BillingMode", "'PROVISIONED' or 'PAY_PER_REQUEST'", bm)
        mode, mode_from = ("provisioned" if bm == "PROVISIONED" else "on-demand"), "BillingModeSummary.BillingMode"
    elif rcu > 0 or wcu > 0:
        mode, mode_from = "provisioned", "ProvisionedThroughput (no BillingModeSummary)"
    else:
        mode, mode_from = "on-demand", "ProvisionedThroughput of 0 (no BillingModeSummary)"
    od = data.get("OnDemandThroughput") or {}
    warm = data.get("WarmThroughput") or {}
    indexes = []
    for i, g in enumerate(data.get("GlobalSecondaryIndexes") or []):
        gw = f"{w}GlobalSecondaryIndexes[{i}]."
        gpt = g.get("ProvisionedThroughput") or {} if isinstance(g, dict) else {}
        god = g.get("OnDemandThroughput") or {} if isinstance(g, dict) else {}
        indexes.append(
            IndexDescription(
                _field(g, "IndexName", file, gw, str),
                _status(g.get("IndexStatus", "ACTIVE"), file, gw + "IndexStatus"),
                bool(g.get("Backfilling", False)),
                _units(gpt, "ReadCapacityUnits", file, gw + "ProvisionedThroughput.") or 0.0,
                _units(gpt, "WriteCapacityUnits", file, gw + "ProvisionedThroughput.") or 0.0,
                _units(god, "MaxReadRequestUnits", file, gw + "OnDemandThroughput."),
                _units(god, "MaxWriteRequestUnits", file, gw + "OnDemandThroughput."),
            )
        )
    size = _units(data, "TableSizeBytes", file, w) or 0.0
    items = _units(data, "ItemCount", file, w) or 0.0
    if size > 2**53 or items > 2**53:
        raise ExportError(file, w + "TableSizeBytes", "a size and an item count up to 2**53", max(size, items))
    return TableDescription(
        name,
        mode,
        mode_from,
        rcu,
        wcu,
        _units(od, "MaxReadRequestUnits", file, w + "OnDemandThroughput."),
        _units(od, "MaxWriteRequestUnits", file, w + "OnDemandThroughput."),
        _units(warm, "ReadUnitsPerSecond", file, w + "WarmThroughput."),
        _units(warm, "WriteUnitsPerSecond", file, w + "WarmThroughput."),
        int(size),
        int(items),
        tuple(indexes),
        file,
    )
