"""Table definitions as engineers write them, read into one shape: keys, indexes, capacity mode and throughput.

Chapter 17 (``notebooks/17_before_you_deploy.ipynb``) is built on this module and on :mod:`hotpart.models.plan`.
:func:`read_definition` reads any of

* a CloudFormation template, JSON or YAML (short-form tags such as ``!Ref`` read by cfn-lint's decoder), including
  ``cdk synth`` output: ``AWS::DynamoDB::Table`` and ``AWS::DynamoDB::GlobalTable`` resources, with intrinsic
  functions resolved from the template's parameter defaults (or ``parameters=``) or refused by name;
* a Terraform plan in JSON (``terraform show -json``) or ``.tf`` files (python-hcl2): ``aws_dynamodb_table``;
* a NoSQL Workbench model (its JSON export);
* ``aws dynamodb describe-table`` output, or the ``tables`` of a data-model file in boto3's ``create_table`` shape;

into :class:`TableDefinition` objects, each with its :class:`IndexDefinition` objects. A key schema may hold up to
:data:`GSI_KEY_ATTRIBUTES_MAX` partition-key and as many sort-key attributes on a global secondary index
(multi-attribute keys); a table's own key and a local index's keep one each. Bad input raises
:class:`hotpart.ExportError` (a ``ValueError``): one line naming the file, the field and what was expected.

The readers of each format live in internal modules (``_definition_cfn``, ``_definition_tf``); this one holds the
shape they share, the reader of the API's own shape (``KeySchema``, ``AttributeDefinitions``, ``BillingMode``,
``ProvisionedThroughput``, ``OnDemandThroughput``, ``WarmThroughput``, ``GlobalSecondaryIndexes``,
``LocalSecondaryIndexes``: the names CloudFormation, describe-table and ``create_table`` share) and the dispatch.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ._validation import check_choice, check_count, check_number, describe_range
from .metric_data import ExportError

__all__ = [
    "DEFINITION_FORMATS",
    "GSI_KEY_ATTRIBUTES_MAX",
    "AutoScalingRange",
    "IndexDefinition",
    "TableDefinition",
    "read_definition",
]

#: The most attributes a global secondary index's partition key, and its sort key, may each hold (multi-attribute
#: keys, November 2025); a table's own key and a local secondary index's take one of each.
GSI_KEY_ATTRIBUTES_MAX: Final[int] = 4
#: The formats :func:`read_definition` reads, by the name it reports.
DEFINITION_FORMATS: Final[tuple[str, ...]] = (
    "cloudformation",
    "terraform-plan",
    "terraform",
    "workbench",
    "describe-table",
    "create-table",
)
_MODES = ("provisioned", "on-demand")
_PROJECTIONS = ("ALL", "KEYS_ONLY", "INCLUDE")
_TYPES = ("S", "N", "B")
#: Far above any capacity AWS grants (the default per-table quota is 40,000 units/s); a larger figure is a typo.
_MAX_UNITS = 1e9
#: The least throughput DynamoDB takes, units/s: ``ProvisionedThroughput``'s units, ``WarmThroughput``'s and a set
#: ``OnDemandThroughput`` maximum are each at least 1 (botocore's service model: ``PositiveLongObject``, ``min`` 1;
#: "greater than or equal to 1" for ``MaxReadRequestUnits``).
_MIN_UNITS = 1.0

#: Resolves a value read from a file (an intrinsic function, a variable): (value, where) -> plain value.
Resolver = Callable[[Any, str], Any]


def _plain(value: Any, where: str) -> Any:
    return value


@dataclass(frozen=True)
class Unresolved:
    """A value a definition fills in only at deploy (a CloudFormation ``Fn::GetAtt``, a Terraform value unknown until
    apply): what plan needs instead, and what the file holds (internal: the readers refuse it where it is read)."""

    expected: str
    got: str

    def __str__(self) -> str:
        return f"<{self.got}>"


@dataclass(frozen=True)
class AutoScalingRange:
    """Application Auto Scaling on a table's or an index's capacity: the range and the target utilization.

    Parameters
    ----------
    min_units, max_units : float
        The range of provisioned capacity, units/s, ``1 <= min_units <= max_units <= 1e9``.
    target : float
        Target utilization, a fraction in ``[0.2, 0.9]`` (AWS's 20 to 90 percent).

    Examples
    --------
    >>> AutoScalingRange(5, 100, 0.7)
    AutoScalingRange(5 to 100 units/s at 70%)
    """

    min_units: float
    max_units: float
    target: float = 0.7

    def __post_init__(self) -> None:
        lo = check_number("min_units", self.min_units, low=1, high=_MAX_UNITS)
        hi = check_number("max_units", self.max_units, low=lo, high=_MAX_UNITS)
        object.__setattr__(self, "min_units", lo)
        object.__setattr__(self, "max_units", hi)
        object.__setattr__(self, "target", check_number("target", self.target, low=0.2, high=0.9))

    def __repr__(self) -> str:
        return f"AutoScalingRange({self.min_units:,.0f} to {self.max_units:,.0f} units/s at {self.target:.0%})"

    def capacity_for(self, demand: float) -> float:
        """The capacity auto scaling settles at for a sustained ``demand``: ``demand / target``, kept within the range.

        Parameters
        ----------
        demand : float
            Sustained consumed capacity, units/s, finite and ``>= 0`` (0: no traffic, the range's minimum).

        Returns
        -------
        float
            The provisioned capacity, units/s, in ``[min_units, max_units]``.

        Examples
        --------
        >>> AutoScalingRange(5, 1_000, 0.5).capacity_for(300)
        600.0
        """
        d = check_number("demand", demand, low=0, high=math.inf, high_open=True)
        return min(self.max_units, max(self.min_units, d / self.target))


def _keys(name: str, value: Any, high: int) -> tuple[str, ...]:
    if isinstance(value, str):
        value = (value,)
    keys = tuple(value)
    if not all(isinstance(k, str) and k for k in keys) or len(keys) > high:
        raise ValueError(f"{name} = {keys!r} is not allowed: must be at most {high} attribute names")
    return keys


def _units(name: str, value: Any, *, zero: bool = False) -> float | None:
    """``None``, or a throughput in ``[1, 1e9]`` units/s (DynamoDB's least is 1); ``zero`` also takes 0."""
    if value is None:
        return None
    allowed = ("0 or a number " if zero else "") + describe_range(_MIN_UNITS, _MAX_UNITS) + " units/s (DynamoDB's least is 1)"
    try:
        x = check_number(name, value, low=0 if zero else _MIN_UNITS, high=_MAX_UNITS)
    except ValueError as e:
        raise ValueError(f"{str(e).rsplit(': must be ', 1)[0]}: must be None or {allowed}") from None
    if 0 < x < _MIN_UNITS:
        raise ValueError(f"{name} = {value!r} is out of range: must be None or {allowed}")
    return x


#: A table's or index's capacity fields: provisioned units (0 taken: none provisioned), then the on-demand maximum
#: and the warm throughput (at least 1 when set).
_PROVISIONED = ("read_units", "write_units")
_LIMITS = ("max_read_units", "max_write_units", "warm_read_units", "warm_write_units")


def _capacity_fields(obj: Any) -> None:
    for f in _PROVISIONED:
        object.__setattr__(obj, f, _units(f, getattr(obj, f), zero=True))
    for f in _LIMITS:
        object.__setattr__(obj, f, _units(f, getattr(obj, f)))
    for f in ("read_scaling", "write_scaling"):
        value = getattr(obj, f)
        if value is not None and not isinstance(value, AutoScalingRange):
            raise ValueError(f"{f} = {value!r} is not allowed: must be an AutoScalingRange or None")


@dataclass(frozen=True)
class IndexDefinition:
    """A secondary index as the definition gives it.

    Parameters
    ----------
    name : str
        ``IndexName``.
    kind : {"global", "local"}
        A global secondary index (its own partitions and capacity) or a local one (the table's).
    partition_key, sort_key : tuple of str
        The key's attributes in order: up to :data:`GSI_KEY_ATTRIBUTES_MAX` of each on a global index (at least one
        partition-key attribute), one sort-key attribute on a local index (whose partition key is the table's).
    projection : {"ALL", "KEYS_ONLY", "INCLUDE"}
        ``ProjectionType``; ``non_key_attributes`` lists an ``INCLUDE`` projection's attributes.
    read_units, write_units : float or None
        Provisioned capacity of a global index, units/s: in ``[1, 1e9]`` (DynamoDB's least is 1), or 0 for none
        provisioned (a sketch whose workload makes no such requests); ``None`` on an on-demand table's index, on a
        local index (which uses the table's capacity), or where auto scaling gives it. A provisioned table's global
        index needs each of them or its auto scaling (:class:`TableDefinition` checks).
    read_scaling, write_scaling : AutoScalingRange or None
        Auto scaling of its capacity.
    max_read_units, max_write_units : float or None
        ``OnDemandThroughput`` maximum, units/s, in ``[1, 1e9]`` (``None``: not set, as ``-1`` is in the API).
    warm_read_units, warm_write_units : float or None
        ``WarmThroughput``, units/s, in ``[1, 1e9]`` (``None``: not given).

    A local index has no capacity of its own: its capacity fields are ``None`` (or its units 0).

    Examples
    --------
    >>> IndexDefinition("by-status", "global", ("status",), ("createdAt",), "KEYS_ONLY")
    IndexDefinition('by-status': global, status / createdAt, KEYS_ONLY)
    """

    name: str
    kind: str
    partition_key: tuple[str, ...]
    sort_key: tuple[str, ...] = ()
    projection: str = "ALL"
    non_key_attributes: tuple[str, ...] = ()
    read_units: float | None = None
    write_units: float | None = None
    read_scaling: AutoScalingRange | None = None
    write_scaling: AutoScalingRange | None = None
    max_read_units: float | None = None
    max_write_units: float | None = None
    warm_read_units: float | None = None
    warm_write_units: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"name = {self.name!r} is not allowed: must be a non-empty str")
        check_choice("kind", self.kind, ("global", "local"))
        high = GSI_KEY_ATTRIBUTES_MAX if self.kind == "global" else 1
        pk = _keys("partition_key", self.partition_key, high)
        if not pk:
            raise ValueError("partition_key = () is not allowed: must name at least one attribute")
        object.__setattr__(self, "partition_key", pk)
        object.__setattr__(self, "sort_key", _keys("sort_key", self.sort_key, high))
        check_choice("projection", self.projection, _PROJECTIONS)
        object.__setattr__(self, "non_key_attributes", _keys("non_key_attributes", self.non_key_attributes, 100))
        _capacity_fields(self)
        if self.kind == "local":
            for f in (*_PROVISIONED, "read_scaling", "write_scaling", *_LIMITS):
                if getattr(self, f):
                    raise ValueError(
                        f"{f} = {getattr(self, f)!r} is not allowed on a local index: must be None (a local index "
                        "uses the table's capacity; its units may be 0)"
                    )

    def __repr__(self) -> str:
        key = "+".join(self.partition_key) + (" / " + "+".join(self.sort_key) if self.sort_key else "")
        return f"IndexDefinition({self.name!r}: {self.kind}, {key}, {self.projection})"


@dataclass(frozen=True)
class TableDefinition:
    """A table as a definition gives it: its keys, indexes, capacity mode and throughput.

    Parameters
    ----------
    name : str
        ``TableName`` (or, when the definition leaves it to the tool, the resource's logical name).
    mode : {"provisioned", "on-demand"}
        The capacity mode (``BillingMode``).
    partition_key, sort_key : tuple of str
        The table's key: one partition-key attribute, at most one sort-key attribute.
    attributes : mapping of str to str
        ``AttributeDefinitions``: each key attribute's type (``S``, ``N`` or ``B``).
    read_units, write_units : float or None
        Provisioned capacity, units/s: in provisioned mode in ``[1, 1e9]`` (DynamoDB's least is 1), or 0 for none
        provisioned (a sketch whose workload makes no such requests), or ``None`` where auto scaling
        (``read_scaling``, ``write_scaling``) gives it; in on-demand mode ``None`` (or 0, as describe-table reports
        an on-demand table's), since AWS refuses provisioned throughput with ``PAY_PER_REQUEST``.
    read_scaling, write_scaling : AutoScalingRange or None
        Auto scaling of the provisioned capacity.
    max_read_units, max_write_units : float or None
        ``OnDemandThroughput`` maximum, units/s, in ``[1, 1e9]`` (``None``: not set, as ``-1`` is in the API).
    warm_read_units, warm_write_units : float or None
        ``WarmThroughput``, units/s, in ``[1, 1e9]`` (``None``: not given).
    indexes : tuple of IndexDefinition
        Global and local secondary indexes, with distinct names; in provisioned mode each global index has its
        read and write capacity (units or auto scaling), in on-demand mode none.
    size_bytes, item_count : int or None
        The table's size (bytes) and items, when the definition knows them (describe-table): whole numbers
        ``>= 0`` (an empty table has 0), at most 2**53.
    aliases : tuple of str
        Other names a workload may use for the table: the template's logical ID, the CDK construct's ID, the
        Terraform resource's address and name.
    source, where : str
        The file read, and where in it the table is (``Resources.Orders``, ``aws_dynamodb_table.orders``).
    notes : tuple of str
        What the reader noticed (values taken from parameter defaults, replicas, sample items).
    samples : mapping of str to mapping of str to int
        For a model with sample items (NoSQL Workbench's ``TableData``): each key attribute's values and how many
        sample items carry each.

    Examples
    --------
    >>> TableDefinition("orders", "provisioned", ("orderId",), write_units=1_000, read_units=3_000)
    TableDefinition('orders': provisioned, orderId, 3,000 RCU/s and 1,000 WCU/s, 0 indexes)
    """

    name: str
    mode: str
    partition_key: tuple[str, ...]
    sort_key: tuple[str, ...] = ()
    attributes: Mapping[str, str] = field(default_factory=dict)
    read_units: float | None = None
    write_units: float | None = None
    read_scaling: AutoScalingRange | None = None
    write_scaling: AutoScalingRange | None = None
    max_read_units: float | None = None
    max_write_units: float | None = None
    warm_read_units: float | None = None
    warm_write_units: float | None = None
    indexes: tuple[IndexDefinition, ...] = ()
    size_bytes: int | None = None
    item_count: int | None = None
    aliases: tuple[str, ...] = ()
    source: str = ""
    where: str = ""
    notes: tuple[str, ...] = ()
    samples: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"name = {self.name!r} is not allowed: must be a non-empty str")
        check_choice("mode", self.mode, _MODES)
        pk = _keys("partition_key", self.partition_key, 1)
        if len(pk) != 1:
            raise ValueError(f"partition_key = {pk!r} is not allowed: a table's key has one partition-key attribute")
        object.__setattr__(self, "partition_key", pk)
        object.__setattr__(self, "sort_key", _keys("sort_key", self.sort_key, 1))
        _capacity_fields(self)
        if self.mode == "provisioned":
            for kind, units, scaling in (
                ("read", self.read_units, self.read_scaling),
                ("write", self.write_units, self.write_scaling),
            ):
                if units is None and scaling is None:
                    raise ValueError(
                        f"{kind}_units = None is not allowed in provisioned mode: give the capacity or its auto scaling"
                    )
        else:
            for f in _PROVISIONED:
                if getattr(self, f):
                    raise ValueError(
                        f"{f} = {getattr(self, f)!r} is not allowed in on-demand mode: must be None or 0 (an "
                        f"on-demand table has no provisioned capacity; its limits are max_{f} and warm_{f})"
                    )
        if not isinstance(self.indexes, (tuple, list)) or not all(isinstance(i, IndexDefinition) for i in self.indexes):
            raise ValueError(f"indexes = {self.indexes!r} is not allowed: must be a tuple of IndexDefinition objects")
        object.__setattr__(self, "indexes", tuple(self.indexes))
        names = [i.name for i in self.indexes]
        if len(set(names)) != len(names):
            raise ValueError(f"indexes = {names!r} is not allowed: must be IndexDefinition objects with distinct names")
        for i in self.global_indexes:
            _index_capacity(i, self.mode)
        for f in ("size_bytes", "item_count"):
            if getattr(self, f) is not None:
                object.__setattr__(self, f, check_count(f, getattr(self, f)))
        if not all(isinstance(k, str) and t in _TYPES for k, t in dict(self.attributes).items()):
            raise ValueError(f"attributes = {dict(self.attributes)!r} is not allowed: must map attribute names to S, N or B")
        object.__setattr__(self, "attributes", dict(self.attributes))
        object.__setattr__(self, "samples", {k: dict(v) for k, v in self.samples.items()})
        object.__setattr__(self, "aliases", tuple(a for a in self.aliases if a and a != self.name))

    def __repr__(self) -> str:
        if self.mode == "provisioned":
            cap = f"{_cap(self.read_units, self.read_scaling)} RCU/s and {_cap(self.write_units, self.write_scaling)} WCU/s"
        else:
            cap = "on-demand"
        key = self.partition_key[0] + (" / " + self.sort_key[0] if self.sort_key else "")
        return f"TableDefinition({self.name!r}: {self.mode}, {key}, {cap}, {len(self.indexes)} indexes)"

    def index(self, name: str) -> IndexDefinition | None:
        """The index called ``name``, or ``None``."""
        return next((i for i in self.indexes if i.name == name), None)

    @property
    def global_indexes(self) -> tuple[IndexDefinition, ...]:
        """The global secondary indexes."""
        return tuple(i for i in self.indexes if i.kind == "global")

    @property
    def local_indexes(self) -> tuple[IndexDefinition, ...]:
        """The local secondary indexes."""
        return tuple(i for i in self.indexes if i.kind == "local")

    def answers_to(self, name: str) -> bool:
        """Whether a workload's ``table`` field names this table (its name or one of its aliases)."""
        return name == self.name or name in self.aliases


def _index_capacity(i: IndexDefinition, mode: str) -> None:
    """A global index's capacity in its table's mode: its own in provisioned mode (units or auto scaling, as the API
    requires), none in on-demand mode."""
    for kind in ("read", "write"):
        units, scaling = getattr(i, f"{kind}_units"), getattr(i, f"{kind}_scaling")
        if mode == "provisioned" and units is None and scaling is None:
            raise ValueError(
                f"indexes = {i.name!r} has {kind}_units = None and no {kind}_scaling: not allowed in provisioned mode "
                "(a provisioned table's global index has capacity of its own: give it, 0 for none)"
            )
        if mode == "on-demand" and units:
            raise ValueError(
                f"indexes = {i.name!r} has {kind}_units = {units!r}: not allowed in on-demand mode: must be None or 0 "
                "(an on-demand table's index has no provisioned capacity)"
            )


def _cap(units: float | None, scaling: AutoScalingRange | None) -> str:
    if scaling is not None:
        return f"{scaling.min_units:,.0f}-{scaling.max_units:,.0f}"
    return f"{units:,.0f}"


# ---------------------------------------------------------------------------------------------
# The API's own shape, shared by CloudFormation's Table, describe-table and create_table
# ---------------------------------------------------------------------------------------------


def _expected_of(e: ValueError) -> str:
    """What a model's refusal (``name = value is not allowed: must be ...``) says was expected, for a one-line
    :class:`ExportError` naming the file and the field."""
    text = str(e)
    return text.split(": must be ", 1)[1] if ": must be " in text else text.split(": ", 1)[-1]


class _Reader:
    """Reads one object's fields with a resolver (CloudFormation's intrinsics, or none), naming each field."""

    def __init__(self, file: str, resolve: Resolver = _plain) -> None:
        self.file, self.resolve = file, resolve

    def error(self, where: str, expected: str, got: Any = None) -> ExportError:
        return ExportError(self.file, where, expected, got)

    def get(self, obj: Any, key: str, where: str, default: Any = None) -> Any:
        """``obj[key]`` resolved; ``default`` when absent (or removed by ``AWS::NoValue``)."""
        if not isinstance(obj, Mapping):
            raise self.error(where, "an object", obj)
        if key not in obj:
            return default
        path = f"{where}.{key}" if where else key
        value = self.resolve(obj[key], path)
        if isinstance(value, Unresolved):
            raise self.error(path, value.expected, value.got)
        return default if value is None else value

    def text(self, obj: Any, key: str, where: str, *, required: bool = True, choices: tuple[str, ...] = ()) -> str | None:
        value = self.get(obj, key, where)
        path = f"{where}.{key}" if where else key
        if value is None:
            if required:
                raise self.error(path, "the field to be present")
            return None
        if not isinstance(value, str) or not value:
            raise self.error(path, "a string", value)
        if choices and value not in choices:
            raise self.error(path, "one of " + ", ".join(choices), value)
        return value

    def number(
        self, obj: Any, key: str, where: str, *, low: float = 0.0, high: float = _MAX_UNITS, allow_minus_one: bool = False
    ) -> float | None:
        """A number (CloudFormation also takes one written as a string), ``None`` when absent; ``-1`` (no
        maximum) reads as ``None`` where allowed."""
        value = self.get(obj, key, where)
        path = f"{where}.{key}" if where else key
        if value is None:
            return None
        if isinstance(value, str):
            try:
                value = float(value.strip())
            except ValueError:
                raise self.error(path, "a number", value) from None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise self.error(path, "a number", value)
        if allow_minus_one and value == -1:
            return None
        if not low <= value <= high:
            raise self.error(path, f"a number from {low:g} to {high:g}", value)
        return float(value)

    def items(self, obj: Any, key: str, where: str) -> list[Any]:
        value = self.get(obj, key, where, [])
        if not isinstance(value, list):
            raise self.error(f"{where}.{key}" if where else key, "a list", value)
        return value


def _key_schema(r: _Reader, schema: Any, where: str, *, kind: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The partition-key and sort-key attributes of a ``KeySchema`` list, in order."""
    if not isinstance(schema, list) or not schema:
        raise r.error(where, "a non-empty list of {AttributeName, KeyType}", schema)
    hashes: list[str] = []
    ranges: list[str] = []
    for i, element in enumerate(schema):
        w = f"{where}[{i}]"
        name = r.text(element, "AttributeName", w)
        key_type = r.text(element, "KeyType", w, choices=("HASH", "RANGE"))
        if key_type == "RANGE":
            ranges.append(name)  # type: ignore[arg-type]
        elif ranges:
            raise r.error(f"{w}.KeyType", "every HASH attribute before the RANGE attributes", key_type)
        else:
            hashes.append(name)  # type: ignore[arg-type]
    high = GSI_KEY_ATTRIBUTES_MAX if kind == "global" else 1
    what = {"table": "a table's key", "local": "a local secondary index's key", "global": "a global secondary index's key"}[kind]
    if not hashes or len(hashes) > high:
        raise r.error(where, f"1 to {high} HASH attributes in {what} (multi-attribute keys are for global indexes)", hashes)
    if len(ranges) > high:
        raise r.error(where, f"at most {high} RANGE attributes in {what}", ranges)
    return tuple(hashes), tuple(ranges)


def _check_defined(r: _Reader, attributes: Mapping[str, str], names: tuple[str, ...], where: str) -> None:
    if not attributes:
        return  # a format without AttributeDefinitions (a Workbench model lists them differently)
    for name in names:
        if name not in attributes:
            raise r.error(where, f"every key attribute in AttributeDefinitions ({', '.join(attributes)})", name)


def _attributes(r: _Reader, props: Any, where: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for i, a in enumerate(r.items(props, "AttributeDefinitions", where)):
        w = f"{where}.AttributeDefinitions[{i}]"
        out[r.text(a, "AttributeName", w)] = r.text(a, "AttributeType", w, choices=_TYPES)  # type: ignore[index]
    return out


def _throughput(r: _Reader, obj: Any, key: str, where: str, names: tuple[str, str]) -> tuple[float | None, float | None]:
    block = r.get(obj, key, where)
    if block is None:
        return None, None
    w = f"{where}.{key}"
    minus_one = key == "OnDemandThroughput"
    # ProvisionedThroughput's 0 is an on-demand table's in describe-table; a maximum and warm throughput are >= 1
    low = 0 if key == "ProvisionedThroughput" else _MIN_UNITS
    return (
        r.number(block, names[0], w, allow_minus_one=minus_one, low=low),
        r.number(block, names[1], w, allow_minus_one=minus_one, low=low),
    )


_PT = ("ReadCapacityUnits", "WriteCapacityUnits")
_OD = ("MaxReadRequestUnits", "MaxWriteRequestUnits")
_WT = ("ReadUnitsPerSecond", "WriteUnitsPerSecond")


def _local_indexes(
    r: _Reader, props: Any, where: str, pk: tuple[str, ...], attributes: Mapping[str, str]
) -> list[IndexDefinition]:
    """``LocalSecondaryIndexes`` as CloudFormation and the DynamoDB API both write them: the table's partition key
    and one sort key each, a projection."""
    out = []
    for i, lsi in enumerate(r.items(props, "LocalSecondaryIndexes", where)):
        w = f"{where}.LocalSecondaryIndexes[{i}]"
        lpk, lsk = _key_schema(r, r.get(lsi, "KeySchema", w), f"{w}.KeySchema", kind="local")
        if lpk != pk or not lsk:
            raise r.error(f"{w}.KeySchema", f"the table's partition key ({pk[0]}) and one sort key", list(lpk + lsk))
        _check_defined(r, attributes, lsk, f"{w}.KeySchema")
        ptype, nonkey = _projection(r, lsi, w)
        out.append(IndexDefinition(r.text(lsi, "IndexName", w), "local", lpk, lsk, ptype, nonkey))  # type: ignore[arg-type]
    return out


def _projection(r: _Reader, index: Any, where: str) -> tuple[str, tuple[str, ...]]:
    proj = r.get(index, "Projection", where)
    if proj is None:
        raise r.error(f"{where}.Projection", "the field to be present")
    ptype = r.text(proj, "ProjectionType", f"{where}.Projection", required=False, choices=_PROJECTIONS) or "KEYS_ONLY"
    attrs = r.items(proj, "NonKeyAttributes", f"{where}.Projection")
    if not all(isinstance(a, str) for a in attrs):
        raise r.error(f"{where}.Projection.NonKeyAttributes", "a list of attribute names", attrs)
    return ptype, tuple(attrs)


def _mode(r: _Reader, props: Any, where: str, default: str = "PROVISIONED") -> str:
    summary = r.get(props, "BillingModeSummary", where)
    billing = r.text(summary, "BillingMode", f"{where}.BillingModeSummary", required=False) if summary else None
    billing = billing or r.text(props, "BillingMode", where, required=False) or default
    if billing not in ("PROVISIONED", "PAY_PER_REQUEST"):
        raise r.error(f"{where}.BillingMode", "PROVISIONED or PAY_PER_REQUEST", billing)
    return "provisioned" if billing == "PROVISIONED" else "on-demand"


def table_from_api_shape(
    props: Any,
    *,
    file: str,
    where: str,
    name: str | None = None,
    resolve: Resolver = _plain,
    default_mode: str = "PROVISIONED",
    aliases: tuple[str, ...] = (),
    notes: tuple[str, ...] = (),
    index_capacity: str = "own",
) -> TableDefinition:
    """A :class:`TableDefinition` from the API's shape: CloudFormation's ``AWS::DynamoDB::Table`` properties,
    ``describe-table``'s ``Table`` or a ``create_table`` request (internal: the readers call it).

    ``index_capacity="own"`` refuses a provisioned table's global index without its ``ProvisionedThroughput`` (the
    API requires it); ``"table"`` gives it the table's (a definition that leaves it out).
    """
    r = _Reader(file, resolve)
    if not isinstance(props, Mapping):
        raise r.error(where, "an object", props)
    table_name = name or r.text(props, "TableName", where)
    attributes = _attributes(r, props, where)
    pk, sk = _key_schema(r, r.get(props, "KeySchema", where), f"{where}.KeySchema", kind="table")
    _check_defined(r, attributes, pk + sk, f"{where}.KeySchema")
    mode = _mode(r, props, where, default_mode)
    rcu, wcu = _throughput(r, props, "ProvisionedThroughput", where, _PT)
    if mode == "provisioned" and (rcu is None or wcu is None):
        raise r.error(f"{where}.ProvisionedThroughput", "ReadCapacityUnits and WriteCapacityUnits (BillingMode PROVISIONED)")
    max_r, max_w = _throughput(r, props, "OnDemandThroughput", where, _OD)
    warm_r, warm_w = _throughput(r, props, "WarmThroughput", where, _WT)
    indexes = []
    for i, g in enumerate(r.items(props, "GlobalSecondaryIndexes", where)):
        w = f"{where}.GlobalSecondaryIndexes[{i}]"
        gpk, gsk = _key_schema(r, r.get(g, "KeySchema", w), f"{w}.KeySchema", kind="global")
        _check_defined(r, attributes, gpk + gsk, f"{w}.KeySchema")
        ptype, nonkey = _projection(r, g, w)
        g_rcu, g_wcu = _throughput(r, g, "ProvisionedThroughput", w, _PT)
        if mode == "provisioned" and (g_rcu is None or g_wcu is None):
            if index_capacity == "own":
                raise r.error(f"{w}.ProvisionedThroughput", "the index's own capacity (a provisioned table's index needs it)")
            g_rcu, g_wcu = rcu, wcu
        if mode == "on-demand":
            g_rcu = g_wcu = None
        g_max = _throughput(r, g, "OnDemandThroughput", w, _OD)
        g_warm = _throughput(r, g, "WarmThroughput", w, _WT)
        indexes.append(
            IndexDefinition(
                r.text(g, "IndexName", w),  # type: ignore[arg-type]
                "global",
                gpk,
                gsk,
                ptype,
                nonkey,
                read_units=g_rcu,
                write_units=g_wcu,
                max_read_units=g_max[0],
                max_write_units=g_max[1],
                warm_read_units=g_warm[0],
                warm_write_units=g_warm[1],
            )
        )
    indexes += _local_indexes(r, props, where, pk, attributes)
    size = r.number(props, "TableSizeBytes", where, high=2**53)
    count = r.number(props, "ItemCount", where, high=2**53)
    try:
        return TableDefinition(
            table_name,  # type: ignore[arg-type]
            mode,
            pk,
            sk,
            attributes,
            read_units=rcu if mode == "provisioned" else None,
            write_units=wcu if mode == "provisioned" else None,
            max_read_units=max_r,
            max_write_units=max_w,
            warm_read_units=warm_r,
            warm_write_units=warm_w,
            indexes=tuple(indexes),
            size_bytes=None if size is None else int(size),
            item_count=None if count is None else int(count),
            aliases=aliases,
            source=file,
            where=where,
            notes=notes,
        )
    except ValueError as e:  # a rule of the shape (distinct index names, ...) the fields passed one by one
        raise r.error(where, _expected_of(e)) from None


# ---------------------------------------------------------------------------------------------
# The dispatch
# ---------------------------------------------------------------------------------------------

_KNOWN = (
    "a CloudFormation template (JSON or YAML), a Terraform plan (terraform show -json) or .tf file, a NoSQL "
    "Workbench model, or describe-table output"
)


def read_definition(
    path: str | Path, *, table: str | None = None, parameters: Mapping[str, Any] | None = None
) -> tuple[tuple[TableDefinition, ...], str]:
    """Read the DynamoDB tables a definition file (or a folder of ``.tf`` files) declares.

    Parameters
    ----------
    path : str or Path
        The file: a CloudFormation template (``.json``, ``.yaml``, ``.yml``, ``.template``; ``cdk synth`` output
        included), a Terraform plan in JSON, a ``.tf`` file or a folder of them, a NoSQL Workbench model, or
        ``describe-table`` output. The format is read from the content, not the name.
    table : str, optional
        Keep only the table of this name (its ``TableName``, logical ID or Terraform address).
    parameters : mapping of str to value, optional
        Values for the template's parameters (CloudFormation) or variables (Terraform), over their defaults.

    Returns
    -------
    (tuple of TableDefinition, str)
        The tables, in the file's order, and the format read (one of :data:`DEFINITION_FORMATS`).

    Raises
    ------
    hotpart.ExportError
        On an unknown format, a file that declares no table, a table that is not there, or a field that cannot
        be read: one line naming the file and the field.

    Examples
    --------
    >>> import json, tempfile, os
    >>> doc = {"Table": {"TableName": "orders", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    ...        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
    ...        "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"}}}
    >>> f = os.path.join(tempfile.mkdtemp(), "describe.json")
    >>> _ = open(f, "w").write(json.dumps(doc))
    >>> tables, fmt = read_definition(f)
    >>> fmt, tables[0]
    ('describe-table', TableDefinition('orders': on-demand, pk, on-demand, 0 indexes))
    """
    p = Path(path)
    name = str(path)
    params = dict(parameters or {})
    if p.is_dir() or p.suffix == ".tf":
        from ._definition_tf import read_hcl

        tables, fmt = read_hcl(p, name, params), "terraform"
    else:
        try:
            raw = p.read_bytes()
        except OSError as e:
            raise ExportError(name, "(file)", "a readable file", e.strerror) from None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise ExportError(name, "(file)", f"UTF-8 text; byte {e.start} is not") from None
        if not text.strip():
            raise ExportError(name, "(file)", f"{_KNOWN}, not an empty file")
        tables, fmt = _read_text(text, name, params)
    if not tables:
        raise ExportError(name, "(document)", "at least one DynamoDB table (" + _KNOWN + ")")
    if table is not None:
        chosen = tuple(t for t in tables if t.answers_to(table))
        if not chosen:
            raise ExportError(name, "--table", "one of the file's tables (" + ", ".join(t.name for t in tables) + ")", table)
        tables = chosen
    return tables, fmt


def _read_text(text: str, name: str, params: dict[str, Any]) -> tuple[tuple[TableDefinition, ...], str]:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        doc = None
        json_error = e
    if doc is None:
        if text.lstrip().startswith(("{", "[")):
            raise ExportError(name, f"(line {json_error.lineno})", f"valid JSON ({json_error.msg})")
        from ._definition_cfn import read_cloudformation_text

        return read_cloudformation_text(text, name, params), "cloudformation"
    if not isinstance(doc, dict):
        raise ExportError(name, "(document)", _KNOWN, type(doc).__name__)
    if "Resources" in doc or "AWSTemplateFormatVersion" in doc:
        from ._definition_cfn import read_cloudformation_text

        return read_cloudformation_text(text, name, params), "cloudformation"
    if "format_version" in doc and ("planned_values" in doc or "resource_changes" in doc):
        from ._definition_tf import read_plan_json

        return read_plan_json(doc, name), "terraform-plan"
    if "DataModel" in doc or "ModelName" in doc:
        from ._definition_workbench import read_workbench

        return read_workbench(doc, name), "workbench"
    if isinstance(doc.get("Table"), dict):
        return (_describe_table(doc["Table"], name, "Table"),), "describe-table"
    if "TableName" in doc and "KeySchema" in doc:
        return (_describe_table(doc, name, "(document)"),), "describe-table"
    if isinstance(doc.get("tables"), list):
        tables = tuple(
            table_from_api_shape(t, file=name, where=f"tables[{i}]", default_mode="PROVISIONED")
            for i, t in enumerate(doc["tables"])
        )
        return tables, "create-table"
    raise ExportError(name, "(document)", _KNOWN, sorted(doc)[:6])


def _describe_table(table: Any, name: str, where: str) -> TableDefinition:
    """describe-table's ``Table``: the keys and indexes here, the capacities as :func:`hotpart.read_table_description`
    reads them (the mode from ``BillingModeSummary``, or from the provisioned capacity when AWS leaves it out)."""
    from .table_description import read_table_description

    desc = read_table_description({"Table": table} if where == "Table" else table)
    default = "PROVISIONED" if desc.mode == "provisioned" else "PAY_PER_REQUEST"
    props = {k: v for k, v in table.items() if k != "BillingModeSummary"}
    props["BillingMode"] = default
    notes = (f"capacity mode from {desc.mode_from}",) if "BillingModeSummary" not in table else ()
    return table_from_api_shape(props, file=name, where=where, notes=notes, default_mode=default)
