# Installed by `make` into .venv/etc/ipython/: IPython kernels of this virtualenv read it.
# The kernels run on localhost for the book build, the tests and JupyterLab; their start-up notice
# "Kernel is running over TCP without encryption" would otherwise print once per notebook.
c.IPKernelApp.log_level = "ERROR"  # noqa: F821 - `c` is the config object IPython provides

# A chapter's first `glue` imports nbformat, nbformat imports jsonschema, and jsonschema imports the optional
# rfc3987-syntax to check `iri` string formats, which builds an Earley grammar for about 2 s (`python -X importtime`)
# in every kernel. Nothing in a chapter checks string formats, so the kernels skip that import, as the book build
# does in its own process (hotpart.book._build.skip_iri_grammar); the statement leaves no name behind.
c.InteractiveShellApp.exec_lines = [  # noqa: F821
    "import sys as _hotpart_sys; _hotpart_sys.modules.setdefault('rfc3987_syntax', None); del _hotpart_sys"
]
