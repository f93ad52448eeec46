"""Every page that says how to install from PyPI also says how to install from a clone.

Until a release is on PyPI, and for anyone working on the code, ``pip install
"sevens-ru[web]"`` is not enough: each page of the README and the documentation that
gives a release's install line gives a clone's too (``pip install ".[web]"``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
RELEASE = re.compile(r"pip install \"?sevens-ru\b")
CLONE = re.compile(r"pip install (?:-e )?\"?\.(?:\[[\w,]+\])?\"?(?:\s|`|$)")


def test_the_patterns_tell_a_release_from_a_clone() -> None:
    assert RELEASE.search('pip install "sevens-ru[web]"') and not CLONE.search(
        "pip install sevens-ru"
    )
    assert CLONE.search('pip install ".[web]"') and CLONE.search('pip install -e ".[test]" &&')
    assert CLONE.search("`pip install .` in a clone") and not RELEASE.search('pip install ".[web]"')


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_a_release_install_line_comes_with_a_clone_line(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    if RELEASE.search(text):
        assert CLONE.search(text), f"{page.name} says how to install a release, not a clone"
