"use strict";
// The table: one game as one seat (or the host, or a spectator) sees it.
// Everything drawn comes from the game's document (/api/games/{id}); the
// events stream only says when to fetch it again.
const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const token = new URLSearchParams(location.search).get("t") || "";
let doc = null;
let chosenSeat = null; // the host's choice of person seat, when not following
let colours = {}; // card name -> colour, from /cards
let cardData = {}; // card name -> {id, colour, cost, price, text, words, age, chains}, from /cards
let cardById = []; // card id -> the same
let wonderData = {}; // wonder name -> {name, sides: [{name, words, stages}]}, from /cards
let busy = false;

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null) continue;
    if (k === "text") e.textContent = v; else if (k === "class") e.className = v; else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

function authHeaders() {
  return token ? { Authorization: "Bearer " + token } : {};
}

function seatName(s) {
  if (s === null || s === undefined || !doc) return "";
  const seat = doc.seats[s];
  return seat ? seat.name : "Player " + (s + 1);
}

// A seat in the list of seats: its name, and what plays it when its name
// does not say ("Bot 3 (greedy)" says it already).
function seatLabel(s) {
  if (s.kind === "person") return s.name;
  return s.name.includes(s.kind) ? s.name : s.name + " (" + s.kind + " bot)";
}

function showError(msg) {
  $("error").textContent = msg || "";
}

// ---- generic rendering of a view -------------------------------------

const CARD_KEYS = ["cards", "built", "buildings", "city", "played_cards", "tableau"];
const HAND_KEYS = ["hand", "your_hand", "cards_in_hand"];
const CITY_KEYS = ["cities", "players", "seats", "boards"];

function cardName(c) {
  if (typeof c === "string") return c;
  if (c && typeof c === "object") return c.name || c.card || c.title || null;
  return null;
}

function colourOf(c) {
  if (c && typeof c === "object" && typeof c.colour === "string") return c.colour;
  if (c && typeof c === "object" && typeof c.color === "string") return c.color;
  const n = cardName(c);
  return n && colours[n] ? colours[n] : "";
}

function isCardLike(v) {
  return typeof v === "string" || (v && typeof v === "object" && !Array.isArray(v) && typeof cardName(v) === "string");
}

function chip(c) {
  const name = cardName(c) ?? JSON.stringify(c);
  const col = colourOf(c);
  const extra = c && typeof c === "object" ? Object.entries(c).filter(([k]) => !["name", "colour", "color", "id"].includes(k)) : [];
  const known = cardData[name];
  const title = known
    ? [known.cost ? "cost: " + known.cost : "free", known.text].filter(Boolean).join("\n")
    : extra.map(([k, v]) => k + ": " + (typeof v === "object" ? JSON.stringify(v) : v)).join("\n");
  return el("span", { class: "chip" + (col ? " c-" + String(col).toLowerCase() : ""), "data-card": name, title: title || undefined, text: name });
}

// A card drawn whole from the card data (cards.js).
function cardBox(c) {
  return drawCard(c, null);
}

function cardsByColour(list) {
  const groups = new Map();
  for (const c of list) {
    const col = colourOf(c) || "other";
    if (!groups.has(col)) groups.set(col, []);
    groups.get(col).push(c);
  }
  const out = el("div", { class: "cards" });
  for (const [col, cs] of groups) out.append(el("div", { "data-colour": col }, ...cs.map(chip)));
  return out;
}

function label(k) {
  return String(k).replace(/_/g, " ");
}

// Cards already grouped by colour: [{colour, cards: [card]}].
function isGroups(v) {
  return Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === "object" && typeof x.colour === "string" && Array.isArray(x.cards));
}

function renderValue(v, key) {
  if (v === null || v === undefined) return el("span", { class: "muted", text: "—" });
  if (typeof v !== "object") return document.createTextNode(String(v));
  if (isGroups(v)) {
    return el("div", { class: "cards" }, ...v.map((g) => el("div", { "data-colour": g.colour }, ...g.cards.map(chip))));
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return el("span", { class: "muted", text: "none" });
    if (CARD_KEYS.includes(key) && v.every(isCardLike)) return cardsByColour(v);
    if (v.every((x) => typeof x !== "object" || x === null)) {
      return el("span", {}, ...v.map((x) => typeof x === "string" ? chip(x) : el("span", { class: "chip", text: String(x) })));
    }
    if (v.every(isCardLike) && v.every((x) => Object.keys(x).length <= 4)) return el("span", {}, ...v.map(chip));
    return el("ol", { start: 0 }, ...v.map((x) => el("li", {}, renderValue(x))));
  }
  if (typeof cardName(v) === "string" && typeof (v.colour ?? v.color) === "string") return chip(v);
  // A thing said in words ({kind, text, ...}): its words.
  if (typeof v.text === "string" && Object.keys(v).length <= 3) return el("span", { "data-kind": v.kind, text: v.text });
  // A named thing without a colour (a wonder, a token): its name and the rest in a tooltip.
  if (typeof v.name === "string" && Object.keys(v).every((k) => ["id", "name", "built", "age"].includes(k))) {
    return el("span", { class: "chip" + (v.built ? " c-gold" : ""), title: JSON.stringify(v), text: v.name + (v.built ? " ✓" : "") });
  }
  const kv = el("div", { class: "kv" });
  for (const [k, x] of Object.entries(v)) {
    kv.append(el("span", { class: "k", text: label(k) }), el("span", { "data-key": k }, renderValue(x, k)));
  }
  return kv;
}

function renderCity(c, i) {
  const name = (c && (c.name || c.player)) || seatName(i);
  const box = el("div", { class: "city", "data-seat": i });
  if (doc.seat === i) box.classList.add("me");
  if (doc.to_move === i) box.classList.add("to-move");
  box.append(el("h3", { text: (doc.seats[i] ? doc.seats[i].name : name) + (doc.seat === i ? " (you)" : "") }));
  if (c && typeof c === "object" && !Array.isArray(c)) {
    const first = ["wonder", "coins", "points", "military", "shields"];
    const keys = Object.keys(c).filter((k) => k !== "name" && k !== "player" && k !== "seat");
    keys.sort((a, b) => (first.includes(b) ? 1 : 0) - (first.includes(a) ? 1 : 0));
    const kv = el("div", { class: "kv" });
    for (const k of keys) kv.append(el("span", { class: "k", text: label(k) }), el("span", { "data-key": k }, renderValue(c[k], k)));
    box.append(kv);
  } else {
    box.append(renderValue(c));
  }
  return box;
}

// Whether a family's own table draws the view, its choices with it.
function familyDrawn(view) {
  return isCircleView(view) || isPyramidView(view) || isDecksView(view);
}

function renderView(view) {
  if (isCircleView(view)) { renderCircle(view); return; }
  if (isPyramidView(view)) { renderPyramidTable(view); return; }
  if (isDecksView(view)) { renderDecksTable(view); return; }
  $("handbar").hidden = true;
  document.body.style.paddingBottom = "";
  const board = $("board");
  board.replaceChildren();
  if (view === null || view === undefined) {
    board.append(el("p", { class: "muted", text: doc.view_error || "nothing to show" }));
    return;
  }
  if (typeof view !== "object" || Array.isArray(view)) {
    board.append(renderValue(view));
    return;
  }
  const rest = {};
  for (const [k, v] of Object.entries(view)) {
    if (k === "you" && v && typeof v === "object" && !Array.isArray(v)) {
      const mine = Object.fromEntries(Object.entries(v).filter(([k, x]) => k !== "hand" && x !== null && !(Array.isArray(x) && x.length === 0)));
      if (Array.isArray(v.hand)) board.append(el("div", { id: "hand" }, el("h3", { text: "Your hand" }), el("div", { class: "hand" }, ...v.hand.map(cardBox))));
      board.append(el("div", { id: "you" }, el("h3", { text: "Your cards" }), renderValue(mine)));
    } else if (HAND_KEYS.includes(k) && Array.isArray(v)) {
      board.append(el("div", { id: "hand" }, el("h3", { text: "Your hand" }), v.length ? el("div", { class: "hand" }, ...v.map(cardBox)) : el("span", { class: "muted", text: "empty" })));
    } else if (CITY_KEYS.includes(k) && Array.isArray(v) && v.every((x) => x && typeof x === "object")) {
      board.append(el("div", { class: "cities", id: "cities" }, ...v.map(renderCity)));
    } else {
      rest[k] = v;
    }
  }
  if (Object.keys(rest).length) board.prepend(el("div", { id: "public" }, renderValue(rest)));
}

// ---- the document ---------------------------------------------------

function renderScore(score) {
  const cats = score.categories ? [...score.categories, "total"]
    : (score.players.length ? Object.keys(score.players[0]).filter((k) => k !== "name") : []);
  const table = el("table", {},
    el("thead", {}, el("tr", {}, el("th", { text: "" }), ...cats.map((c) => el("th", { text: label(c) })))),
    el("tbody", {}, ...score.players.map((p) => el("tr", { "data-player": p.name },
      el("th", { text: p.name + (score.winners.includes(p.name) ? " ★" : "") }),
      ...cats.map((c) => el("td", { "data-category": c, text: String(p[c]) }))))));
  return el("div", {}, table, el("p", { id: "winners", text: "Winner" + (score.winners.length > 1 ? "s" : "") + ": " + score.winners.join(", ") + " (" + score.victory + ")" }));
}

function render(d) {
  doc = d;
  document.title = d.title + " · playtest table";
  $("title").textContent = d.title;
  $("whoami").textContent = d.host ? "hot seat: " + seatName(d.seat) : (d.seat === null ? "spectator" : "you are " + seatName(d.seat));
  $("to-move").textContent = d.over ? "nobody to move" : seatName(d.to_move) + " to move" + (d.continues ? " (paying)" : "");
  $("to-move").dataset.seat = d.to_move ?? "";
  $("played").textContent = d.played;
  $("over").hidden = !d.over;
  document.body.dataset.played = d.played;
  document.body.dataset.over = d.over;
  // Hot seat.
  if (d.host) {
    $("seat-picker-section").hidden = false;
    const picker = $("seat-picker");
    picker.replaceChildren(...d.persons.map((s) => el("option", { value: s, text: seatName(s) })));
    picker.value = d.seat;
  }
  // Seats.
  $("seats").replaceChildren(...d.seats.map((s) => el("li", { "data-seat": s.seat, class: d.to_move === s.seat ? "to-move" : undefined },
    seatLabel(s) + (d.to_move === s.seat ? " ← to move" : ""))));
  // Actions: the base game's are offered on its cards (circle.js).
  const acts = $("actions");
  acts.replaceChildren();
  $("actions-section").hidden = familyDrawn(d.view);
  if (familyDrawn(d.view)) {
    // Drawn with the view.
  } else if (d.actions.length) {
    $("actions-title").textContent = d.continues ? "How to pay" : (d.host ? seatName(d.to_move) + "'s choices" : "Your choices");
    for (const a of d.actions) {
      const b = el("button", { class: "action", "data-action": a.number, type: "button", text: a.text });
      b.addEventListener("click", () => move(a.number));
      acts.append(b);
    }
  } else {
    $("actions-title").textContent = "Choices";
    acts.append(el("p", { class: "muted", text: d.over ? "The game is over." : (d.seat === null ? "You are watching." : "Waiting for " + seatName(d.to_move) + ".") }));
  }
  // History.
  $("history").replaceChildren(...d.history.map((l) => el("li", { "data-seat": l.seat }, el("b", { text: seatName(l.seat) + ": " }), l.text)));
  $("history").scrollTop = $("history").scrollHeight;
  // Score.
  $("score-section").hidden = !d.score;
  if (d.score) $("score").replaceChildren(renderScore(d.score));
  $("log-link").hidden = !d.log_ready;
  $("log-link").href = "/api/games/" + encodeURIComponent(id) + "/log";
  renderView(d.view);
}

// The position from the server, drawn. News of a move (`news`) draws only
// a position newer than the one shown: loads started by two moves in a row
// fetch the same position, and drawing it twice would replace the choices
// under the player's pointer.
async function load(news = false) {
  const q = new URLSearchParams();
  if (token) q.set("t", token);
  if (chosenSeat !== null && !$("follow").checked) q.set("seat", chosenSeat);
  const r = await fetch("/api/games/" + encodeURIComponent(id) + "?" + q, { cache: "no-store" });
  const v = await r.json();
  if (!r.ok) { showError(v.error); return; }
  showError("");
  if (news && doc && (v.played < doc.played || (v.played === doc.played && v.over === doc.over))) return;
  render(v);
}

async function move(action) {
  if (busy || !doc) return;
  busy = true;
  for (const b of document.querySelectorAll("button.action")) b.disabled = true;
  try {
    const r = await fetch("/api/games/" + encodeURIComponent(id) + "/moves", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...authHeaders() },
      body: JSON.stringify({ seat: doc.to_move, action, played: doc.played }),
    });
    const v = await r.json();
    if (!r.ok) { showError(v.error); await load(); return; }
    showError("");
    if (doc.host && $("follow").checked) await load(); else render(v);
  } catch (e) {
    showError("the server cannot be reached: " + e);
  } finally {
    busy = false;
  }
}

async function main() {
  $("seat-picker").addEventListener("change", () => {
    chosenSeat = Number($("seat-picker").value);
    $("follow").checked = false;
    load();
  });
  $("follow").addEventListener("change", () => { if ($("follow").checked) chosenSeat = null; load(); });
  try {
    const r = await fetch("/api/games/" + encodeURIComponent(id) + "/cards");
    if (r.ok) {
      const data = await r.json();
      for (const c of data.cards) { colours[c.name] = c.colour; cardData[c.name] = c; cardById[c.id] = c; }
      for (const t of data.progress || []) cardData[t.name] = t;
      for (const w of data.wonders || []) wonderData[w.name] = w;
    }
  } catch (e) { /* colours are a nicety */ }
  await load();
  listen();
}

// Live news of moves. The browser opens a stream the server closed again
// by itself (a server at its connection limit closes the oldest stream),
// and its first event is the game as it is now; a stream refused (503)
// the browser gives up on, so it is opened again here after a while.
function listen() {
  const src = new EventSource("/api/games/" + encodeURIComponent(id) + "/events" + (token ? "?t=" + encodeURIComponent(token) : ""));
  src.addEventListener("update", (e) => {
    const u = JSON.parse(e.data);
    if (!doc || u.played > doc.played || u.over !== doc.over) load(true);
  });
  src.addEventListener("error", () => {
    if (src.readyState === EventSource.CLOSED) setTimeout(listen, 5000);
  });
}
main();
