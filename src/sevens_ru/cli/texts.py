"""What the command says, in English, Russian, French and German (``--lang``).

A counted word is written in a message as its forms after the count's field,
``{count:card|cards}`` (``{count:карта|карты|карт}`` in Russian), and :func:`say`
puts in the form that agrees with the number, by :func:`plural`.

>>> from sevens_ru.cli.texts import say
>>> say("ru", "plays", name="Игрок 2", card="10♦")
'Игрок 2 ходит 10♦'
>>> [say("ru", "d_set_aside", count=count) for count in (1, 2, 6)]
['Всё покрыто: 1 карта уходит в отбой', 'Всё покрыто: 2 карты уходят в отбой', 'Всё покрыто: 6 карт уходят в отбой']
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any

import attrs

from ..common.cards import LANGUAGES, Language
from ..errors import UnknownLanguageError

__all__ = ["TEXTS", "Narrator", "plural", "say", "seat_name"]

TEXTS: dict[str, dict[Language, str]] = {
    "intro": {
        "en": "Russian Sevens, {players} players: you are seat {seat}. Type ? for help.",
        "ru": "Семёрки (девятки), игроков: {players}. Вы — игрок {seat}. ? — помощь.",
        "fr": "Sept russe, {players} joueurs : vous êtes le joueur {seat}. Tapez ? pour l'aide.",
        "de": "Russisches Sieben, {players} Spieler: Sie sind Spieler {seat}. ? für Hilfe.",
    },
    "you": {"en": "You", "ru": "Вы", "fr": "Vous", "de": "Sie"},
    "seat": {
        "en": "Seat {seat}",
        "ru": "Игрок {seat}",
        "fr": "Joueur {seat}",
        "de": "Spieler {seat}",
    },
    "hand": {"en": "Your hand", "ru": "Ваши карты", "fr": "Votre main", "de": "Ihre Hand"},
    "marked": {
        "en": "* = playable",
        "ru": "* = можно сыграть",
        "fr": "* = jouable",
        "de": "* = spielbar",
    },
    "playable": {
        "en": "Playable: {cards}",
        "ru": "Можно сыграть: {cards}",
        "fr": "Jouables : {cards}",
        "de": "Spielbar: {cards}",
    },
    "prompt": {
        "en": "Your card (? for help): ",
        "ru": "Ваша карта (? — помощь): ",
        "fr": "Votre carte (? pour l'aide) : ",
        "de": "Ihre Karte (? für Hilfe): ",
    },
    "help": {
        "en": "Type a card in any notation (10♦, QS, TD, Д♠, V♥, B♣), the number of a playable "
        "card in the list, Enter when only one card is playable, or q to quit.",
        "ru": "Введите карту в любой записи (10♦, QS, Д♠, В♥, Т♣), номер карты в списке, "
        "Enter, если можно сыграть только одну карту, или q, чтобы выйти.",
        "fr": "Tapez une carte dans n'importe quelle notation (10♦, QS, D♠, V♥, R♣), le numéro "
        "d'une carte jouable, Entrée si une seule carte est jouable, ou q pour quitter.",
        "de": "Geben Sie eine Karte in beliebiger Schreibweise ein (10♦, QS, D♠, B♥, K♣), die "
        "Nummer einer spielbaren Karte, Enter, wenn nur eine Karte spielbar ist, oder q zum "
        "Beenden.",
    },
    "unreadable": {
        "en": "Cannot read {text!r} as a card: {reason}. Type ? for help.",
        "ru": "Не удаётся прочитать {text!r} как карту: {reason}. Введите ? для помощи.",
        "fr": "Impossible de lire {text!r} comme une carte : {reason}. Tapez ? pour l'aide.",
        "de": "{text!r} ist keine Karte: {reason}. Geben Sie ? für Hilfe ein.",
    },
    "not_held": {
        "en": "You do not hold {card}.",
        "ru": "У вас нет карты {card}.",
        "fr": "Vous n'avez pas {card}.",
        "de": "Sie haben {card} nicht.",
    },
    "not_playable": {
        "en": "{card} cannot be played now: it must be a 9 or next to the end of its row.",
        "ru": "{card} сейчас сыграть нельзя: нужна девятка или карта рядом с концом ряда.",
        "fr": "{card} ne peut pas être jouée : il faut un 9 ou une carte au bout de sa rangée.",
        "de": "{card} ist jetzt nicht spielbar: nur eine 9 oder eine Karte am Ende ihrer Reihe.",
    },
    "no_number": {
        "en": "There is no playable card number {number}.",
        "ru": "Нет карты под номером {number}.",
        "fr": "Il n'y a pas de carte jouable numéro {number}.",
        "de": "Es gibt keine spielbare Karte Nummer {number}.",
    },
    "choose": {
        "en": "Choose one of 1–{count} (? for help).",
        "ru": "Выберите один из номеров 1–{count} (? — помощь).",
        "fr": "Choisissez un des numéros 1–{count} (? pour l'aide).",
        "de": "Wählen Sie eine der Nummern 1–{count} (? für Hilfe).",
    },
    "plays": {
        "en": "{name} plays {card}",
        "ru": "{name} ходит {card}",
        "fr": "{name} joue {card}",
        "de": "{name} spielt {card}",
    },
    "you_play": {
        "en": "You play {card}",
        "ru": "Вы ходите {card}",
        "fr": "Vous jouez {card}",
        "de": "Sie spielen {card}",
    },
    "passes": {
        "en": "{name} passes (no playable card)",
        "ru": "{name} пропускает ход (нечем ходить)",
        "fr": "{name} passe (aucune carte jouable)",
        "de": "{name} passt (keine spielbare Karte)",
    },
    "you_pass": {
        "en": "You pass: you hold no playable card",
        "ru": "Вы пропускаете ход: вам нечем ходить",
        "fr": "Vous passez : vous n'avez aucune carte jouable",
        "de": "Sie passen: Sie haben keine spielbare Karte",
    },
    "table": {"en": "Table", "ru": "Стол", "fr": "Table", "de": "Tisch"},
    "not_open": {"en": "not open", "ru": "не открыт", "fr": "pas ouverte", "de": "nicht eröffnet"},
    "cards": {"en": "cards", "ru": "карты", "fr": "cartes", "de": "Karten"},
    "wins": {
        "en": "{name} wins!",
        "ru": "{name} выигрывает!",
        "fr": "{name} gagne !",
        "de": "{name} gewinnt!",
    },
    "you_win": {
        "en": "You win!",
        "ru": "Вы выиграли!",
        "fr": "Vous avez gagné !",
        "de": "Sie haben gewonnen!",
    },
    "ranking": {"en": "Ranking", "ru": "Итоги", "fr": "Classement", "de": "Rangliste"},
    "place": {"en": "place", "ru": "место", "fr": "place", "de": "Platz"},
    "player": {"en": "player", "ru": "игрок", "fr": "joueur", "de": "Spieler"},
    "points": {"en": "points", "ru": "очки", "fr": "points", "de": "Punkte"},
    "passes_column": {"en": "passes", "ru": "пропуски", "fr": "passes", "de": "Passen"},
    "quit": {
        "en": "Game abandoned.",
        "ru": "Игра прервана.",
        "fr": "Partie abandonnée.",
        "de": "Spiel abgebrochen.",
    },
    "saved": {
        "en": "Game record saved to {path}",
        "ru": "Запись партии сохранена в {path}",
        "fr": "Partie enregistrée dans {path}",
        "de": "Partie gespeichert in {path}",
    },
    "wrote_html": {
        "en": "Replay page written to {path}",
        "ru": "Страница с записью партии: {path}",
        "fr": "Page de la partie écrite dans {path}",
        "de": "Seite der Partie geschrieben nach {path}",
    },
    "serving": {
        "en": "Serving the card table on {url} (tables in {db}); Ctrl-C stops.",
        "ru": "Карточный стол открыт на {url} (столы в {db}); Ctrl-C — остановить.",
        "fr": "La table de jeu est servie sur {url} (tables dans {db}) ; Ctrl-C pour arrêter.",
        "de": "Der Kartentisch läuft auf {url} (Tische in {db}); Strg-C beendet.",
    },
    "deal": {"en": "The deal", "ru": "Раздача", "fr": "La donne", "de": "Das Blatt"},
    "step": {
        "en": "Enter: next, b: back, q: quit ",
        "ru": "Enter — дальше, b — назад, q — выход ",
        "fr": "Entrée : suivant, b : retour, q : quitter ",
        "de": "Enter: weiter, b: zurück, q: Ende ",
    },
    "keys": {
        "en": "Unknown key {key!r}: Enter goes on, b goes back, q quits.",
        "ru": "Неизвестная клавиша {key!r}: Enter — дальше, b — назад, q — выход.",
        "fr": "Touche inconnue {key!r} : Entrée pour suivre, b pour revenir, q pour quitter.",
        "de": "Unbekannte Taste {key!r}: Enter weiter, b zurück, q Ende.",
    },
    "ply": {
        "en": "Move {number} of {total}",
        "ru": "Ход {number} из {total}",
        "fr": "Coup {number} sur {total}",
        "de": "Zug {number} von {total}",
    },
    "start": {
        "en": "Start of the game",
        "ru": "Начало партии",
        "fr": "Début de la partie",
        "de": "Beginn der Partie",
    },
    # Old Durak (--game durak)
    "d_intro": {
        "en": "Old Durak, {players} players: you are seat {seat}. Type ? for help.",
        "ru": "Дурачки, игроков: {players}. Вы — игрок {seat}. ? — помощь.",
        "fr": "Durak à l'ancienne, {players} joueurs : vous êtes le joueur {seat}. "
        "Tapez ? pour l'aide.",
        "de": "Altes Durak, {players} Spieler: Sie sind Spieler {seat}. ? für Hilfe.",
    },
    "d_trump": {
        "en": "Trump card {card}, dealt by {dealer}; {undealt} {undealt:card|cards} out of play",
        "ru": "Козырь {card}, сдаёт {dealer}; вне игры {undealt} {undealt:карта|карты|карт}",
        "fr": "Atout {card}, donne de {dealer} ; {undealt} {undealt:carte|cartes} hors jeu",
        "de": "Trumpf {card}, Geber {dealer}; {undealt} {undealt:Karte|Karten} aus dem Spiel",
    },
    "d_you_trump": {
        "en": "Trump card {card}, dealt by you; {undealt} {undealt:card|cards} out of play",
        "ru": "Козырь {card}, сдаёте вы; вне игры {undealt} {undealt:карта|карты|карт}",
        "fr": "Atout {card}, vous donnez ; {undealt} {undealt:carte|cartes} hors jeu",
        "de": "Trumpf {card}, Sie geben; {undealt} {undealt:Karte|Karten} aus dem Spiel",
    },
    "d_trump_card": {
        "en": "Trump card: {card}",
        "ru": "Козырь: {card}",
        "fr": "Atout : {card}",
        "de": "Trumpf: {card}",
    },
    "d_marked": {
        "en": "* = trump",
        "ru": "* = козырь",
        "fr": "* = atout",
        "de": "* = Trumpf",
    },
    "d_table": {
        "en": "Table (attack/cover)",
        "ru": "Стол (атака/покрытие)",
        "fr": "Table (attaque/couverture)",
        "de": "Tisch (Angriff/Deckung)",
    },
    "d_sizes": {
        "en": "Cards in hand: {sizes}",
        "ru": "Карт на руках: {sizes}",
        "fr": "Cartes en main : {sizes}",
        "de": "Karten auf der Hand: {sizes}",
    },
    "d_moves": {
        "en": "Your moves: {moves}",
        "ru": "Ваши ходы: {moves}",
        "fr": "Vos coups : {moves}",
        "de": "Ihre Züge: {moves}",
    },
    "d_prompt": {
        "en": "Your move (? for help): ",
        "ru": "Ваш ход (? — помощь): ",
        "fr": "Votre coup (? pour l'aide) : ",
        "de": "Ihr Zug (? für Hilfe): ",
    },
    "d_help": {
        "en": "Type the number of a move in the list, or the move itself: lead 7♣ 7♦ (one to "
        "four cards of one rank), cover 7♣ 8♣ (the attacking card, then yours) or take; cards "
        "in any notation (10♦, QS, Д♠). Enter makes the only move, q quits.",
        "ru": "Введите номер хода из списка или сам ход: ходить 7♣ 7♦ (от одной до четырёх "
        "карт одного достоинства), крыть 7♣ 8♣ (карта атаки, затем ваша) или взять; можно и "
        "по-английски: lead, cover, take. Карты в любой записи (10♦, QS, Д♠). Enter — "
        "единственный возможный ход, q — выход.",
        "fr": "Tapez le numéro d'un coup de la liste, ou le coup lui-même : attaquer 7♣ 7♦ (une "
        "à quatre cartes d'une même valeur), couvrir 7♣ 8♣ (la carte d'attaque, puis la vôtre) "
        "ou ramasser ; en anglais aussi : lead, cover, take. Les cartes dans n'importe quelle "
        "notation (10♦, QS, D♠). Entrée joue le seul coup possible, q pour quitter.",
        "de": "Geben Sie die Nummer eines Zuges aus der Liste ein oder den Zug selbst: "
        "ausspielen 7♣ 7♦ (eine bis vier Karten eines Rangs), decken 7♣ 8♣ (die Angriffskarte, "
        "dann Ihre) oder aufnehmen; auch englisch: lead, cover, take. Karten in beliebiger "
        "Schreibweise (10♦, QS, D♠). Enter macht den einzigen Zug, q zum Beenden.",
    },
    "d_lead": {"en": "lead", "ru": "ходить", "fr": "attaquer", "de": "ausspielen"},
    "d_cover": {"en": "cover", "ru": "крыть", "fr": "couvrir", "de": "decken"},
    "d_take": {"en": "take", "ru": "взять", "fr": "ramasser", "de": "aufnehmen"},
    "d_unreadable": {
        "en": "Cannot read {text!r} as a move: {reason}. Type ? for help.",
        "ru": "Не удаётся прочитать {text!r} как ход: {reason}. Введите ? для помощи.",
        "fr": "Impossible de lire {text!r} comme un coup : {reason}. Tapez ? pour l'aide.",
        "de": "{text!r} ist kein Zug: {reason}. Geben Sie ? für Hilfe ein.",
    },
    "d_no_number": {
        "en": "There is no move number {number}.",
        "ru": "Нет хода под номером {number}.",
        "fr": "Il n'y a pas de coup numéro {number}.",
        "de": "Es gibt keinen Zug Nummer {number}.",
    },
    "d_not_held": {
        "en": "You do not hold {cards}.",
        "ru": "У вас нет {cards}.",
        "fr": "Vous n'avez pas {cards}.",
        "de": "Sie haben {cards} nicht.",
    },
    "d_must_lead": {
        "en": "You are attacking: lead one to four cards of one rank.",
        "ru": "Вы ходите: выложите от одной до четырёх карт одного достоинства.",
        "fr": "Vous attaquez : jouez une à quatre cartes d'une même valeur.",
        "de": "Sie greifen an: spielen Sie eine bis vier Karten eines Rangs aus.",
    },
    "d_must_defend": {
        "en": "You are defending: cover an attacking card or take.",
        "ru": "Вы отбиваетесь: покройте карту атаки или возьмите.",
        "fr": "Vous défendez : couvrez une carte d'attaque ou ramassez.",
        "de": "Sie verteidigen: decken Sie eine Angriffskarte oder nehmen Sie auf.",
    },
    "d_not_attacking": {
        "en": "{card} is not an attacking card left to cover.",
        "ru": "{card} — не та карта атаки, которую нужно покрыть.",
        "fr": "{card} n'est pas une carte d'attaque à couvrir.",
        "de": "{card} ist keine ungedeckte Angriffskarte.",
    },
    "d_not_beat": {
        "en": "{card} does not beat {attack}: it takes a higher {suit} or a trump ({trump}).",
        "ru": "{card} не бьёт {attack}: нужна старшая {suit} или козырь ({trump}).",
        "fr": "{card} ne bat pas {attack} : il faut un {suit} plus fort ou un atout ({trump}).",
        "de": "{card} sticht {attack} nicht: nötig ist ein höheres {suit} oder ein Trumpf "
        "({trump}).",
    },
    "d_not_beat_trump": {
        "en": "{card} does not beat {attack}: a trump is covered only by a higher trump.",
        "ru": "{card} не бьёт {attack}: козырь кроется только старшим козырем.",
        "fr": "{card} ne bat pas {attack} : un atout ne se couvre que par un atout plus fort.",
        "de": "{card} sticht {attack} nicht: ein Trumpf wird nur von einem höheren Trumpf gedeckt.",
    },
    "d_leads": {
        "en": "{name} leads {cards}",
        "ru": "{name} ходит {cards}",
        "fr": "{name} attaque avec {cards}",
        "de": "{name} spielt {cards} aus",
    },
    "d_you_lead": {
        "en": "You lead {cards}",
        "ru": "Вы ходите {cards}",
        "fr": "Vous attaquez avec {cards}",
        "de": "Sie spielen {cards} aus",
    },
    "d_joins": {
        "en": "{name} joins with {cards}",
        "ru": "{name} подкидывает {cards}",
        "fr": "{name} se joint avec {cards}",
        "de": "{name} legt {cards} dazu",
    },
    "d_you_join": {
        "en": "You join with {cards}",
        "ru": "Вы подкидываете {cards}",
        "fr": "Vous vous joignez avec {cards}",
        "de": "Sie legen {cards} dazu",
    },
    "d_covers": {
        "en": "{name} covers {attack} with {card}",
        "ru": "{name} кроет {attack} картой {card}",
        "fr": "{name} couvre {attack} avec {card}",
        "de": "{name} deckt {attack} mit {card}",
    },
    "d_you_cover": {
        "en": "You cover {attack} with {card}",
        "ru": "Вы кроете {attack} картой {card}",
        "fr": "Vous couvrez {attack} avec {card}",
        "de": "Sie decken {attack} mit {card}",
    },
    "d_takes": {
        "en": "{name} takes {cards}",
        "ru": "{name} берёт {cards}",
        "fr": "{name} ramasse {cards}",
        "de": "{name} nimmt {cards} auf",
    },
    "d_you_take": {
        "en": "You take {cards}",
        "ru": "Вы берёте {cards}",
        "fr": "Vous ramassez {cards}",
        "de": "Sie nehmen {cards} auf",
    },
    "d_set_aside": {
        "en": "All covered: {count} {count:card|cards} set aside",
        "ru": "Всё покрыто: {count} {count:карта уходит|карты уходят|карт уходят} в отбой",
        "fr": "Tout est couvert : {count} {count:carte écartée|cartes écartées}",
        "de": "Alles gedeckt: {count} {count:Karte|Karten} aus dem Spiel",
    },
    "d_out": {
        "en": "{name} is out: safe",
        "ru": "{name} выходит: прав",
        "fr": "{name} est sorti : sauvé",
        "de": "{name} ist draußen: gerettet",
    },
    "d_you_out": {
        "en": "You are out: safe!",
        "ru": "Вы вышли: правы!",
        "fr": "Vous êtes sorti : sauvé !",
        "de": "Sie sind draußen: gerettet!",
    },
    "d_attacks": {
        "en": "{attacker} attacks {defender}",
        "ru": "{attacker} ходит, отбивается {defender}",
        "fr": "{attacker} attaque {defender}",
        "de": "{attacker} greift {defender} an",
    },
    "d_you_attack": {
        "en": "You attack {defender}",
        "ru": "Вы ходите, отбивается {defender}",
        "fr": "Vous attaquez {defender}",
        "de": "Sie greifen {defender} an",
    },
    "d_attacks_you": {
        "en": "{attacker} attacks you",
        "ru": "{attacker} ходит под вас",
        "fr": "{attacker} vous attaque",
        "de": "{attacker} greift Sie an",
    },
    "d_fool": {
        "en": "{name} is the fool!",
        "ru": "{name} остаётся в дураках!",
        "fr": "{name} est l'idiot !",
        "de": "{name} ist der Dumme!",
    },
    "d_you_fool": {
        "en": "You are the fool!",
        "ru": "Вы остались в дураках!",
        "fr": "Vous êtes l'idiot !",
        "de": "Sie sind der Dumme!",
    },
    "d_draw_empty": {
        "en": "A draw: every hand emptied at once (D12)",
        "ru": "Ничья: все руки опустели разом (D12)",
        "fr": "Partie nulle : toutes les mains vidées d'un coup (D12)",
        "de": "Unentschieden: alle Hände zugleich leer (D12)",
    },
    "d_draw_limit": {
        "en": "A draw: {count} {count:bout|bouts} in a row ended with a take (D13)",
        "ru": "Ничья: {count} {count:заход|захода|заходов} подряд карты брали (D13)",
        "fr": "Partie nulle : {count} {count:tour ramassé|tours ramassés} d'affilée (D13)",
        "de": "Unentschieden: {count} {count:Runde|Runden} in Folge aufgenommen (D13)",
    },
    "d_out_after": {
        "en": "out after bout {bout}",
        "ru": "вышел после захода {bout}",
        "fr": "sorti après le tour {bout}",
        "de": "draußen nach Runde {bout}",
    },
    "d_the_fool": {"en": "the fool", "ru": "дурак", "fr": "l'idiot", "de": "der Dumme"},
    "d_a_draw": {"en": "a draw", "ru": "ничья", "fr": "nulle", "de": "unentschieden"},
    "d_result": {"en": "result", "ru": "итог", "fr": "résultat", "de": "Ergebnis"},
    "d_payoff": {"en": "payoff", "ru": "выигрыш", "fr": "gain", "de": "Gewinn"},
}
"""Every message, by key and language; ``{name}`` fields are filled by :func:`say`."""


def say(lang: Language, key: str, /, **fields: object) -> str:
    """The message ``key`` in ``lang``, with ``fields`` filled in and counted words agreed.

    Raises:
        UnknownLanguageError: ``lang`` is not one of ``en``, ``ru``, ``fr``, ``de``.
    """
    _check(lang)
    return _Formatter(lang).format(TEXTS[key][lang], **fields)


def _names(names: Sequence[str]) -> tuple[str, ...]:
    return tuple(names)


@attrs.frozen
class Narrator:
    """How the command tells a game: in ``lang``, to the person at seat ``human`` if there is one, each bot named.

    The functions that draw a game take a narrator: ``Narrator("ru")`` tells a game in
    Russian to no one in particular.

    >>> from sevens_ru.cli.texts import Narrator
    >>> narrator = Narrator("en", human=1, names=["heuristic", "", "random"])
    >>> narrator.seat(0), narrator.seat(1), narrator.say("wins", name=narrator.seat(2))
    ('Seat 0 (heuristic)', 'You', 'Seat 2 (random) wins!')
    """

    lang: Language
    """The language of the messages and the cards."""
    human: int | None = None
    """The person's seat, told as "you"; ``None`` when bots alone play."""
    names: tuple[str, ...] = attrs.field(default=(), converter=_names)
    """Each seat's bot, by seat (empty for the person's seat, or for none)."""

    def say(self, key: str, /, **fields: object) -> str:
        """The message ``key`` in this language (see :func:`say`)."""
        return say(self.lang, key, **fields)

    def seat(self, seat: int) -> str:
        """The name of ``seat`` (see :func:`seat_name`)."""
        return seat_name(seat, self.lang, human=self.human, names=self.names)


def seat_name(
    seat: int, lang: Language, *, human: int | None = None, names: Sequence[str] = ()
) -> str:
    """``"You"`` for the human's seat, else ``"Seat 2"``, with ``names[seat]`` (a bot's name) if given.

    >>> from sevens_ru.cli.texts import seat_name
    >>> seat_name(2, "fr", names=["", "", "heuristic"]), seat_name(0, "ru", human=0)
    ('Joueur 2 (heuristic)', 'Вы')
    """
    if seat == human:
        return say(lang, "you")
    name = say(lang, "seat", seat=seat)
    bot = names[seat] if seat < len(names) else ""
    return f"{name} ({bot})" if bot else name


def plural(lang: Language, count: int, forms: Sequence[str]) -> str:
    """The form of a counted word that agrees with ``count`` in ``lang``.

    ``forms`` are the singular and the plural in English, French and German, and in
    Russian the forms for 1, 2 and 5 (one, few, many): 21 takes the first, 22 to 24 the
    second, 11 to 14 the third. French counts 0 as singular, as it says "0 carte".

    >>> from sevens_ru.cli.texts import plural
    >>> [plural("ru", count, ("карта", "карты", "карт")) for count in (1, 2, 5, 11, 21, 22)]
    ['карта', 'карты', 'карт', 'карт', 'карта', 'карты']
    >>> plural("en", 0, ("card", "cards")), plural("fr", 0, ("carte", "cartes"))
    ('cards', 'carte')

    Raises:
        UnknownLanguageError: ``lang`` is not one of ``en``, ``ru``, ``fr``, ``de``.
        ValueError: not as many ``forms`` as ``lang`` has (three in Russian, else two).
    """
    _check(lang)
    wanted = 3 if lang == "ru" else 2
    if len(forms) != wanted:
        raise ValueError(f"{lang} has {wanted} forms of a counted word, got {list(forms)}")
    count = abs(count)
    if lang == "ru":
        if count % 10 == 1 and count % 100 != 11:
            return forms[0]
        return forms[1] if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14 else forms[2]
    singular = count in (0, 1) if lang == "fr" else count == 1
    return forms[0] if singular else forms[1]


def _check(lang: object) -> None:
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}"
        )


class _Formatter(string.Formatter):
    """:meth:`str.format` with ``{count:one|other}`` fields agreed by :func:`plural`."""

    def __init__(self, lang: Language) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return plural(self.lang, value, format_spec.split("|"))
        return str(super().format_field(value, format_spec))
