"""Pictures of positions of every game that draws itself, as SVG text: no dependency, no I/O.

:func:`position` draws a state or a view: the main game's four rows with their empty
places (those where a card may be played now outlined), or Durak's trump card, bout
(each cover laid across the card it covers) and set-aside pile; below, every seat with
its hand, face up where the picture may show it and as backs with their count where it
may not, its passes or its part in the bout, whose turn it is, and the last move marked.
A state shows every hand (or only ``seat``'s); a view shows only its own seat's, so a
picture of a view holds nothing its seat could not see.

States and views of both games show themselves this way in Jupyter (``_repr_svg_``).
:func:`replay_html` writes a whole game as one page that steps through it.
:func:`series_position` draws a series of deals (:mod:`sevens_ru.series`): a band with
the deal, its dealer, every stack or total and the bank, above the current deal's picture.

>>> import sevens_ru as s7
>>> from sevens_ru import svg
>>> state = s7.apply(s7.new_game(4, seed=7), "9♦")
>>> picture = svg.position(s7.view(state, 0), lang="ru")
>>> picture.startswith("<svg"), picture.count('class="back"')  # the other hands: 9 + 9 + 8
(True, 26)
>>> state._repr_svg_() == svg.position(state)
True
"""

from __future__ import annotations

from .. import games
from ..common._tags import Tags
from ..common.cards import Language
from ..errors import InvalidSeatError, NotAGameStateError, RecordError
from . import _replay
from ._draw import check_language

__all__ = ["position", "replay_html", "series_position"]

Position = object
"""A state or a view of any registered game that draws itself (``Game.draw``)."""


def position(position: Position, *, seat: int | None = None, lang: Language = "en") -> str:
    """The SVG picture of a state or a view of either game, in ``lang``'s words and letters.

    A state is drawn with every hand face up, or, given ``seat``, as that seat sees it;
    a view always as its own seat sees it.

    >>> from sevens_ru import durak, svg
    >>> state = durak.apply(durak.new_game(3, dealer=0, seed=7), "lead 6♣")
    >>> picture = svg.position(state, seat=2)
    >>> picture == svg.position(durak.view(state, 2)), 'data-card="6♦"' in picture
    (True, True)

    Raises:
        NotAGameStateError: ``position`` is not a state or a view of a registered game that draws.
        InvalidSeatError: ``seat`` is not a seat of the game, or is given with a view of
            another seat.
        UnknownLanguageError: ``lang`` is not one of :data:`sevens_ru.LANGUAGES`.
    """
    lang = check_language(lang)
    game = games.game_of(position)
    if game is None or game.draw is None:
        raise NotAGameStateError(
            f"svg.position() takes a state or a view of a game, got {type(position).__name__}"
        )
    if isinstance(position, game.view_type):
        if seat is not None and seat != position.seat:
            raise InvalidSeatError(
                f"this is the view of seat {position.seat}; it cannot be drawn for seat {seat}"
            )
        seat = None
    return game.draw(position, seat, lang)


def replay_html(state: object, *, lang: Language = "en", tags: Tags | None = None) -> str:
    """A one-page HTML replay of ``state``'s game, from the deal to ``state``.

    Every position is drawn with every hand face up; the page needs no network and no
    file beside it. Without JavaScript it shows the positions one below another; with it,
    one at a time, stepped with the buttons, the slider or the arrow, Home and End keys.
    A record's ``tags`` (:attr:`sevens_ru.Record.tags`) head the page: its event, site,
    date and round, and the player in each seat.

    >>> import sevens_ru as s7
    >>> from sevens_ru import svg
    >>> state = s7.new_game(3, seed=2)
    >>> while not s7.is_over(state):
    ...     state = s7.apply(state, s7.legal_moves(state)[0])
    >>> page = svg.replay_html(state, lang="de")
    >>> page.startswith("<!DOCTYPE html>"), page.count("<svg") == len(state.table) + 1
    (True, True)
    >>> "<li>Spieler 1: Anna</li>" in svg.replay_html(state, tags=s7.Tags(players=("x", "Anna", "y")), lang="de")
    True

    Raises:
        NotAGameStateError: ``state`` is not a state of a registered game that draws.
        UnknownLanguageError: ``lang`` is not one of :data:`sevens_ru.LANGUAGES`.
        RecordError: ``tags`` is not a :class:`~sevens_ru.Tags`.
    """
    lang = check_language(lang)
    game = games.game_of(state)
    if game is None or game.positions is None or not isinstance(state, game.state_type):
        raise NotAGameStateError(
            f"svg.replay_html() takes a state of a game, got {type(state).__name__}"
        )
    if tags is not None and not isinstance(tags, Tags):
        raise RecordError(f"tags must be a sevens_ru.Tags or None, got {type(tags).__name__}")
    return _replay.page(game, state, lang, tags)


def series_position(position: object, *, seat: int | None = None, lang: Language = "en") -> str:
    """The SVG picture of a series or a series view (M8): a band above the current deal's picture.

    The band names the game, the deal and its dealer (or how many deals the series had,
    once it is over) and shows every seat's stack or total and the bank. The deal below
    is drawn by its game, as :func:`position` draws it: a series with every hand face
    up, or, given ``seat``, as that seat sees it; a series view as its own seat sees it.

    >>> from sevens_ru import series, svg
    >>> table = series.new_series("sevens", 3, seed=5)
    >>> picture = svg.series_position(series.view(table, 0))
    >>> picture.startswith("<svg"), "Bank: 30" in picture, picture.count('class="back"')
    (True, True, 24)
    >>> svg.series_position(table, seat=0) == picture
    True

    Raises:
        NotAGameStateError: ``position`` is not a series or a series view of a game that draws.
        InvalidSeatError: ``seat`` is not a seat of the series, or is given with a view of
            another seat.
        UnknownLanguageError: ``lang`` is not one of :data:`sevens_ru.LANGUAGES`.
    """
    from ._series import picture  # the series module, imported when a series is drawn

    return picture(position, seat, check_language(lang))
