"use strict";
// The table of a duel, drawn when the view is Duel's (its family's view,
// runtime/src/games/duel/show.rs, documents every field): the opponent's
// city at the top, the conflict track with its pawn, zones and military
// tokens, the progress tokens on offer, the pyramid of the Age drawn with
// its overlap (face-down cards as the backs of their Age, taken slots
// left empty), the boards beside it (each space's card and its price),
// your city at the bottom; the actions of the card chosen in
// a bar in reach, and any face-up card focused or tapped read whole below
// the pyramid. The wonder draft is drawn as wonder cards to pick. The
// track reads from the side of the city at the bottom (the seat shown,
// the first player's for a spectator), and a spectator's page speaks to
// nobody as "you".

let pyrSelected = null; // the slot whose actions the bar shows
let pyrFocused = null; // the slot read whole below the pyramid

function isPyramidView(v) {
  return !!(v && typeof v === "object" && v.layout && Array.isArray(v.layout.slots) && v.conflict
    && Array.isArray(v.cities) && Array.isArray(v.board_tokens));
}

// The actions offered, by what they are on: "slot:N", "wonder:N",
// "token:N", "card:N", "space:N" (a space of a board).
function pyrActionsByThing() {
  return actionsByThing((ab) => {
    if (ab.slot !== undefined && ab.slot !== null) return "slot:" + ab.slot;
    if (ab.kind === "pick") return "wonder:" + ab.wonder;
    if (ab.kind === "token") return "token:" + ab.token;
    if (["destroy", "seize", "revive", "bury"].includes(ab.kind)) return "card:" + ab.card;
    if (ab.kind === "board" || ab.kind === "lay") return "space:" + ab.space;
    if (ab.kind === "senate" && ab.chamber !== undefined) return "chamber:" + ab.chamber;
    if (ab.kind === "senate" && ab.from !== undefined) return "chamber:" + ab.from;
    if (ab.kind === "scheme" && ab.card !== undefined) return "scheme:" + ab.card;
    return null;
  });
}

function wonderNameById(id) {
  const w = Object.values(wonderData).find((x) => x.id === id);
  return w ? w.name : "a wonder";
}

// An action on a card of the pyramid, in the page's words.
function pyrActionWords(ab) {
  const price = (n) => n ? plural(n, "coin") : "free";
  switch (ab.kind) {
    case "build": return "Build it — " + price(ab.coins);
    case "chain": return "Build it free by its chain";
    case "discard": return "Discard it for " + plural(ab.gain, "coin");
    case "wonder": return "Build " + wonderNameById(ab.wonder) + " with it — " + price(ab.coins);
    case "pick": return "Take " + wonderNameById(ab.wonder);
    case "token": return "Take this token";
    case "destroy": return "Discard it from " + who(1 - doc.view.current) + "'s city";
    case "seize": return "Take it from " + who(1 - doc.view.current) + "'s city into yours";
    case "revive": return "Build it free from the discard pile";
    case "bury": return "Build " + wonderNameById(ab.wonder) + " with it, free";
    case "board": return "Take it for " + price(ab.coins) + givesUp(ab.gives_up);
    case "lay": return "Lay " + ((cardById[ab.card] || {}).name || "a card") + " here, face down";
    case "senate":
      if (ab.from !== undefined) return "Move a cube to chamber " + (ab.to + 1);
      if (ab.chamber !== undefined) return ab.remove ? "Remove " + who(1 - doc.view.current) + "'s cube" : "Place a cube here";
      return "Move no more cubes";
    case "prepare": return "Tuck it face down under a scheme of yours, preparing it";
    case "scheme":
      if (ab.none) return "Trigger no scheme";
      if (doc.view.phase === "choose a scheme to keep") return "Keep it, face down";
      if (doc.view.phase === "choose the scheme to prepare") return "Tuck the card under this one";
      return "Trigger it now";
    case "return": return "Put the other back on the " + (ab.bottom ? "bottom" : "top") + " of the deck";
    default: return capital(ab.kind);
  }
}

// The tokens a take from a board gives up for coins off its price.
function givesUp(names) {
  if (!names || !names.length) return "";
  return ", giving up your " + names.join(" and ") + (names.length > 1 ? " tokens" : " token");
}

function pyrStatus(acts) {
  if (!acts || !acts.length) return null;
  const kinds = acts.map((a) => a.about.kind);
  if (kinds.includes("chain")) return "Free now, by its chain";
  const b = acts.find((a) => a.about.kind === "build");
  if (b) return b.about.coins ? "Buildable now for " + plural(b.about.coins, "coin") : "Buildable now, free";
  return "Not buildable now: discard it or build a wonder with it";
}

function pyrPhaseWords(v) {
  // Who decides, as the game's document says it (the view's `to_move` is
  // whose turn it is, also during the wonder draft, where the order of
  // picking differs).
  const mover = doc.to_move;
  const n = mover === null || mover === undefined ? "" : who(mover);
  switch (v.phase) {
    case "draft": return n + " picks a wonder";
    case "play": {
      const open = (v.boards || []).filter((b) => b.open && b.spaces.some((x) => x.card)).map((b) => "the " + b.name);
      return n + " takes a card of the pyramid" + (open.length ? " or of " + open.join(" or ") : "");
    }
    case "choose a progress token": return n + " chooses a progress token";
    case "choose a drawn progress token": return n + " chooses one of the progress tokens drawn for them";
    case "choose a card to discard": return n + " chooses a card of " + who(1 - mover) + "'s city to discard";
    case "choose a card from the discard pile": return n + " builds a card of the discard pile for free";
    case "choose a card to take from the opponent": return n + " chooses a card of " + who(1 - mover) + "'s city to take";
    case "choose a wonder to build with a card from the discard pile": return n + " builds a wonder for free with a card of the discard pile";
    case "choose a wonder to take from the opponent": return n + " chooses a wonder of " + who(1 - mover) + " to take";
    case "choose a built wonder to unbuild": return n + " chooses a built wonder to unbuild";
    case "choose a card of the figure to discard": return n + " chooses a card of the figure to discard";
    case "choose a military token to discard": return n + " chooses a military token to discard";
    case "choose a military token to apply": return n + " chooses a military token to apply";
    case "choose a square of the conflict track for the blocker": return n + " chooses a square of the conflict track for the blocker";
    case "choose a card to take for free": return n + " chooses a card to take for free";
    case "choose a card of the opponent whose science symbol to count": return n + " chooses a card of " + who(1 - mover) + "'s whose science symbol to count";
    case "choose who starts": return n + " chooses who starts the next Age";
    case "choose a scheme to keep": return n + " keeps a scheme of those drawn";
    case "choose where a scheme goes back": return n + " puts a scheme back on the deck";
    case "choose the scheme to prepare": return n + " chooses the scheme the card prepares";
    case "choose a scheme to trigger": return n + " may trigger a scheme not yet prepared";
    case "over": return "The game is over";
    default: return capital(n ? n + ": " + v.phase : v.phase);
  }
}

// ---- the conflict track ------------------------------------------------

// The points of the zone at `d` squares from the centre.
function zonePoints(zones, d) {
  let p = 0;
  for (const z of zones || []) if (d >= z.from) p = z.points;
  return p;
}

// The track read from the side of `bottom` (the seat shown, seat 0 for a
// spectator): its capital at the left.
function renderTrack(v, bottom) {
  const c = v.conflict;
  const cap = c.capital;
  const caps = c.capitals || [-cap, cap];
  const n = 2 * cap + 1;
  const W = 40;
  const x0 = 70;
  const width = x0 * 2 + n * W;
  const flip = caps[bottom] > 0;
  const xOf = (q) => x0 + ((flip ? -q : q) + cap) * W;
  const pawn = c.pawn;
  const ownerOf = (q) => (Math.sign(q) === Math.sign(caps[0]) ? 0 : 1);
  const towards = pawn === 0 ? "at the centre" : Math.abs(pawn) + " space" + (Math.abs(pawn) === 1 ? "" : "s") + " toward " + who(ownerOf(pawn)) + "'s capital";
  const left = c.tokens.filter((t) => !t.looted);
  const label = "Conflict track: the pawn is " + towards + ". " + (left.length
    ? "Military tokens still on it: " + left.map((t) => "at " + Math.abs(t.at) + " toward " + who(t.seat) + "'s capital, " + (t.card ? who(1 - t.seat) + " gets " + t.card : who(t.seat) + " loses " + plural(t.coins, "coin"))).join("; ") + "."
    : "No military token left on it.");
  const box = svg("svg", { viewBox: "0 0 " + width + " 112", class: "track-svg", role: "img", "aria-label": label });
  box.append(svg("title", {}, label));
  // The zones: shaded by the points they give the player ahead.
  for (let q = -cap; q <= cap; q++) {
    const d = Math.abs(q);
    const p = zonePoints(c.zones, d);
    const cls = "sq" + (q === 0 ? " centre" : "") + (d === cap ? " capital" : "") + " z" + Math.min(p, 10);
    box.append(svg("rect", { x: xOf(q) + 1, y: 28, width: W - 2, height: 40, rx: 4, class: cls, "data-square": q }));
  }
  // Zone labels: the points, once per zone per side, below the squares.
  for (const z of c.zones || []) {
    if (!z.points) continue;
    for (const sgn of [-1, 1]) {
      const q = sgn * z.from;
      if (Math.abs(q) >= cap) continue;
      box.append(svg("text", { x: xOf(q) + 4, y: 84, class: "zone-label" }, z.points + " VP"));
    }
  }
  // The military tokens still on the track.
  for (const t of left) {
    const g = svg("g", { class: "mil-token", "data-at": t.at, "data-coins": t.coins });
    // A token that acts shows a star, its card named on hover.
    if (t.card) g.append(svg("title", {}, t.card + " (for " + who(1 - t.seat) + ")"));
    g.append(svg("rect", { x: xOf(t.at) + 4, y: 88, width: W - 8, height: 20, rx: 3 }),
      svg("text", { x: xOf(t.at) + W / 2, y: 103, "text-anchor": "middle" }, t.card ? "★" : "−" + t.coins));
    box.append(g);
  }
  // The capitals, named for their players.
  for (const s of [0, 1]) {
    const atLeft = s === bottom;
    const x = atLeft ? xOf(caps[s]) - 4 : xOf(caps[s]) + W + 4;
    box.append(svg("text", { x, y: 20, "text-anchor": atLeft ? "start" : "end", class: "capital-label", "data-seat": s }, who(s) + "'s capital" + (doc.view.seat === s ? " (yours)" : "")));
  }
  // The pawn.
  const px = xOf(pawn) + W / 2;
  box.append(svg("g", { class: "pawn", "data-pawn": pawn },
    svg("path", { d: "M" + (px - 10) + " 62 L" + px + " 32 L" + (px + 10) + " 62 Z" }),
    svg("circle", { cx: px, cy: 34, r: 7 })));
  const sec = el("section", { class: "track", id: "track", "data-pawn": pawn, "aria-label": "conflict track between " + who(bottom) + " and " + who(1 - bottom) });
  sec.append(box);
  return sec;
}

// ---- tokens, wonders, cities ------------------------------------------

function tokenDisc(t, acts) {
  const known = cardData[t.name] || {};
  const box = el("div", { class: "ptoken", "data-token": t.name, title: known.words || known.text || "" },
    el("b", { class: "name", text: t.name }), el("div", { class: "fx", text: known.words || known.text || "" }));
  for (const a of acts || []) box.append(actionButton(a, "Take " + t.name));
  if (acts && acts.length) box.classList.add("offered");
  return box;
}

// A wonder drawn as a card: its name, built or not, its cost and effect.
function wonderCard(w, acts) {
  const data = wonderData[w.name];
  const st = data && data.sides[0] && data.sides[0].stages[0];
  const built = w.built === true;
  const box = el("div", { class: "wonder-card" + (built ? " built" : ""), "data-wonder": w.name, "data-built": built ? "yes" : "no" },
    el("div", { class: "band" }, el("span", { "aria-hidden": "true", text: "▲" }), el("span", { text: "Wonder" }),
      el("span", { class: "state", text: w.built === undefined ? "" : (built ? "✓ built" : "not built yet") })),
    el("b", { class: "name", text: w.name }),
    st ? costSymbols(st.price, st.cost) : null,
    el("div", { class: "fx", text: st ? (st.words || st.text || "") : "" }));
  for (const a of acts || []) box.append(actionButton(a, pyrActionWords(a.about)));
  return box;
}

function pyrCity(v, s, role) {
  const c = v.cities[s];
  const box = el("section", { class: "city pair-city " + role, "data-seat": s, "aria-label": who(s) + "'s city" });
  if (doc.to_move === s) box.classList.add("to-move");
  box.append(el("h3", {}, el("span", { text: who(s) }), role === "me" ? el("span", { class: "role", text: " · you" }) : null,
    el("span", { class: "stat" }, " ", coinSymbol(c.coins), " " + plural(c.coins, "coin")),
    el("span", { class: "stat", text: " · ⚔ " + plural(c.shields, "shield") })));
  box.append(builtCards(c.cards, "No card built yet"));
  if ((c.wonders || []).length) {
    box.append(el("div", { class: "wonders" }, ...c.wonders.map((w) => wonderCard(w, null))));
  }
  const tokens = progressLine(c.tokens);
  if (tokens) box.append(tokens);
  const extra = declaredTokenWords(c.declared_tokens);
  if (extra.length) box.append(el("div", { class: "line muted", text: extra.join(" · ") }));
  return box;
}

// ---- the boards beside the table -----------------------------------------

// The price of a space in words: what the seat shown pays (`prices[me]`);
// a spectator reads both, a line a player. The card's own cost is not
// paid: the price is.
function spacePrice(prices, me) {
  const pays = (n) => n ? "pays " + plural(n, "coin") : "takes it free";
  if (me !== null) return prices[me] ? "You pay " + plural(prices[me], "coin") : "Free for you";
  return prices.map((n, s) => who(s) + " " + pays(n)).join("\n");
}

// A board (the card sets' `boards:`): its name, whether a turn may take
// a card from it in this Age, and a row of its spaces, each its card
// drawn whole but for its cost (or an empty place) with its price. A card offered is
// taken by a click on it or on its button.
function renderSpacesBoard(b, by, me) {
  const box = el("section", { class: "spaces-board" + (b.open ? "" : " closed"), "data-board": b.name, "data-open": b.open ? "yes" : "no",
    "aria-label": "the " + b.name + ", a board of cards beside the table" });
  box.append(el("h3", {}, el("span", { text: capital(b.name) }),
    el("span", { class: "board-state", text: b.open ? " · its cards can be taken this Age" : " · closed: its cards cannot be taken this Age" })));
  const row = el("div", { class: "space-row" });
  for (const x of b.spaces) {
    const acts = by.get("space:" + x.space) || [];
    const state = x.face_down ? "down" : x.card ? "card" : "empty";
    const one = el("div", { class: "space", "data-space": x.space, "data-state": state });
    // A card laid face down: its player sees it, marked so; the others a
    // card back of its colour.
    const face = x.card ? drawCard(x.card, x.face_down ? "Face down: only you know it" : null)
      : x.face_down ? el("div", { class: "card-back space-down", text: "Face down" + (x.colour ? " · " + capital(x.colour) : "") })
      : el("div", { class: "space-empty", text: "Empty space" });
    one.append(face, el("div", { class: "space-price", text: spacePrice(x.prices, me) }));
    const buttons = acts.map((a) => actionButton(a, pyrActionWords(a.about)));
    if (buttons.length) {
      one.classList.add("offered");
      one.append(...buttons);
      one.addEventListener("click", (e) => { if (!buttons.some((btn) => btn.contains(e.target))) buttons[0].click(); });
    }
    row.append(one);
  }
  box.append(row);
  return box;
}

// The senate (the card sets' `senate:`): a row of chambers, each with its
// points, each player's cubes and who controls it; a cube to place,
// remove or move is chosen on its chamber.
function renderSenate(s, by, me) {
  const box = el("section", { class: "senate", id: "senate", "aria-label": "the senate, its chambers and their cubes" });
  const left = s.cubes_left.map((n, seat) => (seat === me ? "You have " : who(seat) + " has ") + plural(n, "cube") + " left").join(" · ");
  box.append(el("h3", {}, el("span", { text: "Chambers" }), el("span", { class: "board-state", text: " · " + left })));
  const row = el("div", { class: "space-row" });
  s.chambers.forEach((c, i) => {
    const acts = by.get("chamber:" + i) || [];
    const held = c.controller === null || c.controller === undefined ? "Nobody controls it"
      : (c.controller === me ? "You control it" : who(c.controller) + " controls it");
    const cubes = c.cubes.map((n, seat) => (seat === me ? "You " : who(seat) + " ") + n).join(" · ");
    const one = el("div", { class: "space chamber", "data-chamber": i },
      el("strong", { text: "Chamber " + (i + 1) + " · " + plural(c.points, "point") }));
    // Its decree, whose effects are its controller's: face up, or a back.
    if (c.decree) one.append(drawCard(c.decree, "In force for whoever controls the chamber"));
    else if (c.decree_face_down) one.append(el("div", { class: "card-back space-down", text: "Face-down decree: turned up when a cube enters" }));
    // Decrees moved under it, also in force for its controller.
    for (const d of c.under || []) one.append(drawCard(d, "Under the decree above, also in force"));
    one.append(el("span", { text: cubes }), el("span", { class: "space-price", text: held }));
    const buttons = acts.map((a) => actionButton(a, pyrActionWords(a.about)));
    if (buttons.length) { one.classList.add("offered"); one.append(...buttons); }
    row.append(one);
  });
  box.append(row);
  if (s.supremacy) box.append(el("p", { class: "muted", text: "Controlling every chamber at once wins the game." }));
  return box;
}

// The schemes (the card sets' `schemes:`): how many each player holds
// and has prepared, those revealed; your own face up to you, with what
// you may do with each; those you drew to choose from.
function renderSchemes(s, by, me) {
  const box = el("section", { class: "senate", id: "schemes", "aria-label": "the schemes held, prepared and revealed" });
  const held = s.seats.map((x, seat) => (seat === me ? "You hold " : who(seat) + " holds ") + x.held
    + (x.prepared ? " (" + x.prepared + " prepared)" : "")).join(" · ");
  box.append(el("h3", {}, el("span", { text: "Schemes" }), el("span", { class: "board-state", text: " · " + held + " · " + plural(s.deck, "card") + " in the deck" })));
  const row = el("div", { class: "space-row" });
  const offer = (card, words) => {
    const one = el("div", { class: "space" }, drawCard(card, words));
    const buttons = (by.get("scheme:" + card.id) || []).map((a) => actionButton(a, pyrActionWords(a.about)));
    if (buttons.length) { one.classList.add("offered"); one.append(...buttons); }
    return one;
  };
  for (const m of s.mine) row.append(offer(m.card, m.prepared ? "Yours, prepared: trigger it at the start of a turn" : "Yours, not prepared"));
  for (const c of s.drawn) row.append(offer(c, "Drawn for you"));
  if (row.childNodes.length) box.append(row);
  s.seats.forEach((x, seat) => {
    if (x.revealed.length) {
      box.append(el("p", { class: "muted", text: (seat === me ? "You revealed " : who(seat) + " revealed ") + x.revealed.map((c) => c.name).join(", ") }));
    }
  });
  return box;
}

// ---- the pyramid -------------------------------------------------------

function cardBack(age) {
  return el("div", { class: "card-back age-" + age, "aria-hidden": "true" },
    el("span", { class: "back-age", text: roman(age) }));
}

function renderPyramid(v, by) {
  const L = v.layout;
  const rows = L.rows.length;
  const half = Math.max(L.columns, 2);
  const box = el("div", { class: "pyramid", id: "pyramid", role: "group", "aria-label": "the cards of Age " + roman(v.age),
    style: "--cols:" + half / 2 + ";--rows:" + rows + ";" });
  for (const s of L.slots) {
    const pos = "left:calc(" + s.col + " * var(--half));top:calc(" + s.row + " * var(--step));z-index:" + (s.row + 1) + ";";
    let node;
    if (s.state === "empty") {
      node = el("div", { class: "slot empty", style: pos, "aria-hidden": "true" });
    } else if (s.state === "down") {
      node = el("div", { class: "slot down", style: pos, title: "face down, Age " + roman(s.age) }, cardBack(s.age));
    } else {
      const acts = by.get("slot:" + s.slot);
      node = el("div", { class: "slot up", style: pos, tabindex: "0", role: "button", "aria-controls": "pyramid-details" }, drawCard(s.card, null));
      if (s.accessible) node.classList.add("accessible");
      // Any card face up is read whole below the pyramid when focused or
      // tapped (a narrow window draws only its name and cost, and the
      // cards below cover the lower half of the ones above); a card to
      // take is also chosen, its actions in the bar.
      const read = () => showDetails(v, by, s.slot);
      let pick = () => { read(); revealDetails(); };
      if (acts && acts.length) {
        node.classList.add("playable");
        node.setAttribute("aria-pressed", String(pyrSelected === s.slot));
        pick = () => { pyrSelected = s.slot; showChosen(v, by); markSelected(); read(); };
      }
      node.addEventListener("focus", read);
      node.addEventListener("click", pick);
      node.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
    }
    // A token laid on the card (the card sets' `figure_tokens:`): face up
    // for all to see, taken with the card or when it is turned face up.
    if (s.token && s.state !== "empty") {
      node.append(el("span", { class: "figure-token", text: s.token,
        title: "a " + s.token + " token: it goes to the player who takes this card or turns it face up" }));
      node.dataset.token = s.token;
    }
    node.dataset.slot = s.slot;
    node.dataset.state = s.state;
    node.dataset.row = s.row;
    node.dataset.col = s.col;
    node.dataset.accessible = s.accessible ? "yes" : "no";
    box.append(node);
  }
  return box;
}

// What a card of the pyramid is to the player shown: the page's words.
function slotStatus(v, by, s) {
  const acts = by.get("slot:" + s.slot);
  if (acts && acts.length) return pyrStatus(acts);
  if (!s.accessible) return "Covered: it can be taken once no card lies on it";
  if (v.phase === "play" && doc.to_move !== null && doc.to_move !== undefined) return "Free to take: " + who(doc.to_move) + " may take it now";
  return "Free to take";
}

// The card of slot `slot` drawn whole below the pyramid: its name, cost,
// effect and chains, whether it can be taken, and the actions on it.
function showDetails(v, by, slot) {
  const box = $("pyramid-details");
  if (!box) return;
  const s = v.layout.slots.find((x) => x.slot === slot && x.state === "up");
  pyrFocused = s ? s.slot : null;
  if (!s) {
    const any = v.layout.slots.some((x) => x.state === "up");
    box.hidden = !any;
    box.replaceChildren(el("p", { class: "muted", text: "Tap a card of the pyramid, or reach it with the Tab key, to read it whole here." }));
    return;
  }
  box.hidden = false;
  for (const n of document.querySelectorAll("#pyramid .slot.up")) n.classList.toggle("read", Number(n.dataset.slot) === s.slot);
  const acts = by.get("slot:" + s.slot) || [];
  box.replaceChildren(drawCard(s.card, slotStatus(v, by, s)));
  if (acts.length) {
    box.append(el("div", { class: "details-text" }, el("div", { text: "Your choices for " + s.card.name + " (in the bar below):" }),
      el("ul", {}, ...acts.map((a) => el("li", { text: pyrActionWords(a.about) })))));
  }
}

// The panel of the card read scrolled up into sight when the hand bar or
// the window's end hides it (a tap on a card of a narrow window).
function revealDetails() {
  const box = $("pyramid-details");
  const bar = $("handbar");
  if (!box) return;
  const limit = bar && !bar.hidden ? bar.getBoundingClientRect().top : window.innerHeight;
  const r = box.getBoundingClientRect();
  const need = r.top + Math.min(r.height, limit * 0.6) - limit;
  if (need > 0) window.scrollBy({ top: need + 8, behavior: "smooth" });
}

function markSelected() {
  for (const n of document.querySelectorAll("#pyramid .slot.playable")) {
    const on = Number(n.dataset.slot) === pyrSelected;
    n.classList.toggle("selected", on);
    n.setAttribute("aria-pressed", String(on));
  }
}

// ---- the bar: the chosen card's actions, and the other choices -----------

function renderPyramidBar(v, by, loose) {
  const bar = $("handbar");
  bar.replaceChildren();
  const me = v.seat;
  if (me === null || me === undefined || doc.over) { bar.hidden = true; document.body.style.paddingBottom = ""; return; }
  bar.hidden = false;
  const slots = v.layout.slots.filter((s) => by.has("slot:" + s.slot));
  const offers = [...by.keys()].some((k) => k.startsWith("card:"));
  if (!slots.length && !offers && !(loose || []).length) { bar.hidden = true; document.body.style.paddingBottom = ""; return; }
  const strip = el("div", { class: "hand-actions", id: "hand-actions" });
  const row = el("div", { class: "hand", id: "chosen-row" });
  if (slots.length && !slots.some((s) => s.slot === pyrSelected)) pyrSelected = slots[0].slot;
  let head = "";
  if (slots.length) {
    row.append(el("div", { id: "chosen-card" }));
    for (const x of slots) {
      for (const a of by.get("slot:" + x.slot)) {
        const b = actionButton(a, pyrActionWords(a.about));
        b.dataset.slot = x.slot;
        strip.append(b);
      }
    }
  } else if (doc.actions.length) {
    head = pyrPhaseWords(v) + ":";
  } else {
    head = "Waiting for " + (doc.to_move === null ? "the others" : who(doc.to_move)) + ".";
  }
  // Cards of a city or of the discard pile to choose.
  for (const [k, acts] of by) {
    if (!k.startsWith("card:")) continue;
    const card = cardById[acts[0].about.card] || { name: "a card" };
    const one = el("div", { class: "offer" }, drawCard({ id: card.id, name: card.name, colour: card.colour }, null));
    for (const a of acts) one.append(actionButton(a, pyrActionWords(a.about)));
    row.append(one);
  }
  for (const a of loose || []) strip.append(actionButton(a, capital(a.text)));
  strip.prepend(el("span", { id: "hand-actions-title", class: "hand-actions-title", text: head }));
  // Cards of a board on offer are taken on the board, above.
  const boards = (v.boards || []).filter((b) => b.spaces.some((x) => by.has("space:" + x.space))).map((b) => "the " + b.name);
  bar.append(el("h2", { text: doc.actions.length ? "Your turn" : "Not your turn yet" }), strip);
  if (boards.length) bar.append(el("p", { class: "bar-note", id: "bar-boards", text: "Or take a card of " + boards.join(" or ") + ", above the pyramid." }));
  bar.append(row);
  showChosen(v, by);
  document.body.style.paddingBottom = bar.offsetHeight + 12 + "px";
}

// The card of the pyramid chosen, drawn whole in the bar with its
// actions; the other cards' actions hidden (not drawn again: the buttons
// stay put under the pointer).
function showChosen(v, by) {
  const box = $("chosen-card");
  if (!box) return;
  const s = v.layout.slots.find((x) => x.slot === pyrSelected);
  if (!s) return;
  box.replaceChildren(drawCard(s.card, pyrStatus(by.get("slot:" + s.slot))));
  $("hand-actions-title").textContent = s.card.name + ":";
  for (const b of document.querySelectorAll("#hand-actions button.action[data-slot]")) b.hidden = Number(b.dataset.slot) !== s.slot;
}

function renderPyramidTable(v) {
  const board = $("board");
  board.replaceChildren();
  const { by, loose } = pyrActionsByThing();
  const me = v.seat === null || v.seat === undefined ? null : v.seat;
  const bottom = me === null ? 0 : me;
  const top = el("div", { class: "table-top", id: "table-top" },
    el("span", { class: "age-now", text: v.age ? "Age " + roman(v.age) : "The wonder draft" }),
    el("span", { text: pyrPhaseWords(v) }));
  if (v.again && !doc.over) top.append(el("span", { class: "passing", text: who(v.current) + " plays again after this turn" }));
  if (v.discard.length) top.append(el("span", { title: v.discard.map((c) => c.name).join(", "), text: plural(v.discard.length, "card") + " in the discard pile" }));
  board.append(top);
  const draft = v.draft.length ? el("section", { class: "draft", id: "draft" }, el("h3", { text: "Wonders to pick" }),
    el("div", { class: "wonders" }, ...v.draft.map((w) => wonderCard(w, by.get("wonder:" + w.id))))) : null;
  if (draft) board.append(draft);
  board.append(pyrCity(v, 1 - bottom, "opponent"));
  board.append(renderTrack(v, bottom));
  const tokens = el("section", { class: "ptokens", id: "progress-tokens", "aria-label": "progress tokens" },
    el("h3", { text: "Progress tokens on the board" }),
    el("div", { class: "ptoken-row" }, ...v.board_tokens.map((t) => tokenDisc(t, by.get("token:" + t.id)))));
  if (!v.board_tokens.length) tokens.append(el("span", { class: "muted", text: "All taken" }));
  board.append(tokens);
  if (v.drawn_tokens.length) {
    board.append(el("section", { class: "ptokens", id: "drawn-tokens" }, el("h3", { text: "Drawn for you: choose one" }),
      el("div", { class: "ptoken-row" }, ...v.drawn_tokens.map((t) => tokenDisc(t, by.get("token:" + t.id))))));
  }
  if ((v.drawn_cards || []).length) {
    board.append(el("section", { class: "ptokens", id: "drawn-cards" },
      el("h3", { text: "Drawn for you: keep one and lay it face down on an empty space below" }),
      el("div", { class: "space-row" }, ...v.drawn_cards.map((c) => drawCard(c, null)))));
  }
  for (const b of v.boards || []) board.append(renderSpacesBoard(b, by, me));
  if (v.senate) board.append(renderSenate(v.senate, by, me));
  if (v.schemes) board.append(renderSchemes(v.schemes, by, me));
  if (v.layout.slots.length) {
    board.append(el("section", { class: "pyramid-box" }, el("h3", { text: "The cards of Age " + roman(v.age) }), renderPyramid(v, by),
      el("div", { class: "pyr-details", id: "pyramid-details", "aria-live": "polite", "aria-label": "the card read" })));
  }
  board.append(pyrCity(v, bottom, me === null ? "opponent" : "me"));
  if (me !== null && (v.stage_cards || []).length) {
    board.append(el("p", { class: "muted", text: "Under your wonders, face down: " + v.stage_cards.map((c) => c.name).join(", ") }));
  }
  renderPyramidBar(v, by, loose);
  markSelected();
  // The card read before, while it is still there; else the one chosen.
  const up = (x) => v.layout.slots.some((s) => s.slot === x && s.state === "up");
  showDetails(v, by, up(pyrFocused) ? pyrFocused : pyrSelected);
}
