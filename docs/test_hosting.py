"""The documentation site can be hosted on Read the Docs, and the package points at it.

Read the Docs builds from ``.readthedocs.yaml`` with ``docs/conf.py``; the same
configuration builds offline at home. Run with ``python -m pytest docs`` (the
``docs`` extra: PyYAML comes with myst-parser).
"""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
import tomllib
import yaml

ROOT = Path(__file__).resolve().parents[1]
SITE = "https://sevens-ru.readthedocs.io/"


def test_read_the_docs_builds_with_sphinx_as_ci_does() -> None:
    """Version 2 of the file; Sphinx on docs/conf.py, warnings as errors; the docs extra."""
    config = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text(encoding="utf-8"))
    assert config["version"] == 2
    assert config["build"]["tools"]["python"] in {"3.11", "3.12"}  # Sphinx 9 needs 3.11+
    assert config["sphinx"] == {"configuration": "docs/conf.py", "fail_on_warning": True}
    assert (ROOT / config["sphinx"]["configuration"]).is_file()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert config["python"]["install"] == [
        {"method": "pip", "path": ".", "extra_requirements": ["docs"]}
    ]
    assert "docs" in project["optional-dependencies"]


def test_the_package_and_the_readme_point_at_the_site() -> None:
    """PyPI's Documentation link and the README both name the site."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["urls"]["Documentation"] == SITE
    assert SITE in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("canonical", "expected"),
    [(None, ""), ("https://sevens-ru.readthedocs.io/en/latest/", f"{SITE}en/latest/")],
    ids=["at home", "on Read the Docs"],
)
def test_conf_gives_the_canonical_address_only_on_read_the_docs(
    monkeypatch: pytest.MonkeyPatch, canonical: str | None, expected: str
) -> None:
    """A local build has no canonical address; Read the Docs passes its own in."""
    if canonical is None:
        monkeypatch.delenv("READTHEDOCS_CANONICAL_URL", raising=False)
    else:
        monkeypatch.setenv("READTHEDOCS_CANONICAL_URL", canonical)
    conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    assert conf["html_baseurl"] == expected
    assert not any("intersphinx" in extension for extension in conf["extensions"])  # offline
