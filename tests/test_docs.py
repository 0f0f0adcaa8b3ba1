"""The README's map of chapters to models names only things that exist."""

import re

import hotpart as hp
from conftest import ROOT


def test_readme_names_existing_models_explorables_and_notebooks():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("## Where each model lives") : text.index("## Layout")]
    for path in re.findall(r"`((?:hotpart|notebooks)/[\w./]+)`", table):
        assert (ROOT / path).exists(), path
    names = set(re.findall(r"`([A-Za-z_]\w*)`", table)) - {"ValueError", "SOURCES"}
    missing = sorted(n for n in names if not hasattr(hp, n) and n not in hp.EXPLORABLES)
    assert not missing, f"README names what hotpart does not have: {missing}"


def test_every_explorable_is_in_the_readme():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in hp.EXPLORABLES:
        assert f"`{name}`" in text, name
