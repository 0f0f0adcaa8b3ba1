# Installed by `make` into .venv/etc/ipython/: IPython kernels of this virtualenv read it.
# The kernels run on localhost for the book build, the tests and JupyterLab; their start-up notice
# "Kernel is running over TCP without encryption" would otherwise print once per notebook.
c.IPKernelApp.log_level = "ERROR"  # noqa: F821 - `c` is the config object IPython provides
