"""The page's end-to-end tests: a real server on loopback, Debian's Chromium driven by Playwright.

Run them with ``python -m pytest browser_tests`` after ``pip install -e ".[browser]"``
and ``apt-get install chromium``; ``.ci/run`` does all three. They are not among the
``testpaths`` of ``pyproject.toml``, so the plain ``python -m pytest`` never collects them.

Set ``SEVENS_RU_SCREENSHOTS=docs/images`` to write the documentation's screenshots
there (they go to a temporary folder otherwise).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from sevens_ru.web import create_app
from sevens_ru.web.serve import in_thread

CHROMIUM = os.environ.get("SEVENS_RU_CHROMIUM", "/usr/bin/chromium")
# As root and on a closed network: no sandbox, no GPU, no calls home.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with in_thread(create_app(db=tmp_path / "tables.sqlite3")) as url:
        yield url


@pytest.fixture
def screenshots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SEVENS_RU_SCREENSHOTS", tmp_path / "screenshots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def new_page(browser: Browser, server: str) -> Iterator[object]:
    """Open pages in fresh browser contexts (one per person); each fails on a script error."""
    contexts = []
    errors: list[str] = []

    def open_page(path: str = "/", *, width: int = 1000) -> Page:
        context = browser.new_context(
            viewport={"width": width, "height": 900}, accept_downloads=True
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "request",
            lambda request: (
                None
                if request.url.startswith((server, "data:", "blob:"))
                else errors.append(f"a request away from the server: {request.url}")
            ),
        )
        page.goto(server + path)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, errors
