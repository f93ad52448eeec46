"""What the README shows a Python block printing is what it prints.

Each ``python`` block of the README runs alone, in a fresh namespace, as when someone
pastes that one block into a new session. A block that prints something is a doctest,
as on the documentation pages: its ``>>>`` lines run and their printed lines are
compared with the lines it shows (``...`` stands for what differs from run to run, such
as a time, and runs of spaces compare equal, as in the docstrings). Any other block
must print nothing: it could not show what it printed.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE  # as for the docstrings


def python_blocks() -> list[tuple[int, str]]:
    """The line and the text of every ``python`` block of the README."""
    text = README.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, match.start()) + 2, match.group(2))
        for match in FENCE.finditer(text)
        if match.group(1) == "python"
    ]


BLOCKS = python_blocks()


def test_the_readme_shows_the_library_and_what_it_prints() -> None:
    assert len(BLOCKS) >= 5
    assert sum(block.lstrip().startswith(">>>") for _, block in BLOCKS) >= 4


@pytest.mark.parametrize(("line", "block"), BLOCKS, ids=[f"line {line}" for line, _ in BLOCKS])
def test_each_block_prints_what_it_shows(line: int, block: str) -> None:
    if block.lstrip().startswith(">>>"):
        test = doctest.DocTestParser().get_doctest(
            block, {}, f"README.md:{line}", str(README), line
        )
        report = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=FLAGS)
        runner.run(test, out=report.write)
        assert test.examples and runner.failures == 0, report.getvalue()
    else:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block, f"README.md:{line}", "exec"), {"__name__": "__readme__"})
        assert not printed.getvalue(), "a block that prints should be a doctest showing it"


@pytest.mark.parametrize(("line", "block"), BLOCKS, ids=[f"line {line}" for line, _ in BLOCKS])
def test_no_comment_claims_an_output(line: int, block: str) -> None:
    # An output is shown as a doctest's lines, which are checked, not in a comment.
    claims = [text for text in re.findall(r"#.*", block) if re.search(r"\be\.g\.|prints", text)]
    assert not claims, f"README.md:{line}: {claims}"


def test_a_wrong_output_is_caught() -> None:
    block = '>>> print("0.345 [0.318, 0.372]")\n0.350 [0.287, 0.418]\n'
    test = doctest.DocTestParser().get_doctest(block, {}, "wrong", None, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=io.StringIO().write)
    assert runner.failures == 1
