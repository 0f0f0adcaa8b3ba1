"""profile_log against the engine's own floor and a peer: the bare DuckDB query, polars' lazy API, peak memory.

Targets (issue 40), each a ratio that holds on any machine:

* ``profile_log``'s total time over the bare DuckDB query (``log_profile.sql`` into a table) on the same file: its
  overhead above the engine, at most 1.3x at 10**7 rows;
* ``profile_log``'s time over polars' lazy API doing the same aggregation (per minute and key: requests, units):
  at most 1x (at or below polars);
* peak resident memory of ``profile_log`` at 10**8 rows (memory_limit 512 MB): at most 1 GB.

Beside them it measures both paths of chapter 16 at 10**6, 10**7 and 10**8 rows: ``profile_log`` on the raw log,
and ``profile_log(aggregated=True)`` on the query's output (what Spark or Athena would write), time and peak memory.
``python benchmarks/bench_logs.py --record`` also writes those to ``hotpart/models/log_scaling.json``, which the
chapter reads (``hp.log_scaling``). The logs (``HOTPART_BENCH_LOG_SIZES``, default ``1e6,1e7,1e8``) are generated
by DuckDB: one hour of requests over 100,000 partition keys with a skewed popularity, Parquet, drawn from a seeded
hash of the row number (``SEED``) rather than ``random()``, so that every recording of a size has the same rows and
minute-and-key counts (for the same DuckDB version, whose ``hash`` it is). Each measurement
runs in a fresh Python process, so its peak resident memory (``VmHWM``) is its own.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

TITLE = "Access-log profiling: profile_log against the bare DuckDB query and polars' lazy API; peak memory"
#: Log sizes, rows: the ratios are measured at the one nearest 10**7, the memory target at the largest.
SIZES = [int(float(s)) for s in os.environ.get("HOTPART_BENCH_LOG_SIZES", "1e6,1e7,1e8").split(",") if s.strip()]
RATIO_ROWS = int(float(os.environ.get("HOTPART_BENCH_LOG_RATIO_ROWS", "1e7")))
#: DuckDB's own buffer limit at the largest size, so that the whole process (Python, numpy, imports) stays under 1 GB.
DUCKDB_LIMIT = "512MB"
KEYS = 100_000
#: The generator's seed: request i's key is drawn from the top 53 bits of hash(i, SEED) / 2**53, a uniform in [0, 1).
SEED = 20_261_204
PARTITIONS = 100
OVERHEAD_TARGET = 1.3
POLARS_TARGET = 1.0
MEMORY_TARGET_MB = 1_024.0
ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "hotpart" / "models" / "log_scaling.json"

_BARE = """
import time, duckdb, hotpart as hp
t0 = time.perf_counter()
con = duckdb.connect()
con.execute("SET enable_progress_bar = false")
{limit_sql}
con.execute("CREATE VIEW access_log AS SELECT ts, CAST(pk AS VARCHAR) AS pk, CAST(units AS DOUBLE) AS units "
            "FROM read_parquet('{path}')")
con.execute(f"CREATE TEMP TABLE per_minute AS {{hp.log_profile_sql()}}")
n = con.execute("SELECT count(*) FROM per_minute").fetchone()[0]
print(n, time.perf_counter() - t0)
"""
_PROFILE = """
import time, hotpart as hp
# profile_log's imports (duckdb, as _BARE imports it before its clock; fit_zipf's scipy): not the work (timed apart,
# _IMPORTS)
import duckdb, scipy.optimize, scipy.stats
t0 = time.perf_counter()
p = hp.profile_log("{path}", {options}partitions={partitions}, memory_limit={limit})
print(len(p.keys), time.perf_counter() - t0)
"""
#: profile_log under cProfile: where its time goes beyond the query (the bound of a missed overhead target).
_PHASES = """
import cProfile, pstats, time, hotpart as hp
import duckdb, scipy.optimize, scipy.stats
t0 = time.perf_counter()
prof = cProfile.Profile()
prof.enable()
p = hp.profile_log("{path}", timestamp="ts", key="pk", units="units", partitions={partitions})
prof.disable()
total = time.perf_counter() - t0
stats = pstats.Stats(prof).stats
def cum(name):
    return sum(v[3] for k, v in stats.items() if k[2] == name)
print(len(p.keys), total, cum("_per_minute_from_log"), cum("_profile_per_minute"), cum("partition_of"), cum("fit_zipf"))
"""
#: What a fresh process pays once, on its first profile, for the imports profile_log and fit_zipf make.
_IMPORTS = """
import time, hotpart as hp
t0 = time.perf_counter()
import duckdb, scipy.optimize, scipy.stats
print(0, time.perf_counter() - t0)
"""
_POLARS = """
import time, polars as pl
t0 = time.perf_counter()
out = (
    pl.scan_parquet("{path}")
    .group_by(pl.col("ts").dt.truncate("1m").alias("minute"), "pk")
    .agg(pl.len().alias("requests"), pl.col("units").cast(pl.Float64).sum().alias("units"))
    .collect()
)
print(out.height, time.perf_counter() - t0)
"""


def _generate(folder: Path, rows: int) -> dict[str, Path]:
    """A Parquet log of ``rows`` requests, and the query's output over it (what an engine writes)."""
    import hotpart as hp

    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")
    con.execute("SET memory_limit = '1GB'")
    gen = (
        f"SELECT TIMESTAMP '2026-11-30 09:00:00' + to_microseconds(CAST(i * 3600000000 // {rows} AS BIGINT)) AS ts, "
        f"'K' || CAST(CAST(floor(pow(CAST(hash(i, {SEED}) >> 11 AS DOUBLE) / 9007199254740992.0, 4) * {KEYS}) AS BIGINT) "
        "AS VARCHAR) AS pk, 1 AS units "
        f"FROM range({rows}) t(i)"
    )
    out = {"log": folder / f"log-{rows}.parquet", "output": folder / f"output-{rows}.parquet"}
    con.execute(f"COPY ({gen}) TO '{out['log']}' (FORMAT parquet)")
    con.execute(f"CREATE VIEW access_log AS SELECT ts, pk, CAST(units AS DOUBLE) AS units FROM read_parquet('{out['log']}')")
    con.execute(f"COPY ({hp.log_profile_sql()}) TO '{out['output']}' (FORMAT parquet)")
    con.close()
    return out


def _measure(code: str) -> tuple[list[float], float]:
    """The numbers ``code`` prints on its last line but one (its result, then seconds of work after its imports), and
    its peak resident MB, in a fresh interpreter."""
    # VmHWM, the process's own peak resident set: ru_maxrss would keep the parent's peak across fork and exec (Linux)
    code += "\nprint([line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM:')][0])\n"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-2_000:])
    lines = r.stdout.split("\n")
    lines = [line for line in lines if line.strip()]
    return [float(x) for x in lines[-2].split()], float(lines[-1]) / 1024.0  # VmHWM is in kB


def _limit(rows: int) -> str | None:
    return DUCKDB_LIMIT if rows == max(SIZES) else None


def _profile(path: Path, rows: int, aggregated: bool) -> tuple[float, float]:
    options = "aggregated=True, " if aggregated else 'timestamp="ts", key="pk", units="units", '
    limit = _limit(rows)
    (_, t), m = _measure(_PROFILE.format(path=path, options=options, partitions=PARTITIONS, limit=repr(limit)))
    return t, m


def _bare(path: Path, rows: int) -> tuple[float, float, int]:
    limit = _limit(rows)
    limit_sql = f"con.execute(\"SET memory_limit = '{limit}'\")" if limit else ""
    (groups, t), m = _measure(_BARE.format(path=path, limit_sql=limit_sql))
    return t, m, int(groups)


def _met(ok: bool) -> str:
    return "met" if ok else "MISSED"


def ratio_rows(
    bare: float, profile: float, polars: float, peak_mb: float | None, phases: list[float], imports: float
) -> list[str]:
    """The three targets as ratios, each marked met or missed, and what bounds a missed one (from ``phases``:
    profile_log's total under cProfile, its per-minute query, the rest, partition placement, the Zipf fit, s; and
    ``imports``, the seconds of the first import of duckdb, scipy.optimize and scipy.stats in a fresh process)."""
    rows = [
        "| target | measured | ratio | target | met |",
        "| --- | --- | --- | --- | --- |",
        f"| profile_log over the bare DuckDB query, {RATIO_ROWS:,} rows | {profile:.2f} s / {bare:.2f} s | "
        f"{profile / bare:.2f}x | <= {OVERHEAD_TARGET:g}x | {_met(profile / bare <= OVERHEAD_TARGET)} |",
        f"| profile_log over polars' lazy API (the aggregation alone), {RATIO_ROWS:,} rows | {profile:.2f} s / "
        f"{polars:.2f} s | {profile / polars:.2f}x | <= {POLARS_TARGET:g}x | {_met(profile / polars <= POLARS_TARGET)} |",
    ]
    if peak_mb is not None:
        rows.append(
            f"| profile_log's peak memory, {max(SIZES):,} rows, memory_limit {DUCKDB_LIMIT} | {peak_mb:,.0f} MB | "
            f"{peak_mb / MEMORY_TARGET_MB:.2f}x | <= 1x ({MEMORY_TARGET_MB:,.0f} MB) | {_met(peak_mb <= MEMORY_TARGET_MB)} |"
        )
    total, query, rest, placing, fit = phases
    rows += [
        "",
        f"Where profile_log's time goes at {RATIO_ROWS:,} rows (cProfile, one run, {total:.2f} s in all): the per-minute "
        f"query {query:.2f} s, then the profile from its table {rest:.2f} s, of which placing every key on a partition "
        f"(hp.partition_of) {placing:.2f} s and the Zipf fit {fit:.2f} s; the rest is DuckDB's queries over the "
        "per-minute table (keys, then one pass summing per minute, partition and hot key). Not counted above: a fresh "
        f"process's first profile also imports duckdb, and scipy.optimize and scipy.stats for the fit, {imports:.2f} s once "
        "(the bare query's process imports duckdb before its clock too).",
    ]
    return rows


def measure(repeats: int) -> tuple[list[str], dict]:
    """Every measurement of the module: the report's rows and the record (:data:`RECORD`'s content)."""
    cores = os.cpu_count() or 1
    runs = []
    ratio = {}
    with tempfile.TemporaryDirectory(prefix="hotpart-bench-") as tmp:
        for rows in SIZES:
            start = time.perf_counter()
            files = _generate(Path(tmp), rows)
            gen_s = time.perf_counter() - start
            mb = files["log"].stat().st_size / 1e6
            if rows == RATIO_ROWS:
                bare, prof, pol = [], [], []
                for _ in range(max(1, repeats)):  # interleaved, so that a busy moment hits all three alike
                    bare.append(_bare(files["log"], rows)[0])
                    prof.append(_profile(files["log"], rows, aggregated=False)[0])
                    pol.append(_measure(_POLARS.format(path=files["log"]))[0][1])
                ratio = {"bare": statistics.median(bare), "profile": statistics.median(prof), "polars": statistics.median(pol)}
                ratio["phases"] = _measure(_PHASES.format(path=files["log"], partitions=PARTITIONS))[0][1:]
                ratio["imports"] = _measure(_IMPORTS)[0][1]
            t_raw, m_raw = _profile(files["log"], rows, aggregated=False)
            t_bare, m_bare, groups = _bare(files["log"], rows)
            t_agg, m_agg = _profile(files["output"], rows, aggregated=True)
            out_mb = files["output"].stat().st_size / 1e6
            for f in files.values():
                f.unlink()
            common = {"rows": rows, "memory_limit": _limit(rows)}
            runs += [
                {**common, "path": "raw log", "file_mb": round(mb, 1), "groups": groups, "seconds": round(t_raw, 2),
                 "peak_rss_mb": round(m_raw)},
                {**common, "path": "bare DuckDB query", "file_mb": round(mb, 1), "groups": groups,
                 "seconds": round(t_bare, 2), "peak_rss_mb": round(m_bare)},
                {**common, "path": "aggregated output", "file_mb": round(out_mb, 1), "groups": groups,
                 "seconds": round(t_agg, 2), "peak_rss_mb": round(m_agg)},
            ]  # fmt: skip
            print(f"bench_logs: {rows:,} rows generated in {gen_s:.0f} s and measured", file=sys.stderr)
    import polars

    record = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{cores} cores, {platform.machine()}, Linux, Python {platform.python_version()}, DuckDB "
        f"{duckdb.__version__}, polars {polars.__version__}",
        "command": "python benchmarks/bench_logs.py --record",
        "keys": KEYS,
        "minutes": 60,
        "partitions": PARTITIONS,
        "runs": runs,
    }
    out = [
        f"| {KEYS:,} keys, 60 minutes, {cores} cores | path | file MB | groups (minute, key) | time s | peak memory MB |",
        "| --- | --- | --- | --- | --- | --- |",
        *[
            f"| {r['rows']:,} rows{', memory_limit ' + r['memory_limit'] if r['memory_limit'] else ''} | {r['path']} | "
            f"{r['file_mb']:,.1f} | {r['groups']:,} | {r['seconds']:.2f} | {r['peak_rss_mb']:,} |"
            for r in runs
        ],
        "",
    ]
    if ratio:
        peak = max((r["peak_rss_mb"] for r in runs if r["rows"] == max(SIZES) and r["path"] == "raw log"), default=None)
        out += ratio_rows(ratio["bare"], ratio["profile"], ratio["polars"], peak, ratio["phases"], ratio["imports"])
        out.append("")
    out.append(
        "Times are the work alone (reading and aggregating), inside a fresh process after its imports; peak memory is "
        "that process's own peak resident set (VmHWM, imports included). DuckDB and polars run at their defaults "
        f"(every core); the largest size sets memory_limit = {DUCKDB_LIMIT} (DuckDB spills to disk beyond it). The "
        "ratios are medians of interleaved runs; the aggregated path reads the query's output written by DuckDB, as "
        "Spark or Athena would write it."
    )
    return out, record


def run(repeats: int) -> list[str]:
    """``make bench``'s section: the measurements, as report rows."""
    return measure(repeats)[0]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3, help="interleaved runs of the three timings at 10**7 rows")
    parser.add_argument("--record", action="store_true", help=f"also write {RECORD.relative_to(ROOT)}")
    args = parser.parse_args()
    report, rec = measure(args.repeats)
    print("\n".join(report))
    if args.record:
        RECORD.write_text(json.dumps(rec, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {RECORD}", file=sys.stderr)
