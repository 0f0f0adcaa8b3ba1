"""The book layer: how a model reaches the reader. It imports the models (for their sources), never the figures.

=================  ==================================================================================
module             what it does
=================  ==================================================================================
``explorable``     ``Control``, ``Explorable``, the registry ``EXPLORABLES``, ``explore(name)``
``plotting``       one look for every figure (``new_figure``, ``finish_axes``, ``render_png``), computed
                   tables (``markdown_table``) and the evidence boxes (``source_box``, ``assumption_box``)
``course``         the course map: every source section and the chapter that covers it; ``_toc.yml``
``_frames``        internal: an explorable's kernel-free frames for the built book
``_narrow``        internal: every figure's narrow layout for phones (panels stacked, legends below), and
                   the ``<picture>`` that lets the page pick it
``_text_cache``    internal: the Agg canvas every figure renders on, remembering text layouts and glyphs
``_draw_memo``     internal: within one draw, each axis lays out its ticks once and each legend its boxes once
``_tick_batch``    internal: within one draw, each axis draws its alike tick marks and grid lines as one line
``_build``         internal: ``make book``, the incremental build (``python -m hotpart.book._build``)
``_reader``        internal: the reader's edition for JupyterLab (``python -m hotpart.book._reader``)
=================  ==================================================================================
"""

from . import course, explorable, plotting

#: The public modules (bound before the star imports, which may rebind a module's name) of this layer.
MODULES = (explorable, plotting, course)
from .course import *
from .explorable import *
from .plotting import *

__all__ = [name for module in MODULES for name in module.__all__]
