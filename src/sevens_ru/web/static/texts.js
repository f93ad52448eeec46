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
  language: ["Language", "Язык", "Langue", "Sprache"],
  new_table: ["A new table", "Новый стол", "Une nouvelle table", "Ein neuer Tisch"],
  game: ["Game", "Игра", "Jeu", "Spiel"],
  players: ["Players", "Игроков", "Joueurs", "Spieler"],
  seats: ["Seats", "Места", "Places", "Plätze"],
  seed: ["Seed (optional)", "Зерно раздачи (необязательно)", "Graine (facultative)", "Startwert (freiwillig)"],
  create: ["Deal", "Сдать", "Distribuer", "Geben"],
  no_options: ["This game has no options.", "У этой игры нет вариантов правил.", "Ce jeu n'a pas d'options.", "Dieses Spiel hat keine Regelvarianten."],

  // The options of every game, by their names in the API, and their values.
  opt_rank_by_passes: ["At equal cards left, fewer passes rank better", "При равном числе карт выше тот, кто меньше пропускал", "À cartes égales, moins de passes classe mieux", "Bei gleich vielen Karten zählt weniger Passen"],
  opt_place_numbering: ["Shared places are numbered", "Нумерация общих мест", "Numérotation des places partagées", "Geteilte Plätze zählen"],
  val_place_numbering_competition: ["1, 2, 2, 4", "1, 2, 2, 4", "1, 2, 2, 4", "1, 2, 2, 4"],
  val_place_numbering_dense: ["1, 2, 2, 3", "1, 2, 2, 3", "1, 2, 2, 3", "1, 2, 2, 3"],
  opt_short_deck: ["Short pack: 32 cards, 7 to ace (2 or 3 players)", "Короткая колода: 32 карты, от семёрки до туза (2 или 3 игрока)", "Jeu court : 32 cartes, du 7 à l'as (2 ou 3 joueurs)", "Kurzes Blatt: 32 Karten, 7 bis Ass (2 oder 3 Spieler)"],
  opt_take_limit: ["Takes in a row that draw the game", "Взяток подряд до ничьей", "Ramassages de suite pour partie nulle", "Aufnahmen in Folge bis Unentschieden"],
  opt_ace: ["The ace", "Туз", "L'as", "Das Ass"],
  val_ace_low: ["low: A 2 … K", "младший: Т 2 … К", "bas : A 2 … R", "niedrig: A 2 … K"],
  val_ace_high: ["high: 2 … K A", "старший: 2 … К Т", "haut : 2 … R A", "hoch: 2 … K A"],
  opt_opener: ["Who opens", "Кто начинает", "Qui ouvre", "Wer eröffnet"],
  val_opener_card: ["the holder of {card}, with it", "тот, у кого {card}, этой картой", "le détenteur du {card}, avec lui", "wer {card} hat, damit"],
  val_opener_left: ["the dealer's left neighbour, with any seven", "сосед сдающего слева, любой семёркой", "le voisin de gauche du donneur, avec un 7", "der linke Nachbar des Gebers, mit einer Sieben"],
  opt_first: ["Who moves first", "Кто ходит первым", "Qui joue en premier", "Wer beginnt"],
  val_first_card: ["the seat that laid out {card}", "тот, кто выложил {card}", "celui qui a posé le {card}", "wer {card} ausgelegt hat"],
  val_first_left: ["the dealer's left neighbour", "сосед сдающего слева", "le voisin de gauche du donneur", "der linke Nachbar des Gebers"],
  opt_voluntary_passes: ["A player may pass when able to play", "Можно пропустить ход, даже имея карту", "On peut passer même en pouvant jouer", "Passen erlaubt, auch wenn man spielen kann"],
  opt_play_to_end: ["Play on for the lower places", "Играть до конца, за все места", "Continuer pour les places suivantes", "Weiterspielen um die hinteren Plätze"],
  opt_ante: ["Ante (chips)", "Ставка (фишки)", "Mise (jetons)", "Einsatz (Chips)"],
  opt_short_ante: ["Extra ante of a shorter hand", "Доплата за меньшую руку", "Mise en plus d'une main plus courte", "Mehreinsatz der kürzeren Hand"],
  opt_pass_cost: ["Chips per pass", "Фишек за пропуск", "Jetons par passe", "Chips pro Passen"],
  opt_passes: ["Passes per player", "Пропусков у игрока", "Passes par joueur", "Passen pro Spieler"],
  opt_first_out_ends: ["The game ends when the first player goes out", "Игра кончается, когда первый выходит", "La partie finit quand le premier sort", "Das Spiel endet, wenn der Erste fertig ist"],
  opt_pack: ["Pack", "Колода", "Jeu de cartes", "Blatt"],
  val_pack_52: ["52 cards", "52 карты", "52 cartes", "52 Karten"],
  val_pack_32: ["32 cards, 7 to ace", "32 карты, от семёрки до туза", "32 cartes, du 7 à l'as", "32 Karten, 7 bis Ass"],
  opt_centre: ["The rows start from", "Ряды начинаются с", "Les rangées partent des", "Die Reihen beginnen mit"],
  val_centre_5: ["the fives (5♦ opens)", "пятёрок (начинает 5♦)", "cinq (le 5♦ ouvre)", "den Fünfen (5♦ eröffnet)"],
  val_centre_6: ["the sixes (6♦ opens)", "шестёрок (начинает 6♦)", "six (le 6♦ ouvre)", "den Sechsen (6♦ eröffnet)"],

  // Series: several deals at one table, with a bank, chips or totals.
  series: ["Series", "Серия", "Série", "Serie"],
  series_play: ["Play a series of deals", "Играть серию раздач", "Jouer une série de donnes", "Eine Serie von Runden spielen"],
  ser_scoring: ["Scoring", "Счёт", "Décompte", "Wertung"],
  val_scoring_bank: ["the bank: an ante each deal, a fine per pass, the winner takes the bank", "банк: ставка в каждой раздаче, штраф за пропуск, победитель забирает банк", "la banque : une mise à chaque donne, une amende par passe, le gagnant prend la banque", "die Bank: Einsatz jede Runde, Strafe pro Passen, der Gewinner nimmt die Bank"],
  val_scoring_chips: ["chips: each deal's payments", "фишки: выплаты каждой раздачи", "jetons : les paiements de chaque donne", "Chips: die Zahlungen jeder Runde"],
  val_scoring_penalty: ["penalty points: the cards left", "штрафные очки: оставшиеся карты", "points de pénalité : les cartes restantes", "Strafpunkte: die übrigen Karten"],
  val_scoring_places: ["the sum of the places", "сумма мест", "la somme des places", "die Summe der Plätze"],
  val_scoring_score: ["each deal's score", "очки каждой раздачи", "les points de chaque donne", "die Punkte jeder Runde"],
  ser_deals: ["Deals", "Раздач", "Donnes", "Runden"],
  ser_target: ["Ends when a total reaches", "До суммы", "Jusqu'à un total de", "Bis zu einer Summe von"],
  ser_start: ["Each player starts with", "В начале у каждого", "Chacun commence avec", "Jeder beginnt mit"],
  ser_ante: ["Ante into the bank each deal", "Ставка в банк в каждой раздаче", "Mise à la banque à chaque donne", "Einsatz in die Bank jede Runde"],
  ser_fine: ["Fine per pass", "Штраф за пропуск", "Amende par passe", "Strafe pro Passen"],
  ser_debt: ["Fines are paid in full: stacks may go below 0", "Штрафы платятся полностью: можно уйти в минус", "Amendes payées en entier : on peut passer sous 0", "Strafen werden voll gezahlt: unter 0 ist erlaubt"],
  ser_stake: ["Stake (chips)", "Ставка (фишки)", "Enjeu (jetons)", "Einsatz (Chips)"],
  ser_default: ["the game's", "как принято", "selon le jeu", "wie üblich"],
  deal_n: ["Deal {n}", "Раздача {n}", "Donne {n}", "Runde {n}"],
  deal_of: ["Deal {n} of {count}", "Раздача {n} из {count}", "Donne {n} sur {count}", "Runde {n} von {count}"],
  dealer_is: ["dealer: {name}", "сдаёт: {name}", "donneur : {name}", "Geber: {name}"],
  bank: ["Bank: {count}", "Банк: {count}", "Banque : {count}", "Bank: {count}"],
  deal_over: ["Deal {n} is over:", "Раздача {n} окончена:", "La donne {n} est finie :", "Runde {n} ist vorbei:"],
  deal_col: ["Deal", "Раздача", "Donne", "Runde"],
  total_bank: ["Stack", "Фишки", "Jetons", "Chips"],
  total_chips: ["Chips", "Фишки", "Jetons", "Chips"],
  total_penalty: ["Penalty", "Штраф", "Pénalité", "Strafe"],
  total_places: ["Places", "Места", "Places", "Plätze"],
  total_score: ["Score", "Очки", "Points", "Punkte"],
  series_over: ["The series is over.", "Серия окончена.", "La série est terminée.", "Die Serie ist vorbei."],
  you_won_series: ["You won the series.", "Вы выиграли серию.", "Vous avez gagné la série.", "Sie haben die Serie gewonnen."],
  won_series: ["{name} won the series.", "{name} выиграл серию.", "{name} a gagné la série.", "{name} hat die Serie gewonnen."],
  you_share_series: ["You share first place in the series with {names}.", "Вы делите первое место в серии: {names}.", "Vous partagez la première place de la série avec {names}.", "Sie teilen den ersten Platz der Serie mit {names}."],
  share_series: ["{names} share first place in the series.", "Первое место в серии делят: {names}.", "{names} partagent la première place de la série.", "{names} teilen den ersten Platz der Serie."],

  human: ["a person", "человек", "une personne", "ein Mensch"],
  you_seat: ["you", "вы", "vous", "Sie"],
  bot_random: ["random bot", "случайный бот", "robot au hasard", "Zufallsbot"],
  bot_heuristic: ["heuristic bot", "бот с правилами", "robot à règles", "Regelbot"],
  bot_search: ["search bot", "бот с перебором", "robot chercheur", "Suchbot"],
  invite: ["Invite the other players: send each one their link", "Пригласите других игроков: пошлите каждому его ссылку", "Invitez les autres joueurs : envoyez à chacun son lien", "Laden Sie die anderen ein: schicken Sie jedem seinen Link"],
  copy: ["Copy", "Копировать", "Copier", "Kopieren"],
  copied: ["Copied", "Скопировано", "Copié", "Kopiert"],

  // The table.
  your_hand: ["Your hand", "Ваши карты", "Votre main", "Ihre Karten"],
  choose: ["Choose a move with this card:", "Выберите ход этой картой:", "Choisissez un coup avec cette carte :", "Wählen Sie einen Zug mit dieser Karte:"],
  cover_hint: ["Choose the card to cover on the table, then a card of your hand.", "Выберите на столе карту, которую кроете, затем карту из руки.", "Choisissez la carte à couvrir sur la table, puis une carte de votre main.", "Wählen Sie die zu deckende Karte auf dem Tisch, dann eine Karte Ihrer Hand."],
  to_cover: ["{card}: to cover", "{card}: покрыть", "{card} : à couvrir", "{card}: zu decken"],
  all_moves: ["All moves", "Все ходы", "Tous les coups", "Alle Züge"],
  seat: ["Seat {seat}", "Игрок {seat}", "Joueur {seat}", "Spieler {seat}"],
  you: ["You", "Вы", "Vous", "Sie"],
  you_mark: ["(you)", "(вы)", "(vous)", "(Sie)"],
  you_are: ["You are seat {seat}.", "Вы — игрок {seat}.", "Vous êtes le joueur {seat}.", "Sie sind Spieler {seat}."],
  your_turn: ["Your turn.", "Ваш ход.", "À vous de jouer.", "Sie sind am Zug."],
  waiting: ["{name} is to move.", "Ходит {name}.", "C'est au tour de {name}.", "{name} ist am Zug."],
  reconnecting: ["Connection lost; reconnecting…", "Связь потеряна; подключаемся снова…", "Connexion perdue ; reconnexion…", "Verbindung verloren; neuer Versuch…"],
  cards_count: ["{count} cards", "карт: {count}", "{count} cartes", "{count} Karten"],
  card_one: ["1 card", "1 карта", "1 carte", "1 Karte"],
  dealer: ["dealer", "сдаёт", "donneur", "Geber"],
  passes_n: ["passes: {count}", "пропусков: {count}", "passes : {count}", "gepasst: {count}"],
  passes_left: ["passes left: {count}", "осталось пропусков: {count}", "passes restantes : {count}", "Passen übrig: {count}"],
  paid: ["paid: {count} chips", "внесено фишек: {count}", "payé : {count} jetons", "gezahlt: {count} Chips"],
  laid: ["laid out: {cards}", "выложил: {cards}", "a posé : {cards}", "ausgelegt: {cards}"],
  status_out: ["out", "вышел", "sorti", "fertig"],
  status_burst: ["burst", "выбыл", "éliminé", "ausgeschieden"],
  attacks: ["attacks", "ходит", "attaque", "greift an"],
  defends: ["defends", "отбивается", "défend", "verteidigt"],
  trump: ["Trump", "Козырь", "Atout", "Trumpf"],
  set_aside: ["Set aside: {count}", "В отбое: {count}", "Défausse : {count}", "Abgelegt: {count}"],
  pool: ["Pool: {count} chips", "В банке: {count} фишек", "Pot : {count} jetons", "Pott: {count} Chips"],
  start_rank: ["Start rank: {rank}", "Начальный ранг: {rank}", "Rang de départ : {rank}", "Startrang: {rank}"],
  start_any: ["Any card opens and sets the start rank.", "Первая карта — любая, она задаёт начальный ранг.", "N'importe quelle carte ouvre et fixe le rang de départ.", "Jede Karte darf eröffnen und legt den Startrang fest."],
  islands: ["Dashed: a card apart from its row, after a burst; it joins the row once the gap fills.", "Пунктир: карта отдельно от ряда после выбывания; она примкнёт к ряду, когда пробел заполнится.", "En pointillé : une carte hors de sa rangée après une élimination ; elle la rejoint quand le trou est comblé.", "Gestrichelt: eine Karte abseits ihrer Reihe nach einem Ausscheiden; sie schließt an, sobald die Lücke gefüllt ist."],
  island: ["{card}, apart from its row", "{card}, отдельно от ряда", "{card}, hors de sa rangée", "{card}, abseits seiner Reihe"],
  place_open: ["{card} may be played here", "сюда можно положить {card}", "le {card} peut aller ici", "hier passt {card}"],
  play: ["Play {card}", "Сыграть {card}", "Jouer {card}", "{card} spielen"],
  lead: ["Lead {cards}", "Ходить {cards}", "Attaquer avec {cards}", "{cards} ausspielen"],
  cover: ["Cover {attack} with {card}", "Покрыть {attack} картой {card}", "Couvrir {attack} avec {card}", "{attack} mit {card} decken"],
  take: ["Take", "Взять", "Ramasser", "Aufnehmen"],
  pass: ["Pass", "Пропустить", "Passer", "Passen"],

  // The end.
  over: ["The game is over.", "Игра окончена.", "La partie est terminée.", "Die Partie ist vorbei."],
  you_won: ["You won.", "Вы выиграли.", "Vous avez gagné.", "Sie haben gewonnen."],
  won: ["{name} won.", "{name} выиграл.", "{name} a gagné.", "{name} hat gewonnen."],
  you_share: ["You share first place with {names}.", "Вы делите первое место: {names}.", "Vous partagez la première place avec {names}.", "Sie teilen den ersten Platz mit {names}."],
  share: ["{names} share first place.", "Первое место делят: {names}.", "{names} partagent la première place.", "{names} teilen den ersten Platz."],
  you_fool: ["You are the fool.", "Вы остались дураком.", "Vous êtes le durak.", "Sie sind der Durak."],
  is_fool: ["{name} is the fool.", "{name} остался дураком.", "{name} est le durak.", "{name} ist der Durak."],
  a_draw: ["A draw: nobody is the fool.", "Ничья: дурака нет.", "Partie nulle : pas de durak.", "Unentschieden: kein Durak."],
  ranking: ["Ranking", "Итоги", "Classement", "Wertung"],
  download: ["Download the record", "Скачать запись партии", "Télécharger la partie", "Partie herunterladen"],
  again: ["A new table", "Новый стол", "Une nouvelle table", "Ein neuer Tisch"],
  place: ["Place", "Место", "Rang", "Rang"],
  who: ["Player", "Игрок", "Joueur", "Spieler"],
  cards_left: ["Cards left", "Осталось карт", "Cartes restantes", "Karten übrig"],
  points: ["Points", "Очки", "Points", "Punkte"],
  passes: ["Passes", "Пропуски", "Passes", "Gepasst"],
  result: ["Result", "Итог", "Résultat", "Ergebnis"],
  payoffs: ["Chips", "Фишки", "Jetons", "Chips"],
  scores: ["Score", "Очки партии", "Score", "Punktestand"],
  out_after: ["out after bout {bout}", "вышел после кона {bout}", "sorti après le tour {bout}", "raus nach Runde {bout}"],
  fool: ["the fool", "дурак", "le durak", "der Durak"],
  draw: ["a draw", "ничья", "partie nulle", "unentschieden"],

  // The log and its legend.
  log: ["What happened", "Ход игры", "Déroulement", "Verlauf"],
  e_play: ["{name} plays {card}", "{name}: {card}", "{name} joue {card}", "{name} spielt {card}"],
  e_pass: ["{name} passes (no playable card)", "{name} пропускает ход (нечем ходить)", "{name} passe (aucune carte jouable)", "{name} passt (keine spielbare Karte)"],
  e_pass_move: ["{name} passes", "{name} пропускает ход", "{name} passe", "{name} passt"],
  e_burst: ["{name} is out of passes and cards to play: {cards} go onto the table", "{name} выбывает: пропуски кончились, ходить нечем; {cards} ложатся на стол", "{name} est éliminé, sans passe ni carte jouable : {cards} vont sur la table", "{name} scheidet aus, ohne Passen und spielbare Karte: {cards} kommen auf den Tisch"],
  e_lead: ["{name} leads {cards}", "{name} ходит {cards}", "{name} attaque avec {cards}", "{name} spielt {cards} aus"],
  e_join: ["{name} joins with {cards}", "{name} подкидывает {cards}", "{name} se joint avec {cards}", "{name} legt {cards} dazu"],
  e_cover: ["{name} covers {attack} with {card}", "{name} кроет {attack} картой {card}", "{name} couvre {attack} avec {card}", "{name} deckt {attack} mit {card}"],
  e_take: ["{name} takes {cards}", "{name} берёт {cards}", "{name} ramasse {cards}", "{name} nimmt {cards} auf"],
  e_other: ["{name}: {event}", "{name}: {event}", "{name} : {event}", "{name}: {event}"],
  legend: ["Colours of the log", "Цвета в записи ходов", "Couleurs du déroulement", "Farben im Verlauf"],
  l_play: ["a card played", "сыгранная карта", "une carte jouée", "eine gespielte Karte"],
  l_lead: ["a lead", "заход", "une attaque", "ein Ausspielen"],
  l_cover: ["a cover", "карта покрыта", "une carte couverte", "ein Decken"],
  l_join: ["a join (the rules make it)", "подкидывание (по правилам)", "une carte jointe (la règle l'impose)", "ein Dazulegen (nach der Regel)"],
  l_pass: ["a pass", "пропуск хода", "une passe", "ein Passen"],
  l_take: ["cards taken up", "карты взяты", "cartes ramassées", "Karten aufgenommen"],
  l_burst: ["a player burst", "игрок выбыл", "un joueur éliminé", "ein Spieler scheidet aus"],
  l_mine: ["your own moves (bold)", "ваши ходы (жирным)", "vos coups (en gras)", "Ihre Züge (fett)"],
};

// The texts of each language, by name: TEXTS.ru.title is "Карточный стол".
const TEXTS = Object.fromEntries(LANGUAGES.map((lang, column) => [
  lang, Object.fromEntries(Object.entries(PHRASES).map(([name, words]) => [name, words[column]])),
]));

// A text of `lang` with its {names} filled in from `values`; `fallback` when no text has that name.
function say(lang, key, values = {}, fallback = undefined) {
  const text = (TEXTS[lang] || TEXTS.en)[key] || TEXTS.en[key] || (fallback === undefined ? key : fallback);
  return String(text).replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

// Whether `text` is a card as records write it ("10♦", "Q♠").
function isCard(text) {
  return typeof text === "string" && /^(10|[2-9JQKA])[♣♦♥♠]$/.test(text);
}

// A rank written as in records ("10", "Q") with the letters of `lang`.
function rankLabel(lang, rank) {
  return RANKS[lang][rank] || rank;
}

// A card written as in records ("10♦", "Q♠") with the rank letters of `lang`.
function cardLabel(lang, card) {
  return rankLabel(lang, card.slice(0, -1)) + card.slice(-1);
}
