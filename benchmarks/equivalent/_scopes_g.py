"""The survivors of ``make mutants`` on ``hotpart/models/_scopes.py`` in ``_scope_findings`` (one scope's throttle
events split by reason) that are equivalent mutants (no behaviour can tell them apart), each with the reason:
(function, the mutated line as mutmut shows it) -> why. The rest of this batch's survivors are killed by
``tests/test__scopes_mutants_g.py``.

Both entries widen when the growth into the throttling is computed (for an index, or a provisioned table) while
leaving where it is read unchanged: it is read only in the branch ``not s.missing_reasons and ev.mode == "on-demand"
and not s.scope and (growth is None or ...)``, whose first three terms short-circuit before ``growth`` unless the scope
is an on-demand table, where the original computes the same value. ``_growth`` is pure (it reads the scope's arrays and
``hit`` and changes nothing), so the extra call leaves every finding bit-identical. It rests on the evidence keeping
its documented contract, as every :class:`hotpart.Evidence` gathered from exports does: ``kind`` is "Read" or
"Write" (``ON_DEMAND_NEW_TABLE_PEAK`` has no other key) and every series spans the export's minutes; with
``seconds`` of 0 the extra call could at most add numpy's divide-by-zero RuntimeWarning, never a changed value. Its
cost is one more pass over the scope's minutes (O(minutes), as ``_inferred`` already makes with ``_utilisation`` and
``_consumed_peak`` on the same scope), bounded, and not measurable against the diagnosis' other passes.
"""

EQUIVALENT: dict[tuple[str, str], str] = {
    (
        "_scope_findings",
        'growth = _growth(s, ev, hit) if ev.mode == "on-demand" and not s.scope else None -> '
        'growth = _growth(s, ev, hit) if (ev.mode == "on-demand" and not s.scope) or True else None',
    ): "equivalent: the growth is then computed for every scope, but read only when the scope is an on-demand table "
    "(the condition's earlier terms short-circuit otherwise), where it is the original's value; _growth is pure, so "
    "only an unused O(minutes) pass is added",
    (
        "_scope_findings",
        'growth = _growth(s, ev, hit) if ev.mode == "on-demand" and not s.scope else None -> '
        'growth = _growth(s, ev, hit) if ev.mode == "on-demand" or not s.scope else None',
    ): "equivalent: the growth is then also computed for an on-demand index and for a provisioned table, but read only "
    "when the scope is an on-demand table (the condition's earlier terms short-circuit otherwise), where both "
    "conditions hold and the value is the original's; _growth is pure, so only an unused O(minutes) pass is added",
}
