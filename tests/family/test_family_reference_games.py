"""The spec's worked examples as reference games (S10, T10, N10, DO7, C6), every rule cited."""

from __future__ import annotations

from family_helpers import cards, deal_to_order, dealt, end_position, game, play

from sevens_ru import Card, Pass, Play, Rank, Suit
from sevens_ru.games.family import PASS
from sevens_ru.games.family.options import DominoOptions, Sevens52Options
from sevens_ru.games.family.presets import rules_for
from sevens_ru.games.family.rows import playable, row_span


def test_s10_sevens_52_opening() -> None:
    g = game("sevens-52")
    state = dealt(
        "sevens-52",
        4,
        3,
        holds={0: "6♦ 7♠", 2: "7♦ 8♠ 7♥", 3: "8♦ 7♣"},
        lacks={0: "7♣ 7♥ 9♦", 1: "6♦ 9♦ 6♠ 8♠ 7♣ 7♥"},
    )
    assert state.current_player == 2 and state.history == ()  # S3: 7♦ opens, no pass before
    state = g.apply(state, "7♦")
    assert state.history == (Play(2, Card.parse("7♦")),)  # seats 0, 1 record nothing (S3)
    state = g.apply(state, "8♦")
    assert g.legal_moves(state) == tuple(cards("6♦ 7♠"))  # F11: 6♦ next to ♦7-8, 7♠ a centre
    state = g.apply(state, "7♠")
    assert state.history[-1] == Pass(1)  # F13: automatic, seat 1 had no playable card
    assert state.current_player == 2
    state = g.apply(state, "8♠")
    assert state.row(Suit.SPADES) == (Rank.SEVEN, Rank.EIGHT)  # F10
    assert state.row(Suit.DIAMONDS) == (Rank.SEVEN, Rank.EIGHT)
    assert state.current_player == 3


def test_s10_sevens_52_places() -> None:
    # S8: the winner, then cards left, then pips (S7); R18 numbering
    for numbering, places in (("competition", [1, 2, 2, 4]), ("dense", [1, 2, 2, 3])):
        g = game("sevens-52")
        start = g.new_game(4, dealer=3, seed=1, options=Sevens52Options(place_numbering=numbering))  # type: ignore[arg-type]
        final = end_position(
            start,
            {1: "K♣ Q♥ A♠", 2: "10♠ 9♥ 2♣", 3: "A♣ 10♥ J♥ K♥ J♠ Q♠ K♠"},
            passes=[0, 0, 0, 0],
            finished=[0],
        )
        standings = g.ranking(final)
        assert [s.seat for s in standings] == [0, 1, 2, 3]
        assert [s.place for s in standings] == places
        assert [s.points for s in standings] == [0, 21, 21, 61]  # S7: A 1, faces 10


def test_t10_fan_tan_antes_and_first_pass() -> None:
    g = game("fan-tan")
    hands = deal_to_order("fan-tan", 3, 2, holds={1: "7♥", 2: "8♥"}, lacks={0: "7♣ 7♦ 7♥ 7♠"})
    state = g.new_game(3, dealer=2, hands=hands)
    assert state.hand_sizes == (18, 17, 17)  # F7
    assert state.history == (Pass(0),)  # T3: seat 0 holds no seven, an automatic pass
    assert state.pool == 6 and state.paid == (2, 2, 2)  # T2: antes 1, 2, 2; T4: the pass
    state = play(g, state, ["7♥", "8♥"])
    assert state.history[1:3] == (Play(1, Card.parse("7♥")), Play(2, Card.parse("8♥")))


def test_t10_fan_tan_payoffs_and_fines() -> None:
    g = game("fan-tan")
    start = g.new_game(3, dealer=2, seed=3)
    final = end_position(start, {0: "2♣ 3♣ 4♣ 5♣", 2: "2♦ 3♦"}, passes=[4, 1, 2], finished=[1])
    assert g.payoffs(final) == (-9, 15, -6)  # T7; the pool is 18
    fined = end_position(
        start,
        {0: "2♣ 3♣ 4♣ 5♣", 2: "2♦ 3♦"},
        passes=[4, 1, 2],
        finished=[1],
        faults=[(2, (0, 1))],  # T5: a pass holding 7♠, with 6♠ at seat 0 and 8♠ at seat 1
    )
    assert g.payoffs(fined) == (-4, 23, -19)
    assert sum(g.payoffs(fined)) == 0  # T11 (i)


def test_t5_a_pass_while_able_is_fined_from_the_history() -> None:
    from sevens_ru.games.family.options import FanTanOptions

    g = game("fan-tan")
    hands = deal_to_order("fan-tan", 3, 2, holds={0: "7♣ 6♠", 1: "8♠", 2: "7♠"}, lacks={0: "8♠"})
    state = g.new_game(3, dealer=2, hands=hands, options=FanTanOptions(voluntary_passes=True))
    assert g.legal_moves(state)[-1] is PASS and Card.parse("7♣") in g.legal_moves(state)
    state = g.apply(state, "pass")  # seat 0 passes holding 7♣: a fault, fined at the end
    assert state._faults == ((0, ()),)  # 6♣ and 8♣ are not with the others here
    assert state.pool == 5 + 1 and state.paid == (2, 2, 2)  # T9: no fine shown during play


def test_n10_shichinarabe_setup_and_first_moves() -> None:
    g = game("shichinarabe")
    state = dealt(
        "shichinarabe",
        4,
        3,
        holds={0: "7♣ 6♦", 1: "8♥", 2: "7♦ 7♥ 8♦", 3: "7♠"},
    )
    assert state.hand_sizes == (12, 13, 11, 12)  # N2: counted after the setup
    assert state.laid == ((Card.parse("7♣"),), (), tuple(cards("7♦ 7♥")), (Card.parse("7♠"),))
    assert state.current_player == 2  # N3: the seat that laid 7♦
    state = play(g, state, ["8♦", "pass", "6♦", "8♥"])
    assert state.passes == (0, 0, 0, 1) and state.passes_left == (3, 3, 3, 2)  # N4
    assert state.row(Suit.DIAMONDS) == (Rank.SIX, Rank.EIGHT)
    assert state.row(Suit.HEARTS) == (Rank.SEVEN, Rank.EIGHT)


def test_n10_a_burst_leaves_islands() -> None:
    # N6: the table ♣6-8, ♦5-9, ♥3-8, then a burst lays 2♣, K♦ and 10♥ out
    from sevens_ru.games.family.options import ShichinarabeOptions

    rules = rules_for("shichinarabe", ShichinarabeOptions())
    pack = rules.pack
    centre = rules.place(Rank.SEVEN)
    table = pack.mask_of(cards("6♣ 7♣ 8♣ 5♦ 6♦ 7♦ 8♦ 9♦ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 7♠"))
    table |= pack.mask_of(cards("2♣ K♦ 10♥"))  # the burst
    hearts = rules.lines[2]
    assert row_span(hearts, table, centre) == (2, 7)  # still 3-8: 10♥ is an island
    open_cards = set(pack.cards_of(playable(rules, table, centre)))
    assert {Card.parse("2♥"), Card.parse("9♥")} <= open_cards
    assert Card.parse("J♥") not in open_cards and Card.parse("A♣") not in open_cards
    table |= pack.mask_of("9♥")
    assert row_span(hearts, table, centre) == (2, 9)  # 3-10: the gap filled
    assert Card.parse("J♥") in pack.cards_of(playable(rules, table, centre))
    table |= pack.mask_of(cards("5♣ 4♣ 3♣"))
    assert Card.parse("A♣") in pack.cards_of(playable(rules, table, centre))  # past 2♣


def test_do7_domino_start_rank() -> None:
    g = game("domino")
    lacks = {1: "J♣ 10♦ 10♠", 2: "9♣ J♣ 9♥ J♥ 10♦ 10♠"}  # DO7: 4 players, dealer 3
    state = dealt("domino", 4, 3, holds={0: "10♣", 1: "10♥ 9♣", 3: "J♣"}, lacks=lacks)
    assert state.current_player == 0 and state.start_rank is None  # DO2: dealer's left
    state = g.apply(state, "10♣")
    assert state.start_rank == Rank.TEN
    assert g.legal_moves(state) == tuple(cards("9♣ 10♥"))  # DO3
    state = g.apply(state, "10♥")
    assert state.history[-1] == Pass(2)  # DO3: forced
    state = g.apply(state, "J♣")
    rules = rules_for("domino", DominoOptions())
    open_cards = set(rules.pack.cards_of(playable(rules, state.table_mask, state._centre)))
    assert open_cards == set(cards("9♣ Q♣ 9♥ J♥ 10♦ 10♠"))


def test_do7_an_ace_in_the_32_card_pack_makes_every_row_run_downward() -> None:
    g = game("domino")
    options = DominoOptions(pack=32)
    hands = deal_to_order("domino", 4, 3, holds={0: "A♠"}, options=options)
    state = g.apply(g.new_game(4, dealer=3, hands=hands, options=options), "A♠")
    assert state.start_rank == Rank.ACE and state.row(Suit.SPADES) == (Rank.ACE, Rank.ACE)
    rules = rules_for("domino", options)
    open_cards = set(rules.pack.cards_of(playable(rules, state.table_mask, state._centre)))
    assert open_cards == set(cards("A♣ A♦ A♥ K♠"))  # F4: A and 7 never join


def test_c6_cinquillo() -> None:
    g = game("cinquillo")
    state = dealt("cinquillo", 4, 3, holds={0: "7♦", 1: "5♦ J♦ 4♦", 2: "6♦ Q♦", 3: "5♣ 4♣ 6♣"})
    assert state.hand_sizes == (10, 10, 10, 10) and state.current_player == 1  # C2, C3
    state = play(g, state, ["5♦", "6♦", "5♣", "7♦", "J♦"])  # C1: the sota follows the 7
    assert state.row(Suit.DIAMONDS) == (Rank.FIVE, Rank.JACK)
    rules = rules_for("cinquillo", g.Options())
    open_cards = set(rules.pack.cards_of(playable(rules, state.table_mask, state._centre)))
    assert open_cards == set(cards("4♦ Q♦ 4♣ 6♣ 5♥ 5♠"))
    final = end_position(
        state, {0: "2♣ 3♣ 2♥", 2: "2♦ 3♦", 3: "A♠ 2♠ 3♠ 4♠"}, passes=[0] * 4, finished=[1]
    )
    assert g.scores(final) == (0, 14, 0, 0)  # C5: 5 + 3 + 2 + 4


def test_c1_the_spanish_labels() -> None:
    assert [card.label("es") for card in cards("J♦ Q♦ K♦")] == ["S♦", "C♦", "R♦"]
