"""The code passes ruff's checks and is ruff-formatted, with the configuration in pyproject.toml."""

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


def test_ruff_format_is_clean():
    ruff = Path(sys.executable).parent / "ruff"
    result = subprocess.run(
        [str(ruff), "format", "--check", "hotpart", "tests", "benchmarks", "notebooks"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, "run `ruff format hotpart tests benchmarks notebooks`:\n" + result.stdout + result.stderr
