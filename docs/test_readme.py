"""The README's code blocks run too: it is the first page most people read.

Each block runs alone, in a fresh namespace, as it does when someone pastes that one
block into a new session: a block that needs an import from an earlier one fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sybil import Example

from conftest import MARKDOWN

README = Path(__file__).resolve().parents[1] / "README.md"
EXAMPLES = list(MARKDOWN.parse(README))


def test_the_readme_has_python_examples() -> None:
    """The README shows the library in Python, not only commands."""
    assert len(EXAMPLES) >= 3, "the README should show the library in Python"


@pytest.mark.parametrize(
    "example", EXAMPLES, ids=[f"README.md line {example.line}" for example in EXAMPLES]
)
def test_each_readme_example_runs_alone(example: Example) -> None:
    """A Python block of the README runs in a namespace of its own (doctests check output)."""
    example.namespace.clear()
    example.evaluate()
