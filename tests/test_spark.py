"""The profile's SQL on Spark (issue 40): ``hotpart/models/sql/log_profile.sql`` runs unchanged on Spark SQL in local
mode over a generated Parquet log and gives DuckDB's result row for row; what Spark writes (a folder of part files,
``_SUCCESS`` and ``.crc`` files) profiles as the raw log does.

Spark needs Java 17 or later (``.ci/run`` installs Debian's ``openjdk-17-jre-headless``) and pyspark
(``requirements-test.txt``, which ``make test`` installs). Without them the tests skip with the reason; under
``CI=true`` they fail instead. One Spark session serves the module: on one core, two shuffle partitions, no web UI,
bound to 127.0.0.1.
"""

from __future__ import annotations

import shutil

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import hotpart as hp
from conftest import under_ci
from test_logs import assert_same_profile, query_output

pytestmark = pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas:FutureWarning")

#: The log: requests over 40 keys in 7 minutes, timestamps to the microsecond, whole and half units (exact sums).
LOG_ROWS = 3_000


def _missing() -> str | None:
    """Why Spark cannot run here, or None."""
    if shutil.which("java") is None:
        return "java is missing: Spark needs Java 17+ (.ci/run installs Debian's openjdk-17-jre-headless)"
    try:
        import pyspark  # noqa: F401
    except ImportError:
        return "pyspark is missing: make test installs requirements-test.txt"
    return None


@pytest.fixture(scope="module")
def spark():
    reason = _missing()
    if reason is not None:
        if under_ci():
            pytest.fail(f"CI=true and {reason}")
        pytest.skip(reason)
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[1]")
        .appName("hotpart-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.session.timeZone", "UTC")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    """A Parquet log with the application's own column names (request_time, customer, wcu)."""
    rng = np.random.default_rng(40)
    keys = rng.zipf(1.6, LOG_ROWS) % 40
    t0 = np.datetime64("2026-11-30T09:00:00", "us")
    ts = t0 + rng.integers(0, 7 * 60 * 1_000_000, LOG_ROWS).astype("timedelta64[us]")
    path = tmp_path_factory.mktemp("spark") / "log.parquet"
    pq.write_table(
        pa.table({"request_time": ts, "customer": [f"C{k:03d}" for k in keys], "wcu": rng.integers(1, 7, LOG_ROWS) / 2}),
        path,
    )
    return path


def _spark_output(spark, log):
    """The shipped query, unchanged, over a Spark view ``access_log`` mapping the log's columns."""
    spark.read.parquet(str(log)).selectExpr("request_time AS ts", "customer AS pk", "wcu AS units").createOrReplaceTempView(
        "access_log"
    )
    return spark.sql(hp.log_profile_sql())


def test_the_sql_runs_unchanged_on_spark_and_agrees_with_duckdb_row_for_row(spark, log):
    out = _spark_output(spark, log)
    assert [f.name for f in out.schema.fields] == ["minute", "pk", "requests", "units"]
    # minutes as text in the session's UTC, so that the Python process's own time zone plays no part
    rows = out.selectExpr("date_format(minute, 'yyyy-MM-dd HH:mm:ss') AS minute", "pk", "requests", "units").collect()
    on_spark = sorted((r.minute, r.pk, r.requests, r.units) for r in rows)
    duck = query_output(log, "request_time AS ts, customer AS pk, wcu AS units").to_pydict()
    on_duckdb = sorted(
        (f"{m:%Y-%m-%d %H:%M:%S}", k, n, u)
        for m, k, n, u in zip(duck["minute"], duck["pk"], duck["requests"], duck["units"], strict=True)
    )
    assert len(on_spark) == len(on_duckdb) > 40
    assert on_spark == on_duckdb
    assert sum(r[2] for r in on_spark) == LOG_ROWS


def test_what_spark_writes_profiles_as_the_raw_log(spark, log, tmp_path):
    folder = tmp_path / "output"
    _spark_output(spark, log).repartition(3).write.parquet(str(folder))
    written = sorted(p.name for p in folder.iterdir())
    assert "_SUCCESS" in written and any(n.endswith(".crc") for n in written)
    assert sum(n.startswith("part-") and n.endswith(".parquet") for n in written) == 3
    raw = hp.profile_log(log, timestamp="request_time", key="customer", units="wcu", partitions=4, top=5)
    agg = hp.profile_log(folder, aggregated=True, partitions=4, top=5)
    assert_same_profile(raw, agg)
    assert agg.rows == LOG_ROWS and agg.minutes == 7


def test_what_spark_writes_as_csv_with_a_header_profiles_the_same(spark, log, tmp_path):
    folder = tmp_path / "csv"
    _spark_output(spark, log).coalesce(2).write.option("header", True).csv(str(folder))
    raw = hp.profile_log(log, timestamp="request_time", key="customer", units="wcu", partitions=4, top=5)
    assert_same_profile(raw, hp.profile_log(folder, aggregated=True, partitions=4, top=5))


def test_spark_csv_written_in_another_zone_and_gzip_profiles_the_same(spark, log, tmp_path):
    # Spark's CSV writer prints each minute with the session zone's offset (2026-11-30T18:00:00.000+09:00 for
    # 09:00 UTC); read back in UTC, and through the gzip branch, the profile is the raw log's
    # (the output is made in UTC first: the log's timestamps have no zone, and Spark reads them in the session's)
    folder, utc = tmp_path / "csv-tokyo", tmp_path / "utc"
    _spark_output(spark, log).write.parquet(str(utc))
    spark.conf.set("spark.sql.session.timeZone", "Asia/Tokyo")
    try:
        spark.read.parquet(str(utc)).coalesce(2).write.option("header", True).option("compression", "gzip").csv(str(folder))
    finally:
        spark.conf.set("spark.sql.session.timeZone", "UTC")
    parts = sorted(p for p in folder.iterdir() if p.name.startswith("part-"))
    assert parts and all(p.name.endswith(".csv.gz") for p in parts)
    import gzip

    first_row = gzip.decompress(parts[0].read_bytes()).decode().splitlines()[1]
    assert "+09:00" in first_row, first_row
    raw = hp.profile_log(log, timestamp="request_time", key="customer", units="wcu", partitions=4, top=5)
    agg = hp.profile_log(folder, aggregated=True, partitions=4, top=5)
    assert_same_profile(raw, agg)
    assert agg.start == np.datetime64("2026-11-30T09:00")
