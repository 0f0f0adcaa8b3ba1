"""The course map: every section of the four source documents, and the chapter that covers it.

The book's sources map (``book/sources_map.md``) renders :func:`sources_map_table`, every section with
the course's English for it; the landing page (``book/intro.md``) its reading paths
(:func:`reading_paths`) and chapter list (:func:`chapters_table`). The tests check that every section
title here is copied exactly from the source documents in ``../shared/seeds/``, that every source
section has a chapter, and that a chapter is marked written exactly when its notebook exists and is
in the table of contents.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "CHAPTERS",
    "DOCUMENTS",
    "PARTS",
    "SECTIONS",
    "Chapter",
    "course_map",
    "Section",
    "toc_yaml",
    # the landing page and the sources map
    "DOCUMENT_ENGLISH",
    "READING_PATHS",
    "SECTION_ENGLISH",
    "SUMMARIES",
    "chapter_slug",
    "chapters_table",
    "has_self_check",
    "reading_paths",
    "sources_map_table",
]

#: The source documents, by number: their titles as the sources give them.
DOCUMENTS: dict[str, str] = {
    "000": "ホットパーティション",
    "001": "DynamoDBパーティションキー設計 — ホットパーティション・カーディナリティ・アクセスパターン",
    "002": "パーティションキーを効率的に設計し、使用するためのベストプラクティス",
    "003": "シャーディング",
}


@dataclass(frozen=True)
class Section:
    """A section of a source document.

    Parameters
    ----------
    doc : str
        The document's number, ``"000"`` to ``"003"``.
    title : str
        The section's Japanese title, copied exactly.
    parent : str
        The title of the section it sits under, or ``""``.
    """

    doc: str
    title: str
    parent: str = ""

    def __str__(self) -> str:
        return f"{self.doc} 「{self.title}」"


def _sections(doc: str, *titles: str | tuple[str, str]) -> list[Section]:
    out = []
    for t in titles:
        out.append(Section(doc, t[1], t[0]) if isinstance(t, tuple) else Section(doc, t))
    return out


_KEYS = "ホットパーティションを引き起こすキー設計"
_FIXES = "対策"
_DETECT = "検出方法"
_ADAPTIVE_002 = "DynamoDB アダプティブキャパシティを理解する"
_CHALLENGES = "シャーディングの課題"

#: Every section of the four source documents, in their order.
SECTIONS: tuple[Section, ...] = tuple(
    _sections(
        "000",
        "ホットパーティションとは",
        "なぜ発生するか",
        _KEYS,
        (_KEYS, "日付をパーティションキーにする"),
        (_KEYS, "ステータスをパーティションキーにする"),
        (_KEYS, "人気商品の ID"),
        _FIXES,
        (_FIXES, "Write Sharding (書き込みシャーディング)"),
        (_FIXES, "複合キーの設計"),
        (_FIXES, "DynamoDB のアダプティブキャパシティ"),
        _DETECT,
        (_DETECT, "CloudWatch メトリクス"),
        (_DETECT, "スロットリングの監視"),
        "オンデマンドモードでも発生する",
        "症状から手を選ぶ",
    )
    + _sections(
        "001",
        "DynamoDBのデータ分散の仕組み",
        "ホットパーティション問題",
        "アダプティブキャパシティ",
        "ホットパーティション対策: シャーディング（Suffix追加）",
        "複合主キーの設計",
        "時系列データのキー設計",
        "DynamoDB Streams + Lambdaでの集計",
        "試験頻出ポイント",
        "まとめ",
    )
    + _sections(
        "002",
        "パーティションキーを効率的に設計し、使用するためのベストプラクティス",
        "バーストキャパシティを効率的に使用する",
        _ADAPTIVE_002,
        (_ADAPTIVE_002, "スループットキャパシティを高トラフィックのパーティションに増加させる"),
        (_ADAPTIVE_002, "アクセス頻度の高い項目を分離する"),
    )
    + _sections(
        "003",
        "シャーディングとは",
        "シャーディング戦略",
        "DynamoDB の自動シャーディング",
        "RDS vs DynamoDB のシャーディング",
        _CHALLENGES,
        (_CHALLENGES, "クロスシャードクエリ"),
        (_CHALLENGES, "リシャーディング"),
        (_CHALLENGES, "トランザクション"),
        "シャーディングを避ける方法",
        "つまずきやすい点",
    )
)


@dataclass(frozen=True)
class Chapter:
    """A chapter of the course: one notebook, and the source sections it covers.

    Parameters
    ----------
    number : int
        The chapter's number.
    title : str
        The English title.
    notebook : str
        The notebook's path from the repository root.
    issue : int
        The issue that plans it.
    covers : tuple of (str, str)
        ``(document, Japanese section title)`` pairs.
    part : str
        The part of the book it belongs to.
    """

    number: int
    title: str
    notebook: str
    issue: int
    covers: tuple[tuple[str, str], ...]
    part: str

    def written(self, root: str | Path = ".") -> bool:
        """Whether the chapter's notebook exists under ``root``."""
        return (Path(root) / self.notebook).is_file()


_P1 = "I. Partitions and their ceilings"
_P2 = "II. Key design"
_P3 = "III. Write sharding"
_P4 = "IV. Burst, adaptive capacity and capacity modes"
_P5 = "V. Seeing and fixing hot partitions"
_P6 = "VI. Sharding beyond DynamoDB"

#: Each part's title and its landing page (without suffix), in order.
PARTS: dict[str, str] = {
    _P1: "book/part1_partitions",
    _P2: "book/part2_key_design",
    _P3: "book/part3_write_sharding",
    _P4: "book/part4_capacity",
    _P5: "book/part5_detection",
    _P6: "book/part6_sharding",
}

#: The chapters, written and planned, in order.
CHAPTERS: tuple[Chapter, ...] = (
    Chapter(
        1,
        "How DynamoDB spreads data, and the per-partition ceiling",
        "notebooks/01_partitions.ipynb",
        2,
        (
            ("000", "ホットパーティションとは"),
            ("000", "なぜ発生するか"),
            ("001", "DynamoDBのデータ分散の仕組み"),
            ("002", "パーティションキーを効率的に設計し、使用するためのベストプラクティス"),
            ("003", "DynamoDB の自動シャーディング"),
        ),
        _P1,
    ),
    Chapter(
        2,
        "Key designs that cause hot partitions",
        "notebooks/02_key_designs.ipynb",
        3,
        (
            ("000", _KEYS),
            ("000", "日付をパーティションキーにする"),
            ("000", "ステータスをパーティションキーにする"),
            ("000", "人気商品の ID"),
            ("001", "ホットパーティション問題"),
        ),
        _P2,
    ),
    Chapter(
        3,
        "The hottest key: Zipf skew and scale limits",
        "notebooks/03_zipf.ipynb",
        3,
        (("001", "ホットパーティション問題"),),
        _P2,
    ),
    Chapter(
        4,
        "Composite keys, single-table design and time-series keys",
        "notebooks/04_composite_keys.ipynb",
        3,
        (
            ("000", "複合キーの設計"),
            ("001", "複合主キーの設計"),
            ("001", "時系列データのキー設計"),
        ),
        _P2,
    ),
    Chapter(
        5,
        "Write sharding: random against calculated suffixes",
        "notebooks/05_write_sharding.ipynb",
        4,
        (
            ("000", _FIXES),
            ("000", "Write Sharding (書き込みシャーディング)"),
            ("001", "ホットパーティション対策: シャーディング（Suffix追加）"),
        ),
        _P3,
    ),
    Chapter(
        6,
        "Shard count against fan-out cost",
        "notebooks/06_fanout.ipynb",
        4,
        (
            ("003", "クロスシャードクエリ"),
            ("003", "つまずきやすい点"),
        ),
        _P3,
    ),
    Chapter(
        7,
        "Aggregations: leaderboards and counters",
        "notebooks/07_aggregation.ipynb",
        4,
        (("001", "DynamoDB Streams + Lambdaでの集計"),),
        _P3,
    ),
    Chapter(
        8,
        "Burst capacity: what 300 seconds buy",
        "notebooks/08_burst.ipynb",
        5,
        (("002", "バーストキャパシティを効率的に使用する"),),
        _P4,
    ),
    Chapter(
        9,
        "Adaptive capacity and its two bounds",
        "notebooks/09_adaptive.ipynb",
        5,
        (
            ("002", _ADAPTIVE_002),
            ("002", "スループットキャパシティを高トラフィックのパーティションに増加させる"),
            ("000", "DynamoDB のアダプティブキャパシティ"),
            ("001", "アダプティブキャパシティ"),
        ),
        _P4,
    ),
    Chapter(
        10,
        "Isolating hot items and splitting for heat",
        "notebooks/10_isolation.ipynb",
        5,
        (("002", "アクセス頻度の高い項目を分離する"),),
        _P4,
    ),
    Chapter(
        11,
        "On-demand and auto scaling are not immune",
        "notebooks/11_capacity_modes.ipynb",
        5,
        (
            ("000", "オンデマンドモードでも発生する"),
            ("001", "アダプティブキャパシティ"),
            ("001", "まとめ"),
        ),
        _P4,
    ),
    Chapter(12, "GSIs: another write path", "notebooks/12_gsi.ipynb", 6, (("000", "複合キーの設計"),), _P5),
    Chapter(
        13,
        "Detecting a hot partition",
        "notebooks/13_detection.ipynb",
        6,
        (
            ("000", _DETECT),
            ("000", "CloudWatch メトリクス"),
            ("000", "スロットリングの監視"),
        ),
        _P5,
    ),
    Chapter(14, "Retries, backoff and jitter", "notebooks/14_retries.ipynb", 6, (("000", "症状から手を選ぶ"),), _P5),
    Chapter(
        15,
        "From symptom to remedy",
        "notebooks/15_diagnosis.ipynb",
        6,
        (
            ("000", "症状から手を選ぶ"),
            ("001", "試験頻出ポイント"),
        ),
        _P5,
    ),
    # placed after chapter 15 in part V; its number is given here only (the notebook's title repeats it)
    Chapter(
        16,
        "Your own table",
        "notebooks/16_your_table.ipynb",
        18,
        (
            ("000", _DETECT),
            ("000", "CloudWatch メトリクス"),
            ("000", "症状から手を選ぶ"),
        ),
        _P5,
    ),
    # placed after chapter 16 in part V (issue 48): checking a key design before it is deployed
    Chapter(
        17,
        "Before you deploy",
        "notebooks/17_before_you_deploy.ipynb",
        48,
        (
            ("002", "パーティションキーを効率的に設計し、使用するためのベストプラクティス"),
            ("000", _KEYS),
            ("001", "ホットパーティション問題"),
            ("000", "症状から手を選ぶ"),
        ),
        _P5,
    ),
    Chapter(
        18,
        "Sharding strategies and their hot spots",
        "notebooks/18_strategies.ipynb",
        7,
        (
            ("003", "シャーディングとは"),
            ("003", "シャーディング戦略"),
            ("003", "DynamoDB の自動シャーディング"),
        ),
        _P6,
    ),
    Chapter(19, "Resharding", "notebooks/19_resharding.ipynb", 7, (("003", "リシャーディング"),), _P6),
    Chapter(
        20,
        "Logical shards and live migration",
        "notebooks/20_migration.ipynb",
        7,
        (
            ("003", _CHALLENGES),
            ("003", "リシャーディング"),
        ),
        _P6,
    ),
    Chapter(
        21,
        "Cross-shard queries and transactions",
        "notebooks/21_cross_shard.ipynb",
        7,
        (
            ("003", "クロスシャードクエリ"),
            ("003", "トランザクション"),
            ("003", "RDS vs DynamoDB のシャーディング"),
        ),
        _P6,
    ),
    Chapter(
        22,
        "When not to shard, and the pitfalls",
        "notebooks/22_pitfalls.ipynb",
        7,
        (
            ("003", "シャーディングを避ける方法"),
            ("003", "つまずきやすい点"),
        ),
        _P6,
    ),
)


def course_map(root: str | Path = ".") -> list[dict[str, str]]:
    """One row per source section: the chapters that cover it and whether they are written.

    Parameters
    ----------
    root : str or Path
        The repository root, where ``notebooks/`` is.

    Returns
    -------
    list of dict
        Keys ``document``, ``section``, ``chapters`` (e.g. ``"1"``) and
        ``status`` (``"written"``, ``"partly written"`` or ``"planned"``).

    Examples
    --------
    >>> rows = course_map()
    >>> len(rows) == len(SECTIONS)
    True
    """
    rows = []
    for s in SECTIONS:
        chapters = [c for c in CHAPTERS if (s.doc, s.title) in c.covers]
        done = [c.written(root) for c in chapters]
        status = "written" if done and all(done) else "partly written" if any(done) else "planned"
        rows.append(
            {
                "document": s.doc,
                "section": f"{s.parent} › {s.title}" if s.parent else s.title,
                "chapters": ", ".join(str(c.number) for c in chapters),
                "status": status,
            }
        )
    return rows


def toc_yaml(root: str | Path = ".") -> str:
    """The book's ``_toc.yml``: every part with a written chapter, its written chapters, then the reference pages.

    ``make toc`` writes it; a test checks that the committed ``_toc.yml`` equals it.

    Parameters
    ----------
    root : str or Path
        The repository root, where ``notebooks/`` is.

    Returns
    -------
    str
        The YAML text.
    """
    lines = [
        "# Generated by `make toc` from hotpart/book/course.py: do not edit by hand.",
        "format: jb-book",
        "root: book/intro",
        "parts:",
        "  - caption: Course",
        "    chapters:",
    ]
    for part, page in PARTS.items():
        written = [c for c in CHAPTERS if c.part == part and c.written(root)]
        if not written:
            continue
        lines.append(f"      - file: {page}")
        lines.append("        sections:")
        lines += [f"          - file: {c.notebook.removesuffix('.ipynb')}" for c in written]
    lines += [
        "  - caption: Reference",
        "    chapters:",
        "      - file: book/glossary",
        "      - file: book/sources_map",
        "      - file: book/evidence",
        "      - file: book/references",
    ]
    return "\n".join(lines) + "\n"


# --- the landing page and the sources map (issue 46). Keyed by a chapter's slug, its notebook's name after "NN_",
# so that renumbering the chapters keeps every entry; tests/test_course.py checks that each chapter has one.

#: Each source document's title in English (the course's translation).
DOCUMENT_ENGLISH: dict[str, str] = {
    "000": "Hot partitions",
    "001": "DynamoDB partition-key design: hot partitions, cardinality, access patterns",
    "002": "Best practices for designing and using partition keys effectively (AWS's guide, Japanese edition)",
    "003": "Sharding",
}

#: Each source section's title in English (the course's translation), by its Japanese title.
SECTION_ENGLISH: dict[str, str] = {
    "ホットパーティションとは": "What a hot partition is",
    "なぜ発生するか": "Why it happens",
    _KEYS: "Key designs that cause hot partitions",
    "日付をパーティションキーにする": "The date as the partition key",
    "ステータスをパーティションキーにする": "A status as the partition key",
    "人気商品の ID": "The ID of a popular product",
    _FIXES: "Remedies",
    "Write Sharding (書き込みシャーディング)": "Write sharding",
    "複合キーの設計": "Designing composite keys",
    "DynamoDB のアダプティブキャパシティ": "DynamoDB's adaptive capacity",
    _DETECT: "How to detect it",
    "CloudWatch メトリクス": "CloudWatch metrics",
    "スロットリングの監視": "Monitoring throttling",
    "オンデマンドモードでも発生する": "It happens in on-demand mode too",
    "症状から手を選ぶ": "Choosing the remedy from the symptom",
    "DynamoDBのデータ分散の仕組み": "How DynamoDB distributes data",
    "ホットパーティション問題": "The hot-partition problem",
    "アダプティブキャパシティ": "Adaptive capacity",
    "ホットパーティション対策: シャーディング（Suffix追加）": "A remedy for hot partitions: sharding (adding a suffix)",
    "複合主キーの設計": "Designing composite primary keys",
    "時系列データのキー設計": "Key design for time-series data",
    "DynamoDB Streams + Lambdaでの集計": "Aggregating with DynamoDB Streams and Lambda",
    "試験頻出ポイント": "Points the exam asks about often",
    "まとめ": "Summary",
    "パーティションキーを効率的に設計し、使用するためのベストプラクティス": (
        "Best practices for designing and using partition keys effectively"
    ),
    "バーストキャパシティを効率的に使用する": "Using burst capacity effectively",
    _ADAPTIVE_002: "Understanding DynamoDB adaptive capacity",
    "スループットキャパシティを高トラフィックのパーティションに増加させる": "Boosting throughput capacity to high-traffic partitions",
    "アクセス頻度の高い項目を分離する": "Isolating frequently accessed items",
    "シャーディングとは": "What sharding is",
    "シャーディング戦略": "Sharding strategies",
    "DynamoDB の自動シャーディング": "DynamoDB's automatic sharding",
    "RDS vs DynamoDB のシャーディング": "Sharding in RDS and in DynamoDB",
    _CHALLENGES: "The challenges of sharding",
    "クロスシャードクエリ": "Cross-shard queries",
    "リシャーディング": "Resharding",
    "トランザクション": "Transactions",
    "シャーディングを避ける方法": "Ways to avoid sharding",
    "つまずきやすい点": "Where people stumble",
}

#: One line per chapter for the landing page: what a reader gets from it, by the chapter's slug.
SUMMARIES: dict[str, str] = {
    "partitions": "How keys are hashed onto partitions, what a read or a write costs in units, and the per-partition "
    "ceiling that refuses requests while the table has capacity to spare.",
    "key_designs": "A date, a status and a popular product's ID as partition keys: how each sends most of the traffic "
    "to one partition, and the largest demand each design carries.",
    "zipf": "How skewed key popularity is (Zipf), and how far a table scales before its hottest key meets the ceiling.",
    "composite_keys": "Composite keys, single-table design and time-series keys: what spreads the load, what one "
    "query reads, and how fast an item collection grows.",
    "write_sharding": "Spreading one hot key over suffixes, random or calculated, and what each costs on the read side.",
    "fanout": "How many shards: each spreads the writes but adds a request, and a chance of a slow one, to every read.",
    "aggregation": "Leaderboards and counters kept from DynamoDB Streams with Lambda instead of read from every shard, "
    "and how stale they run.",
    "burst": "What the capacity a partition banks for bursts absorbs, for how long, and what it never lifts.",
    "adaptive": "How adaptive capacity lends a hot partition the capacity others leave unused, and its two bounds.",
    "isolation": "How DynamoDB splits a partition that stays hot, how long that takes, and where it cannot split.",
    "capacity_modes": "Why on-demand mode and auto scaling do not stop a hot partition, and what a throttled client sees.",
    "gsi": "A global secondary index as a second write path: its own hot keys, and how its throttling backs up into "
    "the table's writes.",
    "detection": "Finding a hot partition: what CloudWatch shows and hides, throttle events, Contributor Insights and "
    "heavy-hitter counters.",
    "retries": "Retries, exponential backoff and jitter: what SDKs do with a throttled request, and when retries make a storm.",
    "diagnosis": "From symptom to remedy: the course's diagnosis reads the metrics, rule by rule, and names the fix.",
    "your_table": "Your own table: export its metrics and logs, run the diagnosis, profile the keys, and ask what if.",
    "before_you_deploy": "Before you deploy: check a table definition against its expected peak, pattern by pattern.",
    "strategies": "Hash, range, geographic, directory and composite sharding, and where each puts its hot spots.",
    "resharding": "Adding shards: how many rows move under a modulo, consistent hashing, jump hash or a range split.",
    "migration": "Logical shards and live migration: moving data while writes go on, without losing updates.",
    "cross_shard": "Queries and transactions across shards: scatter-gather, two-phase commit, and what DynamoDB's "
    "transactions take off your hands.",
    "pitfalls": "When not to shard, and the pitfalls when you do: colliding IDs, time-ordered keys, half-applied changes.",
}

#: The landing page's reading paths: a title, who it is for, and the chapters in reading order (slugs). The exam
#: path ends in the chapters' self-checks.
READING_PATHS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "My table throttles today",
        "the ceiling that refuses you, how to see which key is hot, the remedy for the symptom, the command line on "
        "your exports, and retries that do not make it worse",
        ("partitions", "detection", "diagnosis", "your_table", "retries"),
    ),
    (
        "I am designing keys",
        "what makes a key hot, how skewed real keys are, composite and time-series keys, write sharding and what it "
        "costs to read back, aggregates, indexes, and the check of a design before it ships",
        (
            "partitions",
            "key_designs",
            "zipf",
            "composite_keys",
            "write_sharding",
            "fanout",
            "aggregation",
            "gsi",
            "before_you_deploy",
        ),
    ),
    (
        "I am preparing for an AWS exam",
        "the mechanisms the exam asks about (the ceiling, key design, write sharding, burst and adaptive capacity, "
        "capacity modes, detection and the symptom-to-remedy table), each chapter ending in its self-check",
        (
            "partitions",
            "key_designs",
            "composite_keys",
            "write_sharding",
            "burst",
            "adaptive",
            "capacity_modes",
            "detection",
            "diagnosis",
        ),
    ),
)


def chapter_slug(chapter: Chapter) -> str:
    """A chapter's slug: its notebook's name after the number (``"partitions"`` for ``01_partitions.ipynb``).

    Examples
    --------
    >>> chapter_slug(CHAPTERS[0])
    'partitions'
    """
    return Path(chapter.notebook).stem.split("_", 1)[1]


def _by_slug() -> dict[str, Chapter]:
    return {chapter_slug(c): c for c in CHAPTERS}


def _docname(chapter: Chapter) -> str:
    return chapter.notebook.removesuffix(".ipynb")


def has_self_check(chapter: Chapter, root: str | Path = ".") -> bool:
    """Whether the chapter's notebook shows a self-check (a code cell calling ``hp.self_check``)."""
    import json

    path = Path(root) / chapter.notebook
    if not path.is_file():
        return False
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return any(c["cell_type"] == "code" and "hp.self_check(" in "".join(c["source"]) for c in cells)


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def sources_map_table(root: str | Path = ".") -> str:
    """The sources map, one row per source section: its document, its Japanese title, the course's English for it,
    and the chapters that cover it (linked), as Markdown for the book's page ``book/sources_map.md``.

    Examples
    --------
    >>> sources_map_table().splitlines()[0]
    '| doc | section | in English | chapters |'
    """
    lines = ["| doc | section | in English | chapters |", "| --- | --- | --- | --- |"]
    for s in SECTIONS:
        chapters = [c for c in CHAPTERS if (s.doc, s.title) in c.covers]
        links = ", ".join(f"[{c.number}](../{_docname(c)})" if c.written(root) else f"{c.number} (planned)" for c in chapters)
        section = f"{s.parent} › {s.title}" if s.parent else s.title
        english = f"{SECTION_ENGLISH[s.parent]} › {SECTION_ENGLISH[s.title]}" if s.parent else SECTION_ENGLISH[s.title]
        lines.append(f"| {s.doc} | {_cell(section)} | {_cell(english)} | {links} |")
    return "\n".join(lines)


def chapters_table(root: str | Path = ".") -> str:
    """The written chapters, one row each: number, title (linked), what the reader gets (:data:`SUMMARIES`) and the
    reading time, which the book fills in from the built page's main line; as Markdown for the landing page.

    Examples
    --------
    >>> chapters_table().splitlines()[0]
    '| # | chapter | what you get | reading time |'
    """
    from .reading import reading_time_html

    lines = ["| # | chapter | what you get | reading time |", "| --- | --- | --- | --- |"]
    for c in CHAPTERS:
        if not c.written(root):
            continue
        summary = SUMMARIES[chapter_slug(c)]
        lines.append(
            f"| {c.number} | [{_cell(c.title)}](../{_docname(c)}) | {_cell(summary)} | {reading_time_html([_docname(c)])} |"
        )
    return "\n".join(lines)


def reading_paths(root: str | Path = ".") -> str:
    """The landing page's reading paths (:data:`READING_PATHS`) as Markdown: each a heading line, who it is for, its
    chapters linked in order with the path's total reading time, and, for the exam path, the self-checks to end on.

    Examples
    --------
    >>> reading_paths().startswith("**My table throttles today**")
    True
    """
    from .reading import reading_time_html

    by_slug = _by_slug()
    blocks = []
    for title, what, slugs in READING_PATHS:
        chapters = [by_slug[s] for s in slugs if by_slug[s].written(root)]
        links = " → ".join(f"[{c.number}. {c.title}](../{_docname(c)})" for c in chapters)
        time = reading_time_html([_docname(c) for c in chapters])
        block = [f"**{title}** (about {time} of reading): {what}.", "", links]
        if "exam" in title:
            checks = [c for c in chapters if has_self_check(c, root)]
            if checks:
                anchors = ", ".join(f'<a href="../{_docname(c)}.html#self-check">chapter {c.number}</a>' for c in checks)
                block += ["", f"Then check yourself with the chapters' self-checks, answered on the page ({anchors})."]
        blocks.append("\n".join(block))
    return "\n\n".join(blocks)
