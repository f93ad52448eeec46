// What the page says, in English, Russian, French and German.
"use strict";

const RANKS = {
  en: {J: "J", Q: "Q", K: "K", A: "A"},
  ru: {J: "В", Q: "Д", K: "К", A: "Т"},
  fr: {J: "V", Q: "D", K: "R", A: "A"},
  de: {J: "B", Q: "D", K: "K", A: "A"},
};

const LANGUAGES = ["en", "ru", "fr", "de"];

// Every text once, by its name: its words in each of LANGUAGES, in that order.
const PHRASES = {
  title: ["Card table", "Карточный стол", "Table de jeu", "Kartentisch"],
  options: ["Options", "Правила", "Options", "Regeln"],
  rank_by_passes: ["At equal cards left, fewer passes rank better", "При равном числе карт выше тот, кто меньше пропускал", "À cartes égales, moins de passes classe mieux", "Bei gleich vielen Karten zählt weniger Passen"],
  short_deck: ["Short pack: 32 cards, 7 to ace (2 or 3 players)", "Короткая колода: 32 карты, от семёрки до туза (2 или 3 игрока)", "Jeu court : 32 cartes, du 7 à l'as (2 ou 3 joueurs)", "Kurzes Blatt: 32 Karten, 7 bis Ass (2 oder 3 Spieler)"],
  language: ["Language", "Язык", "Langue", "Sprache"],
  new_table: ["A new table", "Новый стол", "Une nouvelle table", "Ein neuer Tisch"],
  game: ["Game", "Игра", "Jeu", "Spiel"],
  sevens: ["Russian Sevens", "Семёрки", "Sept russe", "Russisches Sieben"],
  durak: ["Old Durak", "Дурачки", "Durak à l'ancienne", "Altes Durak"],
  players: ["Players", "Игроков", "Joueurs", "Spieler"],
  seats: ["Seats", "Места", "Places", "Plätze"],
  seed: ["Seed (optional)", "Зерно раздачи (необязательно)", "Graine (facultative)", "Startwert (freiwillig)"],
  create: ["Deal", "Сдать", "Distribuer", "Geben"],
  human: ["a person", "человек", "une personne", "ein Mensch"],
  you_seat: ["you", "вы", "vous", "Sie"],
  bot_random: ["random bot", "случайный бот", "robot au hasard", "Zufallsbot"],
  bot_heuristic: ["heuristic bot", "бот с правилами", "robot à règles", "Regelbot"],
  bot_search: ["search bot", "бот с перебором", "robot chercheur", "Suchbot"],
  invite: ["Invite the other players: send each one their link", "Пригласите других игроков: пошлите каждому его ссылку", "Invitez les autres joueurs : envoyez à chacun son lien", "Laden Sie die anderen ein: schicken Sie jedem seinen Link"],
  copy: ["Copy", "Копировать", "Copier", "Kopieren"],
  copied: ["Copied", "Скопировано", "Copié", "Kopiert"],
  choose: ["Choose a move with this card:", "Выберите ход этой картой:", "Choisissez un coup avec cette carte :", "Wählen Sie einen Zug mit dieser Karte:"],
  all_moves: ["All moves", "Все ходы", "Tous les coups", "Alle Züge"],
  ranking: ["Ranking", "Итоги", "Classement", "Wertung"],
  download: ["Download the record", "Скачать запись партии", "Télécharger la partie", "Partie herunterladen"],
  again: ["A new table", "Новый стол", "Une nouvelle table", "Ein neuer Tisch"],
  log: ["What happened", "Ход игры", "Déroulement", "Verlauf"],
  you_mark: ["(you)", "(вы)", "(vous)", "(Sie)"],
  seat: ["Seat {seat}", "Игрок {seat}", "Joueur {seat}", "Spieler {seat}"],
  you: ["You", "Вы", "Vous", "Sie"],
  you_are: ["You are seat {seat}.", "Вы — игрок {seat}.", "Vous êtes le joueur {seat}.", "Sie sind Spieler {seat}."],
  your_turn: ["Your turn.", "Ваш ход.", "À vous de jouer.", "Sie sind am Zug."],
  waiting: ["{name} is to move.", "Ходит {name}.", "C'est au tour de {name}.", "{name} ist am Zug."],
  over: ["The game is over.", "Игра окончена.", "La partie est terminée.", "Die Partie ist vorbei."],
  reconnecting: ["Connection lost; reconnecting…", "Связь потеряна; подключаемся снова…", "Connexion perdue ; reconnexion…", "Verbindung verloren; neuer Versuch…"],
  play: ["Play {card}", "Сыграть {card}", "Jouer {card}", "{card} spielen"],
  lead: ["Lead {cards}", "Ходить {cards}", "Attaquer avec {cards}", "{cards} ausspielen"],
  cover: ["Cover {attack} with {card}", "Покрыть {attack} картой {card}", "Couvrir {attack} avec {card}", "{attack} mit {card} decken"],
  take: ["Take", "Взять", "Ramasser", "Aufnehmen"],
  e_play: ["{name} plays {card}", "{name}: {card}", "{name} joue {card}", "{name} spielt {card}"],
  e_pass: ["{name} passes (no playable card)", "{name} пропускает ход (нечем ходить)", "{name} passe (aucune carte jouable)", "{name} passt (keine spielbare Karte)"],
  e_lead: ["{name} leads {cards}", "{name} ходит {cards}", "{name} attaque avec {cards}", "{name} spielt {cards} aus"],
  e_join: ["{name} joins with {cards}", "{name} подкидывает {cards}", "{name} se joint avec {cards}", "{name} legt {cards} dazu"],
  e_cover: ["{name} covers {attack} with {card}", "{name} кроет {attack} картой {card}", "{name} couvre {attack} avec {card}", "{name} deckt {attack} mit {card}"],
  e_take: ["{name} takes {cards}", "{name} берёт {cards}", "{name} ramasse {cards}", "{name} nimmt {cards} auf"],
  place: ["Place", "Место", "Rang", "Rang"],
  who: ["Player", "Игрок", "Joueur", "Spieler"],
  cards_left: ["Cards left", "Осталось карт", "Cartes restantes", "Karten übrig"],
  points: ["Points", "Очки", "Points", "Punkte"],
  passes: ["Passes", "Пропуски", "Passes", "Gepasst"],
  result: ["Result", "Итог", "Résultat", "Ergebnis"],
  out_after: ["out after bout {bout}", "вышел после кона {bout}", "sorti après le tour {bout}", "raus nach Runde {bout}"],
  fool: ["the fool", "дурак", "le durak", "der Durak"],
  draw: ["a draw", "ничья", "partie nulle", "unentschieden"],
  not_playable: ["{card} cannot be played now", "{card} сейчас не сыграть", "{card} ne peut pas être jouée", "{card} ist jetzt nicht spielbar"],
};

// The texts of each language, by name: TEXTS.ru.title is "Карточный стол".
const TEXTS = Object.fromEntries(LANGUAGES.map((lang, column) => [
  lang, Object.fromEntries(Object.entries(PHRASES).map(([name, words]) => [name, words[column]])),
]));

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
