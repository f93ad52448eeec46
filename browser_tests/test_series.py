"""A person plays a short series on the page: the lobby's series options, the bank and the stacks, the deals one after another, the series' end.

The lobby offers the series of the chosen game from ``GET /api/games`` (the bank's
ante and fine only for the bank); the table shows the deal's number and dealer, the
bank, each finished deal's payments and every stack, and its log marks each deal; the
end names the series' winner and ranks the stacks; the record downloaded is the
series record (M1–M10).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from sevens_ru import series

from .test_page import OpenPage, against_bots, play_to_end, snap


def deal_series(page: Page, game: str, players: int, seed: int, **options: object) -> None:
    """Choose ``game`` in the lobby, tick the series, fill its ``options`` by name and deal."""
    page.check(f"input[name=game][value={game}]")
    page.select_option("#players", str(players))
    page.check("#series-on")
    for name, value in options.items():
        control = page.locator(f"#series-{name}")
        if isinstance(value, bool):
            control.set_checked(value)
        elif isinstance(value, str):
            control.select_option(value)
        else:
            control.fill(str(value))
    for seat, kind in against_bots(players).items():
        page.select_option(f"#seat-{seat}", kind)
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#board .seat")


def test_a_person_plays_a_bank_series_and_sees_the_bank(
    new_page: OpenPage, screenshots: Path
) -> None:
    page = new_page("/?lang=en")
    page.wait_for_selector("#seat-1")
    page.check("input[name=game][value=sevens]")
    expect(page.locator("#series-box")).to_be_visible()
    expect(page.locator("#series-fields")).to_be_hidden()
    page.check("#series-on")
    expect(page.locator("#series-scoring")).to_have_value("bank")  # the game's own (M3)
    expect(page.locator("#series-ante")).to_have_value("10")  # M4's figures
    page.select_option("#series-scoring", "penalty")
    expect(page.locator("#series-ante")).to_be_hidden()  # only the bank antes
    page.select_option("#series-scoring", "bank")
    expect(page.locator("#series-fine")).to_be_visible()
    deal_series(page, "sevens", 3, seed=5, deals=2)
    expect(page.locator("#series")).to_be_visible()
    expect(page.locator("#series .series-head")).to_contain_text("Deal 1 of 2")
    bank = page.locator("#series-bank").inner_text()
    assert re.fullmatch(r"Bank: \d+", bank) and int(bank.split()[1]) >= 30, bank
    stacks = page.locator("#series-table tr.totals td").all_inner_texts()
    assert len(stacks) == 3 and sum(map(int, stacks)) + int(bank.split()[1]) == 300  # M10
    seen: set[str] = set()

    def look(moves: int) -> None:
        head = page.locator("#series .series-head").inner_text()
        seen.add(head.split(" · ")[0])
        if "Deal 2 of 2" in head and "second" not in seen:
            seen.add("second")
            expect(page.locator("#series .last-deal")).to_contain_text("Deal 1 is over:")
            expect(page.locator("#series-table tbody tr")).to_have_count(2)  # deal 1, the stacks
            expect(page.locator("#log .deal-mark")).to_have_text(["Deal 1", "Deal 2"])
            held = page.locator("#series-bank").inner_text().split()[1]
            totals = page.locator("#series-table tr.totals td").all_inner_texts()
            assert sum(map(int, totals)) + int(held) == 300
            snap(page, screenshots / "server-series.png")

    play_to_end(page, look=look)
    assert "second" in seen, seen  # the table moved on to the second deal
    expect(page.locator("#end-title")).to_contain_text("The series is over.")
    title = page.locator("#end-title").inner_text()
    assert "won the series" in title or "share first place" in title, title
    expect(page.locator("#ranking thead th")).to_have_text(["Place", "Player", "Stack"])
    expect(page.locator("#ranking tbody tr")).to_have_count(3)
    expect(page.locator("#series-table tbody tr")).to_have_count(3)  # two deals, the stacks
    with page.expect_download() as download:
        page.click("#download")
    assert "series" in download.value.suggested_filename
    record = Path(download.value.path()).read_text(encoding="utf-8")
    loaded = series.from_json(record)
    assert series.is_over(loaded) and len(loaded.results) == 2
    assert json.loads(record)["series_options"]["scoring"] == "bank"


def test_a_chips_series_in_russian_has_no_bank(new_page: OpenPage) -> None:
    page = new_page("/?lang=ru")
    page.wait_for_selector("#seat-1")
    page.check("input[name=game][value=fan-tan]")
    page.check("#series-on")
    expect(page.locator("#series-scoring")).to_have_value("chips")  # fan-tan's (T7)
    assert page.locator("#series-ante").count() == 0  # fan-tan has no bank series
    deal_series(page, "fan-tan", 3, seed=2, deals=2)
    expect(page.locator("#series .series-head")).to_contain_text("Раздача 1 из 2")
    assert page.locator("#series-bank").count() == 0
    play_to_end(page)
    expect(page.locator("#end-title")).to_contain_text("Серия окончена.")
    expect(page.locator("#ranking thead th")).to_have_text(["Место", "Игрок", "Фишки"])
    chips = page.locator("#ranking tbody tr td:nth-child(3)").all_inner_texts()
    assert sum(map(int, chips)) == 0  # chips change hands (T7)


def test_bad_series_options_are_told_in_the_lobby(new_page: OpenPage) -> None:
    page = new_page("/?lang=en")
    page.wait_for_selector("#seat-1")
    page.check("#series-on")
    page.fill("#series-start", "5")  # below the ante: refused by the server (M6, M10)
    page.click("#create")
    expect(page.locator("#lobby-error")).to_contain_text("at least the ante")
    expect(page.locator("#lobby")).to_be_visible()
