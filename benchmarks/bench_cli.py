"""The command line's start and a day's diagnosis, against the floor ``python -c "import numpy"`` measured in the same run.

Issue 47's targets: ``hotpart --help`` within 3x of the floor's CPU; a day of one-minute data for a table with three
indexes diagnosed within 0.5 s of CPU above the import. CPU is what the process and its children spend (user +
system, from ``getrusage``), the median of the repeats; wall time on a shared machine says more about the neighbours.
``python benchmarks/bench_cli.py`` runs this section alone.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
TITLE = "Command line: start-up and a day's diagnosis, against the floor"
HELP_RATIO_TARGET = 3.0
DAY_CPU_TARGET_S = 0.5
INDEXES = ("status-index", "region-index", "customer-index")


def _cpu(cmd: list[str], cwd: Path | None = None) -> float:
    """CPU seconds (user + system) one child process spends."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=cwd or ROOT, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _median_cpu(cmd: list[str], repeats: int, cwd: Path | None = None) -> float:
    return statistics.median(_cpu(cmd, cwd) for _ in range(max(repeats, 3)))


def day_export(folder: Path, seed: int = 47) -> tuple[int, int]:
    """A day of one-minute data for a table with three indexes, as ``get-metric-data`` prints it for the queries
    ``hotpart queries`` gives, each asked for at one minute: every series a data point a minute (the counts zero in
    the quiet two thirds of the minutes), 78 series and 112,320 data points, the size issue 47 measured."""
    sys.path.insert(0, str(ROOT))
    from hotpart._aws import metric_queries

    rng = np.random.default_rng(seed)
    queries = metric_queries("orders", list(INDEXES))
    for q in queries:
        q["MetricStat"]["Period"] = 60
    stamps = [f"2026-12-01T{m // 60:02d}:{m % 60:02d}:00+00:00" for m in range(1_440)][::-1]
    hot = rng.random(1_440) < 0.33
    results = []
    for q in queries:
        name = q["MetricStat"]["Metric"]["MetricName"]
        if name.startswith("Provisioned"):
            values = np.full(1_440, 4_000.0)
        elif name.startswith("Consumed"):
            values = rng.uniform(1_000, 3_000, 1_440) * 60
        elif name == "OnlineIndexPercentageProgress":
            values = np.zeros(1_440)
        else:
            values = np.where(hot, rng.uniform(100, 5_000, 1_440), 0.0)
        results.append({"Id": q["Id"], "Label": q["Label"], "Timestamps": stamps, "Values": [float(v) for v in values[::-1]],
                        "StatusCode": "Complete"})  # fmt: skip
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "metrics.json").write_text(json.dumps({"MetricDataResults": results, "Messages": []}))
    (folder / "queries.json").write_text(json.dumps(queries))
    return len(results), sum(len(r["Values"]) for r in results)


_WORK = """
import resource, sys, time
t0 = time.process_time()
from hotpart.models.observed import read_metric_data
from hotpart.models.diagnosis import diagnose
t1 = time.process_time()
m = read_metric_data({metrics!r}, {queries!r})
d = diagnose(m)
text = d.explain(markdown=True) + d.explain(markdown=False)
t2 = time.process_time()
print(t1 - t0, t2 - t1, len(d.findings))
"""


def run(repeats: int) -> list[str]:
    py = sys.executable
    floor = _median_cpu([py, "-c", "import numpy"], repeats)
    help_cpu = _median_cpu([py, "-m", "hotpart", "--help"], repeats)
    queries_cpu = _median_cpu([py, "-m", "hotpart", "queries", "orders", *[a for i in INDEXES for a in ("--index", i)]], repeats)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "day"
        series, points = day_export(folder)
        code = _WORK.format(metrics=str(folder / "metrics.json"), queries=str(folder / "queries.json"))
        runs = []
        for _ in range(max(repeats, 3)):
            out = subprocess.run([py, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
            runs.append((float(out[0]), float(out[1]), int(out[2])))
        imp = statistics.median(r[0] for r in runs)
        work = statistics.median(r[1] for r in runs)
        command = _median_cpu(
            [py, "-m", "hotpart", "diagnose", "--metrics", str(folder / "metrics.json"), "--queries",
             str(folder / "queries.json"), "--out", str(Path(tmp) / "report")],
            repeats,
        )  # fmt: skip
    ratio = help_cpu / floor
    return [
        "| measure | CPU s | against the floor | target |",
        "| --- | --- | --- | --- |",
        f'| floor: `python -c "import numpy"` | {floor:.3f} | 1.00x | |',
        f"| `hotpart --help` | {help_cpu:.3f} | {ratio:.2f}x | at most {HELP_RATIO_TARGET:g}x: "
        f"{'met' if ratio <= HELP_RATIO_TARGET else 'MISSED'} |",
        f"| `hotpart queries orders` with {len(INDEXES)} indexes | {queries_cpu:.3f} | {queries_cpu / floor:.2f}x | |",
        f"| a day, {series} series and {points:,} data points (a table and {len(INDEXES)} indexes): importing the "
        f"diagnosis | {imp:.3f} | {imp / floor:.2f}x | |",
        f"| the same day: reading, diagnosing and writing the text, above the import | {work:.3f} | | at most "
        f"{DAY_CPU_TARGET_S:g} s: {'met' if work <= DAY_CPU_TARGET_S else 'MISSED'} |",
        f"| `hotpart diagnose` on that day, the whole command (report.md and metrics.png, matplotlib included) | "
        f"{command:.3f} | {command / floor:.2f}x | |",
    ]


if __name__ == "__main__":
    print(f"## {TITLE}\n")
    print("\n".join(run(5)))
