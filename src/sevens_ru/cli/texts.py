"""What the command says, in English, Russian, French and German (``--lang``).

>>> from sevens_ru.cli.texts import say
>>> say("ru", "plays", name="Место 2", card="10♦")
'Место 2 ходит 10♦'
"""

from __future__ import annotations

from ..cards import LANGUAGES, Language
from ..errors import UnknownLanguageError

__all__ = ["TEXTS", "say"]

TEXTS: dict[str, dict[Language, str]] = {
    "intro": {
        "en": "Russian Sevens, {players} players: you are seat {seat}. Type ? for help.",
        "ru": "Семёрки (девятки), игроков: {players}. Ваше место: {seat}. ? — помощь.",
        "fr": "Sept russe, {players} joueurs : vous êtes à la place {seat}. Tapez ? pour l'aide.",
        "de": "Russisches Sieben, {players} Spieler: Sie sitzen auf Platz {seat}. ? für Hilfe.",
    },
    "you": {"en": "You", "ru": "Вы", "fr": "Vous", "de": "Sie"},
    "seat": {"en": "Seat {seat}", "ru": "Место {seat}", "fr": "Place {seat}", "de": "Platz {seat}"},
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
        "en": "Cannot read {text!r} as a card. Type ? for help.",
        "ru": "Не удаётся прочитать {text!r} как карту. Введите ? для помощи.",
        "fr": "Impossible de lire {text!r} comme une carte. Tapez ? pour l'aide.",
        "de": "{text!r} ist keine Karte. Geben Sie ? für Hilfe ein.",
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
    "cards": {"en": "cards", "ru": "карт", "fr": "cartes", "de": "Karten"},
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
    "deal": {"en": "The deal", "ru": "Раздача", "fr": "La donne", "de": "Das Blatt"},
    "step": {
        "en": "Enter: next, b: back, q: quit ",
        "ru": "Enter — дальше, b — назад, q — выход ",
        "fr": "Entrée : suivant, b : retour, q : quitter ",
        "de": "Enter: weiter, b: zurück, q: Ende ",
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
}
"""Every message, by key and language; ``{name}`` fields are filled by :func:`say`."""


def say(lang: Language, key: str, /, **fields: object) -> str:
    """The message ``key`` in ``lang``, with ``fields`` filled in.

    Raises:
        UnknownLanguageError: ``lang`` is not one of ``en``, ``ru``, ``fr``, ``de``.
    """
    if lang not in LANGUAGES:
        raise UnknownLanguageError(
            f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}"
        )
    return TEXTS[key][lang].format(**fields)
