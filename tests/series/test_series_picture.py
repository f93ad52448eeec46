"""The picture of a series (M8): the band of totals and bank above the deal's own picture."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import attrs
import pytest
from series_helpers import random_series

import sevens_ru as s7
from sevens_ru import games, series, svg

SVG = "{http://www.w3.org/2000/svg}"
DRAWN = [
    name for name in games.names() if games.get(name).draw is not None and games.get(name).series
]


def texts(picture: str) -> list[str]:
    return ["".join(node.itertext()) for node in ET.fromstring(picture).iter(f"{SVG}text")]


def faces(picture: str) -> set[str]:
    return {
        node.get("data-card", "")
        for node in ET.fromstring(picture).iter(f"{SVG}g")
        if node.get("data-card")
    }


@pytest.mark.parametrize("name", DRAWN)
def test_the_band_shows_the_deal_the_totals_and_the_bank(name: str) -> None:
    table = series.new_series(name, 3, seed=2, series_options=series.SeriesOptions(deals=2))
    values = random_series(table, random.Random(2))
    middle = next(value for value in values if value.deal_number == 1)
    picture = svg.series_position(middle)
    root = ET.fromstring(picture)  # well-formed
    assert root.tag == f"{SVG}svg" and len(root.findall(f"{SVG}svg")) == 1  # the deal, nested
    shown = texts(picture)
    game = middle.game
    assert shown[0] == f"{game.title()}: deal 2, dealt by Seat {middle.dealer}"
    for seat, total in enumerate(middle.totals):
        assert f"Seat {seat}: {total}" in shown
    assert (f"Bank: {middle.bank}" in shown) == (middle.bank is not None)
    inner = game.draw(middle.current, None, "en")  # type: ignore[misc]
    assert picture.endswith(inner.replace("<svg ", '<svg x="0" y="56" ', 1) + "</svg>")
    final = svg.series_position(values[-1], lang="de")
    assert texts(final)[0] == f"{game.title('de')}: die Serie ist nach 2 Blättern vorbei"


@pytest.mark.parametrize("name", DRAWN)
def test_a_view_s_picture_shows_no_other_hand(name: str) -> None:
    # M8, F17: the deal is drawn as the seat sees it
    table = series.new_series(name, 3, seed=4)
    table = series.apply(table, series.legal_moves(table)[0])
    for seat in range(3):
        seen = series.view(table, seat)
        picture = svg.series_position(seen, lang="fr")
        assert picture == svg.series_position(table, seat=seat, lang="fr")
        others = {
            str(card) for other in range(3) if other != seat for card in table.current.hand(other)
        }
        assert not faces(picture) & others
        assert seen._repr_svg_() == svg.series_position(seen)
    assert table._repr_svg_() == svg.series_position(table)


def test_bad_pictures_are_refused() -> None:
    table = series.new_series("sevens", 3, seed=1)
    with pytest.raises(s7.InvalidSeatError, match="cannot be drawn for seat 2"):
        svg.series_position(series.view(table, 1), seat=2)
    with pytest.raises(s7.InvalidSeatError, match="seat 3 does not exist"):
        svg.series_position(table, seat=3)
    with pytest.raises(s7.NotAGameStateError, match="takes a Series or a SeriesView"):
        svg.series_position(table.current)
    with pytest.raises(s7.UnknownLanguageError):
        svg.series_position(table, lang="es")  # type: ignore[arg-type]
    blind = attrs.evolve(games.get("sevens"), name="blind-sevens", draw=None)
    with pytest.raises(s7.NotAGameStateError, match="has no pictures"):
        svg.series_position(series.new_series(blind, 3, seed=1))
