"""How a source is named and glossed on the page: short names for the pages :data:`~hotpart.SOURCES` cites, and
the course's English translation of every quote in Japanese.

Internal: :class:`hotpart.models.constants.Source` reads these tables through its ``short`` and ``gloss``
properties, and the book's evidence boxes (``hotpart/book/evidence.py``) show them. A source from one of the four
source documents is named by the document's number (``"002"``); any other by its page, below (matched by the end
of its URL, so that one entry names every source read from that page). ``tests/test_evidence.py`` checks that every
Japanese quote has a gloss, that no gloss is left over from a quote that changed, and that every name is short.

The glosses are the course's own translations, made to be faithful rather than elegant: an ellipsis where the
quote has one, the quote's own code names and numbers unchanged.
"""

from __future__ import annotations

__all__: list[str] = []

#: The longest short name a page may have, characters: it goes into an evidence box's one-line title.
MAX_NAME_CHARS = 40

_DDB = "amazondynamodb/latest/developerguide/"
_API = "amazondynamodb/latest/APIReference/"

#: A short name for each page the sources cite, by the end of its URL.
PAGE_NAMES: dict[str, str] = {
    # DynamoDB developer guide
    _DDB + "warm-throughput-scenarios.html": "AWS's warm-throughput scenarios",
    _DDB + "read-write-operations.html": "AWS's read and write operations page",
    _DDB + "CapacityUnitCalculations.html": "AWS's item sizes page",
    _DDB + "ServiceQuotas.html": "AWS's quotas page",
    _DDB + "metrics-dimensions.html": "AWS's metrics and dimensions page",
    _DDB + "burst-adaptive-capacity.html": "AWS's burst and adaptive capacity page",
    "ja_jp/" + _DDB + "throttling-key-range-limit-exceeded-mitigation.html": "AWS's key-range page (Japanese)",
    "ja_jp/" + _DDB + "pre-warming-on-demand-capacity-mode.html": "AWS's pre-warming page (Japanese)",
    "aws.amazon.com/" + _DDB + "throttling-key-range-limit-exceeded-mitigation.html": "AWS's key-range page",
    _DDB + "throttling-diagnosing-workflow.html": "AWS's diagnosing-throttling page",
    _DDB + "TroubleshootingThrottling.html": "AWS's throttling troubleshooting page",
    _DDB + "GSI.OnlineOps.html": "AWS's managing-GSIs page",
    _DDB + "contributorinsights_HowItWorks.html": "AWS's Contributor Insights page",
    _DDB + "troubleshooting-throttling-diagnostics.html": "AWS's throttling resolution guide",
    "aws.amazon.com/" + _DDB + "warm-throughput.html": "AWS's warm-throughput page",
    "ja_jp/" + _DDB + "warm-throughput.html": "AWS's warm-throughput page (Japanese)",
    _DDB + "switching.capacitymode.html": "AWS's switching-modes page",
    "docs.amazonaws.cn/en_us/" + _DDB + "pre-warming-on-demand-capacity-mode.html": "AWS's on-demand pre-warming page",
    "docs.amazonaws.cn/en_us/" + _DDB + "TroubleshootingThrottling-common-issues.html": "AWS's provisioned throttling page",
    _DDB + "DAX.consistency.html": "AWS's DAX consistency page",
    _DDB + "DAX.cluster-management.html": "AWS's DAX clusters page",
    _DDB + "DAX.html": "AWS's DAX page",
    _DDB + "DAX.concepts.html": "AWS's DAX how-it-works page",
    _DDB + "Streams.html": "AWS's Streams page",
    _DDB + "CostOptimization_StreamsUsage.html": "AWS's Streams cost page",
    _DDB + "Constraints.html": "AWS's constraints page",
    _DDB + "Query.FilterExpression.html": "AWS's filter-expressions page",
    _DDB + "bp-time-series.html": "AWS's time-series page",
    _DDB + "LSI.html": "AWS's LSI page",
    _DDB + "GSI.DesignPattern.MultiAttributeKeys.html": "AWS's multi-attribute keys page",
    _DDB + "on-demand-capacity-mode-max-throughput.html": "AWS's on-demand maximum page",
    _DDB + "HowItWorks.ReadConsistency.html": "AWS's read-consistency page",
    _DDB + "on-demand-capacity-mode.html": "AWS's on-demand page",
    _DDB + "update-warm-throughput.html": "AWS's raise-warm-throughput page",
    _DDB + "throttling-account-limit-exceeded-mitigation.html": "AWS's account-limits page",
    _DDB + "throttling-ondemand-capacity-exceeded-mitigation.html": "AWS's max-throughput throttling page",
    _DDB + "gsi-throttling.html": "AWS's GSI back-pressure page",
    _DDB + "GSI.html": "AWS's GSI page",
    _DDB + "TroubleshootingThrottling-cloudwatch.html": "AWS's throttling metrics page",
    _DDB + "contributorinsights.html": "AWS's Contributor Insights overview",
    _DDB + "contributorinsights_tutorial.html": "AWS's Contributor Insights tutorial",
    _DDB + "transaction-apis.html": "AWS's transactions page",
    _DDB + "HowItWorks.Partitions.html": "AWS's partitions page",
    _DDB + "BestPractices_OptimisticLocking.html": "AWS's optimistic-locking page",
    _DDB + "DynamoDBMapper.OptimisticLocking.html": "AWS's DynamoDBMapper locking page",
    "doc_source/HowItWorks.ReadWriteCapacityMode.md": "AWS's capacity-mode page (archived)",
    "doc_source/bp-partition-key-design.md": "AWS's partition-key page (archived)",
    "doc_source/metrics-dimensions.md": "AWS's metrics page (archived)",
    # DynamoDB API reference (and SDK references that copy it)
    _API + "API_ProvisionedThroughputDescription.html": "DynamoDB API: ProvisionedThroughput…",
    _API + "API_ThrottlingReason.html": "DynamoDB API: ThrottlingReason",
    _API + "API_UpdateContributorInsights.html": "DynamoDB API: UpdateContributorInsights",
    _API + "API_BillingModeSummary.html": "DynamoDB API: BillingModeSummary",
    _API + "API_Query.html": "DynamoDB API: Query",
    _API + "API_Scan.html": "DynamoDB API: Scan",
    _API + "API_ItemCollectionMetrics.html": "DynamoDB API: ItemCollectionMetrics",
    _API + "API_BatchGetItem.html": "DynamoDB API: BatchGetItem",
    _API + "API_BatchWriteItem.html": "DynamoDB API: BatchWriteItem",
    _API + "API_OnDemandThroughput.html": "DynamoDB API: OnDemandThroughput",
    _API + "API_TransactWriteItems.html": "DynamoDB API: TransactWriteItems",
    _API + "API_DescribeContributorInsights.html": "DynamoDB API: DescribeContributor…",
    _API + "API_UpdateItem.html": "DynamoDB API: UpdateItem",
    _API + "API_PutItem.html": "DynamoDB API: PutItem",
    "-global-secondary-index/on-demand-throughput.html": "Kotlin SDK: GSI onDemandThroughput",
    "-transaction-in-progress-exception": "DynamoDB API: TransactionInProgress…",
    "exceptions/ItemCollectionSizeLimitExceededException.html": "botocore docs: ItemCollectionSizeLimit…",
    "exceptions/ProvisionedThroughputExceededException.html": "botocore docs: throttling exceptions",
    # AWS Knowledge Center, re:Post, blogs, pricing, labs
    "knowledge-center/dynamodb-spiky-workloads-short-intervals": "Knowledge Center: spiky workloads",
    "knowledge-center/on-demand-table-throttling-dynamodb": "Knowledge Center: on-demand throttling",
    "knowledge-center/dynamodb-auto-scaling": "Knowledge Center: auto scaling",
    "knowledge-center/dynamodb-gsi-throttling-table": "Knowledge Center: GSI throttling",
    "does-aws-charge-for-throttlingexception-on-dynamodb-request": "re:Post: are throttled requests charged?",
    "blogs/database/part-3-scaling-dynamodb-how-partitions-hot-keys-and-split-for-heat-impact-performance/": (
        "AWS blog: split for heat"
    ),
    "blogs/database/choosing-the-right-dynamodb-partition-key/": "AWS blog: choosing a partition key",
    "blogs/developer/updated-default-retry-behavior-for-aws-sdks-and-tools/": "AWS blog: the 2026 retry rollout",
    "blogs/developer/announcing-updated-retry-behavior-for-aws-sdks-and-tools/": "AWS blog: the 2026 retry opt-in",
    "blogs/developer/updating-aws-sdk-defaults-aws-sts-service-endpoint-and-retry-strategy": ("AWS blog: the 2025 defaults"),
    "blogs/architecture/exponential-backoff-and-jitter/": "Brooker 2015",
    "aws.amazon.com/dynamodb/pricing/provisioned/": "AWS's provisioned pricing page",
    "aws.amazon.com/lambda/pricing/": "AWS Lambda pricing",
    "design-patterns/ex1capacity/Step4.en.md": "DynamoDB Labs",
    "aws-samples/sample-collaborative-ai-dlc/pull/443": "aws-samples pull request 443",
    # other AWS services
    "AmazonCloudWatch/latest/monitoring/cloudwatch_concepts.html": "CloudWatch concepts",
    "AmazonCloudWatch/latest/APIReference/API_MetricDataResult.html": "CloudWatch API: MetricDataResult",
    "AmazonCloudWatch/latest/APIReference/API_InsightRuleContributor.html": "CloudWatch API: InsightRuleContributor",
    "AmazonCloudWatch/latest/APIReference/API_GetInsightRuleReport.html": "CloudWatch API: GetInsightRuleReport",
    "awscloudtrail/latest/userguide/logging-data-events-with-cloudtrail.html": "CloudTrail: data events",
    "aws-properties-dynamodb-table-contributorinsightsspecification.html": "CloudFormation: Contributor Insights",
    "lambda/latest/dg/with-ddb.html": "Lambda guide: DynamoDB streams",
    "lambda/latest/dg/services-ddb-windows.html": "Lambda guide: time windows",
    "lambda/latest/dg/with-ddb-filtering.html": "Lambda guide: event filtering",
    "lambda/latest/dg/services-ddb-params.html": "Lambda guide: event source parameters",
    "lambda/latest/dg/services-ddb-batchfailurereporting.html": "Lambda guide: partial batch response",
    "AmazonRDS/latest/AuroraUserGuide/Aurora.Overview.html": "AWS's Aurora page",
    "athena/latest/ug/engine-versions-reference-0003.html": "Athena guide: engine version 3",
    "athena/latest/ug/querying-finding-output-files.html": "Athena guide: output files",
    "athena/latest/ug/unload.html": "Athena guide: UNLOAD",
    "amazon-athena-user-guide/blob/main/doc_source/unload.md": "Athena guide: UNLOAD (archived)",
    "athena/latest/ug/dml-queries-functions-operators.html": "Athena guide: DML functions",
    "athena/latest/APIReference/API_ManagedQueryResultsConfiguration.html": "Athena API: managed results",
    "athena/latest/ug/duckdb-availability.html": "Athena guide: DuckDB Regions",
    "athena/latest/ug/duckdb-workgroups.html": "Athena guide: DuckDB workgroups",
    "athena/latest/ug/duckdb-query-results-storage.md": "Athena guide: DuckDB results",
    "athena/latest/ug/duckdb-engine-override.html": "Athena guide: DuckDB engine override",
    "athena/latest/ug/duckdb-access.html": "Athena guide: ways to use DuckDB",
    # SDKs and their code
    "botocore/data/dynamodb/2012-08-10/service-2.json": "botocore's DynamoDB service model",
    "botocore/data/dynamodb/2012-08-10/service-2.json.gz": "botocore's DynamoDB service model",
    "botocore/retries/standard.py": "botocore: retries/standard.py",
    "botocore/retries/quota.py": "botocore: retries/quota.py",
    "botocore/data/_retry.json": "botocore: _retry.json",
    "botocore/retryhandler.py": "botocore: retryhandler.py",
    "botocore/__init__.py": "botocore 1.44.8",
    "botocore/configprovider.py": "botocore: configprovider.py",
    "boto/botocore/pull/3678": "botocore pull request 3678",
    "0e6e2404b85dc336dd2889814e089bde7d1a4c55/CHANGELOG.rst": "botocore's changelog",
    "boto3/dynamodb/table.py": "boto3: dynamodb/table.py",
    "boto3/latest/guide/retries.html": "Boto3 guide: retries",
    "sdkref/latest/guide/feature-retry-behavior.html": "SDK reference: retry behavior",
    "aws/aws-cli/pull/10342": "AWS CLI pull request 10342",
    "com/amazonaws/retry/PredefinedRetryPolicies.java": "Java SDK 1.x: PredefinedRetryPolicies",
    "com/amazonaws/retry/PredefinedBackoffStrategies.java": "Java SDK 1.x: backoff strategies",
    "sdk-for-java/v1/developer-guide/getting-started.html": "Java SDK 1.x guide",
    "services/dynamodb/DynamoDbRetryPolicy.java": "Java SDK 2.x: DynamoDbRetryPolicy",
    "core/internal/retry/SdkDefaultRetrySetting.java": "Java SDK 2.x: SdkDefaultRetrySetting",
    "awssdk/retries/LegacyRetryStrategy.java": "Java SDK 2.x: LegacyRetryStrategy",
    "aws/aws-sdk-java-v2/pull/6925": "Java SDK 2.x pull request 6925",
    "aws/aws-sdk-java-v2/pull/6917": "Java SDK 2.x pull request 6917",
    "aws/aws-sdk-java-v2/issues/6987": "Java SDK 2.x issue 6987",
    "aws/aws-sdk-js-v3/issues/8037": "JavaScript SDK v3 issue 8037",
    "packages/util-retry/src/constants.ts": "JavaScript SDK v3: util-retry",
    # papers, other systems, standards
    "doi.org/10.1145/2408776.2408794": "Dean and Barroso 2013",
    "github.com/brianfrankcooper/YCSB": "YCSB",
    "www.usenix.org/system/files/atc22-elhemali.pdf": "Elhemali et al. 2022",
    "arxiv.org/abs/cs/0408036": "Gray and Lamport 2006",
    "src/main/scala/com/twitter/service/snowflake/IdWorker.scala": "Twitter Snowflake",
    "twitter-archive/snowflake/blob/446e3c06656443c952e23986cccbe6861f7e8ea4/README.mkd": "Twitter Snowflake",
    "rfc/rfc9562#section-5.4": "RFC 9562 (UUID version 4)",
    "rfc/rfc9562#section-5.7": "RFC 9562 (UUID version 7)",
    "mongodb.com/docs/manual/core/hashed-sharding/": "MongoDB manual: hashed sharding",
    "mongodb.com/docs/manual/core/sharding-balancer-administration/": "MongoDB manual: the balancer",
    "mongodb.com/docs/manual/reference/method/sh.startBalancer/": "MongoDB manual: sh.startBalancer",
    "mongodb.com/docs/manual/tutorial/migrate-chunks-in-sharded-cluster/": "MongoDB manual: migrating ranges",
    "mongodb.com/docs/manual/reference/command/moveRange/": "MongoDB manual: moveRange",
    "vitess.io/docs/22.0/concepts/shard": "Vitess docs: shards",
    "vitess.io/docs/concepts/shard/": "Vitess docs: shards",
    "vitess.io/docs/22.0/user-guides/configuration-advanced/resharding/": "Vitess docs: resharding",
    "vtctldclient_reshard/vtctldclient_reshard_switchtraffic/": "Vitess docs: Reshard SwitchTraffic",
    "trino.io/docs/current/functions/datetime.html": "Trino docs: date and time",
    "trino.io/docs/current/functions/aggregate.html": "Trino docs: aggregates",
    "trino.io/docs/current/sql/select.html": "Trino docs: SELECT",
    # infrastructure as code (chapter 17)
    "AWSCloudFormation/latest/UserGuide/aws-resource-dynamodb-table.html": "CloudFormation: DynamoDB Table",
    "cdk/v2/guide/ref-cli-cmd-synth.html": "CDK reference: cdk synth",
    "AWSCloudFormation/latest/TemplateReference/aws-resource-dynamodb-globaltable.html": ("CloudFormation: GlobalTable"),
    _DDB + "globaltables-CoreConcepts.html": "AWS's global tables concepts page",
    _DDB + "V2globaltables_reqs_bestpractices.html": "AWS's global tables best practices",
    _DDB + "bp-global-table-design.prescriptive-guidance.writemodes.html": "AWS's global tables write modes",
    "-update-table-request/multi-region-consistency.html": "Kotlin SDK: multiRegionConsistency",
    "exceptions/ReplicatedWriteConflictException.html": "botocore: the MRSC write-conflict error",
    "dynamodb_mcp_server/prompts/dynamodb_architect.md": "DynamoDB MCP server's prompt",
    "hashicorp/terraform-provider-aws/issues/46197": "Terraform AWS provider issue 46197",
    "developer.hashicorp.com/terraform/internals/json-format": "Terraform: JSON output format",
    "r/dynamodb_global_secondary_index.html.markdown": "Terraform: the standalone GSI resource",
    "r/appautoscaling_target.html.markdown": "Terraform: the auto scaling target",
    _DDB + "warm-throughput.md": "AWS's warm-throughput page (Markdown)",
}

#: The course's English translation of every quote in Japanese, by the quote (copied exactly, as in ``SOURCES``).
GLOSSES: dict[str, str] = {
    "1パーティションの容量: 10GB": "Capacity of one partition: 10 GB",
    "テーブル全体: 10,000 WCU (10 パーティション)…パーティション A: 8,000 WCU のリクエスト → スロットリング発生…"
    "パーティション B〜J: 各 200 WCU → 余裕あり": (
        "Whole table: 10,000 WCU (10 partitions)… Partition A: 8,000 WCU of requests → throttling occurs… "
        "Partitions B to J: 200 WCU each → room to spare"
    ),
    "このテーブルの例のプロビジョニングでは、4 つのパーティション間で 400 WCU が均等に共有されることで、"
    "各パーティションで 1 秒間に最大 100 WCU を維持できます。パーティション 1、2、3 はそれぞれ、"
    "50 WCU/秒の書き込みトラフィックを受け取ります。パーティション 4 は 150 WCU/秒の書き込みトラフィックを受け取ります。": (
        "In this example table's provisioning, 400 WCU are shared evenly among 4 partitions, so each partition can "
        "sustain up to 100 WCU per second. Partitions 1, 2 and 3 each receive 50 WCU/s of write traffic. Partition 4 "
        "receives 150 WCU/s of write traffic."
    ),
    "テーブルまたは個々の GSI あたり 1 秒あたり 40,000 読み取り / 40,000 書き込みリクエストユニットという既定のクォータ": (
        "the default quota of 40,000 read / 40,000 write request units per second per table or per individual GSI"
    ),
    "超えると RequestLimitExceeded が返る (2026 年 8 月時点・Service Quotas から引き上げ可)": (
        "Past it, RequestLimitExceeded is returned (as of August 2026; the quota can be raised through Service Quotas)"
    ),
    "単純な剰余 (userId % シャード数) で分けていると、シャードを 3 台から 4 台へ増やすだけでほとんどの行の配置先が変わる。": (
        "If rows are split by a simple remainder (userId % the number of shards), merely going from 3 shards to 4 "
        "changes where most rows belong."
    ),
    "TransactWriteItems (最大 100 アクション・合計 4 MB)": "TransactWriteItems (at most 100 actions, 4 MB in total)",
    "プロビジョンドモードでは ProvisionedThroughputExceededException、オンデマンドモードでは ThrottlingException になる。": (
        "In provisioned mode it is ProvisionedThroughputExceededException; in on-demand mode, ThrottlingException."
    ),
    "デフォルトでは、テーブル内の各パーティションは、3,000 RCU と 1,000 WCU のフル容量を提供するよう努めます。"
    "テーブル内のすべてのパーティションの合計スループットは、プロビジョニングモードでプロビジョニングされたスループット、"
    "またはオンデマンドモードのテーブルレベルのスループット制限によって制約される場合があります。": (
        "By default, each partition in a table strives to provide its full capacity of 3,000 RCU and 1,000 WCU. The "
        "total throughput of all partitions in a table may be constrained by the provisioned throughput in "
        "provisioned mode, or by the table-level throughput limit in on-demand mode."
    ),
    "バーストキャパシティ (直前 5 分間の未使用キャパシティを取り置く仕組み) も同様に、パーティション上限に当たった"
    "スロットリングは救えない。": (
        "Burst capacity (the mechanism that sets aside the unused capacity of the last 5 minutes) likewise cannot "
        "rescue throttling that hits the partition limit."
    ),
    "利用可能なスループット利用率が高くない場合、DynamoDB では、スループットの利用率がバーストした場合に備えて、"
    "未使用の容量の一部を予約して使用量のスパイクに対応します。": (
        "When the available throughput utilization is not high, DynamoDB reserves a portion of the unused capacity "
        "in case throughput utilization bursts, and handles spikes in usage with it."
    ),
    "アダプティブキャパシティはすべての DynamoDB テーブルで自動的に有効化されます。追加料金はありません。"
    "アダプティブキャパシティを明示的に有効化または無効化する必要はありません。": (
        "Adaptive capacity is enabled automatically for every DynamoDB table. There is no additional charge. You do "
        "not need to explicitly enable or disable adaptive capacity."
    ),
    "全テーブルで既定で有効・追加費用なしなので、設定作業は要らない。": (
        "It is on by default for every table, at no extra cost, so no configuration work is needed."
    ),
    "また、この機能では、必要なスループットキャパシティのみをプロビジョニングできるため、コスト削減にもつながります。": (
        "The feature also leads to cost savings, because it lets you provision only the throughput capacity you need."
    ),
    "ソートキーの単調な増減によって追跡されるトラフィックが項目のコレクションでない限り、項目のコレクションを"
    "ソートキー別にセグメントに分割することもできます。…アダプティブキャパシティでは、テーブルにローカルセカンダリ"
    "インデックスがある場合、テーブルの複数のパーティション間で項目コレクションを分割しません。": (
        "It can also split an item collection into segments by sort key, unless the item collection's traffic is "
        "tracked by a monotonically increasing or decreasing sort key.… Adaptive capacity does not split item "
        "collections across multiple partitions of the table when the table has a local secondary index."
    ),
    "アプリケーションから単一の項目に大量のトラフィックが一貫して送信される場合、アダプティブキャパシティはデータを"
    "再調整して、そのアクセス頻度の高い単一の項目のみをパーティションに含めることがあります。": (
        "If your application consistently sends a large amount of traffic to a single item, adaptive capacity may "
        "rebalance your data so that a partition contains only that single, frequently accessed item."
    ),
    "オンデマンドキャパシティモードに切り替えます。これにより、テーブルはプロビジョニングされたスループットキャパシティ値と同様の数の"
    "リクエストを処理できるようになります。": (
        "Switch to on-demand capacity mode. The table can then handle about as many requests as its provisioned "
        "throughput capacity."
    ),
    "DynamoDB は、多くの場合、自動 split-for-heat メカニズムを通じてホットパーティションに適応します。": (
        "DynamoDB often adapts to hot partitions through its automatic split-for-heat mechanism."
    ),
    "返る例外はキャパシティモードで違い、プロビジョンドモードでは ProvisionedThroughputExceededException、"
    "オンデマンドモードでは ThrottlingException になる。": (
        "The exception returned differs by capacity mode: ProvisionedThroughputExceededException in provisioned "
        "mode, ThrottlingException in on-demand mode."
    ),
    "短期間後に停止するスロットリングイベントが表示される場合は、ホットパーティションを分割してテーブルが既に適応"
    "している可能性があります。": (
        "If you see throttling events that stop after a short time, the table may already have adapted by splitting "
        "the hot partition."
    ),
    "ただし、これらのデフォルトのウォームスループット値をプロアクティブに増やしてテーブルを事前ウォーミングすると、"
    "それらのリクエストに対して課金されます。": (
        "However, if you pre-warm a table by proactively increasing these default warm throughput values, you are "
        "charged for those requests."
    ),
    "一度増やすと、ウォームスループット値を減らすことはできません。": (
        "Once increased, warm throughput values cannot be decreased."
    ),
    "事前ウォーミングを完了する時間は、設定した値と、テーブルまたはインデックスのサイズによって異なります。": (
        "The time pre-warming takes to complete depends on the values you set and on the size of the table or index."
    ),
    "このホットパーティションは、未使用のバーストキャパシティがある場合でも書き込みトラフィックを受け入ることが"
    "できます。しかし、最終的には 1 秒間に 100 WCU を超えるトラフィックのスロットリングとなります。DynamoDB "
    "アダプティブキャパシティはパーティション 4 の容量を増大して応答する": (
        "This hot partition can accept write traffic while it has unused burst capacity. Eventually, however, traffic "
        "beyond 100 WCU per second is throttled. DynamoDB adaptive capacity responds by increasing the capacity of "
        "partition 4"
    ),
    "偏りが継続すれば観測に基づいてパーティションが分割されることもあるが、これは時間をかけた調整であり、突発的な"
    "スパイクには間に合わない。": (
        "If the skew persists, the partition may be split on the strength of what is observed, but that is an "
        "adjustment made over time, and it does not come in time for a sudden spike."
    ),
    "DynamoDBはパーティションキーのハッシュ値によってデータを複数のパーティションに分散する。": (
        "DynamoDB distributes data over multiple partitions by the hash value of the partition key."
    ),
    "IoT データやログの蓄積で日付をパーティションキーにすると、常に「今日」のパーティションがホットになる。": (
        "If you make the date the partition key when accumulating IoT data or logs, the partition of “today” is "
        "always the hot one."
    ),
    "カーディナリティ (値の種類数) が低いキーは、特定の値にデータが偏る。…全レコードが2パーティションに集中": (
        "A key of low cardinality (number of distinct values) skews the data toward particular values.… All records "
        "concentrate on 2 partitions"
    ),
    "通常時は問題なくても、タイムセール開始時にスパイクが発生する。": (
        "Even when there is no problem normally, a spike occurs when a time-limited sale starts."
    ),
    "この場合、DynamoDB では、単一項目のプライマリキーに対して、最大 3,000 RCU および 1,000 WCU のパーティションの"
    "スループットを提供できます。": (
        "In this case, DynamoDB can deliver up to the partition throughput of 3,000 RCU and 1,000 WCU to that single "
        "item's primary key."
    ),
    "✅ 良い例: 高カーディナリティのIDをPKにして時刻をSKに": (
        "✅ Good example: a high-cardinality ID as the PK and the time as the SK"
    ),
    "書き込みを散らすためにキーの末尾へ乱数や連番を付ける": (
        "appending a random number or a sequence number to the end of the key to spread the writes"
    ),
    "シャーディングは複雑さを大幅に増すため、他の手段で対応できないか先に検討する。…キャッシュ (ElastiCache): "
    "頻繁に読まれるデータをキャッシュ": (
        "Sharding adds a great deal of complexity, so first consider whether other means can handle the problem.… "
        "Cache (ElastiCache): cache the data that is read often"
    ),
    "読み取り時は全シャードに対して並列クエリし、結果をマージする。": (
        "When reading, query every shard in parallel and merge the results."
    ),
    "パーティションに対する読み取りオペレーションと書き込みオペレーションは個別に管理されるため、単一のパーティションが "
    "3000 を超える読み取りオペレーションまたは 1000 を超える書き込みオペレーションを受け取ると、スロットリングが発生します。": (
        "Read and write operations on a partition are managed independently, so throttling occurs when a single "
        "partition receives more than 3000 read operations or more than 1000 write operations."
    ),
    "グローバルセカンダリインデックスも同じくパーティションで構成されるため、インデックス側のキー設計にも同じ偏りの"
    "問題が起きる。": (
        "Global secondary indexes are made of partitions in the same way, so the same skew problem arises in the "
        "index's key design too."
    ),
    "一般的に言えば、テーブルとそのセカンダリインデックスの論理的なすべてのパーティションキー全体でアクティビティが"
    "均一になるようにアプリケーションを設計する必要があります。": (
        "Generally speaking, you should design your application for uniform activity across all logical partition "
        "keys in the table and its secondary indexes."
    ),
    "キャッシュ (ElastiCache): 頻繁に読まれるデータをキャッシュ": "Cache (ElastiCache): cache the data that is read often",
    "GSI にも同じパーティション上限が効くことを忘れやすい。": (
        "It is easy to forget that the same partition limit applies to a GSI too."
    ),
    "そのリージョンのアカウントのテーブルまたはインデックスクォータ制限まで、テーブルを事前ウォーミングできます。": (
        "You can pre-warm a table up to the table or index quota limit of the account in that Region."
    ),
    "GSI 側だけスロットリングしている\tGSI のキー設計と射影属性を見直す\t書き込みのスロットリングはベーステーブルへ跳ね返る": (
        "Only the GSI side is throttling | Review the GSI's key design and projected attributes | Write throttling "
        "bounces back to the base table"
    ),
    "CloudWatch のキャパシティメトリクスはテーブルとインデックスの単位までしか分解できない。": (
        "CloudWatch's capacity metrics can be broken down only as far as the table and the index."
    ),
    "WriteKeyRangeThroughputThrottleEvents と ReadKeyRangeThroughputThrottleEvents が立っていれば、テーブルや"
    "インデックスのキャパシティではなくパーティション上限が原因だと確定できる (2026 年 8 月時点)。": (
        "If WriteKeyRangeThroughputThrottleEvents and ReadKeyRangeThroughputThrottleEvents are raised, you can be "
        "certain that the cause is the partition limit, not the capacity of the table or the index (as of August "
        "2026)."
    ),
    "バッチリクエスト (BatchGetItem / BatchWriteItem) では全件がスロットリングされたときだけ加算され、一部だけ"
    "弾かれた場合は ReadThrottleEvents / WriteThrottleEvents にしか現れない。": (
        "For batch requests (BatchGetItem / BatchWriteItem) it is incremented only when every item is throttled; when "
        "only some are rejected, they appear only in ReadThrottleEvents / WriteThrottleEvents."
    ),
    "キー単位まで降りるには CloudWatch Contributor Insights を有効にする。最もアクセスの多いキーと、最もスロットリング"
    "されたキーが可視化される。有効化すると追加の課金が発生するため、常時有効にするか調査時だけ入れるかは事前に決めておく。": (
        "To get down to individual keys, enable CloudWatch Contributor Insights. It shows the most accessed keys and "
        "the most throttled keys. Enabling it costs extra, so decide in advance whether to keep it on all the time or "
        "to turn it on only while investigating."
    ),
    "複数シャードにまたがるトランザクションは、分散トランザクション (2PC) が必要になり、複雑さとレイテンシが増大する。": (
        "A transaction that spans several shards needs a distributed transaction (2PC), and its complexity and latency grow."
    ),
    "自動採番の主キーはシャードをまたいで一意にならないため UUID か採番用の仕組みが必要になり": (
        "An auto-numbered primary key is not unique across shards, so UUIDs or a mechanism for issuing numbers "
        "become necessary, and"
    ),
    "パーティションが追加されるのは、既存のパーティションが支えられる量を超えてスループットを引き上げたときと、"
    "既存のパーティションが容量いっぱいになってさらに領域が必要になったときである": (
        "Partitions are added when you raise throughput beyond what the existing partitions can support, and when "
        "the existing partitions fill up and more space is needed"
    ),
    "多くの場合、DynamoDB は自動的に問題を解決しているため、それ以上のアクションは必要ありません。": (
        "In many cases DynamoDB has already resolved the problem automatically, so no further action is needed."
    ),
}


def page_name(url: str) -> str:
    """The short name of the page at ``url``: the entry of :data:`PAGE_NAMES` whose key ends it (the longest such
    key), or ``""`` when none does.

    Examples
    --------
    >>> page_name("https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html")
    "AWS's GSI page"
    >>> page_name("https://example.com/")
    ''
    """
    found = [key for key in PAGE_NAMES if url.endswith(key) or url.split("#", 1)[0].endswith(key)]
    return PAGE_NAMES[max(found, key=len)] if found else ""
