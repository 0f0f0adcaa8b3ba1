"""The survivors of ``make mutants`` on ``hotpart/models/logs.py`` in its input and output helpers (``_sniff``,
``_log_rows``, ``_files_of``, ``_duration``, ``_Progress``, ``_quote``, ``_utc_from_text``, ``_skipped`` and the
``log_scaling`` functions) that are equivalent mutants (no behaviour can tell them apart), each with the reason:
(function, the mutated line as mutmut shows it) -> why. ``benchmarks/mutants.py`` merges every ``logs_*.py`` here."""

_GUNZIP = "head = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(head, _SNIFF_BYTES)"
_FIRST_LINE = 'line = head.split(b"\\n", 1)[0]'
_STAGE = 'self.stage, self.scan_share, self.groups = "starting", 1.0, 0'
_TIMES = "self.t_stage = self.read_s = 0.0"
_STARTING = (
    "equivalent: the stage's name before the first stage is only compared, in line(), with 'reading' and 'summing', "
    "which any other name fails alike (an empty line)"
)
_UNTIMED = (
    "equivalent: both are overwritten before any read: t_stage by __enter__ (profile_log, the only user, enters the "
    "context before any stage, and the thread starts after it), read_s by summing() together with the stage "
    "'summing', the only stage whose line reads it"
)
EQUIVALENT: dict[tuple[str, str], str] = {
    (
        "_log_rows",
        "return (int(n), True) if n is not None else None -> return (int(n), True) if (n is not None) or True else None",
    ): "equivalent: the files are never an empty list here (returned before), parquet_file_metadata gives one row per "
    "listed file, and num_rows is a required field of a Parquet footer, so the sum is never NULL (a file of 0 rows "
    "gives 0, an unreadable one raises, which is caught above)",
    ("_sniff", f"{_GUNZIP} -> {_GUNZIP.replace('16 +', '17 +')}"): "equivalent: wbits 32 (17 + 15) is zlib's automatic "
    "gzip-or-zlib detection with the window size from the header (15 for gzip), and this line runs only on data that "
    "starts with the gzip magic bytes, which the detection reads as gzip: the same bytes or the same zlib.error for "
    "every input (checked on 2,000 random valid, truncated and bit-flipped gzip streams)",
    ("_sniff", f'{_FIRST_LINE} -> line = head.split(b"\\n", )[0]'): "equivalent: the first piece of a split is the "
    "same however many further splits are made",
    ("_sniff", f'{_FIRST_LINE} -> line = head.split(b"\\n", 2)[0]'): "equivalent: the first piece of a split is the "
    "same however many further splits are made",
    ("_Progress.__init__", f"{_STAGE} -> {_STAGE.replace('starting', 'XXstartingXX')}"): _STARTING,
    ("_Progress.__init__", f"{_STAGE} -> {_STAGE.replace('starting', 'STARTING')}"): _STARTING,
    ("_Progress.__init__", f"{_STAGE} -> {_STAGE.replace('1.0', '2.0')}"): "equivalent: scan_share is read only in "
    "line()'s reading stage, and the stage 'reading' is set only by reading(), which sets scan_share with it",
    ("_Progress.__init__", f"{_STAGE} -> {_STAGE.replace(', 0', ', 1')}"): "equivalent: groups is read only in "
    "line()'s summing stage, and the stage 'summing' is set only by summing(), which sets groups with it",
    ("_Progress.__init__", f"{_TIMES} -> {_TIMES.replace('0.0', 'None')}"): _UNTIMED,
    ("_Progress.__init__", f"{_TIMES} -> {_TIMES.replace('0.0', '1.0')}"): _UNTIMED,
    (
        "_Progress.summing",
        'def summing(self, table: str = "per_minute") -> None: -> def summing(self, table: str = "PER_MINUTE") -> None:',
    ): "equivalent: DuckDB's identifiers are case-insensitive, so PER_MINUTE names the table per_minute",
    ("_utc_from_text", '"END" -> "end"'): "equivalent: SQL keywords are case-insensitive (the CASE expression's END)",
    (
        "log_scaling",
        'text = resources.files("hotpart.models").joinpath(_SCALING_FILE).read_text(encoding="utf-8") -> '
        'text = resources.files("hotpart.models").joinpath(_SCALING_FILE).read_text(encoding="UTF-8")',
    ): "equivalent: Python's codec names are case-insensitive ('UTF-8' and 'utf-8' are one codec)",
}
