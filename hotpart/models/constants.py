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
    "PERIOD_S",
    "BATCH_WRITE_MAX_ITEMS",
    "STREAMS_POLLS_PER_S",
    "STREAMS_MAX_BATCH_WINDOW_S",
    "STREAMS_MAX_BATCH_SIZE",
    "STREAMS_MAX_PARALLELIZATION",
    "BATCH_GET_MAX_ITEMS",
    "BATCH_GET_MAX_BYTES",
    "ASSUMPTIONS",
    "Assumption",
    "AUTOSCALING_SCALE_DOWN_POINTS",
    "AUTOSCALING_SCALE_UP_MINUTES",
    "BURST_WINDOW_S",
    "BURST_SCOPE",
    "EXAMPLE_ADAPTIVE",
    "EXAMPLE_HOT_PARTITION",
    "EXAMPLE_RESHARD",
    "EXAMPLE_SHARD_COUNT",
    "ITEM_COLLECTION_MAX_GB",
    "ITEM_MAX_BYTES",
    "ON_DEMAND_PEAK_MULTIPLIER",
    "ON_DEMAND_PEAK_WINDOW_MINUTES",
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
    >>> SOURCES["PARTITION_MAX_WCU"].url.startswith("https://docs.aws.amazon.com/")
    True
    """

    where: str
    as_of: str
    url: str = ""
    quote: str = ""

    def __post_init__(self) -> None:
        if not re.fullmatch(r"\d{4}-\d{2}(-\d{2})?", self.as_of):
            raise ValueError(f"as_of = {self.as_of!r} is not a date; allowed: YYYY-MM or YYYY-MM-DD")

    @property
    def short(self) -> str:
        """A short name for the page, for an evidence box's title: the source document's number (``"002"``) for a
        quote from one of the four source documents, else the page's name (``"AWS's key-range page"``), else the
        start of ``where``.

        Examples
        --------
        >>> SOURCES["EXAMPLE_HOT_PARTITION"].short, SOURCES["PARTITION_MAX_WCU"].short
        ('000', "AWS's warm-throughput scenarios")
        """
        from ._source_display import MAX_NAME_CHARS, page_name

        if re.match(r"00[0-3]\b", self.where):
            return self.where[:3]
        named = page_name(self.url)
        if named:
            return named
        head = re.split(r"[(:;]", self.where, maxsplit=1)[0].strip().rstrip(",")
        return head if len(head) <= MAX_NAME_CHARS else head[: MAX_NAME_CHARS - 1].rstrip() + "…"

    @property
    def gloss(self) -> str:
        """The course's English translation of the quote when it is in Japanese (``""`` for an English quote).

        Examples
        --------
        >>> SOURCES["PARTITION_MAX_STORAGE_GB"].gloss
        'Capacity of one partition: 10 GB'
        """
        from ._source_display import GLOSSES

        return GLOSSES.get(self.quote, "")


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
#: The largest item DynamoDB stores, in bytes (400 KB, 1 KB = 1,024 bytes): every item size a model takes is at most
#: this (an index entry or a read's item alike).
ITEM_MAX_BYTES: Final[int] = 400 * 1024

#: The exception a client sees when a partition or the table refuses a
#: request, by capacity mode, as 000 states it. AWS ties no class to a mode
#: (chapters 1 and 11): read ThrottlingReasons for the cause.
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

#: Whose unused capacity a partition's burst draws on: its own (a modelling choice, ``ASSUMPTIONS["BURST_SCOPE"]``).
BURST_SCOPE: Final[str] = "partition"

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
#: The window, minutes, within which on-demand traffic past double the previous peak may be throttled.
ON_DEMAND_PEAK_WINDOW_MINUTES: Final[int] = 30
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
        "2026-12-04",
        _WARM,
        _PARTITION_QUOTE,
    ),
    "PARTITION_MAX_WCU": Source(
        "AWS, Understanding DynamoDB warm throughput in different scenarios (the figure 000 「なぜ発生するか」, "
        "001 「DynamoDBのデータ分散の仕組み」 and 002 quote)",
        "2026-12-04",
        _WARM,
        _PARTITION_QUOTE,
    ),
    "PARTITION_MAX_STORAGE_GB": Source(
        "001 「DynamoDBのデータ分散の仕組み」 (AWS's partitions page describes partitions without this figure)",
        "2026-12-04",
        "",
        "1パーティションの容量: 10GB",
    ),
    "READ_UNIT_BYTES": Source(
        "AWS, DynamoDB read and write operations",
        "2026-12-04",
        _DEV_GUIDE + "read-write-operations.html",
        "A strongly consistent read request of an item up to 4 KB requires one read unit.",
    ),
    "WRITE_UNIT_BYTES": Source(
        "AWS, DynamoDB pricing for provisioned capacity, key terms",
        "2026-12-04",
        "https://aws.amazon.com/dynamodb/pricing/provisioned/",
        "For items up to 1 KB in size, one WCU can perform one standard write request per second.",
    ),
    "ITEM_MAX_BYTES": Source(
        "AWS, Constraints in Amazon DynamoDB, Items: item size (all sizes binary: 1 KB = 1,024 bytes)",
        "2026-12-06",
        _DEV_GUIDE + "Constraints.html#limits-items",
        "The maximum item size in DynamoDB is 400 KB, which includes both attribute name binary length (UTF-8 length) "
        "and attribute value lengths (again binary length).",
    ),
    "EXAMPLE_HOT_PARTITION": Source(
        "000 「なぜ発生するか」",
        "2026-12-04",
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
        "AWS Knowledge Center, Why is my on-demand DynamoDB table getting throttled?",
        "2026-12-04",
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
        "2026-12-04",
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
        "2026-12-04",
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
        "2026-12-04",
        "https://docs.aws.amazon.com/botocore/latest/reference/services/dynamodb/client/exceptions/"
        "ItemCollectionSizeLimitExceededException.html",
        "The total size of an item collection has exceeded the maximum limit of 10 gigabytes.",
    ),
    "EXAMPLE_SHARD_COUNT": Source(
        "000 「Write Sharding (書き込みシャーディング)」; 001 「ホットパーティション対策: シャーディング（Suffix追加）」",
        "2026-12-04",
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
        "2026-12-04",
        "",
        "プロビジョンドモードでは ProvisionedThroughputExceededException、オンデマンドモードでは ThrottlingException になる。",
    ),
}

_DATE_READ = "2026-11-30"
#: The day chapter 12's GSI sources were read again (the Knowledge Center's current wording, AWS's labs, GSI.html).
_DATE_REREAD = "2026-12-03"
#: The day of the third claims review (issue 37): every SOURCES page a touched chapter uses was read again.
_DATE_ROUND3 = "2026-12-04"
#: The day chapters 8-14's round-4 findings were checked (issue 46): the pages they cite read again.
_DATE_CH08_R4 = "2026-12-06"
#: The turn-11 review of chapters 15 and 16 (sources read that day).
_DATE_TURN11 = "2026-12-07"

# Each block below belongs to one family of chapters; add a chapter's sources and assumptions in its block.
# --- sources: capacity and the simulator (chapters 1, 8-11)
# The capacity modes' constants (hotpart/models/on_demand.py and autoscaling.py).
_ON_DEMAND_PRE_WARMING_URL = (
    "https://docs.amazonaws.cn/en_us/amazondynamodb/latest/developerguide/pre-warming-on-demand-capacity-mode.html"
)
SOURCES["ON_DEMAND_DOUBLING_S"] = Source(
    "AWS, Pre-warming a table for on-demand capacity mode (read on the docs.amazonaws.cn mirror of the developer guide)",
    _DATE_ROUND3,
    _ON_DEMAND_PRE_WARMING_URL,
    quote="However, throttling can still occur if the throughput exceeds twice the previous peak within the same 30 minutes.",
)
SOURCES["ON_DEMAND_PEAK_WINDOW_MINUTES"] = Source(
    "AWS, Pre-warming a table for on-demand capacity mode (read on the docs.amazonaws.cn mirror of the developer guide)",
    _DATE_ROUND3,
    _ON_DEMAND_PRE_WARMING_URL,
    quote="However, throttling can still occur if the throughput exceeds twice the previous peak within the same 30 minutes.",
)
SOURCES["ON_DEMAND_NEW_TABLE_PEAK"] = Source(
    "AWS, Pre-warming a table for on-demand capacity mode (read on the docs.amazonaws.cn mirror of the developer guide); "
    "the course reads 'sustain up to 4,000 writes' as double a previous peak of 2,000",
    _DATE_ROUND3,
    _ON_DEMAND_PRE_WARMING_URL,
    quote="New on-demand tables will be able to sustain up to 4,000 writes per second and 12,000 reads per second.",
)
_AUTOSCALING_METRICS_URL = "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html"
_AUTOSCALING_QUOTAS_URL = "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ServiceQuotas.html"
_AUTOSCALING_KC_URL = "https://repost.aws/knowledge-center/dynamodb-auto-scaling"
SOURCES["AUTOSCALING_SCALE_DOWN_MARGIN"] = Source(
    "AWS Knowledge Center, Why is DynamoDB auto scaling not working as expected? (the example: minimum 100 RCUs, "
    "target 70 percent; 50 RCUs of 100 is 20 percentage points below 70%)",
    _DATE_ROUND3,
    _AUTOSCALING_KC_URL,
    quote="DynamoDB auto scaling decreases provisioned capacity when utilization is 20% or more below the target "
    "for 15 consecutive minutes (50 RCUs).",
)
_AUTOSCALING_DECREASE_QUOTE = (
    "A day is defined according to Universal Time Coordinated (UTC). You start each day with 4 available decreases. "
    "Each hour, 1 additional decrease becomes available, up to the maximum of 4 available at any time. Over a full "
    "24-hour day, this allows you to decrease up to 27 times (4 in the first hour, plus 1 for each of the remaining "
    "23 hours)."
)
SOURCES["AUTOSCALING_DECREASES_AT_ONCE"] = Source(
    "AWS, Quotas in Amazon DynamoDB: Decreasing provisioned throughput",
    _DATE_ROUND3,
    _AUTOSCALING_QUOTAS_URL,
    quote=_AUTOSCALING_DECREASE_QUOTE,
)
SOURCES["AUTOSCALING_DECREASE_REFILL_S"] = Source(
    "AWS, Quotas in Amazon DynamoDB: Decreasing provisioned throughput",
    _DATE_ROUND3,
    _AUTOSCALING_QUOTAS_URL,
    quote=_AUTOSCALING_DECREASE_QUOTE,
)
SOURCES["AUTOSCALING_DECREASES_PER_DAY"] = Source(
    "AWS, Quotas in Amazon DynamoDB: Decreasing provisioned throughput",
    _DATE_ROUND3,
    _AUTOSCALING_QUOTAS_URL,
    quote=_AUTOSCALING_DECREASE_QUOTE,
)
SOURCES["AUTOSCALING_MAX_CAPACITY"] = Source(
    "AWS, Quotas in Amazon DynamoDB: Throughput default quotas (per table, provisioned mode)",
    _DATE_ROUND3,
    _AUTOSCALING_QUOTAS_URL,
    quote="For provisioned capacity mode tables and GSIs, the quota is the maximum amount of read and write capacity "
    "units that can be provisioned for any table or any of its GSIs in the Region. … 40,000 read capacity units and "
    "40,000 write capacity units",
)
SOURCES["AUTOSCALING_MIN_CAPACITY"] = Source(
    "AWS, Quotas in Amazon DynamoDB: Throughput default quotas (minimum throughput for any table or GSI)",
    _DATE_ROUND3,
    _AUTOSCALING_QUOTAS_URL,
    quote="Minimum throughput for any table or global secondary index | Not applicable | 1 read capacity unit and "
    "1 write capacity unit",
)
SOURCES["AUTOSCALING_UPDATE_THROTTLES"] = Source(
    "AWS, DynamoDB Metrics and dimensions (auto scaling's alarm delay and update time)",
    _DATE_ROUND3,
    _AUTOSCALING_METRICS_URL,
    quote="CloudWatch alarms might have a short delay of up to a few minutes before triggering auto scaling. … "
    "It then takes several minutes to update the provisioned capacity for the table or index. During this period, "
    "any requests that exceed the previous provisioned capacity of the tables are throttled.",
)
SOURCES["AUTOSCALING_SCALE_DOWN_15_POINTS"] = Source(
    "AWS, DynamoDB Metrics and dimensions (scale-in: no margin is named on this page)",
    _DATE_ROUND3,
    _AUTOSCALING_METRICS_URL,
    quote="Similarly, a scale down event can occur when 15 consecutive data points are lower than the target utilization.",
)
SOURCES["PROVISIONED_LIMIT_NAMES_THROTTLING_EXCEPTION"] = Source(
    "AWS, DynamoDB API reference, ProvisionedThroughputDescription (WriteCapacityUnits)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ProvisionedThroughputDescription.html",
    quote="The maximum number of writes consumed per second before DynamoDB returns a ThrottlingException.",
)
SOURCES["BURST_PORTION_RESERVED"] = Source(
    "AWS, DynamoDB burst and adaptive capacity: burst capacity",
    _DATE_ROUND3,
    _DEV_GUIDE + "burst-adaptive-capacity.html",
    quote="Whenever you aren't fully using your available throughput, DynamoDB reserves a portion of that unused "
    "capacity for later bursts of throughput to handle usage spikes.",
)
SOURCES["BURST_RETAINS_300_S"] = Source(
    "AWS, DynamoDB burst and adaptive capacity: burst capacity",
    _DATE_ROUND3,
    _DEV_GUIDE + "burst-adaptive-capacity.html",
    quote="DynamoDB currently retains up to five minutes (300 seconds) of unused read and write capacity.",
)
SOURCES["BURST_EXAMPLE_15_MIN"] = Source(
    "AWS Knowledge Center, How does DynamoDB handle spiky workloads in short intervals?",
    _DATE_ROUND3,
    "https://repost.aws/knowledge-center/dynamodb-spiky-workloads-short-intervals",
    quote="Therefore, if a sudden spiky load pushes consumption to 200 read units, then DynamoDB can leverage burst "
    "capacity to accommodate 200 RCUs for 15 minutes.",
)
SOURCES["BURST_BEST_EFFORT"] = Source(
    "AWS Knowledge Center, How does DynamoDB handle spiky workloads in short intervals?",
    _DATE_ROUND3,
    "https://repost.aws/knowledge-center/dynamodb-spiky-workloads-short-intervals",
    quote="Burst capacity is provided on a best effort’s basis and isn't guaranteed. Therefore, don't consider the "
    "burst capacity when you configure a table's provisioned capacity.",
)
SOURCES["PARTITIONS_STRIVE_FOR_FULL_CAPACITY_002"] = Source(
    "002 (introduction, before 「バーストキャパシティを効率的に使用する」)",
    _DATE_ROUND3,
    "",
    "デフォルトでは、テーブル内の各パーティションは、3,000 RCU と 1,000 WCU のフル容量を提供するよう努めます。"
    "テーブル内のすべてのパーティションの合計スループットは、プロビジョニングモードでプロビジョニングされたスループット"
    "、またはオンデマンドモードのテーブルレベルのスループット制限によって制約される場合があります。",
)
SOURCES["BURST_LAST_FIVE_MINUTES"] = Source(
    "000 「DynamoDB のアダプティブキャパシティ」",
    _DATE_ROUND3,
    quote="バーストキャパシティ (直前 5 分間の未使用キャパシティを取り置く仕組み) も同様に、"
    "パーティション上限に当たったスロットリングは救えない。",
)
SOURCES["BURST_PORTION_RESERVED_002"] = Source(
    "002 「バーストキャパシティを効率的に使用する」",
    _DATE_ROUND3,
    quote="利用可能なスループット利用率が高くない場合、DynamoDB では、スループットの利用率がバーストした場合に備えて、"
    "未使用の容量の一部を予約して使用量のスパイクに対応します。",
)
SOURCES["ADAPTIVE_ALWAYS_ON"] = Source(
    "002 「DynamoDB アダプティブキャパシティを理解する」",
    _DATE_ROUND3,
    quote="アダプティブキャパシティはすべての DynamoDB テーブルで自動的に有効化されます。追加料金はありません。"
    "アダプティブキャパシティを明示的に有効化または無効化する必要はありません。",
)
SOURCES["ADAPTIVE_ALWAYS_ON_000"] = Source(
    "000 「DynamoDB のアダプティブキャパシティ」",
    _DATE_ROUND3,
    quote="全テーブルで既定で有効・追加費用なしなので、設定作業は要らない。",
)
SOURCES["ADAPTIVE_PROVISION_FOR_WORKLOAD"] = Source(
    "002 「DynamoDB アダプティブキャパシティを理解する」",
    _DATE_ROUND3,
    quote="また、この機能では、必要なスループットキャパシティのみをプロビジョニングできるため、コスト削減にもつながります。",
)
SOURCES["ITEM_COLLECTION_SPLIT_BY_SORT_KEY"] = Source(
    "002 「アクセス頻度の高い項目を分離する」",
    _DATE_ROUND3,
    quote="ソートキーの単調な増減によって追跡されるトラフィックが項目のコレクションでない限り、"
    "項目のコレクションをソートキー別にセグメントに分割することもできます。…"
    "アダプティブキャパシティでは、テーブルにローカルセカンダリインデックスがある場合、"
    "テーブルの複数のパーティション間で項目コレクションを分割しません。",
)
SOURCES["SINGLE_ITEM_PARTITION"] = Source(
    "002 「アクセス頻度の高い項目を分離する」",
    _DATE_ROUND3,
    quote="アプリケーションから単一の項目に大量のトラフィックが一貫して送信される場合、アダプティブキャパシティはデータを再調整して、"
    "そのアクセス頻度の高い単一の項目のみをパーティションに含めることがあります。",
)
SOURCES["SPLIT_FOR_HEAT"] = Source(
    "AWS, DynamoDB developer guide (Japanese edition), 1- キー範囲スループットの超過 (ホットパーティション); "
    "the English page's sentence was not retrievable, so the quote is the Japanese edition's",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/ja_jp/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html",
    quote="DynamoDB は、多くの場合、自動 split-for-heat メカニズムを通じてホットパーティションに適応します。",
)
SOURCES["SPLIT_NEAR_LIMIT"] = Source(
    "AWS Database Blog, Scaling DynamoDB: How partitions, hot keys, and split for heat impact performance (Part 3)",
    _DATE_ROUND3,
    "https://aws.amazon.com/blogs/database/part-3-scaling-dynamodb-how-partitions-hot-keys-and-split-for-heat-impact-performance/",
    quote="A table might add partitions for many reasons, such as when:…A partition receives read or write traffic "
    "near its throughput capacity limit.",
)
SOURCES["PARTITIONS_NEVER_MERGE"] = Source(
    "AWS Database Blog, Scaling DynamoDB: How partitions, hot keys, and split for heat impact performance (Part 3)",
    _DATE_ROUND3,
    "https://aws.amazon.com/blogs/database/part-3-scaling-dynamodb-how-partitions-hot-keys-and-split-for-heat-impact-performance/",
    quote="Partitions today are only split, never merged.",
)
SOURCES["KEY_RANGE_REASON"] = Source(
    "AWS, DynamoDB throttling: 1- Key range throughput exceeded (hot partitions)",
    _DATE_ROUND3,
    _DEV_GUIDE + "throttling-key-range-limit-exceeded-mitigation.html",
    quote="When individual partitions exceed their throughput limits, DynamoDB returns a KeyRangeThroughputExceeded "
    "throttling reason type in the throttling exception.",
)
# chapter 1, round-4 review (1.1-1.3): what an item's size counts, the reason's full form, the cause in both modes
SOURCES["ITEM_SIZE_NAMES_AND_VALUES"] = Source(
    "AWS, DynamoDB item sizes and formats",
    "2026-12-06",
    _DEV_GUIDE + "CapacityUnitCalculations.html",
    quote="The total size of an item is the sum of the lengths of its attribute names and values, plus any applicable "
    "overhead as described below.",
)
SOURCES["UPDATE_ITEM_LARGER_SIZE"] = Source(
    "AWS, DynamoDB read and write operations: capacity unit consumption for write operations (UpdateItem)",
    "2026-12-06",
    _DEV_GUIDE + "read-write-operations.html",
    quote="DynamoDB considers the size of the item as it appears before and after the update. The provisioned "
    "throughput consumed reflects the larger of these item sizes.",
)
SOURCES["THROTTLING_REASON_FORMAT"] = Source(
    "Amazon DynamoDB API Reference, ThrottlingReason: reason (the same text in botocore 1.44.8's service model)",
    "2026-12-06",
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html",
    quote="The throttling reason follows a specific format: ResourceType+OperationType+LimitType: … Resource Type "
    "(What is being throttled): Table or Index … Operation Type (What kind of operation): Read or Write",
)
SOURCES["KEY_RANGE_BOTH_MODES"] = Source(
    "AWS, DynamoDB throttling resolution guide: key range throughput exceeded (hot partitions)",
    "2026-12-06",
    _DEV_GUIDE + "troubleshooting-throttling-diagnostics.html",
    quote="These throttling reasons occur when individual partitions exceed their throughput limits, affecting both "
    "provisioned and on-demand modes:",
)
SOURCES["THROTTLING_REASONS"] = Source(
    "AWS, DynamoDB developer guide, Diagnosing throttling: understanding throttling exceptions",
    _DATE_ROUND3,
    _DEV_GUIDE + "throttling-diagnosing-workflow.html",
    quote="Each exception includes ThrottlingReasons, a collection of individual ThrottlingReason containing two key "
    "fields to help you identify and understand the throttling:",
)
SOURCES["THROTTLING_EXCEPTION_CLASSES"] = Source(
    "AWS, DynamoDB developer guide, Diagnosing throttling: understanding throttling exceptions",
    _DATE_ROUND3,
    _DEV_GUIDE + "throttling-diagnosing-workflow.html",
    quote="For example, in Java, these include ProvisionedThroughputExceededException, RequestLimitExceeded, or "
    "ThrottlingException.",
)
SOURCES["THROTTLING_REASON_FORMAT"] = Source(
    "AWS, DynamoDB API reference, ThrottlingReason",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html",
    quote="The throttling reason follows a specific format: ResourceType+OperationType+LimitType:",
)
SOURCES["THROTTLING_FOUR_FAMILIES"] = Source(
    "AWS, Troubleshooting throttling in Amazon DynamoDB",
    _DATE_ROUND3,
    _DEV_GUIDE + "TroubleshootingThrottling.html",
    quote="Key range throughput exceeded (in both modes): Consumption directed at specific partitions exceeds the "
    "internal partition-level throughput limits.",
)
SOURCES["EVERY_REASON_HAS_A_METRIC"] = Source(
    "AWS, Troubleshooting throttling in Amazon DynamoDB (the diagnosis reads a throttle without its reason metric "
    "as unknown, never as 'no reason')",
    _DATE_ROUND3,
    _DEV_GUIDE + "TroubleshootingThrottling.html",
    quote="Each reason for throttling corresponds to specific CloudWatch metrics that provide additional insights "
    "into the frequency and patterns of throttling events.",
)
SOURCES["FIVE_MINUTE_AGGREGATION"] = Source(
    "AWS, DynamoDB metrics and dimensions: the one-minute list (throttle events, consumed capacity, "
    "ThrottledRequests, ...) leaves out Provisioned*CapacityUnits, which the readers carry forward between "
    "five-minute points",
    _DATE_ROUND3,
    _DEV_GUIDE + "metrics-dimensions.html",
    quote="For all other DynamoDB metrics, the aggregation granularity is five minutes.",
)
SOURCES["ONLINE_INDEX_THROTTLE_EVENTS"] = Source(
    "AWS, DynamoDB metrics and dimensions: OnlineIndexThrottleEvents (wording read in the copy of AWS's metric "
    "descriptions that Pulumi's awsx reference carries)",
    "2026-12-03",
    _DEV_GUIDE + "metrics-dimensions.html",
    quote="These events indicate that the index creation will take longer to complete, because incoming write "
    "activity is exceeding the provisioned write throughput of the index. You can adjust the write capacity of the "
    "index using the UpdateTable operation, even while the index is still being built.",
)
SOURCES["BACKFILL_SHARES_INDEX_WRITES"] = Source(
    "AWS, Managing global secondary indexes in DynamoDB (read in the Japanese edition of the page; the English "
    "sentence as AWS gives it)",
    "2026-12-03",
    _DEV_GUIDE + "GSI.OnlineOps.html",
    quote="The backfill operation and ongoing write operations share the write throughput in the global secondary index.",
)
SOURCES["CONTRIBUTOR_INSIGHTS_PLAINTEXT"] = Source(
    "AWS, DynamoDB API reference, UpdateContributorInsights",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateContributorInsights.html",
    quote="CloudWatch Contributor Insights for DynamoDB graphs display the partition key and (if applicable) sort key of "
    "frequently accessed items and frequently throttled items in plaintext.",
)
SOURCES["FIVE_MINUTE_AGGREGATION_NOTE"] = Source(
    "AWS, DynamoDB metrics and dimensions: the metrics aggregated at one-minute intervals",
    _DATE_ROUND3,
    _DEV_GUIDE + "metrics-dimensions.html",
    quote="Amazon CloudWatch aggregates these metrics at one-minute intervals:",
)
SOURCES["CLOUDWATCH_ONE_MINUTE_RETENTION"] = Source(
    "AWS, Amazon CloudWatch concepts: metric retention",
    "2026-12-04",
    "https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_concepts.html",
    quote="Data points with a period of 60 seconds (1-minute) are available for 15 days.",
)
SOURCES["INSIGHT_REPORT_STATISTICS"] = Source(
    "AWS, CloudWatch Contributor Insights for DynamoDB: how it works (the report's statistics; the diagnosis takes "
    "a key's share against the consumed-capacity metrics instead)",
    "2026-12-04",
    _DEV_GUIDE + "contributorinsights_HowItWorks.html",
    quote="When you use the GetInsightRuleReport operation with CloudWatch Contributor Insights rules that are created "
    "by DynamoDB, only MaxContributorValue and Maximum return useful statistics.",
)
SOURCES["INSIGHT_25_CONTRIBUTORS"] = Source(
    "AWS, CloudWatch Contributor Insights for DynamoDB: how it works (fetch asks for 25 contributors)",
    "2026-12-04",
    _DEV_GUIDE + "contributorinsights_HowItWorks.html",
    quote="CloudWatch Contributor Insights for DynamoDB has a limit of 25 contributors.",
)
SOURCES["CLOUDTRAIL_DATA_EVENTS"] = Source(
    "AWS CloudTrail user guide, Logging data events (DynamoDB's item-level calls are data events; chapter 16 names "
    "them as another record of each request)",
    "2026-12-04",
    "https://docs.aws.amazon.com/awscloudtrail/latest/userguide/logging-data-events-with-cloudtrail.html",
    quote="By default, trails and event data stores do not log data events. Additional charges apply for data events.",
)
SOURCES["BILLING_MODE_SUMMARY_MAY_BE_ABSENT"] = Source(
    "AWS, DynamoDB API reference, BillingModeSummary (the same sentence in the SDK for JavaScript v3 reference)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BillingModeSummary.html",
    quote="You may need to switch to on-demand mode at least once in order to return a BillingModeSummary response.",
)
SOURCES["THROTTLING_KEY_RANGE_BOTH_MODES"] = Source(
    "AWS, DynamoDB throttling resolution guide",
    _DATE_ROUND3,
    _DEV_GUIDE + "troubleshooting-throttling-diagnostics.html",
    quote="These throttling reasons occur when individual partitions exceed their throughput limits, affecting both "
    "provisioned and on-demand modes:",
)
SOURCES["THROTTLING_REASON_ACCOUNT_LIMIT"] = Source(
    "AWS, DynamoDB API reference, ThrottlingReason",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html",
    quote="AccountLimitExceeded: The request rate has caused a table or global secondary index (GSI) in on-demand "
    "mode to exceed the per-table account-level service quotas for read/write throughput in the current AWS Region.",
)
SOURCES["THROTTLING_REASON_MAX_ON_DEMAND"] = Source(
    "AWS, DynamoDB API reference, ThrottlingReason",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html",
    quote="MaxOnDemandThroughputExceeded: The request rate has exceeded the configured maximum throughput limits set "
    "for a table or index in on-demand capacity mode.",
)
SOURCES["THROTTLING_REASON_PROVISIONED"] = Source(
    "AWS, DynamoDB API reference, ThrottlingReason",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html",
    quote="ProvisionedThroughputExceeded: The request rate is exceeding the provisioned throughput capacity (read or "
    "write capacity units) configured for a table or a global secondary index (GSI) in provisioned capacity mode.",
)
SOURCES["HOT_PARTITION_EXCEPTIONS_000"] = Source(
    "000 「ホットパーティションとは」",
    _DATE_ROUND3,
    quote="返る例外はキャパシティモードで違い、プロビジョンドモードでは ProvisionedThroughputExceededException、"
    "オンデマンドモードでは ThrottlingException になる。",
)
SOURCES["WARM_THROUGHPUT"] = Source(
    "AWS, Understanding DynamoDB warm throughput",
    _DATE_ROUND3,
    _DEV_GUIDE + "warm-throughput.html",
    quote="Warm throughput refers to the number of read and write operations your DynamoDB table can instantaneously support.",
)
SOURCES["PRE_WARMING"] = Source(
    "AWS, Understanding DynamoDB warm throughput",
    _DATE_ROUND3,
    _DEV_GUIDE + "warm-throughput.html",
    quote="This process is referred to as pre-warming a table, allowing you to set a baseline that your tables can "
    "instantly support.",
)
SOURCES["SWITCHED_TABLE_PEAK"] = Source(
    "AWS Knowledge Center, Why is my on-demand DynamoDB table being throttled? (current version)",
    _DATE_ROUND3,
    "https://www.repost.aws/knowledge-center/on-demand-table-throttling-dynamodb",
    quote="For an existing table that you switched to on-demand capacity mode, the previous peak is one of the "
    "following values:…Half the previous provisioned throughput for the table",
)
SOURCES["SWITCHED_TABLE_PEAK_EARLIER"] = Source(
    "AWS, DynamoDB Developer Guide, Read/write capacity mode (an earlier version, kept in AWS's archived "
    "awsdocs/amazon-dynamodb-developer-guide repository, doc_source/HowItWorks.ReadWriteCapacityMode.md)",
    _DATE_ROUND3,
    "https://github.com/awsdocs/amazon-dynamodb-developer-guide/blob/master/doc_source/HowItWorks.ReadWriteCapacityMode.md",
    quote="Existing table switched to on-demand capacity mode: The previous peak is half the maximum write capacity "
    "units and read capacity units provisioned since the table was created, or the settings for a newly created "
    "table with on-demand capacity mode, whichever is higher.",
)
SOURCES["SWITCHED_TABLE_PRE_WARMED"] = Source(
    "AWS, DynamoDB developer guide (Japanese edition), オンデマンドキャパシティモードのテーブルの事前ウォーミング, the last "
    "step of pre-warming: a table whose provisioned write throughput was raised to the peak, then switched to "
    "on-demand (the English page's sentence was not retrievable, so the quote is the Japanese edition's)",
    _DATE_TURN11,
    "https://docs.aws.amazon.com/ja_jp/amazondynamodb/latest/developerguide/pre-warming-on-demand-capacity-mode.html",
    quote="オンデマンドキャパシティモードに切り替えます。これにより、テーブルはプロビジョニングされたスループットキャパシティ値と同様の数の"
    "リクエストを処理できるようになります。",
)
SOURCES["INSIGHT_DEFAULT_CONTRIBUTORS"] = Source(
    "AWS, Amazon CloudWatch API Reference, GetInsightRuleReport, MaxContributorCount",
    _DATE_TURN11,
    "https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html",
    quote="The maximum number of contributors to include in the report. The range is 1 to 100. If you omit this, the "
    "default of 10 is used.",
)
SOURCES["ON_DEMAND_SWITCHES_PER_DAY"] = Source(
    "AWS, Considerations when switching capacity modes in DynamoDB",
    _DATE_ROUND3,
    _DEV_GUIDE + "switching.capacitymode.html",
    quote="You can switch tables from provisioned capacity mode to on-demand mode up to four times in a 24-hour "
    "rolling window. You can switch tables from on-demand mode to provisioned capacity mode at any time.",
)
SOURCES["SPLIT_FOR_HEAT_SHORT_THROTTLING"] = Source(
    "AWS, DynamoDB developer guide (Japanese edition), 1- キー範囲スループットの超過 (ホットパーティション): "
    "キー範囲スループット超過の緩和策 (a short throttling that stops may mean the table has already adapted)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/ja_jp/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html",
    quote="短期間後に停止するスロットリングイベントが表示される場合は、ホットパーティションを分割してテーブルが既に適応している"
    "可能性があります。",
)
SOURCES["PARTITION_LIMITS_TABLE_AND_GSI"] = Source(
    "AWS, DynamoDB throttling: 1- Key range throughput exceeded (hot partitions)",
    _DATE_ROUND3,
    _DEV_GUIDE + "throttling-key-range-limit-exceeded-mitigation.html",
    quote="Amazon DynamoDB enforces specific throughput limits at the partition level for both table and global "
    "secondary index (GSI).",
)
SOURCES["BURST_PROVISIONED_MODE"] = Source(
    "AWS Knowledge Center, How does DynamoDB handle spiky workloads in short intervals? (burst is described for "
    "provisioned mode; the page's on-demand paragraph speaks of the previous peak instead)",
    _DATE_ROUND3,
    "https://repost.aws/knowledge-center/dynamodb-spiky-workloads-short-intervals",
    quote="When you use provisioned mode, DynamoDB provides a degree of flexibility in your per-partition throughput "
    "provisioning by providing burst capacity.",
)
SOURCES["BURST_PARTITION_LIMIT_COMBINATION"] = Source(
    "AWS Knowledge Center, How does DynamoDB handle spiky workloads in short intervals? (the partition limits worded "
    "as a combination of reads and writes)",
    _DATE_ROUND3,
    "https://repost.aws/knowledge-center/dynamodb-spiky-workloads-short-intervals",
    quote="If a resulting hot partition exceeds the per partition limits of 3,000 RCU or 1,000 WCU per second, or a "
    "combination of both, your table throttles.",
)
SOURCES["ADAPTIVE_READS_WRITES_MANAGED_INDEPENDENTLY"] = Source(
    "AWS, DynamoDB burst and adaptive capacity: adaptive capacity (the English original of 002's sentence)",
    _DATE_ROUND3,
    _DEV_GUIDE + "burst-adaptive-capacity.html",
    quote="Because read and write operations on a partition are managed independently, throttling will occur if a "
    "single partition receives more than 3000 read operation or more than 1000 write operations.",
)
SOURCES["PRE_WARMING_CHARGED"] = Source(
    "AWS, DynamoDB developer guide (Japanese edition), DynamoDB ウォームスループットについて (pre-warming is billed)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/ja_jp/amazondynamodb/latest/developerguide/warm-throughput.html",
    quote="ただし、これらのデフォルトのウォームスループット値をプロアクティブに増やしてテーブルを事前ウォーミングすると、"
    "それらのリクエストに対して課金されます。",
)
SOURCES["PRE_WARMING_CANNOT_DECREASE"] = Source(
    "AWS, DynamoDB developer guide (Japanese edition), DynamoDB ウォームスループットについて (a raise is final)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/ja_jp/amazondynamodb/latest/developerguide/warm-throughput.html",
    quote="一度増やすと、ウォームスループット値を減らすことはできません。",
)
SOURCES["PRE_WARMING_TAKES_TIME"] = Source(
    "AWS, DynamoDB developer guide (Japanese edition), DynamoDB ウォームスループットについて (pre-warming is not instant)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/ja_jp/amazondynamodb/latest/developerguide/warm-throughput.html",
    quote="事前ウォーミングを完了する時間は、設定した値と、テーブルまたはインデックスのサイズによって異なります。",
)
SOURCES["ADAPTIVE_AFTER_THROTTLING_002"] = Source(
    "002 「スループットキャパシティを高トラフィックのパーティションに増加させる」 (AWS's narrative of its own example: "
    "burst first, throttling, then adaptive capacity)",
    _DATE_ROUND3,
    "",
    "このホットパーティションは、未使用のバーストキャパシティがある場合でも書き込みトラフィックを受け入ることができます。"
    "しかし、最終的には 1 秒間に 100 WCU を超えるトラフィックのスロットリングとなります。"
    "DynamoDB アダプティブキャパシティはパーティション 4 の容量を増大して応答する",
)
SOURCES["CONSUMED_TABLE_DIMENSION_TABLE_ONLY"] = Source(
    "AWS, DynamoDB metrics and dimensions: ConsumedWriteCapacityUnits (the table dimension leaves the indexes out; "
    "read in a copy of the page's Markdown source)",
    _DATE_ROUND3,
    _DEV_GUIDE + "metrics-dimensions.html",
    quote="The TableName dimension returns the ConsumedWriteCapacityUnits for the table, but not for any global "
    "secondary indexes.",
)
# Chapters 7 and 9, third review (issue 37): the English page's "instantly", splits take minutes, DAX when the writer
# bypasses it, stream records (one per change, ordered per shard), Lambda's payload limit, tumbling windows, filtering.
SOURCES["ADAPTIVE_INSTANT_EN"] = Source(
    "AWS, DynamoDB developer guide, Best practices for designing and using partition keys effectively, in the "
    "awsdocs/amazon-dynamodb-developer-guide copy from the update of 2019-07-02 (commit 53f0682) to the archive's "
    "last one of 2023-06-15 (the English original of 002's 自動的かつ瞬時に; the live page no longer has "
    "'instantly': SOURCES['ADAPTIVE_AUTOMATIC_EN'])",
    _DATE_CH08_R4,
    "https://github.com/awsdocs/amazon-dynamodb-developer-guide/blob/53f0682fdf81f0cf792a3673bd61af12fc2cd4c5/"
    "doc_source/bp-partition-key-design.md",
    quote="Adaptive capacity works by automatically and instantly increasing throughput capacity for partitions that "
    "receive more traffic.",
)
SOURCES["ADAPTIVE_AUTOMATIC_EN"] = Source(
    "AWS, DynamoDB burst and adaptive capacity: adaptive capacity (the live English page, which says "
    "'automatically' and no longer 'instantly')",
    _DATE_CH08_R4,
    _DEV_GUIDE + "burst-adaptive-capacity.html",
    quote="Adaptive capacity works by automatically increasing throughput capacity for partitions that receive more traffic.",
)
SOURCES["ADAPTIVE_AUTOMATIC_2019"] = Source(
    "AWS, DynamoDB developer guide, Best practices for designing and using partition keys effectively, in the "
    "awsdocs/amazon-dynamodb-developer-guide copy as updated on 2019-05-23 (commit 31bf01c); the update of "
    "2019-07-02 (commit 53f0682) reads 'automatically and instantly'",
    _DATE_ROUND3,
    "https://github.com/awsdocs/amazon-dynamodb-developer-guide/blob/31bf01c67c21c6a7fb826ed0aa1c8954f44ad42a/"
    "doc_source/bp-partition-key-design.md",
    quote="Adaptive capacity works by automatically increasing throughput capacity for partitions that receive more traffic.",
)
SOURCES["SPLIT_TOO_SLOW_FOR_SPIKES_000"] = Source(
    "000 「DynamoDB のアダプティブキャパシティ」",
    _DATE_ROUND3,
    "",
    "偏りが継続すれば観測に基づいてパーティションが分割されることもあるが、これは時間をかけた調整であり、突発的なスパイクには間に合わない。",
)
SOURCES["SPLIT_TAKES_MINUTES"] = Source(
    "Elhemali et al., Amazon DynamoDB, USENIX ATC 2022, section 4.4 (splitting for consumption)",
    _DATE_ROUND3,
    "https://www.usenix.org/system/files/atc22-elhemali.pdf",
    "Partition splits usually complete in the order of minutes.",
)
SOURCES["DAX_WRITE_AROUND_STALE"] = Source(
    "AWS, DAX and DynamoDB consistency models: DAX item cache behavior (write consistency)",
    _DATE_ROUND3,
    _DEV_GUIDE + "DAX.consistency.html",
    "When you write an item, DAX ensures that the cached item is synchronized with the item as it exists in "
    "DynamoDB. … However, if other applications write directly to a DynamoDB table, the item in the DAX item cache "
    "is no longer in sync with DynamoDB.",
)
SOURCES["DAX_DEFAULT_TTL_5_MIN"] = Source(
    "AWS, Managing DAX clusters: configuring TTL settings",
    _DATE_ROUND3,
    _DEV_GUIDE + "DAX.cluster-management.html",
    "The default TTL for each of these caches is 5 minutes.",
)
SOURCES["STREAMS_RECORD_PER_CHANGE"] = Source(
    "AWS, Change data capture for DynamoDB Streams",
    _DATE_ROUND3,
    _DEV_GUIDE + "Streams.html",
    "Whenever an application creates, updates, or deletes items in the table, DynamoDB Streams writes a stream "
    "record with the primary key attribute(s) of the items that were modified.",
)
SOURCES["STREAMS_NO_RECORD_IF_UNCHANGED"] = Source(
    "AWS, Change data capture for DynamoDB Streams (note)",
    _DATE_ROUND3,
    _DEV_GUIDE + "Streams.html",
    "If you perform a PutItem or UpdateItem operation that does not change any data in an item, DynamoDB Streams "
    "does not write a stream record for that operation.",
)
SOURCES["STREAMS_SEQUENCE_PER_SHARD"] = Source(
    "AWS, Change data capture for DynamoDB Streams: reading and processing a stream",
    _DATE_ROUND3,
    _DEV_GUIDE + "Streams.html",
    "Each stream record is assigned a sequence number, reflecting the order in which the record was published to "
    "the stream. Stream records are organized into groups, or shards.",
)
SOURCES["STREAMS_MAX_PAYLOAD_BYTES"] = Source(
    "AWS Lambda Developer Guide, Using AWS Lambda with Amazon DynamoDB: Polling and batching streams (6 MB taken as "
    "6,000,000 bytes)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html",
    "Before invoking the function, Lambda continues to read records from the event source until it has gathered a "
    "full batch, the batching window expires, or the batch reaches the payload limit of 6 MB.",
)
SOURCES["LAMBDA_TUMBLING_WINDOWS"] = Source(
    "AWS Lambda Developer Guide, Using time windows with DynamoDB (tumbling windows)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-windows.html",
    "However, with tumbling windows, you can maintain your state across invocations. This state contains the "
    "aggregate result of the messages previously processed for the current window. Your state can be a maximum of "
    "1 MB per shard.",
)
SOURCES["LAMBDA_EVENT_FILTERING_DDB"] = Source(
    "AWS Lambda Developer Guide, Using event filtering with a DynamoDB event source",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/lambda/latest/dg/with-ddb-filtering.html",
    "You can use event filtering to control which records from a stream or queue Lambda sends to your function.",
)
# --- sources: key design and skew (chapters 2-4)
#: Most data one Query call reads before it returns a page (1 MB), bytes; the limit applies before any filter.
QUERY_PAGE_MAX_BYTES: Final[int] = 1024 * 1024
__all__ += ["QUERY_PAGE_MAX_BYTES"]  # hotpart.models.item_collections uses it
SOURCES["DYNAMODB_BINARY_SIZE_UNITS"] = Source(
    "AWS, Constraints in Amazon DynamoDB (the note at the top): the 10 GB item-collection limit and the 1 MB Query "
    "page are binary units (hotpart.models.item_collections' item_collection_gb, days_to_collection_limit, "
    "QUERY_PAGE_MAX_BYTES)",
    _DATE_ROUND3,
    _DEV_GUIDE + "Constraints.html",
    "All size measurements in DynamoDB use binary-based units. DynamoDB denotes 1 KB = 1024 bytes, 1 MB = 1024 KB, "
    "1 GB = 1024 MB, 1 TB = 1024 GB.",
)
SOURCES["PARTITION_KEY_HASHED"] = Source(
    "001 「DynamoDBのデータ分散の仕組み」",
    _DATE_ROUND3,
    "",
    "DynamoDBはパーティションキーのハッシュ値によってデータを複数のパーティションに分散する。",
)
SOURCES["DATE_KEY_HOT_TODAY"] = Source(
    "000 「日付をパーティションキーにする」",
    _DATE_ROUND3,
    "",
    "IoT データやログの蓄積で日付をパーティションキーにすると、常に「今日」のパーティションがホットになる。",
)
SOURCES["LOW_CARDINALITY_KEY"] = Source(
    "000 「ステータスをパーティションキーにする」; 001 「ホットパーティション問題」",
    _DATE_ROUND3,
    "",
    "カーディナリティ (値の種類数) が低いキーは、特定の値にデータが偏る。…全レコードが2パーティションに集中",
)
SOURCES["TIME_SALE_SPIKE"] = Source(
    "000 「人気商品の ID」",
    _DATE_ROUND3,
    "",
    "通常時は問題なくても、タイムセール開始時にスパイクが発生する。",
)
SOURCES["ITEM_COLLECTION_SPLIT"] = Source(
    "002 「アクセス頻度の高い項目を分離する」",
    _DATE_ROUND3,
    "",
    "ソートキーの単調な増減によって追跡されるトラフィックが項目のコレクションでない限り、項目のコレクションをソートキー別に"
    "セグメントに分割することもできます。…アダプティブキャパシティでは、テーブルにローカルセカンダリインデックスがある場合、"
    "テーブルの複数のパーティション間で項目コレクションを分割しません。",
)
SOURCES["ONE_ITEM_PARTITION_MAX"] = Source(
    "002 「アクセス頻度の高い項目を分離する」",
    _DATE_ROUND3,
    "",
    "この場合、DynamoDB では、単一項目のプライマリキーに対して、最大 3,000 RCU および 1,000 WCU のパーティションのスループットを"
    "提供できます。",
)
SOURCES["QUERY_TOTAL_SIZE_ROUNDED"] = Source(
    "AWS, DynamoDB read and write operations: capacity unit consumption for read operations (Query)",
    _DATE_READ,
    _DEV_GUIDE + "read-write-operations.html",
    "All items returned are treated as a single read operation, where DynamoDB computes the total size of all items",
)
SOURCES["QUERY_EVENTUALLY_CONSISTENT_BY_DEFAULT"] = Source(
    "AWS, DynamoDB API Reference, Query: ConsistentRead",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html",
    "Determines the read consistency model: If set to true, then the operation uses strongly consistent reads; "
    "otherwise, the operation uses eventually consistent reads.",
)
SOURCES["QUERY_PAGE_MAX_BYTES"] = Source(
    "AWS, Filter expressions for the Query operation in DynamoDB",
    _DATE_ROUND3,
    _DEV_GUIDE + "Query.FilterExpression.html",
    "A Query operation can retrieve a maximum of 1 MB of data. This limit applies before the filter expression is evaluated.",
)
SOURCES["FILTER_DOES_NOT_SAVE_READS"] = Source(
    "AWS, Filter expressions for the Query operation in DynamoDB",
    _DATE_ROUND3,
    _DEV_GUIDE + "Query.FilterExpression.html",
    "A filter expression is applied after a Query finishes, but before the results are returned. Therefore, a Query "
    "consumes the same amount of read capacity, regardless of whether a filter expression is present.",
)
SOURCES["TIME_SERIES_TABLE_PER_PERIOD"] = Source(
    "AWS, Best practices for handling time series data in DynamoDB",
    _DATE_READ,
    _DEV_GUIDE + "bp-time-series.html",
    "However, for time series data, you can often best handle it by using one table per application per period. … "
    "Create one table per period, provisioned with the required read and write capacity and the required indexes. … "
    "As soon as a table is no longer being written to, reduce its provisioned write capacity to a lower value "
    "(for example, 1 WCU), and provision whatever read capacity is appropriate.",
)
SOURCES["ITEM_COLLECTION_LIMIT_ONLY_WITH_LSI"] = Source(
    "AWS, Local secondary indexes: item collection size limit",
    _DATE_READ,
    _DEV_GUIDE + "LSI.html",
    "The maximum size of any item collection for a table which has one or more local secondary indexes is 10 GB. "
    "This does not apply to item collections in tables without local secondary indexes, and also does not apply to "
    "item collections in global secondary indexes.",
)
SOURCES["TIME_SERIES_KEY"] = Source(
    "001 「時系列データのキー設計」",
    _DATE_ROUND3,
    "",
    "✅ 良い例: 高カーディナリティのIDをPKにして時刻をSKに",
)
SOURCES["ITEM_COLLECTION_SIZE_INCLUDES_LSI"] = Source(
    "Amazon DynamoDB API Reference, ItemCollectionMetrics: SizeEstimateRangeGB (the same text in botocore 1.44.8's "
    "service model)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ItemCollectionMetrics.html",
    "The estimate includes the size of all the items in the table, plus the size of all attributes projected into all "
    "of the local secondary indexes on that table. Use this estimate to measure whether a local secondary index is "
    "approaching its size limit.",
)
# chapter 4, round-4 review (4.1, 4.2): what reaching the item-collection limit does, and its early warning
SOURCES["ITEM_COLLECTION_LIMIT_WRITES_FAIL"] = Source(
    "botocore 1.44.8's DynamoDB service model (the installed one): ItemCollectionSizeLimitExceededException, the "
    "error a write to a full item collection gets",
    "2026-12-06",
    "https://github.com/boto/botocore/blob/develop/botocore/data/dynamodb/2012-08-10/service-2.json",
    "An item collection is too large. This exception is only returned for tables that have one or more local secondary indexes.",
)
SOURCES["RETURN_ITEM_COLLECTION_METRICS_SIZE"] = Source(
    "botocore 1.44.8's DynamoDB service model (the installed one): PutItem's ReturnItemCollectionMetrics (the same "
    "text for UpdateItem and DeleteItem)",
    "2026-12-06",
    "https://github.com/boto/botocore/blob/develop/botocore/data/dynamodb/2012-08-10/service-2.json",
    "Determines whether item collection metrics are returned. If set to SIZE, the response includes statistics about "
    "item collections, if any, that were modified during the operation are returned in the response.",
)
# chapter 4 (turn 3's missed point): with status in the sort key, a Query names one user; all users of a status
# take an index keyed by status or a Scan
SOURCES["QUERY_ONE_PARTITION_KEY_VALUE"] = Source(
    "Amazon DynamoDB API Reference, Query: KeyConditionExpression (the same text in botocore 1.44.8's service model)",
    "2026-12-06",
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html",
    "The condition must perform an equality test on a single partition key value.",
)
SOURCES["SCAN_READS_EVERY_ITEM"] = Source(
    "Amazon DynamoDB API Reference, Scan (the same text in botocore 1.44.8's service model)",
    "2026-12-06",
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Scan.html",
    "The Scan operation returns one or more items and item attributes by accessing every item in a table or a secondary index.",
)
SOURCES["GSI_MULTI_ATTRIBUTE_KEYS"] = Source(
    "AWS, Multi-attribute keys pattern (global secondary indexes; announced in November 2025)",
    _DATE_ROUND3,
    _DEV_GUIDE + "GSI.DesignPattern.MultiAttributeKeys.html",
    "Multi-attribute keys allow you to create Global Secondary Index (GSI) partition and sort keys composed of up to "
    "four attributes each. … Multi-attribute keys solve this problem for GSIs. You define your GSI partition key using "
    "multiple existing attributes like tournamentId and region. DynamoDB handles the composite key logic "
    "automatically, hashing them together for data distribution.",
)
SOURCES["QUERY_EMPTY_MIN_UNITS"] = Source(
    "Amazon DynamoDB API Reference, Query (the same text in botocore 1.44.8's service model)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html",
    "A Query operation always returns a result set. If no matching items are found, the result set will be empty. "
    "Queries that do not return results consume the minimum number of read capacity units for that type of read "
    "operation.",
)
# Chapters 1-2, round 3: what kept partitions cost, a provisioned table's warm throughput, the table-level bound.
_SPLIT_FOR_HEAT_BLOG = (
    "https://aws.amazon.com/blogs/database/part-3-scaling-dynamodb-how-partitions-hot-keys-and-split-for-heat-impact-performance/"
)
SOURCES["PARTITIONS_MORE_THAN_NECESSARY_COST"] = Source(
    "AWS Database Blog, Scaling DynamoDB: How partitions, hot keys, and split for heat impact performance (Part 3), "
    "the paragraph after 'only split, never merged'",
    _DATE_ROUND3,
    _SPLIT_FOR_HEAT_BLOG,
    quote="That said, having more partitions than necessary will reduce the efficiency (in latency and cost) of the "
    "table, for example by potentially requiring more partitions to be traversed to generate Query and Scan results. "
    "So, it’s best not to provision above anticipated needs.",
)
SOURCES["PRE_WARM_PROVISIONED_THEN_SWITCH"] = Source(
    "AWS Database Blog, Scaling DynamoDB: How partitions, hot keys, and split for heat impact performance (Part 3)",
    _DATE_ROUND3,
    _SPLIT_FOR_HEAT_BLOG,
    quote="A table provisioned to a high capacity then to a lower capacity, or switched to on-demand mode, will keep "
    "its partitions. When you anticipate heavy traffic to a new on-demand table, it’s best to pre-warm the table by "
    "creating the table provisioned at the necessary capacity, and then switch it to on-demand.",
)
SOURCES["WARM_THROUGHPUT_FROM_HISTORY"] = Source(
    "AWS, Understanding DynamoDB warm throughput",
    _DATE_ROUND3,
    _DEV_GUIDE + "warm-throughput.html",
    quote="These values are available by default for all tables and global secondary indexes (GSI) and represent how "
    "much they have scaled based on historical usage.",
)
SOURCES["WARM_THROUGHPUT_PROVISIONED_SCENARIO"] = Source(
    "AWS, Understanding DynamoDB warm throughput in different scenarios: warm throughput for a provisioned table",
    _DATE_ROUND3,
    _DEV_GUIDE + "warm-throughput-scenarios.html",
    quote="Consider a provisioned table that has a warm throughput of 30,000 read units per second and 10,000 write "
    "units per second but currently has a provisioned throughput of 4,000 RCU and 8,000 WCU. You can instantly scale "
    "the table's provisioned throughput up to 30,000 RCU or 10,000 WCU by updating your provisioned throughput "
    "settings. As you increase the provisioned throughput beyond these values, the warm throughput will automatically "
    "adjust to the new higher values",
)
SOURCES["BOTOCORE_THROTTLING_CLASSES_ALIKE"] = Source(
    "botocore documentation, DynamoDB client exceptions: ProvisionedThroughputExceededException (ThrottlingException "
    "opens with the same two sentences; in botocore 1.44.8's service model GetItem, PutItem and Query each list both "
    "classes, and RequestLimitExceeded, among their errors)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/botocore/latest/reference/services/dynamodb/client/exceptions/"
    "ProvisionedThroughputExceededException.html",
    quote="The request was denied due to request throttling. For detailed information about why the request was "
    "throttled and the ARN of the impacted resource, find the ThrottlingReason field in the returned exception.",
)
SOURCES["HOT_PARTITION_PTEE_ON_DEMAND"] = Source(
    "aws-samples/sample-collaborative-ai-dlc, pull request #443 (2026-09-08, closed): a client of an on-demand table "
    "reports the 'provisioned' exception class for what it diagnosed as a hot partition (the report shows no "
    "throttling reason)",
    _DATE_ROUND3,
    "https://github.com/aws-samples/sample-collaborative-ai-dlc/pull/443",
    quote="ProvisionedThroughputExceededException: The level of configured provisioned throughput for the table was "
    "exceeded. … Reads hit a single hot partition on `collaborative-ai-dlc-v2-executions` (`pk = EXEC#<intentId>`) "
    "whenever the intent-view page polls a live intent. The table is on `PAY_PER_REQUEST` for non-prod environments",
)
SOURCES["ON_DEMAND_TABLE_QUOTA_BOUND"] = Source(
    "AWS, DynamoDB maximum throughput for on-demand tables",
    _DATE_ROUND3,
    _DEV_GUIDE + "on-demand-capacity-mode-max-throughput.html",
    quote="By default, maximum throughput settings don’t apply and your on-demand throughput rate is bounded by 40,000 "
    "table-level read and write throughput AWS service quota for all tables in the account. If needed, you can "
    "request an increase to your service quota.",
)
# --- sources: write sharding and fan-out (chapters 5-7)

# Lambda's stream polling and BatchGetItem: published limits the aggregation and fan-out models use.
_LAMBDA_DDB = "https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html"
_LAMBDA_DDB_PARAMS = "https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-params.html"
_BATCH_GET = "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchGetItem.html"

#: Lambda polls each DynamoDB stream shard for records this many times per second (base rate).
STREAMS_POLLS_PER_S: Final[float] = 4.0
#: Largest MaximumBatchingWindowInSeconds of a Lambda event source mapping, seconds (5 minutes).
STREAMS_MAX_BATCH_WINDOW_S: Final[float] = 300.0
#: Largest BatchSize of a Lambda event source mapping on a DynamoDB stream, records.
STREAMS_MAX_BATCH_SIZE: Final[int] = 10_000
#: Largest ParallelizationFactor: concurrent batches Lambda processes from one stream shard.
STREAMS_MAX_PARALLELIZATION: Final[int] = 10
#: BatchGetItem returns at most this many items per call.
BATCH_GET_MAX_ITEMS: Final[int] = 100
#: BatchGetItem returns at most this many bytes per call (16 MB).
BATCH_GET_MAX_BYTES: Final[int] = 16 * 1024 * 1024

SOURCES["STREAMS_POLLS_PER_S"] = Source(
    "AWS Lambda Developer Guide, Using AWS Lambda with Amazon DynamoDB: Polling and batching streams",
    _DATE_ROUND3,
    _LAMBDA_DDB,
    "Lambda polls shards in your DynamoDB stream for records at a base rate of 4 times per second.",
)
SOURCES["STREAMS_MAX_BATCH_WINDOW_S"] = Source(
    "AWS Lambda Developer Guide, Using AWS Lambda with Amazon DynamoDB: Polling and batching streams",
    _DATE_ROUND3,
    _LAMBDA_DDB,
    "To avoid invoking the function with a small number of records, you can tell the event source to buffer "
    "records for up to 5 minutes by configuring a batching window. Before invoking the function, Lambda continues "
    "to read records from the event source until it has gathered a full batch, the batching window expires, or "
    "the batch reaches the payload limit of 6 MB.",
)
SOURCES["STREAMS_MAX_BATCH_SIZE"] = Source(
    "AWS Lambda Developer Guide, Lambda parameters for Amazon DynamoDB event source mappings (table row BatchSize)",
    _DATE_ROUND3,
    _LAMBDA_DDB_PARAMS,
    "BatchSize | N | 100 | Maximum: 10,000",
)
SOURCES["STREAMS_MAX_PARALLELIZATION"] = Source(
    "AWS Lambda Developer Guide, Using AWS Lambda with Amazon DynamoDB: Polling and batching streams",
    _DATE_ROUND3,
    _LAMBDA_DDB,
    "You can specify the number of concurrent batches that Lambda polls from a shard via a parallelization factor "
    "from 1 (default) to 10. … When you increase the number of concurrent batches per shard, Lambda still ensures "
    "in-order processing at the item (partition and sort key) level.",
)
SOURCES["BATCH_GET_MAX_ITEMS"] = Source(
    "Amazon DynamoDB API Reference, BatchGetItem",
    _DATE_ROUND3,
    _BATCH_GET,
    "A single operation can retrieve up to 16 MB of data, which can contain as many as 100 items. … If a partial "
    "result is returned, the operation returns a value for UnprocessedKeys.",
)
SOURCES["BATCH_GET_MAX_BYTES"] = SOURCES["BATCH_GET_MAX_ITEMS"]
# chapters 6 and 7, round-4 review (6.2, 7.2, 7.4): which replica serves a read, what an eventually consistent read
# may miss, and how long a failing batch holds a stream shard
SOURCES["LEADER_SERVES_STRONG_READS"] = Source(
    "Elhemali et al., Amazon DynamoDB, USENIX ATC 2022, section 3 (Architecture): a partition's replication group",
    "2026-12-06",
    "https://www.usenix.org/system/files/atc22-elhemali.pdf",
    "Only the leader replica can serve write and strongly consistent read requests. … Any replica of the replication "
    "group can serve eventually consistent reads.",
)
SOURCES["EVENTUAL_MAY_MISS_RECENT_WRITE"] = Source(
    "AWS, DynamoDB read consistency: Eventually consistent reads",
    "2026-12-06",
    _DEV_GUIDE + "HowItWorks.ReadConsistency.html",
    "When issuing eventually consistent reads to a DynamoDB table or an index, the responses may not reflect the "
    "results of a recently completed write operation.",
)
SOURCES["STREAMS_FAILED_BATCH_RETRIED_UNTIL_EXPIRY"] = Source(
    "AWS Lambda Developer Guide, Lambda parameters for Amazon DynamoDB event source mappings (table rows "
    "MaximumRecordAgeInSeconds, MaximumRetryAttempts, BisectBatchOnFunctionError, FunctionResponseTypes)",
    "2026-12-06",
    _LAMBDA_DDB_PARAMS,
    "MaximumRecordAgeInSeconds | N | -1 | -1 means infinite: failed records are retried until the record expires. "
    "The data retention limit for DynamoDB Streams is 24 hours. … MaximumRetryAttempts | N | -1 | -1 means "
    "infinite: failed records are retried until the record expires … BisectBatchOnFunctionError | N | false … To "
    "let your function report specific failures in a batch, include the value ReportBatchItemFailures in "
    "FunctionResponseTypes.",
)
# chapter 7, round-5 review (7.1, 7.4): partial batch responses move the checkpoint and retry from there; a
# transaction's writes are charged twice
SOURCES["LAMBDA_PARTIAL_BATCH_RETRIES_FROM_LOWEST"] = Source(
    "AWS Lambda Developer Guide, Configuring partial batch response with DynamoDB and Lambda (the same wording on "
    "its Kinesis twin, services-kinesis-batchfailurereporting)",
    "2026-12-06",
    "https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html",
    "When consuming and processing streaming data from an event source, by default Lambda checkpoints to the highest "
    "sequence number of a batch only when the batch is a complete success. Lambda treats all other results as a "
    "complete failure and retries processing the batch up to the retry limit. … If the batchItemFailures array "
    "contains multiple items, Lambda uses the record with the lowest sequence number as the checkpoint. Lambda then "
    "retries all records starting from that checkpoint.",
)
SOURCES["TRANSACTION_WRITES_TWICE"] = Source(
    "AWS, Amazon DynamoDB Transactions: How it works, Capacity management for transactions",
    "2026-12-06",
    _DEV_GUIDE + "transaction-apis.html",
    "There is no additional cost to enable transactions for your DynamoDB tables. You pay only for the reads or "
    "writes that are part of your transaction. DynamoDB performs two underlying reads or writes of every item in the "
    "transaction: one to prepare the transaction and one to commit the transaction.",
)
SOURCES["EVENTUAL_DEFAULT_ALL_READS"] = Source(
    "AWS, DynamoDB read consistency: Eventually consistent reads",
    _DATE_READ,
    _DEV_GUIDE + "HowItWorks.ReadConsistency.html",
    "Eventually consistent is the default read consistent model for all read operations.",
)
SOURCES["READ_DEFAULT_EVENTUAL"] = Source(
    "AWS, DynamoDB read and write operations: Capacity unit consumption for read operations (GetItem)",
    _DATE_ROUND3,
    _DEV_GUIDE + "read-write-operations.html",
    "This is the number of read units required if you specified a strongly consistent read. For an eventually "
    "consistent read, which is the default, divide this number by two.",
)
SOURCES["READ_MISSING_ITEM_COSTS"] = Source(
    "AWS, DynamoDB read and write operations: Capacity unit consumption for read operations (Important)",
    _DATE_ROUND3,
    _DEV_GUIDE + "read-write-operations.html",
    "If you perform a read operation on an item that doesn't exist, DynamoDB will still consume read throughput as "
    "outlined above.",
)
SOURCES["QUERY_SUMS_ITEM_SIZES"] = Source(
    "AWS, DynamoDB read and write operations: Capacity unit consumption for read operations (Query)",
    _DATE_READ,
    _DEV_GUIDE + "read-write-operations.html",
    "All items returned are treated as a single read operation, where DynamoDB computes the total size of all "
    "items. DynamoDB then rounds up the size to the next 4 KB boundary.",
)
SOURCES["BATCH_GET_PRICED_PER_ITEM"] = Source(
    "AWS, DynamoDB read and write operations: Capacity unit consumption for read operations (BatchGetItem)",
    _DATE_READ,
    _DEV_GUIDE + "read-write-operations.html",
    "DynamoDB processes each item in the batch as an individual GetItem request. DynamoDB first rounds up the size "
    "of each item to the next 4 KB boundary and then calculates the total size.",
)
SOURCES["BATCH_GET_PARALLEL"] = Source(
    "Amazon DynamoDB API Reference, BatchGetItem",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchGetItem.html",
    "By default, BatchGetItem performs eventually consistent reads on every table in the request. … In order to "
    "minimize response latency, BatchGetItem may retrieve items in parallel. … Requests for nonexistent items "
    "consume the minimum read capacity units according to the type of read.",
)
SOURCES["DAX_HOT_KEY_READS"] = Source(
    "AWS, In-memory acceleration with DynamoDB Accelerator (DAX)",
    _DATE_ROUND3,
    _DEV_GUIDE + "DAX.html",
    "DynamoDB Accelerator (DAX) delivers fast response times for accessing eventually consistent data. … For "
    "read-heavy or bursty workloads, DAX provides increased throughput and potential operational cost savings by "
    "reducing the need to overprovision read capacity units. This is especially beneficial for applications that "
    "require repeated reads for individual keys.",
)
SOURCES["DAX_STRONG_PASS_THROUGH"] = Source(
    "AWS, DAX: How it works (how DAX processes requests)",
    _DATE_READ,
    _DEV_GUIDE + "DAX.concepts.html",
    "If the request specifies strongly consistent reads, DAX passes the request through to DynamoDB. The results from "
    "DynamoDB are not cached in DAX.",
)
SOURCES["STREAMS_AT_LEAST_ONCE"] = Source(
    "AWS Lambda Developer Guide, Using AWS Lambda with Amazon DynamoDB: Polling and batching streams",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html",
    "Lambda event source mappings process each event at least once, and duplicate processing of records can occur.",
)
SOURCES["STREAMS_LAMBDA_READS_FREE"] = Source(
    "AWS, Evaluate your Streams usage (cost optimization; text read from the awsdocs/amazon-dynamodb-developer-guide "
    "copy of the page)",
    _DATE_ROUND3,
    _DEV_GUIDE + "CostOptimization_StreamsUsage.html",
    "Read requests made by AWS Lambda-based consumers of DynamoDB Streams are free, whereas calls made by consumers "
    "of any other kind are charged.",
)
SOURCES["SEQUENTIAL_SUFFIX"] = Source(
    "003 「シャーディングを避ける方法」",
    _DATE_ROUND3,
    "",
    "書き込みを散らすためにキーの末尾へ乱数や連番を付ける",
)
SOURCES["CACHE_BEFORE_SHARDING"] = Source(
    "003 「シャーディングを避ける方法」",
    _DATE_ROUND3,
    "",
    "シャーディングは複雑さを大幅に増すため、他の手段で対応できないか先に検討する。…"
    "キャッシュ (ElastiCache): 頻繁に読まれるデータをキャッシュ",
)
SOURCES["PARALLEL_READ_OF_SHARDS"] = Source(
    "000 「Write Sharding (書き込みシャーディング)」",
    _DATE_ROUND3,
    "",
    "読み取り時は全シャードに対して並列クエリし、結果をマージする。",
)
SOURCES["PARTITION_LIMIT_LINEAR_COMBINATION"] = Source(
    "AWS Knowledge Center, Why is my on-demand DynamoDB table being throttled? (current repost.aws version, section "
    "'The traffic exceeds the per-partition maximum'; the same sentence in the earlier versions updated 2020-08-25, "
    "2021-06-18 and 2022-08-16)",
    _DATE_ROUND3,
    "https://www.repost.aws/knowledge-center/on-demand-table-throttling-dynamodb",
    "Each partition on the table can serve up to 3,000 read request units or 1,000 write request units, or a linear "
    "combination of both.",
)
SOURCES["PARTITION_READS_WRITES_APART_002"] = Source(
    "002 「スループットキャパシティを高トラフィックのパーティションに増加させる」",
    _DATE_ROUND3,
    "",
    "パーティションに対する読み取りオペレーションと書き込みオペレーションは個別に管理されるため、単一のパーティションが "
    "3000 を超える読み取りオペレーションまたは 1000 を超える書き込みオペレーションを受け取ると、スロットリングが発生します。",
)
SOURCES["GSI_PARTITIONED_TOO_003"] = Source(
    "003 「DynamoDB の自動シャーディング」",
    _DATE_ROUND3,
    "",
    "グローバルセカンダリインデックスも同じくパーティションで構成されるため、インデックス側のキー設計にも同じ偏りの問題が起きる。",
)
SOURCES["UNIFORM_ACROSS_TABLE_AND_INDEXES_002"] = Source(
    "002 「パーティションキーを効率的に設計し、使用するためのベストプラクティス」",
    _DATE_ROUND3,
    "",
    "一般的に言えば、テーブルとそのセカンダリインデックスの論理的なすべてのパーティションキー全体でアクティビティが均一になるように"
    "アプリケーションを設計する必要があります。",
)
SOURCES["ON_DEMAND_SAME_THROUGHPUT_AGAIN"] = Source(
    "AWS, DynamoDB on-demand capacity mode",
    _DATE_ROUND3,
    _DEV_GUIDE + "on-demand-capacity-mode.html",
    "Once your on-demand table is scaled out, you can instantly achieve the same throughput again in the future "
    "without throttling.",
)
SOURCES["LAMBDA_CHARGED_PER_REQUEST_AND_DURATION"] = Source(
    "AWS Lambda pricing",
    _DATE_ROUND3,
    "https://aws.amazon.com/lambda/pricing/",
    "With AWS Lambda, you pay only for what you use. You are charged based on the number of requests for your "
    "functions and the duration, the time it takes for your code to execute.",
)
SOURCES["PROVISIONED_THROTTLE_RETURNS_PTEE"] = Source(
    "AWS, DynamoDB developer guide, Troubleshooting throttling issues for provisioned mode (read on the "
    "docs.amazonaws.cn mirror)",
    _DATE_ROUND3,
    "https://docs.amazonaws.cn/en_us/amazondynamodb/latest/developerguide/TroubleshootingThrottling-common-issues.html",
    "When DynamoDB throttles a read or write operation, it returns a ProvisionedThroughputExceededException to the caller.",
)
SOURCES["BOTOCORE_THROTTLING_REASONS_MEMBER"] = Source(
    "botocore 1.44.8's DynamoDB service model, botocore/data/dynamodb/2012-08-10/service-2.json.gz, the "
    "ThrottlingException shape (marked synthetic; ProvisionedThroughputExceededException and RequestLimitExceeded "
    "spell the member ThrottlingReasons)",
    _DATE_ROUND3,
    "https://github.com/boto/botocore/blob/develop/botocore/data/dynamodb/2012-08-10/service-2.json",
    '"ThrottlingException":{ "type":"structure", "members":{ "message":{"shape":"AvailabilityErrorMessage"}, '
    '"throttlingReasons":{ "shape":"ThrottlingReasonList",',
)
# chapter 11, round-5 review (11.1): the ThrottlingReasons member is optional in the service model
SOURCES["BOTOCORE_THROTTLING_REASONS_OPTIONAL"] = Source(
    "botocore 1.44.8's DynamoDB service model, botocore/data/dynamodb/2012-08-10/service-2.json.gz, the "
    'ProvisionedThroughputExceededException shape (read in the installed package; the shape has no "required" '
    "list, so both members are optional)",
    "2026-12-06",
    "https://github.com/boto/botocore/blob/develop/botocore/data/dynamodb/2012-08-10/service-2.json",
    '"ProvisionedThroughputExceededException":{ "type":"structure", "members":{ "message":{ '
    '"shape":"ErrorMessage", … }, "ThrottlingReasons":{ "shape":"ThrottlingReasonList", … } },',
)
SOURCES["ON_DEMAND_NEW_TABLE_LINEAR_COMBINATION"] = Source(
    "AWS Knowledge Center, Why is my on-demand DynamoDB table being throttled? (current version; older versions "
    "read 'or any linear combination of the two')",
    "2026-12-06",
    "https://www.repost.aws/knowledge-center/on-demand-table-throttling-dynamodb",
    "For new on-demand tables, you can immediately drive up to 4,000 write request units or 12,000 read request "
    "units, or a linear combination of both.",
)
SOURCES["PRE_WARMING_EN_NO_DECREASE_SENTENCE"] = Source(
    "AWS, Understanding DynamoDB warm throughput (English edition: the end of one paragraph "
    "and the start of the next, with nothing between them where the Japanese edition says a raise cannot be undone)",
    _DATE_ROUND3,
    _DEV_GUIDE + "warm-throughput.html",
    "This ensures your applications can handle higher request rates from the moment they occur. You can increase "
    "the warm throughput value for read operations, write operations, or both.",
)
SOURCES["WARM_THROUGHPUT_CONSOLE_INCREASE_ONLY"] = Source(
    "AWS, Increase your existing DynamoDB table's warm throughput (the console steps)",
    _DATE_ROUND3,
    _DEV_GUIDE + "update-warm-throughput.html",
    "On the Edit warm throughput page, choose Increase warm throughput.",
)
# --- sources: indexes, detection, retries, diagnosis (chapters 12-15)

# The SDKs' retry policies (models/backoff.py) and Brooker's 2015 experiment (models/retries.py), chapter 14.
_SDK_REF = "https://docs.aws.amazon.com/sdkref/latest/guide/feature-retry-behavior.html"
_JAVA_V1_2015 = "07f51ec8cfe1600e7dc7f6b4a08b9311f32f9cec"  # the 2015 code (copyright 2010-2015)
_JAVA_V1 = (
    f"https://github.com/aws/aws-sdk-java/blob/{_JAVA_V1_2015}/aws-java-sdk-core/src/main/java/com/amazonaws/retry/"
    "PredefinedRetryPolicies.java"
)
_JAVA_V1_WHERE = (
    "AWS SDK for Java 1.x, com.amazonaws.retry.PredefinedRetryPolicies, the 2015 code (commit 07f51ec; later "
    "versions of the SDK changed it): DYNAMODB_DEFAULT_MAX_ERROR_RETRY = 10; DynamoDBDefaultBackoffStrategy: "
    "delay = 2**retries * 25 ms (SCALE_FACTOR = 25), capped at MAX_BACKOFF_IN_MILLISECONDS = 20 * 1000, no jitter"
)
_JAVA_V1_NOW = (
    "https://github.com/aws/aws-sdk-java/blob/169446809c792b2adcfaaaf54df1e21bf2203a23/aws-java-sdk-core/src/main/java/"
    "com/amazonaws/retry/PredefinedBackoffStrategies.java"
)
#: The botocore release requirements.txt pins: chapter 14's SDK figures are read from its installed files, and
#: tests/test_sdk_retries.py checks each quote below against them.
_BOTOCORE_PINNED = "1.44.8"
_BOTOCORE_FILE = f"https://github.com/boto/botocore/blob/{_BOTOCORE_PINNED}/botocore/"
_SMITHY_CONSTANTS = (
    "https://github.com/smithy-lang/smithy-typescript/blob/14b922a82f998f1d1e3071ea6a56712739623cf0/packages/"
    "util-retry/src/constants.ts"
)
SOURCES.update(
    {
        "SDK_STANDARD_MAX_ATTEMPTS": Source(
            f"botocore {_BOTOCORE_PINNED} (the release requirements.txt pins; hotpart reads the value from the "
            "installed file), botocore/retries/standard.py: standard mode's attempts for a service without its own "
            "figure, the first included; the SDKs and Tools Reference Guide's 'three'",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/standard.py",
            quote="DEFAULT_MAX_ATTEMPTS = 3",
        ),
        "SDK_STANDARD_DYNAMODB_MAX_ATTEMPTS": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py: standard mode gives DynamoDB and DynamoDB "
            "Streams 4 attempts, the first included, unless max_attempts is set (since botocore 1.44.0, AWS's 2026 "
            "retry update)",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/standard.py",
            quote="_SERVICE_MAX_ATTEMPTS = { 'dynamodb': 4, 'dynamodb-streams': 4, }",
        ),
        "SDK_STANDARD_BASE_S": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py, ExponentialBackoff: t_i = rand(0, 1) * "
            "min(base_scale * 2 ** i, 20) s, with base_scale 1 s after a throttling error (before 1.44.0 the 1 s "
            "base applied to every error)",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/standard.py",
            quote="t_i = rand(0, 1) * min(base_scale * 2 ** i, MAX_BACKOFF) … _DEFAULT_BACKOFF_CONFIG = { "
            "'throttling_base_scale': 1, 'non_throttling_base_scale': 0.05, }",
        ),
        "SDK_STANDARD_TRANSIENT_BASE_S": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py, ExponentialBackoff: the base after a "
            "transient (non-throttling) error, for services without their own",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/standard.py",
            quote="'non_throttling_base_scale': 0.05,",
        ),
        "SDK_STANDARD_DYNAMODB_TRANSIENT_BASE_S": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py, ExponentialBackoff: DynamoDB's base after a "
            "transient error (its base after a throttling error is the general 1 s)",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/standard.py",
            quote="'dynamodb': {'non_throttling_base_scale': 0.025},",
        ),
        "SDK_STANDARD_MAX_BACKOFF_S": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py, ExponentialBackoff: the cap on one sleep "
            "(the Boto3 guide: 'a maximum backoff time of 20 seconds')",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/standard.py",
            quote="_MAX_BACKOFF = 20",
        ),
        "DYNAMODB_JAVA_V1_MAX_RETRIES": Source(
            _JAVA_V1_WHERE, _DATE_ROUND3, _JAVA_V1, quote="public static final int DYNAMODB_DEFAULT_MAX_ERROR_RETRY = 10;"
        ),
        "DYNAMODB_JAVA_V1_BASE_S": Source(
            _JAVA_V1_WHERE,
            _DATE_ROUND3,
            _JAVA_V1,
            quote="/** Base sleep time (milliseconds) **/ private static final int SCALE_FACTOR = 25;",
        ),
        "DYNAMODB_JAVA_V1_MAX_BACKOFF_S": Source(
            _JAVA_V1_WHERE,
            _DATE_ROUND3,
            _JAVA_V1,
            quote="private static final int MAX_BACKOFF_IN_MILLISECONDS = 20 * 1000;",
        ),
        "DYNAMODB_JAVA_V1_THROTTLED_BASE_S": Source(
            "AWS SDK for Java 1.x, com.amazonaws.retry.PredefinedBackoffStrategies (copyright 2011-2016; read at "
            "commit 1694468) and PredefinedRetryPolicies (commit 30f38f1): the DynamoDB client's default backoff is "
            "SDKDefaultBackoffStrategy(25 ms, 500 ms, 20 s), which uses Equal Jitter on a 500 ms base for throttling "
            "errors and Full Jitter on 25 ms for other errors; still 10 retries",
            _DATE_ROUND3,
            _JAVA_V1_NOW,
            quote="/** Default base sleep time (milliseconds) for throttled exceptions. **/ static final int "
            "SDK_DEFAULT_THROTTLED_BASE_DELAY = 500; … We use the full jitter scheme for non-throttled exceptions and "
            "the … equal jitter scheme for throttled exceptions.",
        ),
        "SDK_BOTO3_LEGACY_MAX_ATTEMPTS": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/data/_retry.json, legacy mode's general default (attempts, the "
            "first included; the Boto3 guide's 'A default value of 5 for maximum attempts')",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "data/_retry.json",
            quote='"__default__": { "max_attempts": 5,',
        ),
        "SDK_BOTO3_LEGACY_DYNAMODB_MAX_ATTEMPTS": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/data/_retry.json, legacy mode (Boto3's default before botocore "
            "1.44.0; AWS_RETRY_MODE=legacy today): the dynamodb entry overrides the default of 5 attempts with 10; "
            "retryhandler.py counts the first attempt (it stops once attempt_number >= max_attempts)",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "data/_retry.json",
            quote='"dynamodb": { "__default__": { "max_attempts": 10, "delay": { "type": "exponential", "base": 0.05, '
            '"growth_factor": 2 },',
        ),
        "SDK_BOTO3_LEGACY_BASE_S": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retryhandler.py, delay_exponential (legacy mode): sleep = base * "
            "growth_factor ** (attempts - 1) with DynamoDB's base 0.05 s and growth factor 2 from _retry.json, so "
            "50 ms, 100 ms, ... before the 1st, 2nd, ... retry: no random factor (only base 'rand' draws one) and no cap",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retryhandler.py",
            quote="time_to_sleep = base * (growth_factor ** (attempts - 1))",
        ),
        "SDK_JS_V3_BASE_S": Source(
            "AWS SDK for JavaScript v3, @smithy/util-retry, packages/util-retry/src/constants.ts, at a commit before "
            "AWS's 2026 retry update (JavaScript 3.1166.0 with @smithy/core 3.40.0 made the update its default: "
            "SOURCES['BOTOCORE_STANDARD_DEFAULT_SINCE']); a dated record of how SDKs differed",
            _DATE_ROUND3,
            _SMITHY_CONSTANTS,
            quote="export const DEFAULT_RETRY_DELAY_BASE = 100;",
        ),
        "SDK_JS_V3_THROTTLING_BASE_S": Source(
            "AWS SDK for JavaScript v3, @smithy/util-retry, packages/util-retry/src/constants.ts, at a commit before "
            "AWS's 2026 retry update (JavaScript 3.1166.0 with @smithy/core 3.40.0 made the update its default: "
            "SOURCES['BOTOCORE_STANDARD_DEFAULT_SINCE']); a dated record of how SDKs differed",
            _DATE_ROUND3,
            _SMITHY_CONSTANTS,
            quote="The retry delay base (in milliseconds) to use when a throttling error is encountered. */ export "
            "const THROTTLING_RETRY_DELAY_BASE = 500;",
        ),
        "SDK_STANDARD_RETRY_QUOTA": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retries/quota.py, RetryQuota (standard mode; JavaScript v3 has "
            "the same INITIAL_RETRY_TOKENS = 500): one quota per client; a retry that finds too few tokens is not made",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/quota.py",
            quote="INITIAL_CAPACITY = 500",
        ),
        "SDK_STANDARD_RETRY_COST": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py, RetryQuotaChecker: tokens a retry after a "
            "transient error takes (5 before botocore 1.44.0)",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/standard.py",
            quote="_RETRY_COST = 14",
        ),
        "SDK_STANDARD_THROTTLING_RETRY_COST": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py, RetryQuotaChecker: tokens a retry after a "
            "throttling error takes",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/standard.py",
            quote="_THROTTLING_RETRY_COST = 5",
        ),
        "SDK_STANDARD_NO_RETRY_INCREMENT": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py, RetryQuotaChecker: tokens a request that "
            "succeeds without a retry gives back",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "retries/standard.py",
            quote="_NO_RETRY_INCREMENT = 1",
        ),
        "BOTOCORE_VERSION": Source(
            "botocore/__init__.py of the installed release (requirements.txt pins boto3 1.44.5 and botocore 1.44.8); "
            "the SDK figures of chapter 14 are that release's",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "__init__.py",
            quote="__version__ = '1.44.8'",
        ),
        "BOTOCORE_DEFAULT_RETRY_MODE": Source(
            f"botocore {_BOTOCORE_PINNED}, botocore/configprovider.py: the default of the retry_mode session variable "
            "(config file retry_mode, environment AWS_RETRY_MODE) is standard",
            _DATE_ROUND3,
            _BOTOCORE_FILE + "configprovider.py",
            quote="'retry_mode': ('retry_mode', 'AWS_RETRY_MODE', 'standard', None),",
        ),
        "BOTOCORE_STANDARD_DEFAULT_SINCE": Source(
            "AWS Developer Tools Blog, Updated default retry behavior for AWS SDKs and tools (the rollout post): the "
            "2026 retry update is the default from 10 November 2026, in Python from botocore 1.44.0; Java 2.x and "
            "Kotlin keep the previous default for now",
            _DATE_ROUND3,
            "https://aws.amazon.com/blogs/developer/updated-default-retry-behavior-for-aws-sdks-and-tools/",
            quote="Starting November 10, 2026, the updated behavior is the default, and we have removed the opt-in. … "
            "Every SDK and tool listed below, except Kotlin and Java, makes the updated behavior the default. … "
            "Python (Boto3) | botocore 1.44.0",
        ),
    }
)

SOURCES.update(
    {
        "BROOKER_2015": Source(
            "Marc Brooker, 'Exponential Backoff And Jitter', AWS Architecture Blog (section 'Which approach do "
            "you think is best?'); simulator: aws-samples/aws-arch-backoff-simulator, src/backoff_simulator.py. "
            "The date is the post's; the quote was checked against copies of the post on 2026-11-30",
            "2015-03",
            "https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/",
            quote="The no-jitter exponential backoff approach is the clear loser. It not only takes more work, but also "
            "takes more time than the jittered approaches.",
        ),
    }
)

# CloudWatch's period and BatchWriteItem's batch size (chapter 13).
#: CloudWatch's period for DynamoDB's capacity metrics, seconds (one data point a minute).
PERIOD_S: Final[int] = 60
#: Most items in one ``BatchWriteItem`` request.
BATCH_WRITE_MAX_ITEMS: Final[int] = 25
SOURCES["PERIOD_S"] = Source(
    "AWS, DynamoDB Metrics and dimensions: consumed capacity and the throttle metrics are one-minute data points",
    _DATE_ROUND3,
    _DEV_GUIDE + "metrics-dimensions.html",
    "DynamoDB outputs consumed provisioned throughput for one-minute periods.",
)
SOURCES["BATCH_WRITE_MAX_ITEMS"] = Source(
    "AWS, DynamoDB API reference, BatchWriteItem: up to 25 put or delete requests",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchWriteItem.html",
    "A single call to BatchWriteItem can transmit up to 16MB of data over the network, consisting of up to 25 item "
    "put or delete operations.",
)
SOURCES["GSI_CAPACITY_MODE_OF_TABLE"] = Source(
    "AWS SDK for Kotlin API reference (DynamoDB model, from the DynamoDB API reference), GlobalSecondaryIndex: "
    "onDemandThroughput",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/sdk-for-kotlin/api/latest/dynamodb/aws.sdk.kotlin.services.dynamodb.model/"
    "-global-secondary-index/on-demand-throughput.html",
    "You must use either OnDemandThroughput or ProvisionedThroughput based on your table's capacity mode.",
)
# chapters 14-15: retries, and the remedy of each throttling reason (hotpart/models/retries.py, hotpart/models/diagnosis.py)
SOURCES["SDK_RETRIES_2026_OPT_IN"] = Source(
    "AWS SDKs and Tools Reference Guide, 'Retry behavior', as published during the opt-in period (May to 10 November "
    "2026; the copy read still carries this notice): AWS's 2026 retry update was opt-in until it became the default "
    "(SOURCES['BOTOCORE_STANDARD_DEFAULT_SINCE']); a dated record, no longer the current behaviour",
    _DATE_ROUND3,
    _SDK_REF,
    quote="The behavior described on this page requires opting in until it becomes the default behavior. Set "
    "AWS_NEW_RETRIES_2026=true in your environment. Without this setting, your SDK uses pre-2026 retry behavior, which "
    "differs in backoff timing, retry quota costs, and service-specific defaults.",
)
SOURCES["SDK_RETRIES_2026_ANNOUNCED"] = Source(
    "AWS Developer Tools Blog, Announcing updated retry behavior for AWS SDKs and Tools (May 2026, the opt-in; the "
    "rollout followed on 10 November 2026)",
    _DATE_ROUND3,
    "https://aws.amazon.com/blogs/developer/announcing-updated-retry-behavior-for-aws-sdks-and-tools/",
    quote="The updated behavior addresses both issues with consistent defaults across all AWS SDKs. … These changes "
    "will become the default in November 2026. … It also makes standard the default for SDKs that had previously "
    "defaulted to legacy.",
)
SOURCES["SDK_RETRIES_2026_DYNAMODB"] = Source(
    "AWS CLI v2 pull request 10342, Update standard retry mode via opt-in env var (botocore's 2026 retry update; "
    "the installed botocore has it without the flag: SOURCES['SDK_STANDARD_DYNAMODB_MAX_ATTEMPTS'])",
    _DATE_ROUND3,
    "https://github.com/aws/aws-cli/pull/10342",
    quote="Service-specific max attempts — Service-defined (e.g., DynamoDB with 4 attempts) max attempt values instead "
    "of the universal default of 3, but only if the user hasn't explicitly configured max attempts.",
)
SOURCES["BOTO3_DEFAULT_RETRY_LEGACY"] = Source(
    "Boto3 documentation, 'Retries', Legacy retry mode. Read again on 2026-12-04, the guide still calls legacy the "
    "default; botocore 1.44.0's code (SOURCES['BOTOCORE_DEFAULT_RETRY_MODE']) and AWS's rollout post "
    "(SOURCES['BOTOCORE_STANDARD_DEFAULT_SINCE']) make standard the default: the guide lags the code, and the course "
    "follows the code. True for botocore before 1.44.0",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/boto3/latest/guide/retries.html",
    "Legacy mode is the default mode used by any Boto3 client you create. … A default value of 5 for maximum "
    "attempts (including the initial request).",
)
SOURCES["ACCOUNT_LIMIT_REMEDY"] = Source(
    "AWS, DynamoDB throttling: 3- Account limits exceeded",
    _DATE_ROUND3,
    _DEV_GUIDE + "throttling-account-limit-exceeded-mitigation.html",
    "When your read or write consumption rate exceeds these limits, DynamoDB returns an AccountLimitExceeded "
    "throttling reason type in the throttling exception. … You can optionally configure maximum throughput settings "
    "for finer cost control and predictability, or request quota increases through the Quotas in Amazon DynamoDB "
    "console if your application requirements exceed the default limits.",
)
SOURCES["MAX_THROUGHPUT_SELF_IMPOSED"] = Source(
    "AWS, DynamoDB throttling: 4- On-demand maximum throughput exceeded",
    _DATE_ROUND3,
    _DEV_GUIDE + "throttling-ondemand-capacity-exceeded-mitigation.html",
    "When your read or write consumption exceeds these self-imposed limits, additional requests that would exceed "
    "the limit receive quick throttle responses. DynamoDB returns exceptions with a MaxOnDemandThroughputExceeded "
    "throttling reason type, indicating which resource has reached its throughput boundary.",
)
SOURCES["MAX_THROUGHPUT_REMOVE"] = Source(
    "AWS, DynamoDB API reference, OnDemandThroughput",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_OnDemandThroughput.html",
    "To remove the maximum OnDemandThroughput that is currently set on your table, set the value of MaxWriteRequestUnits to -1.",
)
SOURCES["PEAK_RAMP_30_MINUTES"] = Source(
    "AWS Knowledge Center, Why is my on-demand DynamoDB table getting throttled? (the current wording; its "
    "2021 version read 'before exceeding double your previous traffic peak')",
    _DATE_ROUND3,
    _KC + "on-demand-table-throttling-dynamodb",
    "Before you exceed your previous traffic's peak, it's a best practice to spread your traffic growth over at "
    "least 30 minutes.",
)
SOURCES["PEAK_PREWARM_PLANNED"] = Source(
    "AWS, Understanding DynamoDB warm throughput",
    _DATE_ROUND3,
    _DEV_GUIDE + "warm-throughput.html",
    "However, you can also increase these values proactively when needed, which is especially useful for upcoming "
    "peak events like product launches or sales.",
)
SOURCES["KEY_RANGE_READS_WRITES_APART"] = Source(
    "AWS, DynamoDB throttling: 1- Key range throughput exceeded (hot partitions)",
    _DATE_ROUND3,
    _DEV_GUIDE + "throttling-key-range-limit-exceeded-mitigation.html",
    "DynamoDB's partition-level throttling operates independently for reads and writes - a partition may throttle "
    "reads while writes continue normally, or vice versa.",
)
SOURCES["GSI_WRITES_FAIL_ON_TABLE"] = Source(
    "AWS Knowledge Center, How does throttling on my global secondary index affect my Amazon DynamoDB table?",
    _DATE_ROUND3,
    _KC + "dynamodb-gsi-throttling-table",
    "When a GSI has insufficient write capacity, throttling results in write operations that fail on the base table or "
    "any of its GSIs.",
)
SOURCES["CACHE_BEFORE_SHARDING_003"] = Source(
    "003 「シャーディングを避ける方法」",
    _DATE_ROUND3,
    "",
    "キャッシュ (ElastiCache): 頻繁に読まれるデータをキャッシュ",
)
SOURCES["SDK_RETRIES_THROTTLED"] = Source(
    f"AWS's DynamoDB service model as botocore {_BOTOCORE_PINNED} ships it (the API reference's text): "
    "ProvisionedThroughputExceededException's documentation; a test finds the sentence in the installed model",
    _DATE_ROUND3,
    _BOTOCORE_FILE + "data/dynamodb/2012-08-10/service-2.json.gz",
    "The Amazon Web Services SDKs for DynamoDB automatically retry requests that receive this exception. Your request "
    "is eventually successful, unless your retry queue is too large to finish.",
)
SOURCES["THROTTLED_NOT_CONSUMED"] = Source(
    "AWS, Read/write capacity mode, as quoted by AWS on re:Post ('Does AWS charge for ThrottlingException on "
    "DynamoDB request?'); the answer adds that items returned unprocessed are not charged until retried",
    _DATE_READ,
    "https://repost.aws/questions/QUueSGe4HJR-i6SBRQRAZylw/does-aws-charge-for-throttlingexception-on-dynamodb-request",
    "Throttling prevents your application from consuming too many capacity units. When a request is throttled, it "
    "fails with an HTTP 400 code (Bad Request) and a ProvisionedThroughputExceededException.",
)
# chapter 12: global secondary indexes
SOURCES["GSI_SAME_PARTITION_LIMIT"] = Source(
    "000 「複合キーの設計」",
    _DATE_ROUND3,
    "",
    "GSI にも同じパーティション上限が効くことを忘れやすい。",
)
SOURCES["GSI_PARTITION_LIMITS_INDEPENDENT"] = Source(
    "AWS, Understanding GSI write throttling and back pressure in DynamoDB",
    _DATE_ROUND3,
    _DEV_GUIDE + "gsi-throttling.html",
    "This relationship is particularly important to understand because partition-level constraints apply "
    "independently to both the base table and each GSI—each has its own partition structure and corresponding "
    "throughput limits.",
)
SOURCES["GSI_BACKPRESSURE"] = Source(
    "AWS, Understanding GSI write throttling and back pressure in DynamoDB",
    _DATE_ROUND3,
    _DEV_GUIDE + "gsi-throttling.html",
    "If a GSI doesn't have sufficient capacity to handle these updates, DynamoDB throttles writes to the base table "
    "to maintain data consistency. This is called GSI back-pressure.",
)
SOURCES["GSI_TABLE_WRITE_NEEDS_INDEX_CAPACITY"] = Source(
    "AWS, Using Global Secondary Indexes in DynamoDB: provisioned throughput considerations",
    _DATE_READ,
    _DEV_GUIDE + "GSI.html",
    "For a table write to succeed, the provisioned throughput settings for the table and all of its global secondary "
    "indexes must have enough write capacity to accommodate the write. Otherwise, the write to the table is throttled.",
)
SOURCES["GSI_WRITE_CAPACITY_AT_LEAST_TABLE"] = Source(
    "AWS, Using Global Secondary Indexes in DynamoDB: provisioned throughput considerations",
    _DATE_READ,
    _DEV_GUIDE + "GSI.html",
    "To avoid potential throttling, the provisioned write capacity for a global secondary index should be equal or "
    "greater than the write capacity of the base table because new updates write to both the base table and global "
    "secondary index.",
)
SOURCES["GSI_WRITES_FAIL_ON_OTHER_GSIS"] = Source(
    "AWS Knowledge Center, How does throttling on my global secondary index affect my Amazon DynamoDB table?",
    _DATE_ROUND3,
    _KC + "dynamodb-gsi-throttling-table",
    "When a GSI has insufficient write capacity, throttling results in write operations that fail on the base table or "
    "any of its GSIs.",
)
SOURCES["GSI_WRITE_BUFFER"] = Source(
    "AWS, Amazon DynamoDB Labs, Advanced design patterns: Exercise 1, Step 4 - View the CloudWatch metrics on your table",
    _DATE_ROUND3,
    "https://github.com/aws-samples/amazon-dynamodb-labs/blob/master/content/design-patterns/ex1capacity/Step4.en.md",
    "a global secondary index's capacity is consumed asynchronously some time after the initial write to the base "
    "table succeeds. In order for this system to work inside the DynamoDB service, there is a buffer between a given "
    "base DynamoDB table and a global secondary index (GSI). A base table will quickly surface a throttle if capacity "
    "is exhausted, whereas only an imbalance over an extended period of time on a GSI will cause the buffer to fill, "
    "thereby generating a throttle.",
)
SOURCES["GSI_WRITE_WITHOUT_INDEX_UPDATE"] = Source(
    "AWS, Using Global Secondary Indexes in DynamoDB: provisioned throughput considerations",
    _DATE_REREAD,
    _DEV_GUIDE + "GSI.html",
    "If a write to a table does not require a global secondary index update, no write capacity is consumed from the index.",
)
SOURCES["GSI_KEY_REMOVED_COSTS_A_DELETE"] = Source(
    "AWS, Using Global Secondary Indexes in DynamoDB: provisioned throughput considerations",
    _DATE_REREAD,
    _DEV_GUIDE + "GSI.html",
    "If an item was present in the index, but a write to the table caused the indexed attribute to be deleted, one "
    "write is required to delete the old item projection from the index.",
)
SOURCES["PRE_WARM_UP_TO_QUOTA"] = Source(
    "AWS, DynamoDB ウォームスループットについて (the Japanese edition of Understanding DynamoDB warm throughput)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/ja_jp/amazondynamodb/latest/developerguide/warm-throughput.html",
    "そのリージョンのアカウントのテーブルまたはインデックスクォータ制限まで、テーブルを事前ウォーミングできます。",
)
SOURCES["GSI_KEY_RANGE_LIMITS"] = Source(
    "AWS, Key range throughput exceeded (hot partitions)",
    _DATE_ROUND3,
    _DEV_GUIDE + "throttling-key-range-limit-exceeded-mitigation.html",
    "Amazon DynamoDB enforces specific throughput limits at the partition level for both table and global secondary "
    "index (GSI). … When individual partitions exceed their throughput limits, DynamoDB returns a "
    "KeyRangeThroughputExceeded throttling reason type in the throttling exception.",
)
SOURCES["GSI_THROTTLING_REASON_FORMAT"] = Source(
    "AWS, DynamoDB API reference, ThrottlingReason",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html",
    "The throttling reason follows a specific format: ResourceType+OperationType+LimitType",
)
SOURCES["GSI_READS_NOT_PUSHED_BACK"] = Source(
    "AWS Knowledge Center, How does throttling on my global secondary index affect my Amazon DynamoDB table?",
    _DATE_ROUND3,
    _KC + "dynamodb-gsi-throttling-table",
    "When a GSI has insufficient read capacity, throttling doesn't affect the base table.",
)
SOURCES["GSI_PROJECTION"] = Source(
    "AWS, Using Global Secondary Indexes in DynamoDB: attribute projections",
    _DATE_READ,
    _DEV_GUIDE + "GSI.html",
    "A projection is the set of attributes that is copied from a table into a secondary index.",
)
SOURCES["GSI_WRITE_COST"] = Source(
    "AWS, Using Global Secondary Indexes in DynamoDB: write capacity units",
    _DATE_READ,
    _DEV_GUIDE + "GSI.html",
    "All of these factors assume that the size of each item in the index is less than or equal to the 1 KB item size "
    "for calculating write capacity units. Larger index entries require additional write capacity units. You can "
    "minimize your write costs by considering which attributes your queries will need to return and projecting only "
    "those attributes into the index.",
)
SOURCES["GSI_KEY_CHANGE_TWO_WRITES"] = Source(
    "AWS, Using Global Secondary Indexes in DynamoDB: write capacity units",
    _DATE_READ,
    _DEV_GUIDE + "GSI.html",
    "If an update to the table changes the value of an indexed key attribute (from A to B), two writes are required, "
    "one to delete the previous item from the index and another write to put the new item into the index.",
)
SOURCES["GSI_PROJECTION_SOURCE_ADVICE"] = Source(
    "000 「症状から手を選ぶ」",
    _DATE_ROUND3,
    "",
    "GSI 側だけスロットリングしている\tGSI のキー設計と射影属性を見直す\t書き込みのスロットリングはベーステーブルへ跳ね返る",
)
SOURCES["ON_DEMAND_QUOTA_PER_GSI"] = Source(
    "AWS, Quotas in Amazon DynamoDB: throughput default quotas",
    _DATE_ROUND3,
    _DEV_GUIDE + "ServiceQuotas.html",
    "For on-demand capacity mode tables and GSIs, the table-level quota is the maximum read and write capacity units "
    "that are available for any table, or any individual GSI within that table.",
)
# chapter 13: detection
SOURCES["CAPACITY_METRICS_TABLE_AND_INDEX_ONLY"] = Source(
    "000 「CloudWatch メトリクス」",
    _DATE_ROUND3,
    "",
    "CloudWatch のキャパシティメトリクスはテーブルとインデックスの単位までしか分解できない。",
)
SOURCES["METRICS_OTHER_FIVE_MINUTES"] = Source(
    "AWS, DynamoDB Metrics and dimensions (ProvisionedWriteCapacityUnits is not among the one-minute metrics)",
    _DATE_ROUND3,
    _DEV_GUIDE + "metrics-dimensions.html",
    "For all other DynamoDB metrics, the aggregation granularity is five minutes.",
)
SOURCES["KEY_RANGE_METRIC_DATED"] = Source(
    "000 「スロットリングの監視」",
    _DATE_ROUND3,
    "",
    "WriteKeyRangeThroughputThrottleEvents と ReadKeyRangeThroughputThrottleEvents が立っていれば、テーブルやインデックスの"
    "キャパシティではなくパーティション上限が原因だと確定できる (2026 年 8 月時点)。",
)
SOURCES["KEY_RANGE_REASON_DEFINITION"] = Source(
    "AWS, DynamoDB API reference, ThrottlingReason: KeyRangeThroughputExceeded",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_ThrottlingReason.html",
    "The request rate directed at a specific partition key value has exceeded the internal partition-level throughput "
    "limits, indicating uneven access patterns across the table's or GSI's key space.",
)
SOURCES["THROTTLED_REQUESTS_ANY_EVENT"] = Source(
    "AWS, CloudWatch throttling metrics: ThrottledRequests",
    _DATE_ROUND3,
    _DEV_GUIDE + "TroubleshootingThrottling-cloudwatch.html",
    "Incremented by one when any event within a request is throttled, regardless of how many individual events "
    "within that request are throttled.",
)
SOURCES["THROTTLED_REQUESTS_BATCH_RULE"] = Source(
    "000 「スロットリングの監視」",
    _DATE_ROUND3,
    "",
    "バッチリクエスト (BatchGetItem / BatchWriteItem) では全件がスロットリングされたときだけ加算され、一部だけ弾かれた場合は "
    "ReadThrottleEvents / WriteThrottleEvents にしか現れない。",
)
SOURCES["THROTTLED_REQUESTS_BATCH_RULE_AWS"] = Source(
    "AWS, DynamoDB metrics and dimensions, WriteThrottleEvents (AWS's metric description, as reproduced in Pulumi's "
    "awsx reference for dynamodb.metrics.writeThrottleEvents)",
    _DATE_ROUND3,
    _DEV_GUIDE + "metrics-dimensions.html",
    "For BatchWriteItem, the ThrottledRequests metric for the entire BatchWriteItem is not incremented unless all of "
    "the individual PutItem or DeleteItem events are throttled.",
)
SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"] = Source(
    "AWS, CloudWatch Contributor Insights for DynamoDB: how it works (most throttled items)",
    _DATE_REREAD,
    _DEV_GUIDE + "contributorinsights_HowItWorks.html",
    "Write throttling caused by insufficient write capacity for a global secondary index is not measured. You can use "
    "the Most Accessed Items graph of the global secondary index to identify imbalanced access patterns that may "
    "cause write throttling.",
)
SOURCES["CI_ONE_MINUTE_POINTS"] = Source(
    "AWS, CloudWatch Contributor Insights for DynamoDB: how it works (most throttled items)",
    _DATE_REREAD,
    _DEV_GUIDE + "contributorinsights_HowItWorks.html",
    "On the DynamoDB console, each data point in the graph represents the count of throttle events over a 1-minute period.",
)
SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"] = Source(
    "AWS, CloudWatch Contributor Insights for DynamoDB: how it works (most accessed items)",
    _DATE_REREAD,
    _DEV_GUIDE + "contributorinsights_HowItWorks.html",
    "DynamoDB measures key access frequency by using ConsumedThroughputUnits, which measures combined read and write "
    "traffic. … Provisioned — (3 x consumed write capacity units) + consumed read capacity units",
)
SOURCES["CI_THROTTLE_COUNT"] = Source(
    "AWS, CloudWatch Contributor Insights for DynamoDB: how it works (most throttled items)",
    _DATE_REREAD,
    _DEV_GUIDE + "contributorinsights_HowItWorks.html",
    "DynamoDB measures throttle frequency using ThrottleCount, which is the count of "
    "ProvisionedThroughputExceededException, ThrottlingException, and RequestLimitExceeded errors.",
)
#: The day chapter 13's turn-10 findings were checked against contributorinsights_HowItWorks.html.
_DATE_CH13_TURN10 = "2026-12-07"
SOURCES["CI_MOST_ACCESSED_PER_ITEM_MAXIMUM"] = Source(
    "AWS, CloudWatch Contributor Insights for DynamoDB: how it works (the modes; most accessed items)",
    _DATE_CH13_TURN10,
    _DEV_GUIDE + "contributorinsights_HowItWorks.html",
    "Most accessed items — Items that consume the most read and write capacity … For example, a graph value of "
    "180,000 ConsumedThroughputUnits indicates that the item was accessed continuously at the per-item maximum "
    "throughput of 1,000 write request units or 3,000 read request units for a 60-second span within that 1-minute "
    "period (3,000 x 60 seconds).",
)
SOURCES["CI_FGAC_KEYS_VISIBLE"] = Source(
    "AWS, CloudWatch Contributor Insights for DynamoDB: how it works (fine-grained access control)",
    _DATE_CH13_TURN10,
    _DEV_GUIDE + "contributorinsights_HowItWorks.html",
    "CloudWatch Contributor Insights for DynamoDB doesn't function differently for tables with fine-grained access "
    "control (FGAC). In other words, any user who has the appropriate CloudWatch permissions can view FGAC-protected "
    "primary keys in CloudWatch Contributor Insights graphs. If the table's primary key contains FGAC-protected data "
    "that you don't want published to CloudWatch, you should not enable CloudWatch Contributor Insights for DynamoDB "
    "for that table.",
)
SOURCES["BATCH_WRITE_UNPROCESSED"] = Source(
    "AWS, DynamoDB API reference, BatchWriteItem",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchWriteItem.html",
    "If any requested operations fail because the table's provisioned throughput is exceeded or an internal processing "
    "failure occurs, the failed operations are returned in the UnprocessedItems response parameter.",
)
SOURCES["SINGLE_KEY_MIGHT_BE_THROTTLED"] = Source(
    "AWS Database Blog, Choosing the right DynamoDB partition key",
    _DATE_ROUND3,
    "https://aws.amazon.com/blogs/database/choosing-the-right-dynamodb-partition-key/",
    "If your access pattern exceeds 3000 RCU or 1000 WCU for a single partition key value, your requests might be throttled",
)
SOURCES["BATCH_WRITE_NO_UPDATE"] = Source(
    "AWS, DynamoDB API reference, BatchWriteItem",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchWriteItem.html",
    "BatchWriteItem cannot update items. If you perform a BatchWriteItem operation on an existing item, that item's "
    "values will be overwritten by the operation and it will appear like it was updated. To update items, we "
    "recommend you use the UpdateItem action.",
)
SOURCES["CONTRIBUTOR_INSIGHTS_SOURCE"] = Source(
    "000 「CloudWatch メトリクス」",
    _DATE_ROUND3,
    "",
    "キー単位まで降りるには CloudWatch Contributor Insights を有効にする。最もアクセスの多いキーと、最もスロットリングされた"
    "キーが可視化される。有効化すると追加の課金が発生するため、常時有効にするか調査時だけ入れるかは事前に決めておく。",
)
SOURCES["CONTRIBUTOR_INSIGHTS_COMMAND"] = Source(
    "000 「CloudWatch メトリクス」 (Contributor Insights の有効化)",
    _DATE_ROUND3,
    "",
    "aws dynamodb update-contributor-insights \\\n  --table-name MyTable \\\n  --contributor-insights-action ENABLE",
)
SOURCES["CONTRIBUTOR_INSIGHTS_PER_GSI"] = Source(
    "AWS, Analyzing data access using CloudWatch contributor insights for DynamoDB",
    _DATE_READ,
    _DEV_GUIDE + "contributorinsights.html",
    "By enabling CloudWatch Contributor Insights for DynamoDB on a table or global secondary index, you can view the "
    "most accessed and throttled items in those resources.",
)
SOURCES["CONTRIBUTOR_INSIGHTS_MODES"] = Source(
    "AWS CloudFormation, AWS::DynamoDB::Table ContributorInsightsSpecification: Mode",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/"
    "aws-properties-dynamodb-table-contributorinsightsspecification.html",
    "Valid values are ACCESSED_AND_THROTTLED_KEYS (tracks all access and throttled events) or THROTTLED_KEYS "
    "(tracks only throttled events).",
)
SOURCES["CONTRIBUTOR_INSIGHTS_THROTTLED_ONLY"] = Source(
    "AWS, Getting started with CloudWatch Contributor Insights for DynamoDB: Choosing a Contributor Insights mode "
    "(the mode comparison table, Throttled keys mode column)",
    _DATE_ROUND3,
    _DEV_GUIDE + "contributorinsights_tutorial.html",
    "Only throttled requests … Most Throttled Items only … Throttling monitoring … Your primary concern is "
    "identifying and resolving throttling issues. You want to keep Contributor Insights enabled continuously for "
    "real-time throttling alerts.",
)
SOURCES["CONTRIBUTOR_INSIGHTS_SORT_KEY_RULES"] = Source(
    "AWS, CloudWatch contributor insights for DynamoDB: How it works (rules)",
    _DATE_ROUND3,
    _DEV_GUIDE + "contributorinsights_HowItWorks.html",
    "Most accessed items (partition key) — Identifies the partition keys of the most accessed items in your table or "
    "global secondary index. … If your table or global secondary index has a sort key, DynamoDB also creates the "
    "following rules specific to sort keys: … Most accessed keys (partition and sort keys) — Identifies the partition "
    "and sort keys of the most accessed items in your table or global secondary index.",
)
# chapter 14, the third review: what the SDK retries do not cover, and the SDKs that did not switch
SOURCES["BATCH_UNPROCESSED_RETRY_YOURSELF"] = Source(
    f"AWS's DynamoDB service model as botocore {_BOTOCORE_PINNED} ships it, BatchWriteItem's documentation (the API "
    "reference's text): a partly throttled batch succeeds and returns UnprocessedItems, which the application resends",
    _DATE_ROUND3,
    _BOTOCORE_FILE + "data/dynamodb/2012-08-10/service-2.json.gz",
    "If DynamoDB returns any unprocessed items, you should retry the batch operation on those items. However, we "
    "strongly recommend that you use an exponential backoff algorithm.",
)
SOURCES["BOTO3_BATCH_WRITER_NO_BACKOFF"] = Source(
    "boto3 1.44.5 (requirements.txt), boto3/dynamodb/table.py, BatchWriter._flush: Table.batch_writer() puts the "
    "unprocessed items back in its buffer for the next batch, with no sleep",
    _DATE_ROUND3,
    "https://github.com/boto/boto3/blob/1.44.5/boto3/dynamodb/table.py",
    "# Any unprocessed_items are immediately added to the # next batch we send.",
)
SOURCES["SDK_RETRY_AFTER_HEADER"] = Source(
    f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py, ExponentialBackoff.delay_amount: a response's "
    "x-amz-retry-after header raises the delay (DynamoDB is not documented to send it)",
    _DATE_ROUND3,
    _BOTOCORE_FILE + "retries/standard.py",
    "If the response carries an ``x-amz-retry-after`` header, the delay is raised to that value, capped at ``t_i + 5`` seconds.",
)
SOURCES["JAVA_V1_END_OF_SUPPORT"] = Source(
    "AWS SDK for Java 1.x Developer Guide, Getting Started: the SDK whose DynamoDB client chapter 14's Java rows model "
    "is out of support",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/sdk-for-java/v1/developer-guide/getting-started.html",
    "The AWS SDK for Java 1.x reached end-of-support on December 31, 2025.",
)
SOURCES["SDK_JS_V3_BEFORE_2026"] = Source(
    "AWS SDK for JavaScript v3, GitHub issue 8037, Announcement: Updated default retry behavior (2026), AWS's table "
    "of the standard-mode defaults before and after the update (the default client's figures; a 500 ms "
    "THROTTLING_RETRY_DELAY_BASE constant also exists in @smithy/util-retry, SOURCES['SDK_JS_V3_THROTTLING_BASE_S'])",
    _DATE_ROUND3,
    "https://github.com/aws/aws-sdk-js-v3/issues/8037",
    "|Throttling base delay|100 ms|**1,000 ms**| … |**DynamoDB and DynamoDB Streams**||| … |Max attempts|3|**4**|",
)
SOURCES["SDK_JAVA_V2_BEFORE_2026"] = Source(
    "AWS SDK for Java 2.x, GitHub issue 6987, Announcement: Updated default retry behavior (2026): the Java 2.x "
    "defaults before the update, which the rollout post says are still its defaults ('Java 2.x | To be announced.')",
    _DATE_ROUND3,
    "https://github.com/aws/aws-sdk-java-v2/issues/6987",
    "|Default retry mode|`legacy`|**`standard`**| … |Throttling base delay|500 ms|**1,000 ms**|",
)
# --- sources: sharding beyond DynamoDB (chapters 18-22)
#: Twitter Snowflake's custom epoch, ms since the Unix epoch (2010-11-04 01:42:54.657 UTC).
SNOWFLAKE_EPOCH_MS: Final[int] = 1_288_834_974_657
#: Random bits in a version-4 UUID (RFC 9562: 128 bits less 4 version and 2 variant bits).
UUID4_RANDOM_BITS: Final[int] = 122
__all__ += ["SNOWFLAKE_EPOCH_MS", "UUID4_RANDOM_BITS"]  # hotpart.models.strategies and pitfalls use them
SOURCES["SNOWFLAKE_EPOCH_MS"] = Source(
    "Twitter, Snowflake ID generator (twitter-archive/snowflake, IdWorker.scala: twepoch)",
    "2026-11-30",
    "https://github.com/twitter-archive/snowflake/blob/129c82c3fa08bfe28c4d11f4ef9bf9905b8bc986/"
    "src/main/scala/com/twitter/service/snowflake/IdWorker.scala",
    "val twepoch = 1288834974657L",
)
SOURCES["UUID4_RANDOM_BITS"] = Source(
    "RFC 9562, Universally Unique IDentifiers, section 5.4 (UUID version 4): 48 + 12 + 62 random bits",
    "2026-11-30",
    "https://www.rfc-editor.org/rfc/rfc9562#section-5.4",
    "The first 48 bits of the layout that can be filled with random data as specified in Section 6.9. … "
    "12 more bits of the layout that can be filled random data as per Section 6.9. … "
    "The final 62 bits of the layout immediately following the var field to be filled with random data "
    "as per Section 6.9.",
)
SOURCES["SHARDING_TX_TWO_UNDERLYING_WRITES"] = Source(
    "AWS, Amazon DynamoDB Transactions: how it works, capacity management for transactions",
    _DATE_READ,
    _DEV_GUIDE + "transaction-apis.html",
    "DynamoDB performs two underlying reads or writes of every item in the transaction: one to prepare the "
    "transaction and one to commit the transaction.",
)
SOURCES["SHARDING_TX_REJECTED_WHOLE"] = Source(
    "AWS, DynamoDB API Reference, TransactWriteItems",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html",
    "DynamoDB rejects the entire TransactWriteItems request if any of the following is true: … There is "
    "insufficient provisioned capacity for the transaction to be completed.",
)
SOURCES["SHARDING_2PC_COMPLEXITY_LATENCY"] = Source(
    "003 「トランザクション」",
    _DATE_ROUND3,
    "",
    "複数シャードにまたがるトランザクションは、分散トランザクション (2PC) が必要になり、複雑さとレイテンシが増大する。",
)
SOURCES["SHARDING_2PC_BLOCKS_ON_COORDINATOR"] = Source(
    "Gray & Lamport, Consensus on Transaction Commit, ACM TODS 31(1), 2006 (abstract)",
    _DATE_ROUND3,
    "https://arxiv.org/abs/cs/0408036",
    "The classic Two-Phase Commit protocol blocks if the coordinator fails.",
)
SOURCES["SHARDING_2PC_ALL_MUST_AGREE"] = Source(
    "Gray & Lamport, Consensus on Transaction Commit, ACM TODS 31(1), 2006, section 1",
    _DATE_READ,
    "https://arxiv.org/abs/cs/0408036",
    "The transaction can be committed only if all sites are willing to commit it.",
)
SOURCES["SHARDING_DDB_HASH_THEN_PARTITION"] = Source(
    "AWS, Partitions and data distribution in DynamoDB",
    _DATE_READ,
    _DEV_GUIDE + "HowItWorks.Partitions.html",
    "The output value from the hash function determines the partition in which the item will be stored.",
)
SOURCES["SHARDING_DDB_CONTIGUOUS_KEY_RANGE"] = Source(
    "Elhemali et al., Amazon DynamoDB, USENIX ATC 2022, section 3 (Architecture)",
    _DATE_READ,
    "https://www.usenix.org/system/files/atc22-elhemali.pdf",
    "Each partition of the table hosts a disjoint and contiguous part of the table’s key-range.",
)
SOURCES["SHARDING_DDB_SPLIT_POINT"] = Source(
    "Elhemali et al., Amazon DynamoDB, USENIX ATC 2022, section 4.4 (splitting for consumption)",
    _DATE_READ,
    "https://www.usenix.org/system/files/atc22-elhemali.pdf",
    "The split point in the key range is chosen based on key distribution the partition has observed.",
)
SOURCES["SHARDING_DDB_SINGLE_ITEM_NO_SPLIT"] = Source(
    "Elhemali et al., Amazon DynamoDB, USENIX ATC 2022, section 4.4 (splitting for consumption)",
    _DATE_READ,
    "https://www.usenix.org/system/files/atc22-elhemali.pdf",
    "For example, a partition receiving high traffic to a single item or a partition where the key range is "
    "accessed sequentially will not benefit from split.",
)
SOURCES["SHARDING_ITEM_COLLECTION_SPLIT"] = Source(
    "002 「アクセス頻度の高い項目を分離する」",
    _DATE_ROUND3,
    _DEV_GUIDE + "burst-adaptive-capacity.html",
    "ソートキーの単調な増減によって追跡されるトラフィックが項目のコレクションでない限り、"
    "項目のコレクションをソートキー別にセグメントに分割することもできます。…"
    "アダプティブキャパシティでは、テーブルにローカルセカンダリインデックスがある場合、"
    "テーブルの複数のパーティション間で項目コレクションを分割しません。",
)
SOURCES["SHARDING_MONGODB_HASHED_CHUNKS"] = Source(
    "MongoDB manual (current), Hashed Sharding: shard an empty collection on a single field hashed shard key",
    _DATE_ROUND3,
    "https://www.mongodb.com/docs/manual/core/hashed-sharding/",
    "Starting in version 8.0, the operation creates 1 chunk per shard by default and migrates across the cluster. "
    "… After the initial distribution, the balancer manages the chunk distribution going forward.",
)
SOURCES["SHARDING_VITESS_KEY_RANGES"] = Source(
    "Vitess documentation (v22), Concepts: Shard, shard naming",
    _DATE_READ,
    "https://vitess.io/docs/22.0/concepts/shard",
    "A xxhash type vindex produces an unsigned 64 bit integer as output. This means that all integers less than "
    "0x8000000000000000 will fall in shard -80.",
)
SOURCES["SHARDING_VITESS_SPLIT_SHARDS"] = Source(
    "Vitess documentation, Concepts: Shard, resharding",
    _DATE_ROUND3,
    "https://vitess.io/docs/concepts/shard/",
    "This can be either splitting one or more shards into smaller pieces, or merging neighboring shards into "
    "bigger pieces. … the data in the source shards is copied into the destination shards, allowed to catch up on "
    "replication, and then compared against the original to ensure data integrity. Then the live serving "
    "infrastructure is shifted to the destination shards, and the source shards are deleted.",
)
SOURCES["SHARDING_VITESS_RESHARD_STEPS"] = Source(
    "Vitess documentation (v22), User guides: Resharding, switch non-primary reads and then writes",
    _DATE_ROUND3,
    "https://vitess.io/docs/22.0/user-guides/configuration-advanced/resharding/",
    "After validating for correctness, the next step is to switch REPLICA and RDONLY targeted read operations to "
    "occur at the new location. By switching targeted read operations first, we are able to verify that the new "
    "shard's tablets are healthy and able to respond to requests",
)
SOURCES["SHARDING_VITESS_REVERSE_REPLICATION"] = Source(
    "Vitess documentation (v22), Reference: vtctldclient Reshard switchtraffic, --enable-reverse-replication",
    _DATE_ROUND3,
    "https://vitess.io/docs/22.0/reference/programs/vtctldclient/vtctldclient_reshard/vtctldclient_reshard_switchtraffic/",
    "Setup replication going back to the original source keyspace to support rolling back the traffic cutover. (default true)",
)
SOURCES["SHARDING_CONDITIONAL_WRITE_REFUSES_STALE"] = Source(
    "AWS, DynamoDB best practices: Optimistic locking with version number",
    _DATE_ROUND3,
    _DEV_GUIDE + "BestPractices_OptimisticLocking.html",
    "If another process modified the item in the meantime, the condition fails and DynamoDB returns a "
    "ConditionalCheckFailedException.",
)
SOURCES["SHARDING_RANDOM_OR_SEQUENTIAL_SUFFIX"] = Source(
    "003 「シャーディングを避ける方法」",
    _DATE_ROUND3,
    "",
    "書き込みを散らすためにキーの末尾へ乱数や連番を付ける",
)
SOURCES["SHARDING_UUID7_TIME_FIRST"] = Source(
    "RFC 9562, Universally Unique IDentifiers, section 5.7 (UUID version 7)",
    _DATE_ROUND3,
    "https://www.rfc-editor.org/rfc/rfc9562#section-5.7",
    "unix_ts_ms: 48-bit big-endian unsigned number of the Unix Epoch timestamp in milliseconds as per Section 6.1. "
    "Occupies bits 0 through 47 (octets 0-5).",
)
SOURCES["SHARDING_SNOWFLAKE_TIME_FIRST"] = Source(
    "Twitter, Snowflake README (twitter-archive/snowflake, README.mkd): Solution",
    _DATE_ROUND3,
    "https://github.com/twitter-archive/snowflake/blob/446e3c06656443c952e23986cccbe6861f7e8ea4/README.mkd",
    "id is composed of: … time - 41 bits (millisecond precision w/ a custom epoch gives us 69 years) … configured "
    "machine id - 10 bits - gives us up to 1024 machines … sequence number - 12 bits - rolls over every 4096 per "
    "machine (with protection to avoid rollover in the same ms)",
)
SOURCES["SHARDING_AUTO_INCREMENT_NOT_UNIQUE"] = Source(
    "003 「つまずきやすい点」",
    _DATE_ROUND3,
    "",
    "自動採番の主キーはシャードをまたいで一意にならないため UUID か採番用の仕組みが必要になり",
)
SOURCES["SHARDING_GSI_SAME_SKEW_003"] = Source(
    "003 「DynamoDB の自動シャーディング」",
    _DATE_ROUND3,
    "",
    "グローバルセカンダリインデックスも同じくパーティションで構成されるため、インデックス側のキー設計にも同じ偏りの問題が起きる。",
)
SOURCES["SHARDING_TX_SAME_ACCOUNT_REGION_ITEM"] = Source(
    "AWS, DynamoDB API Reference, TransactWriteItems",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html",
    "These actions can target items in different tables, but not in different AWS accounts or Regions, and no two "
    "actions can target the same item.",
)
SOURCES["PARTITIONS_ADDED_003"] = Source(
    "003 「DynamoDB の自動シャーディング」 (partitions are added when throughput is raised past what they hold)",
    _DATE_ROUND3,
    "",
    "パーティションが追加されるのは、既存のパーティションが支えられる量を超えてスループットを引き上げたときと、既存のパーティションが"
    "容量いっぱいになってさらに領域が必要になったときである",
)
# --- sources: your own table (chapter 16)

_CW_API = "https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/"
SOURCES["GET_METRIC_DATA_PAIRS"] = Source(
    "AWS, CloudWatch API reference, MetricDataResult: timestamps and values pair up by position",
    _DATE_ROUND3,
    _CW_API + "API_MetricDataResult.html",
    "The number of timestamps always matches the number of values and the value for Timestamps[x] is Values[x].",
)
SOURCES["GET_METRIC_DATA_PARTIAL"] = Source(
    "AWS, CloudWatch API reference, MetricDataResult: StatusCode",
    _DATE_ROUND3,
    _CW_API + "API_MetricDataResult.html",
    "PartialData means that an incomplete set of data points were returned.",
)
SOURCES["INSIGHT_CONTRIBUTOR_DATAPOINTS"] = Source(
    "AWS, CloudWatch API reference, InsightRuleContributor: a contributor's data points",
    _DATE_ROUND3,
    _CW_API + "API_InsightRuleContributor.html",
    "Only the data points when this contributor appeared are included in the array.",
)
SOURCES["INSIGHT_AGGREGATE_VALUE"] = Source(
    "AWS, CloudWatch API reference, GetInsightRuleReport: AggregateValue",
    _DATE_ROUND3,
    _CW_API + "API_GetInsightRuleReport.html",
    "The sum of the values from all individual contributors that match the rule.",
)
SOURCES["CONSUMED_SAMPLE_COUNT"] = Source(
    "AWS, DynamoDB Metrics and dimensions: ConsumedWriteCapacityUnits, valid statistics",
    "2026-11-30",
    "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/metrics-dimensions.html",
    "SampleCount – Number of requests to DynamoDB that consumed write capacity.",
)
SOURCES["CONTRIBUTOR_INSIGHTS_RULE_LIST"] = Source(
    "AWS, DynamoDB API reference, DescribeContributorInsights: the rules of a table or index",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_DescribeContributorInsights.html",
    "List of names of the associated contributor insights rules.",
)
SOURCES["GSI_WRITE_CAPACITY_AT_LEAST_TABLE"] = Source(
    "AWS Knowledge Center, How does throttling on my global secondary index affect my Amazon DynamoDB table? "
    "(To prevent throttling)",
    _DATE_ROUND3,
    _KC + "dynamodb-gsi-throttling-table",
    "Be sure that the provisioned write capacity for each GSI is equal to or greater than the provisioned write "
    "capacity of the base table.",
)
SOURCES["GSI_SAME_AUTO_SCALING"] = Source(
    "AWS Knowledge Center, How does throttling on my global secondary index affect my Amazon DynamoDB table? "
    "(To prevent throttling)",
    _DATE_ROUND3,
    _KC + "dynamodb-gsi-throttling-table",
    "If you turned on automatic scaling for the base table, then it's a best practice to apply the same settings to the GSI.",
)
SOURCES["WARM_THROUGHPUT_UP_TO_QUOTA"] = Source(
    "AWS, DynamoDB developer guide (Japanese edition), DynamoDB ウォームスループットについて: a table is pre-warmed "
    "up to the account's table or index quota",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/ja_jp/amazondynamodb/latest/developerguide/warm-throughput.html",
    "そのリージョンのアカウントのテーブルまたはインデックスクォータ制限まで、テーブルを事前ウォーミングできます。",
)
SOURCES["SPLIT_FOR_HEAT_NO_FURTHER_ACTION"] = Source(
    "AWS, DynamoDB developer guide (Japanese edition), 1- キー範囲スループットの超過 (ホットパーティション): "
    "キー範囲スループット超過の緩和策 (after a short throttling, often nothing is left to do)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/ja_jp/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html",
    "多くの場合、DynamoDB は自動的に問題を解決しているため、それ以上のアクションは必要ありません。",
)
# (the export formats' sources are statements in hotpart/models/observed.py, beside the readers that rely on them)

#: Every modelling choice that AWS does not publish, by name: its value, why the course chose it, and
#: what AWS does say. Each chapter that relies on one shows it (``hp.assumption_box``), and a test checks
#: that the code's defaults equal these values and that every model constant is sourced or listed here.
SOURCES["SHARDING_MONGODB_BALANCER_EVEN_DATA"] = Source(
    "MongoDB manual (current), Sharded Cluster Balancer",
    _DATE_ROUND3,
    "https://www.mongodb.com/docs/manual/core/sharding-balancer-administration/",
    "The MongoDB balancer is a background process that monitors the amount of data on each shard for each sharded "
    "collection. When the amount of data for a sharded collection on a given shard reaches specific migration "
    "thresholds, the balancer attempts to automatically migrate data between shards and reach an even amount of "
    "data per shard while respecting the zones.",
)
# Chapters 18 and 19, round-4 review (17-1, 18-1), read 2026-12-06
SOURCES["SHARDING_DDB_SPLIT_NEAR_10_GB_BLOG"] = Source(
    "AWS Database Blog, Scaling DynamoDB: How partitions, hot keys, and split for heat impact performance (Part 3)",
    "2026-12-06",
    _SPLIT_FOR_HEAT_BLOG,
    "A table might add partitions for many reasons, such as when: … A partition gets close to 10 GB in size.",
)
SOURCES["SHARDING_MONGODB_NO_AUTO_SPLIT_603"] = Source(
    "MongoDB manual (current), sh.startBalancer()",
    "2026-12-06",
    "https://www.mongodb.com/docs/manual/reference/method/sh.startBalancer/",
    "Starting in MongoDB 6.0.3, automatic chunk splitting is not performed. This is because of balancing policy improvements.",
)
SOURCES["SHARDING_MONGODB_MOVE_RANGE"] = Source(
    "MongoDB manual (current), Migrate Ranges in a Sharded Cluster",
    "2026-12-06",
    "https://www.mongodb.com/docs/manual/tutorial/migrate-chunks-in-sharded-cluster/",
    "To manually migrate ranges, use the moveChunk or moveRange command.",
)
# Chapter 19, round-5 review 19-A and 19-B (read 2026-12-06, the current manual; its page source in
# github.com/mongodb/docs reads the same): the balancer itself issues moveRange, which can move part of a range,
# and it migrates only past a threshold of three range sizes.
SOURCES["SHARDING_MONGODB_BALANCER_MOVE_RANGE"] = Source(
    "MongoDB manual (current), Sharded Cluster Balancer: Range Migration Procedure",
    "2026-12-06",
    "https://www.mongodb.com/docs/manual/core/sharding-balancer-administration/",
    "All range migrations use the following procedure: … The balancer process sends the moveRange command to the source shard.",
)
SOURCES["SHARDING_MONGODB_MOVE_RANGE_PART"] = Source(
    "MongoDB manual (current), moveRange: command fields (max)",
    "2026-12-06",
    "https://www.mongodb.com/docs/manual/reference/command/moveRange/",
    "If you do not specify max, given a chunk C including the shard key min, max is determined in the following way: "
    "… Otherwise, key max < max(C) where max depends on the configured chunk size.",
)
#: MongoDB's balancer migrates a collection's data only once two shards' data for it differ by this many range
#: sizes; the default range size, MB (chapter 19's condition on "about the balanced floor").
MONGODB_MIGRATION_THRESHOLD: Final[dict[str, int]] = {"range_sizes": 3, "default_range_mb": 128}
__all__ += ["MONGODB_MIGRATION_THRESHOLD"]  # chapter 19 glues it
SOURCES["MONGODB_MIGRATION_THRESHOLD"] = Source(
    "MongoDB manual (current), Sharded Cluster Balancer: Migration Thresholds",
    "2026-12-06",
    "https://www.mongodb.com/docs/manual/core/sharding-balancer-administration/",
    "A collection is considered balanced if the difference in data between shards (for that collection) is less "
    "than three times the configured range size for the collection. For the default range size of 128MB, two "
    "shards must have a data size difference for a given collection of at least 384MB for a migration to occur.",
)
SOURCES["SHARDING_VITESS_SWITCH_ALL_BY_DEFAULT"] = Source(
    "Vitess documentation (v22), User guides: Resharding, note after switching writes",
    _DATE_ROUND3,
    "https://vitess.io/docs/22.0/user-guides/configuration-advanced/resharding/",
    "While we have switched tablet type targeted reads and writes separately in this example, you can also switch "
    "all traffic at the same time. This is done by default as if you don't specify the --tablet_types parameter "
    "then SwitchTraffic will start serving all traffic from the target for all tablet types.",
)
SOURCES["SHARDING_UPDATEITEM_CREATES_ITEM"] = Source(
    "AWS, DynamoDB API Reference, UpdateItem",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateItem.html",
    "Edits an existing item's attributes, or adds a new item to the table if it does not already exist.",
)
SOURCES["SHARDING_GLOBAL_TABLES_LAST_WRITER_WINS"] = Source(
    "AWS, DynamoDB and optimistic locking with version number (note)",
    _DATE_ROUND3,
    _DEV_GUIDE + "DynamoDBMapper.OptimisticLocking.html",
    "DynamoDB global tables use a “last writer wins” reconciliation between concurrent updates. If you use global "
    "tables, last writer policy wins. So in this case, the locking strategy does not work as expected.",
)
# Chapter 20, round-5 review 20-A (read 2026-12-06): "last writer wins" is the default mode's (MREC); a global
# table created with multi-Region strong consistency (MRSC) rejects the conflicting write.
SOURCES["SHARDING_GLOBAL_TABLES_MREC_DEFAULT"] = Source(
    "AWS SDK for Kotlin, DynamoDB API reference: UpdateTable's request, its multiRegionConsistency field",
    "2026-12-06",
    "https://docs.aws.amazon.com/sdk-for-kotlin/api/latest/dynamodb/aws.sdk.kotlin.services.dynamodb.model/"
    "-update-table-request/multi-region-consistency.html",
    "EVENTUAL: Configures a new global table for multi-Region eventual consistency (MREC). This is the default "
    "consistency mode for global tables.",
)
SOURCES["SHARDING_GLOBAL_TABLES_MREC_CONFLICTS"] = Source(
    "AWS, DynamoDB Developer Guide, Write modes with DynamoDB global tables (the guide's edition on docs.amazonaws.cn)",
    "2026-12-06",
    "https://docs.amazonaws.cn/en_us/amazondynamodb/latest/developerguide/"
    "bp-global-table-design.prescriptive-guidance.writemodes.html",
    "For example, you might decide to route write requests to a single Region to avoid potential write conflicts "
    "that can happen with MREC tables.",
)
SOURCES["SHARDING_GLOBAL_TABLES_MRSC_REJECTS"] = Source(
    "AWS, botocore reference, DynamoDB ReplicatedWriteConflictException",
    "2026-12-06",
    "https://docs.aws.amazon.com/botocore/latest/reference/services/dynamodb/client/exceptions/"
    "ReplicatedWriteConflictException.html",
    "The request was rejected because one or more items in the request are being modified by a request in another Region.",
)
SOURCES["SHARDING_TX_REJECTED_CONDITION_OR_CONFLICT"] = Source(
    "AWS, DynamoDB API Reference, TransactWriteItems (the same list, botocore 1.44.8's service model)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html",
    "DynamoDB rejects the entire TransactWriteItems request if any of the following is true: A condition in one of "
    "the condition expressions is not met. An ongoing operation is in the process of updating the same item.",
)
SOURCES["SHARDING_TX_CONFLICT_REASON"] = Source(
    "AWS, DynamoDB API Reference, TransactionCanceledException: cancellation reason codes",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html",
    "Transaction Conflict: Code: TransactionConflict Message: Transaction is ongoing for the item.",
)
SOURCES["SHARDING_TX_CONFLICT_REJECTS_WRITE"] = Source(
    "AWS, DynamoDB API Reference, PutItem errors: TransactionConflictException",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_PutItem.html",
    "Operation was rejected because there is an ongoing transaction for the item.",
)
SOURCES["SHARDING_TX_INLINE_RECOVERY"] = Source(
    "AWS, DynamoDB API Reference, TransactionInProgressException: recommended settings (as in the AWS SDK for "
    "Kotlin reference and botocore 1.44.8's service model)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/sdk-for-kotlin/api/latest/dynamodb/aws.sdk.kotlin.services.dynamodb.model/"
    "-transaction-in-progress-exception",
    "These settings help ensure that the client retries will trigger completion of the ongoing TransactWriteItems "
    "request. … 6500-7500 fourth attempt (this can trigger inline recovery since 5 seconds have elapsed since the "
    "first attempt reached TC)",
)
SOURCES["SHARDING_TX_CLIENT_REQUEST_TOKEN"] = Source(
    "AWS, DynamoDB API Reference, TransactWriteItems: ClientRequestToken",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html",
    "Providing a ClientRequestToken makes the call to TransactWriteItems idempotent, meaning that multiple identical "
    "calls have the same effect as one single call. … A client request token is valid for 10 minutes after the "
    "first request that uses it is completed.",
)
SOURCES["SHARDING_GSI_NO_STRONG_READS"] = Source(
    "AWS, DynamoDB API Reference, Query: ConsistentRead",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html",
    "Strongly consistent reads are not supported on global secondary indexes.",
)
SOURCES["SHARDING_AURORA_REPLICA_SHARED_VOLUME"] = Source(
    "AWS, Amazon Aurora DB clusters (Aurora User Guide)",
    _DATE_ROUND3,
    "https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/Aurora.Overview.html",
    "Primary (writer) DB instance – Supports read and write operations, and performs all of the data modifications "
    "to the cluster volume. … Aurora Replica (reader DB instance) – Connects to the same storage volume as the "
    "primary DB instance but supports only read operations.",
)
ASSUMPTIONS: Final[dict[str, Assumption]] = {
    # --- assumptions: capacity and the simulator (chapters 1, 8-11)
    "AUTOSCALING_LAG_S": Assumption(
        120.0,
        "s",
        why="The time from the minute that triggers auto scaling to the new capacity: CloudWatch's alarm delay plus "
        "the UpdateTable that follows. AWS gives neither a figure; two minutes in all is the optimistic end of 'a few' "
        "plus 'several' minutes (and the delay the peer simulator dynamodb-scaling-simulator uses), so the refusals the "
        "model shows during a lag are a lower bound. Until the update completes no further update is issued.",
        aws_says='"CloudWatch alarms might have a short delay of up to a few minutes before triggering auto scaling. '
        "… It then takes several minutes to update the provisioned capacity for the table or index. During this "
        'period, any requests that exceed the previous provisioned capacity of the tables are throttled." '
        "(metrics-dimensions.html)",
        used_by=("AutoScaling.lag_s", "AUTOSCALING_LAG_S"),
        chapters=("11_capacity_modes",),
    ),
    "AUTOSCALING_TARGET": Assumption(
        0.7,
        "fraction of provisioned capacity",
        why="The default target utilisation of the model's AutoScaling: AWS's own auto scaling examples use 70%, and "
        "a table's owner sets the value (AWS allows 20% to 90%).",
        aws_says='"For example, you set the minimum read capacity units (RCUs) to 100 and the target utilization to '
        '70 percent" (Knowledge Center, dynamodb-auto-scaling); AWS publishes no default that applies to every '
        "way of turning auto scaling on.",
        used_by=("AutoScaling.target", "AUTOSCALING_TARGET"),
        chapters=("11_capacity_modes",),
    ),
    "MAX_SIMULATED_DEMAND": Assumption(
        1e9,
        "units/s (a second's total demand)",
        why="A limit of the simulation, not of DynamoDB: served + throttled == offered is kept bit for bit, and above "
        "about 1e9 units in one cell float64's spacing (1.2e-7 at 1e9, 2,048 at 1e19) would cost served units. "
        "simulate() refuses larger demand with a ValueError instead of returning a wrong result.",
        aws_says="Nothing: no table serves anywhere near 1e9 units/s (the default per-table quota is 40,000).",
        used_by=("MAX_SIMULATED_DEMAND",),
        chapters=("11_capacity_modes",),
    ),
    "BURST_READING": Assumption(
        "bank",
        "",
        why="AWS says unused capacity is retained for up to 300 seconds and does not say whether older unused "
        "capacity expires; 'bank' (a bucket of at most 300 s of the rate that keeps what it holds until spent) is "
        "the generous reading, 'window' (only what went unused in the last 300 s, the reading of 000) the strict one.",
        aws_says='"DynamoDB currently retains up to five minutes (300 seconds) of unused read and write capacity." '
        "(burst-adaptive-capacity.html)",
        used_by=("Provisioned.burst_reading",),
        chapters=("08_burst",),
    ),
    "BURST_SCOPE": Assumption(
        "partition",
        "",
        why="Each partition banks what it leaves unused and spends only its own bank, so a hot partition cannot draw "
        "on what its cool neighbours banked (their unused capacity reaches it only through adaptive capacity, "
        "chapter 9). This is the strict reading; with one bank for the whole table a hot partition could burst "
        "longer, and chapter 9's burst time would grow with the table's idle capacity.",
        aws_says="The Knowledge Center describes burst as flexibility 'in your per-partition throughput provisioning' "
        "(SOURCES['BURST_PROVISIONED_MODE']), while AWS's current page says 'Whenever you aren't fully using your "
        "available throughput, DynamoDB reserves a portion of that unused capacity' (SOURCES['BURST_PORTION_RESERVED'])"
        " and the Knowledge Center's worked example counts burst for the whole table; AWS does not say which bank a "
        "partition spends.",
        used_by=("BURST_SCOPE",),
        chapters=("08_burst", "09_adaptive"),
    ),
    "BURST_RETAINED_FRACTION": Assumption(
        1.0,
        "fraction of unused capacity",
        why="AWS reserves 'a portion' of unused capacity and publishes no figure; the model keeps all of it, so its "
        "burst durations are upper bounds. Lower it to see how a smaller portion shortens a burst.",
        aws_says='"DynamoDB reserves a portion of that unused capacity for later bursts of throughput" '
        "(burst-adaptive-capacity.html); no fraction is published.",
        used_by=("Provisioned.burst_portion",),
        chapters=("08_burst",),
    ),
    "SPLIT_TRIGGER_FRACTION": Assumption(
        0.5,
        "fraction of the partition ceiling",
        why="A round middle value: a partition served at half its ceiling or more counts as hot. It only sets when "
        "the model splits, not whether a split helps.",
        aws_says='AWS names the split-for-heat mechanism and says a table may add partitions when "A partition '
        'receives read or write traffic near its throughput capacity limit." (AWS Database Blog); it publishes no '
        "threshold.",
        used_by=("SplitForHeat.threshold",),
        chapters=("10_isolation",),
    ),
    "SPLIT_TRIGGER_MINUTES": Assumption(
        5.0,
        "min",
        why="Splits take minutes (000: too slow for sudden spikes); five minutes is the course's round choice.",
        aws_says="AWS publishes no delay; 000 says splits follow sustained imbalance and do not catch sudden spikes.",
        used_by=("SplitForHeat.minutes",),
        chapters=("10_isolation", "17_before_you_deploy"),
    ),
    "SPLIT_SHARE_OF_PARENT": Assumption(
        0.5,
        "fraction of the parent partition's share, for each half",
        why="A split moves items, not capacity: the table's provisioned capacity is the same after it, so the course "
        "splits the parent's share of it (and its burst bank) equally between the two halves. Only adaptive capacity "
        "then lends the hot half more.",
        aws_says="AWS does not publish how a split for heat divides a provisioned table's capacity between the "
        "halves; its pages on burst and adaptive capacity, on throttling and on split for heat say a split adds "
        "partitions, not how their shares are set.",
        used_by=("SPLIT_SHARE_OF_PARENT",),
        chapters=("10_isolation",),
    ),
    "MAX_SPLIT_PARTITIONS": Assumption(
        4096,
        "partitions",
        why="A limit of the simulation, not of DynamoDB: the simulator allocates its columns up front, so splits "
        "stop at this many partitions and a due split is recorded as blocked ('partition cap').",
        aws_says="AWS publishes no limit on how many partitions a table may have.",
        used_by=("simulate.max_partitions",),
        chapters=("10_isolation",),
    ),
    "ON_DEMAND_OVER_PEAK_REFUSED": Assumption(
        1.0,
        "fraction of the traffic above double the previous peak",
        why="The worst case: AWS says throttling can occur above double the previous peak within 30 minutes, not that "
        "it must, nor how much. The model refuses all of it, so on-demand refusals are upper bounds.",
        aws_says='"However, throttling can still occur if the throughput exceeds twice the previous peak within the '
        'same 30 minutes." (pre-warming-on-demand-capacity-mode.html); AWS documents no throttling reason for it.',
        used_by=("OnDemand.over_peak_refused",),
        chapters=("11_capacity_modes",),
    ),
    "ON_DEMAND_CATCH_UP": Assumption(
        1800.0,
        "s",
        why="The previous peak an on-demand table may double follows served traffic with this delay, so sustained "
        "demand above double the peak is throttled for one delay per doubling it still needs. The course takes "
        "the length of AWS's window for the delay; every throttling duration of the on-demand model rests on it.",
        aws_says="AWS gives a window, not a catch-up time: throttling can occur if traffic exceeds double the "
        "previous peak within 30 minutes (pre-warming-on-demand-capacity-mode.html), and the Knowledge Center "
        "advises spreading traffic growth over at least 30 minutes. How fast the peak follows is not published.",
        used_by=("OnDemand.doubling_s",),
        chapters=("11_capacity_modes",),
    ),
    "SWITCHED_PEAK_RULE": Assumption(
        "higher",
        "which of AWS's two values",
        why="A table switched from provisioned to on-demand starts from one of two previous peaks, and AWS does not "
        "say which applies; the course takes the higher (half the provisioned rate, or a new table's setting), the "
        "reading an earlier version of AWS's page gave. `OnDemand.switched_from_provisioned(peak_rule=...)` takes "
        "either value instead.",
        aws_says='"For an existing table that you switched to on-demand capacity mode, the previous peak is one of the '
        "following values: Half the previous provisioned throughput for the table; The setting for a newly created "
        'table with on-demand capacity mode" (Knowledge Center, on-demand-table-throttling-dynamodb).',
        used_by=("SWITCHED_PEAK_RULE",),
        chapters=("11_capacity_modes",),
    ),
    # --- assumptions: key design and skew (chapters 2-4)
    "DESIGN_KEYS": Assumption(
        {"userId": 10**6, "deviceId": 10**5, "orderId": 10**9, "items": 10_000},
        "distinct keys",
        why="Sizes of a mid-sized application, chosen so that every high-cardinality design has far more keys than "
        "partitions (the hashing imbalance then stays small) and the catalogue is small enough to hash exactly.",
        aws_says="Nothing: these describe a hypothetical workload. AWS advises a partition key with many distinct "
        "values requested fairly uniformly (bp-partition-key-design.html).",
        used_by=("key_design.key_counts",),
        chapters=("02_key_designs",),
    ),
    "DESIGN_HOT_SHARE": Assumption(
        0.9,
        "fraction of requests",
        why="The sources say only that today's date, ACTIVE or member takes most requests; 90% is a round value for "
        "'most', and the explorable lets the reader move it from 40% to 100%. The rest is split 4:1 between INACTIVE "
        "and SUSPENDED (8% and 2% at the default) and 9:1 between guest and admin (hp.key_design).",
        aws_says="Nothing: a property of the workload, not of DynamoDB.",
        used_by=("key_design.hot_share",),
        chapters=("02_key_designs", "04_composite_keys"),
    ),
    "SALE_MULTIPLIER": Assumption(
        20.0,
        "times everyday demand",
        why="000 says a time sale causes a spike but gives no size; 20 times is large enough to pass the ceiling at "
        "the chapter's demand, and the explorable moves it from 1 to 1,000.",
        aws_says="Nothing: a property of the workload.",
        used_by=("key_design.multiplier",),
        chapters=("02_key_designs",),
    ),
    "SALE_START_H": Assumption(
        44.0,
        "h",
        why="20:00 on the second of the three days shown, so that a date rollover and the sale both fit the timeline.",
        aws_says="Nothing: a property of the workload.",
        used_by=("key_design.sale_start_h",),
        chapters=("02_key_designs",),
    ),
    "SALE_DURATION_H": Assumption(
        1.0,
        "h",
        why="A one-hour time sale; the refused share during the sale does not depend on its length.",
        aws_says="Nothing: a property of the workload.",
        used_by=("key_design.sale_duration_h",),
        chapters=("02_key_designs",),
    ),
    "ITEMS_ZIPF_S": Assumption(
        0.8,
        "Zipf exponent",
        why="Everyday product popularity is heavy-tailed; an exponent below 1 keeps the best-seller under the "
        "ceiling outside the sale, as 000 describes ('normally no problem').",
        aws_says="Nothing: a property of the workload.",
        used_by=("key_design.items_s",),
        chapters=("02_key_designs",),
    ),
    # --- assumptions: write sharding and fan-out (chapters 5-7)
    "PARTITION_READS_WRITES_APART": Assumption(
        "apart",
        "",
        why="AWS words the per-partition ceiling two ways, and the course's ceiling models take the reading most of "
        "its pages give: a partition's reads are held to 3,000 RCU/s and its writes to 1,000 WCU/s, each on its own, "
        "so a partition at its read ceiling still serves its full write ceiling. Read as a linear combination instead, "
        "a partition offered a mix would refuse earlier (hp.partition_utilization(..., combine='linear')); the "
        "historical partition-count rule (hp.estimate_partitions) does add the two.",
        aws_says="\"DynamoDB's partition-level throttling operates independently for reads and writes - a partition "
        'may throttle reads while writes continue normally, or vice versa." (throttling-key-range-limit-exceeded-'
        "mitigation.html; 002 says the same: 「パーティションに対する読み取りオペレーションと書き込みオペレーションは個別に"
        '管理される」), while two current Knowledge Center articles say "Each partition on the table can serve up to '
        '3,000 read request units or 1,000 write request units, or a linear combination of both." '
        '(on-demand-table-throttling-dynamodb) and "…or a combination of both, your table throttles." '
        "(dynamodb-spiky-workloads-short-intervals). AWS does not reconcile the two wordings.",
        used_by=("partition_utilization.combine", "FanoutParams.combine"),
        chapters=("01_partitions", "06_fanout", "17_before_you_deploy"),
    ),
    "SHARD_UTILIZATION": Assumption(
        0.8,
        "fraction of the partition ceiling",
        why="The headroom criterion for sizing shards: a shard is sized so that the bound on its expected busiest "
        "second stays under 80% of the ceiling, leaving room for the seconds above the expectation and for items "
        "larger than planned. Any value in (0, 1] can be passed instead.",
        aws_says="AWS publishes the per-partition ceilings (3,000 RCU/s, 1,000 WCU/s) but no utilization target for "
        "write-sharded keys.",
        used_by=("shards_needed.utilization", "FanoutParams.utilization"),
        chapters=("05_write_sharding", "06_fanout", "07_aggregation", "17_before_you_deploy"),
    ),
    "REFUSAL_TOLERANCE_WCU": Assumption(
        1.0 / 86_400,
        "WCU/s expected refused (one write a day)",
        why="The refusal criterion, the alternative to headroom: a suffix count counts as not throttling when the "
        "expected refused writes (Poisson per second, no burst) are at most one a day. Poisson tails never reach "
        "exactly zero, so some tolerance is needed.",
        aws_says="Nothing: how often a partition may refuse is the application's choice.",
        used_by=("FanoutParams.refusal_tolerance_wcu",),
        chapters=("06_fanout",),
    ),
    "STREAMS_BATCH_OVERHEAD_S": Assumption(
        0.06,
        "s per Lambda batch",
        why="An illustrative cost of one invocation plus one update of the aggregate item, of the order of a warm "
        "Lambda call and a DynamoDB write.",
        aws_says="Nothing for a given function; it depends on the code, the memory size and cold starts.",
        used_by=("StreamsAggregation.batch_overhead_s",),
        chapters=("07_aggregation",),
    ),
    "STREAMS_RECORD_TIME_S": Assumption(
        1e-4,
        "s per stream record",
        why="An illustrative in-memory fold of one record (parse the image, add to a running total).",
        aws_says="Nothing; measure it.",
        used_by=("StreamsAggregation.record_time_s",),
        chapters=("07_aggregation",),
    ),
    "STREAMS_DELAY_S": Assumption(
        0.0,
        "s",
        why="The model leaves out the time from a write to its stream record being readable, so its staleness "
        "is a lower bound by that delay.",
        aws_says="AWS publishes no figure for this delay.",
        used_by=("StreamsAggregation.stream_delay_s",),
        chapters=("07_aggregation",),
    ),
    # --- assumptions: indexes, detection, retries, diagnosis (chapters 12-15)
    "MAX_ATTEMPTS": Assumption(
        1000,
        "attempts per request",
        why="A course limit on Backoff.attempts, so that a policy's schedule of sleeps stays a small list and a "
        "simulation ends: a thousand attempts is two orders of magnitude above any SDK default, and enough for a "
        "herd whose clients practically never give up (Brooker's never do).",
        aws_says="The SDKs let max_attempts be configured and publish defaults (3 in standard mode, 10 for DynamoDB in "
        "Boto3's legacy mode); AWS states no upper bound.",
        used_by=("MAX_ATTEMPTS",),
        chapters=("14_retries",),
    ),
    "MAX_HERD_CLIENTS": Assumption(
        100_000,
        "clients",
        why="A course limit on a herd's size in herd_comparison, occ_herd and jitter_regimes: the event-driven "
        "simulations cost time per attempt, and a herd without jitter makes about clients squared over two attempts "
        "in Brooker's model, so larger herds would not finish in a notebook.",
        aws_says="Not an AWS figure: how many clients retry at once is the application's.",
        used_by=("MAX_HERD_CLIENTS",),
        chapters=("14_retries",),
    ),
    "MAX_RUNS": Assumption(
        1000,
        "seeded runs",
        why="A course limit on the seeded runs per strategy (herd_comparison, jitter_regimes): enough for a median and "
        "quartiles, while a call with an absurd count fails at once instead of running for hours.",
        aws_says="Not an AWS figure.",
        used_by=("MAX_RUNS",),
        chapters=("14_retries",),
    ),
    "MAX_SAMPLE_SIZE": Assumption(
        1_000_000,
        "requests",
        why="A course limit on Backoff.sample_sleeps: a million requests times up to a thousand retries is the most "
        "memory a draw of sleeps may take.",
        aws_says="Not an AWS figure.",
        used_by=("MAX_SAMPLE_SIZE",),
        chapters=("14_retries",),
    ),
    "INDEX_ADAPTIVE_SPLIT": Assumption(
        "proportional",
        "",
        why="When several index partitions are above their share, the units the others leave unused are split in "
        "proportion to what each lacks, as the simulator does for table partitions. The total served (so the "
        "back-pressure in all) is the same under any split that lends everything; only which index values lose "
        "writes changes ('neediest-first' is the alternative the code offers).",
        aws_says="AWS says adaptive capacity lends unused capacity to hot partitions of a table "
        "(burst-adaptive-capacity.html); it says nothing of how several hot partitions share it, nor of index "
        "partitions specifically.",
        used_by=("steady_index_rates.split",),
        chapters=("12_gsi",),
    ),
    "INDEX_SPLIT_FOR_HEAT": Assumption(
        False,
        "",
        why="The model never splits an index partition for heat: an index value whose writes pass one partition's "
        "ceiling (a status such as OPEN) stays on its one partition, and its back-pressure lasts as long as its "
        "writes do. It is the conservative choice, an upper bound on the refusals: if DynamoDB does split a "
        "many-item index value the way chapter 10's model splits an item collection, the back-pressure of such a "
        "value would last minutes, not for good. Splitting could not help where the index's sort key grows with "
        "time (an index on status sorted by creation time puts every new OPEN order at the newest end): that is "
        "the monotonic case, where one split leaves all new writes on one side.",
        aws_says="AWS publishes nothing about split for heat on a GSI. Its key-range page applies the partition "
        "limits 'for both table and global secondary index (GSI)', and says of hot partitions in general "
        "「DynamoDB は、多くの場合、自動 split-for-heat メカニズムを通じてホットパーティションに適応します。"
        "短期間後に停止するスロットリングイベントが表示される場合は、ホットパーティションを分割してテーブルが既に適応している"
        "可能性があります。」 (SOURCES['SPLIT_FOR_HEAT_SHORT_THROTTLING']); a single partition key value above 3,000 RCU "
        "or 1,000 WCU 'might be throttled' (SOURCES['SINGLE_KEY_MIGHT_BE_THROTTLED']); 002 splits an item collection "
        "by sort key only when its traffic is not tracked by a monotonically increasing or decreasing sort key "
        "(SOURCES['ITEM_COLLECTION_SPLIT_BY_SORT_KEY']).",
        used_by=("INDEX_SPLIT_FOR_HEAT",),
        chapters=("12_gsi", "13_detection", "15_diagnosis", "17_before_you_deploy"),
    ),
    "INDEX_REFUSAL_DELAY_S": Assumption(
        0.0,
        "s",
        why="An index partition's refusal comes back to the base table in the same second: the write that needed the "
        "refused index update fails at once. It describes a sustained overload, like chapter 12's; for a short spike "
        "it overstates the back-pressure, which DynamoDB's buffer between table and index may absorb.",
        aws_says="AWS's DynamoDB labs describe a buffer between a table and each GSI that 'only an imbalance over an "
        "extended period of time' fills (SOURCES['GSI_WRITE_BUFFER']); AWS gives neither the buffer's size nor that "
        "period.",
        used_by=("INDEX_REFUSAL_DELAY_S",),
        chapters=("12_gsi",),
    ),
    "INDEX_ADAPTIVE_LENDING": Assumption(
        True,
        "",
        why="Adaptive capacity lends an index's unused units to its hot partitions exactly as it does a table's "
        "(the same simulator runs both), so an index partition is held to min(ceiling, share + what the others "
        "leave unused). Off, an index partition would be held to its share, and the back-pressure would be larger "
        "whenever the share binds.",
        aws_says="AWS's adaptive-capacity page (burst-adaptive-capacity.html) and 002 speak of tables and their "
        "partitions; neither says whether or how adaptive capacity lends on a GSI's partitions.",
        used_by=("steady_index_rates.adaptive", "steady_backpressure.adaptive"),
        chapters=("12_gsi",),
    ),
    "INDEX_CHARGE_ORDER": Assumption(
        "listed",
        "",
        why="simulate_with_indexes checks a write against the indexes in the order they are listed, then the base "
        "partition: an index listed before the one that throttles is charged for writes that then fail (in DynamoDB "
        "such a write changes nothing), an upper bound on that index's consumption; the back-pressure itself does "
        "not depend on the order.",
        aws_says="AWS says a write fails on the table and on every GSI when one GSI lacks capacity "
        "(SOURCES['GSI_WRITES_FAIL_ON_OTHER_GSIS']); it publishes no order in which the indexes are checked.",
        used_by=("INDEX_CHARGE_ORDER",),
        chapters=("12_gsi",),
    ),
    "TABLE_DIMENSION_SUMS_INDEXES": Assumption(
        False,
        "",
        why="hp.cloudwatch puts only the table's own consumed units under the TableName dimension and each index's "
        "under its GlobalSecondaryIndexName, as AWS's current metric descriptions say. It stays a named choice "
        "because the same description opens with a sentence that can be read the other way.",
        aws_says="AWS's ConsumedWriteCapacityUnits description says 'You can retrieve the total consumed write "
        "capacity for a table and all of its global secondary indexes, or for a particular global secondary index', "
        "and then 'The TableName dimension returns the ConsumedWriteCapacityUnits for the table, but not for any "
        "global secondary indexes.' (SOURCES['CONSUMED_TABLE_DIMENSION_TABLE_ONLY'], metrics-dimensions.html).",
        used_by=("TABLE_DIMENSION_SUMS_INDEXES",),
        chapters=("12_gsi",),
    ),
    "INDEX_REPORT_OMITS_WRITES": Assumption(
        True,
        "",
        why="AWS says the most-throttled report does not measure write throttling that an index's insufficient write "
        "capacity causes, without saying whether that covers an index partition's ceiling (a hot index key) as well "
        "as the index's provisioned total. The course reads it as covering both: a simulated index's most-throttled "
        "report lists only its refused reads, and the diagnosis reads an index's write throttling from the index's "
        "most-accessed report, the graph AWS points to. Were a hot index key's refused writes listed after all, the "
        "most-throttled report would name the same key the most-accessed one does.",
        aws_says="'Write throttling caused by insufficient write capacity for a global secondary index is not "
        "measured. You can use the Most Accessed Items graph of the global secondary index to identify imbalanced "
        "access patterns that may cause write throttling.' (SOURCES['CI_INDEX_WRITE_THROTTLING_NOT_MEASURED'], "
        "contributorinsights_HowItWorks.html).",
        used_by=("INDEX_REPORT_OMITS_WRITES",),
        chapters=("13_detection",),
    ),
    "KEY_REFUSAL_SHARE": Assumption(
        "proportional",
        "",
        why="A partition at its ceiling refuses part of what its keys are offered; the simulator takes the same "
        "fraction from every key of the partition, so each key consumes the partition's served units in proportion to "
        "what it was offered. A key alone on its partition then consumes the ceiling, 1,000 WCU/s (180,000 "
        "ConsumedThroughputUnits a minute in AWS's most-accessed report, which counts a write unit three times), "
        "whatever it is offered; a hot key beside busy neighbours consumes less. The simulated most-accessed reports "
        "count these consumed units, as AWS's do, but unweighted in memory (a read unit and a write unit one each, "
        "60,000 a minute at the write ceiling; the files chapter 16 exports weight them as AWS does, 3 x writes + "
        "reads), and both count a key's reads and writes together. So the diagnosis sizes a remedy from a key's "
        "consumed units plus its throttled requests, less all of the scope's consumption (and throttle events) of the "
        "other kind in that minute where those were exported: a lower bound of what the key was offered of the "
        "throttled kind. It names a key from the most-accessed report alone by what it consumed (AT_CAPACITY_SHARE of "
        "a partition's ceiling, or HOT_KEY_TRAFFIC_SHARE of the traffic).",
        aws_says="AWS's most-accessed report counts consumed units, at most the per-item maximum: 'a graph value of "
        "180,000 ConsumedThroughputUnits indicates that the item was accessed continuously at the per-item maximum "
        "throughput of 1,000 write request units or 3,000 read request units' (contributorinsights_HowItWorks.html, "
        "SOURCES['CI_CONSUMED_THROUGHPUT_UNITS'] for the units). AWS does not say how a partition at its ceiling shares "
        "it among its keys.",
        used_by=("KEY_REFUSAL_SHARE",),
        chapters=("15_diagnosis",),
    ),
    "SPEND_ORDER": Assumption(
        ("token bucket", "burst", "adaptive loan"),
        "",
        why="Each second a provisioned partition is served from its own share first, then from its burst bank, and "
        "only then from what adaptive capacity lends out of the other partitions' unused units. With an instant loan "
        "the order changes little; with a reaction time it decides when the throttled phase starts: only once the "
        "bank is spent (chapter 9's 120 s run).",
        aws_says="AWS describes burst (unused capacity kept for later) and adaptive capacity (more capacity for hot "
        "partitions) separately (burst-adaptive-capacity.html); 002's example says the hot partition first keeps up "
        "on unused burst capacity and is then throttled until adaptive capacity responds, and AWS publishes no rule "
        "for the order.",
        used_by=("SPEND_ORDER",),
        chapters=("09_adaptive",),
    ),
    "ADAPTIVE_DELAY_S": Assumption(
        0.0,
        "s",
        why="By default adaptive capacity lends in the very second a partition is short, as 000 (即時) and 002 "
        "(瞬時) say: the model's best case, which AWS's English page no longer states. Provisioned(adaptive_delay_s="
        "...) gives it a reaction time, which reproduces the throttled phase of AWS's own narrative of its example.",
        aws_says="AWS's English page, read on 2026-12-06, says that adaptive capacity works 'by automatically "
        "increasing throughput capacity for partitions that receive more traffic' (SOURCES['ADAPTIVE_AUTOMATIC_EN']): "
        "no longer 'automatically and instantly', its wording from 2019 (SOURCES['ADAPTIVE_INSTANT_EN']), which 002's "
        "自動的かつ瞬時に still translates; it publishes no reaction time. The same "
        "page's narrative of its example (002's too) has the partition throttled before adaptive capacity responds, "
        "and Elhemali et al. describe the original adaptive capacity as reactive, acting 'only after throttling had "
        "been observed'.",
        used_by=("Provisioned.adaptive_delay_s",),
        chapters=("09_adaptive",),
    ),
    "ADAPTIVE_LOAN_SPLIT": Assumption(
        ("the same second's unused units", "in proportion to what each lacks"),
        "",
        why="Each second adaptive capacity lends only what the token buckets left unused in that same second (nothing "
        "is saved up for the loan; saving is burst's part), and when several partitions are short they split it in "
        "proportion to what each lacks, as chapter 12's INDEX_ADAPTIVE_SPLIT does for index partitions. With one hot "
        "partition, as in chapter 9's examples, the split does not matter; with several, the total lent is the same "
        "under any split that lends everything, and only which partition loses writes changes.",
        aws_says="AWS says adaptive capacity increases throughput capacity for partitions that receive more traffic, "
        "provided that traffic does not exceed the table's total provisioned capacity or the partition maximum "
        "capacity (burst-adaptive-capacity.html); it says nothing of how several hot partitions share the unused "
        "capacity, nor over what period the unused capacity is counted.",
        used_by=("ADAPTIVE_LOAN_SPLIT",),
        chapters=("09_adaptive",),
    ),
    "SHARE_REFUSAL_METRIC": Assumption(
        "KeyRangeThroughputThrottleEvents",
        "",
        why="A partition refused at its share of the table's capacity, before adaptive capacity lends it more, is "
        "limited at the partition, not by the table's total, so the model counts it with the partition limits.",
        aws_says="AWS defines KeyRangeThroughputExceeded as requests to a partition key value above the internal "
        "partition-level limits and ProvisionedThroughputExceeded as the table's or GSI's provisioned capacity "
        "exceeded (API_ThrottlingReason.html); it does not say which one a share-limited partition reports.",
        used_by=("cloudwatch.share_refusals",),
        chapters=("11_capacity_modes", "13_detection"),
    ),
    "DEFAULT_BURST_S": Assumption(
        0.1,
        "s of the partition's rate (the retry model's bucket)",
        why="The retry model admits a partition's work through a token bucket; a bucket of a tenth of a second of "
        "its rate lets that many requests through at one instant, while a bucket of a full second would let a spike "
        "through at twice the ceiling for a second, which the per-second ceiling forbids. The retry model draws on "
        "no burst credit and no adaptive lending: it is the partition at its rate, a worst case.",
        aws_says="AWS states the partition ceilings per second (3,000 RCU, 1,000 WCU) and that burst capacity "
        "reserves a portion of unused capacity for up to 300 seconds (chapter 8); it publishes nothing finer than "
        "a second about how a partition admits requests.",
        used_by=("DEFAULT_BURST_S",),
        chapters=("14_retries",),
    ),
    "SPIKE_MINUTES": Assumption(
        3,
        "one-minute data points",
        why="A short spike must be short next to the 10-minute windows of the chapter's scenarios, and long enough "
        "for a two-minute burst of traffic that straddles a minute boundary (three one-minute data points) to count "
        "as one.",
        aws_says="AWS gives no length: its throttling guide speaks only of throttling events 'that stop after a short "
        "time' (短期間後に停止する), which may mean a split (throttling-key-range-limit-exceeded-mitigation.html).",
        used_by=("diagnose.spike_minutes",),
        chapters=("15_diagnosis",),
    ),
    "SMALL_KEY_SPACE_SHARE": Assumption(
        0.99,
        "share of the traffic",
        why="When the most-accessed report gives no ApproximateUniqueCount (the distinct keys it saw, which settles "
        "the question when it is there), the key space counts as small if the keys it lists carry nearly all the "
        "traffic: it fits in the list, a low-cardinality key. 99% leaves room for a stray key outside the list.",
        aws_says="AWS sets no threshold; Contributor Insights lists the most accessed and most throttled keys.",
        used_by=("diagnose.small_key_space",),
        chapters=("15_diagnosis",),
    ),
    "ONE_KEY_SHARE": Assumption(
        0.5,
        "share of the throttled requests",
        why="One key carrying at least half of the throttled requests of a scope (the table or one index) "
        "dominates every other key together: it is the cause, unless the key space is small (listed whole, or "
        "SMALL_KEY_SPACE_SHARE): then its few values are.",
        aws_says="AWS sets no threshold; Contributor Insights lists the most throttled keys with their counts.",
        used_by=("diagnose.one_key",),
        chapters=("15_diagnosis",),
    ),
    "FEW_KEYS_SHARE": Assumption(
        0.5,
        "share of the throttled requests",
        why="If the most-throttled keys Contributor Insights lists carry half the throttled requests, a few keys "
        "share the heat: a low-cardinality key, unless ApproximateUniqueCount shows a large key space; then the "
        "fewest listed keys that carry half are several hot keys, each named with the single-key remedy (shard or "
        "cache each). Below half the throttling is spread over a long tail of keys.",
        aws_says="AWS sets no threshold; Contributor Insights lists the most throttled keys with their counts.",
        used_by=("diagnose.few_keys",),
        chapters=("15_diagnosis",),
    ),
    "AT_CAPACITY_SHARE": Assumption(
        0.9,
        "share of the provisioned capacity (or of the on-demand maximum or quota)",
        why="When an export lacks the reason metrics, a table or index throttling while its consumed capacity of one "
        "kind is at least 90% of what it may serve of that kind (reads and writes apart; consumed, not offered, in "
        "both modes: a capped table serves at most its cap) reads as the limit reached; "
        "below that it had capacity to spare, so a partition ran out. One-minute averages hide peaks within the "
        "minute, hence a share below 1.",
        aws_says="AWS gives every throttle a reason with its own metric (TroubleshootingThrottling.html: 'Each "
        "reason for throttling corresponds to specific CloudWatch metrics'); it sets no utilisation threshold, and "
        "the reason metric settles the question.",
        used_by=("diagnose.at_capacity",),
        chapters=("15_diagnosis",),
    ),
    "MATERIAL_SHARE": Assumption(
        0.05,
        "share of all the throttle events (every scope and kind)",
        why="The diagnosis attributes every throttle event to a cause on a scope and kind (the table's writes, an "
        "index's reads) and reports each cause on each scope and kind carrying at least 5% of them as a finding of "
        "its own, with its evidence, remedy and confidence; a cause's reads and writes stay apart, since their "
        "remedies differ (a write capacity or a read capacity, each with its own number). Smaller ones are listed "
        "apart, so two causes at once (a hot index key and an under-provisioned table) give two findings while a "
        "stray minute of another cause is listed apart, not as a finding.",
        aws_says="AWS gives every throttle a reason with its own metric (TroubleshootingThrottling.html: 'Each "
        "reason for throttling corresponds to specific CloudWatch metrics') and sets no share at which a reason "
        "matters.",
        used_by=("MATERIAL_SHARE",),
        chapters=("15_diagnosis", "16_your_table"),
    ),
    "EXPORT_BACKFILL_METRICS": Assumption(
        "OnlineIndex metrics only",
        "",
        why="The course's exporter writes an index being built with its simulated writes and refusals in "
        "OnlineIndexConsumedWriteCapacity and OnlineIndexThrottleEvents (sums at five minutes), its progress rising "
        "evenly, and no data point in its own ConsumedWriteCapacityUnits and WriteThrottleEvents, so the generative "
        "test exercises the reading of a backfill the way a real export shows one.",
        aws_says="AWS documents each metric (metrics-dimensions.html: OnlineIndexThrottleEvents 'The number of "
        "write throttle events that occur when adding a new global secondary index to a table'), not how a "
        "backfill's writes divide between them and the index's other metrics.",
        used_by=("EXPORT_BACKFILL_METRICS",),
        chapters=("16_your_table",),
    ),
    "HOT_KEY_TRAFFIC_SHARE": Assumption(
        0.5,
        "share of the traffic Contributor Insights counts",
        why="Without the most-throttled report, the key with the busiest minute is taken to be the hot key if it "
        "carries on average at least half of the traffic in the minutes the scope (the table or an index) throttles; "
        "a key consuming at least AT_CAPACITY_SHARE of a partition's 1,000 WCU/s or 3,000 RCU/s is named whatever its "
        "share (a key cannot consume more than its partition serves). The report's units are divided by 3 for a "
        "write-throttled scope, which takes the key's traffic to be writes (for reads, the units are taken to be "
        "reads); where the scope consumed the other kind too while it throttled, a key at a partition's worth is "
        "named at high confidence only if it stays there with every unit of the other kind in the minute taken from "
        "it, else at medium, if its traffic is of the throttled kind. Each minute's whole traffic is the scope's, "
        "from its consumed-capacity metrics as 3 x "
        "ConsumedWriteCapacityUnits + ConsumedReadCapacityUnits, AWS's formula, the same in both capacity modes, "
        "since a key's units count its reads and writes together; where only one kind's consumption was exported, "
        "the other adds nothing, so the total is a lower bound and the share an upper bound (never below the listed "
        "keys' sum).",
        aws_says="AWS sets no threshold. Contributor Insights ranks keys by ConsumedThroughputUnits, '(3 x consumed "
        "write capacity units) + consumed read capacity units' in provisioned mode and '(3 x write request units) + "
        "read request units' in on-demand mode, and for DynamoDB's rules 'only "
        "MaxContributorValue and Maximum return useful statistics' (contributorinsights_HowItWorks.html), so the "
        "report gives no total.",
        used_by=("diagnose.hot_key_share",),
        chapters=("15_diagnosis",),
    ),
    "KEY_COUNT_TOLERANCE": Assumption(
        0.05,
        "fraction of one kind's throttle events",
        why="Where a scope throttles both reads and writes, the most-throttled report counts the key's throttled "
        "requests of both kinds together, so whatever key it names for one kind is named at medium confidence, if its "
        "count is of these requests. A key whose count is at least ONE_KEY_SHARE of one kind's throttle events, and "
        "above them by at most 5% of them, is read as that kind's hot key. The report counts the errors a key's "
        "requests got, the metric counts throttle events, so the two need not agree exactly (a batch's partial "
        "throttle raises no error; a write with indexes is one error but may be several events). A count further "
        "above is not one kind's alone: the key is then read by its share of both kinds' throttled requests "
        "together (ONE_KEY_SHARE).",
        aws_says="AWS calls the report's data points 'the count of throttle events' ('each data point in the graph "
        "represents the count of throttle events over a 1-minute period'), but defines ThrottleCount as 'the count "
        "of ProvisionedThroughputExceededException, ThrottlingException, and RequestLimitExceeded errors' "
        "(contributorinsights_HowItWorks.html); the two differ for batches and for writes with indexes, so they need "
        "not agree exactly.",
        used_by=("KEY_COUNT_TOLERANCE",),
        chapters=("15_diagnosis",),
    ),
    "GSI_OPEN_SHARE": Assumption(
        0.6,
        "share of the orders",
        why="A scenario input: a status index whose hottest value holds most of the items, so one index partition "
        "is above its ceiling while the table and the index have capacity to spare.",
        aws_says="AWS's GSI throttling page (gsi-throttling.html) takes an index keyed by status as its example of "
        "a hot index partition over an evenly accessed table, and gives no share of items per status.",
        used_by=("scenario.open_share",),
        chapters=("15_diagnosis",),
    ),
    # --- assumptions: sharding beyond DynamoDB (chapters 18-22)
    "MIGRATION_DEPLOY_H": Assumption(
        2.0,
        "h",
        why="Two hours to roll out the dual-write code to every application server before the backfill starts. A "
        "scenario input of chapter 20's timeline, not a measured figure; it does not depend on the data moved.",
        aws_says="Nothing: a live resharding is the application's (or Vitess's) procedure, and neither 003 nor the "
        "Vitess documentation gives a deployment time.",
        used_by=("MigrationPlan.deploy_h",),
        chapters=("20_migration",),
    ),
    "MIGRATION_DELETE_AT_COPY_RATE": Assumption(
        None,
        "GB/h (None stands for the backfill's rate)",
        why="Deleting the old copy row by row, at the backfill's rate, so that it takes as long as the copy. That is "
        "the slow case: a placement that owns whole tables or whole shards can drop them in minutes, and Vitess "
        "deletes the source shards once traffic has moved. Pass delete_gb_per_h to model a faster deletion.",
        aws_says="Nothing; 003 lists deleting the old data as the last step, without a rate, and Vitess says only "
        "that 'the source shards are deleted'.",
        used_by=("MigrationPlan.delete_gb_per_h",),
        chapters=("20_migration",),
    ),
    "MIGRATION_SWITCH_H": Assumption(
        24.0,
        "h",
        why="A read ramp of one day: long enough to move reads over in stages and watch a daily traffic cycle on "
        "the new placement. A scenario input of chapter 20's timeline, not a measured figure.",
        aws_says="Nothing: a live resharding is the application's (or Vitess's) procedure, and neither 003 nor the "
        "Vitess documentation gives a duration for switching reads; 003 says the whole step takes days to weeks.",
        used_by=("MigrationPlan.switch_h",),
        chapters=("20_migration",),
    ),
    "MIGRATION_BAKE_H": Assumption(
        72.0,
        "h",
        why="Three days with the old copy kept current as a fallback after reads have moved, so that a problem "
        "found over a few daily cycles can be rolled back by switching reads back. 003's list goes from the read "
        "switch straight to deleting the old data; the fallback period is the course's addition.",
        aws_says="Nothing; 003 lists dual writes, backfill, verification, the read switch and deletion, with no "
        "waiting period, and says the work takes days to weeks.",
        used_by=("MigrationPlan.bake_h",),
        chapters=("20_migration",),
    ),
    # --- assumptions: your own table (chapter 16)
    "ON_DEMAND_PEAK_REASON_METRIC": Assumption(
        "none (ThrottleEvents only)",
        "",
        why="The simulator counts the refusals of on-demand traffic past double its previous peak in ThrottleEvents "
        "only, under no reason metric, because AWS names no reason for them; the diagnosis reads such unattributed "
        "events on an on-demand table as growth past the previous peak. A real export may count the same refusals "
        "under a reason, most likely key range (the table lacks partitions): the diagnosis then reads key-range "
        "events spread over many keys, on an on-demand table whose traffic grew past double as it began to throttle, "
        "as the same cause.",
        aws_says="AWS says each throttling reason corresponds to specific CloudWatch metrics "
        "(SOURCES['EVERY_REASON_HAS_A_METRIC']) and that throttling can occur past twice the previous peak within 30 "
        "minutes (pre-warming-on-demand-capacity-mode.html); it does not say which reason that throttling carries.",
        used_by=("ON_DEMAND_PEAK_REASON_METRIC",),
        chapters=("15_diagnosis",),
    ),
    "OVERLOAD_REFUSAL_METRIC": Assumption(
        "KeyRangeThroughputThrottleEvents",
        "reason metric",
        why="When a provisioned table is offered more than its capacity and burst carries its partitions up to their "
        "ceiling, the simulator counts what is refused above each partition's ceiling as key-range events, as for "
        "any refusal above the ceiling; the short-spike scenario (6,000 WCU/s offered to 2,000 provisioned on 4 "
        "partitions) therefore shows only key-range events. AWS could as well report part of it as provisioned "
        "throughput exceeded; the spike rule reads the minutes with any throttling, not the reason, so its verdict "
        "does not depend on this choice, only the fingerprint drawn in the figure does.",
        aws_says="AWS defines KeyRangeThroughputExceeded as traffic above a partition's limits and "
        "ProvisionedThroughputExceeded as the table's or index's provisioned capacity exceeded "
        "(API_ThrottlingReason.html); it does not say which one a request above both reports.",
        used_by=("OVERLOAD_REFUSAL_METRIC",),
        chapters=("15_diagnosis",),
    ),
    "STRATEGY_INITIAL_KEYS": Assumption(
        50_000,
        "keys",
        why="Keys present when the range boundaries are chosen (at their quantiles): enough for boundaries that "
        "split them evenly over any shard count the chapter uses. A scenario input of chapter 18's tables.",
        aws_says="Nothing: 003 gives an example of three ranges, not a key count.",
        used_by=("INITIAL_KEYS",),
        chapters=("18_strategies",),
    ),
    "STRATEGY_KEYS_PER_DAY": Assumption(
        5_000,
        "keys a day",
        why="New keys a day after the boundaries are set: a tenth of the initial keys, so that 30 days of growth "
        "triple the data and the last range shard's pile-up shows. A scenario input.",
        aws_says="Nothing: a workload, not a published figure.",
        used_by=("KEYS_PER_DAY",),
        chapters=("18_strategies",),
    ),
    "GEO_REGION_SHARES": Assumption(
        (0.5, 0.3, 0.2),
        "share of users per region",
        why="Three regions of unequal size, to show that geo shards are as uneven as the user base. A scenario input.",
        aws_says="Nothing: 003 names geo sharding without figures.",
        used_by=("GEO_REGION_SHARES",),
        chapters=("18_strategies",),
    ),
    "GEO_LOCAL_MS": Assumption(
        5.0,
        "ms",
        why="A query answered in the user's own region: a few milliseconds, a round trip within a region. A "
        "scenario input, not a measurement.",
        aws_says="Nothing: 003 says geo sharding optimises latency, without figures.",
        used_by=("GEO_LOCAL_MS",),
        chapters=("18_strategies",),
    ),
    "GEO_REMOTE_MS": Assumption(
        (5.0, 80.0, 150.0),
        "ms from the first region",
        why="Latency to each region from the first: itself, a neighbouring continent, the far side of the world "
        "(orders of magnitude of inter-region round trips). A cross-region query waits for the farthest. A scenario "
        "input, not a measurement.",
        aws_says="Nothing: 003 says cross-region queries are complex, without figures.",
        used_by=("GEO_REMOTE_MS",),
        chapters=("18_strategies",),
    ),
    "DIRECTORY_LOOKUP_AVAILABILITY": Assumption(
        0.999,
        "probability",
        why="Three nines for the lookup service, a common availability target for one service; the directory's "
        "single point of failure shows in every cache miss.",
        aws_says="Nothing: 003 says the directory is a single point of failure, without figures.",
        used_by=("DirectorySharding.lookup_availability",),
        chapters=("18_strategies",),
    ),
    "DIRECTORY_CACHE_HIT_RATE": Assumption(
        0.9,
        "probability",
        why="Clients cache nine placements in ten: a round figure for a warm cache; new keys always miss.",
        aws_says="Nothing: a scenario input.",
        used_by=("DirectorySharding.cache_hit_rate",),
        chapters=("18_strategies",),
    ),
    "DIRECTORY_BLOCK_KEYS": Assumption(
        1024,
        "keys",
        why="The directory maps blocks of consecutive keys, not single keys, to keep the table small; 1,024 is a "
        "round power of two, small against a day's keys so that a day spans several blocks.",
        aws_says="Nothing: 003 describes a lookup table from key to shard, without a granularity.",
        used_by=("DirectorySharding.block_keys",),
        chapters=("18_strategies",),
    ),
    "NODE_LOAD_ADDS_READS_AND_WRITES": Assumption(
        True,
        "",
        why="A node (the primary or a read replica) serves reads and applies writes with one machine, so its load "
        "is the share of its read capacity the reads use plus the share of its write capacity the writes use; a "
        "replica applies every write, so its load includes all of them. A linear model: a real node's reads and "
        "writes compete for CPU, I/O and locks in ways that depend on the engine. That a replica applies every write "
        "holds for replicas that replay the primary's log, as RDS MySQL and PostgreSQL read replicas do; an Aurora "
        "replica shares the writer's storage volume, so there the writer alone carries the writes and is the "
        "binding node (the conclusion is the same: the writer stays at the write load). Indexes are left out: an "
        "index makes a query cheaper and adds work to every write.",
        aws_says="003 lists read replicas among the ways to avoid sharding, without a load model. For Aurora, AWS "
        "says the writer 'performs all of the data modifications to the cluster volume' and a replica 'Connects to "
        "the same storage volume as the primary DB instance but supports only read operations' "
        "(Aurora.Overview.html, SHARDING_AURORA_REPLICA_SHARED_VOLUME).",
        used_by=("NODE_LOAD_ADDS_READS_AND_WRITES",),
        chapters=("22_pitfalls",),
    ),
    "WHATIF_CAPACITY_PARTITIONS": Assumption(
        "estimate_partitions",
        "",
        why="The what-if's 'more capacity' replay runs on the partitions chapter 1's historical rule gives for the "
        "raised capacity (hp.estimate_partitions: ceil(RCU/3000 + WCU/1000), never fewer than the table has, since "
        "partitions do not merge), with every key placed by the same hash over the new count; the other keys' load "
        "is shared out over the new partitions in proportion to their units over the log, keeping each old "
        "partition's minute-by-minute shape. A table already at 1,000 WCU/s a partition gains partitions when its "
        "capacity doubles, which moves cold neighbours off a hot key's partition; the hot key itself stays above "
        "its ceiling. capacity_partitions='same' replays the old choice (the table's own partitions).",
        aws_says="003 says partitions are added when throughput is raised past what the partitions hold "
        "(SOURCES['PARTITIONS_ADDED_003']); AWS no longer publishes how many, nor which keys move (chapter 1).",
        used_by=("WHATIF_CAPACITY_PARTITIONS", "what_if.capacity_partitions"),
        chapters=("16_your_table",),
    ),
    "ZIPF_MAX_KS": Assumption(
        0.05,
        "largest distance between cumulative shares",
        why="A Zipf fit is useful when the fitted curve tracks the observed share of requests held by the top r "
        "keys to within a few points at every rank; 5 points separates generated Zipf logs (under 3) from a "
        "two-level popularity (about 20) in the tests. A KS distance, not a test statistic: with millions of "
        "requests any real log would fail a significance test.",
        aws_says="Nothing: key popularity is the application's, and neither AWS nor the sources fit a model to it.",
        used_by=("fit_zipf.max_ks",),
        chapters=("16_your_table",),
    ),
    "ZIPF_MIN_EXPONENT": Assumption(
        0.3,
        "Zipf exponent",
        why="Uniform popularity is Zipf with exponent 0, and ranking keys by their observed counts gives a flat "
        "log a small positive exponent, larger the sparser the log (chapter 16 computes it with zipf_coverage at "
        "exponent 0); below 0.3 the course calls popularity flat rather than Zipf. On a very sparse flat log the "
        "exponent passes 0.3, and the KS distance (ZIPF_MAX_KS), not this threshold, rejects the fit.",
        aws_says="Nothing: AWS does not model key popularity.",
        used_by=("fit_zipf.min_exponent",),
        chapters=("16_your_table",),
    ),
    "ZIPF_CONFIDENCE": Assumption(
        0.95,
        "confidence level",
        why="The usual level for a confidence interval; the interval is the normal approximation from the "
        "Fisher information and covers sampling noise only, not the bias of ranking keys by observed counts.",
        aws_says="Nothing: a statistical convention.",
        used_by=("fit_zipf.confidence",),
        chapters=("16_your_table",),
    ),
    "WHATIF_REST_KEYS": Assumption(
        64,
        "keys",
        why="The keys outside a profile's hottest are replayed as this many stand-in keys, shared out over the "
        "partitions (at least one each), each named so that it hashes to its partition and carrying its share of "
        "that partition's other keys: cold load keeps its partition, and a split for heat still has several keys "
        "to separate. Few enough to simulate quickly.",
        aws_says="Nothing: a resolution of the replay.",
        used_by=("WHATIF_REST_KEYS",),
        chapters=("16_your_table",),
    ),
    "WHATIF_SHARD_ABOVE": Assumption(
        500.0,
        "WCU/s (peak minute of one key)",
        why="The what-if shards the keys whose busiest minute is above half a partition's write ceiling: such a "
        "key fills half a partition on its own, so it throttles as soon as its neighbours are busy.",
        aws_says="Nothing: AWS's write-sharding guidance gives no rate at which to shard a key.",
        used_by=("what_if.shard_above",),
        chapters=("16_your_table",),
    ),
    "SAMPLE_TABLE": Assumption(
        {"partitions": 8, "wcu": 8_000, "keys": 2_000, "zipf": 1.2, "offered": 6_000, "minutes": 10},
        "partitions, WCU/s, keys, exponent, WCU/s, minutes",
        why="The chapter's sample table: a provisioned table with room to spare whose customers' writes follow "
        "Zipf popularity, steep enough that the hottest key alone is above one partition's ceiling.",
        aws_says="Nothing: a scenario input, not a measurement of a real table.",
        used_by=("SAMPLE_TABLE",),
        chapters=("16_your_table",),
    ),
    "SAMPLE_LOG_RATE": Assumption(
        0.005,
        "share of requests logged",
        why="The sample access log records one request in 200, as an application that samples its request log "
        "would; it keeps the committed file small.",
        aws_says="Nothing: DynamoDB keeps no per-request log of item keys; the log is the application's.",
        used_by=("SAMPLE_LOG_RATE",),
        chapters=("16_your_table",),
    ),
}

# --- sources: access logs on Spark and Athena (issue 40)
# What the profile's query (hotpart/models/sql/log_profile.sql) needs of Athena. tests/test_spark.py runs it on Spark
# and compares with DuckDB; Athena is not tested (it needs an AWS account): AWS says its engine follows Trino, and
# Trino's documentation is quoted for each function and clause the query uses. Read 2026-12-04.
_DATE_ISSUE40 = "2026-12-04"
SOURCES["ATHENA_ENGINE_TRINO"] = Source(
    "AWS, Amazon Athena User Guide, Athena engine version 3",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/engine-versions-reference-0003.html",
    "For an exhaustive list of SQL query operators and functions, refer to the Trino documentation.",
)
SOURCES["TRINO_DATE_TRUNC"] = Source(
    "Trino documentation, Date and time functions: date_trunc (the table's minute row: 2001-08-22 03:04:00.000)",
    _DATE_ISSUE40,
    "https://trino.io/docs/current/functions/datetime.html",
    "Returns x truncated to unit",
)
SOURCES["TRINO_COUNT_STAR"] = Source(
    "Trino documentation, Aggregate functions: count(*) -> bigint",
    _DATE_ISSUE40,
    "https://trino.io/docs/current/functions/aggregate.html",
    "Returns the number of input rows.",
)
SOURCES["TRINO_SUM"] = Source(
    "Trino documentation, Aggregate functions: sum(x), of the same type as its input",
    _DATE_ISSUE40,
    "https://trino.io/docs/current/functions/aggregate.html",
    "Returns the sum of all input values.",
)
SOURCES["TRINO_GROUP_BY_ORDINAL"] = Source(
    "Trino documentation, SELECT: GROUP BY clause",
    _DATE_ISSUE40,
    "https://trino.io/docs/current/sql/select.html",
    "A simple GROUP BY clause may contain any expression composed of input columns or it may be an ordinal number "
    "selecting an output column by position (starting at one).",
)
SOURCES["ATHENA_RESULTS_CSV"] = Source(
    "AWS, Amazon Athena User Guide, Find query output files in Amazon S3: query results files",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/querying-finding-output-files.html",
    "DML query results files are saved in comma-separated values (CSV) format.",
)
SOURCES["ATHENA_UNLOAD_FILES"] = Source(
    "AWS, Amazon Athena User Guide, UNLOAD: considerations and limitations",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/unload.html",
    "UNLOAD results are written to multiple files in parallel.",
)
SOURCES["ATHENA_NOT_ALL_TRINO"] = Source(
    "AWS, Amazon Athena User Guide, DML queries, functions, and operators",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/dml-queries-functions-operators.html",
    "The Athena DML query engine generally supports Trino and Presto syntax and adds its own improvements. Athena "
    "does not support all Trino or Presto features.",
)
SOURCES["ATHENA_UNLOAD_FORMAT"] = Source(
    "AWS, Amazon Athena User Guide, UNLOAD: parameters, format",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/unload.html",
    "Required. Specifies the file format of the output. Possible values for file_format are ORC, PARQUET, AVRO, JSON, "
    "or TEXTFILE.",
)
SOURCES["ATHENA_UNLOAD_TEXT_GZIP"] = Source(
    "AWS, Amazon Athena User Guide, UNLOAD: parameters, compression",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/unload.html",
    "Athena uses gzip for the JSON and TEXTFILE formats.",
)
SOURCES["ATHENA_UNLOAD_DELIMITER"] = Source(
    "AWS, Amazon Athena User Guide, UNLOAD: parameters, field_delimiter",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/unload.html",
    "If you do not specify a field delimiter, the octal character \\001 (^A) is used.",
)
SOURCES["ATHENA_QUERY_METADATA_FILES"] = Source(
    "AWS, Amazon Athena User Guide, Find query output files in Amazon S3: query metadata files (QueryID.csv.metadata)",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/querying-finding-output-files.html",
    "DML and DDL query metadata files are saved in binary format and are not human readable.",
)
SOURCES["ATHENA_DDL_RESULTS_TEXT"] = Source(
    "AWS, Amazon Athena User Guide, Find query output files in Amazon S3: query results files (QueryID.txt)",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/querying-finding-output-files.html",
    "DDL query results are saved as plain text files.",
)
SOURCES["ATHENA_MANAGED_QUERY_RESULTS"] = Source(
    "AWS, Amazon Athena API Reference, ManagedQueryResultsConfiguration: Enabled (results in Athena owned storage)",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/APIReference/API_ManagedQueryResultsConfiguration.html",
    "A workgroup cannot have the ResultConfiguration$OutputLocation parameter when you set this field to true.",
)
SOURCES["TRINO_AT_TIME_ZONE"] = Source(
    "Trino documentation, Date and time functions and operators: time zone conversion (its example prints "
    "2012-10-31 01:00:00.000 UTC)",
    _DATE_ISSUE40,
    "https://trino.io/docs/current/functions/datetime.html",
    "The AT TIME ZONE operator sets the time zone of a timestamp:",
)
SOURCES["ATHENA_UNLOAD_EMPTY_TO"] = Source(
    "AWS, Amazon Athena User Guide, UNLOAD: syntax (note on the TO destination), in the guide's archived GitHub edition. "
    "The current page, read on 2026-12-04 in its Chinese edition (docs.aws.amazon.com/zh_cn/athena/latest/ug/unload.html), "
    "opens the same sentence with 'except when writing to partitions'; the chapter's UNLOAD writes no partitions",
    _DATE_ISSUE40,
    "https://github.com/awsdocs/amazon-athena-user-guide/blob/main/doc_source/unload.md",
    "The TO destination must specify a location in Amazon S3 that has no data.",
)
# Athena's DuckDB engine (Preview): the chapter's Athena route is for engine version 3 (Trino), the default engine.
SOURCES["ATHENA_DUCKDB_PREVIEW"] = Source(
    "AWS, Amazon Athena User Guide, Amazon Athena, powered by DuckDB: Regions and availability",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/duckdb-availability.html",
    "Amazon Athena, powered by DuckDB is available in Preview in the following AWS Regions.",
)
SOURCES["ATHENA_DEFAULT_ENGINE_V3"] = Source(
    "AWS, Amazon Athena User Guide, Amazon Athena, powered by DuckDB: Workgroups and query controls",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/duckdb-workgroups.html",
    "If you create a workgroup without an engine version, Athena uses automatic engine selection, which runs queries "
    "on Athena engine version 3.",
)
SOURCES["ATHENA_DUCKDB_MANAGED_RESULTS"] = Source(
    "AWS, Amazon Athena User Guide, Amazon Athena, powered by DuckDB: Choose where query results are stored",
    _DATE_ISSUE40,
    "https://docs.aws.amazon.com/athena/latest/ug/duckdb-query-results-storage.md",
    "A DuckDB workgroup uses managed query results by default.",
)
# Round-5 review 16-C (read 2026-12-06): one query at a time can run on DuckDB from an engine version 3 workgroup.
SOURCES["ATHENA_DUCKDB_ENGINE_OVERRIDE"] = Source(
    "AWS, Amazon Athena User Guide, Amazon Athena, powered by DuckDB: Override the engine for a single query",
    "2026-12-06",
    "https://docs.aws.amazon.com/athena/latest/ug/duckdb-engine-override.html",
    "You can run a single query on a different engine without changing the workgroup. From an Athena engine version 3 "
    "workgroup, you can run a query on DuckDB.",
)
SOURCES["ATHENA_DUCKDB_CLI_VERSIONS"] = Source(
    "AWS, Amazon Athena User Guide, Amazon Athena, powered by DuckDB: Ways to work with DuckDB",
    "2026-12-06",
    "https://docs.aws.amazon.com/athena/latest/ug/duckdb-access.html",
    "AWS CLI and SDK versions released before December 1, 2026 don't include the EngineVersion parameter of "
    "StartQueryExecution or the GetQueryResultStream operation.",
)
ASSUMPTIONS["LOG_SQL_UNTESTED_ENGINES"] = Assumption(
    ("Athena engine version 3 (Trino)",),
    "",
    why="The profile's query is tested on DuckDB (every profile) and on Spark SQL in local mode (tests/test_spark.py, "
    "row for row against DuckDB), not on Athena, which needs an AWS account. It uses date_trunc('minute', ts), "
    "COUNT(*), SUM(units) and GROUP BY 1, 2, each documented by Trino as the query uses it (quoted above), and "
    "Athena's engine follows Trino's functions, though not all of Trino's features (quoted above). The results file "
    "is assumed to be a CSV whose header row names the query's columns and whose timestamps read as Trino prints them "
    "(2001-08-22 03:04:00.000); quoted or not, profile_log(aggregated=True) reads it. A minute written with its zone "
    "is converted to UTC when the zone is an offset, Z or UTC, and refused when it is a zone name; one without a zone "
    "is read as UTC. An UNLOAD's output is read in Parquet only; its other formats, files that are not the query's "
    "output and columns of the wrong type are refused in one line naming the file, never misread. The route is for "
    "Athena engine version 3, the engine a workgroup created without one runs; a workgroup on Athena's DuckDB engine "
    "(Preview) keeps its results in managed storage by default (quoted above), and is not part of it.",
    aws_says='Athena engine version 3 refers to the Trino documentation for its functions, with a caveat: "Athena '
    "does not support all Trino or Presto features.\" (DML queries, functions, and operators). It saves a query's "
    "results as CSV, beside a binary metadata file, and "
    "writes UNLOAD's results to several files in the format named, gzip text for TEXTFILE and JSON (quoted above). "
    "It does not show the CSV's header or timestamp format.",
    used_by=("LOG_SQL_UNTESTED_ENGINES",),
    chapters=("16_your_table",),
)
# --- sources: chapter 14 round 4 (2026-12-04)
# The Java 2.x DynamoDB client's retries (it still defaults to legacy mode), the botocore opt-in window before
# 1.44.0, and the quota a retried request that succeeds gives back (chapter 14).
_DATE_CH14_R4 = "2026-12-04"
_JAVA_V2_BLOB = "https://github.com/aws/aws-sdk-java-v2/blob/"
_JAVA_V2_DDB_POLICY = (
    _JAVA_V2_BLOB + "07c0c616ac480a3f055586e457a7297c74f9613c/services/dynamodb/src/main/java/software/amazon/awssdk/"
    "services/dynamodb/DynamoDbRetryPolicy.java"
)
_JAVA_V2_RETRY_SETTING = (
    _JAVA_V2_BLOB + "276b682ffd5992ca63987e7d05ffceff332d4a99/core/sdk-core/src/main/java/software/amazon/awssdk/core/"
    "internal/retry/SdkDefaultRetrySetting.java"
)
#: Retries the Java 2.x DynamoDB client makes after the first attempt, in legacy and standard mode alike, unless
#: AWS_NEW_RETRIES_2026=true (then 4 attempts in all); its attempts are this plus one.
JAVA_V2_DYNAMODB_MAX_RETRIES: Final[int] = 8
#: The Java 2.x DynamoDB client's base delay, seconds (Full Jitter, doubling).
JAVA_V2_DYNAMODB_BASE_S: Final[float] = 0.025
#: Java 2.x's cap on one backoff sleep, seconds (SdkDefaultRetrySetting.MAX_BACKOFF, which DynamoDB's policy uses).
JAVA_V2_MAX_BACKOFF_S: Final[float] = 20.0
#: Java 2.x's general base delay after a throttling error, seconds (DynamoDB's policy sets none of its own).
JAVA_V2_LEGACY_THROTTLED_BASE_S: Final[float] = 0.5
#: Tokens a throttled retry takes from the Java 2.x token bucket in legacy mode.
JAVA_V2_LEGACY_THROTTLE_TOKEN_COST: Final[int] = 0
__all__ += [
    "JAVA_V2_DYNAMODB_MAX_RETRIES",
    "JAVA_V2_DYNAMODB_BASE_S",
    "JAVA_V2_MAX_BACKOFF_S",
    "JAVA_V2_LEGACY_THROTTLED_BASE_S",
    "JAVA_V2_LEGACY_THROTTLE_TOKEN_COST",
]  # chapter 14 glues them
SOURCES["JAVA_V2_DYNAMODB_MAX_RETRIES"] = Source(
    "AWS SDK for Java 2.x, services/dynamodb, DynamoDbRetryPolicy (commit 07c0c61, with the AWS_NEW_RETRIES_2026 "
    "opt-in): the DynamoDB client's retries and attempts in either retry mode while the 2026 update is not enabled "
    "(Java 2.x keeps its legacy default: SOURCES['BOTOCORE_STANDARD_DEFAULT_SINCE'])",
    _DATE_CH14_R4,
    _JAVA_V2_DDB_POLICY,
    quote="Default max retry count for DynamoDB client, regardless of retry mode. **/ private static final int "
    "MAX_ERROR_RETRY_V20 = 8; … private static final int MAX_ATTEMPTS_V20 = MAX_ERROR_RETRY_V20 + 1;",
)
SOURCES["JAVA_V2_DYNAMODB_BASE_S"] = Source(
    "AWS SDK for Java 2.x, services/dynamodb, DynamoDbRetryPolicy (commit 07c0c61): the DynamoDB client's backoff, "
    "Full Jitter on a 25 ms base capped at SdkDefaultRetrySetting.MAX_BACKOFF; the policy sets no throttling "
    "backoff of its own",
    _DATE_CH14_R4,
    _JAVA_V2_DDB_POLICY,
    quote="private static final Duration BASE_DELAY = Duration.ofMillis(25); … FullJitterBackoffStrategy.builder() "
    ".baseDelay(BASE_DELAY) .maxBackoffTime(SdkDefaultRetrySetting.MAX_BACKOFF) .build();",
)
SOURCES["JAVA_V2_MAX_BACKOFF_S"] = Source(
    "AWS SDK for Java 2.x, core/sdk-core, SdkDefaultRetrySetting (commit 276b682): the cap on one sleep",
    _DATE_CH14_R4,
    _JAVA_V2_RETRY_SETTING,
    quote="public static final Duration MAX_BACKOFF = Duration.ofMillis(20_000);",
)
SOURCES["JAVA_V2_LEGACY_THROTTLED_BASE_S"] = Source(
    "AWS SDK for Java 2.x, core/sdk-core, SdkDefaultRetrySetting (commit 276b682): the general base delay after a "
    "throttling error (the tracking issue's legacy 'Throttling base delay|500 ms', SOURCES['SDK_JAVA_V2_BEFORE_2026'])",
    _DATE_CH14_R4,
    _JAVA_V2_RETRY_SETTING,
    quote="public static final Duration THROTTLED_BASE_DELAY = Duration.ofMillis(500);",
)
SOURCES["GSI_READS_EVENTUALLY_CONSISTENT"] = Source(
    "AWS, DynamoDB developer guide, Read consistency (read in the amazonaws.cn copy of the page): a query on a GSI "
    "cannot be strongly consistent",
    _DATE_CH08_R4,
    _DEV_GUIDE + "HowItWorks.ReadConsistency.html",
    quote="All reads from GSIs and streams are eventually consistent.",
)
SOURCES["THROTTLED_REQUESTS_DIMENSIONS"] = Source(
    "AWS, DynamoDB metrics and dimensions, ThrottledRequests, in the awsdocs/amazon-dynamodb-developer-guide copy "
    "at its last update (2023-06-15, commit 8229480): the metric's dimensions are the table and the operation",
    _DATE_CH08_R4,
    "https://github.com/awsdocs/amazon-dynamodb-developer-guide/blob/822948021fcd815a33c040fb6cce5fa0d4127df4/"
    "doc_source/metrics-dimensions.md",
    quote="Dimensions: `TableName, Operation`",
)
# chapter 14, round-5 review (14.1): what DynamoDB's 25 ms base is for, read in the code, which the course follows
SOURCES["JAVA_V2_DDB_SETS_ONLY_BACKOFF"] = Source(
    "AWS SDK for Java 2.x, services/dynamodb, DynamoDbRetryPolicy.resolveRetryStrategy (commit 07c0c61): the "
    "DynamoDB client's strategy replaces the attempts and the backoff of non-throttling errors only; a throttling "
    "error keeps the legacy strategy's own backoff (SOURCES['JAVA_V2_LEGACY_THROTTLING_BACKOFF'], 500 ms), not the "
    "policy's 25 ms base",
    "2026-12-06",
    _JAVA_V2_DDB_POLICY,
    quote="return AwsRetryStrategy.forRetryMode(retryMode, newRetries2026Enabled) .toBuilder() "
    ".maxAttempts(maxAttempts) .backoffStrategy(exponentialDelay(BASE_DELAY, SdkDefaultRetrySetting.MAX_BACKOFF)) "
    ".build();",
)
SOURCES["JAVA_V2_DDB_2026_BASE_DELAY_EXISTING"] = Source(
    "AWS SDK for Java 2.x, pull request #6917 (merged 2026-04), Update DDB retry policy with v2.1 constants: "
    "DynamoDB's 25 ms is its existing base delay, the one DynamoDbRetryPolicy sets",
    "2026-12-06",
    "https://github.com/aws/aws-sdk-java-v2/pull/6917",
    quote="In 2.1: - base delay : 25ms (existing) - max attempts: 4 (down from 9)",
)
SOURCES["JAVA_V2_LEGACY_THROTTLING_BACKOFF"] = Source(
    "AWS SDK for Java 2.x, core/retries, LegacyRetryStrategy (commit 2b28874): in legacy mode a throttling error "
    "has its own backoff, which DynamoDbRetryPolicy does not replace (it sets only backoffStrategy, the backoff of "
    "other errors)",
    _DATE_CH08_R4,
    _JAVA_V2_BLOB + "2b288748316c65aed76b3cfb0e0d109ddacc1bdf/core/retries/src/main/java/software/amazon/awssdk/"
    "retries/LegacyRetryStrategy.java",
    quote="For throttling exceptions uses the {@link BackoffStrategy#exponentialDelay} backoff strategy, with a base "
    "delay of 500 milliseconds  and max delay of 20 seconds.",
)
SOURCES["SDK_RETRIES_2025_ANNOUNCED"] = Source(
    "AWS Developer Tools Blog, Updating AWS SDK defaults – AWS STS service endpoint and Retry Strategy (an "
    "announcement of 2025 that botocore's retry default did not follow: SOURCES['BOTOCORE_1_40_STS_ONLY'])",
    _DATE_CH08_R4,
    "https://aws.amazon.com/blogs/developer/updating-aws-sdk-defaults-aws-sts-service-endpoint-and-retry-strategy",
    quote="On July 31st, 2025, we will update the default retry strategy to standard in the AWS SDKs for C++, .NET, "
    "Java (v2), PHP, Python, Ruby, the AWS Tools for PowerShell and the AWS CLI (v2).",
)
SOURCES["BOTOCORE_1_40_STS_ONLY"] = Source(
    "botocore CHANGELOG.rst, release 1.40.0 (the release of 31 July 2025): the one default it changed was STS's "
    "endpoint; the retry default stayed legacy until 1.44.0 (SOURCES['BOTOCORE_STANDARD_DEFAULT_SINCE'])",
    _DATE_CH08_R4,
    "https://github.com/boto/botocore/blob/0e6e2404b85dc336dd2889814e089bde7d1a4c55/CHANGELOG.rst",
    quote="feature:``sts``: Updated the default sts service endpoint from ``legacy`` to ``regional``.",
)
SOURCES["JAVA_V2_LEGACY_THROTTLE_TOKEN_COST"] = Source(
    "AWS SDK for Java 2.x, core/sdk-core, SdkDefaultRetrySetting.Legacy (commit 276b682): in legacy mode a retry "
    "after a throttling error costs the token bucket nothing (other errors 5)",
    _DATE_CH14_R4,
    _JAVA_V2_RETRY_SETTING,
    quote="public static final class Legacy { private static final int THROTTLE_EXCEPTION_TOKEN_COST = 0; private "
    "static final int DEFAULT_EXCEPTION_TOKEN_COST = 5;",
)
SOURCES["JAVA_V2_DYNAMODB_2026_OPT_IN"] = Source(
    "AWS SDK for Java 2.x, pull request 6925, Implements Retries 2.1 Updates (merged April 2026, version 2.44.0): "
    "with AWS_NEW_RETRIES_2026=true the DynamoDB client makes 4 attempts instead of 9",
    _DATE_CH14_R4,
    "https://github.com/aws/aws-sdk-java-v2/pull/6925",
    quote="It introduces an opt-in feature gate (AWS_NEW_RETRIES_2026) that, when enabled, changes retry behavior "
    "across the SDK: … Service-specific changes: DynamoDB max attempts reduced from 9 to 4",
)
SOURCES["BOTOCORE_2026_OPT_IN"] = Source(
    "botocore pull request 3678, Implement updated retry behavior gated behind opt-in environment variable (April "
    "2026): the code that reads AWS_NEW_RETRIES_2026 and, set to true, runs the update (standard mode as the default "
    "included). The pull request itself calls the change internal-only; that the flag was the public opt-in of "
    "released versions before 1.44.0 rests on AWS's SDK reference guide (SOURCES['SDK_RETRIES_2026_OPT_IN'])",
    _DATE_CH14_R4,
    "https://github.com/boto/botocore/pull/3678",
    quote="DynamoDB-specific max attempts (4) and base backoff (25ms) … The default retry mode is also updated to "
    "`standard` for internal users via the same flag. … To test this out prior to release, please set the "
    "`AWS_NEW_RETRIES_2026` environment variable to `true`.",
)
SOURCES["BOTOCORE_NEW_RETRIES_ALWAYS_ON"] = Source(
    f"botocore {_BOTOCORE_PINNED}, botocore/configprovider.py: the opt-in flag of the 2026 retry update is now fixed on",
    _DATE_CH14_R4,
    _BOTOCORE_FILE + "configprovider.py",
    quote="# Deprecated: the retry behavior this flag gated while it was opt-in is now # always enabled. … "
    "NEW_RETRIES_ENABLED = True",
)
SOURCES["SDK_STANDARD_RETRY_REFUND"] = Source(
    f"botocore {_BOTOCORE_PINNED}, botocore/retries/standard.py, RetryQuotaChecker.release_retry_quota: a request "
    "that succeeds after retries gives back the cost of its last retry",
    _DATE_CH14_R4,
    _BOTOCORE_FILE + "retries/standard.py",
    quote="# 3. The API call had retries, and we eventually receive an HTTP #    response with a 2xx status code.  "
    "In that case we give back #    whatever quota was associated with the last acquisition.",
)

# --- sources and assumptions: before you deploy (chapter 17, issue 48)
_DATE_PLAN = "2026-12-06"
_API_REF = "https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/"
SOURCES["ON_DEMAND_NEW_TABLE_WARM_THROUGHPUT"] = Source(
    "AWS, Understanding DynamoDB warm throughput in different scenarios: warm throughput for an on-demand table",
    _DATE_PLAN,
    _DEV_GUIDE + "warm-throughput-scenarios.html",
    "A new on-demand table starts with a warm throughput of 12,000 read units per second and 4,000 write units per "
    "second. Your table can instantly accommodate sustained traffic up to these levels.",
)
SOURCES["WARM_THROUGHPUT_NO_DECREASE"] = Source(
    "AWS, Understanding DynamoDB warm throughput (the page's Markdown source, warm-throughput.md; the HTML edition "
    "read on 2026-12-04 lacked the sentence, SOURCES['PRE_WARMING_EN_NO_DECREASE_SENTENCE'])",
    _DATE_PLAN,
    _DEV_GUIDE + "warm-throughput.md",
    "Once increased, warm throughput values can't be decreased.",
)
_TF_GSI_COMMIT = "00fe13652860a76e2bac743b3d6cced95c817da7"
SOURCES["TERRAFORM_STANDALONE_GSI"] = Source(
    "Terraform AWS provider, resource aws_dynamodb_global_secondary_index: its schema (index_name and table_name; "
    "key_schema, projection, provisioned_throughput and on_demand_throughput blocks; a warm_throughput object) in "
    f"internal/service/dynamodb/global_secondary_index.go at {_TF_GSI_COMMIT[:7]}, and the resource's page",
    _DATE_PLAN,
    "https://github.com/hashicorp/terraform-provider-aws/blob/main/website/docs/r/dynamodb_global_secondary_index.html.markdown",
    "You can use either `global_secondary_index` blocks or `aws_dynamodb_global_secondary_index` resources. You "
    "cannot use both on the same table.",
)
SOURCES["TERRAFORM_APPAUTOSCALING_TARGET"] = Source(
    "Terraform AWS provider, resource aws_appautoscaling_target, its DynamoDB Table and DynamoDB Index Autoscaling "
    "examples (the table named by a reference to the aws_dynamodb_table resource); the aws_appautoscaling_policy "
    "page's example names its target as aws_appautoscaling_target.dynamodb_table_read_target.resource_id. Read "
    "2026-12-06 at commit 1707539",
    "2026-12-06",
    "https://github.com/hashicorp/terraform-provider-aws/blob/main/website/docs/r/appautoscaling_target.html.markdown",
    'resource_id        = "table/${aws_dynamodb_table.example.name}/index/${var.index_name}"',
)
SOURCES["GSI_KEY_ATTRIBUTES_MAX"] = Source(
    "AWS, Multi-attribute keys pattern (global secondary indexes; announced in November 2025); the installed "
    "botocore's service model says the same of CreateGlobalSecondaryIndexAction's KeySchema: 'Global secondary index "
    "supports up to 4 partition and up to 4 sort keys.' (tests/test_plan_definitions.py reads it there)",
    _DATE_PLAN,
    _DEV_GUIDE + "GSI.DesignPattern.MultiAttributeKeys.html",
    "Multi-attribute keys allow you to create Global Secondary Index (GSI) partition and sort keys composed of up to "
    "four attributes each.",
)
SOURCES["LSI_WRITES_USE_TABLE_CAPACITY"] = Source(
    "AWS, Local secondary indexes: provisioned throughput considerations, write capacity units (read in the archived "
    "awsdocs/amazon-dynamodb-developer-guide source of the page, LSI.md)",
    _DATE_PLAN,
    _DEV_GUIDE + "LSI.html",
    "When an item in a table is added, updated, or deleted, updating the local secondary indexes will consume "
    "provisioned write capacity units for the table.",
)
SOURCES["GSI_EVENTUAL_READS_ONLY"] = Source(
    f"Amazon DynamoDB API Reference, Query: ConsistentRead (the same text in botocore {_BOTOCORE_PINNED}'s service model)",
    _DATE_PLAN,
    _API_REF + "API_Query.html",
    "Strongly consistent reads are not supported on global secondary indexes. If you query a global secondary index "
    "with ConsistentRead set to true, you will receive a ValidationException.",
)
SOURCES["GLOBAL_TABLE_REPLICATES_WRITES"] = Source(
    "AWS, Global tables core concepts (version 2019.11.21)",
    _DATE_PLAN,
    _DEV_GUIDE + "globaltables-CoreConcepts.html",
    "When an application writes data to a replica in one Region, DynamoDB automatically replicates the write to all "
    "other replicas in the global table.",
)
SOURCES["GLOBAL_TABLE_WRITES_AUTOSCALED"] = Source(
    "AWS, Best practices and requirements for managing global tables: requirements for managing capacity",
    _DATE_PLAN,
    _DEV_GUIDE + "V2globaltables_reqs_bestpractices.html",
    "A global table must have throughput capacity configured one of two ways: … Provisioned capacity mode with auto "
    "scaling, measured in replicated write capacity units (rWCUs)",
)
SOURCES["GLOBAL_TABLE_SINGLE_REGION"] = Source(
    "AWS CloudFormation Template Reference, AWS::DynamoDB::GlobalTable (as the CDK's CfnGlobalTable repeats it)",
    _DATE_PLAN,
    "https://docs.aws.amazon.com/AWSCloudFormation/latest/TemplateReference/aws-resource-dynamodb-globaltable.html",
    "You can instead use the GlobalTable resource to create a new table in a single Region.",
)
SOURCES["TERRAFORM_PLAN_UNKNOWN_VALUES"] = Source(
    "Terraform, JSON Output Format: values representation (terraform show -json)",
    _DATE_PLAN,
    "https://developer.hashicorp.com/terraform/internals/json-format",
    "Any unknown values are omitted or set to null, making them indistinguishable from absent values; callers which "
    "need to distinguish unknown from unset must use the plan-specific or configuration-specific structures described "
    "in later sections.",
)
SOURCES["TERRAFORM_PLAN_FORMAT_VERSION"] = Source(
    "Terraform, JSON Output Format: the format_version key",
    _DATE_PLAN,
    "https://developer.hashicorp.com/terraform/internals/json-format",
    "Reject any input which reports an unsupported major version.",
)
SOURCES["TERRAFORM_GSI_KEY_SCHEMA"] = Source(
    "hashicorp/terraform-provider-aws issue 46197, a maintainer's answer (2026-04-13): multi-attribute GSI keys in "
    "aws_dynamodb_table are key_schema blocks",
    _DATE_PLAN,
    "https://github.com/hashicorp/terraform-provider-aws/issues/46197",
    "The existing `global_secondary_index[*].hash_key` and `global_secondary_index[*].range_key` attributes have been "
    "deprecated, and `key_schema` should be used instead.",
)
SOURCES["MCP_ACCESS_PATTERN_FIELDS"] = Source(
    "AWS Labs MCP servers, DynamoDB MCP server, prompts/dynamodb_architect.md: the compute_performances_and_costs "
    "tool's access_pattern_list (awslabs/mcp, read at commit 100b55b)",
    _DATE_PLAN,
    "https://github.com/awslabs/mcp/blob/main/src/dynamodb-mcp-server/awslabs/dynamodb_mcp_server/prompts/dynamodb_architect.md",
    "Common fields: `operation`, `pattern`, `description`, `table`, `rps`, `item_size_bytes`",
)
SOURCES["CFN_NUMBERS_AS_STRINGS"] = Source(
    "AWS CloudFormation User Guide, AWS::DynamoDB::Table examples (a template writes capacity units as strings; read "
    "in the archived awsdocs/aws-cloudformation-user-guide source)",
    _DATE_PLAN,
    "https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-resource-dynamodb-table.html",
    '"ReadCapacityUnits" : "5"',
)
# chapter 17, turn-11 review (P3): what `cdk synth` writes to stdout, and when
SOURCES["CDK_SYNTH_STDOUT_YAML"] = Source(
    "AWS CDK v2 Developer Guide, CDK CLI command reference, cdk synthesize",
    "2026-12-07",
    "https://docs.aws.amazon.com/cdk/v2/guide/ref-cli-cmd-synth.html",
    "If your app contains a single stack or if a single stack is provided as an argument, the CloudFormation template "
    "will also be displayed in the standard output (stdout) in YAML format. If your app contains multiple stacks, cdk "
    "synth will synthesize the cloud assembly to cdk.out.",
)
# chapter 17, turn-10 review (S6): AWS's remedy for an index's hot write partition names the projection too
SOURCES["GSI_WRITE_OPTIMIZE_PROJECTIONS"] = Source(
    "AWS, DynamoDB throttling: 1- Key range throughput exceeded (hot partitions), IndexWriteKeyRangeThroughputExceeded's "
    "remediation options and Optimizing GSI projections (read in the page's Markdown source)",
    "2026-12-07",
    _DEV_GUIDE + "throttling-key-range-limit-exceeded-mitigation.html",
    "Optimize GSI projections: Apply Optimizing GSI projections techniques to reduce write volume to GSIs. Projecting "
    "fewer attributes can significantly reduce the write capacity consumed by each GSI update. … Note that projecting "
    "fewer attributes reduces write capacity consumption but may require additional base table reads.",
)
ASSUMPTIONS["PLAN_PATTERNS_SHARE_KEYS"] = Assumption(
    True,
    "",
    why="A workload says how each pattern spreads over keys, not whether two patterns hit the same keys. Taking the "
    "patterns on one table's (or index's) key to share their key space, so that their hottest keys are one key, is "
    "the worst case: the plan never calls a design safe because it assumed two hot keys sit apart.",
    aws_says="Nothing: a table's key popularity is the application's.",
    used_by=("PLAN_PATTERNS_SHARE_KEYS",),
    chapters=("17_before_you_deploy",),
)
ASSUMPTIONS["PLAN_KEYS_ONLY_ENTRY_BYTES"] = Assumption(
    1024.0,
    "bytes",
    why="An index write costs one unit per 1 KB of the index entry; a KEYS_ONLY entry holds the table's and the "
    "index's keys, which fit in 1 KB for most designs. INCLUDE and ALL entries are taken as large as the item (an "
    "upper bound). A workload's table_list may give the entry's size (the MCP calculator's GSI item_size_bytes).",
    aws_says="The write cost is per 1 KB of the index entry (SOURCES['GSI_WRITE_COST']); the entry's size depends on "
    "the keys and projected attributes, which a definition does not size.",
    used_by=("PLAN_KEYS_ONLY_ENTRY_BYTES",),
    chapters=("17_before_you_deploy",),
)
ASSUMPTIONS["PLAN_ON_DEMAND_PARTITIONS"] = Assumption(
    "warm throughput",
    "",
    why="AWS does not publish an on-demand table's partitions. Warm throughput is what a table serves at once, so the "
    "plan estimates the partitions from it with chapter 1's rule (a new table's 12,000 reads and 4,000 writes a second "
    "when none is set); a peak served before (a steady or daily shape) has grown the table to carry it, so the peak "
    "counts too.",
    aws_says="Warm throughput refers to the number of read and write operations your DynamoDB table can "
    "instantaneously support (SOURCES['WARM_THROUGHPUT']).",
    used_by=("PLAN_ON_DEMAND_PARTITIONS",),
    chapters=("17_before_you_deploy",),
)
ASSUMPTIONS["PLAN_SIMULATED_KEYS"] = Assumption(
    256,
    "keys",
    why="A rehearsal simulates each pattern's hottest keys by name and carries the rest of each partition's load on "
    "stand-in keys that hash to it: the partition loads are the plan's, and the named keys are what Contributor "
    "Insights would list. 256 keys per pattern keep a peak hour of a table within seconds.",
    aws_says="Nothing: a resolution of the simulation, not a property of DynamoDB.",
    used_by=("PLAN_SIMULATED_KEYS",),
    chapters=("17_before_you_deploy",),
)
