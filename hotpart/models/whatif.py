"""What if: a profiled table's demand replayed through the simulator under the course's remedies.

Chapter 16 (``notebooks/16_your_table.ipynb``) is built on this module.
:func:`what_if` takes per-key demand (from :func:`hotpart.profile_log`, or
any per-minute matrix) and simulates the table as it is and under each
remedy the course teaches:

* **as is**: the table's partitions and capacity;
* **write sharding**: every key hotter than ``shard_above`` units/s spread
  over ``shards`` suffixed keys (chapter 5); a read of such a key must visit
  every shard, so its read cost is ``shards`` reads;
* **more capacity**: provisioned capacity times ``capacity_factor``, on the
  partitions chapter 1's rule gives for it (:func:`hotpart.estimate_partitions`,
  never fewer than the table has; keys placed by the same hash), since DynamoDB
  adds partitions when throughput is raised past what they hold; the
  per-partition ceiling does not move (``capacity_partitions="same"`` keeps the
  table's partitions);
* **on-demand**: no provisioned capacity, the previous peak AWS gives a
  provisioned table switched to on-demand: half its provisioned throughput,
  or a new on-demand table's setting, whichever is higher (the ceiling is
  then double that, and follows demand within the per-partition limit);
* **split for heat**: :class:`hotpart.SplitForHeat` with its defaults.

Demand is held constant within each minute (the log's resolution). The keys
outside the profile's hottest are replayed as :data:`WHATIF_REST_KEYS`
stand-in keys. When their load is known per partition (a profile's
``rest_by_partition``, or a 2-D ``rest``), the stand-ins are shared out over
the partitions, each named so that it hashes to its partition and carrying
its share of that partition's rest: a cold key's load stays where the key
is. Otherwise the rest is spread evenly over stand-ins placed by their hash.
The result is the refused units and the read cost of each remedy, in a table
and a figure.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._memo import simulate_once
from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_choice, check_integer, check_number
from .capacity import estimate_partitions
from .hashing import partition_of
from .logs import LogProfile
from .on_demand import ON_DEMAND_NEW_TABLE_PEAK, OnDemand
from .simulator import Table
from .split_for_heat import SplitForHeat

__all__ = ["REMEDY_NAMES", "WHATIF_CAPACITY_PARTITIONS", "WHATIF_REST_KEYS", "WHATIF_SHARD_ABOVE", "WhatIf", "what_if"]

#: Stand-in keys that carry the demand of the keys outside the profile's hottest (shared out over the partitions,
#: each keeping its partition's rest, when that is known): a resolution of the replay, not a property of DynamoDB
#: (``hp.ASSUMPTIONS["WHATIF_REST_KEYS"]``).
WHATIF_REST_KEYS: Final[int] = 64
#: Keys whose peak minute exceeds this many units/s are write-sharded by :func:`what_if`: half a partition's
#: write ceiling, the course's choice (``hp.ASSUMPTIONS["WHATIF_SHARD_ABOVE"]``).
WHATIF_SHARD_ABOVE: Final[float] = 500.0
#: How "more capacity" places the raised capacity: on the partitions chapter 1's historical rule gives for it
#: (``"estimate_partitions"``: :func:`hotpart.estimate_partitions`, never fewer than the table has, the keys placed
#: by the same hash over the new count), or on the table's own partitions (``"same"``). AWS says partitions are added
#: when throughput is raised past what they hold, not how many or where the keys go
#: (``hp.ASSUMPTIONS["WHATIF_CAPACITY_PARTITIONS"]``).
WHATIF_CAPACITY_PARTITIONS: Final[str] = "estimate_partitions"
_CAPACITY_PARTITIONS = ("estimate_partitions", "same")
#: The remedies :func:`what_if` compares, in order.
REMEDY_NAMES: tuple[str, ...] = ("as is", "write sharding", "more capacity", "on-demand", "split for heat")


@dataclass(frozen=True)
class WhatIf:
    """Refused units and read cost of each remedy.

    Attributes
    ----------
    remedies : tuple of str
        :data:`REMEDY_NAMES`, with the parameter in words.
    offered : float
        Units offered over the replay (the same for every remedy).
    refused : numpy.ndarray
        Units refused over the replay, per remedy.
    refused_per_minute : numpy.ndarray
        Shape (remedies, minutes).
    read_cost : numpy.ndarray
        Reads needed per logical read of a key, averaged over reads in proportion to the keys' demand.
    sharded_keys : tuple of str
        The keys write sharding spreads.

    Examples
    --------
    Returned by :func:`what_if` (not built by hand):

    >>> w = what_if([[1_500.0, 100.0]], Table(4, wcu=4_000))
    >>> w.sharded_keys, w.rows()[1]
    (('K0',), ['write sharding (10 suffixes on 1 keys)', '0', '0.00%', '9.44'])
    """

    remedies: tuple[str, ...]
    offered: float
    refused: NDArray[np.float64]
    refused_per_minute: NDArray[np.float64]
    read_cost: NDArray[np.float64]
    sharded_keys: tuple[str, ...]

    def rows(self) -> list[list[str]]:
        """Table rows: remedy, refused units, refused share, reads per logical read."""
        return [
            [r, f"{u:,.0f}", f"{u / self.offered:.2%}" if self.offered > 0 else "0%", f"{c:.2f}"]
            for r, u, c in zip(self.remedies, self.refused, self.read_cost, strict=False)
        ]

    def __repr__(self) -> str:
        body = "; ".join(f"{r}: {u:,.0f} refused" for r, u in zip(self.remedies, self.refused, strict=False))
        return f"WhatIf({self.offered:,.0f} units offered; {body})"


def what_if(
    demand: LogProfile | ArrayLike,
    table: Table,
    *,
    keys: tuple[str, ...] | None = None,
    rest: ArrayLike | None = None,
    kind: str = "write",
    shards: int = 10,
    shard_above: float = WHATIF_SHARD_ABOVE,
    capacity_factor: float = 2.0,
    capacity_partitions: str = WHATIF_CAPACITY_PARTITIONS,
) -> WhatIf:
    """Replay per-key demand through the simulator as is and under each remedy.

    Parameters
    ----------
    demand : LogProfile or array_like
        A profile (its ``demand`` of the hottest keys, ``rest`` and ``keys``), or
        units/s shaped (minutes, keys), each finite and ``>= 0`` (a key may be idle in a minute). Each replay runs
        every second of every key (and the sharded one each suffix of a hot key): at most
        :data:`hotpart.models._validation.MAX_ELEMENTS` key-seconds, ``60 x minutes x (keys + stand-ins + hot keys
        x (shards - 1))``, refused by name beyond.
    table : Table
        The table as it is: partitions and provisioned capacity.
    keys : tuple of str, optional
        Key names for an array ``demand`` (``K0``, ``K1``, ... if omitted).
    rest : array_like, optional
        Units/s per minute of all other keys, for an array ``demand``: one finite value ``>= 0`` per row of
        ``demand`` (none: no other keys), or shape (minutes, ``table.partitions``): the other keys' load on each
        partition, kept there by stand-ins that hash to it.
    kind : {"write", "read"}
        The capacity replayed (a profile's own kind wins).
    shards : int
        Suffixes for write sharding, in ``[2, 1000]``.
    shard_above : float
        Keys whose peak minute exceeds this many units/s are sharded, ``> 0``.
    capacity_factor : float
        Provisioned capacity multiplier for "more capacity", in ``[1, 100]``.
    capacity_partitions : {"estimate_partitions", "same"}
        The partitions "more capacity" runs on: chapter 1's estimate for the raised capacity (never fewer than
        the table's), or the table's own (:data:`WHATIF_CAPACITY_PARTITIONS`).

    Returns
    -------
    WhatIf
        Refused units per remedy; the replay conserves requests (served + refused = offered).

    Examples
    --------
    One key at 1,500 WCU/s beside a cold one, on a single partition: 600 units/s above its ceiling for
    two minutes. Doubled capacity comes with the 8 partitions chapter 1's rule gives for 8,000 WCU/s, which moves
    the cold key off the hot one's partition; the hot key alone is still 500 units/s above its ceiling. On the
    same partition nothing changes, until the key is sharded and the shards are placed on more partitions.

    >>> w = what_if([[1_500.0, 100.0]] * 2, Table(1, wcu=4_000))
    >>> [round(x) for x in w.refused], w.remedies[2]
    ([72000, 72000, 60000, 72000, 72000], 'more capacity (x2: 8,000 units/s on 8 partitions)')
    >>> [round(x) for x in what_if([[1_500.0, 100.0]] * 2, Table(1, wcu=4_000), capacity_partitions="same").refused]
    [72000, 72000, 72000, 72000, 72000]
    >>> [round(x) for x in what_if([[1_500.0, 100.0]] * 2, Table(4, wcu=4_000)).refused]
    [60000, 0, 60000, 60000, 60000]
    """
    if isinstance(demand, LogProfile):
        d = demand.demand
        names = tuple(demand.keys[: d.shape[1]])
        rest_arr = demand.rest
        by_part = demand.rest_by_partition
        if by_part is not None and by_part.shape[1] == table.partitions:
            rest_arr = by_part
        kind = demand.kind
    else:
        d = check_array("demand", demand, low=0, high=math.inf, high_open=True)
        if d.ndim != 2:
            raise ValueError(f"demand has shape {d.shape}: must be (minutes, keys)")
        names = tuple(keys) if keys is not None else tuple(f"K{i}" for i in range(d.shape[1]))
        if len(names) != d.shape[1]:
            raise ValueError(f"keys has {len(names)} names: must have one per column of demand ({d.shape[1]})")
        rest_arr = np.zeros(d.shape[0]) if rest is None else check_array("rest", rest, low=0, high=math.inf, high_open=True)
        if rest_arr.shape not in ((d.shape[0],), (d.shape[0], table.partitions)):
            raise ValueError(
                f"rest has shape {rest_arr.shape}: must be ({d.shape[0]},), one value per minute of demand, or "
                f"({d.shape[0]}, {table.partitions}), one per minute and partition"
            )
    n_sh = check_integer("shards", shards, low=2, high=1000)
    above = check_number("shard_above", shard_above, low=0, high=math.inf, low_open=True, high_open=True)
    factor = check_number("capacity_factor", capacity_factor, low=1, high=100)
    placing = check_choice("capacity_partitions", capacity_partitions, _CAPACITY_PARTITIONS)
    minutes = d.shape[0]
    cols = [d[:, i] for i in range(d.shape[1])]
    rest_cols, rest_names = _stand_ins(np.asarray(rest_arr, dtype=float), table.partitions)
    cols += rest_cols
    names = names + rest_names
    seconds = minutes * 60
    hot = [i for i in range(d.shape[1]) if float(d[:, i].max()) > above]
    # the largest replay, the sharded one: every second of every key, each hot key as n_sh suffixes
    replayed = seconds * (len(names) + len(hot) * (n_sh - 1))
    if replayed > _MAX_ELEMENTS:
        raise ValueError(
            f"demand has {minutes:,} minutes of {len(names):,} keys ({len(hot):,} sharded into shards = {n_sh}): "
            f"{replayed:,} key-seconds to replay, must be at most {_MAX_ELEMENTS:,}"
        )
    base = np.column_stack(cols)
    per_second = np.repeat(base, 60, axis=0)
    sh_cols, sh_names = [], []
    for i, name in enumerate(names):
        if i in hot:
            sh_cols += [per_second[:, i] / n_sh] * n_sh
            sh_names += [f"{name}#{j}" for j in range(n_sh)]
        else:
            sh_cols.append(per_second[:, i])
            sh_names.append(name)
    sharded = np.column_stack(sh_cols)
    cap = table.capacity(kind)
    more_wcu = table.wcu * (factor if kind == "write" else 1.0)
    more_rcu = table.rcu * (factor if kind == "read" else 1.0)
    more_parts = table.partitions
    if placing == "estimate_partitions":
        more_parts = max(table.partitions, estimate_partitions(more_rcu, more_wcu))
    more_table = dataclasses.replace(table, partitions=more_parts, wcu=more_wcu, rcu=more_rcu)
    more_cols, more_names = base, names
    if more_parts != table.partitions and rest_arr.ndim == 2:
        # the other keys' load re-placed on the new partitions: each old partition's rest shared out in proportion
        # to its cold keys' units over the log (a profile's), else left to its stand-ins' hashes
        moved = _rest_on(demand, rest_arr, table.partitions, more_parts) if isinstance(demand, LogProfile) else None
        if moved is not None:
            m_cols, m_names = _stand_ins(moved, more_parts)
            more_cols = np.column_stack([d[:, i] for i in range(d.shape[1])] + m_cols) if m_cols else d.copy()
            more_names = names[: d.shape[1]] + m_names
    if seconds * more_cols.shape[1] > _MAX_ELEMENTS:  # the other keys re-placed on more partitions
        raise ValueError(
            f"demand and capacity_factor = {factor:g} give {seconds * more_cols.shape[1]:,} key-seconds on "
            f"{more_parts:,} partitions: must be at most {_MAX_ELEMENTS:,}"
        )
    more_per_second = np.repeat(more_cols, 60, axis=0)
    # a provisioned table switched to on-demand: AWS's previous peak is half its provisioned throughput, or a new
    # on-demand table's setting, whichever is higher (SOURCES['SWITCHED_TABLE_PEAK'] and '_EARLIER')
    switched = max(cap / 2.0, ON_DEMAND_NEW_TABLE_PEAK[kind])
    # each replay is remembered (simulate_once): moving the shard count reruns only the sharded replay, and the
    # capacity factor only the 'more capacity' one
    runs = [
        simulate_once(table, per_second, seconds, kind=kind, keys=list(names)),
        simulate_once(table, sharded, seconds, kind=kind, keys=sh_names),
        simulate_once(more_table, more_per_second, seconds, kind=kind, keys=list(more_names)),
        simulate_once(table, per_second, seconds, kind=kind, keys=list(names), mode=OnDemand(previous_peak=switched)),
        simulate_once(table, per_second, seconds, kind=kind, keys=list(names), split=SplitForHeat()),
    ]
    offered = float(per_second.sum())
    refused = np.array([float(r.throttled.sum()) for r in runs])
    per_min = np.array([r.throttled.sum(axis=1).reshape(minutes, 60).sum(axis=1) for r in runs])
    weights = base.sum(axis=0)
    hot_share = float(weights[hot].sum() / weights.sum()) if weights.sum() > 0 else 0.0
    cost = np.ones(len(runs))
    cost[1] = 1.0 + (n_sh - 1) * hot_share
    labels = (
        "as is",
        f"write sharding ({n_sh} suffixes on {len(hot)} keys)",
        f"more capacity (x{factor:g}: {cap * factor:,.0f} units/s on {more_parts} partitions)",
        "on-demand",
        "split for heat",
    )
    return WhatIf(labels, offered, refused, per_min, cost, tuple(names[i] for i in hot))


def _rest_on(profile: LogProfile, rest: NDArray[np.float64], old: int, new: int) -> NDArray[np.float64] | None:
    """The other keys' load per minute on ``new`` partitions, from their load on ``old`` ones.

    Each cold key (a profile key outside its ``demand``) takes the share of its old partition's load per minute
    that its units over the log are of that partition's cold units, and lands on its partition among ``new``.
    ``None`` when the profile names no cold key with units.
    """
    top = profile.demand.shape[1]
    cold = list(profile.keys[top:])
    units = np.asarray(profile.key_units[top:], dtype=float)
    if not cold or float(units.sum()) <= 0:
        return None
    p_old = partition_of(cold, old)
    p_new = partition_of(cold, new)
    per_old = np.bincount(p_old, weights=units, minlength=old)
    share = np.divide(units, per_old[p_old], out=np.zeros_like(units), where=per_old[p_old] > 0)
    moves = np.zeros((old, new))
    np.add.at(moves, (p_old, p_new), share)  # moves[p, q]: the share of old partition p's cold load that lands on q
    return rest @ moves


def _stand_in_name(partition: int, j: int, partitions: int) -> str:
    """The first name ``REST#p<partition>#<j>[.<n>]`` that :func:`hotpart.partition_of` puts on ``partition``."""
    base = f"REST#p{partition:04d}#{j:03d}"
    if int(partition_of(base, partitions)[0]) == partition:
        return base
    n = 1
    while True:  # about `partitions` tries on average
        name = f"{base}.{n}"
        if int(partition_of(name, partitions)[0]) == partition:
            return name
        n += 1


def _stand_ins(rest: NDArray[np.float64], partitions: int) -> tuple[list[NDArray[np.float64]], tuple[str, ...]]:
    """Stand-in columns (units/s per minute) and names for the other keys' load.

    ``rest`` of shape (minutes,): spread evenly over :data:`WHATIF_REST_KEYS` keys placed by their hash. Shape
    (minutes, partitions): ``max(1, WHATIF_REST_KEYS // partitions)`` stand-ins on each partition with load, each
    hashing to it and carrying an equal share of that partition's rest, so no cold load changes partition.
    """
    if float(rest.sum()) <= 0:
        return [], ()
    if rest.ndim == 1:
        return [rest / WHATIF_REST_KEYS] * WHATIF_REST_KEYS, tuple(f"REST#{i:03d}" for i in range(WHATIF_REST_KEYS))
    per = max(1, WHATIF_REST_KEYS // partitions)
    cols: list[NDArray[np.float64]] = []
    names: list[str] = []
    for p in range(partitions):
        if float(rest[:, p].sum()) <= 0:
            continue
        for j in range(per):
            cols.append(rest[:, p] / per)
            names.append(_stand_in_name(p, j, partitions))
    return cols, tuple(names)
