"""CloudFormation templates read into :class:`hotpart.TableDefinition` objects (internal: :func:`hotpart.read_definition`).

JSON templates are parsed with the standard library; YAML ones, short-form tags (``!Ref``, ``!Sub``, ``!If``, ...)
included, with cfn-lint's template decoder (``cfnlint.decode``), which turns each tag into its long form
(``{"Ref": ...}``). ``cdk synth`` output is a JSON template like any other: its ``Metadata`` names each resource's
construct (``aws:cdk:path``), which becomes an alias a workload may use.

Resources read: ``AWS::DynamoDB::Table`` (its properties are the API's shape, read by
``definitions.table_from_api_shape``), ``AWS::DynamoDB::GlobalTable`` (write capacity by auto scaling, read capacity
per replica: the replica with the least read capacity is planned, and the notes say which), and
``AWS::ApplicationAutoScaling::ScalableTarget`` with its ``ScalingPolicy`` on a table or index of the template.

Intrinsic functions are resolved where a value is read: ``Ref`` to a parameter (its value from ``parameters=``, else
its ``Default``), ``Fn::Sub``, ``Fn::Join``, ``Fn::Select``, ``Fn::Split``, ``Fn::FindInMap``, ``Fn::If`` with the
template's ``Conditions`` (``Fn::Equals``, ``Fn::Not``, ``Fn::And``, ``Fn::Or``, ``Condition``) and
``AWS::NoValue``. A value known only at deploy (``Fn::GetAtt``, ``Fn::ImportValue``, a pseudo parameter, a parameter
without a default) is refused by name where plan needs it, with what to pass instead; a ``TableName`` known only at
deploy falls back to the resource's logical ID, with a note.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .definitions import (
    AutoScalingRange,
    IndexDefinition,
    TableDefinition,
    Unresolved,
    _attributes,
    _check_defined,
    _expected_of,
    _key_schema,
    _local_indexes,
    _projection,
    _Reader,
    _throughput,
    table_from_api_shape,
)
from .observed import ExportError

_OD_W = ("MaxWriteRequestUnits",)
_PSEUDO = (
    "AWS::AccountId",
    "AWS::NotificationARNs",
    "AWS::Partition",
    "AWS::Region",
    "AWS::StackId",
    "AWS::StackName",
    "AWS::URLSuffix",
)


class _Template:
    """The template's parameters, conditions and mappings, and the resolver of intrinsic functions."""

    def __init__(self, doc: Mapping[str, Any], file: str, params: Mapping[str, Any]) -> None:
        self.doc, self.file, self.params = doc, file, dict(params)
        self.parameters = doc.get("Parameters") or {}
        self.conditions = doc.get("Conditions") or {}
        self.mappings = doc.get("Mappings") or {}
        self.resources = doc.get("Resources") or {}
        unknown = sorted(set(self.params) - set(self.parameters))
        if unknown:
            raise ExportError(
                file, "--parameter", "a parameter the template declares (" + ", ".join(self.parameters) + ")", unknown[0]
            )

    # -- values ----------------------------------------------------------------------------------
    def resolve(self, value: Any, where: str) -> Any:
        """``value`` with its intrinsic functions evaluated; ``None`` for ``AWS::NoValue``; an :class:`Unresolved`
        where the value is known only at deploy."""
        if isinstance(value, Mapping) and len(value) == 1:
            ((fn, arg),) = value.items()
            handler = _FUNCTIONS.get(fn)
            if handler is not None:
                return handler(self, arg, where)
        return value

    def ref(self, name: Any, where: str) -> Any:
        if not isinstance(name, str):
            raise ExportError(self.file, where, "Ref to a name", name)
        if name == "AWS::NoValue":
            return None
        if name in self.params:
            return self._typed(name, self.params[name], where)
        if name in self.parameters:
            spec = self.parameters[name] or {}
            if "Default" not in spec:
                return Unresolved(
                    f"a value known before deploy: parameter {name!r} has no Default (give it one, or pass "
                    f"--parameter {name}=VALUE)",
                    f"Ref {name}",
                )
            return self._typed(name, spec["Default"], where)
        if name in _PSEUDO:
            return Unresolved(f"a value known before deploy, not the pseudo parameter {name}", f"Ref {name}")
        if name in self.resources:
            return Unresolved(f"a value known before deploy, not resource {name}'s name (set at deploy)", f"Ref {name}")
        raise ExportError(self.file, where, "Ref to a parameter or resource of the template", name)

    def _typed(self, name: str, value: Any, where: str) -> Any:
        spec = self.parameters.get(name) or {}
        ptype = str(spec.get("Type", "String"))
        if ptype == "Number" and isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                raise ExportError(self.file, f"Parameters.{name}", "a number (Type: Number)", value) from None
        if ptype in ("CommaDelimitedList", "List<Number>") and isinstance(value, str):
            return [v.strip() for v in value.split(",")]
        return value

    def text_of(self, value: Any, where: str) -> str | Unresolved:
        """A resolved scalar as text (for Sub and Join); an :class:`Unresolved` passes through."""
        v = self.resolve(value, where)
        if isinstance(v, Unresolved):
            return v
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, float) and v.is_integer():
            return str(int(v))
        if isinstance(v, (str, int, float)):
            return str(v)
        raise ExportError(self.file, where, "a string or a number", v)

    # -- conditions ------------------------------------------------------------------------------
    def condition(self, name: Any, where: str, seen: tuple[str, ...] = ()) -> bool | Unresolved:
        if not isinstance(name, str) or name not in self.conditions:
            raise ExportError(self.file, where, "a condition of the template's Conditions", name)
        if name in seen:
            raise ExportError(self.file, f"Conditions.{name}", "conditions without a cycle", " -> ".join((*seen, name)))
        return self.truth(self.conditions[name], f"Conditions.{name}", (*seen, name))

    def truth(self, expr: Any, where: str, seen: tuple[str, ...] = ()) -> bool | Unresolved:
        if isinstance(expr, bool):
            return expr
        if isinstance(expr, Mapping) and len(expr) == 1:
            ((fn, arg),) = expr.items()
            if fn == "Condition":
                return self.condition(arg, where, seen)
            if fn == "Fn::Equals" and isinstance(arg, list) and len(arg) == 2:
                a, b = (self.text_of(x, where) for x in arg)
                if isinstance(a, Unresolved):
                    return a
                if isinstance(b, Unresolved):
                    return b
                return a == b
            if fn in ("Fn::Not", "Fn::And", "Fn::Or") and isinstance(arg, list) and arg:
                parts = [self.truth(x, where, seen) for x in arg]
                for p in parts:
                    if isinstance(p, Unresolved):
                        return p
                if fn == "Fn::Not":
                    return not parts[0]
                return all(parts) if fn == "Fn::And" else any(parts)
        raise ExportError(self.file, where, "a condition (Fn::Equals, Fn::Not, Fn::And, Fn::Or, Condition)", expr)


def _sub(t: _Template, arg: Any, where: str) -> Any:
    if isinstance(arg, list) and len(arg) == 2 and isinstance(arg[1], Mapping):
        text, local = arg
    else:
        text, local = arg, {}
    if not isinstance(text, str):
        raise ExportError(t.file, where, "Fn::Sub's string", text)
    missing: list[Unresolved] = []

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        if name.startswith("!"):
            return "${" + name[1:] + "}"
        value = t.text_of(local[name], where) if name in local else t.text_of({"Ref": name}, where) if "." not in name else None
        if value is None:
            value = Unresolved(f"a value known before deploy, not {name} (an attribute set at deploy)", "${" + name + "}")
        if isinstance(value, Unresolved):
            missing.append(value)
            return str(value)
        return value

    out = re.sub(r"\$\{([^}]+)\}", one, text)
    return missing[0] if missing else out


def _join(t: _Template, arg: Any, where: str) -> Any:
    if not (isinstance(arg, list) and len(arg) == 2 and isinstance(arg[0], str)):
        raise ExportError(t.file, where, "Fn::Join's [delimiter, [values]]", arg)
    items = t.resolve(arg[1], where)
    if isinstance(items, Unresolved):
        return items
    if not isinstance(items, list):
        raise ExportError(t.file, where, "Fn::Join's list of values", items)
    parts = [t.text_of(x, where) for x in items]
    for p in parts:
        if isinstance(p, Unresolved) and p.got[4:] not in t.resources:
            return p
    # a Ref to a resource (a table in an auto scaling target's ResourceId) keeps its logical ID, marked
    return arg[0].join(f"<{p.got}>" if isinstance(p, Unresolved) else p for p in parts)


def _if(t: _Template, arg: Any, where: str) -> Any:
    if not (isinstance(arg, list) and len(arg) == 3):
        raise ExportError(t.file, where, "Fn::If's [condition, value if true, value if false]", arg)
    chosen = t.condition(arg[0], where)
    if isinstance(chosen, Unresolved):
        return Unresolved(
            f"a condition known before deploy ({arg[0]} rests on {chosen.got}); {chosen.expected}", f"Fn::If {arg[0]}"
        )
    return t.resolve(arg[1] if chosen else arg[2], where)


def _find_in_map(t: _Template, arg: Any, where: str) -> Any:
    if not (isinstance(arg, list) and len(arg) in (3, 4)):
        raise ExportError(t.file, where, "Fn::FindInMap's [map, top-level key, second-level key]", arg)
    keys = [t.text_of(x, where) for x in arg[:3]]
    for k in keys:
        if isinstance(k, Unresolved):
            return k
    try:
        return t.resolve(t.mappings[keys[0]][keys[1]][keys[2]], where)
    except (KeyError, TypeError):
        if len(arg) == 4 and isinstance(arg[3], Mapping) and "DefaultValue" in arg[3]:
            return t.resolve(arg[3]["DefaultValue"], where)
        raise ExportError(t.file, where, "a key of the template's Mappings", keys) from None


def _select(t: _Template, arg: Any, where: str) -> Any:
    if not (isinstance(arg, list) and len(arg) == 2):
        raise ExportError(t.file, where, "Fn::Select's [index, list]", arg)
    index = t.resolve(arg[0], where)
    items = t.resolve(arg[1], where)
    if isinstance(items, Unresolved) or isinstance(index, Unresolved):
        return items if isinstance(items, Unresolved) else index
    try:
        return t.resolve(items[int(index)], where)
    except (ValueError, TypeError, IndexError):
        raise ExportError(t.file, where, "an index within Fn::Select's list", index) from None


def _split(t: _Template, arg: Any, where: str) -> Any:
    if not (isinstance(arg, list) and len(arg) == 2 and isinstance(arg[0], str)):
        raise ExportError(t.file, where, "Fn::Split's [delimiter, string]", arg)
    text = t.text_of(arg[1], where)
    return text if isinstance(text, Unresolved) else text.split(arg[0])


def _deploy_only(name: str):  # a handler factory
    def handler(t: _Template, arg: Any, where: str) -> Unresolved:
        return Unresolved(f"a value known before deploy, not {name} (write the value, or a parameter with a Default)", name)

    return handler


_FUNCTIONS = {
    "Ref": lambda t, arg, where: t.ref(arg, where),
    "Fn::Sub": _sub,
    "Fn::Join": _join,
    "Fn::If": _if,
    "Fn::FindInMap": _find_in_map,
    "Fn::Select": _select,
    "Fn::Split": _split,
    "Fn::GetAtt": _deploy_only("Fn::GetAtt"),
    "Fn::ImportValue": _deploy_only("Fn::ImportValue"),
    "Fn::GetAZs": _deploy_only("Fn::GetAZs"),
    "Fn::Cidr": _deploy_only("Fn::Cidr"),
    "Fn::Base64": _deploy_only("Fn::Base64"),
}


# ---------------------------------------------------------------------------------------------
# The template
# ---------------------------------------------------------------------------------------------


def read_cloudformation_text(text: str, file: str, params: Mapping[str, Any]) -> tuple[TableDefinition, ...]:
    """The DynamoDB tables a CloudFormation template (JSON or YAML) declares."""
    import json

    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        from cfnlint.decode import decode_str

        doc, matches = decode_str(text)
        if matches:
            m = matches[0]
            raise ExportError(file, f"(line {m.linenumber})", "a CloudFormation template in YAML or JSON", m.message) from None
    if not isinstance(doc, Mapping) or not isinstance(doc.get("Resources"), Mapping):
        got = doc.get("Resources") if isinstance(doc, Mapping) else doc
        raise ExportError(file, "Resources", "a CloudFormation template's Resources object", type(got).__name__)
    t = _Template(doc, file, params)
    tables: dict[str, TableDefinition] = {}
    for lid, res in t.resources.items():
        where = f"Resources.{lid}"
        if not isinstance(res, Mapping):
            raise ExportError(file, where, "a resource object", res)
        rtype = res.get("Type")
        if rtype not in ("AWS::DynamoDB::Table", "AWS::DynamoDB::GlobalTable"):
            continue
        if "Condition" in res:
            on = t.condition(res["Condition"], f"{where}.Condition")
            if on is False:
                continue
        props = res.get("Properties")
        if not isinstance(props, Mapping):
            raise ExportError(file, f"{where}.Properties", "the table's properties", props)
        aliases = (lid, *_cdk_id(res))
        name, notes = _table_name(t, props, lid, f"{where}.Properties")
        if rtype == "AWS::DynamoDB::Table":
            tables[lid] = table_from_api_shape(
                props, file=file, where=f"{where}.Properties", name=name, resolve=t.resolve, aliases=aliases, notes=notes
            )
        else:
            tables[lid] = _global_table(t, props, f"{where}.Properties", name, aliases, notes)
    _attach_scaling(t, tables)
    return tuple(tables.values())


def _cdk_id(res: Mapping[str, Any]) -> tuple[str, ...]:
    """The construct's ID from ``cdk synth``'s ``Metadata``: ``Stack/Orders/Resource`` gives ``Orders``."""
    path = (res.get("Metadata") or {}).get("aws:cdk:path") if isinstance(res.get("Metadata"), Mapping) else None
    if not isinstance(path, str):
        return ()
    parts = [p for p in path.split("/") if p and p not in ("Resource", "Default")]
    return (parts[-1], "/".join(parts[1:])) if len(parts) > 1 else tuple(parts)


def _table_name(t: _Template, props: Mapping[str, Any], lid: str, where: str) -> tuple[str, tuple[str, ...]]:
    if "TableName" not in props:
        return lid, ()
    value = t.resolve(props["TableName"], f"{where}.TableName")
    if isinstance(value, Unresolved):
        return lid, (f"TableName is set at deploy ({value.got}); the table is called {lid}, its logical ID",)
    if not isinstance(value, str) or not value:
        raise ExportError(t.file, f"{where}.TableName", "a string", value)
    return value, ()


def _scaling(r: _Reader, block: Any, where: str) -> AutoScalingRange:
    lo = r.number(block, "MinCapacity", where, low=1)
    hi = r.number(block, "MaxCapacity", where, low=1)
    policy = r.get(block, "TargetTrackingScalingPolicyConfiguration", where) or {}
    tv = r.number(policy, "TargetValue", f"{where}.TargetTrackingScalingPolicyConfiguration", low=20)
    if lo is None or hi is None or hi < lo:
        raise r.error(where, "MinCapacity <= MaxCapacity", [lo, hi])
    if tv is None or tv > 90:
        raise r.error(f"{where}.TargetTrackingScalingPolicyConfiguration.TargetValue", "a percentage from 20 to 90", tv)
    return AutoScalingRange(lo, hi, tv / 100.0)


def _read_settings(r: _Reader, obj: Any, where: str) -> tuple[float | None, AutoScalingRange | None]:
    """``ReadProvisionedThroughputSettings``: fixed ``ReadCapacityUnits``, or ``ReadCapacityAutoScalingSettings``."""
    block = r.get(obj, "ReadProvisionedThroughputSettings", where)
    if not block:
        return None, None
    w = f"{where}.ReadProvisionedThroughputSettings"
    units = r.number(block, "ReadCapacityUnits", w, low=1)
    auto = r.get(block, "ReadCapacityAutoScalingSettings", w)
    return units, (_scaling(r, auto, f"{w}.ReadCapacityAutoScalingSettings") if auto else None)


def _write_settings(r: _Reader, obj: Any, where: str, provisioned: bool) -> AutoScalingRange | None:
    block = r.get(obj, "WriteProvisionedThroughputSettings", where)
    auto = r.get(block, "WriteCapacityAutoScalingSettings", f"{where}.WriteProvisionedThroughputSettings") if block else None
    if provisioned and not auto:
        raise r.error(
            f"{where}.WriteProvisionedThroughputSettings.WriteCapacityAutoScalingSettings",
            "the write capacity's auto scaling (a provisioned global table's writes scale)",
        )
    return _scaling(r, auto, f"{where}.WriteProvisionedThroughputSettings.WriteCapacityAutoScalingSettings") if auto else None


def _least(
    settings: list[tuple[str, float | None, AutoScalingRange | None]],
) -> tuple[str, float | None, AutoScalingRange | None]:
    """The replica whose read capacity is least (its fixed units, or its auto scaling's minimum)."""
    return min(settings, key=lambda s: s[1] if s[1] is not None else (s[2].min_units if s[2] else float("inf")))


def _global_table(
    t: _Template, props: Mapping[str, Any], where: str, name: str, aliases: tuple[str, ...], notes: tuple[str, ...]
) -> TableDefinition:
    """``AWS::DynamoDB::GlobalTable``: the replica with the least read capacity is the one planned (every replica
    takes every write)."""
    r = _Reader(t.file, t.resolve)
    attributes = _attributes(r, props, where)
    pk, sk = _key_schema(r, r.get(props, "KeySchema", where), f"{where}.KeySchema", kind="table")
    _check_defined(r, attributes, pk + sk, f"{where}.KeySchema")
    billing = r.text(props, "BillingMode", where, required=False, choices=("PROVISIONED", "PAY_PER_REQUEST")) or "PROVISIONED"
    provisioned = billing == "PROVISIONED"
    write_scaling = _write_settings(r, props, where, provisioned)
    wod = r.get(props, "WriteOnDemandThroughputSettings", where)
    max_w = (
        r.number(wod, "MaxWriteRequestUnits", f"{where}.WriteOnDemandThroughputSettings", low=1, allow_minus_one=True)
        if wod
        else None
    )
    warm_r, warm_w = _throughput(r, props, "WarmThroughput", where, ("ReadUnitsPerSecond", "WriteUnitsPerSecond"))
    replicas = r.items(props, "Replicas", where)
    if not replicas:
        raise r.error(f"{where}.Replicas", "at least one replica (the Region the stack deploys to)")
    reads = []
    for i, rep in enumerate(replicas):
        rw = f"{where}.Replicas[{i}]"
        region = r.text(rep, "Region", rw, required=False) or f"replica {i}"
        units, scaling = _read_settings(r, rep, rw)
        rod = r.get(rep, "ReadOnDemandThroughputSettings", rw)
        max_r = (
            r.number(rod, "MaxReadRequestUnits", f"{rw}.ReadOnDemandThroughputSettings", low=1, allow_minus_one=True)
            if rod
            else None
        )
        if provisioned and units is None and scaling is None:
            raise r.error(f"{rw}.ReadProvisionedThroughputSettings", "the replica's read capacity (BillingMode PROVISIONED)")
        reads.append((region, units, scaling, max_r, i))
    region, rcu, read_scaling = _least([x[:3] for x in reads]) if provisioned else (reads[0][0], None, None)
    chosen = next(x for x in reads if x[0] == region)
    notes = (
        *notes,
        f"{len(replicas)} {'replica' if len(replicas) == 1 else 'replicas'}; the one planned is {region} "
        "(every replica takes every write)",
    )
    indexes = []
    replica_indexes = {}
    rep = replicas[chosen[4]]
    for j, g in enumerate(r.items(rep, "GlobalSecondaryIndexes", f"{where}.Replicas[{chosen[4]}]")):
        gw = f"{where}.Replicas[{chosen[4]}].GlobalSecondaryIndexes[{j}]"
        replica_indexes[r.text(g, "IndexName", gw)] = (_read_settings(r, g, gw), g, gw)
    for j, g in enumerate(r.items(props, "GlobalSecondaryIndexes", where)):
        gw = f"{where}.GlobalSecondaryIndexes[{j}]"
        gname = r.text(g, "IndexName", gw)
        gpk, gsk = _key_schema(r, r.get(g, "KeySchema", gw), f"{gw}.KeySchema", kind="global")
        _check_defined(r, attributes, gpk + gsk, f"{gw}.KeySchema")
        ptype, nonkey = _projection(r, g, gw)
        g_write = _write_settings(r, g, gw, provisioned)
        (g_units, g_scaling), _, _ = replica_indexes.get(gname, ((None, None), None, None))
        if provisioned and g_units is None and g_scaling is None:
            g_units, g_scaling = rcu, read_scaling  # the replica's own read settings, as CloudFormation applies them
        gwod = r.get(g, "WriteOnDemandThroughputSettings", gw)
        g_max_w = (
            r.number(gwod, "MaxWriteRequestUnits", f"{gw}.WriteOnDemandThroughputSettings", low=1, allow_minus_one=True)
            if gwod
            else None
        )
        g_warm = _throughput(r, g, "WarmThroughput", gw, ("ReadUnitsPerSecond", "WriteUnitsPerSecond"))
        indexes.append(
            IndexDefinition(
                gname,  # type: ignore[arg-type]
                "global",
                gpk,
                gsk,
                ptype,
                nonkey,
                read_units=g_units if provisioned else None,
                write_units=None,
                read_scaling=g_scaling if provisioned else None,
                write_scaling=g_write if provisioned else None,
                max_write_units=g_max_w,
                warm_read_units=g_warm[0],
                warm_write_units=g_warm[1],
            )
        )
    indexes += _local_indexes(r, props, where, pk, attributes)
    try:
        return TableDefinition(
            name,
            "provisioned" if provisioned else "on-demand",
            pk,
            sk,
            attributes,
            read_units=rcu if provisioned else None,
            read_scaling=read_scaling if provisioned else None,
            write_scaling=write_scaling,
            max_read_units=chosen[3],
            max_write_units=max_w,
            warm_read_units=warm_r,
            warm_write_units=warm_w,
            indexes=tuple(indexes),
            aliases=aliases,
            source=t.file,
            where=where,
            notes=notes,
        )
    except ValueError as e:  # a rule of the whole table (distinct index names, ...): one line naming the file
        raise r.error(where, _expected_of(e)) from None


# ---------------------------------------------------------------------------------------------
# Application Auto Scaling on a table of the template
# ---------------------------------------------------------------------------------------------

_DIMENSIONS = {
    "dynamodb:table:ReadCapacityUnits": ("table", "read"),
    "dynamodb:table:WriteCapacityUnits": ("table", "write"),
    "dynamodb:index:ReadCapacityUnits": ("index", "read"),
    "dynamodb:index:WriteCapacityUnits": ("index", "write"),
}


def _attach_scaling(t: _Template, tables: dict[str, TableDefinition]) -> None:
    """Give each table (or index) that an ``AWS::ApplicationAutoScaling::ScalableTarget`` of the template scales its
    :class:`AutoScalingRange`, with the target value of the ``ScalingPolicy`` that names it."""
    import dataclasses

    r = _Reader(t.file, t.resolve)
    targets: dict[str, AutoScalingRange] = {}
    policies: dict[str, float] = {}
    for lid, res in t.resources.items():
        if not isinstance(res, Mapping) or res.get("Type") != "AWS::ApplicationAutoScaling::ScalingPolicy":
            continue
        props = res.get("Properties") or {}
        target = props.get("ScalingTargetId")
        config = r.get(props, "TargetTrackingScalingPolicyConfiguration", f"Resources.{lid}.Properties")
        if isinstance(target, Mapping) and isinstance(target.get("Ref"), str) and config:
            tv = r.number(config, "TargetValue", f"Resources.{lid}.Properties.TargetTrackingScalingPolicyConfiguration", low=20)
            if tv is not None:
                policies[target["Ref"]] = tv
    for lid, res in t.resources.items():
        if not isinstance(res, Mapping) or res.get("Type") != "AWS::ApplicationAutoScaling::ScalableTarget":
            continue
        where = f"Resources.{lid}.Properties"
        props = res.get("Properties") or {}
        if r.text(props, "ServiceNamespace", where, required=False) != "dynamodb":
            continue
        dim = r.text(props, "ScalableDimension", where, choices=tuple(_DIMENSIONS))
        resource_id = t.resolve(props.get("ResourceId"), f"{where}.ResourceId")
        if not isinstance(resource_id, str):
            continue  # a table of another stack, named at deploy: not one this template plans
        parts = resource_id.split("/")
        table_lid = _resource_table(parts[1] if len(parts) > 1 else "", tables)
        if table_lid is None:
            continue
        lo = r.number(props, "MinCapacity", where, low=1)
        hi = r.number(props, "MaxCapacity", where, low=1)
        if lo is None or hi is None or hi < lo:
            raise r.error(where, "MinCapacity <= MaxCapacity", [lo, hi])
        target = policies.get(lid, 70.0)
        if not 20 <= target <= 90:
            raise r.error(f"Resources.{lid}", "a scaling policy's TargetValue from 20 to 90 percent", target)
        scope, kind = _DIMENSIONS[dim]  # type: ignore[index]
        scaling = AutoScalingRange(lo, hi, target / 100.0)
        table = tables[table_lid]
        note = (
            f"{kind} capacity of {'the table' if scope == 'table' else 'index ' + parts[-1]}: auto scaling from Resources.{lid}"
        )
        if scope == "table":
            table = dataclasses.replace(table, **{f"{kind}_scaling": scaling}, notes=(*table.notes, note))
        else:
            index_name = parts[3] if len(parts) > 3 else ""
            idx = table.index(index_name)
            if idx is None:
                raise r.error(f"{where}.ResourceId", f"an index of table {table.name}", index_name)
            new = dataclasses.replace(idx, **{f"{kind}_scaling": scaling})
            table = dataclasses.replace(
                table, indexes=tuple(new if i.name == index_name else i for i in table.indexes), notes=(*table.notes, note)
            )
        tables[table_lid] = table
        targets[lid] = scaling


def _resource_table(name: str, tables: dict[str, TableDefinition]) -> str | None:
    """The logical ID of the template's table a ResourceId's ``table/<name>`` names (a Ref marked ``<Ref ID>``)."""
    m = re.fullmatch(r"<Ref ([^>]+)>", name)
    if m and m.group(1) in tables:
        return m.group(1)
    return next((lid for lid, tbl in tables.items() if tbl.name == name), None)
