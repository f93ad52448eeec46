"""The pictures of sevens_ru.svg: what they show, what they hide, and the replay page."""

from __future__ import annotations

import importlib.util
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import sevens_ru as s7
from sevens_ru import durak, svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def sevens_game(players: int, seed: int) -> list[s7.GameState]:
    states = [s7.new_game(players, seed=seed)]
    rng = random.Random(seed)
    while moves := s7.legal_moves(states[-1]):
        states.append(s7.apply(states[-1], rng.choice(moves)))
    return states


def durak_game(players: int, seed: int) -> list[durak.GameState]:
    states = [durak.new_game(players, dealer=seed % players, seed=seed)]
    rng = random.Random(seed)
    while moves := durak.legal_moves(states[-1]):
        states.append(durak.apply(states[-1], rng.choice(moves)))
    return states


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)  # well-formed, or this raises


def faces(picture: str) -> list[str]:
    """The cards drawn face up, as their record notation."""
    return [
        g.get("data-card", "")
        for g in parse(picture).iter(f"{{{NS['svg']}}}g")
        if g.get("data-card")
    ]


def with_class(picture: str, name: str) -> list[ET.Element]:
    return [
        g
        for g in parse(picture).iter(f"{{{NS['svg']}}}g")
        if name in (g.get("class") or "").split()
    ]


def texts(picture: str) -> list[str]:
    return ["".join(node.itertext()) for node in parse(picture).iter(f"{{{NS['svg']}}}text")]


@pytest.mark.parametrize("lang", s7.LANGUAGES)
def test_every_position_of_a_sevens_game_is_well_formed_and_shows_every_card_once(
    lang: str,
) -> None:
    for state in sevens_game(4, seed=3):
        picture = svg.position(state, lang=lang)  # type: ignore[arg-type]
        shown = faces(picture)
        assert sorted(shown) == sorted(str(card) for card in s7.DECK)  # R1: 36 cards, each once
        assert len(with_class(picture, "place")) == 36 - len(state.table)  # R8: empty places


def test_open_places_are_those_where_a_card_may_be_played() -> None:  # R9
    state = s7.apply(s7.new_game(4, seed=7), "9♦")
    picture = svg.position(state)
    opened = {"".join(g.itertext()).strip() for g in with_class(picture, "open")}
    playable = set(s7.view(state, 0).playable()) - state.table
    assert opened == {card.label("en") for card in playable}


def test_a_view_shows_its_own_hand_and_the_table_and_backs_for_the_others() -> None:  # R20
    for state in sevens_game(5, seed=11)[::5]:
        seen = s7.view(state, 2)
        picture = svg.position(seen)
        assert sorted(faces(picture)) == sorted(str(card) for card in (*seen.hand, *seen.table))
        hidden = sum(size for seat, size in enumerate(seen.hand_sizes) if seat != 2)
        assert len(with_class(picture, "back")) == hidden
        assert svg.position(state, seat=2) == picture


def test_a_view_picture_is_the_same_whatever_the_other_seats_hold() -> None:  # R20
    state = s7.new_game(4, seed=5)
    hands = [list(hand) for hand in state.deal]
    nine = s7.Card.parse("9♦")
    one = next(i for i, card in enumerate(hands[1]) if card != nine)
    three = next(i for i, card in enumerate(hands[3]) if card != nine)
    hands[1][one], hands[3][three] = hands[3][three], hands[1][one]  # not seat 0's cards
    swapped = s7.new_game(4, hands=hands)
    assert swapped != state
    assert svg.position(s7.view(swapped, 0)) == svg.position(s7.view(state, 0))
    after, swapped_after = s7.apply(state, nine), s7.apply(swapped, nine)  # R7
    assert svg.position(swapped_after, seat=0) == svg.position(after, seat=0)


def test_the_turn_the_passes_and_the_last_play_are_marked() -> None:  # R11
    states = sevens_game(4, seed=2)
    state = next(s for s in states if s.history and isinstance(s.history[-1], s7.Pass))
    picture = svg.position(state)
    last = next(event for event in reversed(state.history) if isinstance(event, s7.Play))
    assert [g.get("data-card") for g in with_class(picture, "last")] == [str(last.card)]
    words = texts(picture)
    assert f"▶ Seat {state.current_player}" in words
    assert f"Last: Seat {last.seat} played {last.card}" in words
    passed = []
    for event in reversed(state.history):
        if not isinstance(event, s7.Pass):
            break
        passed.append(event.seat)
    assert words.count("passed") == len(passed)
    for seat in range(4):
        assert f"passes: {state.passes[seat]}" in words or seat == state.winner
    final = states[-1]
    assert f"Seat {final.winner} won" in texts(svg.position(final))


def test_legal_cards_of_the_seat_to_play_are_marked() -> None:
    state = s7.apply(s7.new_game(3, seed=9), "9♦")
    marked = {g.get("data-card") for g in with_class(svg.position(state), "legal")}
    assert marked == {str(card) for card in s7.legal_moves(state)}


@pytest.mark.parametrize("lang", s7.LANGUAGES)
def test_every_position_of_a_durak_game_is_well_formed(lang: str) -> None:
    for players in (2, 3, 4):
        for state in durak_game(players, seed=players):
            picture = svg.position(state, lang=lang)  # type: ignore[arg-type]
            parse(picture)
            shown = faces(picture)
            assert shown[0] == str(state.trump)  # D4: the trump card, shown to everyone
            held = [card for hand in state.hands for card in hand]
            bout = [card for pair in state.table for card in pair if card is not None]
            assert sorted(shown[1:]) == sorted(map(str, held + bout))


def test_durak_bout_shows_each_cover_laid_on_its_attacking_card() -> None:  # D8
    state = durak.new_game(
        2,
        hands=[
            ["6♣", "7♣", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣"],
            ["6♦", "7♦", "8♦", "9♦", "10♦", "J♦", "Q♦", "K♦", "A♦"],
        ],
        trump="6♠",
    )
    state = durak.apply(state, "lead 7♦")  # seat 0 joins 7♣ (D7)
    state = durak.apply(state, "cover 7♣ 8♣")
    picture = svg.position(state)
    places: dict[str, tuple[float, float]] = {}
    for g in parse(picture).iter(f"{{{NS['svg']}}}g"):
        found = re.fullmatch(r"translate\(([\d.]+) ([\d.]+)\)", g.get("transform") or "")
        if g.get("data-card") and found:
            places.setdefault(g.get("data-card", ""), (float(found[1]), float(found[2])))
    attack, cover = places["7♣"], places["8♣"]
    assert (cover[0] - attack[0], cover[1] - attack[1]) == (12, 18)
    assert [g.get("data-card") for g in with_class(picture, "last")] == ["8♣"]
    words = texts(picture)
    assert "Last: Seat 0 covers 7♣ with 8♣" in words
    assert "Seat 1 attacks Seat 0" in words
    assert "attacks" in words and "defends" in words
    assert "Set aside: 0" in words


def test_durak_set_aside_count_and_the_end() -> None:  # D10, D12
    states = durak_game(3, seed=4)
    final = states[-1]
    words = texts(svg.position(final))
    assert f"Set aside: {len(final.set_aside)}" in words
    if final.loser is not None:
        assert f"Seat {final.loser} is the fool" in words
    else:
        assert "A draw" in words
    assert sum(word.startswith("out (") for word in words) == len(final.out)


def test_a_durak_view_hides_the_other_hands_whatever_they_hold() -> None:  # D17
    state = durak.new_game(3, dealer=0, seed=7)
    seen = durak.view(state, 1)
    picture = svg.position(seen)
    visible = {str(state.trump), *map(str, seen.hand)}
    assert set(faces(picture)) == visible
    assert len(with_class(picture, "back")) == sum(seen.hand_sizes) - len(seen.hand)
    hands = [list(hand) for hand in state.deal]
    hands[0][0], hands[2][0] = hands[2][0], hands[0][0]
    swapped = durak.new_game(3, dealer=0, hands=hands, trump=state.trump)
    assert svg.position(durak.view(swapped, 1)) == picture


def test_jupyter_shows_states_and_views_of_both_games() -> None:
    state = s7.new_game(3, seed=1)
    durak_state = durak.new_game(2, seed=1)
    assert state._repr_svg_() == svg.position(state)
    assert s7.view(state, 1)._repr_svg_() == svg.position(state, seat=1)
    assert durak_state._repr_svg_() == svg.position(durak_state)
    assert durak.view(durak_state, 0)._repr_svg_() == svg.position(durak_state, seat=0)


def test_languages_use_their_own_letters() -> None:
    state = s7.new_game(4, seed=7)
    words = texts(svg.position(state, lang="ru"))
    assert "Игрок 0" in words and "В" in words  # the jack of the Russian pack
    assert "Spieler 0" in texts(svg.position(state, lang="de"))


def test_bad_arguments_are_refused_with_the_library_errors() -> None:
    state = s7.new_game(3, seed=1)
    with pytest.raises(s7.NotAGameStateError, match="state or a view"):
        svg.position("9♦")
    with pytest.raises(s7.InvalidSeatError, match="view of seat 1"):
        svg.position(s7.view(state, 1), seat=2)
    with pytest.raises(s7.InvalidSeatError):
        svg.position(state, seat=3)
    with pytest.raises(s7.UnknownLanguageError, match="'xx'"):
        svg.position(state, lang="xx")  # type: ignore[arg-type]
    with pytest.raises(s7.UnknownLanguageError, match=r"\(10,000 characters\)") as error:
        svg.position(state, lang="x" * 10_000)  # type: ignore[arg-type]
    assert len(str(error.value)) < 200  # a short excerpt, never the whole value
    with pytest.raises(s7.NotAGameStateError):
        svg.replay_html(s7.view(state, 0))


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_the_replay_page_holds_every_position_and_fetches_nothing(game: str) -> None:
    final: s7.GameState | durak.GameState
    if game == "sevens":
        final = sevens_game(3, seed=6)[-1]
        moves = len(final.table)
    else:
        final = durak_game(3, seed=6)[-1]
        moves = len(final.moves)
    page = svg.replay_html(final, lang="fr")
    assert page.count("<svg") == moves + 1
    assert f"Coup {moves} sur {moves}" in page
    assert re.search(r"\b(src|href)=", page) is None  # nothing to fetch: one self-contained page
    for picture in re.findall(r"<svg.*?</svg>", page):
        parse(picture)


def test_the_docs_pictures_are_those_the_module_draws_now() -> None:
    script = Path(__file__).parents[1] / "docs" / "make_pictures.py"
    spec = importlib.util.spec_from_file_location("make_pictures", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, picture in module.pictures().items():
        committed = (script.parent / "images" / name).read_text(encoding="utf-8")
        assert committed == picture + "\n", f"run python docs/make_pictures.py: {name} is stale"
