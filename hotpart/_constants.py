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

import re
from dataclasses import dataclass
from typing import Final

__all__ = [
    "ASSUMPTIONS",
    "Assumption",
    "AUTOSCALING_SCALE_DOWN_POINTS",
    "AUTOSCALING_SCALE_UP_MINUTES",
    "BURST_WINDOW_S",
    "EXAMPLE_ADAPTIVE",
    "EXAMPLE_HOT_PARTITION",
    "EXAMPLE_RESHARD",
    "EXAMPLE_SHARD_COUNT",
    "ITEM_COLLECTION_MAX_GB",
    "ON_DEMAND_PEAK_MULTIPLIER",
    "ON_DEMAND_TABLE_QUOTA_RRU",
    "ON_DEMAND_TABLE_QUOTA_WRU",
    "PARTITION_MAX_RCU",
    "PARTITION_MAX_STORAGE_GB",
    "PARTITION_MAX_WCU",
    "QUOTA_EXCEPTION",
    "READ_UNIT_BYTES",
    "SOURCES",
    "Source",
    "TAIL_AT_SCALE_EXAMPLE",
    "THROTTLE_EXCEPTION",
    "TRANSACT_MAX_ACTIONS",
    "TRANSACT_MAX_BYTES",
    "WRITE_UNIT_BYTES",
    "YCSB_ZETA_10E10_099",
]


@dataclass(frozen=True)
class Source:
    """Where a published figure or a statement about AWS's behaviour comes from.

    Parameters
    ----------
    where : str
        The document and section (Japanese titles copied from the source), or
        the AWS page.
    as_of : str
        The date the page was read or the figure stated: ``YYYY-MM-DD`` or
        ``YYYY-MM``.
    url : str
        The public page behind the figure, when there is one.
    quote : str
        The sentence of that page the figure or statement rests on, copied
        exactly (an ellipsis marks a cut). For the four source documents the
        quote is in their Japanese, and a test finds it in the document.

    Examples
    --------
    >>> SOURCES["PARTITION_MAX_WCU"].url.endswith("bp-partition-key-design.html")
    True
    """

    where: str
    as_of: str
    url: str = ""
    quote: str = ""

    def __post_init__(self) -> None:
        if not re.fullmatch(r"\d{4}-\d{2}(-\d{2})?", self.as_of):
            raise ValueError(f"as_of = {self.as_of!r} is not a date; allowed: YYYY-MM or YYYY-MM-DD")


@dataclass(frozen=True)
class Assumption:
    """A modelling choice that AWS does not publish, named so that a reader can see it.

    Parameters
    ----------
    value : object
        The value the models use (the default of the parameter in ``used_by``).
    unit : str
        Its unit ("s", "fraction of the ceiling", ...), or "" for a choice
        that has none.
    why : str
        Why the course chose this value.
    aws_says : str
        What AWS does say on the matter (quoted where it says anything), or
        that it says nothing.
    used_by : tuple of str
        Where the value enters the code, as ``"Class.field"`` or
        ``"function.parameter"`` of :mod:`hotpart` (a test checks that each
        default equals ``value``), or a module constant's name.
    chapters : tuple of str
        The notebooks (stems, e.g. ``"10_isolation"``) that rely on it; each
        shows it to the reader (``hp.assumption_box``).

    Examples
    --------
    >>> a = Assumption(0.5, "fraction of the ceiling", why="A round middle value.",
    ...                aws_says="AWS publishes no trigger.", chapters=("10_isolation",))
    >>> a.value
    0.5
    >>> Assumption(1, "s", why="", aws_says="nothing", chapters=("x",))
    Traceback (most recent call last):
    ...
    ValueError: why = '' is empty; allowed: a sentence
    """

    value: object
    unit: str
    why: str
    aws_says: str
    used_by: tuple[str, ...] = ()
    chapters: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("why", "aws_says"):
            if not getattr(self, name).strip():
                raise ValueError(f"{name} = '' is empty; allowed: a sentence")
        if not self.chapters:
            raise ValueError("chapters = () is empty; allowed: the notebooks that rely on the assumption")


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

#: Unused capacity a partition banks for later bursts, in seconds of its
#: provisioned rate (002 「バーストキャパシティを効率的に使用する」: up to 5 minutes).
BURST_WINDOW_S: Final[float] = 300.0

#: The example of 002 「DynamoDB アダプティブキャパシティを理解する」: 400 WCU/s
#: shared evenly by 4 partitions (100 each); partitions 1 to 3 offered 50 WCU/s,
#: partition 4 offered 150 WCU/s.
EXAMPLE_ADAPTIVE: Final[dict[str, object]] = {
    "table_wcu": 400.0,
    "n_partitions": 4,
    "demand_wcu": (50.0, 50.0, 50.0, 150.0),
}

#: On-demand mode serves up to this multiple of the previous peak at once.
ON_DEMAND_PEAK_MULTIPLIER: Final[float] = 2.0
#: Default on-demand quota per table (and per GSI), read request units per second.
ON_DEMAND_TABLE_QUOTA_RRU: Final[float] = 40_000.0
#: Default on-demand quota per table (and per GSI), write request units per second.
ON_DEMAND_TABLE_QUOTA_WRU: Final[float] = 40_000.0
#: The error a client sees past the on-demand table quota.
QUOTA_EXCEPTION: Final[str] = "RequestLimitExceeded"

#: Auto scaling raises capacity after this many consecutive one-minute data points above target.
AUTOSCALING_SCALE_UP_MINUTES: Final[int] = 2
#: Auto scaling lowers capacity after this many consecutive one-minute data points below target.
AUTOSCALING_SCALE_DOWN_POINTS: Final[int] = 15

#: Largest item collection (items sharing a partition key) in a table with an LSI, GB.
ITEM_COLLECTION_MAX_GB: Final[float] = 10.0

#: The shard count of the write-sharding examples (000 「Write Sharding (書き込みシャーディング)」,
#: 001 「ホットパーティション対策: シャーディング（Suffix追加）」).
EXAMPLE_SHARD_COUNT: Final[int] = 10
#: The resharding example of 003 「リシャーディング」: ``userId % shards`` from 3 to 4 shards.
EXAMPLE_RESHARD: Final[tuple[int, int]] = (3, 4)

#: TransactWriteItems: at most this many actions per transaction (003 「RDS vs DynamoDB のシャーディング」).
TRANSACT_MAX_ACTIONS: Final[int] = 100
#: TransactWriteItems: at most this many bytes per transaction (4 MB).
TRANSACT_MAX_BYTES: Final[int] = 4 * 1024 * 1024

#: Dean & Barroso's fan-out example: each server slow 1% of the time, fan-out 100,
#: "63% of user requests" slow.
TAIL_AT_SCALE_EXAMPLE: Final[dict[str, float]] = {"p_slow": 0.01, "fanout": 100, "published_fraction_slow": 0.63}

#: H(10**10, 0.99), hard-coded in YCSB's ScrambledZipfianGenerator (ZETAN).
YCSB_ZETA_10E10_099: Final[float] = 26.46902820178302

_DEV_GUIDE = "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"

_KC = "https://repost.aws/knowledge-center/"
_WARM = _DEV_GUIDE + "warm-throughput-scenarios.html"
_PARTITION_QUOTE = (
    "While DynamoDB can keep scaling to support virtually unlimited throughput, each individual partition is "
    "limited to 1,000 write units per second and 3,000 read units per second."
)

#: The source of every constant above, by name.
SOURCES: Final[dict[str, Source]] = {
    "PARTITION_MAX_RCU": Source(
        "AWS, Understanding DynamoDB warm throughput in different scenarios (the figure 000 「なぜ発生するか」, "
        "001 「DynamoDBのデータ分散の仕組み」 and 002 quote)",
        "2026-11-30",
        _WARM,
        _PARTITION_QUOTE,
    ),
    "PARTITION_MAX_WCU": Source(
        "AWS, Understanding DynamoDB warm throughput in different scenarios (the figure 000 「なぜ発生するか」, "
        "001 「DynamoDBのデータ分散の仕組み」 and 002 quote)",
        "2026-11-30",
        _WARM,
        _PARTITION_QUOTE,
    ),
    "PARTITION_MAX_STORAGE_GB": Source(
        "001 「DynamoDBのデータ分散の仕組み」 (AWS's partitions page describes partitions without this figure)",
        "2026-11-30",
        _DEV_GUIDE + "HowItWorks.Partitions.html",
        "1パーティションの容量: 10GB",
    ),
    "READ_UNIT_BYTES": Source(
        "AWS, DynamoDB read and write operations",
        "2026-11-30",
        _DEV_GUIDE + "read-write-operations.html",
        "A strongly consistent read request of an item up to 4 KB requires one read unit.",
    ),
    "WRITE_UNIT_BYTES": Source(
        "AWS, DynamoDB pricing for provisioned capacity, key terms",
        "2026-11-30",
        "https://aws.amazon.com/dynamodb/pricing/provisioned/",
        "For items up to 1 KB in size, one WCU can perform one standard write request per second.",
    ),
    "EXAMPLE_HOT_PARTITION": Source(
        "000 「なぜ発生するか」",
        "2026-11-30",
        "",
        "テーブル全体: 10,000 WCU (10 パーティション)…パーティション A: 8,000 WCU のリクエスト → スロットリング発生…"
        "パーティション B〜J: 各 200 WCU → 余裕あり",
    ),
    "BURST_WINDOW_S": Source(
        "AWS Knowledge Center, How does DynamoDB handle spiky workloads in short intervals? (002 "
        "「バーストキャパシティを効率的に使用する」 says the same: 未使用の読み込みおよび書き込み容量を最大 5 分 (300 秒) 保持)",
        "2026-11-30",
        _KC + "dynamodb-spiky-workloads-short-intervals",
        "DynamoDB currently retains up to 5 minutes (300 seconds) of unused read and write capacity.",
    ),
    "EXAMPLE_ADAPTIVE": Source(
        "002 「スループットキャパシティを高トラフィックのパーティションに増加させる」",
        "2026-11-30",
        _DEV_GUIDE + "burst-adaptive-capacity.html",
        "このテーブルの例のプロビジョニングでは、4 つのパーティション間で 400 WCU が均等に共有されることで、"
        "各パーティションで 1 秒間に最大 100 WCU を維持できます。パーティション 1、2、3 はそれぞれ、"
        "50 WCU/秒の書き込みトラフィックを受け取ります。パーティション 4 は 150 WCU/秒の書き込みトラフィックを受け取ります。",
    ),
    "ON_DEMAND_PEAK_MULTIPLIER": Source(
        "AWS Knowledge Center, Why is my on-demand DynamoDB table being throttled?",
        "2026-11-30",
        _KC + "on-demand-table-throttling-dynamodb",
        "If you exceed double your previous traffic's peak within 30 minutes, then you might experience throttling.",
    ),
    "ON_DEMAND_TABLE_QUOTA_RRU": Source(
        "000 「オンデマンドモードでも発生する」 (AWS, Service quotas: throughput default quotas)",
        "2026-11-30",
        _DEV_GUIDE + "ServiceQuotas.html",
        "テーブルまたは個々の GSI あたり 1 秒あたり 40,000 読み取り / 40,000 書き込みリクエストユニットという既定のクォータ",
    ),
    "ON_DEMAND_TABLE_QUOTA_WRU": Source(
        "000 「オンデマンドモードでも発生する」 (AWS, Service quotas: throughput default quotas)",
        "2026-11-30",
        _DEV_GUIDE + "ServiceQuotas.html",
        "テーブルまたは個々の GSI あたり 1 秒あたり 40,000 読み取り / 40,000 書き込みリクエストユニットという既定のクォータ",
    ),
    "QUOTA_EXCEPTION": Source(
        "000 「オンデマンドモードでも発生する」",
        "2026-11-30",
        _DEV_GUIDE + "ServiceQuotas.html",
        "超えると RequestLimitExceeded が返る (2026 年 8 月時点・Service Quotas から引き上げ可)",
    ),
    "AUTOSCALING_SCALE_UP_MINUTES": Source(
        "AWS Knowledge Center, Why is DynamoDB auto scaling not working as expected?",
        "2026-11-30",
        _KC + "dynamodb-auto-scaling",
        "DynamoDB auto scaling increases provisioned capacity when utilization exceeds 70 RCUs for at least "
        "2 consecutive minutes.",
    ),
    "AUTOSCALING_SCALE_DOWN_POINTS": Source(
        "AWS Knowledge Center, Why is DynamoDB auto scaling not working as expected?",
        "2026-11-30",
        _KC + "dynamodb-auto-scaling",
        "DynamoDB auto scaling decreases provisioned capacity when utilization is 20% or more below the target "
        "for 15 consecutive minutes (50 RCUs).",
    ),
    "ITEM_COLLECTION_MAX_GB": Source(
        "AWS, DynamoDB API reference, ItemCollectionSizeLimitExceededException (tables with a local secondary index)",
        "2026-11-30",
        "https://docs.aws.amazon.com/botocore/latest/reference/services/dynamodb/client/exceptions/"
        "ItemCollectionSizeLimitExceededException.html",
        "The total size of an item collection has exceeded the maximum limit of 10 gigabytes.",
    ),
    "EXAMPLE_SHARD_COUNT": Source(
        "000 「Write Sharding (書き込みシャーディング)」; 001 「ホットパーティション対策: シャーディング（Suffix追加）」",
        "2026-11-30",
        "",
        "const shardCount = 10;",
    ),
    "EXAMPLE_RESHARD": Source(
        "003 「リシャーディング」",
        "2026-11-30",
        "",
        "単純な剰余 (userId % シャード数) で分けていると、シャードを 3 台から 4 台へ増やすだけでほとんどの行の配置先が変わる。",
    ),
    "TRANSACT_MAX_ACTIONS": Source(
        "003 「RDS vs DynamoDB のシャーディング」",
        "2026-11-30",
        _DEV_GUIDE + "transaction-apis.html",
        "TransactWriteItems (最大 100 アクション・合計 4 MB)",
    ),
    "TRANSACT_MAX_BYTES": Source(
        "003 「RDS vs DynamoDB のシャーディング」",
        "2026-11-30",
        _DEV_GUIDE + "transaction-apis.html",
        "TransactWriteItems (最大 100 アクション・合計 4 MB)",
    ),
    "TAIL_AT_SCALE_EXAMPLE": Source(
        "Dean & Barroso, The Tail at Scale, CACM 56(2), 2013",
        "2013-02",
        "https://doi.org/10.1145/2408776.2408794",
        "If a user request must collect responses from 100 such servers in parallel, then 63% of user requests "
        "will take more than one second",
    ),
    "YCSB_ZETA_10E10_099": Source(
        "YCSB, ScrambledZipfianGenerator.ZETAN (Cooper et al., SoCC 2010)",
        "2026-11-30",
        "https://github.com/brianfrankcooper/YCSB",
        "public static final double ZETAN = 26.46902820178302;",
    ),
    "THROTTLE_EXCEPTION": Source(
        "000 「ホットパーティションとは」",
        "2026-11-30",
        _DEV_GUIDE + "TroubleshootingThrottling.html",
        "プロビジョンドモードでは ProvisionedThroughputExceededException、オンデマンドモードでは ThrottlingException になる。",
    ),
}

_DATE_READ = "2026-11-30"

# Each block below belongs to one family of chapters; add a chapter's sources and assumptions in its block.
# --- sources: capacity and the simulator (chapters 1, 8-11)
# --- sources: key design and skew (chapters 2-4)
# --- sources: write sharding and fan-out (chapters 5-7)
# --- sources: indexes, detection, retries, diagnosis (chapters 12-15)
# --- sources: sharding beyond DynamoDB (chapters 16-20)

#: Every modelling choice that AWS does not publish, by name: its value, why the course chose it, and
#: what AWS does say. Each chapter that relies on one shows it (``hp.assumption_box``), and a test checks
#: that the code's defaults equal these values and that every model constant is sourced or listed here.
ASSUMPTIONS: Final[dict[str, Assumption]] = {
    # --- assumptions: capacity and the simulator (chapters 1, 8-11)
    # --- assumptions: key design and skew (chapters 2-4)
    # --- assumptions: write sharding and fan-out (chapters 5-7)
    # --- assumptions: indexes, detection, retries, diagnosis (chapters 12-15)
    # --- assumptions: sharding beyond DynamoDB (chapters 16-20)
}
