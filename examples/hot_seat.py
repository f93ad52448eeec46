"""Play Russian Sevens in the terminal: people take turns at one keyboard.

Before each turn the screen is cleared (when it is a terminal) and the next player
is asked to take the seat, so nobody sees another player's hand. On your turn you
see what your seat may see (rule R20) and choose a card by its number in the list or
by its name in any notation: "10♦", "td", "Д♠", "qs", "V♥"...

Run it:

python examples/hot_seat.py                      # 4 people
python examples/hot_seat.py --players 3 --computer 1,2 --lang ru
python examples/hot_seat.py --seed 7 --save game.json

Passes are automatic (R11): when you cannot play, the game passes for you.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

import sevens_ru as s7

Ask = Callable[[str], str]


def show_table(seen: s7.PlayerView, lang: s7.Language) -> None:
    """Print the rows, then every seat's card count and passes."""
    for suit in s7.Suit:
        row = seen.row(suit)
        if row is None:
            print(f"  {suit}  (not opened: its 9 opens it)")
        else:
            ranks = [rank.label(lang) for rank in s7.Rank if row[0] <= rank <= row[1]]
            print(f"  {suit}  {' '.join(ranks)}")
    for seat in range(seen.players):
        mark = " <- you" if seat == seen.seat else ""
        print(f"  seat {seat}: {seen.hand_sizes[seat]} cards, {seen.passes[seat]} passes{mark}")


def ask_card(seen: s7.PlayerView, lang: s7.Language, ask: Ask) -> s7.Card:
    """Ask the seat to play until it names one of its legal moves."""
    moves = seen.legal_moves()
    print("Your hand: " + " ".join(card.label(lang) for card in seen.hand))
    print("You may play: " + "  ".join(f"{n}) {c.label(lang)}" for n, c in enumerate(moves, 1)))
    while True:
        answer = ask("Your card: ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(moves):
            return moves[int(answer) - 1]
        try:
            card = s7.Card.parse(answer)
        except s7.CardParseError as error:
            print(f"  {error}")
            continue
        if card in moves:
            return card
        print(f"  {card.label(lang)} cannot be played now; choose one of the list.")


def play(args: argparse.Namespace, ask: Ask) -> s7.GameState:
    """Play one game, asking the people at the keyboard for their cards."""
    lang: s7.Language = args.lang
    state = s7.new_game(args.players, seed=args.seed)
    computer_rng = random.Random(args.seed)
    humans = [seat for seat in range(args.players) if seat not in args.computer]
    clear = "\033[2J\033[H" if sys.stdout.isatty() else ""
    seen_events = 0
    while not s7.is_over(state):
        seat = state.current_player
        assert seat is not None  # the game is not over
        # What happened since the last turn: plays and automatic passes.
        for event in state.history[seen_events:]:
            if isinstance(event, s7.Play):
                print(f"seat {event.seat} played {event.card.label(lang)}")
            else:
                print(f"seat {event.seat} passed")
        seen_events = len(state.history)
        if seat in args.computer:
            card = computer_rng.choice(s7.legal_moves(state))
        else:
            if len(humans) > 1:  # hide the previous hand before the next player looks
                ask(f"\nSeat {seat}, take the keyboard and press Enter. ")
                print(clear, end="")
            print(f"\n== Seat {seat} to play")
            seen = s7.view(state, seat)  # only what this seat may see (R20)
            show_table(seen, lang)
            card = ask_card(seen, lang, ask)
        state = s7.apply(state, card)  # validated again by the engine
    return state


def ask_line(prompt: str) -> str:
    """Read one line; echo it when the input is piped, so the transcript reads well."""
    answer = input(prompt)
    if not sys.stdin.isatty():
        print(answer)
    return answer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Hot-seat Russian Sevens in the terminal.")
    parser.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    parser.add_argument("--seed", type=int, default=None, help="a seed for a reproducible deal")
    parser.add_argument(
        "--computer",
        type=lambda text: {int(seat) for seat in text.split(",") if seat},
        default=set(),
        help="seats played by the computer (random cards), e.g. 1,2,3",
    )
    parser.add_argument("--lang", choices=s7.LANGUAGES, default="en", help="card names")
    parser.add_argument("--save", metavar="FILE", help="write the game record (JSON) here")
    args = parser.parse_args(argv)

    try:
        state = play(args, ask_line)
    except (EOFError, KeyboardInterrupt):
        print("\nGame abandoned.")
        return 1
    print(f"\nSeat {state.winner} played their last card and wins (R14).\n")
    for standing in s7.ranking(state):
        print(standing)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            file.write(s7.to_json(state, indent=1))
        print(f"\nThe game record is in {args.save}; s7.from_json() reads it back.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
