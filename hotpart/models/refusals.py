"""Why a simulated partition refused units, and what a client sees: :class:`Refusal`, :func:`refusal_exception`.

Every refused cell of a :class:`hotpart.SimulationResult` carries a :class:`Refusal` code: the model's cause
(the partition ceiling, the partition's share, the table's provisioned total, on-demand's peak, quota or maximum
throughput, a GSI's back-pressure). :meth:`Refusal.throttling_reason` maps a cause to the ``ThrottlingReasons``
entry DynamoDB reports, where AWS documents one; :func:`refusal_exception` gives the exception class 000 names
for each capacity mode. Chapters: ``notebooks/01_partitions.ipynb``, ``notebooks/09_adaptive.ipynb``,
``notebooks/11_capacity_modes.ipynb`` (the exceptions by mode) and ``notebooks/12_gsi.ipynb`` (back-pressure).
"""

from __future__ import annotations

import enum

from ._capacity_common import _KINDS
from ._validation import check_choice, check_integer
from .constants import QUOTA_EXCEPTION, THROTTLE_EXCEPTION

__all__ = ["Refusal", "refusal_exception"]


class Refusal(enum.IntEnum):
    """Why a partition refused units in a second (the codes in :attr:`hotpart.SimulationResult.reason`).

    These are the model's causes. DynamoDB reports its own in the
    ``ThrottlingReasons`` of a throttling exception, each a reason
    ``<Table|Index><Read|Write><LimitType>`` and the ARN of the table or index;
    :meth:`throttling_reason` maps a cause to that reason where AWS documents
    one. The four limit types:

    ``PARTITION_CEILING``: offered above the per-partition ceiling
    (``KeyRangeThroughputExceeded``, both modes).
    ``PARTITION_SHARE``: above its provisioned share and burst while the table
    had unused capacity that adaptive capacity did not (yet) lend: a
    partition-level refusal, reported by the model as ``KeyRangeThroughputExceeded``.
    ``PROVISIONED_TOTAL``: the table's provisioned capacity was all used
    (``ProvisionedThroughputExceeded``, provisioned mode).
    ``ON_DEMAND_PEAK``: on-demand traffic above double the previous peak
    within 30 minutes, which AWS says *can* be throttled. This is **not** an
    AWS category: AWS documents no throttling reason for it, so the model
    reports none (:meth:`throttling_reason` returns ``""``).
    ``ON_DEMAND_QUOTA``: on-demand traffic above the table quota
    (``AccountLimitExceeded``).
    ``MAX_THROUGHPUT``: on-demand traffic above the maximum throughput set
    (``MaxOnDemandThroughputExceeded``).
    ``INDEX_BACKPRESSURE``: a base-table write refused because a global
    secondary index partition it had to update was throttled (chapter 12,
    :func:`hotpart.simulate_with_indexes`); the reason names the index
    (``Index...``) and the index's own limit type.

    Examples
    --------
    >>> Refusal.PARTITION_CEILING.throttling_reason("write")
    'TableWriteKeyRangeThroughputExceeded'
    >>> Refusal.ON_DEMAND_PEAK.throttling_reason("read"), Refusal.ON_DEMAND_PEAK.label
    ('', 'on-demand peak (reason undocumented)')
    """

    NONE = 0
    PARTITION_CEILING = 1
    PARTITION_SHARE = 2
    PROVISIONED_TOTAL = 3
    ON_DEMAND_PEAK = 4
    ON_DEMAND_QUOTA = 5
    MAX_THROUGHPUT = 6
    INDEX_BACKPRESSURE = 7

    @property
    def label(self) -> str:
        """The reason in words."""
        text = self.name.lower().replace("_", " ").replace("on demand", "on-demand")
        return text + " (reason undocumented)" if self == Refusal.ON_DEMAND_PEAK else text

    @property
    def limit_type(self) -> str:
        """AWS's ``LimitType`` for this cause, or ``""`` where AWS documents none (or none applies)."""
        return _LIMIT_TYPE.get(self, "")

    def throttling_reason(self, kind: str, resource: str = "Table") -> str:
        """The ``ThrottlingReason.reason`` DynamoDB would report: ``<resource><Read|Write><LimitType>``.

        Parameters
        ----------
        kind : {"write", "read"}
            The operation type.
        resource : {"Table", "Index"}
            What was throttled.

        Returns
        -------
        str
            E.g. ``"TableWriteKeyRangeThroughputExceeded"``; ``""`` for no
            refusal, for :attr:`ON_DEMAND_PEAK` (undocumented) and for
            :attr:`INDEX_BACKPRESSURE` (it carries the index's own reason).
        """
        kind = check_choice("kind", kind, _KINDS)
        resource = check_choice("resource", resource, ("Table", "Index"))
        lt = self.limit_type
        return f"{resource}{kind.capitalize()}{lt}" if lt else ""


_LIMIT_TYPE: dict[Refusal, str] = {
    Refusal.PARTITION_CEILING: "KeyRangeThroughputExceeded",
    Refusal.PARTITION_SHARE: "KeyRangeThroughputExceeded",
    Refusal.PROVISIONED_TOTAL: "ProvisionedThroughputExceeded",
    Refusal.ON_DEMAND_QUOTA: "AccountLimitExceeded",
    Refusal.MAX_THROUGHPUT: "MaxOnDemandThroughputExceeded",
}


def _refusal(name: str, reason: object) -> Refusal:
    """``reason`` as a :class:`Refusal`, or a ``ValueError`` naming ``name`` and the codes allowed."""
    if isinstance(reason, Refusal):
        return reason
    return Refusal(check_integer(name, reason, low=0, high=len(Refusal) - 1))


def refusal_exception(reason: Refusal | int, mode: str) -> str:
    """The exception a client sees for a refusal in a capacity mode, as 000 gives it.

    000 「ホットパーティションとは」 and 「オンデマンドモードでも発生する」 name
    ``ProvisionedThroughputExceededException`` for provisioned mode,
    ``ThrottlingException`` for on-demand mode (a hot partition, or past a
    maximum throughput) and ``RequestLimitExceeded`` past the on-demand table
    quota. AWS's current throttling pages name the same three exception
    classes but do not tabulate which class each mode returns; what they do
    document is the ``ThrottlingReasons`` list every throttling exception
    carries (reason plus resource ARN, see :meth:`Refusal.throttling_reason`).
    Read the reason, not the class. For :attr:`Refusal.ON_DEMAND_PEAK` AWS
    documents neither; the model returns the on-demand class as 000 would.

    Parameters
    ----------
    reason : Refusal or int
        Why the units were refused: a :class:`Refusal` or its code, in ``[0, 7]``.
    mode : {"provisioned", "auto scaling", "on-demand"}
        The table's capacity mode.

    Returns
    -------
    str
        :data:`QUOTA_EXCEPTION` past the on-demand table quota; otherwise
        :data:`THROTTLE_EXCEPTION` for the mode; ``""`` for no refusal.

    Examples
    --------
    >>> refusal_exception(5, "on-demand")  # a code from SimulationResult.reason: 5 is ON_DEMAND_QUOTA
    'RequestLimitExceeded'
    >>> refusal_exception(Refusal.PARTITION_CEILING, "provisioned")
    'ProvisionedThroughputExceededException'
    >>> refusal_exception(Refusal.ON_DEMAND_QUOTA, "on-demand")
    'RequestLimitExceeded'
    >>> refusal_exception(Refusal.PARTITION_CEILING, "on-demand")
    'ThrottlingException'
    """
    r = _refusal("reason", reason)
    mode = check_choice("mode", mode, ("provisioned", "auto scaling", "on-demand"))
    if r == Refusal.NONE:
        return ""
    if r == Refusal.ON_DEMAND_QUOTA:
        return QUOTA_EXCEPTION
    return THROTTLE_EXCEPTION["on-demand" if mode == "on-demand" else "provisioned"]
