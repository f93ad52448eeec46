"""The README's code blocks run too: it is the first page most people read."""

from __future__ import annotations

from pathlib import Path

from conftest import MARKDOWN

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples() -> None:
    """Every Python block of the README runs (doctests compare their output)."""
    document = MARKDOWN.parse(README)
    examples = list(document)
    assert examples, "the README has no Python example"
    for example in examples:
        example.evaluate()
