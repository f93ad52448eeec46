"""A person plays whole games on the page by clicking and with the keyboard, in all four languages."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

import sevens_ru as s7
from sevens_ru import durak

OpenPage = Callable[..., Page]

TEXTS = {  # what the page says at the end, and the seats' word, in each language
    "en": ("Ranking", "Seat 1"),
    "ru": ("Итоги", "Игрок 1"),
    "fr": ("Classement", "Joueur 1"),
    "de": ("Wertung", "Spieler 1"),
}


def deal(
    page: Page, game: str, players: int, seats: dict[int, str], seed: int, option: str = ""
) -> None:
    """Fill the lobby's form (``option``: the id of a box to tick) and deal."""
    page.check(f"input[name=game][value={game}]")
    if option:
        page.check(f"#{option}")
    page.select_option("#players", str(players))
    for seat, kind in seats.items():
        page.select_option(f"#seat-{seat}", kind)
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#picture svg")


def version(page: Page) -> int:
    return int(page.evaluate("() => document.body.dataset.version"))


def over(page: Page) -> bool:
    return bool(page.evaluate("() => document.body.dataset.over === 'true'"))


def wait_for_turn(page: Page) -> None:
    """Until the game is over or this seat has a move."""
    page.wait_for_function(
        "() => document.body.dataset.over === 'true' || document.querySelector('#moves button.move')"
    )


def play_one(page: Page, *, keyboard: bool) -> None:
    """Make one move: click (or focus and press Enter on) the first playable card, else a move."""
    before = version(page)
    seat = page.evaluate("() => document.body.dataset.seat")
    mine = page.locator(f"#picture g.hand[data-seat='{seat}'] g.card")
    playable = page.locator("#picture .card.playable")
    disabled = page.locator(f"#picture g.hand[data-seat='{seat}'] .card.disabled")
    assert playable.count() + disabled.count() == mine.count()  # every other card is disabled
    if playable.count():
        card = playable.first
        if keyboard:
            card.focus()
            page.keyboard.press("Enter")
        else:
            card.click()
        if page.locator("#choices:not([hidden])").count():  # a card of several moves
            page.keyboard.press("Enter") if keyboard else page.locator(
                "#moves button.move"
            ).first.click()
    else:  # only a take is left (D9)
        page.locator("#moves button.move").first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")


@pytest.mark.parametrize(
    ("game", "lang", "players"),
    [("sevens", "en", 4), ("sevens", "fr", 3), ("durak", "ru", 3), ("durak", "de", 2)],
)
def test_a_person_plays_a_whole_game_against_bots(
    new_page: OpenPage, screenshots: Path, game: str, lang: str, players: int
) -> None:
    page = new_page(f"/?lang={lang}")
    if lang == "en" and game == "sevens":
        page.wait_for_selector("#seat-1")
        page.screenshot(path=str(screenshots / "server-lobby.png"))
    bots = {seat: "heuristic" if seat % 2 else "random" for seat in range(1, players)}
    option = {"fr": "rank-by-passes", "de": "short-deck"}.get(lang, "")
    deal(page, game, players, bots, seed=11, option=option)
    log = page.locator("#log li")
    moves = 0
    while True:
        wait_for_turn(page)
        if over(page):
            break
        play_one(page, keyboard=moves % 2 == 1)
        moves += 1
        if moves == 3 and lang in ("en", "ru"):
            page.screenshot(path=str(screenshots / f"server-{game}-{lang}.png"), full_page=True)
    ranking, seat_word = TEXTS[lang]
    expect(page.locator("#result h2")).to_have_text(ranking)
    expect(page.locator("#ranking tbody tr")).to_have_count(players)
    assert seat_word in page.locator("#ranking").inner_text()
    assert log.count() >= moves  # every play, pass, join, cover and take is in the log
    if game == "sevens":
        assert (
            page.locator("#log .event-pass").count() + page.locator("#log .event-play").count()
            == log.count()
        )
    else:
        assert page.locator("#log .event-join, #log .event-cover, #log .event-take").count() > 0
    with page.expect_download() as download:
        page.click("#download")
    record = Path(download.value.path()).read_text(encoding="utf-8")
    state = s7.from_json(record) if game == "sevens" else durak.from_json(record)
    assert state.current_player is None and json.loads(record)["game"] == game
    options = json.loads(record)["options"]
    assert options.get("rank_by_passes", False) == (lang == "fr")
    assert options.get("short_deck", False) == (lang == "de")
    if lang in ("en", "ru"):
        page.screenshot(path=str(screenshots / f"server-{game}-{lang}-end.png"), full_page=True)


def test_two_people_play_one_table_from_two_browsers(new_page: OpenPage, screenshots: Path) -> None:
    first = new_page("/?lang=en")
    deal(first, "sevens", 3, {1: "human", 2: "heuristic"}, seed=5)
    link = first.locator(".invite[data-seat='1']").input_value()
    assert "token=" in link and "#" in link  # the token travels after the #, never to the server
    second = new_page(link[link.index("/#") :])
    second.wait_for_selector("#picture svg")
    expect(second.locator("#status")).to_contain_text("You are seat 1")
    people = {0: first, 1: second}
    turns = 0
    while not over(first):
        page = next(
            (page for page in people.values() if page.locator("#moves button.move").count()), None
        )
        if page is None:
            first.wait_for_timeout(50)
            continue
        other = second if page is first else first
        seen = other.locator("#log li").count()
        play_one(page, keyboard=False)
        other.wait_for_function(
            f"() => document.querySelectorAll('#log li').length > {seen}"
        )  # live
        turns += 1
        if turns == 4:
            second.screenshot(path=str(screenshots / "server-two-people.png"), full_page=True)
    second.wait_for_function("() => document.body.dataset.over === 'true'")
    for page in people.values():
        expect(page.locator("#ranking tbody tr")).to_have_count(3)
    assert turns >= 4
    assert first.locator("#log li").count() == second.locator("#log li").count()
