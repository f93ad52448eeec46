"""A person plays whole games on the page by clicking and with the keyboard, in all four languages.

Every registered game the server offers is played to its end against bots; the hand is
checked at phone width, Durak's cover by choosing the attacking card and then a card of
the hand, the end titles addressed to the viewer, the log's legend and the buttons'
colours when hovered.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from sevens_ru import games

OpenPage = Callable[..., Page]
Options = dict[str, Any]

TEXTS = {  # what the page says at the end, a seat's word, and the heuristic bot's name
    "en": ("Ranking", "Seat 1", "heuristic bot"),
    "ru": ("Итоги", "Игрок 1", "бот с правилами"),
    "fr": ("Classement", "Joueur 1", "robot à règles"),
    "de": ("Wertung", "Spieler 1", "Regelbot"),
}
FOOL = {  # "You are the fool", in each language
    "en": "You are the fool.",
    "ru": "Вы остались дураком.",
    "fr": "Vous êtes le durak.",
    "de": "Sie sind der Durak.",
}


def deal(
    page: Page,
    game: str,
    players: int,
    seats: dict[int, str],
    seed: int,
    options: Options | None = None,
) -> None:
    """Fill the lobby's form (``options`` by name: a box ticked, a choice by its value) and deal."""
    page.check(f"input[name=game][value={game}]")
    page.select_option("#players", str(players))
    for name, value in (options or {}).items():
        control = page.locator(f"#option-{name}")
        if isinstance(value, bool):
            control.set_checked(value)
        elif control.evaluate("node => node.tagName") == "SELECT":
            index = control.evaluate(
                "(node, value) => [...node.options].findIndex(o => o.dataset.value === value)",
                json.dumps(value),
            )
            assert index >= 0, (name, value)
            control.select_option(str(index))
        else:
            control.fill(str(value))
    for seat, kind in seats.items():
        page.select_option(f"#seat-{seat}", kind)
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#board .seat")


def version(page: Page) -> int:
    return int(page.evaluate("() => document.body.dataset.version"))


def over(page: Page) -> bool:
    return bool(page.evaluate("() => document.body.dataset.over === 'true'"))


def wait_for_turn(page: Page) -> None:
    """Until the game is over or this seat has a move."""
    page.wait_for_function(
        "() => document.body.dataset.over === 'true' || document.querySelector('#moves button.move')"
    )


def play_one(page: Page, *, keyboard: bool, prefer: str | None = None) -> None:
    """Make one move: click (or press Enter on) the first playable card, else a move button.

    ``prefer`` names a move button to press instead where there is one ("take", "pass").
    """
    before = version(page)
    counts = page.evaluate(
        "() => ['', '.playable', '.disabled']"
        ".map(kind => document.querySelectorAll('#hand .card' + kind).length)"
    )
    assert counts[1] + counts[2] == counts[0]  # every card not playable is disabled
    playable = page.locator("#hand .card.playable")
    preferred = page.locator(f"#moves button.move[data-move='{prefer}']")
    if prefer and preferred.count():
        preferred.click()
    elif playable.count():
        card = playable.first
        if keyboard:
            card.focus()
            page.keyboard.press("Enter")
        else:
            card.click()
        if page.locator("#choices:not([hidden])").count():  # a card of several moves
            if keyboard:
                page.keyboard.press("Enter")
            else:
                page.locator("#moves button.move").first.click()
    else:  # a take (D9), or a pass where passes are moves (F13)
        page.locator("#moves button.move").first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")


def play_to_end(
    page: Page, *, prefer: str | None = None, look: Callable[[int], None] | None = None
) -> int:
    """Play the seat's moves until the game is over (``look`` after each); the moves made."""
    moves = 0
    while True:
        wait_for_turn(page)
        if over(page):
            return moves
        play_one(page, keyboard=moves % 2 == 1, prefer=prefer)
        moves += 1
        if look:
            look(moves)


def check_the_end(page: Page, lang: str, players: int) -> None:
    """The ranking with every seat and the bots' names, and an end title addressed to the viewer."""
    ranking, seat_word, bot = TEXTS[lang]
    expect(page.locator("#result h2")).to_have_text(ranking)
    expect(page.locator("#ranking tbody tr")).to_have_count(players)
    table = page.locator("#ranking").inner_text()
    assert seat_word in table and bot in table
    title = page.locator("#end-title").inner_text()
    assert title and title in page.locator("#status").inner_text()
    rows = [row.locator("td").all_inner_texts() for row in page.locator("#ranking tbody tr").all()]
    fool = {"en": "the fool", "ru": "дурак", "fr": "le durak", "de": "der Durak"}[lang]
    named = [row[1] for row in rows if row[-1] == fool] or [row[1] for row in rows if row[0] == "1"]
    you = {"en": "You", "ru": "Вы", "fr": "Vous", "de": "Sie"}[lang]
    if named == [you]:
        assert title.startswith(you), title  # "You won.", "You are the fool.", not "Seat 0 ..."
    elif len(named) == 1:
        assert named[0] in title, (named, title)  # the winner or the fool, with its bot's name
    assert seat_word.replace("1", "0") not in title  # the viewer is never named by its seat


def snap(page: Page, path: Path) -> None:
    """A screenshot of the whole page for the docs, with no focus ring or hover that varies."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.mouse.move(0, 0)
    page.screenshot(path=str(path), full_page=True)


def against_bots(players: int) -> dict[int, str]:
    """The seats but the person's, heuristic and random bots in turn."""
    return {seat: "heuristic" if seat % 2 else "random" for seat in range(1, players)}


def check_record(page: Page, game: str, options: Options) -> None:
    """The record the page downloads: the game's, finished, with the options chosen."""
    with page.expect_download() as download:
        page.click("#download")
    record = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    state = games.get(game).from_json(json.dumps(record))
    assert games.get(game).is_over(state) and record["game"] == game
    for name, value in options.items():
        assert record["options"][name] == value


@pytest.mark.parametrize(
    ("game", "lang", "players", "options"),
    [
        ("sevens", "en", 4, {}),
        ("sevens", "fr", 3, {"rank_by_passes": True}),
        ("durak", "ru", 3, {}),
        ("durak", "de", 2, {"short_deck": True}),
    ],
)
def test_a_person_plays_a_whole_game_against_bots(
    new_page: OpenPage, screenshots: Path, game: str, lang: str, players: int, options: Options
) -> None:
    page = new_page(f"/?lang={lang}")
    if lang == "en" and game == "sevens":  # the lobby, with a preset's options
        page.wait_for_selector("#seat-1")
        page.check("input[name=game][value=fan-tan]")
        expect(page.locator("#option-ante")).to_have_value("1")  # T2: the preset's defaults
        expect(page.locator("#option-opener option:checked")).to_contain_text("left neighbour")
        snap(page, screenshots / "server-lobby.png")
    deal(page, game, players, against_bots(players), seed=11, options=options)

    def shot(moves: int) -> None:
        if moves == 3 and lang in ("en", "ru"):
            snap(page, screenshots / f"server-{game}-{lang}.png")

    moves = play_to_end(page, look=shot)
    check_the_end(page, lang, players)
    log = page.locator("#log li")
    assert log.count() >= moves  # every play, pass, join, cover and take is in the log
    if game == "sevens":
        assert (
            page.locator("#log .event-pass").count() + page.locator("#log .event-play").count()
            == log.count()
        )
    else:
        assert page.locator("#log .event-join, #log .event-cover, #log .event-take").count() > 0
    check_record(page, game, options)
    if lang in ("en", "ru"):
        snap(page, screenshots / f"server-{game}-{lang}-end.png")


LAYOUT = [  # each preset of the family, with options that bring out what it shows
    ("sevens-52", "en", 4, {"voluntary_passes": True}),
    ("fan-tan", "de", 3, {}),
    ("shichinarabe", "en", 4, {"passes": 1}),
    ("domino", "fr", 3, {"pack": 32}),
    ("cinquillo", "ru", 4, {"play_to_end": True}),
]


@pytest.mark.parametrize(("game", "lang", "players", "options"), LAYOUT)
def test_each_layout_preset_is_played_to_the_end_against_bots(
    new_page: OpenPage, screenshots: Path, game: str, lang: str, players: int, options: Options
) -> None:
    page = new_page(f"/?lang={lang}")
    deal(page, game, players, against_bots(players), seed=3, options=options)
    ranks = {"cinquillo": 10, "domino": 8}.get(game, 13)  # F4: the rows of each pack
    expect(page.locator("#board .row")).to_have_count(4)
    for row in page.locator("#board .row").all():
        expect(row.locator(".card, .place")).to_have_count(ranks)
    if game == "fan-tan":
        expect(page.locator("#board .notes")).to_contain_text("Pott:")  # T9: the pool
        expect(page.locator("#board .seat").first).to_contain_text("gezahlt:")  # chips paid
    if game == "shichinarabe":
        laid = page.locator("#board .seat .facts", has_text="laid out:")
        assert laid.count() >= 1  # N2: who laid which seven
        assert page.locator("#board .row .card", has_text="7").count() == 4
    if game == "domino":  # DO2: seat 0, left of the dealer, opens with any card
        expect(page.locator("#board .notes")).to_have_text(
            "N'importe quelle carte ouvre et fixe le rang de départ."
        )
        assert page.locator("#hand .card.playable").count() == page.locator("#hand .card").count()
    seen_pass = False

    def look(moves: int) -> None:
        nonlocal seen_pass
        seen_pass = seen_pass or page.locator("#moves button.move[data-move='pass']").count() > 0
        if moves == 1 and game == "domino":  # DO6: the start rank, public
            rank = page.locator("#log li").first.inner_text().split()[-1][:-1]
            expect(page.locator("#board .notes")).to_have_text(f"Rang de départ : {rank}")
        if moves == 4 and game == "fan-tan":
            snap(page, screenshots / "server-fan-tan-de.png")

    prefer = "pass" if game == "shichinarabe" else None  # pass until it bursts (N5)
    look(0)
    play_to_end(page, prefer=prefer, look=look)
    if game in ("sevens-52", "shichinarabe"):
        assert seen_pass  # F13: a pass is a move, offered as a button
    if game == "shichinarabe":
        assert page.locator("#log .event-burst").count() >= 1
        expect(page.locator("#board .seat.me")).to_contain_text("burst")
    check_the_end(page, lang, players)
    outcome = {"fan-tan": "Chips", "cinquillo": "Очки партии"}.get(game)
    if outcome:  # T7, C5: the outcome beside the ranking
        expect(page.locator("#ranking thead")).to_contain_text(outcome)
    check_record(page, game, options)


def test_shichinarabe_draws_an_island_apart_from_its_row(
    new_page: OpenPage, screenshots: Path
) -> None:
    """N6: with no passes, seats burst early, and their cards beyond a gap lie apart."""
    page = new_page("/?lang=en")
    deal(page, "shichinarabe", 4, {1: "random", 2: "random", 3: "random"}, 1, {"passes": 0})
    while not page.locator("#board .card.island").count():
        wait_for_turn(page)
        assert not over(page), "no island in this game"
        play_one(page, keyboard=False)
    island = page.locator("#board .card.island").first
    assert "apart from its row" in (island.get_attribute("title") or "")
    snap(page, screenshots / "server-shichinarabe-en.png")


@pytest.mark.parametrize("width", [390, 360])
def test_the_hand_fans_without_hiding_a_card_at_phone_width(
    new_page: OpenPage, screenshots: Path, width: int
) -> None:
    page = new_page("/?lang=en", width=width)
    deal(page, "fan-tan", 2, {1: "random"}, seed=4)  # 26 cards in each hand
    cards = page.locator("#hand .card")
    assert cards.count() >= 25
    boxes = [card.bounding_box() for card in cards.all()]
    for index, (card, box) in enumerate(zip(cards.all(), boxes, strict=True)):
        assert box is not None
        following = boxes[index + 1] if index + 1 < len(boxes) else None
        shown_right = box["x"] + box["width"]
        if following and abs(following["y"] - box["y"]) < 1:  # the next card on the same line
            shown_right = min(shown_right, following["x"])
        shown = shown_right - box["x"]
        assert shown >= 40, (index, shown)  # at least ~40 px of every card shows
        assert box["x"] >= 0 and box["x"] + box["width"] <= width
        x, y = box["x"] + shown / 2, box["y"] + box["height"] / 2
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y).closest('#hand .card').dataset.card",
            [x, y],
        )
        assert hit == card.get_attribute("data-card")  # a tap there reaches this card
    scrolled = page.evaluate("() => document.documentElement.scrollWidth")
    assert scrolled <= width  # no sideways scroll
    if width == 390:
        snap(page, screenshots / "server-phone.png")
    play_one(page, keyboard=False)  # and a tap on a playable card plays it


def defending_table(server: str) -> tuple[str, str]:
    """A Durak table whose person defends against two attacking cards or more, and its token."""
    for seed in range(1, 400):
        request = {"game": "durak", "seats": ["human", "heuristic", "heuristic"], "seed": seed}
        body = json.dumps(request).encode()
        made = urllib.request.Request(
            server + "/api/tables", body, {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(made) as answer:
            table = json.load(answer)
        token = table["tokens"]["0"]
        asked = urllib.request.Request(
            f"{server}/api/tables/{table['id']}", headers={"Authorization": f"Bearer {token}"}
        )
        with urllib.request.urlopen(asked) as answer:
            view = json.load(answer)
        attacks = {move.split()[1] for move in view["legal_moves"] if move.startswith("cover")}
        if len(attacks) >= 2:
            return table["id"], token
    raise AssertionError("no seed deals a defence against two attacking cards")


def test_durak_covers_by_choosing_an_attacking_card_then_a_card_of_the_hand(
    new_page: OpenPage, server: str, screenshots: Path
) -> None:
    table, token = defending_table(server)
    page = new_page(f"/#table={table}&token={token}&lang=en")
    page.wait_for_selector("#board .card.target")
    targets = page.locator("#board .card.target")
    assert targets.count() >= 2  # D8: each attacking card this seat can cover is a button
    expect(targets.first).to_have_attribute("aria-pressed", "true")  # the first, chosen at once
    expect(page.locator("#hint")).to_contain_text("Choose the card to cover")
    legal = json.loads(
        page.evaluate(
            "async ([t, k]) => JSON.stringify((await (await fetch('/api/tables/' + t, "
            "{headers: {Authorization: 'Bearer ' + k}})).json()).legal_moves)",
            [table, token],
        )
    )
    second = targets.nth(1)
    attack = second.get_attribute("data-card")
    second.click()
    expect(second).to_have_attribute("aria-pressed", "true")
    covers = {move.split()[2] for move in legal if move.startswith(f"cover {attack} ")}
    playable = {card.get_attribute("data-card") for card in page.locator("#hand .playable").all()}
    assert playable == covers  # only the cards that cover the chosen one
    buttons = [button.get_attribute("data-move") for button in page.locator("#moves .move").all()]
    assert set(buttons) == {f"cover {attack} {card}" for card in covers} | {"take"}  # the fallback
    snap(page, screenshots / "server-durak-cover.png")
    before = version(page)
    card = sorted(covers)[0]
    page.locator(f"#hand .playable[data-card='{card}']").click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    expect(page.locator("#log")).to_contain_text(f"(you) covers {attack} with {card}")


def test_the_keyboard_covers_too(new_page: OpenPage, server: str) -> None:
    table, token = defending_table(server)
    page = new_page(f"/#table={table}&token={token}&lang=en")
    page.wait_for_selector("#board .card.target")
    target = page.locator("#board .card.target").nth(1)
    target.focus()
    page.keyboard.press("Enter")  # choose the attacking card
    expect(target).to_have_attribute("aria-pressed", "true")
    attack = target.get_attribute("data-card")
    focused = page.evaluate(
        "() => document.activeElement.dataset.card || document.activeElement.dataset.move"
    )
    before = version(page)
    page.keyboard.press("Enter")  # the first card of the hand that covers it has the focus
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {before}")
    assert focused == "take" or page.locator("#log li", has_text=f"covers {attack}").count() == 1


def test_the_fool_is_told_you_are_the_fool(new_page: OpenPage) -> None:
    """Taking every bout, the person keeps the cards and is the fool (D14), told so in each language."""
    page = new_page("/?lang=en")
    deal(page, "durak", 2, {1: "heuristic"}, seed=5, options={"short_deck": True})
    play_to_end(page, prefer="take")
    for lang in ("en", "ru", "fr", "de"):
        page.select_option("#lang", lang)  # the finished table, drawn again in that language
        expect(page.locator("#end-title")).to_have_text(FOOL[lang])
        expect(page.locator("#status")).to_contain_text(FOOL[lang])
        expect(page.locator("#ranking tr.me")).to_contain_text(FOOL[lang].split()[0])


def test_the_log_has_a_legend_of_its_colours(new_page: OpenPage) -> None:
    page = new_page("/?lang=en")
    deal(page, "durak", 3, {1: "heuristic", 2: "random"}, seed=8)
    for _ in range(4):
        wait_for_turn(page)
        if over(page):
            break
        play_one(page, keyboard=False)
    kinds = page.evaluate(
        "() => [...new Set([...document.querySelectorAll('#log li')].map(li => li.classList[0]))]"
    )
    legend = page.locator("#legend li")
    assert {(item.get_attribute("class") or "").split()[0] for item in legend.all()} >= set(kinds)
    for kind in kinds:  # each entry has the colour of its events
        colours = page.evaluate(
            "(kind) => [document.querySelector('#log li.' + kind), document.querySelector('#legend li.' + kind + ' .swatch')]"
            ".map(node => getComputedStyle(node).color)",
            kind,
        )
        assert colours[0] == colours[1], kind
    expect(page.locator("#legend")).to_contain_text("your own moves")


def luminance(colour: str) -> float:
    red, green, blue = (
        int(part) / 255 for part in colour[colour.index("(") + 1 : -1].split(",")[:3]
    )
    linear = [
        c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_a_hovered_move_button_stays_readable(new_page: OpenPage) -> None:
    page = new_page("/?lang=en")
    deal(page, "sevens", 3, {1: "random", 2: "random"}, seed=2)
    wait_for_turn(page)
    for selector in ("#moves button.move", "#create"):
        if selector == "#create":
            page.goto(page.url.split("#")[0])
            page.wait_for_selector("#create")
        button = page.locator(selector).first
        button.hover()
        text, background = button.evaluate(
            "node => [getComputedStyle(node).color, getComputedStyle(node).backgroundColor]"
        )
        light, dark = sorted((luminance(text), luminance(background)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, (selector, text, background)  # WCAG AA


def test_two_people_play_one_table_from_two_browsers(new_page: OpenPage, screenshots: Path) -> None:
    first = new_page("/?lang=en")
    deal(first, "sevens", 3, {1: "human", 2: "heuristic"}, seed=5)
    link = first.locator(".invite[data-seat='1']").input_value()
    assert "token=" in link and "#" in link  # the token travels after the #, never to the server
    second = new_page(link[link.index("/#") :])
    second.wait_for_selector("#board .seat")
    expect(second.locator("#status")).to_contain_text("You are seat 1")
    expect(second.locator("#board .seat[data-seat='0']")).to_contain_text("a person")
    expect(second.locator("#board .seat[data-seat='2']")).to_contain_text("heuristic bot")
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
            snap(second, screenshots / "server-two-people.png")
    second.wait_for_function("() => document.body.dataset.over === 'true'")
    for page in people.values():
        expect(page.locator("#ranking tbody tr")).to_have_count(3)
    assert turns >= 4
    assert first.locator("#log li").count() == second.locator("#log li").count()
