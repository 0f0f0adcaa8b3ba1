"""NoSQL Workbench's model export read into :class:`hotpart.TableDefinition` objects (internal:
:func:`hotpart.read_definition`).

The export is JSON: ``ModelName``, ``ModelMetadata`` and ``DataModel``, a list of tables, each with ``TableName``,
``KeyAttributes`` (``PartitionKey`` and ``SortKey``, each ``AttributeName`` and ``AttributeType``),
``NonKeyAttributes``, ``GlobalSecondaryIndexes`` (``IndexName``, ``KeyAttributes``, ``Projection``), ``BillingMode``,
``ProvisionedCapacitySettings`` (``ProvisionedThroughput`` and the auto scaling of reads and writes:
``ScalableTargetRequest``'s ``MinCapacity`` and ``MaxCapacity``, ``ScalingPolicyConfiguration``'s ``TargetValue``) and
the sample items of ``TableData`` in DynamoDB JSON. An index of a provisioned model without capacity of its own gets the
table's (the model leaves it to the table). The sample items' key values are counted per key attribute
(``TableDefinition.samples``): a workload's spread may use them (``sample_items: true``), and a note says how few
values they hold.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .definitions import (
    _PT,
    GSI_KEY_ATTRIBUTES_MAX,
    AutoScalingRange,
    IndexDefinition,
    TableDefinition,
    _expected_of,
    _mode,
    _projection,
    _Reader,
    _throughput,
)


def read_workbench(doc: dict[str, Any], name: str) -> tuple[TableDefinition, ...]:
    """NoSQL Workbench's model export: ``DataModel`` tables with ``KeyAttributes``, ``GlobalSecondaryIndexes``,
    ``BillingMode``, ``ProvisionedCapacitySettings`` (auto scaling included) and sample ``TableData``."""
    r = _Reader(name)
    tables = []
    model = doc.get("DataModel")
    if not isinstance(model, list):
        raise r.error("DataModel", "a list of tables", model)
    for i, t in enumerate(model):
        w = f"DataModel[{i}]"
        table_name = r.text(t, "TableName", w)
        pk, sk = _workbench_keys(r, r.get(t, "KeyAttributes", w), f"{w}.KeyAttributes", kind="table")
        attributes: dict[str, str] = {}
        mode = _mode(r, t, w)
        settings = r.get(t, "ProvisionedCapacitySettings", w) or {}
        sw = f"{w}.ProvisionedCapacitySettings"
        rcu, wcu = _throughput(r, settings, "ProvisionedThroughput", sw, _PT)
        scaling = [_workbench_scaling(r, settings, key, sw) for key in ("AutoScalingRead", "AutoScalingWrite")]
        if mode == "provisioned" and (rcu is None or wcu is None):
            if r.get(t, "BillingMode", w) is None and not settings:  # a model saved with no capacity at all
                raise r.error(
                    f"{w}.BillingMode",
                    "a capacity mode: no BillingMode and no ProvisionedCapacitySettings; add BillingMode "
                    "PAY_PER_REQUEST, or PROVISIONED with ProvisionedCapacitySettings.ProvisionedThroughput",
                )
            raise r.error(f"{sw}.ProvisionedThroughput", "ReadCapacityUnits and WriteCapacityUnits (BillingMode PROVISIONED)")
        indexes = []
        notes = []
        for j, g in enumerate(r.items(t, "GlobalSecondaryIndexes", w)):
            gw = f"{w}.GlobalSecondaryIndexes[{j}]"
            gpk, gsk = _workbench_keys(r, r.get(g, "KeyAttributes", gw), f"{gw}.KeyAttributes", kind="global")
            ptype, nonkey = _projection(r, g, gw)
            g_rcu, g_wcu = _throughput(r, g, "ProvisionedThroughput", gw, _PT)
            if mode == "provisioned" and (g_rcu is None or g_wcu is None):
                g_rcu, g_wcu = rcu, wcu
                notes.append(f"index {r.text(g, 'IndexName', gw)}: no capacity of its own in the model; the table's taken")
            indexes.append(
                IndexDefinition(
                    r.text(g, "IndexName", gw),  # type: ignore[arg-type]
                    "global",
                    gpk,
                    gsk,
                    ptype,
                    nonkey,
                    g_rcu if mode == "provisioned" else None,
                    g_wcu if mode == "provisioned" else None,
                )
            )
        key_attributes = pk + sk + tuple(a for g in indexes for a in g.partition_key)
        samples = {a: _sample_keys(t.get("TableData"), a) for a in dict.fromkeys(key_attributes)}
        samples = {a: c for a, c in samples.items() if c}
        if pk[0] in samples:
            counts = samples[pk[0]]
            n = len(counts)
            notes.append(
                f"sample items: {sum(counts.values())} items over {n} {pk[0]} value{'s' if n != 1 else ''} ("
                + ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1])[:5])
                + ")"
            )
        try:
            table = TableDefinition(
                table_name,  # type: ignore[arg-type]
                mode,
                pk,
                sk,
                attributes,
                read_units=rcu if mode == "provisioned" else None,
                write_units=wcu if mode == "provisioned" else None,
                read_scaling=scaling[0] if mode == "provisioned" else None,
                write_scaling=scaling[1] if mode == "provisioned" else None,
                indexes=tuple(indexes),
                source=name,
                where=w,
                notes=tuple(notes),
                samples=samples,
            )
        except ValueError as e:  # a rule of the whole table (distinct index names, ...): one line naming the file
            raise r.error(w, _expected_of(e)) from None
        tables.append(table)
    return tuple(tables)


def _workbench_keys(r: _Reader, keys: Any, where: str, *, kind: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``KeyAttributes``' ``PartitionKey`` and ``SortKey``: one object each (or, for a multi-attribute index key,
    a list of them)."""
    if not isinstance(keys, Mapping):
        raise r.error(where, "an object with PartitionKey", keys)
    out = []
    high = GSI_KEY_ATTRIBUTES_MAX if kind == "global" else 1
    for role in ("PartitionKey", "SortKey"):
        v = keys.get(role)
        if v is None:
            out.append(())
            continue
        listed = v if isinstance(v, list) else [v]
        if len(listed) > high:
            raise r.error(f"{where}.{role}", f"at most {high} attributes", len(listed))
        out.append(tuple(r.text(a, "AttributeName", f"{where}.{role}") for a in listed))
    if not out[0]:
        raise r.error(f"{where}.PartitionKey", "the field to be present")
    return out[0], out[1]  # type: ignore[return-value]


def _workbench_scaling(r: _Reader, settings: Any, key: str, where: str) -> AutoScalingRange | None:
    block = r.get(settings, key, where)
    if not block:
        return None
    w = f"{where}.{key}"
    target_req = r.get(block, "ScalableTargetRequest", w) or {}
    policy = r.get(block, "ScalingPolicyConfiguration", w) or {}
    lo = r.number(target_req, "MinCapacity", f"{w}.ScalableTargetRequest", low=1)
    hi = r.number(target_req, "MaxCapacity", f"{w}.ScalableTargetRequest", low=1)
    tv = r.number(policy, "TargetValue", f"{w}.ScalingPolicyConfiguration", low=20)
    if lo is None or hi is None or hi < lo:
        raise r.error(f"{w}.ScalableTargetRequest", "MinCapacity <= MaxCapacity", [lo, hi])
    if tv is not None and tv > 90:
        raise r.error(f"{w}.ScalingPolicyConfiguration.TargetValue", "a percentage from 20 to 90", tv)
    return AutoScalingRange(lo, hi, (tv or 70.0) / 100.0)


def _sample_keys(items: Any, attribute: str) -> dict[str, int]:
    """How many of a model's sample items carry each value of the partition key (DynamoDB JSON: ``{"S": "x"}``)."""
    counts: dict[str, int] = {}
    if not isinstance(items, list):
        return counts
    for item in items:
        v = item.get(attribute) if isinstance(item, Mapping) else None
        if isinstance(v, Mapping) and len(v) == 1:
            value = str(next(iter(v.values())))
            counts[value] = counts.get(value, 0) + 1
    return counts
