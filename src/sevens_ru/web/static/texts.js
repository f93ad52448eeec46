// What the page says, in English, Russian, French and German.
"use strict";

const RANKS = {
  en: {J: "J", Q: "Q", K: "K", A: "A"},
  ru: {J: "В", Q: "Д", K: "К", A: "Т"},
  fr: {J: "V", Q: "D", K: "R", A: "A"},
  de: {J: "B", Q: "D", K: "K", A: "A"},
};

const TEXTS = {
  en: {
    title: "Card table", options: "Options", rank_by_passes: "At equal cards left, fewer passes rank better", short_deck: "Short pack: 32 cards, 7 to ace (2 or 3 players)", language: "Language", new_table: "A new table", game: "Game",
    sevens: "Russian Sevens", durak: "Old Durak", players: "Players", seats: "Seats",
    seed: "Seed (optional)", create: "Deal", human: "a person", you_seat: "you",
    bot_random: "random bot", bot_heuristic: "heuristic bot", bot_search: "search bot",
    invite: "Invite the other players: send each one their link", copy: "Copy",
    copied: "Copied", choose: "Choose a move with this card:", all_moves: "All moves",
    ranking: "Ranking", download: "Download the record", again: "A new table",
    log: "What happened", you_mark: "(you)", seat: "Seat {seat}", you: "You",
    you_are: "You are seat {seat}.", your_turn: "Your turn.", waiting: "{name} is to move.",
    over: "The game is over.", reconnecting: "Connection lost; reconnecting…",
    play: "Play {card}", lead: "Lead {cards}", cover: "Cover {attack} with {card}", take: "Take",
    e_play: "{name} plays {card}", e_pass: "{name} passes (no playable card)",
    e_lead: "{name} leads {cards}", e_join: "{name} joins with {cards}",
    e_cover: "{name} covers {attack} with {card}", e_take: "{name} takes {cards}",
    place: "Place", who: "Player", cards_left: "Cards left", points: "Points", passes: "Passes",
    result: "Result", out_after: "out after bout {bout}", fool: "the fool", draw: "a draw",
    not_playable: "{card} cannot be played now",
  },
  ru: {
    title: "Карточный стол", options: "Правила", rank_by_passes: "При равном числе карт выше тот, кто меньше пропускал", short_deck: "Короткая колода: 32 карты, от семёрки до туза (2 или 3 игрока)", language: "Язык", new_table: "Новый стол", game: "Игра",
    sevens: "Семёрки", durak: "Дурачки", players: "Игроков", seats: "Места",
    seed: "Зерно раздачи (необязательно)", create: "Сдать", human: "человек", you_seat: "вы",
    bot_random: "случайный бот", bot_heuristic: "бот с правилами", bot_search: "бот с перебором",
    invite: "Пригласите других игроков: пошлите каждому его ссылку", copy: "Копировать",
    copied: "Скопировано", choose: "Выберите ход этой картой:", all_moves: "Все ходы",
    ranking: "Итоги", download: "Скачать запись партии", again: "Новый стол",
    log: "Ход игры", you_mark: "(вы)", seat: "Игрок {seat}", you: "Вы",
    you_are: "Вы — игрок {seat}.", your_turn: "Ваш ход.", waiting: "Ходит {name}.",
    over: "Игра окончена.", reconnecting: "Связь потеряна; подключаемся снова…",
    play: "Сыграть {card}", lead: "Ходить {cards}", cover: "Покрыть {attack} картой {card}",
    take: "Взять",
    e_play: "{name}: {card}", e_pass: "{name} пропускает ход (нечем ходить)",
    e_lead: "{name} ходит {cards}", e_join: "{name} подкидывает {cards}",
    e_cover: "{name} кроет {attack} картой {card}", e_take: "{name} берёт {cards}",
    place: "Место", who: "Игрок", cards_left: "Осталось карт", points: "Очки",
    passes: "Пропуски", result: "Итог", out_after: "вышел после кона {bout}", fool: "дурак",
    draw: "ничья", not_playable: "{card} сейчас не сыграть",
  },
  fr: {
    title: "Table de jeu", options: "Options", rank_by_passes: "À cartes égales, moins de passes classe mieux", short_deck: "Jeu court : 32 cartes, du 7 à l'as (2 ou 3 joueurs)", language: "Langue", new_table: "Une nouvelle table", game: "Jeu",
    sevens: "Sept russe", durak: "Durak à l'ancienne", players: "Joueurs", seats: "Places",
    seed: "Graine (facultative)", create: "Distribuer", human: "une personne", you_seat: "vous",
    bot_random: "robot au hasard", bot_heuristic: "robot à règles", bot_search: "robot chercheur",
    invite: "Invitez les autres joueurs : envoyez à chacun son lien", copy: "Copier",
    copied: "Copié", choose: "Choisissez un coup avec cette carte :", all_moves: "Tous les coups",
    ranking: "Classement", download: "Télécharger la partie", again: "Une nouvelle table",
    log: "Déroulement", you_mark: "(vous)", seat: "Joueur {seat}", you: "Vous",
    you_are: "Vous êtes le joueur {seat}.", your_turn: "À vous de jouer.",
    waiting: "C'est au tour de {name}.", over: "La partie est terminée.",
    reconnecting: "Connexion perdue ; reconnexion…",
    play: "Jouer {card}", lead: "Attaquer avec {cards}", cover: "Couvrir {attack} avec {card}",
    take: "Ramasser",
    e_play: "{name} joue {card}", e_pass: "{name} passe (aucune carte jouable)",
    e_lead: "{name} attaque avec {cards}", e_join: "{name} se joint avec {cards}",
    e_cover: "{name} couvre {attack} avec {card}", e_take: "{name} ramasse {cards}",
    place: "Rang", who: "Joueur", cards_left: "Cartes restantes", points: "Points",
    passes: "Passes", result: "Résultat", out_after: "sorti après le tour {bout}",
    fool: "le durak", draw: "partie nulle", not_playable: "{card} ne peut pas être jouée",
  },
  de: {
    title: "Kartentisch", options: "Regeln", rank_by_passes: "Bei gleich vielen Karten zählt weniger Passen", short_deck: "Kurzes Blatt: 32 Karten, 7 bis Ass (2 oder 3 Spieler)", language: "Sprache", new_table: "Ein neuer Tisch", game: "Spiel",
    sevens: "Russisches Sieben", durak: "Altes Durak", players: "Spieler", seats: "Plätze",
    seed: "Startwert (freiwillig)", create: "Geben", human: "ein Mensch", you_seat: "Sie",
    bot_random: "Zufallsbot", bot_heuristic: "Regelbot", bot_search: "Suchbot",
    invite: "Laden Sie die anderen ein: schicken Sie jedem seinen Link", copy: "Kopieren",
    copied: "Kopiert", choose: "Wählen Sie einen Zug mit dieser Karte:", all_moves: "Alle Züge",
    ranking: "Wertung", download: "Partie herunterladen", again: "Ein neuer Tisch",
    log: "Verlauf", you_mark: "(Sie)", seat: "Spieler {seat}", you: "Sie",
    you_are: "Sie sind Spieler {seat}.", your_turn: "Sie sind am Zug.",
    waiting: "{name} ist am Zug.", over: "Die Partie ist vorbei.",
    reconnecting: "Verbindung verloren; neuer Versuch…",
    play: "{card} spielen", lead: "{cards} ausspielen", cover: "{attack} mit {card} decken",
    take: "Aufnehmen",
    e_play: "{name} spielt {card}", e_pass: "{name} passt (keine spielbare Karte)",
    e_lead: "{name} spielt {cards} aus", e_join: "{name} legt {cards} dazu",
    e_cover: "{name} deckt {attack} mit {card}", e_take: "{name} nimmt {cards} auf",
    place: "Rang", who: "Spieler", cards_left: "Karten übrig", points: "Punkte",
    passes: "Gepasst", result: "Ergebnis", out_after: "raus nach Runde {bout}",
    fool: "der Durak", draw: "unentschieden", not_playable: "{card} ist jetzt nicht spielbar",
  },
};

// A text of `lang` with its {names} filled in from `values`.
function say(lang, key, values = {}) {
  const text = (TEXTS[lang] || TEXTS.en)[key] || TEXTS.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// A card written as in records ("10♦", "Q♠") with the rank letters of `lang`.
function cardLabel(lang, card) {
  const rank = card.slice(0, -1);
  return (RANKS[lang][rank] || rank) + card.slice(-1);
}
