"""What the diagnosis' in-process tests share: an :class:`hotpart.Evidence` built around hand-made scopes and key
reports (one-minute points, nothing backfilled, no request counts exported, provisioned)."""

from __future__ import annotations

import numpy as np

import hotpart as hp


def evidence(scopes, key_reports, *, item_units: float = 1.0, mode_from: str = "") -> hp.Evidence:
    """``scopes`` (their events set the minutes) and ``key_reports`` (scope -> report) as the diagnosis reads them;
    every non-empty scope name is an index."""
    n = scopes[0].events.size
    return hp.Evidence(
        minutes=n,
        seconds=np.full(n, 60.0),
        scopes=tuple(scopes),
        backfills={},
        requests=np.zeros(n),
        requests_exported=False,
        key_reports=dict(key_reports),
        mode="provisioned",
        mode_from=mode_from,
        exported=None,
        indexes=tuple(sorted({s.scope for s in scopes if s.scope})),
        gaps=np.zeros(n, dtype=bool),
        item_units=item_units,
    )
