"""Published DynamoDB limits and names that the models use, each with its source.

Every figure the course quotes from a source document or from AWS lives here
once, as a named constant, and :data:`SOURCES` records where it comes from and
as of when. Chapters cite these names; they never type the numbers.

The source documents are the four Japanese articles the course walks through:

* ``000`` ホットパーティション (hot partitions),
* ``001`` DynamoDBパーティションキー設計 (partition-key design),
* ``002`` パーティションキーを効率的に設計し、使用するためのベストプラクティス
  (AWS's burst and adaptive capacity guidance, Japanese edition),
* ``003`` シャーディング (sharding).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = [
    "EXAMPLE_HOT_PARTITION",
    "PARTITION_MAX_RCU",
    "PARTITION_MAX_STORAGE_GB",
    "PARTITION_MAX_WCU",
    "READ_UNIT_BYTES",
    "SOURCES",
    "THROTTLE_EXCEPTION",
    "WRITE_UNIT_BYTES",
    "Source",
]


@dataclass(frozen=True)
class Source:
    """Where a published figure comes from.

    Parameters
    ----------
    where : str
        The document and section (Japanese titles copied from the source), or
        the AWS page.
    as_of : str
        The date the figure was stated or checked, ``YYYY-MM``.
    url : str
        The public page behind the figure, when there is one.
    """

    where: str
    as_of: str
    url: str = ""


#: Read ceiling of one partition, in read capacity units per second (RCU/s).
PARTITION_MAX_RCU: Final[float] = 3000.0
#: Write ceiling of one partition, in write capacity units per second (WCU/s).
PARTITION_MAX_WCU: Final[float] = 1000.0
#: Storage one partition holds before it splits, in gigabytes (10**9 bytes).
PARTITION_MAX_STORAGE_GB: Final[float] = 10.0
#: One read unit covers an item of up to this many bytes (4 KB).
READ_UNIT_BYTES: Final[int] = 4096
#: One write unit covers an item of up to this many bytes (1 KB).
WRITE_UNIT_BYTES: Final[int] = 1024

#: The exception a client sees when a partition or the table refuses a
#: request, by capacity mode.
THROTTLE_EXCEPTION: Final[dict[str, str]] = {
    "provisioned": "ProvisionedThroughputExceededException",
    "on-demand": "ThrottlingException",
}

#: The worked example of 000 「なぜ発生するか」: a table provisioned at
#: 10,000 WCU/s over 10 partitions, partition A offered 8,000 WCU/s and
#: partitions B to J 200 WCU/s each.
EXAMPLE_HOT_PARTITION: Final[dict[str, float]] = {
    "table_wcu": 10_000.0,
    "n_partitions": 10,
    "hot_wcu": 8_000.0,
    "other_wcu": 200.0,
}

_DEV_GUIDE = "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"

#: The source of every constant above, by name.
SOURCES: Final[dict[str, Source]] = {
    "PARTITION_MAX_RCU": Source(
        "000 「なぜ発生するか」; 001 「DynamoDBのデータ分散の仕組み」; "
        "002 「パーティションキーを効率的に設計し、使用するためのベストプラクティス」",
        "2026-08",
        _DEV_GUIDE + "bp-partition-key-design.html",
    ),
    "PARTITION_MAX_WCU": Source(
        "000 「なぜ発生するか」; 001 「DynamoDBのデータ分散の仕組み」; "
        "002 「パーティションキーを効率的に設計し、使用するためのベストプラクティス」",
        "2026-08",
        _DEV_GUIDE + "bp-partition-key-design.html",
    ),
    "PARTITION_MAX_STORAGE_GB": Source(
        "001 「DynamoDBのデータ分散の仕組み」",
        "2026-04",
        _DEV_GUIDE + "HowItWorks.Partitions.html",
    ),
    "READ_UNIT_BYTES": Source(
        "AWS, DynamoDB read and write operations: a strongly consistent read of an item up to 4 KB needs one read unit",
        "2026-08",
        _DEV_GUIDE + "read-write-operations.html",
    ),
    "WRITE_UNIT_BYTES": Source(
        "AWS, DynamoDB read and write operations: a write of an item up to 1 KB needs one write unit",
        "2026-08",
        _DEV_GUIDE + "read-write-operations.html",
    ),
    "EXAMPLE_HOT_PARTITION": Source("000 「なぜ発生するか」", "2026-08"),
    "THROTTLE_EXCEPTION": Source(
        "000 「ホットパーティションとは」",
        "2026-08",
        _DEV_GUIDE + "TroubleshootingThrottling.html",
    ),
}
