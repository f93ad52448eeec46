"""The picture of a series (M8): a band with the deal, the dealer, the stacks or totals and the bank, above the deal.

The current deal is drawn by its game's own picture (:attr:`~sevens_ru.games.Game.draw`),
as :func:`sevens_ru.svg.position` draws it, and nested whole below the band; so a
picture of a series view, like one of a deal's view, shows nothing its seat could not see.
"""

from __future__ import annotations

import re
from typing import Any

from .. import games
from ..common.cards import Language
from ..errors import InvalidSeatError, NotAGameStateError
from ..series import Series, SeriesView
from ._draw import MARGIN, document, say, seat_name, text

__all__ = ["picture"]

_LINE = 20  # the height of a line of the band
_CHARACTER = 7.6  # about the width of a character of the band's text
_GAP = 18  # between two seats' totals
_SIZE = re.compile(r'<svg\b[^>]*?\swidth="(\d+(?:\.\d+)?)"[^>]*?\sheight="(\d+(?:\.\d+)?)"')


def picture(position: object, seat: int | None, lang: Language) -> str:
    """The SVG picture of a series (every hand face up, or ``seat``'s alone) or of a series view."""
    if isinstance(position, SeriesView):
        if seat is not None and seat != position.seat:
            raise InvalidSeatError(
                f"this is the view of seat {position.seat}; it cannot be drawn for seat {seat}"
            )
        game = games.get(position.game)
        deal: Any = position.current
        facts: Series | SeriesView = position
        seat = None
    elif isinstance(position, Series):
        game = position.game
        deal = position.current
        if seat is not None:
            seat = position.check_seat(seat)
        facts = position
    else:
        raise NotAGameStateError(
            f"svg.series_position() takes a Series or a SeriesView, got {type(position).__name__}"
        )
    if game.draw is None:
        raise NotAGameStateError(f"{game.title(lang)} has no pictures (Game.draw)")
    inner = game.draw(deal, seat, lang)
    title = game.title(lang)
    if facts.over:
        heading = say(lang, "series_over", game=title, number=facts.deal_number + 1)
    else:
        heading = say(
            lang,
            "series_deal",
            game=title,
            number=facts.deal_number + 1,
            seat=seat_name(lang, facts.dealer),
        )
    totals = [
        say(lang, "series_total", seat=seat_name(lang, each), total=total)
        for each, total in enumerate(facts.totals)
    ]
    if facts.bank is not None:
        totals.append(say(lang, "bank", chips=facts.bank))
    band = MARGIN + 2 * _LINE
    width, height = _size(inner)
    body = [text(MARGIN, MARGIN + 12, heading, "title")]
    x = float(MARGIN)
    for item in totals:  # one text each: the spaces between them would collapse
        body.append(text(x, MARGIN + 12 + _LINE, item, "label"))
        x += _CHARACTER * len(item) + _GAP
    width = max(width, x - _GAP + MARGIN, 2 * MARGIN + _CHARACTER * len(heading))
    body.append(inner.replace("<svg ", f'<svg x="0" y="{band}" ', 1))
    return document(width, band + height, body, f"{heading}. {', '.join(totals)}")


def _size(inner: str) -> tuple[float, float]:
    """The width and height of a game's picture (its root element's attributes)."""
    found = _SIZE.match(inner)
    if found is None:
        raise NotAGameStateError("a game's picture must be an <svg> with a width and a height")
    return float(found.group(1)), float(found.group(2))
