"""Sphinx configuration of the sevens-ru documentation.

Build it with ``python -m sphinx -W -n -b html docs docs/_build/html`` (``pip install
-e ".[docs]"`` first). The build needs no network: there is no intersphinx, and the
standard-library names in signatures are listed in ``nitpick_ignore`` and
``nitpick_ignore_regex`` below.

Read the Docs builds the site, https://sevens-ru.readthedocs.io/, the same way (see
``.readthedocs.yaml``); the one difference is the canonical address of the pages, which
it gives in ``READTHEDOCS_CANONICAL_URL`` and a local build leaves out.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from typing import Any

from sphinx.application import Sphinx
from sphinx.ext.napoleon import _process_docstring
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

import sevens_ru

project = "sevens-ru"
author = "The sevens-ru developers"
copyright = "the sevens-ru developers, MIT licence"
release = sevens_ru.__version__  # the one place the version lives
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "README.md", "conftest.py", "test_*.py"]
language = "en"
today_fmt = "%Y-%m-%d"

# Strict: every cross-reference must resolve (the build runs with -W).
nitpicky = True
nitpick_ignore = [
    # The standard library, linked nowhere since the build stays offline.
    ("py:class", "random.Random"),
    ("py:class", "enum.IntEnum"),
    ("py:class", "ValueError"),
    ("py:class", "TypeError"),
    ("py:class", "Exception"),
]
nitpick_ignore_regex = [
    ("py:class", r"typing\..*"),
    ("py:class", r"typing_extensions\..*"),
    ("py:class", r"collections\.abc\..*"),
    ("py:class", r"(pathlib|io|argparse|contextlib|concurrent\.futures)\..*"),
    ("py:(func|mod|class)", r"(json|random|os|hashlib|struct)(\..*)?"),
    ("py:(class|data|obj)", r"(numpy|np|npt)(\..*)?"),
    # The learning frameworks of sevens_ru.envs, and its adapters' type variables.
    ("py:(class|data|obj)", r"(gymnasium|pettingzoo|pyspiel|open_spiel)(\..*)?"),
    ("py:class", r"sevens_ru\.envs\._tables\.(StateT|ViewT|OptionsT)"),
    ("py:class", r"(sevens_ru\.games\._game\.)?(S|V|M)"),  # a Game's type variables
    ("py:class", r"(sevens_ru\.common\._results\.)?(B|Opts)"),  # a match result's type variables
    ("py:class", r"(sevens_ru\.common\._records\.)?S"),  # a record's type variable
    ("py:class", r"datetime\.(date|datetime)"),  # a record's date (the standard library)
    (
        "py:class",
        r"sevens_ru\.common\._match\.MatchSettings",
    ),  # a match's checked arguments (internal)
    ("py:class", r"sevens_ru\.cli\._shared\.Drawing"),  # how the command draws a game (internal)
    ("py:class", r"TypeAliasForwardRef"),
    ("py:class", "Path"),  # pathlib.Path, in the signatures of the command's Game
    (
        "py:(class|data|obj)",
        r"(starlette|uvicorn|sqlite3|threading|asyncio)(\..*)?",
    ),  # sevens_ru.web
    ("py:class", r"sevens_ru\.web\.tables\.T"),  # off_loop's type variable
]

# autodoc: signatures with type hints, members in source order, Google-style sections.
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_preserve_defaults = True
autodoc_type_aliases = {
    "Language": "sevens_ru.Language",
    "PlaceNumbering": "sevens_ru.PlaceNumbering",
    "Event": "sevens_ru.Event",
}
autodoc_default_options: dict[str, object] = {}
autosummary_generate = False
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# MyST: Markdown pages with directives, heading anchors for the rule numbers.
myst_enable_extensions = ["colon_fence", "deflist", "attrs_inline"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = f"sevens-ru {release}"
# The pages' canonical address on Read the Docs, for search engines; none in a local build.
html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "")
html_show_sourcelink = False
html_theme_options = {
    "source_repository": "https://github.com/sevens-ru/sevens-ru/",
    "source_branch": "main",
    "source_directory": "docs/",
}
pygments_style = "friendly"
pygments_dark_style = "monokai"


# Every public name of every module must appear in the API reference. A module
# without a page of its own gets a generated one (api/*.generated.rst), listed at the
# end of the reference's table of contents, so modules added later are documented at
# once; the check below then fails the build for any public name that is still missing
# (most often: a public name without a docstring).

logger = logging.getLogger("sevens_ru.docs")


HOMES = ("sevens_ru.common", "sevens_ru.games.", "sevens_ru.series.")
"""Where the code lives: each game's folder, the shared machinery and the series'
modules. Their names are documented at the paths code imports them by (``sevens_ru``,
``sevens_ru.durak``, ``sevens_ru.bots``, ``sevens_ru.series``...), which re-export them."""


def public_modules() -> list[str]:
    """The modules of the package whose names do not start with ``_``.

    A module that cannot be imported (say, an optional dependency is missing from
    the ``docs`` extra) is reported as a warning, which fails the build under -W.
    """

    def cannot_import(name: str) -> None:
        logger.warning("cannot import %s: add what it needs to the docs extra", name)

    names = ["sevens_ru"]
    for info in pkgutil.walk_packages(sevens_ru.__path__, "sevens_ru.", onerror=cannot_import):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        if info.name.startswith(HOMES):  # documented at the paths code imports them by
            continue
        try:
            importlib.import_module(info.name)
        except ImportError as error:
            logger.warning(
                "cannot import %s (%s): add what it needs to the docs extra", info.name, error
            )
            continue
        names.append(info.name)
    return names


def public_names(module_name: str) -> list[str]:
    """A module's ``__all__``, or the public names it defines if it has none."""
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None)
    if names is None:
        names = [
            name
            for name, value in vars(module).items()
            if not name.startswith("_") and getattr(value, "__module__", None) == module_name
        ]
    return [name for name in names if not name.startswith("__")]


def write_missing_pages(app: Sphinx) -> None:
    """Give every module that has no hand-written API page a generated one."""
    api = app.srcdir / "api"
    for stale in api.glob("*.generated.rst"):
        stale.unlink()
    hand_written = "\n".join(path.read_text(encoding="utf-8") for path in api.glob("*.rst"))
    for module in public_modules():
        if f"module:: {module}\n" in hand_written:
            continue
        title = f"``{module}``"
        (api / f"{module}.generated.rst").write_text(
            f"{title}\n{'=' * len(title)}\n\n"
            ".. This page is generated by docs/conf.py for a module without a page\n"
            f"   of its own; write docs/api/{module}.rst to replace it.\n\n"
            f".. automodule:: {module}\n   :members:\n",
            encoding="utf-8",
        )


def list_generated_pages(app: Sphinx, docname: str, source: list[str]) -> None:
    """Add the generated API pages to the table of contents of the API reference.

    The hand-written pages are listed in ``api/index.rst``, in the order a reader
    wants them; a generated page, for a module that has no page yet, comes last.
    """
    if docname != "api/index":
        return
    pages = sorted(path.name[: -len(".rst")] for path in app.srcdir.glob("api/*.generated.rst"))
    if pages:
        entries = "".join(f"   {page}\n" for page in pages)
        source[0] += f"\n.. toctree::\n   :titlesonly:\n\n{entries}"


def check_coverage(app: Sphinx, env: Any) -> None:
    """Warn (an error under -W) about every public name the API reference lacks."""
    documented = set()
    for fullname in env.domaindata["py"]["objects"]:
        module_name, _, attr = fullname.rpartition(".")
        try:
            value = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError, ValueError):
            continue
        documented.add(id(value))
        documented.add(fullname)
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name in public_names(module_name):
            value = getattr(module, name)
            # Objects count wherever they are documented; ints and strings by name only.
            if f"{module_name}.{name}" in documented:
                continue
            if not isinstance(value, (int, str)) and id(value) in documented:
                continue
            logger.warning(
                "%s.%s is public but not in the API reference (docs/api/)", module_name, name
            )


def napoleon_except_attributes(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Napoleon, but not on attribute docstrings.

    Napoleon reads the first line of an attribute's docstring as ``type: text``, so
    "R17: at an equal number..." would become a type named R17. Our attribute
    docstrings are plain sentences, and only functions use ``Raises:`` sections.
    """
    if what not in {"attribute", "data", "property"}:
        _process_docstring(app, what, name, obj, options, lines)


def data_docstrings(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Give re-exported constants (``sevens_ru.DECK``) the docstring of their definition.

    A constant's docstring is the string under its assignment in the module that
    defines it; autodoc finds it only when documenting it under that module's name,
    and would show the docstring of ``tuple`` or ``dict`` instead.
    """
    if what != "data" or not name.startswith("sevens_ru."):
        return
    attr = name.rpartition(".")[2]
    homes = [
        info.name
        for info in pkgutil.walk_packages(sevens_ru.__path__, "sevens_ru.")
        if info.name.startswith(HOMES) and not info.name.rpartition(".")[2].startswith("_")
    ]
    for module_name in [*homes, *public_modules()]:  # where it is defined first
        module = importlib.import_module(module_name)
        if getattr(module, attr, None) is not obj:
            continue
        docs = ModuleAnalyzer.for_module(module_name).find_attr_docs().get(("", attr))
        if docs:
            lines[:] = list(docs)
            return


def resolve_short_names(app: Sphinx, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve ``:class:`Options``` and the like to the top-level ``sevens_ru.Options``.

    Docstrings name the package's public classes and functions by their short names,
    as the package exports them; Sphinx would look for them only in the module at hand.
    """
    if node.get("refdomain") != "py" or node["reftarget"].startswith("sevens_ru."):
        return None
    target = "sevens_ru." + node["reftarget"]
    if target.split(".")[1] not in sevens_ru.__all__:
        return None
    domain = env.get_domain("py")
    node["reftarget"] = target
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], target, node, contnode
    )


def resolve_homes(app: Sphinx, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a name of a module of the machinery to its documented public path.

    Signatures name classes where they are defined (``sevens_ru.common._results.MatchResult``);
    the reference documents them where code imports them (``sevens_ru.tournament``): the
    first public module that holds the same object, under its own name or another.
    """
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith(HOMES):
        return None
    home, _, attr = target.rpartition(".")
    try:
        value = getattr(importlib.import_module(home), attr)
    except (ImportError, AttributeError):
        return None
    domain = env.get_domain("py")
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name in [attr, *public_names(module_name)]:  # its own name first, then aliases
            if getattr(module, name, None) is not value:
                continue
            node["reftarget"] = f"{module_name}.{name}"
            found = domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], node["reftarget"], node, contnode
            )
            if found is not None:
                return found
    return None


def setup(app: Sphinx) -> dict[str, Any]:
    """Sphinx calls this after loading the extensions: wire up the hooks above."""
    for listener in list(app.events.listeners["autodoc-process-docstring"]):
        if listener.handler is _process_docstring:
            app.disconnect(listener.id)
    app.connect("autodoc-process-docstring", data_docstrings, priority=100)
    app.connect("autodoc-process-docstring", napoleon_except_attributes)
    app.connect("missing-reference", resolve_short_names)
    app.connect("missing-reference", resolve_homes)
    app.connect("builder-inited", write_missing_pages)
    app.connect("source-read", list_generated_pages)
    app.connect("env-check-consistency", check_coverage)
    return {"parallel_read_safe": True}
