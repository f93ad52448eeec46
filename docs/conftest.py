"""Run the examples of the documentation pages as tests (``python -m pytest docs``).

Sybil collects every ``python`` code block of the Markdown pages (a block that
starts with ``>>>`` is a doctest, any other block is run as a script) and every
``>>>`` example of the reStructuredText pages. The blocks of one page share one
namespace, in page order, as a reader would type them. A block preceded by
``<!-- skip: next -->`` is shown but not run.
"""

from __future__ import annotations

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers import markdown, rest

FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE  # as for the docstrings (pyproject.toml)

collect_ignore = ["conf.py", "_build"]

MARKDOWN = Sybil(
    parsers=[markdown.PythonCodeBlockParser(doctest_optionflags=FLAGS), markdown.SkipParser()],
    patterns=["*.md"],
    name="markdown",
)
RESTRUCTUREDTEXT = Sybil(
    parsers=[rest.DocTestParser(optionflags=FLAGS), rest.SkipParser()],
    patterns=["*.rst"],
    name="rest",
)

pytest_collect_file = (MARKDOWN + RESTRUCTUREDTEXT).pytest()
