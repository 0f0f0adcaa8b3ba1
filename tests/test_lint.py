"""The code passes ruff's checks, with the configuration in pyproject.toml."""

import subprocess
import sys
from pathlib import Path

from conftest import ROOT


def test_ruff_check_passes():
    ruff = Path(sys.executable).parent / "ruff"
    result = subprocess.run(
        [str(ruff), "check", "hotpart", "tests", "benchmarks", "notebooks"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
