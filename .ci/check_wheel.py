"""Check an installed sevens-ru before its tests run: the wheel, with the compiled core.

Run by ``.ci/run`` and by cibuildwheel (``[tool.cibuildwheel]`` in pyproject.toml) in the
folder the tests run from, with the interpreter they run with. Fails if ``sevens_ru``
comes from anywhere but the installed package (a source tree on the path, say), if the
compiled core is missing, if package data is missing, or if a game does not play
through. ``python .ci/check_wheel.py 0.1.0`` also checks the version.
"""

from __future__ import annotations

import importlib.resources
import sys

import sevens_ru as s7


def main(argv: list[str]) -> None:
    """Check the installed package; raise AssertionError naming what is wrong."""
    if argv:
        assert s7.__version__ == argv[0], (s7.__version__, argv[0])
    assert "site-packages" in s7.__file__, f"sevens_ru imported from {s7.__file__}"
    assert s7.IMPLEMENTATION == "c", f"the compiled core is missing: {s7.IMPLEMENTATION}"
    package = importlib.resources.files("sevens_ru")
    assert package.joinpath("py.typed").is_file()
    page = package.joinpath("web", "static")
    for name in ("index.html", "app.js", "texts.js", "style.css"):  # the page is package data
        assert page.joinpath(name).is_file(), name
    state = s7.new_game(4, seed=7)
    while not s7.is_over(state):
        state = s7.apply(state, s7.legal_moves(state)[0])
    assert s7.from_json(s7.to_json(state)) == state
    print(
        f"the wheel installs and plays: sevens-ru {s7.__version__} with the compiled core"
        f" from {s7.__file__}, winner seat {state.winner}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
