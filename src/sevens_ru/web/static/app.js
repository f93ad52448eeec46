// The page of `sevens-ru serve`: deal a table, invite by link, play by clicking a card.
// The seat's token travels in the address's fragment (#table=...&token=...), which
// browsers never send to the server, and in the Authorization header of each request.
//
// The page knows no game by name: the lobby offers what GET /api/games describes, and
// the table is drawn from the shape of the seat's view. A view with a "layout" is drawn
// as rows of cards (Sevens and the layout family), one with a "trump" as a bout (Durak);
// moves are read from their text ("9♦", "pass", "lead 7♣ 7♦", "cover 7♣ 8♣", "take").
"use strict";

const page = {
  lang: "en",
  games: null,      // GET /api/games
  table: null,      // the table's id
  token: null,      // this seat's secret
  view: null,       // the last view received
  logged: 0,        // how many history events the log shows
  busy: false,      // a move is on its way
  stream: null,     // the AbortController of the live stream
  attack: null,     // the attacking card chosen to cover, where the seat defends
  deal: null,       // a series' deal whose events the log shows
};

const $ = (id) => document.getElementById(id);
const SUITS = ["♣", "♦", "♥", "♠"];

function fragment() {
  return new URLSearchParams(location.hash.slice(1));
}

function chooseLanguage() {
  const asked = fragment().get("lang") || new URLSearchParams(location.search).get("lang")
    || localStorage.getItem("sevens-ru-lang") || (navigator.language || "en").slice(0, 2);
  return TEXTS[asked] ? asked : "en";
}

function translate() {
  document.documentElement.lang = page.lang;
  $("lang").value = page.lang;
  for (const node of document.querySelectorAll("[data-t]")) {
    node.textContent = say(page.lang, node.dataset.t);
  }
  $("legend").setAttribute("aria-label", say(page.lang, "legend"));
  document.title = say(page.lang, "title");
}

// An element with its class and text.
function make(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

// A change of a stack or total: "+60", "−10", "0".
function signed(value) {
  return value > 0 ? "+" + value : String(value).replace("-", "−");
}

function cards(list) {
  return list.map((card) => cardLabel(page.lang, card)).join(" ");
}

// What a seat kind is called: a person, or a bot by its name.
function kindName(kind) {
  return kind === "human" ? say(page.lang, "human") : say(page.lang, "bot_" + kind, {}, kind);
}

// A seat as the page names it: "You", or "Seat 2".
function seatName(seat) {
  if (page.view && seat === page.view.seat) return say(page.lang, "you");
  return say(page.lang, "seat", {seat});
}

// A seat with who plays it: "Seat 2 (heuristic bot)", "You".
function seatTitle(seat) {
  const kind = page.view && page.view.seats ? page.view.seats[seat] : null;
  if (!page.view || seat === page.view.seat || !kind) return seatName(seat);
  return seatName(seat) + " (" + kindName(kind) + ")";
}

async function api(method, path, body) {
  const headers = {"Accept": "application/json"};
  if (page.token) headers.Authorization = "Bearer " + page.token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// ---------------------------------------------------------------- the lobby

function chosenGame() {
  const checked = document.querySelector("input[name=game]:checked");
  return checked ? checked.value : Object.keys(page.games)[0];
}

// The games of the server, each by its title in the page's language.
function gameChoices() {
  const box = $("game-choices");
  const chosen = document.querySelector("input[name=game]:checked");
  const keep = chosen ? chosen.value : Object.keys(page.games)[0];
  box.replaceChildren();
  for (const [name, info] of Object.entries(page.games)) {
    const label = make("label", "game-choice");
    const radio = document.createElement("input");
    radio.type = "radio";
    radio.name = "game";
    radio.value = name;
    radio.checked = name === keep;
    radio.addEventListener("change", () => { seatChoices(); optionChoices(); seriesChoices(); });
    const titles = info.titles || {};
    const title = titles[page.lang] || titles.en || name;
    label.append(radio, " ", make("span", "", title));
    label.append(" ", make("code", "quiet", name));  // its name in requests and records
    box.append(label);
  }
}

function seatChoices() {
  const info = page.games[chosenGame()];
  const players = $("players");
  const chosen = Number(players.dataset.game === chosenGame() && players.value) || info.default_players;
  players.dataset.game = chosenGame();
  players.replaceChildren();
  for (let count = info.min_players; count <= info.max_players; count++) {
    players.append(new Option(String(count), String(count)));
  }
  players.value = String(Math.min(Math.max(chosen, info.min_players), info.max_players));
  const kinds = $("seat-kinds");
  const before = [...kinds.querySelectorAll("select")].map((select) => select.value);
  kinds.replaceChildren();
  for (let seat = 0; seat < Number(players.value); seat++) {
    const label = make("label", "seat-kind");
    const name = make("span", "", say(page.lang, "seat", {seat}) + " ");
    const select = document.createElement("select");
    select.id = "seat-" + seat;
    if (seat === 0) {
      select.append(new Option(say(page.lang, "human") + " (" + say(page.lang, "you_seat") + ")", "human"));
      select.disabled = true;
    } else {
      select.append(new Option(say(page.lang, "human"), "human"));
      for (const bot of info.bots) select.append(new Option(kindName(bot), bot));
      const kept = before[seat];
      const fallback = info.bots.includes("heuristic") ? "heuristic" : info.bots[0] || "human";
      select.value = kept && [...select.options].some((o) => o.value === kept) ? kept : fallback;
    }
    label.append(name, select);
    kinds.append(label);
  }
}

// What a value of an option is called: "low: A 2 … K", "the holder of 7♦, with it".
function valueName(option, value) {
  if (isCard(value)) {
    return say(page.lang, `val_${option}_card`, {card: cardLabel(page.lang, value)}, cardLabel(page.lang, value));
  }
  return say(page.lang, `val_${option}_${value}`, {}, String(value));
}

// One control per option of the chosen game, from its description (GET /api/games).
function optionChoices() {
  const box = $("option-fields");
  const before = box.dataset.game === chosenGame() ? optionValues() : {};  // another game: its defaults
  box.dataset.game = chosenGame();
  box.replaceChildren();
  const fields = page.games[chosenGame()].option_fields || [];
  for (const field of fields) {
    const id = "option-" + field.name;
    const label = make("label", "option option-" + field.kind);
    const text = make("span", "", say(page.lang, "opt_" + field.name, {}, field.name.replace(/_/g, " ")));
    const kept = field.name in before ? before[field.name] : field.default;
    let control;
    if (field.kind === "bool") {
      control = document.createElement("input");
      control.type = "checkbox";
      control.checked = Boolean(kept);
      label.append(control, " ", text);
    } else if (field.kind === "choice") {
      control = document.createElement("select");
      field.choices.forEach((choice, index) => {
        const option = new Option(valueName(field.name, choice), String(index));
        option.dataset.value = JSON.stringify(choice);
        control.append(option);
      });
      const index = field.choices.findIndex((choice) => choice === kept);
      control.value = String(Math.max(index, 0));
      label.append(text, " ", control);
    } else {
      control = document.createElement("input");
      control.type = field.kind === "int" ? "number" : "text";
      if (field.kind === "int") { control.step = "1"; control.min = "0"; }
      control.value = kept === null || kept === undefined ? "" : String(kept);
      label.append(text, " ", control);
    }
    control.id = id;
    control.dataset.option = field.name;
    control.dataset.kind = field.kind;
    box.append(label);
  }
  if (!fields.length) box.append(make("p", "quiet", say(page.lang, "no_options")));
}

// The options as the form says them, by name.
function optionValues() {
  const values = {};
  for (const control of $("option-fields").querySelectorAll("[data-option]")) {
    const name = control.dataset.option;
    if (control.dataset.kind === "bool") values[name] = control.checked;
    else if (control.dataset.kind === "choice") values[name] = JSON.parse(control.selectedOptions[0].dataset.value);
    else if (control.dataset.kind === "int") {
      if (control.value !== "") values[name] = Number(control.value);
    } else values[name] = control.value;
  }
  return values;
}

// The series the chosen game offers (its "series" in GET /api/games): one control per
// field of the series options, those the chosen scoring kind does not read hidden.
function seriesChoices() {
  const described = page.games[chosenGame()].series;
  const box = $("series-fields");
  const before = box.dataset.game === chosenGame() ? seriesValues(true) : {};
  box.dataset.game = chosenGame();
  box.replaceChildren();
  $("series-box").hidden = !described;
  if (!described) return;
  box.hidden = !$("series-on").checked;
  for (const field of described.fields) {
    const label = make("label", "option series-field");
    label.dataset.for = field.for ? field.for.join(" ") : "";
    const text = make("span", "", say(page.lang, "ser_" + field.name, {}, field.name));
    const kept = field.name in before ? before[field.name] : field.default;
    let control;
    if (field.kind === "bool") {
      control = document.createElement("input");
      control.type = "checkbox";
      control.checked = Boolean(kept);
      label.append(control, " ", text);
    } else if (field.kind === "choice") {
      control = document.createElement("select");
      for (const choice of field.choices) control.append(new Option(say(page.lang, `val_${field.name}_${choice}`, {}, choice), choice));
      control.value = field.choices.includes(kept) ? kept : field.default;
      control.addEventListener("change", seriesApplies);
      label.append(text, " ", control);
    } else {
      control = document.createElement("input");
      control.type = "number";
      control.step = "1";
      control.min = String(field.least);
      control.max = String(field.most);
      control.placeholder = say(page.lang, "ser_default");
      control.value = kept === null || kept === undefined ? "" : String(kept);
      label.append(text, " ", control);
    }
    control.id = "series-" + field.name;
    control.dataset.series = field.name;
    control.dataset.kind = field.kind;
    box.append(label);
  }
  seriesApplies();
}

// Show only the fields the chosen scoring kind reads (the ante, the fine, the debts: the bank's).
function seriesApplies() {
  const scoring = $("series-scoring") ? $("series-scoring").value : "";
  for (const label of $("series-fields").querySelectorAll(".series-field")) {
    label.hidden = label.dataset.for !== "" && !label.dataset.for.split(" ").includes(scoring);
  }
}

// The series options as the form says them, by name: those shown and filled in (`all`: every one).
function seriesValues(all = false) {
  const values = {};
  for (const control of $("series-fields").querySelectorAll("[data-series]")) {
    if (!all && control.closest("label").hidden) continue;
    const name = control.dataset.series;
    if (control.dataset.kind === "bool") values[name] = control.checked;
    else if (control.dataset.kind === "choice") values[name] = control.value;
    else if (control.value !== "") values[name] = Number(control.value);
  }
  return values;
}

async function showLobby() {
  $("table").hidden = true;
  $("lobby").hidden = false;
  try {
    if (!page.games) page.games = await api("GET", "/api/games");
  } catch (error) {
    $("lobby-error").textContent = error.message;
    return;
  }
  gameChoices();
  seatChoices();
  optionChoices();
  seriesChoices();
}

async function createTable(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const game = chosenGame();
  const seats = [...$("seat-kinds").querySelectorAll("select")].map((select) => select.value);
  const request = {game, seats, options: optionValues()};
  if ($("seed").value !== "") request.seed = Number($("seed").value);
  if (!$("series-box").hidden && $("series-on").checked) request.series = seriesValues();
  try {
    page.token = null;
    const made = await api("POST", "/api/tables", request);
    const links = {};
    for (const [seat, token] of Object.entries(made.tokens)) {
      links[seat] = location.origin + "/#" + new URLSearchParams({table: made.id, token, lang: page.lang});
    }
    sessionStorage.setItem("sevens-ru-invites-" + made.id, JSON.stringify(links));
    location.hash = new URLSearchParams({table: made.id, token: made.tokens["0"], lang: page.lang});
  } catch (error) {
    $("lobby-error").textContent = error.message;
  }
}

// ---------------------------------------------------------------- the table

function showInvites() {
  const links = JSON.parse(sessionStorage.getItem("sevens-ru-invites-" + page.table) || "{}");
  const list = $("invite-links");
  list.replaceChildren();
  for (const [seat, link] of Object.entries(links)) {
    if (seat === "0") continue;
    const item = document.createElement("li");
    const name = make("span", "", say(page.lang, "seat", {seat}) + ": ");
    const field = document.createElement("input");
    field.readOnly = true;
    field.value = link;
    field.size = 60;
    field.className = "invite";
    field.dataset.seat = seat;
    field.setAttribute("aria-label", say(page.lang, "seat", {seat}));
    const copy = make("button", "", say(page.lang, "copy"));
    copy.type = "button";
    copy.onclick = async () => {
      field.select();
      try { await navigator.clipboard.writeText(link); copy.textContent = say(page.lang, "copied"); }
      catch { document.execCommand("copy"); }
    };
    item.append(name, field, " ", copy);
    list.append(item);
  }
  $("invites").hidden = list.children.length === 0;
}

async function showTable() {
  $("lobby").hidden = true;
  $("table").hidden = false;
  page.logged = 0;
  page.view = null;
  page.attack = null;
  page.deal = null;
  $("log").replaceChildren();
  $("legend").replaceChildren();
  showInvites();
  try {
    render(await api("GET", viewPath("")));
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  listen();
}

function viewPath(suffix) {
  return "/api/tables/" + encodeURIComponent(page.table) + suffix;
}

// The live stream: server-sent events read with fetch, so that the token goes in a header.
async function listen() {
  if (page.stream) page.stream.abort();
  const controller = new AbortController();
  page.stream = controller;
  while (!controller.signal.aborted && !(page.view && page.view.over)) {
    try {
      const response = await fetch(viewPath("/events"), {
        headers: {Authorization: "Bearer " + page.token, Accept: "text/event-stream"},
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(response.statusText);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const {value, done} = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = message.split("\n").filter((line) => line.startsWith("data: "))
            .map((line) => line.slice(6)).join("\n");
          if (data) render(JSON.parse(data));
        }
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      $("status").textContent = say(page.lang, "reconnecting");
    }
    if (!(page.view && page.view.over)) await new Promise((done) => setTimeout(done, 1000));
  }
}

// ---------------------------------------------------------------- moves

// The cards of the hand a move gives: "9♦" gives 9♦, "lead 7♣ 7♦" both, "cover 7♣ 8♣" the 8♣.
function handCards(move) {
  const words = move.split(" ");
  if (words.length === 1) return isCard(words[0]) ? words : [];
  if (words[0] === "cover") return words.slice(2);
  return words.slice(1);
}

// The attacking card a cover covers, or null.
function covered(move) {
  const words = move.split(" ");
  return words[0] === "cover" ? words[1] : null;
}

// The legal moves the page offers now: with an attacking card chosen, its covers only.
function offered(view) {
  return view.legal_moves.filter((move) => {
    const attack = covered(move);
    return attack === null || page.attack === null || attack === page.attack;
  });
}

// The moves a card of the hand takes part in (for Durak: the leads with it, the covers by it).
function movesWith(view, card) {
  return offered(view).filter((move) => handCards(move).includes(card));
}

function moveLabel(move) {
  const words = move.split(" ");
  if (isCard(move)) return say(page.lang, "play", {card: cardLabel(page.lang, move)});
  if (words[0] === "lead") return say(page.lang, "lead", {cards: cards(words.slice(1))});
  if (words[0] === "cover") {
    return say(page.lang, "cover", {attack: cardLabel(page.lang, words[1]), card: cardLabel(page.lang, words[2])});
  }
  return say(page.lang, words[0], {}, move);  // "pass", "take"
}

// ---------------------------------------------------------------- drawing

// A card face up: a button where it can be clicked, else a plain box.
function cardFace(card, {button = false, className = ""} = {}) {
  const face = make(button ? "button" : "span", "card " + ("♦♥".includes(card.slice(-1)) ? "red" : "black"));
  if (className) face.classList.add(...className.split(" "));
  if (button) face.type = "button";
  face.dataset.card = card;
  face.setAttribute(button ? "aria-label" : "title", cardLabel(page.lang, card));
  const corner = make("span", "corner");  // the index, top left: what a fanned card still shows
  corner.append(make("span", "rank", rankLabel(page.lang, card.slice(0, -1))), make("span", "suit", card.slice(-1)));
  face.append(corner, make("span", "pip", card.slice(-1)));
  face.lastChild.setAttribute("aria-hidden", "true");
  return face;
}

// A row's ranks in order, for sorting a hand as the rows run.
function handOrder(view) {
  if (!view.layout) return view.hand;
  const ranks = view.layout.ranks;
  const key = (card) => SUITS.indexOf(card.slice(-1)) * 100 + ranks.indexOf(card.slice(0, -1));
  return [...view.hand].sort((a, b) => key(a) - key(b));
}

// The cards the last event put on the table: marked there, so a move is seen where it lands.
function lastCards(view) {
  const event = view.history[view.history.length - 1];
  if (!event || event.event === "take") return new Set();
  return new Set(event.card ? [event.card] : event.cards || []);
}

// The cards on the table outside their suit's row: after a burst, beyond a gap (N6).
function islands(view) {
  const {ranks, suits, rows} = view.layout;
  return view.table.filter((card) => {
    const row = rows[suits.indexOf(card.slice(-1))];
    const place = ranks.indexOf(card.slice(0, -1));
    return !row || place < ranks.indexOf(row[0]) || place > ranks.indexOf(row[1]);
  });
}

// The rows of a layout game: each suit's places in rank order, the cards on the table in
// them, an island apart from its row (N6), the places next to a row's ends outlined.
function drawRows(view) {
  const layout = view.layout;
  const onTable = new Set(view.table);
  const apart = new Set(islands(view));
  const last = lastCards(view);
  const legal = new Set(view.legal_moves);
  const rows = make("div", "rows");
  rows.style.setProperty("--places", String(layout.ranks.length));
  layout.suits.forEach((suit, index) => {
    const row = layout.rows[index];
    const low = row ? layout.ranks.indexOf(row[0]) : -1;
    const high = row ? layout.ranks.indexOf(row[1]) : -1;
    const centre = layout.centre === null ? -1 : layout.ranks.indexOf(layout.centre);
    const line = make("div", "row");
    line.dataset.suit = suit;
    layout.ranks.forEach((rank, place) => {
      const card = rank + suit;
      if (onTable.has(card)) {
        const island = apart.has(card);
        const face = cardFace(card, {className: [island ? "island" : "", last.has(card) ? "last" : ""].join(" ").trim()});
        if (island) face.title = say(page.lang, "island", {card: cardLabel(page.lang, card)});
        line.append(face);
        return;
      }
      const open = row ? place === low - 1 || place === high + 1 : place === centre && view.table.length > 0;
      const empty = make("span", "place" + (open ? " open" : "") + (legal.has(card) ? " legal" : ""));
      empty.dataset.place = card;
      empty.append(make("span", "rank", rankLabel(page.lang, rank)), make("span", "suit", suit));
      if (legal.has(card)) empty.title = say(page.lang, "place_open", {card: cardLabel(page.lang, card)});
      line.append(empty);
    });
    rows.append(line);
  });
  return rows;
}

// The bout of Durak: the trump, the set-aside pile, each attacking card with its cover.
// An attacking card this seat may cover is a button: choose it, then a card of the hand.
function drawBout(view) {
  const bout = make("div", "bout");
  const trump = make("div", "trump");
  trump.append(make("span", "caption", say(page.lang, "trump")), cardFace(view.trump));
  bout.append(trump);
  if (view.set_aside.length) {
    const pile = make("div", "pile");
    pile.append(make("span", "caption", say(page.lang, "set_aside", {count: view.set_aside.length})), make("span", "card back"));
    bout.append(pile);
  }
  const coverable = new Set(view.legal_moves.map(covered).filter((card) => card !== null));
  const pairs = make("div", "pairs");
  const last = lastCards(view);
  for (const [attack, cover] of view.table) {
    const pair = make("div", "pair");
    const target = coverable.has(attack) && !page.busy;
    const face = cardFace(attack, {button: target, className: last.has(attack) ? "attack last" : "attack"});
    if (target) {
      face.classList.add("target");
      face.setAttribute("aria-pressed", String(attack === page.attack));
      face.setAttribute("aria-label", say(page.lang, "to_cover", {card: cardLabel(page.lang, attack)}));
      face.addEventListener("click", () => { page.attack = attack; drawDeal(page.view); focusHand(); });
    }
    pair.append(face);
    if (cover) pair.append(cardFace(cover, {className: last.has(cover) ? "cover last" : "cover"}));
    pairs.append(pair);
  }
  bout.append(pairs);
  return bout;
}

// The public facts above the rows: the pool, the start rank.
function drawFacts(view) {
  const facts = make("p", "notes");
  const said = [];
  if (view.pool !== undefined) said.push(say(page.lang, "pool", {count: view.pool}));
  if (view.start_rank !== undefined) {
    said.push(view.start_rank === null ? say(page.lang, "start_any")
      : say(page.lang, "start_rank", {rank: rankLabel(page.lang, view.start_rank)}));
  }
  if (view.layout && islands(view).length) said.push(say(page.lang, "islands"));
  facts.textContent = said.join(" · ");
  return facts;
}

// Every seat: who plays it, its cards, and what the game makes public of it.
function drawSeats(view) {
  const list = make("ol", "seats");
  for (let seat = 0; seat < view.players; seat++) {
    const item = make("li", "seat");
    item.dataset.seat = String(seat);
    if (seat === view.seat) item.classList.add("me");
    if (seat === view.current_player) item.classList.add("turn");
    const name = make("div", "name", (seat === view.current_player ? "▶ " : "") + seatName(seat));
    const kind = view.seats ? view.seats[seat] : null;
    if (kind && seat !== view.seat) name.append(" ", make("span", "kind", kindName(kind)));
    item.append(name);
    const count = view.hand_sizes[seat];
    const facts = [count === 1 ? say(page.lang, "card_one") : say(page.lang, "cards_count", {count})];
    if (view.dealer === seat) facts.push(say(page.lang, "dealer"));
    if (view.attacker === seat) facts.push(say(page.lang, "attacks"));
    if (view.defender === seat) facts.push(say(page.lang, "defends"));
    if (view.status && view.status[seat] === "out") facts.push(say(page.lang, "status_out"));
    if (view.out && view.out.includes(seat)) facts.push(say(page.lang, "status_out"));
    if (view.loser === seat) facts.push(say(page.lang, "fool"));
    if (view.status && view.status[seat] === "burst") {
      facts.push(say(page.lang, "status_burst"));
      item.classList.add("burst");
    }
    if (view.passes) facts.push(say(page.lang, "passes_n", {count: view.passes[seat]}));
    if (view.passes_left) facts.push(say(page.lang, "passes_left", {count: view.passes_left[seat]}));
    if (view.paid) facts.push(say(page.lang, "paid", {count: view.paid[seat]}));
    if (view.laid && view.laid[seat].length) facts.push(say(page.lang, "laid", {cards: cards(view.laid[seat])}));
    const backs = make("span", "backs");
    for (let i = 0; i < Math.min(count, 12); i++) backs.append(make("span", "back"));
    item.append(backs, make("div", "facts", facts.join(" · ")));
    list.append(item);
  }
  return list;
}

// The seat's hand as a fan: every card visible and, when it may be played now, a button.
function drawHand(view) {
  const hand = $("hand");
  hand.replaceChildren();
  hand.setAttribute("aria-label", say(page.lang, "your_hand"));
  for (const card of handOrder(view)) {
    const moves = movesWith(view, card);
    const playable = moves.length > 0 && !page.busy;
    const face = cardFace(card, {button: true, className: playable ? "playable" : "disabled"});
    if (playable) face.addEventListener("click", () => (moves.length === 1 ? play(moves[0]) : offer(moves)));
    else face.disabled = true;
    hand.append(face);
  }
  const covering = view.legal_moves.some((move) => covered(move) !== null);
  $("hint").textContent = covering ? say(page.lang, "cover_hint") : "";
}

// The board, the hand and the moves of one deal, from its view (a series' current deal:
// drawSeries draws the series above it).
function drawDeal(view) {
  const coverable = view.legal_moves.map(covered).filter((card) => card !== null);
  if (!coverable.includes(page.attack)) page.attack = coverable.length ? coverable[0] : null;
  const board = $("board");
  const centre = make("div", "centre");
  if (view.layout) centre.append(drawRows(view));
  else if (view.trump) centre.append(drawBout(view));
  board.replaceChildren(drawFacts(view), centre, drawSeats(view));
  drawHand(view);
  offer(null);
}

// The end of the game as the viewer reads it: "You won.", "Seat 2 is the fool.", "A draw".
function endTitle(view) {
  if (view.series && view.series.over) return seriesTitle(view);
  const me = view.seat;
  const loser = view.ranking.find((standing) => standing.loser);
  if (loser) return loser.seat === me ? say(page.lang, "you_fool") : say(page.lang, "is_fool", {name: seatTitle(loser.seat)});
  if (view.ranking.some((standing) => "loser" in standing)) return say(page.lang, "a_draw");
  const first = view.ranking.filter((standing) => standing.place === 1).map((standing) => standing.seat);
  if (first.length === 1) return first[0] === me ? say(page.lang, "you_won") : say(page.lang, "won", {name: seatTitle(first[0])});
  const others = first.filter((seat) => seat !== me).map(seatTitle).join(", ");
  return first.includes(me) ? say(page.lang, "you_share", {names: others}) : say(page.lang, "share", {names: others});
}

// The end of a series: "The series is over. You won the series."
function seriesTitle(view) {
  const me = view.seat;
  const first = view.series.ranking.filter((standing) => standing.place === 1).map((standing) => standing.seat);
  const others = first.filter((seat) => seat !== me).map(seatTitle).join(", ");
  let text;
  if (first.length === 1) text = first[0] === me ? say(page.lang, "you_won_series") : say(page.lang, "won_series", {name: seatTitle(first[0])});
  else text = first.includes(me) ? say(page.lang, "you_share_series", {names: others}) : say(page.lang, "share_series", {names: others});
  return say(page.lang, "series_over") + " " + text;
}

// Who won a finished deal of a series, as the viewer reads it.
function dealWinner(view, finished) {
  const first = finished.places.map((place, seat) => (place === 1 ? seat : null)).filter((seat) => seat !== null);
  if (first.length === 1) return first[0] === view.seat ? say(page.lang, "you_won") : say(page.lang, "won", {name: seatTitle(first[0])});
  const others = first.filter((seat) => seat !== view.seat).map(seatTitle).join(", ");
  return first.includes(view.seat) ? say(page.lang, "you_share", {names: others}) : say(page.lang, "share", {names: others});
}

// A series around the deal: the deal's number and dealer, the bank, and a table of every
// finished deal's payments (a star for its winner) above every stack or total now.
function drawSeries(view) {
  const box = $("series");
  const series = view.series;
  box.hidden = !series;
  if (!series) return;
  const head = make("p", "series-head");
  const count = series.options.deals;
  const number = {n: series.deal + 1, count};
  head.append(make("strong", "", series.over ? say(page.lang, "series_over")
    : say(page.lang, count ? "deal_of" : "deal_n", number)));
  if (!series.over) head.append(" · " + say(page.lang, "dealer_is", {name: seatName(series.dealer)}));
  if (series.bank !== null) {
    const bank = make("span", "bank", say(page.lang, "bank", {count: series.bank}));
    bank.id = "series-bank";
    head.append(" · ", bank);
  }
  const parts = [head];
  const last = series.deals[series.deals.length - 1];
  if (last && !series.over) {
    parts.push(make("p", "last-deal", say(page.lang, "deal_over", {n: last.number + 1}) + " " + dealWinner(view, last)));
  }
  const table = make("table", "series-table");
  table.id = "series-table";
  const top = table.createTHead().insertRow();
  top.append(make("th", "", say(page.lang, "deal_col")));
  for (let seat = 0; seat < series.players; seat++) top.append(make("th", seat === view.seat ? "me" : "", seatName(seat)));
  const body = table.createTBody();
  for (const finished of series.deals) {
    const row = body.insertRow();
    row.append(make("th", "", String(finished.number + 1)));
    finished.change.forEach((change, seat) => {
      const cell = row.insertCell();
      cell.textContent = signed(change) + (finished.places[seat] === 1 ? " ★" : "");
      cell.title = say(page.lang, "place") + " " + finished.places[seat];
    });
  }
  const totals = body.insertRow();
  totals.className = "totals";
  totals.append(make("th", "", say(page.lang, "total_" + series.scoring)));
  series.totals.forEach((total, seat) => {
    const cell = make("td", seat === view.seat ? "me" : "", String(total));
    cell.dataset.seat = String(seat);
    totals.append(cell);
  });
  const scroll = make("div", "scroll");
  scroll.append(table);
  parts.push(scroll);
  box.replaceChildren(...parts);
}

function describe(view, event) {
  let name = say(page.lang, "seat", {seat: event.seat});
  if (event.seat === view.seat) name += " " + say(page.lang, "you_mark");
  const values = {name};
  if (event.card) values.card = cardLabel(page.lang, event.card);
  if (event.attack) values.attack = cardLabel(page.lang, event.attack);
  if (event.cards) values.cards = cards(event.cards);
  if (event.event === "pass" && view.pass_policy && view.pass_policy !== "forced") {
    return say(page.lang, "e_pass_move", values);  // a pass that may have been chosen (F13)
  }
  return say(page.lang, "e_" + event.event, values, say(page.lang, "e_other", {name, event: event.event}));
}

// The log's new events, each coloured by its kind, and the legend of the kinds shown.
// In a series, a new deal closes the last one's events and starts afresh under its mark.
function drawLog(view) {
  const log = $("log");
  const logEvents = (events) => {
    for (const event of events) {
      const item = make("li", "event-" + event.event, describe(view, event));
      if (log.lastChild && log.lastChild.classList.contains("deal-mark")) item.value = 1;  // each deal counts from 1
      if (event.seat === view.seat) item.classList.add("mine");
      log.append(item);
    }
  };
  if (view.series) {
    if (page.deal !== null && view.series.deal !== page.deal) {
      if (view.last_deal && view.series.deal === page.deal + 1) logEvents(view.last_deal.history.slice(page.logged));
      page.logged = 0;
    }
    if (view.series.deal !== page.deal) {
      log.append(make("li", "deal-mark", say(page.lang, "deal_n", {n: view.series.deal + 1})));
      page.deal = view.series.deal;
    }
  }
  logEvents(view.history.slice(page.logged));
  page.logged = view.history.length;
  log.scrollTop = log.scrollHeight;
  const legend = $("legend");
  legend.replaceChildren();
  const kinds = [...new Set(view.history.map((event) => event.event))];
  for (const kind of kinds) {
    const entry = make("li", "event-" + kind);
    entry.append(make("span", "swatch"), say(page.lang, "l_" + kind, {}, kind));
    legend.append(entry);
  }
  if (view.history.some((event) => event.seat === view.seat)) {
    legend.append(make("li", "mine", say(page.lang, "l_mine")));
  }
  legend.hidden = kinds.length === 0;
}

// Draw a view; one no newer than the view drawn is left out (the live stream repeats the
// answer to a move), so a card or a button keeps the focus, unless `again` asks for it.
function render(view, again = false) {
  if (page.view && (view.version < page.view.version || (view.version === page.view.version && !again))) return;
  page.view = view;
  document.body.dataset.version = String(view.version);  // for scripts and tests
  document.body.dataset.over = String(view.over);
  document.body.dataset.seat = String(view.seat);
  $("error").textContent = "";
  const status = [say(page.lang, "you_are", {seat: view.seat})];
  if (view.over) status.push(endTitle(view));
  else if (view.current_player === view.seat) status.push(say(page.lang, "your_turn"));
  else status.push(say(page.lang, "waiting", {name: seatTitle(view.current_player)}));
  $("status").textContent = status.join(" ");
  drawSeries(view);
  drawDeal(view);
  drawLog(view);
  showResult(view);
}

// The move buttons, the keyboard's way to every move: those offered, or those with the card just clicked.
function offer(only) {
  const bar = $("moves");
  bar.replaceChildren();
  const moves = only || offered(page.view);
  $("choices").hidden = !only;
  if (only) $("choose").textContent = say(page.lang, "choose");
  for (const move of moves) {
    const button = make("button", "move", moveLabel(move));
    button.type = "button";
    button.dataset.move = move;
    button.disabled = page.busy;
    button.onclick = () => play(move);
    bar.append(button);
  }
  if (only) {
    const back = make("button", "", say(page.lang, "all_moves"));
    back.type = "button";
    back.onclick = () => offer(null);
    bar.append(back);
    bar.querySelector("button").focus();
  }
}

function focusHand() {
  const first = $("hand").querySelector(".playable") || $("moves").querySelector("button");
  if (first) first.focus();
}

async function play(move) {
  if (page.busy) return;
  page.busy = true;
  for (const button of document.querySelectorAll("#moves button, #hand button, #board button")) button.disabled = true;
  try {
    const view = await api("POST", viewPath("/moves"), {move, version: page.view.version});
    page.busy = false;
    render(view, true);  // drawn again even if the stream brought it first, while the page was busy
  } catch (error) {
    page.busy = false;
    try { render(await api("GET", viewPath("")), true); } catch { /* the message below says why */ }
    $("error").textContent = error.message;
  }
  focusHand();
}

// The ranking's columns: those of the standings the page knows, then the outcome's.
const COLUMNS = ["place", "who", "cards_left", "points", "passes", "result", "payoffs", "scores"];

function showResult(view) {
  $("result").hidden = !view.over;
  if (!view.over) return;
  $("end-title").textContent = endTitle(view);
  const table = $("ranking");
  table.replaceChildren();
  if (view.series) {  // a series' standings: its place, the seat, the stack or total (M7)
    const head = table.createTHead().insertRow();
    for (const column of ["place", "who", "total_" + view.series.scoring]) head.append(make("th", "", say(page.lang, column)));
    const body = table.createTBody();
    for (const standing of view.series.ranking) {
      const row = body.insertRow();
      for (const value of [standing.place, seatTitle(standing.seat), standing.total]) row.insertCell().textContent = String(value);
      if (standing.seat === view.seat) row.className = "me";
    }
    return;
  }
  const first = view.ranking[0] || {};
  const present = {
    place: true, who: true, cards_left: "cards_left" in first, points: "points" in first,
    passes: "passes" in first, result: "loser" in first,
    payoffs: Array.isArray(view.payoffs), scores: Array.isArray(view.scores),
  };
  const columns = COLUMNS.filter((column) => present[column]);
  const head = table.createTHead().insertRow();
  for (const column of columns) head.append(make("th", "", say(page.lang, column)));
  const body = table.createTBody();
  for (const standing of view.ranking) {
    const row = body.insertRow();
    const result = standing.out_after != null ? say(page.lang, "out_after", {bout: standing.out_after})
      : standing.loser ? say(page.lang, "fool") : say(page.lang, "draw");
    const values = {
      place: standing.place, who: seatTitle(standing.seat), cards_left: standing.cards_left,
      points: standing.points, passes: standing.passes, result,
      payoffs: view.payoffs ? signed(view.payoffs[standing.seat]) : "",
      scores: view.scores ? view.scores[standing.seat] : "",
    };
    for (const column of columns) row.insertCell().textContent = String(values[column]);
    if (standing.seat === view.seat) row.className = "me";
  }
}

async function download() {
  const response = await fetch("/api/tables/" + encodeURIComponent(page.table) + "/record", {
    headers: {Authorization: "Bearer " + page.token},
  });
  if (!response.ok) { $("error").textContent = response.statusText; return; }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await response.blob());
  link.download = page.view.game + (page.view.series ? "-series-" : "-") + page.table + ".json";
  document.body.append(link);
  link.click();
  link.remove();
}

// ---------------------------------------------------------------- start

function route() {
  const found = fragment();
  if (found.get("lang") && TEXTS[found.get("lang")]) page.lang = found.get("lang");
  translate();
  page.table = found.get("table");
  page.token = found.get("token");
  if (page.table && page.token) showTable();
  else {
    if (page.stream) page.stream.abort();
    showLobby();
  }
}

document.addEventListener("DOMContentLoaded", () => {
  page.lang = chooseLanguage();
  $("lang").addEventListener("change", () => {
    page.lang = $("lang").value;
    localStorage.setItem("sevens-ru-lang", page.lang);
    const found = fragment();
    if (found.get("table")) {
      found.set("lang", page.lang);
      location.hash = found;  // redraws the table in the new language
    } else {
      translate();
      if (page.games) { gameChoices(); seatChoices(); optionChoices(); seriesChoices(); }
    }
  });
  $("players").addEventListener("change", seatChoices);
  $("series-on").addEventListener("change", () => { $("series-fields").hidden = !$("series-on").checked; });
  $("new-table").addEventListener("submit", createTable);
  $("download").addEventListener("click", download);
  window.addEventListener("hashchange", route);
  route();
});
