"""What the command says and reads in its four languages: counted words, seats, places, moves."""

from __future__ import annotations

import io
import random
import re
import string
from pathlib import Path

import pytest

import sevens_ru as s7
from sevens_ru import durak
from sevens_ru.cli import main
from sevens_ru.cli.durak.play import HumanPlayer, read_move
from sevens_ru.cli.durak.render import event_lines, move_text
from sevens_ru.cli.output import Output, strip_markup
from sevens_ru.cli.sevens.play import HumanPlayer as SevensHumanPlayer
from sevens_ru.cli.sevens.render import ranking_table
from sevens_ru.cli.texts import TEXTS, Narrator, plural, say, seat_name
from sevens_ru.common.cards import LANGUAGES, Language

RUSSIAN = {
    1: "карта",
    2: "карты",
    3: "карты",
    4: "карты",
    5: "карт",
    11: "карт",
    12: "карт",
    14: "карт",
    20: "карт",
    21: "карта",
    22: "карты",
    25: "карт",
    101: "карта",
    111: "карт",
    0: "карт",
}


def test_russian_plurals_agree_with_the_number() -> None:
    forms = ("карта", "карты", "карт")
    assert {count: plural("ru", count, forms) for count in RUSSIAN} == RUSSIAN
    assert [plural("en", count, ("card", "cards")) for count in (0, 1, 2)] == [
        "cards",
        "card",
        "cards",
    ]
    assert [plural("fr", count, ("carte", "cartes")) for count in (0, 1, 2)] == [
        "carte",
        "carte",
        "cartes",
    ]
    assert [plural("de", count, ("Karte", "Karten")) for count in (0, 1, 2)] == [
        "Karten",
        "Karte",
        "Karten",
    ]
    with pytest.raises(ValueError, match="ru has 3 forms of a counted word"):
        plural("ru", 2, ("карта", "карт"))
    with pytest.raises(s7.UnknownLanguageError):
        plural("es", 2, ("carta", "cartas"))  # type: ignore[arg-type]
    with pytest.raises(s7.UnknownLanguageError, match=r"\(5,000 characters\)") as error:
        plural("e" * 5000, 2, ("card", "cards"))  # type: ignore[arg-type]
    assert len(str(error.value)) < 200  # a short excerpt, never the whole value


def test_every_counted_word_has_the_forms_of_its_language() -> None:
    counted = 0
    for key, texts in TEXTS.items():
        for lang, text in texts.items():
            for _, field, spec, _ in string.Formatter().parse(text):
                if spec and "|" in spec:
                    counted += 1
                    assert len(spec.split("|")) == (3 if lang == "ru" else 2), (key, lang)
                    assert field, (key, lang)
    assert counted >= 4 * 4  # the cards set aside and out of play, the bouts taken


@pytest.mark.parametrize(
    ("count", "line"),
    [
        (1, "Всё покрыто: 1 карта уходит в отбой"),
        (2, "Всё покрыто: 2 карты уходят в отбой"),
        (5, "Всё покрыто: 5 карт уходят в отбой"),
        (8, "Всё покрыто: 8 карт уходят в отбой"),
    ],
)
def test_the_cards_set_aside_in_russian(count: int, line: str) -> None:
    assert say("ru", "d_set_aside", count=count) == line


def test_a_settled_bout_is_told_with_the_right_plural() -> None:
    # Seat 1 leads two sixes, seat 0 covers both: 4 cards set aside (D10).
    state = durak.new_game(
        2,
        hands=[
            "7♣ 7♦ 9♣ 9♦ 9♠ J♣ J♦ J♠ Q♠".split(),
            "6♣ 6♦ 8♣ 8♦ 8♠ 10♣ 10♦ 10♠ K♠".split(),
        ],
        trump="6♥",
    )
    before = durak.apply(durak.apply(state, "lead 6♣ 6♦"), "cover 6♣ 7♣")
    after = durak.apply(before, "cover 6♦ 7♦")
    lines = [strip_markup(line) for line in event_lines(before, after, Narrator("ru"))]
    assert "Всё покрыто: 4 карты уходят в отбой" in lines
    assert say("ru", "d_draw_limit", count=1) == "Ничья: 1 заход подряд карты брали (D13)"
    assert say("ru", "d_draw_limit", count=22) == "Ничья: 22 захода подряд карты брали (D13)"
    assert say("en", "d_draw_limit", count=1) == "A draw: 1 bout in a row ended with a take (D13)"


@pytest.mark.parametrize("lang", ["fr", "de", "ru"])
def test_one_word_for_a_seat_and_another_for_a_place(lang: Language) -> None:
    seat_word = say(lang, "seat", seat=2).split()[0].lower()
    place_word = say(lang, "place").lower()
    assert seat_word != place_word
    state = s7.new_game(3, seed=2)
    while not s7.is_over(state):
        state = s7.apply(state, s7.legal_moves(state)[0])
    out = Output(io.StringIO(), plain=True)
    ranking_table(out, state, Narrator(lang))
    lines = out.stream.getvalue().splitlines()
    assert lines[1].split()[0].lower() == place_word  # the column of the places (R18)
    for line in lines[2:]:
        place, seat, *_ = line.split()
        assert place.isdigit() and seat.lower() == seat_word  # "1  Joueur 2", not "1  Place 2"
    assert seat_name(2, lang).lower().startswith(seat_word)


def test_the_words_of_seats_in_every_language() -> None:
    assert [say(lang, "seat", seat=1) for lang in LANGUAGES] == [
        "Seat 1",
        "Игрок 1",
        "Joueur 1",
        "Spieler 1",
    ]


SEEN = durak.view(durak.new_game(3, dealer=0, seed=7), 1)  # seat 1 attacks seat 2, trump Q♣


@pytest.mark.parametrize(
    ("lang", "typed"),
    [
        ("ru", ["ходить 9♣ 9♠", "Ходить 9C 9S", "lead 9♣ 9♠", "9♣ 9♠"]),
        ("fr", ["attaquer 9♣ 9♠", "ATTAQUER 9c 9s", "lead 9♣ 9♠"]),
        ("de", ["ausspielen 9♣ 9♠", "lead 9c 9s"]),
        ("en", ["lead 9♣ 9♠", "9c 9s"]),
    ],
)
def test_durak_moves_are_read_in_the_language_and_in_english(
    lang: Language, typed: list[str]
) -> None:
    for text in typed:
        assert read_move(text, SEEN, lang) == durak.Lead(["9♣", "9♠"]), (lang, text)


def test_durak_covers_and_takes_in_every_language() -> None:
    led = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
    seen = durak.view(led, 2)
    languages: tuple[tuple[Language, str, str], ...] = (
        ("ru", "крыть 6♣ 7♣", "взять"),
        ("fr", "couvrir 6♣ 7♣", "ramasser"),
        ("de", "decken 6♣ 7♣", "aufnehmen"),
        ("en", "cover 6♣ 7♣", "take"),
    )
    for lang, cover, take in languages:
        assert read_move(cover, seen, lang) == durak.Cover("6♣", "7♣")
        assert read_move(take, seen, lang) == durak.Take()
        assert read_move("take", seen, lang) == durak.Take()  # English, always
        assert move_text(durak.Cover("6♣", "7♣"), lang).split()[0] == cover.split()[0]
        assert move_text(durak.Take(), lang) == take
        # The listed moves are the words the player types: each reads back as itself.
        for move in durak.legal_moves(led):
            assert read_move(move_text(move, lang), seen, lang) == move


def test_a_refused_durak_move_shows_the_librarys_reason() -> None:
    typed = ["крыть 7♦", "ходить", "ходить 7♣ 8♣", "9♣ 9x", "", "1"]
    out = Output(io.StringIO(), plain=True, stdin=io.StringIO("\n".join(typed) + "\n"))
    assert HumanPlayer(out, "ru").choose(SEEN, random.Random(0)) == durak.Lead(["6♣"])
    text = out.stream.getvalue()
    for message in (
        "Не удаётся прочитать 'крыть 7♦' как ход: 'cover' takes two cards, got 1.",
        "Не удаётся прочитать 'ходить' как ход: 'lead' takes one to four cards, got 0.",
        "как ход: the cards of a lead are all of one rank (D6), got 7♣ 8♣.",
        "Не удаётся прочитать '9♣ 9x' как ход: cannot read '9x' as a card: unknown suit",
        "Выберите один из номеров 1–11 (? — помощь).",
    ):
        assert message in text, message
    assert "Ваши ходы: 1) ходить 6♣  2) ходить 7♣" in text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_an_empty_line_with_several_choices_asks_for_a_number(lang: Language) -> None:
    state = s7.apply(s7.new_game(4, seed=1), "9♦")  # seat 3: 9♣, 8♦ or 9♠
    out = Output(io.StringIO(), plain=True, stdin=io.StringIO("\n3\n"))
    assert SevensHumanPlayer(out, lang).choose(s7.view(state, 3), random.Random(0)) == (
        s7.Card.parse("9♠")
    )
    assert say(lang, "choose", count=3) in out.stream.getvalue()
    assert "1–3" in say(lang, "choose", count=3)
    out = Output(io.StringIO(), plain=True, stdin=io.StringIO("\n"))  # one choice: Enter plays it
    only = s7.new_game(4, seed=1)
    assert SevensHumanPlayer(out, lang).choose(s7.view(only, 1), random.Random(0)) == (
        s7.Card.parse("9♦")
    )


def test_a_card_that_does_not_parse_is_refused_with_the_reason() -> None:
    state = s7.new_game(4, seed=1)
    out = Output(io.StringIO(), plain=True, stdin=io.StringIO("K\n1\n"))
    SevensHumanPlayer(out, "de").choose(s7.view(state, 1), random.Random(0))
    assert "'K' ist keine Karte: the suit is missing" in out.stream.getvalue()


@pytest.mark.parametrize("game", ["sevens", "durak"])
def test_an_unknown_key_in_replay_shows_the_keys(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "game.json"
    assert main(["demo", "--game", game, "--seed", "4", "--plain", "--save", str(record)]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n\nn\nb\nq\n"))
    assert main(["replay", str(record), "--step", "--plain"]) == 0
    out = capsys.readouterr().out
    shown = re.findall(r"--- (Start of the game|Move \d+)(?: of \d+)? ---", out)
    # x: the keys, and no move; Enter: move 1; n: the keys again; b: back to the start.
    assert shown == ["Start of the game", "Move 1", "Start of the game"]
    assert out.count("Unknown key 'x': Enter goes on, b goes back, q quits.") == 1
    assert out.count("Unknown key 'n': Enter goes on, b goes back, q quits.") == 1
