-- hotpart: per-minute demand per partition key, from an application's access log.
--
-- Reads a relation named access_log with three columns:
--   ts    TIMESTAMP  when the request was made
--   pk    VARCHAR    the partition key (with the sort key appended after '|' for item-level keys)
--   units DOUBLE     capacity units the request consumed (1 when the log does not say)
-- hotpart.profile_log creates access_log as a DuckDB view over the CSV, Parquet or JSON-lines file, mapping the
-- log's own column names. On Athena (Trino) or Spark SQL, create a view with the same name and columns over the
-- log's table; the query below runs there unchanged (date_trunc, COUNT, SUM and GROUP BY ordinals are common to
-- the three engines). tests/test_spark.py runs it on Spark SQL and compares it with DuckDB row for row; Athena is
-- untested (hp.ASSUMPTIONS["LOG_SQL_UNTESTED_ENGINES"]). Its output, downloaded, is profiled with
-- `python -m hotpart profile --aggregated FILE` (a Parquet file, a folder of part files, or a CSV with a header).
SELECT
    date_trunc('minute', ts) AS minute,
    pk,
    COUNT(*) AS requests,
    SUM(units) AS units
FROM access_log
GROUP BY 1, 2
