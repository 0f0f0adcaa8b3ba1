"""Terraform's ``aws_dynamodb_table`` read into :class:`hotpart.TableDefinition` objects (internal:
:func:`hotpart.read_definition`).

Two inputs, one shape: the JSON plan ``terraform show -json PLANFILE`` prints (``format_version`` 0.x or 1.x; the
resources of ``planned_values``' root module and its child modules, a value unknown until apply found in
``resource_changes``' ``after_unknown`` and refused by name), and ``.tf`` files read with python-hcl2 (a file, or a
folder of them), whose ``var.NAME`` and ``local.NAME`` references are resolved from the variables' defaults (or
``parameters=``) and the ``locals`` blocks, any other expression refused by name. Both give the resource's
attributes under the provider's names: ``name``, ``billing_mode``, ``hash_key``, ``range_key``, ``attribute``,
``read_capacity``, ``write_capacity``, ``global_secondary_index`` (``hash_key``/``range_key`` or the ``key_schema``
blocks of multi-attribute keys, ``projection_type``, ``non_key_attributes``, its capacities,
``on_demand_throughput`` and ``warm_throughput``), ``local_secondary_index``, ``on_demand_throughput``,
``warm_throughput`` and ``replica``; ``aws_dynamodb_global_secondary_index`` resources (provider 6.x: a global
index declared on its own, added to the table its ``table_name`` names); ``aws_appautoscaling_target`` and
``aws_appautoscaling_policy`` on a table or index of the same configuration give its auto scaling.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .definitions import (
    _MIN_UNITS,
    GSI_KEY_ATTRIBUTES_MAX,
    AutoScalingRange,
    IndexDefinition,
    TableDefinition,
    Unresolved,
    _expected_of,
    _Reader,
)
from .observed import ExportError

_PROJECTIONS = ("ALL", "KEYS_ONLY", "INCLUDE")
#: Blocks the provider computes when the configuration leaves them out: unknown in a plan, and not needed to plan.
_OPTIONAL = ("warm_throughput", "on_demand_throughput")


def read_plan_json(doc: Mapping[str, Any], file: str) -> tuple[TableDefinition, ...]:
    """The ``aws_dynamodb_table`` resources of ``terraform show -json``'s plan."""
    version = str(doc.get("format_version", ""))
    if version.split(".")[0] not in ("0", "1"):
        raise ExportError(file, "format_version", "a plan of JSON format version 0.x or 1.x (Terraform 0.12 and later)", version)
    unknown: dict[str, Any] = {}
    for rc in doc.get("resource_changes") or []:
        if isinstance(rc, Mapping) and isinstance(rc.get("change"), Mapping):
            unknown[str(rc.get("address"))] = rc["change"].get("after_unknown") or {}
            if rc["change"].get("actions") == ["delete"]:
                unknown[str(rc.get("address"))] = None  # a table the plan deletes is not planned
    resources = []

    def walk(module: Any, where: str) -> None:
        if not isinstance(module, Mapping):
            return
        for i, res in enumerate(module.get("resources") or []):
            address = str(res.get("address", f"{where}.resources[{i}]")) if isinstance(res, Mapping) else where
            resources.append((res, address, file))
        for j, child in enumerate(module.get("child_modules") or []):
            walk(child, f"{where}.child_modules[{j}]")

    planned = doc.get("planned_values")
    if not isinstance(planned, Mapping):
        raise ExportError(file, "planned_values", "the plan's planned values (terraform show -json of a saved plan)")
    walk(planned.get("root_module"), "planned_values.root_module")
    config = _Config(resources, unknown, file)
    return config.tables()


def read_hcl(path: Path, file: str, params: Mapping[str, Any]) -> tuple[TableDefinition, ...]:
    """The ``aws_dynamodb_table`` resources of a ``.tf`` file, or of every ``.tf`` file in a folder."""
    import hcl2
    from hcl2.utils import SerializationOptions

    files = sorted(path.glob("*.tf")) if path.is_dir() else [path]
    if not files:
        raise ExportError(file, "(folder)", "at least one .tf file")
    options = SerializationOptions(strip_string_quotes=True, explicit_blocks=False, with_comments=False)
    variables: dict[str, Any] = {}
    declared: set[str] = set()
    locals_: dict[str, Any] = {}
    resources: list[tuple[Any, str, str]] = []
    for f in files:
        try:
            doc = hcl2.loads(f.read_text(encoding="utf-8-sig"), serialization_options=options)
        except OSError as e:
            raise ExportError(str(f), "(file)", "a readable file", e.strerror) from None
        except Exception as e:  # lark's parse errors carry the line; any failure of the parser is bad input here
            line = getattr(e, "line", None)
            where = f"(line {line})" if line else "(file)"
            raise ExportError(str(f), where, "Terraform configuration (HCL)", str(e).splitlines()[0][:80]) from None
        for block in doc.get("variable") or []:
            for vname, spec in block.items():
                declared.add(vname)
                if isinstance(spec, Mapping) and "default" in spec:
                    variables[vname] = spec["default"]
        for block in doc.get("locals") or []:
            locals_.update(block)
        for block in doc.get("resource") or []:
            for rtype, named in block.items():
                for rname, body in named.items():
                    values = dict(body)
                    resources.append(
                        (
                            {"type": rtype, "name": rname, "address": f"{rtype}.{rname}", "values": values},
                            f"{rtype}.{rname}",
                            str(f),
                        )
                    )
    unknown_params = sorted(set(params) - declared)
    if unknown_params:
        raise ExportError(
            file, "--parameter", "a variable the configuration declares (" + ", ".join(sorted(declared)) + ")", unknown_params[0]
        )
    variables.update(params)
    bodies = {address: res["values"] for res, address, _ in resources}
    resolver = _Interpolation(variables, declared, locals_, bodies)
    config = _Config(resources, {}, file, resolver.resolve)
    return config.tables()


class _Interpolation:
    """``${var.NAME}``, ``${local.NAME}`` and ``${TYPE.NAME.ARGUMENT}`` in a .tf file's values, resolved; anything else
    refused by name.

    A reference to another resource's argument reads the value written in that resource's block: the provider's
    auto scaling examples name the table as ``"table/${aws_dynamodb_table.example.name}"`` and the policy's target as
    ``aws_appautoscaling_target.NAME.resource_id`` (SOURCES['TERRAFORM_APPAUTOSCALING_TARGET']). A table's ``id`` is
    its name. An attribute the provider computes at apply (an ARN, a stream's label) stays unresolved."""

    _WHOLE = re.compile(r"\$\{\s*(?:(var|local)\.([A-Za-z_][\w-]*)|([a-z][a-z0-9_]*)\.([A-Za-z_][\w-]*)\.([A-Za-z_]\w*))\s*\}")

    def __init__(
        self,
        variables: Mapping[str, Any],
        declared: set[str],
        locals_: Mapping[str, Any],
        resources: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        self.variables, self.declared, self.locals = variables, declared, locals_
        self.resources = resources or {}

    def resolve(self, value: Any, where: str, depth: int = 0) -> Any:
        if not isinstance(value, str) or "${" not in value:
            return value
        whole = self._WHOLE.fullmatch(value.strip())
        if whole:
            return self._reference(whole, depth)
        missing: list[Unresolved] = []

        def one(m: re.Match[str]) -> str:
            v = self._reference(m, depth)
            if isinstance(v, Unresolved):
                missing.append(v)
                return str(v)
            return str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)

        out = self._WHOLE.sub(one, value)
        if missing:
            return missing[0]
        if "${" in out:
            return Unresolved("a value known before apply (a literal, a variable or a local)", value)
        return out

    def _reference(self, m: re.Match[str], depth: int) -> Any:
        if m.group(1):
            return self._lookup(m.group(1), m.group(2), depth)
        rtype, rname, argument = m.group(3), m.group(4), m.group(5)
        address = f"{rtype}.{rname}"
        if rtype == "aws_dynamodb_table" and argument == "id":
            argument = "name"
        body = self.resources.get(address)
        if depth > 20:
            return Unresolved("references without a cycle", f"{address}.{argument}")
        if not isinstance(body, Mapping) or argument not in body:
            return Unresolved(
                "a value known before apply (a literal, a variable, a local or an argument written in "
                "a resource of this configuration)",
                f"{address}.{argument}",
            )
        return self.resolve(body[argument], f"{address}.{argument}", depth + 1)

    def _lookup(self, scope: str, name: str, depth: int) -> Any:
        if depth > 20:
            return Unresolved("references without a cycle", f"{scope}.{name}")
        if scope == "var":
            if name in self.variables:
                return self.resolve(self.variables[name], f"var.{name}", depth + 1)
            if name in self.declared:
                return Unresolved(
                    f"a value: variable {name!r} has no default (give it one, or pass --parameter {name}=VALUE)", f"var.{name}"
                )
            return Unresolved(f"a declared variable (no variable {name!r} in the configuration)", f"var.{name}")
        if name in self.locals:
            return self.resolve(self.locals[name], f"local.{name}", depth + 1)
        return Unresolved(f"a local value the configuration defines (no local {name!r})", f"local.{name}")


class _PlanReader(_Reader):
    """The definitions' field reader that refuses by name a value the plan knows only after apply."""

    def __init__(self, file: str, resolve: Any, after_unknown: Any, address: str) -> None:
        super().__init__(file, resolve)
        self.after_unknown, self.address = after_unknown, address
        self.notes: list[str] = []

    def get(self, obj: Any, key: str, where: str, default: Any = None) -> Any:
        path = f"{where}.{key}" if where else key
        relative = path[len(self.address) :].lstrip(".") if path.startswith(self.address) else path
        if isinstance(obj, Mapping) and obj.get(key) is None and _unknown_at(self.after_unknown, relative):
            if key in _OPTIONAL:  # computed by the provider at apply: the plan goes on without it, and says so
                self.notes.append(f"{relative} is known only after apply: planned without it")
                return default
            raise self.error(path, "a value known before apply (the plan marks it known only after apply)")
        return super().get(obj, key, where, default)


class _Config:
    """The resources of one plan or configuration, read into tables."""

    def __init__(self, resources: list[tuple[Any, str, str]], unknown: Mapping[str, Any], file: str, resolve: Any = None) -> None:
        self.resources, self.unknown, self.file = resources, unknown, file
        self.resolve = resolve or (lambda value, where: value)

    def tables(self) -> tuple[TableDefinition, ...]:
        tables: dict[str, TableDefinition] = {}
        standalone: list[tuple[Mapping[str, Any], str, str, str]] = []
        scaling: list[tuple[Mapping[str, Any], str, str]] = []
        policies: dict[tuple[str, str], float] = {}
        for res, where, file in self.resources:
            if not isinstance(res, Mapping) or res.get("mode", "managed") != "managed":
                continue
            rtype, address = res.get("type"), str(res.get("address", ""))
            values = res.get("values")
            if address in self.unknown and self.unknown[address] is None:
                continue
            if not isinstance(values, Mapping):
                if rtype == "aws_dynamodb_table":
                    raise ExportError(file, where, "the resource's planned values", values)
                continue
            if rtype == "aws_dynamodb_table":
                tables[address] = self._table(values, address, str(res.get("name", "")), where, file)
            elif rtype == "aws_dynamodb_global_secondary_index":
                standalone.append((values, address, where, file))
            elif rtype == "aws_appautoscaling_target":
                scaling.append((values, where, file))
            elif rtype == "aws_appautoscaling_policy":
                r = self._reader(address, file)
                tt = self._block(r, values, "target_tracking_scaling_policy_configuration", where)
                rid = r.get(values, "resource_id", where)
                dim = r.get(values, "scalable_dimension", where)
                tv = r.number(tt, "target_value", f"{where}.target_tracking_scaling_policy_configuration", low=20) if tt else None
                if isinstance(rid, str) and isinstance(dim, str) and tv is not None:
                    policies[(rid, dim)] = tv
        attached: set[str] = set()
        for values, address, where, file in standalone:
            self._standalone_index(values, address, where, file, tables, attached)
        for values, where, file in scaling:
            self._scaling(values, where, file, tables, policies)
        return tuple(tables.values())

    _TABLE_REF = re.compile(r"\$\{\s*aws_dynamodb_table\.([A-Za-z_][\w-]*)\.(?:name|id)\s*\}")

    def _standalone_index(
        self,
        values: Mapping[str, Any],
        address: str,
        where: str,
        file: str,
        tables: dict[str, TableDefinition],
        attached: set[str],
    ) -> None:
        """An ``aws_dynamodb_global_secondary_index`` resource (provider 6.x), added to the table it names.

        Its schema: ``index_name``, ``table_name``, ``key_schema`` blocks (``attribute_name``, ``attribute_type``,
        ``key_type``), a ``projection`` block (``projection_type``, ``non_key_attributes``), ``provisioned_throughput``
        (``read_capacity_units``, ``write_capacity_units``), ``on_demand_throughput`` and ``warm_throughput``
        (SOURCES['TERRAFORM_STANDALONE_GSI']). A table may not have both these resources and ``global_secondary_index``
        blocks (the provider's page), so such a table is refused by name."""
        r = self._reader(address, file)
        raw = values.get("table_name")
        ref = self._TABLE_REF.fullmatch(raw.strip()) if isinstance(raw, str) else None
        if ref is not None:  # a .tf file's reference to the table resource
            key = f"aws_dynamodb_table.{ref.group(1)}"
            if key not in tables:
                raise r.error(f"{where}.table_name", "an aws_dynamodb_table of this configuration", raw)
        else:
            name = r.text(values, "table_name", where)
            key = next((a for a, t in tables.items() if t.name == name), "")
            if not key:
                known = ", ".join(t.name for t in tables.values()) or "none"
                raise r.error(f"{where}.table_name", f"a table of this configuration ({known})", name)
        t = tables[key]
        if key not in attached and any(i.kind == "global" for i in t.indexes):
            raise r.error(
                f"{where}.table_name",
                f"a table without global_secondary_index blocks (the provider takes blocks or these resources, "
                f"not both; {t.name} has blocks)",
                t.name,
            )
        attached.add(key)
        provisioned = t.mode == "provisioned"
        iname = r.text(values, "index_name", where)
        gpk, gsk = self._index_keys(r, values, where)
        if not r.items(values, "key_schema", where):
            raise r.error(f"{where}.key_schema", "key_schema blocks (at least one HASH)")
        proj = self._block(r, values, "projection", where)
        if proj is None:
            raise r.error(f"{where}.projection", "a projection block (projection_type ALL, KEYS_ONLY or INCLUDE)")
        ptype = r.text(proj, "projection_type", f"{where}.projection", choices=_PROJECTIONS)
        nonkey = tuple(r.items(proj, "non_key_attributes", f"{where}.projection") or ())
        pt = self._block(r, values, "provisioned_throughput", where) if provisioned else None
        g_rcu = r.number(pt, "read_capacity_units", f"{where}.provisioned_throughput") if pt else None
        g_wcu = r.number(pt, "write_capacity_units", f"{where}.provisioned_throughput") if pt else None
        if provisioned and (g_rcu is None or g_wcu is None):
            raise r.error(
                f"{where}.provisioned_throughput",
                f"read_capacity_units and write_capacity_units (table {t.name} is PROVISIONED)",
            )
        g_od = self._block(r, values, "on_demand_throughput", where)
        g_wr, g_ww = self._warm(r, self._block(r, values, "warm_throughput", where), f"{where}.warm_throughput")
        if t.index(iname) is not None:
            raise r.error(f"{where}.index_name", f"an index name new to table {t.name}", iname)
        attrs = dict(t.attributes)
        for i, el in enumerate(r.items(values, "key_schema", where)):
            w = f"{where}.key_schema[{i}]"
            attrs.setdefault(str(r.text(el, "attribute_name", w)), str(r.text(el, "attribute_type", w, choices=("S", "N", "B"))))
        index = self._global_index(r, iname, gpk, gsk, ptype, nonkey, (g_rcu, g_wcu), g_od, (g_wr, g_ww), where)
        own = tuple(f"index {iname}: {n}" for n in getattr(r, "notes", []))
        notes = tuple(t.notes) + own + (f"index {iname} read from {address}",)
        try:
            tables[key] = dataclasses.replace(t, indexes=(*t.indexes, index), attributes=attrs, notes=notes)
        except ValueError as e:
            raise r.error(where, _expected_of(e)) from None

    # -- reading ---------------------------------------------------------------------------------
    def _reader(self, address: str, file: str) -> _Reader:
        return _PlanReader(file, self.resolve, self.unknown.get(address) or {}, address)

    def _block(self, r: _Reader, obj: Any, key: str, where: str) -> Mapping[str, Any] | None:
        """A nested block with at most one item: Terraform writes it as a list (or, for some attributes, an object)."""
        value = r.get(obj, key, where)
        if value in (None, [], {}):
            return None
        if isinstance(value, list):
            if len(value) != 1 or not isinstance(value[0], Mapping):
                raise r.error(f"{where}.{key}", "one block", value)
            return value[0]
        if not isinstance(value, Mapping):
            raise r.error(f"{where}.{key}", "a block", value)
        return value

    def _table(self, values: Mapping[str, Any], address: str, rname: str, where: str, file: str) -> TableDefinition:
        r = self._reader(address, file)
        notes = []
        try:
            name = r.get(values, "name", where)
        except ExportError as e:  # a name set at apply: the table is called by its resource name
            name = rname or address
            notes.append(f"name is set at apply ({e.expected}); the table is called {name}, its resource name")
        if not isinstance(name, str) or not name:
            raise r.error(f"{where}.name", "the table's name", name)
        billing = (
            r.text(values, "billing_mode", where, required=False, choices=("PROVISIONED", "PAY_PER_REQUEST")) or "PROVISIONED"
        )
        provisioned = billing == "PROVISIONED"
        attributes = {}
        for i, a in enumerate(r.items(values, "attribute", where)):
            attributes[r.text(a, "name", f"{where}.attribute[{i}]")] = r.text(
                a, "type", f"{where}.attribute[{i}]", choices=("S", "N", "B")
            )
        pk = (r.text(values, "hash_key", where),)
        sk_name = r.text(values, "range_key", where, required=False)
        sk = (sk_name,) if sk_name else ()
        self._defined(r, attributes, pk + sk, where)
        rcu = r.number(values, "read_capacity", where) if provisioned else None
        wcu = r.number(values, "write_capacity", where) if provisioned else None
        if provisioned and (rcu is None or wcu is None):
            raise r.error(f"{where}.read_capacity", "read_capacity and write_capacity (billing_mode PROVISIONED)")
        od = self._block(r, values, "on_demand_throughput", where)
        warm_r, warm_w = self._warm(r, self._block(r, values, "warm_throughput", where), f"{where}.warm_throughput")
        indexes = []
        gsis = r.items(values, "global_secondary_index", where)
        for i, g in enumerate(gsis):
            gw = f"{where}.global_secondary_index[{i}]"
            gpk, gsk = self._index_keys(r, g, gw)
            self._defined(r, attributes, gpk + gsk, gw)
            ptype = r.text(g, "projection_type", gw, choices=_PROJECTIONS)
            nonkey = tuple(r.items(g, "non_key_attributes", gw))
            g_rcu = r.number(g, "read_capacity", gw) if provisioned else None
            g_wcu = r.number(g, "write_capacity", gw) if provisioned else None
            if provisioned and (g_rcu is None or g_wcu is None):
                raise r.error(f"{gw}.read_capacity", "the index's read_capacity and write_capacity (billing_mode PROVISIONED)")
            g_od = self._block(r, g, "on_demand_throughput", gw)
            g_wr, g_ww = self._warm(r, self._block(r, g, "warm_throughput", gw), f"{gw}.warm_throughput")
            gname = r.text(g, "name", gw)
            indexes.append(self._global_index(r, gname, gpk, gsk, ptype, nonkey, (g_rcu, g_wcu), g_od, (g_wr, g_ww), gw))
        for i, lsi in enumerate(r.items(values, "local_secondary_index", where)):
            lw = f"{where}.local_secondary_index[{i}]"
            lsk = r.text(lsi, "range_key", lw)
            self._defined(r, attributes, (lsk,), lw)  # type: ignore[arg-type]
            ptype = r.text(lsi, "projection_type", lw, choices=_PROJECTIONS)
            indexes.append(
                IndexDefinition(
                    r.text(lsi, "name", lw), "local", pk, (lsk,), ptype, tuple(r.items(lsi, "non_key_attributes", lw))
                )
            )  # type: ignore[arg-type]
        replicas = r.items(values, "replica", where)
        if replicas:
            notes.append(
                f"{len(replicas)} {'replica' if len(replicas) == 1 else 'replicas'} besides the table's own Region; "
                "every replica takes every write"
            )
        notes += getattr(r, "notes", [])
        try:
            return TableDefinition(
                name,
                "provisioned" if provisioned else "on-demand",
                pk,  # type: ignore[arg-type]
                sk,  # type: ignore[arg-type]
                attributes,
                read_units=rcu,
                write_units=wcu,
                max_read_units=self._max(r, od, "max_read_request_units", f"{where}.on_demand_throughput"),
                max_write_units=self._max(r, od, "max_write_request_units", f"{where}.on_demand_throughput"),
                warm_read_units=warm_r,
                warm_write_units=warm_w,
                indexes=tuple(indexes),
                aliases=(address, rname),
                source=file,
                where=where,
                notes=tuple(notes),
            )
        except ValueError as e:
            raise r.error(where, _expected_of(e)) from None

    def _global_index(
        self, r: _Reader, name: Any, pk: Any, sk: Any, ptype: Any, nonkey: Any, units: tuple, od: Any, warm: tuple, where: str
    ) -> IndexDefinition:
        """A global index, inline block or standalone resource alike: its keys, projection and capacities."""
        return IndexDefinition(
            name,
            "global",
            pk,
            sk,
            ptype,
            nonkey,
            read_units=units[0],
            write_units=units[1],
            max_read_units=self._max(r, od, "max_read_request_units", f"{where}.on_demand_throughput"),
            max_write_units=self._max(r, od, "max_write_request_units", f"{where}.on_demand_throughput"),
            warm_read_units=warm[0],
            warm_write_units=warm[1],
        )

    def _warm(self, r: _Reader, block: Any, where: str) -> tuple[float | None, float | None]:
        """A ``warm_throughput`` block's read and write units per second, each at least 1 (AWS's least; the provider
        takes at least 12,000 and 4,000), or ``None`` without the block."""
        if not block:
            return None, None
        return (
            r.number(block, "read_units_per_second", where, low=_MIN_UNITS),
            r.number(block, "write_units_per_second", where, low=_MIN_UNITS),
        )

    def _max(self, r: _Reader, block: Any, key: str, where: str) -> float | None:
        if not block:
            return None
        v = r.number(block, key, where, low=-1)
        return None if v is None or v <= 0 else v  # -1 removes the maximum; 0 is how a plan shows it unset

    def _index_keys(self, r: _Reader, g: Any, where: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``key_schema`` blocks (multi-attribute keys, provider 6.x), else ``hash_key`` and ``range_key``."""
        schema = r.items(g, "key_schema", where)
        if schema:
            hashes, ranges = [], []
            for i, el in enumerate(schema):
                w = f"{where}.key_schema[{i}]"
                name = r.text(el, "attribute_name", w)
                kind = r.text(el, "key_type", w, choices=("HASH", "RANGE"))
                (hashes if kind == "HASH" else ranges).append(name)
            if not hashes or len(hashes) > GSI_KEY_ATTRIBUTES_MAX or len(ranges) > GSI_KEY_ATTRIBUTES_MAX:
                raise r.error(
                    f"{where}.key_schema",
                    f"1 to {GSI_KEY_ATTRIBUTES_MAX} HASH and at most as many RANGE attributes",
                    [len(hashes), len(ranges)],
                )
            return tuple(hashes), tuple(ranges)  # type: ignore[arg-type]
        hk = r.text(g, "hash_key", where)
        rk = r.text(g, "range_key", where, required=False)
        return (hk,), ((rk,) if rk else ())  # type: ignore[return-value]

    def _defined(self, r: _Reader, attributes: Mapping[str, str], names: tuple[str, ...], where: str) -> None:
        for name in names:
            if name not in attributes:
                raise r.error(
                    f"{where}.attribute", f"an attribute block for every key attribute ({', '.join(attributes) or 'none'})", name
                )

    def _scaling(
        self,
        values: Mapping[str, Any],
        where: str,
        file: str,
        tables: dict[str, TableDefinition],
        policies: dict[tuple[str, str], float],
    ) -> None:
        r = _Reader(file, self.resolve)
        if r.get(values, "service_namespace", where) != "dynamodb":
            return
        # a resource_id this configuration does not give (another table's ARN, a data source) names no table planned
        # here: the target is left alone, as CloudFormation's reader leaves a table of another stack
        rid = self.resolve(values.get("resource_id"), f"{where}.resource_id")
        dim = r.get(values, "scalable_dimension", where)
        if not isinstance(rid, str) or not isinstance(dim, str):
            return
        parts = rid.split("/")
        table = next((a for a, t in tables.items() if len(parts) > 1 and t.name == parts[1]), None)
        if table is None or not dim.startswith("dynamodb:"):
            return
        lo = r.number(values, "min_capacity", where, low=1)
        hi = r.number(values, "max_capacity", where, low=1)
        if lo is None or hi is None or hi < lo:
            raise r.error(where, "min_capacity <= max_capacity", [lo, hi])
        tv = policies.get((rid, dim), 70.0)
        kind = "read" if dim.endswith("ReadCapacityUnits") else "write"
        scaling = AutoScalingRange(lo, hi, tv / 100.0)
        t = tables[table]
        if ":index:" in dim and len(parts) > 3:
            idx = t.index(parts[3])
            if idx is None:
                raise r.error(f"{where}.resource_id", f"an index of table {t.name}", parts[3])
            new = dataclasses.replace(idx, **{f"{kind}_scaling": scaling})
            tables[table] = dataclasses.replace(t, indexes=tuple(new if i.name == idx.name else i for i in t.indexes))
        else:
            tables[table] = dataclasses.replace(t, **{f"{kind}_scaling": scaling})


def _unknown_at(after_unknown: Any, path: str) -> bool:
    """Whether ``after_unknown`` marks the field at ``path`` (``global_secondary_index[0].read_capacity``)."""
    node = after_unknown
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        if node is True:
            return True
        if part.startswith("["):
            i = int(part[1:-1])
            node = node[i] if isinstance(node, list) and i < len(node) else None
        else:
            node = node.get(part) if isinstance(node, Mapping) else None
    return node is True
