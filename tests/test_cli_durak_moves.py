"""Durak's play lists many leads in lines that fit the terminal, every move whole and in order."""

from __future__ import annotations

import io
import random
import re

import pytest

from sevens_ru import durak
from sevens_ru.cli.durak.play import HumanPlayer
from sevens_ru.cli.durak.render import move_text
from sevens_ru.cli.output import Output, listed
from sevens_ru.cli.texts import say
from sevens_ru.common.cards import LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("plain", [True, False])
def test_twenty_two_leads_are_listed_in_lines_of_80_columns(
    lang: str, plain: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    state = durak.new_game(3, dealer=2, seed=109)  # four jacks, two sevens, two nines: 22 leads
    moves = durak.legal_moves(state)
    assert len(moves) == 22
    out = Output(io.StringIO(), plain=plain, stdin=io.StringIO("22\n"))
    chosen = HumanPlayer(out, lang).choose(durak.view(state, 0), random.Random(0))  # type: ignore[arg-type]
    assert chosen == moves[21]
    shown = out.stream.getvalue().splitlines()
    first = next(number for number, line in enumerate(shown) if "1) " in line)
    prompt = say(lang, "d_prompt").split("(")[0].strip()  # type: ignore[arg-type]
    last = next(
        number for number, line in enumerate(shown) if number > first and line.startswith(prompt)
    )
    listing = shown[first:last]
    assert all(len(line) <= 80 for line in listing), listing
    numbered = re.findall(r"(\d+)\) (.+?)(?=\s{2}\d+\) |$)", "\n".join(listing), re.M)
    assert [int(number) for number, _ in numbered] == list(range(1, 23))  # each once, in order
    assert [text.strip() for _, text in numbered] == [move_text(move, lang) for move in moves]  # type: ignore[arg-type]


def test_listed_never_splits_an_item() -> None:
    items = [f"{number}) lead J♣ J♦ J♥ J♠" for number in range(1, 8)]
    text = listed("Ihre Züge: ", items, 40)
    assert text.splitlines() == [
        "Ihre Züge: 1) lead J♣ J♦ J♥ J♠",
        "           2) lead J♣ J♦ J♥ J♠",
        "           3) lead J♣ J♦ J♥ J♠",
        "           4) lead J♣ J♦ J♥ J♠",
        "           5) lead J♣ J♦ J♥ J♠",
        "           6) lead J♣ J♦ J♥ J♠",
        "           7) lead J♣ J♦ J♥ J♠",
    ]
    assert listed("A very long head of a listing: ", ["1) x", "2) y"], 40) == (
        "A very long head of a listing: 1) x\n  2) y"
    )
    assert listed("Moves: ", [], 40) == "Moves: "
