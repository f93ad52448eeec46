"""A finished game as one self-contained HTML page: every position, stepped with buttons or keys."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from ..common._tags import Tags
from ..common.cards import Language
from ..games import Game
from ._draw import seat_name

_STEP: dict[Language, str] = {
    "en": "Move {number} of {total}",
    "ru": "Ход {number} из {total}",
    "fr": "Coup {number} sur {total}",
    "de": "Zug {number} von {total}",
}
_BUTTONS: dict[Language, tuple[str, str, str, str]] = {
    "en": ("First", "Back", "Forward", "Last"),
    "ru": ("В начало", "Назад", "Вперёд", "В конец"),
    "fr": ("Début", "Précédent", "Suivant", "Fin"),
    "de": ("Anfang", "Zurück", "Weiter", "Ende"),
}
_ROUND: dict[Language, str] = {
    "en": "round {round}",
    "ru": "тур {round}",
    "fr": "ronde {round}",
    "de": "Runde {round}",
}
_PAGE_STYLE = (
    "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:1.5rem;background:#f4f1ea;color:#222}"
    "figure{margin:0 0 1rem}figcaption{margin:.3rem 0}"
    "nav{display:flex;gap:.5rem;align-items:center;margin-bottom:1rem}"
    "button{font-size:1rem;padding:.3rem .8rem}input[type=range]{flex:0 1 24rem}"
    "ul.seats{list-style:none;padding:0;margin:0 0 1rem}"
)
# Shows one position at a time (without JavaScript every position is shown, one below another).
_SCRIPT = """
const frames = document.querySelectorAll("figure");
const slider = document.getElementById("at");
let at = 0;
function show(next) {
  at = Math.max(0, Math.min(frames.length - 1, next));
  frames.forEach((frame, i) => { frame.hidden = i !== at; });
  slider.value = String(at);
}
document.getElementById("first").onclick = () => show(0);
document.getElementById("back").onclick = () => show(at - 1);
document.getElementById("forward").onclick = () => show(at + 1);
document.getElementById("last").onclick = () => show(frames.length - 1);
slider.oninput = () => show(Number(slider.value));
document.addEventListener("keydown", (event) => {
  if (event.target === slider) return;
  const moves = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: frames.length - 1};
  if (event.key in moves) { show(moves[event.key]); event.preventDefault(); }
});
document.querySelector("nav").hidden = false;
show(0);
"""


def header(tags: Tags, lang: Language) -> str:
    """The page's lines for a record's tags: its event, site, date and round, then who sat where.

    >>> print(header(Tags(event="Cup", round="2", players=("Anna", "random")), "en"))
    <p class="tags">Cup · round 2</p><ul class="seats"><li>Seat 0: Anna</li><li>Seat 1: random</li></ul>
    """
    told = escape(tags.headline(_ROUND[lang], " · "))
    lines = f'<p class="tags">{told}</p>' if told else ""
    if tags.players is not None:
        seats = "".join(
            f"<li>{escape(seat_name(lang, seat))}: {escape(name)}</li>"
            for seat, name in enumerate(tags.players)
        )
        lines += f'<ul class="seats">{seats}</ul>'
    return lines


def page(game: Game[Any, Any, Any], state: Any, lang: Language, tags: Tags | None = None) -> str:
    """The replay page of ``state``'s game in ``lang`` (every hand face up), headed by its ``tags``.

    ``game`` has a ``draw`` and ``positions``.
    """
    assert game.draw is not None
    assert game.positions is not None
    title = game.title(lang)
    frames = []
    states = game.positions(state)
    total = len(states) - 1
    for number, position in enumerate(states):
        picture = game.draw(position, None, lang)
        caption = _STEP[lang].format(number=number, total=total)
        frames.append(f"<figure>{picture}<figcaption>{escape(caption)}</figcaption></figure>")
    labels = _BUTTONS[lang]
    buttons = "".join(
        f'<button type="button" id="{name}">{escape(label)}</button>'
        for name, label in zip(("first", "back", "forward", "last"), labels, strict=True)
    )
    nav = (
        f'<nav hidden>{buttons}<input type="range" id="at" min="0" max="{total}" value="0" '
        f'aria-label="{escape(_STEP[lang].format(number="", total=total))}"></nav>'
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_PAGE_STYLE}</style></head>"
        f"<body><h1>{escape(title)}</h1>{header(tags or Tags(), lang)}{nav}{''.join(frames)}"
        f"<script>{_SCRIPT}</script></body></html>\n"
    )
