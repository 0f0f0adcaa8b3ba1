"""Private helpers shared by the sharding chapters' figures (17 to 21): cached key streams, random keys, table checks,
and the shard-count panel that chapters 21 and 22 draw and update.

Internal: no public names. Used by :mod:`hotpart.figures.strategies`, :mod:`~hotpart.figures.resharding`,
:mod:`~hotpart.figures.migration`, :mod:`~hotpart.figures.cross_shard` and :mod:`~hotpart.figures.pitfalls`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from numpy.typing import NDArray

from ..book.explorable import Control
from ..book.plotting import COLORS, finish_axes, relabel
from ..book.wording import plural
from ..models import key_stream
from ..models._validation import check_integer

_Rows = tuple[list[str], list[tuple[str, ...]]]
#: The largest shard count a chapter table takes.
_MAX_TABLE_SHARDS = 10_000


@functools.lru_cache(maxsize=16)
def _stream(kind: str, n_keys: int, seed: int = 0) -> NDArray[np.uint64]:
    keys = key_stream(kind, n_keys, seed=seed)
    keys.setflags(write=False)
    return keys


def _whole_numbers(
    name: str, values: object, low: int, high: int, max_size: int | None = None, what: str = "values"
) -> tuple[int, ...]:
    """A non-empty sequence of at most ``max_size`` whole numbers in ``[low, high]``, or ValueError naming ``name``
    (its length is checked before any value is read)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) == 0:  # type: ignore[arg-type]
        raise ValueError(f"{name} = {values!r} is not allowed: must be a non-empty sequence of whole numbers")
    if max_size is not None and len(values) > max_size:  # type: ignore[arg-type]
        raise ValueError(f"{name} has {len(values):,} {what}: must have at most {max_size:,}")  # type: ignore[arg-type]
    return tuple(check_integer(f"{name}[{i}]", v, low=low, high=high) for i, v in enumerate(values))  # type: ignore[arg-type]


def _random_keys(n_keys: int, seed: int) -> NDArray[np.uint64]:
    return np.random.default_rng(seed).integers(0, 2**64, size=n_keys, dtype=np.uint64)


# --- the shard-count panel of chapters 21 and 22: curves against the number of shards, the chosen count marked ---


def _shards_control(label: str, high: int, default: int) -> Control:
    """The ``n_shards`` slider (1 to ``high``) whose value :func:`_shard_curves` marks."""
    return Control("n_shards", label, 1, high, default, step=1, integer=True)


def _shard_curves(
    ax: Axes,
    x: NDArray[np.int_],
    curves: Sequence[tuple[NDArray[np.float64], str, str]],
    n_shards: int,
    *,
    ylim: tuple[float, float],
    title: str,
    xlabel: str,
    ylabel: str,
    loc: str,
    log: bool = False,
) -> None:
    """Draw ``curves`` (``(y, colour name, label)`` each) against the shard counts ``x``, ``n_shards`` as a dotted line.

    The x axis runs from 1 to ``x[-1]``; :func:`_update_shard_curves` changes the same artists for new data.
    """
    if log:
        ax.set_yscale("log")
    for y, color, label in curves:
        ax.plot(x, y, color=COLORS[color], label=label)
    ax.axvline(n_shards, color=COLORS["share"], ls=":", label=plural(n_shards, "shard"))
    ax.set_xlim(1, int(x[-1]))
    ax.set_ylim(*ylim)
    finish_axes(ax, title, xlabel, ylabel, loc=loc)


def _update_shard_curves(
    ax: Axes,
    ys: Sequence[NDArray[np.float64]],
    n_shards: int,
    *,
    ylim: tuple[float, float],
    title: str,
) -> None:
    """Put new data on a panel :func:`_shard_curves` drew: the curves' values, the marked count, limits and title."""
    *lines, marker = ax.lines
    for line, y in zip(lines, ys, strict=True):
        line.set_ydata(y)
    marker.set_xdata([n_shards, n_shards])
    relabel(ax, marker, plural(n_shards, "shard"))
    ax.set_ylim(*ylim)
    ax.set_title(title, fontsize=11)
