"""The family's pictures and text: svg.position, svg.replay_html, svg.series_position and Game.text for every preset."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from family_helpers import PRESETS, dealt, game

from sevens_ru import LANGUAGES, games, series, svg
from sevens_ru.errors import InvalidSeatError, NotAGameStateError, UnknownLanguageError
from sevens_ru.games.family.events import Burst, Pass, Play
from sevens_ru.games.family.moves import PASS
from sevens_ru.games.family.picture import islands
from sevens_ru.games.family.presets import rules_for
from sevens_ru.series import SeriesOptions
from sevens_ru.series.options import Scoring

NS = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)  # well-formed, or this raises


def groups(picture: str, name: str) -> list[ET.Element]:
    return [g for g in parse(picture).iter(f"{NS}g") if name in (g.get("class") or "").split()]


def faces(picture: str) -> list[str]:
    return [g.get("data-card", "") for g in parse(picture).iter(f"{NS}g") if g.get("data-card")]


def texts(picture: str) -> list[str]:
    return ["".join(node.itertext()) for node in parse(picture).iter(f"{NS}text")]


def played(name: str, players: int, seed: int, **setup: Any) -> list[Any]:
    g = game(name)
    states = [g.new_game(players, seed=seed, **setup)]
    rng = random.Random(seed)
    while moves := g.legal_moves(states[-1]):
        states.append(g.apply(states[-1], rng.choice(moves)))
    return states


def edges(name: str) -> list[int]:
    g = game(name)
    return [g.min_players, g.max_players]


CASES = [(name, players) for name in PRESETS for players in edges(name)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_position_shows_every_card_once_in_rows_of_the_pack(name: str, players: int) -> None:
    g = game(name)
    pack = [str(card) for card in g.pack.cards]
    for number, state in enumerate(played(name, players, seed=players)):
        lang = LANGUAGES[number % len(LANGUAGES)]
        picture = svg.position(state, lang=lang)
        assert sorted(faces(picture)) == sorted(pack)  # F3: the preset's pack, each card once
        rules = rules_for(name, state.options)
        places = groups(picture, "place")
        assert len(places) == len(pack) - len(state.table)  # F10: an empty place per card
        assert len(rules.order) == {52: 13, 40: 10, 32: 8}[len(pack)]


def test_rows_follow_the_ace_option_and_stop_at_the_packs_ends() -> None:  # F4
    g = game("sevens-52")
    high = g.new_game(4, seed=1, options=g.Options(ace="high"))
    low = g.new_game(4, seed=1)

    def first_places(state: Any) -> list[str]:
        picture = svg.position(state)
        row = [node for node in groups(picture, "place") if "♣" in "".join(node.itertext())]
        return ["".join(node.itertext()).replace("♣", "") for node in row]

    assert first_places(low)[0] == "A" and first_places(low)[-1] == "K"
    assert first_places(high)[0] == "2" and first_places(high)[-1] == "A"
    cinquillo = svg.position(game("cinquillo").new_game(4, seed=1))
    clubs = [
        "".join(node.itertext()).replace("♣", "")
        for node in groups(cinquillo, "place")
        if "♣" in "".join(node.itertext())
    ]
    assert clubs == ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]  # C1: 7 next to the sota


def test_open_places_are_the_playable_cards() -> None:  # F11
    g = game("sevens-52")
    state = g.apply(g.new_game(4, dealer=3, seed=12), "7♦")
    picture = svg.position(state)
    opened = {"".join(node.itertext()) for node in groups(picture, "open")}
    assert opened == {"6♦", "8♦", "7♣", "7♥", "7♠"}


def test_domino_says_any_card_opens_then_shows_the_start_rank() -> None:  # DO2, DO6
    g = game("domino")
    state = g.new_game(4, dealer=3, seed=3)
    picture = svg.position(state)
    assert "Any card opens" in texts(picture)
    assert len(groups(picture, "open")) == 52  # every card may open
    after = g.apply(state, g.legal_moves(state)[0])
    rank = after.start_rank
    assert f"Start rank: {rank.label()}" in texts(svg.position(after))
    assert f"Startrang: {rank.label('de')}" in texts(svg.position(after, lang="de"))


def burst_position() -> Any:
    """A shichinarabe position just after a burst that left islands on the table (N6)."""
    g = game("shichinarabe")
    for seed in range(100):
        for state in played("shichinarabe", 4, seed=seed):
            if state.history and type(state.history[-1]) is Burst:
                rules = rules_for("shichinarabe", state.options)
                if islands(rules, state.table_mask, state._centre):
                    return state
    raise AssertionError(f"no burst with islands in 100 games of {g.name}")


def test_a_burst_shows_its_islands_dashed_and_the_seat_burst() -> None:  # N5, N6
    state = burst_position()
    rules = rules_for("shichinarabe", state.options)
    apart = {
        str(card) for card in rules.pack.cards_of(islands(rules, state.table_mask, state._centre))
    }
    burst = state.history[-1]
    for lang in LANGUAGES:
        picture = svg.position(state, lang=lang)
        assert {node.get("data-card") for node in groups(picture, "island")} == apart
        words = texts(picture)
        assert (
            "✖ " + {"en": "burst", "ru": "выбыл", "fr": "éliminé", "de": "ausgeschieden"}[lang]
            in words
        )
    words = texts(svg.position(state))
    assert "Dashed: cards beyond a gap (islands)" in words
    assert words.count("✖ burst") == len(state.burst)
    assert all(card in state.table for card in burst.cards)
    text = game("shichinarabe").text(state)
    assert "burst" in text
    lines = {line[0]: line for line in text.splitlines()}
    for card in rules.pack.cards_of(rules.pack.mask_of(apart)):  # marked ' in its place
        place = rules.order.index(card.rank)
        assert (
            lines[card.suit.symbol][3 + 3 * place : 6 + 3 * place]
            == card.rank.label().rjust(2) + "'"
        )
    assert text.count("'") == len(apart)


def test_shichinarabe_shows_passes_of_k_the_laid_sevens_and_may_pass() -> None:  # N2, N4
    g = game("shichinarabe")
    state = g.new_game(4, dealer=3, seed=5)
    words = texts(svg.position(state))
    for laid in state.laid:
        if laid:
            assert "laid " + " ".join(card.label("en") for card in laid) in words
    assert words.count("passes: 0 of 3") == 4
    assert "may pass" in words  # PASS is legal for the seat to move
    after = g.apply(state, PASS)
    assert "passes: 1 of 3" in texts(svg.position(after))
    assert "passed" in texts(svg.position(after))


def test_fan_tan_shows_the_pool_the_chips_paid_and_the_payoffs() -> None:  # T9, T7
    g = game("fan-tan")
    states = played("fan-tan", 3, seed=8)
    middle = states[len(states) // 2]
    words = texts(svg.position(g.view(middle, 0)))
    assert f"Pool: {middle.pool}" in words
    for seat in range(3):
        assert f"paid: {middle.paid[seat]}" in words
    final = states[-1]
    words = texts(svg.position(final, lang="fr"))
    for chips in g.payoffs(final):
        assert f"jetons : {chips:+d}" in words
    assert f"chips: {' '.join(f'{chips:+d}' for chips in g.payoffs(final))}" in g.text(final)


def test_cinquillo_shows_the_scores_at_the_end() -> None:  # C5
    g = game("cinquillo")
    final = played("cinquillo", 4, seed=2)[-1]
    words = texts(svg.position(final, lang="ru"))
    for score in g.scores(final):
        assert f"очки: {score}" in words
    winner = g.ranking(final)[0].seat
    assert f"Игрок {winner} выиграл" in words


@pytest.mark.parametrize("name", PRESETS)
def test_a_view_shows_only_its_own_hand_and_the_same_whatever_others_hold(name: str) -> None:  # F17
    g = game(name)
    states = played(name, 4, seed=21)
    for state in states[:: max(1, len(states) // 5)]:
        seen = g.view(state, 1)
        picture = svg.position(seen)
        assert sorted(faces(picture)) == sorted(map(str, (*seen.hand, *seen.table)))
        hidden = sum(size for seat, size in enumerate(seen.hand_sizes) if seat != 1)
        assert len(groups(picture, "back")) == hidden
        assert svg.position(state, seat=1) == picture
        assert seen._repr_svg_() == picture
    other = g.hide_others(states[0], 1, random.Random(4))
    assert svg.position(other, seat=1) == svg.position(states[0], seat=1)
    with pytest.raises(InvalidSeatError):
        svg.position(g.view(states[0], 1), seat=2)
    with pytest.raises(UnknownLanguageError):
        svg.position(states[0], lang="es")  # type: ignore[arg-type]


def test_the_last_play_and_the_turn_are_marked() -> None:
    g = game("sevens-52")
    states = played("sevens-52", 4, seed=6)
    state = next(s for s in states[1:] if s.history and type(s.history[-1]) is Pass)
    picture = svg.position(state)
    last = next(event for event in reversed(state.history) if type(event) is Play)
    assert [node.get("data-card") for node in groups(picture, "last")] == [str(last.card)]
    words = texts(picture)
    assert f"▶ Seat {state.current_player}" in words and "passed" in words
    legal = {node.get("data-card") for node in groups(picture, "legal")}
    assert legal == {str(move) for move in g.legal_moves(state) if move is not PASS}


@pytest.mark.parametrize("name", PRESETS)
def test_a_replay_page_has_a_picture_per_move(name: str) -> None:
    g = game(name)
    final = played(name, 3, seed=9)[-1]
    page = svg.replay_html(final, lang="de")
    positions = g.positions(final)
    assert page.count("<svg") == len(positions)
    assert (
        positions[0].history
        == g.new_game(3, dealer=final.dealer, hands=final.deal, options=final.options).history
    )
    assert positions[-1] == final
    assert f"Zug {len(positions) - 1} von {len(positions) - 1}" in page
    with pytest.raises(NotAGameStateError):
        g.positions(games.get("sevens").new_game(3, seed=1))


@pytest.mark.parametrize("name", PRESETS)
def test_a_series_picture_shows_the_totals_and_the_bank_or_the_chips(name: str) -> None:  # M8
    kind: Scoring = "chips" if name == "fan-tan" else "bank"
    table = series.new_series(name, 3, seed=2, series_options=SeriesOptions(scoring=kind))
    picture = svg.series_position(series.view(table, 0))
    words = texts(picture)
    assert any(word.startswith(f"{g_title(name)}: deal 1") for word in words)
    for seat, total in enumerate(table.totals):
        assert f"Seat {seat}: {total}" in words
    if kind == "bank":
        assert f"Bank: {table.bank}" in words
    else:
        assert f"Pool: {table.current.pool}" in words  # the deal's own pool (T9)
    assert svg.series_position(table, seat=0) == picture


def g_title(name: str) -> str:
    return games.get(name).title("en")


@pytest.mark.parametrize("name", PRESETS)
def test_text_shows_the_rows_and_every_hand(name: str) -> None:
    g = game(name)
    states = played(name, 4, seed=3)
    for state in (states[0], states[len(states) // 2], states[-1]):
        text = g.text(state)
        assert text.splitlines()[0].startswith(f"{g_title(name)}, 4 players: ")
        for seat, hand in enumerate(state.hands):
            shown = " ".join(map(str, hand)) or "no cards"
            assert any(
                line.startswith(f"seat {seat} (") and line.endswith(shown)
                for line in text.splitlines()
            )
    final = states[-1]
    assert f"seat {g.ranking(final)[0].seat} won" in g.text(final).splitlines()[0]
    assert "places: 1. seat" in g.text(final)


def test_a_position_drawn_from_a_deal_to_order() -> None:  # S10
    state = dealt(
        "sevens-52",
        4,
        3,
        holds={0: "6♦ 7♠", 2: "7♦ 8♠", 3: "8♦"},
        lacks={0: "7♣ 7♥ 9♦", 1: "6♦ 9♦ 6♠ 8♠ 7♣ 7♥"},
    )
    g = game("sevens-52")
    for move in ("7♦", "8♦", "7♠"):
        state = g.apply(state, move)
    assert type(state.history[-1]) is Pass  # seat 1 passes
    words = texts(svg.position(state))
    assert "Last: Seat 0 played 7♠" in words and "passed" in words
