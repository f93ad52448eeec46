"""Every file the documentation names is a file of the repository.

The docstrings, the documentation pages, the README, the changelog and the examples
name files (``docs/durak.md``, ``examples/durak_game.py``) and link to them on GitHub.
Each such name must be one that a clone of the repository holds: a reader who follows
it finds the file, and no name points at a folder outside the repository.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("src/**/*.py", "docs/**/*.md", "docs/**/*.rst", "docs/*.py", "examples/**/*.py")
SKIPPED_FOLDERS = {"_build", "__pycache__"}
FOLDERS = ("benchmarks", "docs", "examples", "src", "tests")  # the repository's own folders

# A file name: folders, a name and an extension, not inside a longer word or address.
FILE_NAME = re.compile(
    r"(?<![\w/.:@*}-])((?:\.\.?/)*(?:[\w-]+/)*\.?[\w-]+\.(?:md|rst|py|pyi|toml|yaml|yml|cfg|txt|c|h))"
    r"(?![\w-])"
)
GITHUB = re.compile(r"https://github\.com/sevens-ru/sevens-ru/(?:blob|tree)/main/([^\s)#>\"'`]+)")


def documents() -> list[Path]:
    """The files whose text the check reads."""
    found = {ROOT / "README.md", ROOT / "CHANGELOG.md"}
    for pattern in SOURCES:
        for path in ROOT.glob(pattern):
            parts = set(path.relative_to(ROOT).parts)
            if not parts & SKIPPED_FOLDERS and not path.name.endswith(".generated.rst"):
                found.add(path)
    return sorted(found)


def repository_files() -> set[str]:
    """The names of the files of the repository, for names given without a folder."""
    files = [path for path in ROOT.iterdir() if path.is_file()]
    for folder in FOLDERS:
        files += (path for path in (ROOT / folder).rglob("*") if path.is_file())
    return {path.name for path in files if not set(path.parts) & SKIPPED_FOLDERS}


def inside(path: Path) -> bool:
    """Whether ``path`` exists and is inside the repository."""
    resolved = path.resolve()
    return resolved.exists() and resolved.is_relative_to(ROOT)


def names(document: Path) -> Iterator[tuple[int, str]]:
    """The line and text of every file name in ``document``."""
    text = document.read_text(encoding="utf-8")
    for match in FILE_NAME.finditer(text):
        yield text.count("\n", 0, match.start()) + 1, match.group(1)


def test_every_file_named_in_the_documentation_is_in_the_repository() -> None:
    known = repository_files()
    missing = []
    for document in documents():
        # A name is read from the document's folder or any folder above it, up to the root.
        folders = [document.parent, *document.parent.parents]
        folders = folders[: folders.index(ROOT) + 1]
        for line, name in names(document):
            found = any(inside(folder / name) for folder in folders)
            if "/" not in name:
                found = found or name in known
            if not found:
                missing.append(f"{document.relative_to(ROOT)}:{line}: {name}")
    assert not missing, "files named that are not in the repository:\n" + "\n".join(missing)


def test_every_github_link_to_the_repository_names_one_of_its_files() -> None:
    missing = []
    for document in documents():
        text = document.read_text(encoding="utf-8")
        for match in GITHUB.finditer(text):
            if not inside(ROOT / match.group(1)):
                line = text.count("\n", 0, match.start()) + 1
                missing.append(f"{document.relative_to(ROOT)}:{line}: {match.group(0)}")
    assert not missing, "links to files the repository lacks:\n" + "\n".join(missing)


def test_the_check_finds_names_outside_the_repository() -> None:
    text = "of ``spec/durak.md``, see ../shared/bench/naive.py, docs/durak.md, .readthedocs.yaml"
    assert [match.group(1) for match in FILE_NAME.finditer(text)] == [
        "spec/durak.md",
        "../shared/bench/naive.py",
        "docs/durak.md",
        ".readthedocs.yaml",
    ]
    assert not inside(ROOT / "spec/durak.md") and not inside(ROOT / "../shared")
    assert inside(ROOT / "docs/durak.md")
