"""The rows of a layout game's view, as a page draws them: ranks in order, centre, each suit's row."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from .conftest import auth, make_table


@pytest.mark.parametrize(
    ("game", "centre", "ranks"),
    [
        ("sevens", "9", ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]),  # R1, R8
        ("sevens-52", "7", ["A", *map(str, range(2, 11)), "J", "Q", "K"]),  # S1: the ace low
        ("cinquillo", "5", ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]),  # C1: 7 next to J
    ],
)
def test_every_card_on_the_table_lies_in_its_row(
    client: TestClient, game: str, centre: str, ranks: list[str]
) -> None:
    table, tokens = make_table(client, game=game, seats=["human", "random", "random"], seed=4)
    seat = auth(tokens["0"])
    view = client.get(f"/api/tables/{table}", headers=seat).json()
    while not view["over"]:
        layout = view["layout"]
        assert (layout["suits"], layout["ranks"], layout["centre"]) == (
            ["♣", "♦", "♥", "♠"],
            ranks,
            centre,
        )
        for suit, row in zip(layout["suits"], layout["rows"], strict=True):
            on_table = sorted(ranks.index(card[:-1]) for card in view["table"] if card[-1] == suit)
            if row is None:  # F10: unopened while its centre card is not on the table
                assert centre + suit not in view["table"] and not on_table
            else:  # without a burst, a suit's cards on the table are exactly its row
                low, high = ranks.index(row[0]), ranks.index(row[1])
                assert on_table == list(range(low, high + 1))
                assert low <= ranks.index(centre) <= high
        view = client.post(
            f"/api/tables/{table}/moves", json={"move": view["legal_moves"][-1]}, headers=seat
        ).json()
