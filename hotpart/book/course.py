"""The course map: every section of the four source documents, and the chapter that covers it.

The landing page (``book/intro.md``) renders :func:`course_map`; the tests
check that every section title here is copied exactly from the source
documents in ``../shared/seeds/``, that every source section has a chapter,
and that a chapter is marked written exactly when its notebook exists and is
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
        "      - file: book/evidence",
        "      - file: book/references",
    ]
    return "\n".join(lines) + "\n"
