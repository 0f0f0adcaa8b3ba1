"""The command line: ``python -m hotpart diagnose|queries|fetch|profile ...``.

``queries TABLE`` prints the queries for every metric ``diagnose`` reads and the AWS CLI commands that export
the rest; ``fetch TABLE`` makes those calls with boto3 and writes the files ``diagnose --from DIR`` reads.

``diagnose`` reads a real table's exports (``get-metric-data`` output, its
queries, Contributor Insights reports, an access log), prints
:func:`hotpart.diagnose`'s verdict with its evidence, and writes a small
report (``report.md`` and ``metrics.png``) to a folder it names. ``profile``
prints :func:`hotpart.profile_log`'s profile of a log, or with ``--aggregated`` of the
profile query's output from Spark or Athena. Exit status 0 on success, 2 on
bad input: one line naming the file, the field and what was expected, no
traceback, and no partial report folder.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path

from ._outdir import write_output_folder

_EXIT_BAD_INPUT = 2
_EXIT_SIGINT = 128 + signal.SIGINT  # 130, as a shell reports a command Ctrl-C stopped
_EXIT_SIGTERM = 128 + signal.SIGTERM  # 143
_EXIT_SIGPIPE = 128 + signal.SIGPIPE  # 141, as `yes | head -1` reports: a reader that closed the pipe


class _Terminated(BaseException):
    """SIGTERM, raised where the program is so that cleanup runs (a ``finally`` removes what this run created)."""


_signalled: list[int] = []  # SIGTERM's number once it came (DuckDB reports either signal as its own interrupt)


def _on_sigterm(sig, _frame):
    _signalled.append(sig)
    raise _Terminated


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error: the option, what was wrong, and where the help is (coreutils' style)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"{self.prog}: error: {message} (see '{self.prog} --help')", file=sys.stderr)
        sys.exit(_EXIT_BAD_INPUT)


def _log_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--timestamp", default="timestamp", help="the log's timestamp column (default: timestamp)")
    p.add_argument("--key", default="pk", help="the log's partition-key column (default: pk)")
    p.add_argument("--sort-key", default=None, help="the log's sort-key column, for item-level keys")
    p.add_argument("--units", default=None, help="a column of consumed capacity units per request")
    p.add_argument("--item-bytes", default=None, help="a column of item sizes in bytes (units from 1 KB / 4 KB)")
    p.add_argument("--kind", default="write", choices=("write", "read"), help="capacity the log's requests use")
    p.add_argument(
        "--partitions",
        type=int,
        default=None,
        help="the table's partitions, for the busiest partition (default: estimated from --table-description, "
        "else 1, said in the output)",
    )
    p.add_argument(
        "--sample-rate",
        type=float,
        default=None,
        help="share of requests the log records (default 1, said in the output: a sampled log's rates are "
        "otherwise too low by 1/rate)",
    )
    p.add_argument(
        "--timestamp-unit",
        choices=("s", "ms", "us"),
        default=None,
        help="unit of a numeric timestamp column (default: read from the values' size; refused when unclear)",
    )


def _diagnose_parser(sub: argparse._SubParsersAction) -> None:
    d = sub.add_parser("diagnose", help="diagnose a table from its CloudWatch and Contributor Insights exports")
    d.add_argument(
        "--from",
        dest="from_dir",
        help="a folder `python -m hotpart fetch` wrote: reads its metrics, queries, description, every scope's key "
        "reports and its notes",
    )
    d.add_argument(
        "--metrics",
        action="append",
        help="output of `aws cloudwatch get-metric-data` (JSON), or of `get-metric-statistics` for one metric; give it "
        "once per file: several exports of one table (consecutive or overlapping windows) are read together",
    )
    d.add_argument(
        "--queries",
        action="append",
        help="the --metric-data-queries file given to get-metric-data (JSON): once, or once per --metrics, in order",
    )
    d.add_argument(
        "--insights",
        action="append",
        help="get-insight-rule-report of a most-accessed-keys rule (PKC) (JSON); once per scope: the table's, and "
        "each index's (the scope is read from the rule name, the file's RuleName or its name, else INDEX=FILE)",
    )
    d.add_argument(
        "--throttled-keys",
        action="append",
        help="get-insight-rule-report of a most-throttled-keys rule (PKT) (JSON); once per scope, as --insights",
    )
    d.add_argument("--log", help="an access log (CSV, Parquet or JSON lines) to profile as well")
    d.add_argument("--table", help="the TableName to read when the queries name several")
    d.add_argument("--period", type=int, help="the data points' period in seconds when no queries are given")
    d.add_argument(
        "--insights-period", type=int, help="the Contributor Insights reports' period in seconds (default: read from them)"
    )
    d.add_argument(
        "--table-description",
        help="output of `aws dynamodb describe-table` (JSON): the capacity mode, capacities and indexes",
    )
    d.add_argument("--batch-size", type=int, default=1, help="items per request (default 1)")
    d.add_argument(
        "--out",
        default="hotpart-report",
        help="the report folder (default: hotpart-report): a new name, an empty folder or a previous report; "
        "a folder holding anything else is refused, and only the files hotpart wrote are replaced",
    )
    _log_options(d)


def _queries_parser(sub: argparse._SubParsersAction) -> None:
    q = sub.add_parser(
        "queries",
        help="print the --metric-data-queries JSON for every metric diagnose reads (stdout) and the AWS CLI "
        "commands that export the rest (stderr)",
    )
    q.add_argument("table", help="the table's name")
    q.add_argument("--index", action="append", default=[], help="a global secondary index (repeat for each)")


def _fetch_parser(sub: argparse._SubParsersAction) -> None:
    f = sub.add_parser(
        "fetch",
        help="export a table's metrics, Contributor Insights reports and description with boto3, "
        "as the files diagnose --from reads (a refused call is noted in fetch-notes.json and the rest kept: exit 0 "
        "when only Contributor Insights failed, 1 when the metrics or the description did)",
    )
    f.add_argument("table", help="the table's name")
    f.add_argument("--start", required=True, help="window start, ISO 8601 (UTC without an offset)")
    f.add_argument("--end", required=True, help="window end, ISO 8601")
    f.add_argument("--out", required=True, help="the folder to write: a new name, an empty folder or a previous fetch")
    f.add_argument("--region", help="the AWS Region (boto3's default otherwise)")
    f.add_argument("--profile", help="a named AWS profile")
    f.add_argument("--endpoint-url", help=argparse.SUPPRESS)


def _profile_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("profile", help="profile an access log: hottest keys, Zipf fit, busiest partition")
    p.add_argument("log", help="the log (CSV, Parquet or JSON lines), or with --aggregated the query's output")
    p.add_argument(
        "--aggregated",
        action="store_true",
        help="LOG is the output of hotpart's SQL query (minute, pk, requests, units) run on Spark or Athena: a "
        "Parquet file, a folder of part files (_SUCCESS, .crc and Athena's .metadata, -manifest.csv and .txt files "
        "skipped; more than one CSV not named part-* is refused: download the one QueryID.csv), or a CSV with a "
        "header row such as Athena's QueryID.csv; an Athena UNLOAD must be WITH (format = "
        "'PARQUET'). Minutes with an offset or UTC are converted to UTC, without a zone read as UTC (python -c "
        "'import hotpart; print(hotpart.log_profile_sql())' prints the query)",
    )
    p.add_argument("--top", type=int, default=20, help="keys kept per minute (default 20)")
    p.add_argument("--table-description", help="describe-table output: the partition estimate")
    _log_options(p)


def _parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="hotpart", description="The hotpart course's models on your own table.")
    sub = ap.add_subparsers(dest="command", required=True)
    for build, _ in _SUBCOMMANDS.values():
        build(sub)
    return ap


def _plan_parser(sub: argparse._SubParsersAction) -> None:
    """The ``plan`` subcommand: a key design and its workload checked before it ships (chapter 17)."""
    pl = sub.add_parser(
        "plan",
        help="check a key design before it ships: each access pattern of a workload against the table definition's "
        "partitions; exit 1 when one throttles (or, with --fail-on at-risk, is at risk)",
        description="Predicts each table's and index's partitions and load, and each access pattern's verdict (fits, "
        "at risk, throttles) with the units per second refused, the cause and the remedy. Exit status: 0 the gate "
        "passes, 1 a pattern fails it, 2 bad input (one line naming the file and the field).",
    )
    pl.add_argument(
        "definition",
        nargs="?",
        help="the table definition: a CloudFormation template (JSON or YAML, cdk synth output included), a Terraform "
        "plan (terraform show -json) or .tf file or folder, a NoSQL Workbench model, or describe-table output",
    )
    pl.add_argument(
        "--workload", help="the workload: access patterns at their peak (YAML or JSON; --schema workload prints its schema)"
    )
    pl.add_argument("--table", help="plan only this table of the definition (its TableName, logical ID or Terraform address)")
    pl.add_argument(
        "--format", choices=("text", "json", "markdown"), default="text", help="the report's format on stdout (default text)"
    )
    pl.add_argument(
        "--fail-on",
        choices=("throttles", "at-risk"),
        default="throttles",
        help="the verdict that fails the gate (exit 1): a pattern that throttles (default), or one at risk too",
    )
    pl.add_argument(
        "--parameter",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a value for a template parameter or Terraform variable, over its default (repeat for each)",
    )
    pl.add_argument(
        "--out",
        help="also write the report to this folder (report.md, report.json): a new name, an empty folder or a previous "
        "plan report; a folder holding anything else is refused, and only the files hotpart wrote are replaced",
    )
    pl.add_argument(
        "--schema", choices=("workload", "report"), help="print the workload's or the JSON report's JSON Schema and exit"
    )


def _plan(args: argparse.Namespace) -> int:
    """``hotpart plan``: read, plan, report; the exit status is the gate's."""
    import json

    from .models.planning import plan_report_schema, read_plan
    from .models.workload import workload_schema

    if args.schema is not None:
        print(json.dumps(workload_schema() if args.schema == "workload" else plan_report_schema(), indent=1))
        return 0
    if not args.definition:
        raise ValueError("plan: (DEFINITION): expected a table definition file (see 'hotpart plan --help')")
    if not args.workload:
        raise ValueError("plan: (--workload): expected a workload file (hotpart plan --schema workload prints its schema)")
    params: dict[str, str] = {}
    for item in args.parameter:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ValueError(f"--parameter: expected NAME=VALUE, got {item!r}")
        params[name] = value
    fail_on = args.fail_on.replace("-", " ")
    from .book._build import skip_iri_grammar

    skip_iri_grammar()  # the workload's schema checks no format: jsonschema's IRI grammar would cost 2 s at start
    result = read_plan(args.definition, args.workload, table=args.table, parameters=params)
    report = json.dumps(result.to_dict(fail_on), indent=1) + "\n"
    if args.out:
        write_output_folder(
            args.out,
            {"report.md": result.text(markdown=True).encode("utf-8"), "report.json": report.encode("utf-8")},
            kind="plan",
        )
    if args.format == "json":
        print(report, end="")
    else:
        print(result.text(markdown=args.format == "markdown"), end="")
    if args.out:
        print(f"\nReport written to {args.out}/ (report.md, report.json)", file=sys.stderr)
    return result.exit_status(fail_on)


def _profile(args: argparse.Namespace, path: str) -> tuple[object, list[str]]:
    """The log's profile, and the assumptions it rests on, in words."""
    from .models.logs import profile_log

    said = []
    partitions = args.partitions
    desc_file = getattr(args, "table_description", None)
    if partitions is None and desc_file:
        from .models.observed import read_table_description

        d = read_table_description(desc_file)
        partitions = d.partitions_estimate
        said.append(f"partitions: {partitions}, estimated from {desc_file} (capacity and size; AWS does not publish the count)")
    elif partitions is None:
        partitions = 1
        said.append("partitions: 1 assumed (pass --partitions or --table-description): the busiest partition is the table")
    rate = args.sample_rate
    if rate is None:
        rate = 1.0
        said.append("sample rate: 1 assumed (every request logged); for a sampled log pass --sample-rate")
    line = _ProgressLine.on_terminal(sys.stderr)
    try:
        prof = profile_log(
            path,
            timestamp=args.timestamp,
            key=args.key,
            sort_key=args.sort_key,
            units=args.units,
            item_bytes=args.item_bytes,
            kind=args.kind,
            partitions=partitions,
            top=getattr(args, "top", 20),
            sample_rate=rate,
            timestamp_unit=args.timestamp_unit,
            aggregated=getattr(args, "aggregated", False),
            progress=line,
        )
    finally:
        if line is not None:
            line.clear()
    return prof, said


class _ProgressLine:
    """Long work's progress on one line of a terminal (``profile``: rows read and time left), rewritten in place and
    cleared when the work ends, so that the output and any error start on a clean line. Only on a terminal: on a
    pipe or a file :meth:`on_terminal` gives ``None``, and nothing is written."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.shown = False

    @classmethod
    def on_terminal(cls, stream) -> _ProgressLine | None:
        try:
            return cls(stream) if stream.isatty() else None
        except (AttributeError, ValueError, OSError):  # a closed or replaced stream
            return None

    def __call__(self, text: str) -> None:
        width = max(20, _terminal_columns(self.stream) - 1)
        try:
            self.stream.write(f"\r\x1b[K{('hotpart: ' + text)[:width]}")
            self.stream.flush()
            self.shown = True
        except (OSError, ValueError):  # the terminal went away: the work goes on without its line
            pass

    def clear(self) -> None:
        if self.shown:
            try:
                self.stream.write("\r\x1b[K")
                self.stream.flush()
            except (OSError, ValueError):
                pass
            self.shown = False


def _terminal_columns(stream) -> int:
    """The terminal's width, or 80 where it does not say (a terminal of no size, as a new pty has)."""
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


def _figure(metrics) -> bytes:
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4.6))
    minute = np.arange(1, metrics.minutes + 1)
    styles = ("-", "--", ":", "-.")
    for i, name in enumerate(n for n in metrics.table if n.startswith("Consumed")):
        a.plot(minute, metrics.per_second(name), lw=1.8, ls=styles[i % 4], label=f"{name} per second")
    for name in (n for n in metrics.table if n.startswith("Provisioned")):
        # a level AWS publishes every five minutes, carried forward: drawn as a step
        a.step(minute, metrics[name], where="post", lw=1.4, color="black", label=name)
    shown = [n for n in metrics.table if not n.startswith(("Consumed", "Provisioned")) and float(metrics[n].sum()) > 0]
    # equal series would hide one another: each drawn thinner than the last, with its own marker, staggered
    markers = ("o", "s", "^", "x", "D", "v")
    every = max(1, metrics.minutes // 12)
    for i, name in enumerate(shown):
        b.plot(
            minute, metrics[name], lw=max(3.2 - 0.8 * i, 0.8), ls=styles[i % 4], marker=markers[i % 6], ms=4,
            markevery=(i % every, every), label=name,
        )  # fmt: skip

    for ax, title, unit in ((a, "Capacity", "units/s"), (b, "Throttling", "count per minute")):
        ax.set_title(title)
        ax.set_xlabel("minute")
        ax.set_ylabel(unit)
        ax.set_ylim(bottom=0)
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(0, -0.22), frameon=False)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    plt.close(fig)
    return buf.getvalue()


def _scoped(values: list[str] | None) -> list | None:
    """``--insights``/``--throttled-keys`` values: a file, or ``INDEX=FILE`` for an index's report (``=FILE``: the
    table's) when the value is not itself a file."""
    if not values:
        return None
    out: list = []
    for v in values:
        index, sep, file = v.partition("=")
        if sep and not Path(v).exists() and (not index or index.replace("-", "").replace("_", "").replace(".", "").isalnum()):
            out.append((index, file))
        else:
            out.append(v)
    return out


def _from_folder(args: argparse.Namespace) -> list[str]:
    """Fill the options from a folder ``fetch`` wrote: its metrics, queries, description, every scope's reports;
    return what fetch noted it could not export."""
    import json

    from ._aws import FETCH_FILES, FETCH_NOTES

    folder = Path(args.from_dir)
    if not folder.is_dir():
        raise ValueError(f"{folder}: (--from): expected a folder `python -m hotpart fetch` wrote")
    if not args.metrics:
        if not (folder / FETCH_FILES["metrics"]).exists():
            raise ValueError(
                f"{folder / FETCH_FILES['metrics']}: (--from): expected the metrics fetch writes (see {FETCH_NOTES})"
            )
        args.metrics = [str(folder / FETCH_FILES["metrics"])]
    for role, attr in (("queries", "queries"), ("description", "table_description")):
        if getattr(args, attr) is None and (folder / FETCH_FILES[role]).exists():
            setattr(args, attr, [str(folder / FETCH_FILES[role])] if attr == "queries" else str(folder / FETCH_FILES[role]))
    for role, attr in (("insights", "insights"), ("throttled_keys", "throttled_keys")):
        if getattr(args, attr) is None:
            stem = FETCH_FILES[role].removesuffix(".json")
            found = [("", str(folder / FETCH_FILES[role]))] if (folder / FETCH_FILES[role]).exists() else []
            found += [(f.stem[len(stem) + 1 :], str(f)) for f in sorted(folder.glob(f"{stem}-*.json"))]
            setattr(args, attr, [f"{scope}={path}" for scope, path in found] or None)
    notes = folder / FETCH_NOTES
    if not notes.exists():
        return []
    try:
        failed = json.loads(notes.read_text(encoding="utf-8"))["failed"]
        return [
            f"{f['call']}{' for ' + f['scope'] if f.get('scope') else ''}: {f['error']} ({f['message']}); it needs "
            f"{f['iam_action']}" + ("" if f.get("required") else ": the diagnosis reads without it")
            for f in failed
        ]
    except (ValueError, KeyError, TypeError):
        raise ValueError(f"{notes}: (file): expected the notes fetch writes") from None


def _read_exports(args: argparse.Namespace) -> tuple[object, list[str]]:
    """The metrics ``diagnose`` reads from its options (or a fetch folder), and what fetch noted it could not export."""
    from .models.observed import read_metric_data

    fetch_notes = _from_folder(args) if args.from_dir else []
    if not args.metrics:
        raise ValueError("diagnose: (--metrics): expected --metrics FILE or --from DIR")
    queries = args.queries
    m = read_metric_data(
        args.metrics if len(args.metrics) > 1 else args.metrics[0],
        queries if queries is None or len(queries) > 1 else queries[0],
        insights=_scoped(args.insights),
        throttled_keys=_scoped(args.throttled_keys),
        table=args.table,
        period=args.period,
        insights_period=args.insights_period,
        batch_size=args.batch_size,
        description=args.table_description,
    )
    return m, fetch_notes


def _diagnose(args: argparse.Namespace) -> int:
    from .models.diagnosis import diagnose

    m, fetch_notes = _read_exports(args)
    profile, said = _profile(args, args.log) if args.log else (None, [])
    d = diagnose(m)
    whatif = None
    if profile is not None and m.description is not None:
        from .models.whatif import what_if

        whatif = what_if(profile, m.description.as_table(), kind=args.kind)
    report = _report(m, d, fetch_notes, profile, said, whatif, markdown=True)
    # the folder is checked before anything is written, and only files hotpart wrote are ever replaced
    write_output_folder(args.out, {"report.md": report.encode("utf-8"), "metrics.png": _figure(m)}, kind="report")
    print(_report(m, d, fetch_notes, profile, said, whatif, markdown=False), end="")
    print(f"\nReport written to {args.out}/ (report.md, metrics.png)")
    return 0


def _report(m, d, fetch_notes, profile, said, whatif, *, markdown: bool) -> str:
    """The diagnosis for a person: a heading and a summary, each finding its own section, then what the reader
    noticed, what fetch could not export, the access log and the what-if, each its own section."""

    def heading(level: int, text: str) -> list[str]:
        return [f"{'#' * level} {text}" if markdown else text, ""]

    last = m.timestamp(m.minutes - 1) if m.minutes > 1 else m.timestamp(0)
    mode, mode_from = m.capacity_mode
    text = heading(1, f"Diagnosis of {m.table_name or 'the table'}")
    text += [
        f"{m.minutes} one-minute data points, {m.timestamp(0)} to {last}; capacity mode: {mode or 'unknown'} ({mode_from}).",
        "",
        d.summary(),
        "",
        *heading(2, "Findings"),
        d.explain(markdown=markdown, level=3),
    ]
    if m.notes:
        text += [*heading(2, "What the reader noticed in the exports"), *[f"- {n}" for n in m.notes], ""]
    if fetch_notes:
        text += [*heading(2, "What fetch could not export"), *[f"- {n}" for n in fetch_notes], ""]
    if profile is not None:
        summary = "\n".join([profile.summary(), *said])
        text += [*heading(2, "Access log"), *(["```", summary, "```"] if markdown else [summary]), ""]
    if whatif is not None:
        text += heading(2, "What if (the log replayed on the described table)")
        if markdown:
            text += ["| remedy | units refused | share of offered | reads per logical read |", "| --- | --- | --- | --- |"]
            text += ["| " + " | ".join(r) + " |" for r in whatif.rows()]
        else:
            text += [f"- {r[0]}: {r[1]} units refused ({r[2]}), {r[3]} reads per logical read" for r in whatif.rows()]
        text.append("")
    return "\n".join(text).rstrip() + "\n"


def _queries(args: argparse.Namespace) -> int:
    import json

    from ._aws import GET_METRIC_DATA_MAX_QUERIES, cli_commands, metric_queries

    queries = metric_queries(args.table, args.index)
    if len(queries) > GET_METRIC_DATA_MAX_QUERIES:
        raise ValueError(
            f"--index: {len(queries)} queries: expected at most {GET_METRIC_DATA_MAX_QUERIES} (GetMetricData's "
            "limit); fewer indexes per call"
        )
    print(json.dumps(queries, indent=1))
    print("# save the JSON above as queries.json, then:", *cli_commands(args.table, args.index), sep="\n", file=sys.stderr)
    return 0


def _fetch(args: argparse.Namespace) -> int:
    from botocore.exceptions import BotoCoreError, ClientError

    from ._aws import fetch

    try:
        got = fetch(args.table, args.start, args.end, args.out, region=args.region, profile=args.profile,
                    endpoint_url=args.endpoint_url)  # fmt: skip
    except (BotoCoreError, ClientError) as e:  # credentials, network, no such table: one line, nothing written
        print(f"hotpart: error: AWS: {str(e).splitlines()[0]}", file=sys.stderr)
        return 1
    print(f"Wrote {', '.join(sorted(p.name for p in got.files.values()))} to {args.out}/")
    for f in got.failures:
        print(f"hotpart: {'error' if f.required else 'note'}: {f}", file=sys.stderr)
    if got.required_failed:
        return 1
    print(f"Next: python -m hotpart diagnose --from {args.out}")
    return 0


def _profile_command(args: argparse.Namespace) -> int:
    prof, said = _profile(args, args.log)
    print("\n".join([prof.summary(name=args.log), *said]))
    return 0


#: Each subcommand: the function that adds its options, and the one that runs it. A new subcommand is one entry.
_SUBCOMMANDS = {
    "diagnose": (_diagnose_parser, _diagnose),
    "plan": (_plan_parser, _plan),
    "queries": (_queries_parser, _queries),
    "fetch": (_fetch_parser, _fetch),
    "profile": (_profile_parser, _profile_command),
}


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Besides 0 (done) and 2 (bad input, one line): 130 after Ctrl-C and 143 after SIGTERM, each with one line and
    nothing half written (the output folder's writer removes what this run created); 141, quietly, when the
    reader of standard output closed the pipe (``hotpart queries orders | head -1``).
    """
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        return _run(argv)
    except KeyboardInterrupt:
        _ignore_further_signals()
        print("hotpart: interrupted", file=sys.stderr)
        return _EXIT_SIGINT
    except _Terminated:
        _ignore_further_signals()
        print("hotpart: terminated", file=sys.stderr)
        return _EXIT_SIGTERM
    except BrokenPipeError:
        # the reader has gone: say nothing more, and keep Python from complaining about the flush at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return _EXIT_SIGPIPE


def _ignore_further_signals() -> None:
    """One interrupt is one line: a second Ctrl-C, or the same one still pending (DuckDB answers an interrupt
    with its own error and may leave Python's flag set), must not print a traceback on the way out."""
    import threading

    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_IGN)
    # CPython remembers a KeyboardInterrupt that ended any code it ran through PyRun_String (DuckDB's bindings
    # run Python that way) and, under `python -m`, then ends the process by SIGINT after it has exited: 130 would
    # become -2 for a caller that is not a shell. An empty PyRun_String clears that note; the interrupt was handled.
    try:
        import ctypes

        ctypes.pythonapi.PyRun_SimpleString(b"pass")
    except (ImportError, AttributeError, OSError):  # pragma: no cover - not CPython
        pass


def _interrupted(e: BaseException) -> bool:
    """DuckDB reports Ctrl-C during a query as its own error (``Query interrupted``), not KeyboardInterrupt."""
    return type(e).__name__ == "InterruptException" or (isinstance(e, RuntimeError) and "Query interrupted" in str(e))


def _run(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _SUBCOMMANDS[args.command][1](args)
    except ValueError as e:  # ExportError and the models' checks: one line, no traceback
        msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        print(f"hotpart: error: {msg}", file=sys.stderr)
        return _EXIT_BAD_INPUT
    except BrokenPipeError:
        raise
    except OSError as e:  # a folder that cannot be written, a file that cannot be read: one line too
        where = e.filename if e.filename is not None else "(file)"
        print(f"hotpart: error: {where}: {e.strerror or type(e).__name__}", file=sys.stderr)
        return _EXIT_BAD_INPUT
    except Exception as e:  # DuckDB's interrupt during a query; anything else is a bug and keeps its traceback
        if _interrupted(e):
            raise (_Terminated if _signalled else KeyboardInterrupt) from None
        raise


if __name__ == "__main__":  # pragma: no cover - exercised by tests/test_cli.py as a subprocess
    sys.exit(main())
