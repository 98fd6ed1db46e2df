"use strict";
// The lobby: the games of the library, a form that starts one, the games
// of the server.
const $ = (id) => document.getElementById(id);
let library = { games: [], bots: [] };

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

// A row of the form (its label and its control) shown or hidden: a
// choice the game does not offer is not on the page.
function showRow(id, shown) {
  const control = $(id);
  control.hidden = !shown;
  const label = control.previousElementSibling;
  if (label) label.hidden = !shown;
}

const ORDINALS = ["first", "second", "third", "fourth"];

function current() {
  return library.games.find((g) => g.name === $("game").value);
}

function seatRow(i, kinds) {
  const kind = el("select", { name: "kind", "data-seat": i, "aria-label": "Who plays seat " + (i + 1) });
  for (const k of kinds) kind.append(el("option", { value: k, text: k }));
  kind.value = i === 0 ? "person" : (kinds.includes("greedy") ? "greedy" : "random");
  const name = el("input", { name: "name", maxlength: 40, placeholder: "Player " + (i + 1), "data-seat": i, "aria-label": "Name of the player of seat " + (i + 1) });
  return el("tr", {}, el("td", { text: String(i + 1) }), el("td", {}, kind), el("td", {}, name));
}

function drawSeats() {
  const g = current();
  if (!g) return;
  const n = Math.max(g.min_players, Math.min(g.max_players, Number($("players").value) || g.min_players));
  const kinds = ["person", ...g.bots.filter((b) => !b.endsWith(":N")), "mcts:200", "mcts:2000"];
  const body = $("seats").querySelector("tbody");
  while (body.rows.length > n) body.deleteRow(-1);
  while (body.rows.length < n) body.append(seatRow(body.rows.length, kinds));
}

// The expansions that play with the edition chosen (an expansion of
// several editions is listed once per edition, under one name).
function drawExpansions() {
  const g = current();
  if (!g) return;
  const edition = Number($("edition").value) || g.editions[0];
  const shown = g.expansions.filter((x) => !x.editions || x.editions.length === 0 || x.editions.includes(edition));
  $("expansions").replaceChildren(...shown.map((x) =>
    el("label", {}, el("input", { type: "checkbox", name: "with", value: x.name }), " " + x.title + " ")));
  showRow("expansions", shown.length > 0);
}

function drawGame() {
  const g = current();
  if (!g) return;
  $("edition").replaceChildren(...g.editions.map((e) => el("option", { value: e, text: (ORDINALS[e - 1] || "edition " + e) + " edition" })));
  showRow("edition", g.editions.length > 1);
  drawExpansions();
  $("players").min = g.min_players; $("players").max = g.max_players;
  $("players").value = g.min_players === g.max_players ? g.min_players : Math.min(4, g.max_players);
  $("players").disabled = g.min_players === g.max_players;
  $("sides").disabled = !g.sides;
  showRow("sides", !!g.sides);
  $("options").replaceChildren(...g.options.map((o) => {
    const s = el("select", { name: "option", "data-option": o.name, title: o.help });
    for (const v of o.values) s.append(el("option", { value: v, text: v }));
    return el("label", { title: o.help }, o.name + " ", s, " ");
  }));
  showRow("options", g.options.length > 0);
  $("seats").querySelector("tbody").replaceChildren();
  drawSeats();
}

async function loadGames() {
  const r = await fetch("/api/games");
  const games = await r.json();
  const body = $("games").querySelector("tbody");
  $("no-games").hidden = games.length > 0;
  $("games").hidden = games.length === 0;
  body.replaceChildren(...games.map((g) => el("tr", { "data-game": g.id },
    el("td", { text: g.title }), el("td", { text: String(g.players) }), el("td", { text: String(g.played) }),
    el("td", { text: g.error ? "cannot be played: " + g.error : (g.over ? "over" : "playing") }),
    el("td", { text: new Date(g.created * 1000).toLocaleString() }),
    el("td", {}, el("a", { href: "/play/" + g.id, text: "watch" })))));
}

async function create(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const g = current();
  const body = {
    game: g.name,
    edition: Number($("edition").value),
    with: [...document.querySelectorAll("input[name=with]:checked")].map((x) => x.value),
    players: Number($("players").value),
    sides: $("sides").disabled ? undefined : $("sides").value,
    options: Object.fromEntries([...document.querySelectorAll("select[data-option]")].map((s) => [s.dataset.option, s.value])),
    seats: [...$("seats").querySelector("tbody").rows].map((row) => ({
      kind: row.querySelector("select").value,
      name: row.querySelector("input").value.trim() || undefined,
    })),
  };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  const r = await fetch("/api/games", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const v = await r.json();
  if (!r.ok) { $("create-error").textContent = v.error; return; }
  const links = el("div", {});
  const abs = (p) => location.origin + p;
  links.append(el("h3", { text: v.title + " started" }));
  links.append(el("p", {}, "Play every person seat from this browser: ", el("a", { id: "host-link", href: v.host_link, text: "open the table" })));
  const ul = el("ul", {});
  for (const s of v.seats) {
    if (s.link) ul.append(el("li", {}, s.name + "'s own link: ", el("code", { "data-seat-link": s.seat, text: abs(s.link) })));
  }
  ul.append(el("li", {}, "Spectators: ", el("code", { id: "spectate-link", text: abs(v.spectate) })));
  links.append(ul);
  $("created").replaceChildren(links);
  loadGames();
}

async function main() {
  const r = await fetch("/api/library");
  library = await r.json();
  $("game").replaceChildren(...library.games.map((g) => el("option", { value: g.name, text: g.title })));
  $("game").addEventListener("change", drawGame);
  $("edition").addEventListener("change", drawExpansions);
  $("players").addEventListener("change", drawSeats);
  $("new-game").addEventListener("submit", create);
  drawGame();
  loadGames();
  setInterval(loadGames, 5000);
}
main();
