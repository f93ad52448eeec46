"""The sevens-ru command with --game durak, driven as a person would: a terminal and pipes."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from helpers import pseudo_terminal
from sevens_ru import Card, durak
from sevens_ru.cli import main
from sevens_ru.cli._shared import record_game
from sevens_ru.cli.durak.play import HumanPlayer, read_move
from sevens_ru.cli.output import Output
from sevens_ru.errors import GameAbandonedError
from sevens_ru.games.durak.bots import HeuristicBot, RandomBot, make_bot
from sevens_ru.games.durak.tournament import play_match as play_durak_match
from sevens_ru.games.sevens.tournament import MatchError

COMMAND = [sys.executable, "-m", "sevens_ru.cli"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {**os.environ, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "120"}
EVENT = re.compile(r"^(?:Seat \d(?: \(\w+\))?|You) (?:leads?|joins? with|covers?|takes?) .*$", re.M)


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], input=stdin, capture_output=True, text=True, env=ENV, timeout=120
    )


def english(event: durak.Event) -> str:
    """The line the command prints for ``event`` in English, bot names left out."""
    if isinstance(event, durak.Led):
        return f"Seat {event.seat} leads {' '.join(map(str, event.cards))}"
    if isinstance(event, durak.Joined):
        return f"Seat {event.seat} joins with {' '.join(map(str, event.cards))}"
    if isinstance(event, durak.Covered):
        return f"Seat {event.seat} covers {event.attack} with {event.card}"
    return f"Seat {event.seat} takes {' '.join(map(str, event.cards))}"


def printed_events(out: str, human: int | None = None) -> list[str]:
    """The event lines of the output, with "You" made "Seat <human>" and bot names dropped."""
    lines = []
    out = out.replace("Your move (? for help): ", "\n")  # piped input is not echoed
    for line in EVENT.findall(out):
        line = re.sub(r"^(Seat \d) \(\w+\)", r"\1", line)
        if human is not None and line.startswith("You "):
            verb = {"lead": "leads", "join": "joins", "cover": "covers", "take": "takes"}
            word = line.split()[1]
            line = f"Seat {human} {verb[word]}" + line[4 + len(word) :]
        lines.append(line)
    return lines


def test_demo_shows_every_event_of_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "durak.json"
    args = ["demo", "--game", "durak", "--seed", "5", "--plain", "--save", str(record)]
    assert main(args) == 0
    out = capsys.readouterr().out
    state = durak.from_json(record.read_text(encoding="utf-8"))
    assert durak.is_over(state)
    assert out.startswith("--- The deal ---\nTrump card ")
    assert f"Trump card {state.trump}, dealt by Seat 0 (heuristic); 9 cards out of play" in out
    # Every lead, join (D7), cover and take is printed, in order, as it is in the record.
    assert printed_events(out) == [english(event) for event in state.history]
    assert any(isinstance(event, durak.Joined) for event in state.history)
    assert f"Seat {state.loser} (" in out.split(" is the fool!")[0].splitlines()[-1]
    assert "place  player" in out and "payoff" in out
    # The same seed gives the same game.
    assert main(args[:-2]) == 0
    assert capsys.readouterr().out == out.rsplit("Game record saved", 1)[0]


def test_demo_in_german_with_rich(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["demo", "--game", "durak", "--players", "4", "--dealer", "3", "--seed", "2"]
    assert main([*args, "--lang", "de", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    for word in ("Das Blatt", "Trumpf", "Rangliste", "Gewinn"):
        assert word in out
    assert "0 Karten aus dem Spiel" in out  # D4: four players hold all 36 cards
    assert "───" in out  # rich draws the table


def test_demo_with_the_short_pack(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["demo", "--game", "durak", "--players", "2", "--short-deck", "--seed", "4"]
    assert main([*args, "--plain"]) == 0
    out = capsys.readouterr().out
    assert "14 cards out of play" in out  # D1, D4: 32 cards, 18 dealt
    dealt = re.findall(r"^Seat \d \(\w+\): (.*)$", out, re.M)
    assert len(dealt) == 2
    assert all(not card.startswith("6") for hand in dealt for card in hand.split())


def test_replay_of_a_durak_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "durak.json"
    assert main(["demo", "--game", "durak", "--seed", "9", "--plain", "--save", str(record)]) == 0
    capsys.readouterr()
    state = durak.from_json(record.read_text(encoding="utf-8"))
    assert main(["replay", str(record), "--no-step", "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.count("--- Move ") == len(state.moves)
    assert printed_events(out) == [english(event) for event in state.history]
    assert "Ranking" in out


def test_replay_of_a_durak_record_steps_forward_and_back(tmp_path: Path) -> None:
    record = tmp_path / "durak.json"
    assert main(["demo", "--game", "durak", "--seed", "2", "--plain", "--save", str(record)]) == 0
    result = run("replay", str(record), "--step", "--plain", "--lang", "ru", stdin="\n\nb\nq\n")
    assert result.returncode == 0, result.stderr
    headings = re.findall(r"--- (Начало партии|Ход \d+ из \d+) ---", result.stdout)
    assert [heading.split(" из")[0] for heading in headings] == [
        "Начало партии",
        "Ход 1",
        "Ход 2",
        "Ход 1",
    ]
    assert "Козырь" in result.stdout


def test_replay_of_a_forged_durak_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = durak.new_game(3, dealer=0, seed=7)
    record = json.loads(durak.to_json(state))
    record["moves"] = ["cover 6♣ 7♣"]  # no bout is in progress
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    assert main(["replay", str(forged), "--plain"]) == 2
    assert "moves[0] ('cover 6♣ 7♣'): seat 1 cannot cover" in capsys.readouterr().err
    assert record_game(forged.read_text(encoding="utf-8")) == "durak"
    assert record_game('{"game": "sevens"}') == "sevens"
    assert record_game("[1, 2") is None


def test_simulate_json_is_the_same_with_two_jobs() -> None:
    args = ["simulate", "--game", "durak", "--bots", "heuristic", "random", "random"]
    args += ["--games", "12", "--seed", "4", "--json"]
    one = run(*args, "--quiet")
    two = run(*args, "--jobs", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    for result in (first, second):
        for bot in result["bots"]:
            bot.pop("ms_per_move")
        result.pop("seconds")
    assert first == second
    assert first["game"] == "durak"
    assert first["games"] == 36
    assert [bot["name"] for bot in first["bots"]] == ["heuristic", "random", "random"]
    heuristic = first["bots"][0]
    assert 0 <= heuristic["fool_rate"]["low"] <= heuristic["fool_rate"]["high"] <= 1
    assert "deals" in two.stderr  # the progress went to standard error


def test_simulate_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "durak", "--bots", "heuristic", "random", "--games", "10"]
    assert main([*args, "--plain", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "Durak: 2 players, 10 deals, each in every seat rotation: 20 games, seed 1\n"
    )
    value, interval = r"-?\d\.\d{3}", r"-?\d\.\d{3}–-?\d\.\d{3}"  # the interval under its value
    assert re.search(
        rf"^heuristic\s+20\s+{value}\s+{value}.*\n\s+{interval}\s+{interval}", out, re.M
    )
    assert "fair fool rate 0.500" in " ".join(out.split())  # the note wraps at 80 columns


def test_the_match_measures_what_it_plays() -> None:
    result = play_durak_match([HeuristicBot(), RandomBot()], 20, seed=3, players=3)
    assert result.players == 3
    assert result.games == 60
    heuristic, random_bot = result.bots
    assert heuristic.games == 120  # the lineup repeats to fill the seats: H R H
    assert random_bot.games == 60
    # Each game has one fool, or is a draw (counted once by the single random seat).
    assert heuristic.losses + random_bot.losses + random_bot.draws == 60
    assert heuristic.fool_rate.mean < random_bot.fool_rate.mean
    again = play_durak_match([HeuristicBot(), RandomBot()], 20, seed=3, players=3)
    assert again == result
    with pytest.raises(MatchError, match="games must be at least 1"):
        play_durak_match([RandomBot()], 0, seed=1, players=2)
    with pytest.raises(MatchError, match="no choose"):
        play_durak_match([object()], 1, seed=1, players=2)  # type: ignore[list-item]
    with pytest.raises(MatchError, match="3 bots cannot sit at 2 seats"):
        play_durak_match([RandomBot()] * 3, 1, seed=1, players=2)


def test_errors_are_reported_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--game", "durak", "--players", "5"]) == 2
    assert "Durak is for 2 to 4 players (D2), got 5" in capsys.readouterr().err
    assert main(["play", "--game", "durak", "--players", "4", "--short-deck"]) == 2
    assert "32-card pack (short_deck) is for 2 or 3 players" in capsys.readouterr().err
    assert main(["play", "--game", "durak", "--seat", "3"]) == 2
    assert "argument --seat: must be 0 to 2 with 3 players, got 3" in capsys.readouterr().err
    assert main(["demo", "--game", "durak", "--dealer", "3"]) == 2
    assert "the dealer must be one of the seats 0 to 2" in capsys.readouterr().err
    assert main(["simulate", "--game", "durak", "--bots", "minimax"]) == 2
    err = capsys.readouterr().err
    assert "unknown Durak bot 'minimax': expected random, heuristic or search" in err
    assert main(["demo", "--dealer", "1"]) == 2  # a Durak option without --game durak
    assert "add --game durak" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["demo", "--game", "chess"])
    assert isinstance(make_bot(" Random "), RandomBot)


def test_the_human_is_told_why_a_move_is_refused() -> None:
    # Seat 1 leads 7♠ (trump ♠) and 7♦ against seat 0, who holds no seven to join.
    state = durak.new_game(
        2,
        dealer=0,
        hands=[
            ["6♣", "8♣", "9♦", "J♦", "8♥", "Q♥", "A♥", "6♠", "8♠"],
            ["7♣", "7♦", "7♥", "10♣", "10♦", "10♥", "K♣", "K♦", "7♠"],
        ],
        trump="A♠",
    )
    state = durak.apply(state, "lead 7♦ 7♠")
    seen = durak.view(state, 0)
    typed = [
        "lead 6♣",  # D8: a defender covers or takes
        "cover 7♣ 8♣",  # 7♣ is not on the table
        "cover 7♦ 10♦",  # not in the hand
        "cover 7♠ 6♠",  # a trump is covered only by a higher trump
        "cover 7♦ 8♥",  # another suit and not a trump
        "7♦ 6♣",  # bare cards: a cover, and it does not beat either
        "cover 7♦",  # not a move
        "0",
        "3 of clubs",
        "?",
        "cover 7♦ 9♦",
    ]
    out = Output(io.StringIO(), plain=True, stdin=io.StringIO("\n".join(typed) + "\n"))
    move = HumanPlayer(out, "en").choose(seen, random.Random(0))
    assert move == durak.Cover("7♦", "9♦")
    text = out.stream.getvalue()
    expected_moves = (  # in lines of 80 columns
        "1) cover 7♦ 9♦  2) cover 7♦ J♦  3) cover 7♦ 6♠  4) cover 7♦ 8♠\n"
        "            5) cover 7♠ 8♠  6) take"
    )
    assert "Table (attack/cover): 7♦/—  7♠/—" in text
    assert "Your hand: 6♣ 8♣ 9♦ J♦ 8♥ Q♥ A♥ 6♠* 8♠*   (* = trump)" in text
    for message in (
        "You are defending: cover an attacking card or take.",
        "7♣ is not an attacking card left to cover.",
        "You do not hold 10♦.",
        "6♠ does not beat 7♠: a trump is covered only by a higher trump.",
        "8♥ does not beat 7♦: it takes a higher ♦ or a trump (♠).",
        "6♣ does not beat 7♦: it takes a higher ♦ or a trump (♠).",
        "Cannot read 'cover 7♦' as a move: 'cover' takes two cards, got 1.",
        f"There is no move number 0.\nYour moves: {expected_moves}\n",
        "Cannot read '3 of clubs' as a move: unknown verb '3'",
        "Type the number of a move in the list",
    ):
        assert message in text, message
    moves = re.findall(r"Your moves: (.*\n {12}.*)", text)[0]
    assert moves == expected_moves
    quitting = Output(io.StringIO(), plain=True, stdin=io.StringIO("q\n"))
    with pytest.raises(GameAbandonedError):
        HumanPlayer(quitting, "fr").choose(seen, random.Random(0))
    assert "Vos coups" in quitting.stream.getvalue()
    assert read_move("K♣", durak.view(durak.new_game(2, seed=1), 1)) == durak.Lead(["K♣"])


def test_play_with_piped_input_in_russian(tmp_path: Path) -> None:
    # "1" each time: the first legal move, whatever it is.
    record = tmp_path / "game.json"
    args = ["play", "--game", "durak", "--seed", "6", "--lang", "ru", "--plain"]
    result = run(*args, "--save", str(record), stdin="1\n" * 200)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for words in ("Дурачки, игроков: 3. Вы — игрок 0.", "Козырь:", "Ваши карты:", "Итоги"):
        assert words in out
    state = durak.from_json(record.read_text(encoding="utf-8"))
    replayed = durak.new_game(3, dealer=0, hands=state.deal, trump=state.trump)
    prompts = 0
    for move in state.moves:
        if replayed.current_player == 0:
            assert move == durak.legal_moves(replayed)[0]
            prompts += 1
        replayed = durak.apply(replayed, move)
    assert out.count("Ваш ход (? — помощь): ") == prompts > 0


def test_play_can_be_quit() -> None:
    quit_ = run("play", "--game", "durak", "--seed", "6", "--plain", stdin="q\n")
    assert quit_.returncode == 1
    assert quit_.stdout.rstrip().endswith("Game abandoned.")
    closed = run("play", "--game", "durak", "--seed", "6", "--plain", stdin="")
    assert closed.returncode == 1
    assert closed.stdout.endswith("Your move (? for help): \nGame abandoned.\n")  # own line


def test_play_shows_the_trump_legend_only_with_a_trump_in_hand() -> None:
    # Seed 28 deals the person no trump; seed 24 one, played at once.
    for seed in ("28", "24"):
        result = run("play", "--game", "durak", "--seed", seed, "--plain", stdin="1\n" * 200)
        assert result.returncode == 0, result.stderr
        hands = re.findall(r"^Your hand: .*$", result.stdout, re.M)
        assert hands
        for hand in hands:
            assert ("*" in hand.split("   ")[0]) == hand.endswith("   (* = trump)"), hand
        assert hands[0].endswith("(* = trump)") == (seed == "24")


@pseudo_terminal
def test_play_through_a_pseudo_terminal(tmp_path: Path) -> None:
    # A person at a terminal: help, typos, moves of the wrong kind, cards not held,
    # covers that do not beat, then legal moves by number and by text until the end.
    record = tmp_path / "game.json"
    child = pexpect.spawn(
        COMMAND[0],
        [
            *COMMAND[1:],
            *("play", "--game", "durak", "--players", "3", "--seed", "12", "--seat", "1"),
            *("--dealer", "2", "--opponents", "heuristic", "random", "--save", str(record)),
        ],
        env=ENV,
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    prompt = re.escape("Your move (? for help): ")
    checked: set[str] = set()
    listed: list[list[str]] = []
    chosen: list[str] = []
    while True:
        index = child.expect([prompt, r"Ranking"])
        if index == 1:
            break
        screen = ANSI.sub("", str(child.before)).replace("\r", "")
        trump = Card.parse(re.findall(r"Trump card: (\S+)", screen)[-1])
        # The legend only with a trump in hand: "Your hand: 6♦ 9♠*   (* = trump)".
        shown = re.findall(r"^Your hand: (.*?)\s*(?:\(\* = trump\))?$", screen, re.M)[-1].split()
        hand = [Card.parse(card.rstrip("*")) for card in shown]
        # The hand is sorted, the trumps last and marked (and only they).
        assert hand == sorted(hand, key=lambda card: (card.suit == trump.suit, card))
        assert [card.endswith("*") for card in shown] == [c.suit == trump.suit for c in hand]
        listing = re.findall(r"Your moves: (.*(?:\n {12}.*)*)", screen)[-1]  # wrapped at 100
        assert all(len(line) <= 100 for line in listing.splitlines())
        moves = re.split(r"\s+\d+\) ", " " + " ".join(listing.split()))[1:]
        listed.append(moves)
        defending = moves[-1] == "take"
        if defending:
            table = re.findall(r"Table \(attack/cover\): (.*)", screen)[-1].split()
            uncovered = [Card.parse(pair[: -len("/—")]) for pair in table if pair.endswith("/—")]
        if "help" not in checked:
            checked.add("help")
            child.sendline("?")
            child.expect("Type the number of a move in the list")
            child.expect(prompt)
            child.sendline("hit me")
            child.expect("Cannot read 'hit me' as a move")
            child.expect(prompt)
            child.sendline("42")
            child.expect("There is no move number 42")
            child.expect(prompt)
        if not defending and "lead" not in checked:
            checked.add("lead")
            child.sendline("take")
            child.expect("You are attacking: lead one to four cards of one rank")
            child.expect(prompt)
            missing = next(card for card in durak.pack(False) if card not in hand)
            child.sendline(f"lead {missing.label('ru')}")
            child.expect(re.escape(f"You do not hold {missing}"))
            child.expect(prompt)
        if defending and "defence" not in checked:
            checked.add("defence")
            child.sendline(f"lead {hand[0]}")
            child.expect("You are defending: cover an attacking card or take")
            child.expect(prompt)
        if defending and "no beat" not in checked:
            attack = uncovered[0]
            weak = [
                card
                for card in hand
                if f"cover {attack} {card}" not in moves and card.suit == attack.suit
            ]
            if weak:
                checked.add("no beat")
                child.sendline(f"cover {attack.label('de')} {weak[0].label('fr')}")
                child.expect(re.escape(f"{weak[0]} does not beat {attack}"))
                child.expect(prompt)
        # A legal move, the first time by number, then as text; take in the first defence.
        if defending and "take" not in checked:
            checked.add("take")
            move = "take"
        else:
            move = moves[0]
        child.sendline(move if listed[1:] else str(moves.index(move) + 1))
        chosen.append(move)
    child.expect(pexpect.EOF)
    child.close()
    out = ANSI.sub("", str(child.before)).replace("\r", "")
    assert child.exitstatus == 0
    assert checked == {"help", "lead", "defence", "no beat", "take"}
    state = durak.from_json(record.read_text(encoding="utf-8"))
    assert "payoff" in out
    # What the person saw listed and chose is what the rules allowed and the record holds.
    replayed = durak.new_game(3, dealer=2, hands=state.deal, trump=state.trump)
    turns = []
    for made in state.moves:
        if replayed.current_player == 1:
            turns.append(([str(legal) for legal in durak.legal_moves(replayed)], str(made)))
        replayed = durak.apply(replayed, made)
    assert turns == list(zip(listed, chosen, strict=True))


def test_play_announces_joins_and_takes(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "--game", "durak", "--seed", "3", "--seat", "2", "--plain"]
    result = run(*args, "--save", str(record), stdin="1\n" * 200)
    assert result.returncode == 0, result.stderr
    state = durak.from_json(record.read_text(encoding="utf-8"))
    assert printed_events(result.stdout, human=2) == [english(event) for event in state.history]
    kinds = {type(event) for event in state.history}
    assert {durak.Joined, durak.Took} <= kinds
    assert "Seat 2 attacks" not in result.stdout  # the human is "you"
    if state.loser == 2:
        assert "You are the fool!" in result.stdout


def test_the_console_script_plays_durak() -> None:
    script = Path(sys.executable).with_name("sevens-ru")
    result = subprocess.run(
        [str(script), "demo", "--game", "durak", "--seed", "1", "--plain"],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Ranking" in result.stdout


@pytest.mark.parametrize(("seed", "seat"), [(3, 2), (6, 0), (12, 1)])
def test_play_shows_the_hand_first_and_who_attacks_once_a_bout(
    tmp_path: Path, seed: int, seat: int
) -> None:
    record = tmp_path / "game.json"
    args = ["play", "--game", "durak", "--seed", str(seed), "--seat", str(seat), "--plain"]
    result = run(*args, "--save", str(record), stdin="1\n" * 200)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    state = durak.from_json(record.read_text(encoding="utf-8"))
    start = durak.new_game(3, dealer=0, hands=state.deal, trump=state.trump)
    # The hand as dealt comes before the first lead, which may take cards from it (D7).
    hand = re.search(r"^Your hand: (.*?)\s+\(\* = trump\)$", out, re.M)
    assert hand is not None
    assert {Card.parse(card.rstrip("*")) for card in hand[1].split()} == set(start.hand(seat))
    first_lead = min(out.find(word) for word in (" leads ", "You lead ") if word in out)
    assert out.index("Your hand: ") < first_lead
    # "... attacks you" once for every bout the human defends (D5), not at each question.
    defended = 0
    replayed = start
    for move in (None, *state.moves):
        if move is not None:
            before = replayed
            replayed = durak.apply(replayed, move)
            if replayed.bouts == before.bouts:
                continue
        defended += replayed.defender == seat
    assert out.count(" attacks you") == defended > 0
