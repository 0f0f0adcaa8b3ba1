"""Aggregation without fan-out: an asynchronous aggregator fed by DynamoDB Streams, its staleness and its write units.

Chapter 7 (``notebooks/07_aggregation.ipynb``) is built on this module: the
alternative to read-time fan-out (:mod:`hotpart.models.fanout`) for counters and
leaderboards. Writes still spread over ``N`` suffixes
(:mod:`hotpart.models.write_sharding`); Lambda reads the table's stream (with its
ParallelizationFactor) and updates one aggregate item per batch, so a read gets
one item, at the price of staleness.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from ._validation import check_choice, check_count, check_number
from .capacity import read_units, write_units
from .constants import (
    ITEM_MAX_BYTES,
    STREAMS_MAX_BATCH_SIZE,
    STREAMS_MAX_BATCH_WINDOW_S,
    STREAMS_MAX_PARALLELIZATION,
    STREAMS_POLLS_PER_S,
)
from .write_sharding import read_cost

__all__ = [
    "STREAMS_BATCH_OVERHEAD_S",
    "STREAMS_DELAY_S",
    "STREAMS_MAX_PAYLOAD_BYTES",
    "STREAMS_RECORD_TIME_S",
    "StreamsAggregation",
]

#: Aggregator time per Lambda batch (invocation, the aggregate update), s (an assumption; measure it).
STREAMS_BATCH_OVERHEAD_S: Final[float] = 0.06
#: Aggregator time per stream record, s (an assumption; measure it).
STREAMS_RECORD_TIME_S: Final[float] = 1e-4
#: Time from a write to its stream record being readable, s (an assumption: AWS publishes none).
STREAMS_DELAY_S: Final[float] = 0.0
#: Lambda closes a batch once it reaches this payload, bytes (AWS: "the payload limit of 6 MB", read as 6,000,000).
STREAMS_MAX_PAYLOAD_BYTES: Final[int] = 6_000_000


@dataclass(frozen=True)
class StreamsAggregation:
    r"""Writes spread over ``N`` shards, and an asynchronous aggregator fed by DynamoDB Streams.

    The writes reach ``n_stream_shards`` stream shards evenly (an assumption:
    AWS does not publish how stream shards follow partitions; the model puts
    suffix keys on different partitions on different stream shards). Lambda
    reads each shard with ``parallelization_factor`` concurrent batches
    (ParallelizationFactor, 1 by default, at most
    :data:`STREAMS_MAX_PARALLELIZATION`), keeping each item's records in
    order, so the model has :math:`n P` sequential consumers, each at
    :math:`W' = W / (n P)` records per second. Splitting a shard's records
    needs many distinct items on it (a sort key per event, say): one item's
    records all go to one batch.
    Lambda invokes the aggregator with a batch once the batching window
    :math:`w` has passed or the batch size :math:`B` is reached, and polls at
    most :data:`STREAMS_POLLS_PER_S` times a second while no batch is full, so a batch collects for
    :math:`f = \min(\max(w, 1/\text{polls}), B / W')` seconds and holds
    :math:`r = \min(B, W' f)` records. Processing takes
    :math:`s = o + r\tau` (overhead :math:`o` per batch, :math:`\tau` per
    record), and each batch updates the aggregate item once. Lambda also closes a
    batch at its payload limit of 6 MB (:data:`STREAMS_MAX_PAYLOAD_BYTES`):
    with stream records of ``record_bytes`` each, :math:`B` is in effect
    :math:`\min(B, \lfloor 6\,\text{MB} / \text{record\_bytes} \rfloor)`; ``record_bytes = 0``
    (the default) leaves the limit out.

    A consumer's utilization is :math:`\rho = W'(o/r + \tau)`, its time
    per record including the record's share of the batch overhead. While
    :math:`\rho \le 1` it keeps up: a write waits :math:`f/2` on average for
    its batch to close, then :math:`s`, so the mean staleness is
    :math:`\delta + f/2 + s` and the worst :math:`\delta + f + s` (stream
    delay :math:`\delta`). Past that the backlog grows, and a write made
    :math:`t` seconds after the start waits a further :math:`t(\rho - 1)`.
    Reading the stream from Lambda costs no read units (DynamoDB Streams
    charges nothing for Lambda's reads). Lambda may deliver a record twice,
    which the model does not count.

    Parameters
    ----------
    write_rate : float
        Writes per second reaching the stream, all shards together, ``>= 0``.
    batch_window_s : float
        Lambda's MaximumBatchingWindowInSeconds, s, in ``[0, 300]``.
    batch_size : int
        Lambda's BatchSize, records, in ``[1, 10000]``.
    n_stream_shards : int
        Stream shards (and consumers) the writes spread over, ``>= 1``.
    record_time_s : float
        Aggregator time per record, s, ``>= 0``.
    batch_overhead_s : float
        Aggregator time per batch (invocation, the aggregate update), s, ``>= 0``.
    aggregate_bytes : float
        Size of the aggregate item (counter, leaderboard), bytes, ``>= 0``.
    stream_delay_s : float
        Time from a write to its stream record being readable, s, ``>= 0`` (not published; measure it).
    update_per_record : bool
        Whether the aggregator updates the aggregate item once per record (as a
        handler that calls ``update_aggregation`` inside its loop does) rather
        than once per batch.
    parallelization_factor : int
        Lambda's ParallelizationFactor: concurrent batches per stream shard, in ``[1, 10]``.
    record_bytes : float
        Size of one stream record as Lambda hands it over (a NEW_IMAGE record is larger than its item), bytes,
        in ``[0, 6,000,000]``; 0 (the default) leaves the 6 MB payload limit out.

    The defaults of ``record_time_s``, ``batch_overhead_s`` and
    ``stream_delay_s`` are assumptions of the course
    (:data:`STREAMS_RECORD_TIME_S`, :data:`STREAMS_BATCH_OVERHEAD_S`,
    :data:`STREAMS_DELAY_S`); set them from measurements.

    Examples
    --------
    >>> agg = StreamsAggregation(write_rate=8000, batch_window_s=1, batch_size=1000, n_stream_shards=10)
    >>> agg.batch_records, agg.fill_s, round(agg.utilization, 2)
    (800.0, 1.0, 0.14)
    >>> round(agg.mean_staleness_s(), 2), round(agg.max_staleness_s(), 2)
    (0.64, 1.14)
    >>> agg.aggregate_wcu
    10.0
    >>> StreamsAggregation(8000, 1, 1000, n_stream_shards=10, update_per_record=True).aggregate_wcu
    8000.0
    >>> slow = StreamsAggregation(8000, 0, 100, n_stream_shards=1)
    >>> round(slow.utilization, 1), round(StreamsAggregation(8000, 0, 100, 1, parallelization_factor=10).utilization, 1)
    (5.6, 0.6)
    >>> StreamsAggregation(8000, 10, 10_000, n_stream_shards=10, record_bytes=1_500).effective_batch_size
    4000
    """

    write_rate: float
    batch_window_s: float = 0.0
    batch_size: int = 100
    n_stream_shards: int = 1
    record_time_s: float = STREAMS_RECORD_TIME_S
    batch_overhead_s: float = STREAMS_BATCH_OVERHEAD_S
    aggregate_bytes: float = 1024
    stream_delay_s: float = STREAMS_DELAY_S
    update_per_record: bool = False
    parallelization_factor: int = 1
    record_bytes: float = 0.0

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        check_choice("update_per_record", self.update_per_record, (True, False))
        set_(self, "write_rate", check_number("write_rate", self.write_rate, low=0, high=1e9))
        set_(self, "batch_window_s", check_number("batch_window_s", self.batch_window_s, low=0, high=STREAMS_MAX_BATCH_WINDOW_S))
        set_(self, "batch_size", check_count("batch_size", self.batch_size, low=1, high=STREAMS_MAX_BATCH_SIZE))
        set_(self, "n_stream_shards", check_count("n_stream_shards", self.n_stream_shards, low=1, high=10**6))
        set_(self, "record_time_s", check_number("record_time_s", self.record_time_s, low=0, high=60))
        set_(self, "batch_overhead_s", check_number("batch_overhead_s", self.batch_overhead_s, low=0, high=60))
        set_(self, "aggregate_bytes", check_number("aggregate_bytes", self.aggregate_bytes, low=0, high=ITEM_MAX_BYTES))
        set_(self, "stream_delay_s", check_number("stream_delay_s", self.stream_delay_s, low=0, high=86_400))
        pf = check_count("parallelization_factor", self.parallelization_factor, low=1, high=STREAMS_MAX_PARALLELIZATION)
        set_(self, "parallelization_factor", pf)
        rb = check_number("record_bytes", self.record_bytes, low=0, high=STREAMS_MAX_PAYLOAD_BYTES)
        set_(self, "record_bytes", rb)

    def __repr__(self) -> str:
        return (
            f"StreamsAggregation({self.write_rate:,.0f} writes/s over {self.n_stream_shards} stream shards; batches of "
            f"{self.batch_records:,.0f} every {self.fill_s:.3g} s; staleness mean {self.mean_staleness_s():.3g} s, "
            f"max {self.max_staleness_s():.3g} s; utilization {self.utilization:.0%})"
        )

    @property
    def shard_rate(self) -> float:
        """Records per second on one stream shard, ``W / n``."""
        return self.write_rate / self.n_stream_shards

    @property
    def consumers(self) -> int:
        """Sequential consumers: stream shards times the parallelization factor, ``n P``."""
        return self.n_stream_shards * self.parallelization_factor

    @property
    def consumer_rate(self) -> float:
        """Records per second one consumer (one concurrent batch of a shard) receives, ``W / (n P)``."""
        return self.write_rate / self.consumers

    @property
    def effective_batch_size(self) -> int:
        """The most records a batch holds: the batch size, or fewer if the 6 MB payload limit comes first."""
        if self.record_bytes * self.batch_size <= STREAMS_MAX_PAYLOAD_BYTES:  # also a record of 0 (or 5e-324) bytes
            return self.batch_size
        return max(1, int(STREAMS_MAX_PAYLOAD_BYTES // self.record_bytes))

    @property
    def fill_s(self) -> float:
        """Seconds a batch collects records before the aggregator is invoked."""
        full = self.effective_batch_size / self.consumer_rate if self.consumer_rate > 0 else math.inf
        return min(max(self.batch_window_s, 1.0 / STREAMS_POLLS_PER_S), full)

    @property
    def batch_records(self) -> float:
        """Records per batch, on average."""
        return min(float(self.effective_batch_size), self.consumer_rate * self.fill_s)

    @property
    def service_s(self) -> float:
        """Seconds the aggregator takes for one batch."""
        return self.batch_overhead_s + self.batch_records * self.record_time_s

    @property
    def utilization(self) -> float:
        """Fraction of the time each consumer is busy; above 1 it falls behind."""
        if self.batch_records == 0:
            return 0.0
        return self.consumer_rate * (self.batch_overhead_s / self.batch_records + self.record_time_s)

    @property
    def batches_per_s(self) -> float:
        """Aggregator invocations per second, all consumers together (one aggregate update each)."""
        if self.batch_records == 0:
            return 0.0
        per_consumer = self.consumer_rate / self.batch_records
        if self.service_s > 0:
            per_consumer = min(per_consumer, 1.0 / self.service_s)
        return self.consumers * per_consumer

    @property
    def records_per_s(self) -> float:
        """Records aggregated per second, all stream shards together (the write rate while it keeps up)."""
        return self.batches_per_s * self.batch_records

    @property
    def aggregate_updates_per_s(self) -> float:
        """Updates of the aggregate item per second: one per batch, or one per record."""
        return self.records_per_s if self.update_per_record else self.batches_per_s

    @property
    def aggregate_wcu(self) -> float:
        """Write units per second the aggregators spend updating the aggregate item (one key)."""
        return self.aggregate_updates_per_s * float(write_units(self.aggregate_bytes))

    def backlog_s(self, after_s: float = 0.0) -> float:
        """Extra wait of a write made ``after_s`` seconds after the start, s, from the growing backlog (0 if it keeps up).

        Parameters
        ----------
        after_s : float
            When the write is made, s after the start, ``>= 0`` and finite.
        """
        t = check_number("after_s", after_s, low=0, high=math.inf, high_open=True)
        return t * max(0.0, self.utilization - 1.0)

    def mean_staleness_s(self, after_s: float = 0.0) -> float:
        """Mean seconds between a write and the aggregate reflecting it.

        Parameters
        ----------
        after_s : float
            When the write is made, s after the start, ``>= 0`` and finite (it matters once the backlog grows).
        """
        return self.stream_delay_s + 0.5 * self.fill_s + self.service_s + self.backlog_s(after_s)

    def max_staleness_s(self, after_s: float = 0.0) -> float:
        """Worst-case seconds between a write and the aggregate reflecting it.

        Parameters
        ----------
        after_s : float
            When the write is made, s after the start, ``>= 0`` and finite (it matters once the backlog grows).
        """
        return self.stream_delay_s + self.fill_s + self.service_s + self.backlog_s(after_s)

    def aggregation_units(self, read_rate: float, consistency: str = "eventual") -> float:
        """Units per second the aggregator costs for ``read_rate`` reads/s: its aggregate updates (WCU) and one
        read of the aggregate item per read (RCU of ``consistency``); :meth:`compare`'s ``aggregation_units``.

        Parameters
        ----------
        read_rate : float
            Logical reads of the aggregate per second, ``>= 0``.
        consistency : {"eventual", "strong", "transactional"}
            The kind of the reads (``"eventual"``: DynamoDB's default).

        Returns
        -------
        float
            WCU/s of the aggregate updates plus RCU/s of the reads.

        Examples
        --------
        >>> StreamsAggregation(1000.0).aggregation_units(100.0)
        60.0
        """
        r = check_number("read_rate", read_rate, low=0, high=1e9)
        return self.aggregate_wcu + r * float(read_units(self.aggregate_bytes, consistency))

    def compare(
        self, read_rate: float, n_shards: int, item_bytes: float = 1024, consistency: str = "eventual"
    ) -> dict[str, float]:
        """Read-time fan-out against this aggregator, for the same reads.

        Both designs write every event to ``N`` shards (the same write units).
        Fan-out reads query all ``N`` shards (:func:`read_cost`, aggregate);
        the aggregator pays its aggregate updates and each read gets one item.

        Parameters
        ----------
        read_rate : float
            Logical reads of the aggregate per second, ``>= 0``.
        n_shards : int
            Suffix count, in ``[1, MAX_COUNT]``.
        item_bytes : float
            Size of one shard's item (fan-out) , bytes, ``>= 0``.
        consistency : {"eventual", "strong", "transactional"}
            The kind of both designs' reads (``"eventual"``: DynamoDB's default).

        Returns
        -------
        dict
            ``fanout_rcu``, ``fanout_requests`` (per second), ``fanout_staleness_s`` (0);
            ``aggregation_wcu``, ``aggregation_rcu``, ``aggregation_units`` and
            ``aggregation_staleness_s``; ``aggregate_key_rcu`` and ``aggregate_key_wcu``
            (the aggregate item is itself one key, under the ceilings).

        Examples
        --------
        >>> c = StreamsAggregation(1000.0).compare(read_rate=100.0, n_shards=10)
        >>> c["fanout_rcu"], c["aggregation_units"]
        (500.0, 60.0)
        """
        r = check_number("read_rate", read_rate, low=0, high=1e9)
        n = check_count("n_shards", n_shards, low=1)  # one suffix count: read_cost would also take a list
        fan = read_cost(n, "random", "aggregate", item_bytes, 1, consistency)
        agg_read = float(read_units(self.aggregate_bytes, consistency))
        return {
            "fanout_rcu": r * float(fan.read_units[0]),
            "fanout_requests": r * float(fan.requests[0]),
            "fanout_staleness_s": 0.0,
            "aggregation_wcu": self.aggregate_wcu,
            "aggregation_rcu": r * agg_read,
            "aggregation_units": self.aggregation_units(r, consistency),
            "aggregation_requests": r + self.batches_per_s,
            "aggregation_staleness_s": self.mean_staleness_s(),
            "aggregate_key_rcu": r * agg_read,
            "aggregate_key_wcu": self.aggregate_wcu,
        }
