"""hotpart: analytic models of hot partitions and sharding, for the course of the same name.

The package has three layers, one folder each; ``hotpart`` itself is the flat entry point the chapters use
(``import hotpart as hp``; ``hp.simulate``, ``hp.explore("burst")``):

* :mod:`hotpart.models`: the models, over numpy and scipy only (no plotting);
* :mod:`hotpart.book`: how a model reaches the reader: explorables, the shared plotting look, the course map,
  the book build and the reader's edition;
* :mod:`hotpart.figures`: each chapter's explorables and figures, built on the two layers above.

Each module's ``__all__`` is the single source of truth for its public names: a layer's ``__all__`` is the union
of its public modules' (modules named ``_*`` are internal), and ``hotpart.__all__`` is the union of the three
layers'. ``tests/test_api.py`` checks that no name is exported twice, that every name the README's model map
and the chapters cite exists, and that the models import no plotting library. Each module's docstring names the
chapters that teach it; the README's model map goes the other way, from a chapter to its modules.
"""

from . import book, figures, models
from .book import *
from .figures import *
from .models import *

__version__ = "0.1.0"

#: Every public name: the union of the three layers' ``__all__``, each name defined in exactly one module.
__all__ = [*models.__all__, *book.__all__, *figures.__all__]
