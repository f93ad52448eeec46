// The page of `sevens-ru serve`: deal a table, invite by link, play by clicking a card.
// The seat's token travels in the address's fragment (#table=...&token=...), which
// browsers never send to the server, and in the Authorization header of each request.
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
};

const $ = (id) => document.getElementById(id);

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
  document.title = say(page.lang, "title");
}

function seatName(seat) {
  if (page.view && seat === page.view.seat) return say(page.lang, "you");
  return say(page.lang, "seat", {seat});
}

function cards(list) {
  return list.map((card) => cardLabel(page.lang, card)).join(" ");
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

function seatChoices() {
  const game = document.querySelector("input[name=game]:checked").value;
  const info = page.games[game];
  $("option-sevens").hidden = game !== "sevens";
  $("option-durak").hidden = game !== "durak";
  const players = $("players");
  const chosen = Number(players.value) || (game === "sevens" ? 4 : 3);
  players.replaceChildren();
  for (let count = info.min_players; count <= info.max_players; count++) {
    players.append(new Option(String(count), String(count)));
  }
  players.value = String(Math.min(Math.max(chosen, info.min_players), info.max_players));
  const kinds = $("seat-kinds");
  const before = [...kinds.querySelectorAll("select")].map((select) => select.value);
  kinds.replaceChildren();
  for (let seat = 0; seat < Number(players.value); seat++) {
    const label = document.createElement("label");
    label.className = "seat-kind";
    const name = document.createElement("span");
    name.textContent = say(page.lang, "seat", {seat}) + " ";
    const select = document.createElement("select");
    select.id = "seat-" + seat;
    if (seat === 0) {
      select.append(new Option(say(page.lang, "human") + " (" + say(page.lang, "you_seat") + ")", "human"));
      select.disabled = true;
    } else {
      select.append(new Option(say(page.lang, "human"), "human"));
      for (const bot of info.bots) select.append(new Option(say(page.lang, "bot_" + bot), bot));
      const kept = before[seat];
      select.value = kept && [...select.options].some((o) => o.value === kept) ? kept : "heuristic";
    }
    label.append(name, select);
    kinds.append(label);
  }
}

async function showLobby() {
  $("table").hidden = true;
  $("lobby").hidden = false;
  if (!page.games) page.games = await api("GET", "/api/games");
  seatChoices();
}

async function createTable(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const game = document.querySelector("input[name=game]:checked").value;
  const seats = [...$("seat-kinds").querySelectorAll("select")].map((select) => select.value);
  const options = game === "sevens"
    ? {rank_by_passes: $("rank-by-passes").checked} : {short_deck: $("short-deck").checked};
  const request = {game, seats, options};
  if ($("seed").value !== "") request.seed = Number($("seed").value);
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
    const name = document.createElement("span");
    name.textContent = say(page.lang, "seat", {seat}) + ": ";
    const field = document.createElement("input");
    field.readOnly = true;
    field.value = link;
    field.size = 60;
    field.className = "invite";
    field.dataset.seat = seat;
    field.setAttribute("aria-label", say(page.lang, "seat", {seat}));
    const copy = document.createElement("button");
    copy.type = "button";
    copy.textContent = say(page.lang, "copy");
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
  $("log").replaceChildren();
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
  return "/api/tables/" + encodeURIComponent(page.table) + suffix + "?svg=1&lang=" + page.lang;
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

// The moves a hand card takes part in (for Durak: the leads with it, the covers by it).
function movesWith(card) {
  return page.view.legal_moves.filter((move) => {
    if (page.view.game === "sevens") return move === card;
    const words = move.split(" ");
    if (words[0] === "lead") return words.slice(1).includes(card);
    if (words[0] === "cover") return words[2] === card;
    return false;
  });
}

function moveLabel(move) {
  if (page.view.game === "sevens") return say(page.lang, "play", {card: cardLabel(page.lang, move)});
  const words = move.split(" ");
  if (words[0] === "lead") return say(page.lang, "lead", {cards: cards(words.slice(1))});
  if (words[0] === "cover") {
    return say(page.lang, "cover", {attack: cardLabel(page.lang, words[1]), card: cardLabel(page.lang, words[2])});
  }
  return say(page.lang, "take");
}

function describe(event) {
  let name = say(page.lang, "seat", {seat: event.seat});
  if (event.seat === page.view.seat) name += " " + say(page.lang, "you_mark");
  switch (event.event) {
    case "play": return say(page.lang, "e_play", {name, card: cardLabel(page.lang, event.card)});
    case "pass": return say(page.lang, "e_pass", {name});
    case "lead": return say(page.lang, "e_lead", {name, cards: cards(event.cards)});
    case "join": return say(page.lang, "e_join", {name, cards: cards(event.cards)});
    case "cover":
      return say(page.lang, "e_cover", {name, attack: cardLabel(page.lang, event.attack), card: cardLabel(page.lang, event.card)});
    default: return say(page.lang, "e_take", {name, cards: cards(event.cards)});
  }
}

function render(view) {
  if (page.view && view.version < page.view.version) return;  // an older view, overtaken
  page.view = view;
  document.body.dataset.version = String(view.version);  // for scripts and tests
  document.body.dataset.over = String(view.over);
  document.body.dataset.seat = String(view.seat);
  $("error").textContent = "";
  const status = [say(page.lang, "you_are", {seat: view.seat})];
  if (view.over) status.push(say(page.lang, "over"));
  else if (view.current_player === view.seat) status.push(say(page.lang, "your_turn"));
  else status.push(say(page.lang, "waiting", {name: seatName(view.current_player)}));
  $("status").textContent = status.join(" ");
  $("picture").innerHTML = view.svg;  // drawn by the server from this seat's view
  const picture = $("picture").querySelector("svg");
  if (picture) picture.setAttribute("role", "group");  // an image, but with buttons in it
  const mine = $("picture").querySelector(`g.hand[data-seat="${view.seat}"]`);
  for (const card of mine ? mine.querySelectorAll("g.card") : []) {
    const name = card.dataset.card;
    const moves = movesWith(name);
    card.setAttribute("aria-label", cardLabel(page.lang, name));
    if (moves.length && !page.busy) {
      card.classList.add("playable");
      card.setAttribute("role", "button");
      card.setAttribute("tabindex", "0");
      const act = () => (moves.length === 1 ? play(moves[0]) : offer(moves));
      card.addEventListener("click", act);
      card.addEventListener("keydown", (key) => {
        if (key.key === "Enter" || key.key === " ") { key.preventDefault(); act(); }
      });
    } else {
      card.classList.add("disabled");
      card.setAttribute("aria-disabled", "true");
    }
  }
  offer(null);
  const log = $("log");
  for (const event of view.history.slice(page.logged)) {
    const item = document.createElement("li");
    item.textContent = describe(event);
    item.className = "event-" + event.event;
    log.append(item);
  }
  page.logged = view.history.length;
  log.scrollTop = log.scrollHeight;
  showResult(view);
}

// The move buttons: every legal move, or only those with the card just clicked.
function offer(only) {
  const bar = $("moves");
  bar.replaceChildren();
  const moves = only || page.view.legal_moves;
  $("choices").hidden = !only;
  if (only) $("choose").textContent = say(page.lang, "choose");
  for (const move of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.move = move;
    button.textContent = moveLabel(move);
    button.disabled = page.busy;
    button.onclick = () => play(move);
    bar.append(button);
  }
  if (only) {
    const back = document.createElement("button");
    back.type = "button";
    back.textContent = say(page.lang, "all_moves");
    back.onclick = () => offer(null);
    bar.append(back);
    bar.querySelector("button").focus();
  }
}

async function play(move) {
  if (page.busy) return;
  page.busy = true;
  for (const button of $("moves").querySelectorAll("button")) button.disabled = true;
  try {
    const view = await api("POST", viewPath("/moves"), {move, version: page.view.version});
    page.busy = false;
    render(view);
  } catch (error) {
    page.busy = false;
    try { render(await api("GET", viewPath(""))); } catch { /* the message below says why */ }
    $("error").textContent = error.message;
  }
  const first = $("picture").querySelector(".playable") || $("moves").querySelector("button");
  if (first) first.focus();
}

function showResult(view) {
  $("result").hidden = !view.over;
  if (!view.over) return;
  const table = $("ranking");
  table.replaceChildren();
  const columns = view.game === "sevens"
    ? ["place", "who", "cards_left", "points", "passes"] : ["place", "who", "cards_left", "result"];
  const head = table.createTHead().insertRow();
  for (const column of columns) {
    const cell = document.createElement("th");
    cell.textContent = say(page.lang, column);
    head.append(cell);
  }
  const body = table.createTBody();
  for (const standing of view.ranking) {
    const row = body.insertRow();
    const result = standing.out_after != null ? say(page.lang, "out_after", {bout: standing.out_after})
      : standing.loser ? say(page.lang, "fool") : say(page.lang, "draw");
    const values = {
      place: standing.place, who: seatName(standing.seat), cards_left: standing.cards_left,
      points: standing.points, passes: standing.passes, result,
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
  link.download = page.view.game + "-" + page.table + ".json";
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
      if (page.games) seatChoices();
    }
  });
  for (const radio of document.querySelectorAll("input[name=game]")) radio.addEventListener("change", seatChoices);
  $("players").addEventListener("change", seatChoices);
  $("new-table").addEventListener("submit", createTable);
  $("download").addEventListener("click", download);
  window.addEventListener("hashchange", route);
  route();
});
