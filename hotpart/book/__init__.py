"""The book layer: how a model reaches the reader. It imports the models (for their sources), never the figures.

=================  ==================================================================================
module             what it does
=================  ==================================================================================
``explorable``     ``Control``, ``Explorable``, the registry ``EXPLORABLES``, ``explore(name)``
``plotting``       one look for every figure (``new_figure``, ``finish_axes``, ``render_png``) and computed
                   tables (``markdown_table``)
``evidence``       the collapsed evidence boxes (``source_box``, ``assumption_box``) and the evidence page's
                   tables (``evidence_table``)
``selfcheck``      a chapter's kernel-free self-check (``self_check``, ``Question``)
``reading``        the main line of a built page: its words outside collapsed blocks and code
                   (``main_line_words``) and its reading time (``reading_minutes``)
``wording``        captions and prompts that read right (``plural``, ``plural_by_case``)
``course``         the course map: every source section and the chapter that covers it; ``_toc.yml``
``_frames``        internal: an explorable's kernel-free frames for the built book
``_narrow``        internal: every figure's narrow layout for phones (panels stacked, legends below), and
                   the ``<picture>`` that lets the page pick it
``_text_cache``    internal: the Agg canvas every figure renders on, remembering text layouts and glyphs
``_draw_memo``     internal: within one draw, each axis lays out its ticks once and each legend its boxes once
``_tick_batch``    internal: within one draw, each axis draws its alike tick marks and grid lines as one line
``_sphinx``        internal: the book's Sphinx extension (evidence links, glossary links, reading times)
``_build``         internal: ``make book``, the incremental build (``python -m hotpart.book._build``)
``_reader``        internal: the reader's edition for JupyterLab (``python -m hotpart.book._reader``)
=================  ==================================================================================
"""

from .._lazy import lazy_layer

#: The public modules, in the order their chapters come. Each loads on first use (hotpart/_lazy.py): ``MODULES``
#: (the module objects) and ``__all__`` (the union of their ``__all__``) are bound when first asked for.
_MODULE_NAMES = (
    "explorable",
    "plotting",
    "evidence",
    "selfcheck",
    "reading",
    "wording",
    "course",
)

__getattr__, __dir__ = lazy_layer(__name__, _MODULE_NAMES, globals())
