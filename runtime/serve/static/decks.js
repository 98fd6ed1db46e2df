"use strict";
// The table of Architects, drawn when the view is its family's
// (runtime/src/games/architects/show.rs documents every field): the
// central deck, the conflict tokens and the progress tokens in the
// middle; each seat's city with its wonder's pieces (built or not, each
// with its cost and effect) and its deck beside it, the top card face up;
// yours at the bottom. Taking a card is a click on the deck.

function isDecksView(v) {
  return !!(v && typeof v === "object" && v.central && Array.isArray(v.seats) && v.progress
    && v.seats.every((s) => s && s.deck && s.wonder && Array.isArray(s.wonder.built)));
}

// The actions offered, by what they are on: "deck:S", "deck:central",
// "card:N", "token:N", "token:pile", "stage:N"; the rest loose.
function decksActionsByThing() {
  return actionsByThing((ab) => {
    if (ab.kind === "take") return "deck:" + ab.deck;
    if (ab.kind === "keep") return "card:" + ab.card;
    if (ab.kind === "token") return "token:" + (ab.token === null ? "pile" : ab.token);
    if (ab.kind === "stage") return "stage:" + ab.stage;
    return null;
  });
}

function decksPhaseWords(v) {
  const n = who(v.current);
  switch (v.phase) {
    case "take a card": return n + " takes a card from a deck";
    case "take an extra card": return n + " takes one more card";
    case "choose a deck to look at": return n + " chooses a deck to look at its top cards";
    case "keep a card": return n + " keeps one of the cards looked at";
    case "take a progress token": return n + " takes a progress token";
    case "build or trade": return n + " builds a piece of their wonder or trades science";
    case "over": return "The game is over";
    default: return n + ": " + v.phase;
  }
}

function deckName(v, d) {
  return d === "central" ? "the central deck" : who(d) + "'s deck";
}

// A deck: its back with its size, the top card when in sight; a click on
// it takes its top card (or looks at it, as the move offered says).
function renderDeck(v, d, deck, acts, note) {
  const central = d === "central";
  const box = el("div", { class: "deck" + (central ? " central" : ""), "data-deck": central ? "central" : who(d), "data-size": deck.size,
    "data-top": deck.top ? deck.top.name : "hidden" });
  box.append(el("div", { class: "deck-head" }, el("b", { text: central ? "Central deck" : "Deck of " + v.seats[d].wonder.name }),
    el("span", { class: "muted", text: " · " + plural(deck.size, "card") })));
  if (deck.top) {
    box.append(drawCard(deck.top, null));
    if (note) box.append(el("div", { class: "cat-note", text: note }));
  } else if (deck.size) {
    box.append(el("div", { class: "card-back plain", "aria-hidden": "true" }, el("span", { class: "back-age", text: "?" })),
      el("div", { class: "muted", text: "Face down" }));
  } else {
    box.append(el("div", { class: "muted", text: "Empty" }));
  }
  if (acts && acts.length) {
    box.classList.add("offered");
    const [a] = acts;
    const looking = v.phase === "choose a deck to look at";
    const words = (looking ? "Look at the top cards of " : "Take the top card of ") + deckName(v, d)
      + (deck.top && !looking ? ": " + deck.top.name : "");
    const b = actionButton(a, words);
    box.append(b);
    box.addEventListener("click", (e) => { if (e.target !== b) b.click(); });
  }
  return box;
}

// The wonder's pieces: each stage, built or not, its cost and effect.
function renderPieces(v, s, by) {
  const w = v.seats[s].wonder;
  const data = wonderData[w.name];
  const side = data && data.sides[0];
  const list = el("ol", { class: "stages pieces", "aria-label": w.name + ": its pieces" });
  w.built.forEach((done, i) => {
    const st = side && side.stages[i];
    const li = el("li", { class: "stage" + (done ? " built" : ""), "data-stage": i + 1, "data-built": done ? "yes" : "no" },
      el("div", { class: "stage-head" }, el("b", { text: "Piece " + (i + 1) }), el("span", { class: "state", text: done ? "✓ built" : "not built" })),
      st ? el("div", { class: "cost-words", text: capital(st.cost) }) : null,
      el("div", { class: "fx", text: st ? st.words || st.text || "" : "" }));
    if (s === v.seat) for (const a of by.get("stage:" + (i + 1)) || []) li.append(actionButton(a, "Build it: " + a.text.replace(/^build stage \d+ with /, "pay ")));
    list.append(li);
  });
  return list;
}

function decksCity(v, s, by, role) {
  const c = v.seats[s];
  const box = el("section", { class: "city decks-city " + role, "data-seat": s, "aria-label": who(s) + "'s city" });
  if (doc.to_move === s) box.classList.add("to-move");
  box.append(el("h3", {}, el("span", { text: who(s) }), role === "me" ? el("span", { class: "role", text: " · you" }) : null,
    el("span", { text: " · " + c.wonder.name + ", " + c.wonder.stages_built + " of " + c.wonder.stages + " pieces" })));
  const facts = el("div", { class: "facts" }, el("span", { class: "stat" }, coinSymbol(c.coins), " " + plural(c.coins, "coin")),
    el("span", { class: "stat", text: "⚔ " + plural(c.shields, "shield") }));
  if (c.cat) facts.append(el("span", { class: "stat cat", "data-cat": "yes", text: "holds the cat" }));
  box.append(facts);
  box.append(builtCards(c.cards, "No card taken yet"));
  const tokens = progressLine(c.tokens);
  if (tokens) box.append(tokens);
  const extra = declaredTokenWords(c.declared_tokens);
  if (extra.length) box.append(el("div", { class: "line muted", text: extra.join(" · ") }));
  box.append(renderPieces(v, s, by));
  const seatBox = el("div", { class: "decks-seat" + (role === "me" ? " me" : "") }, box,
    renderDeck(v, s, c.deck, by.get("deck:" + s)));
  return seatBox;
}

function conflictTokens(c) {
  const box = el("section", { class: "conflict-tokens", id: "conflict-tokens", "data-war": c.war, "data-peace": c.peace,
    "aria-label": "conflict tokens: " + c.war + " on their war side, " + c.peace + " on their peace side" },
  el("h3", { text: "Conflict tokens" }));
  const row = el("div", { class: "ctoken-row" });
  for (let i = 0; i < c.tokens; i++) {
    const war = i < c.war;
    row.append(el("span", { class: "ctoken " + (war ? "war" : "peace"), "data-side": war ? "war" : "peace", text: war ? "⚔ war" : "☮ peace" }));
  }
  box.append(row);
  box.append(el("div", { class: "muted", text: c.battle ? "A battle was fought this turn: the tokens are back on their peace side."
    : "When every token shows war, the players fight a battle." }));
  return box;
}

function progressTokens(v, by) {
  const box = el("section", { class: "ptokens", id: "progress-tokens", "aria-label": "progress tokens" },
    el("h3", { text: "Progress tokens" }));
  const row = el("div", { class: "ptoken-row" });
  for (const t of v.progress.face_up) row.append(tokenDisc(t, by.get("token:" + t.id)));
  const pile = el("div", { class: "ptoken pile", "data-token": "pile" }, el("b", { class: "name", text: "Face-down pile" }),
    el("div", { class: "fx", text: plural(v.progress.pile, "token") }));
  for (const a of by.get("token:pile") || []) pile.append(actionButton(a, "Take the top of the pile"));
  row.append(pile);
  box.append(row);
  return box;
}

function renderDecksTable(v) {
  const board = $("board");
  board.replaceChildren();
  const { by, loose } = decksActionsByThing();
  const me = v.seat === null || v.seat === undefined ? null : v.seat;
  const n = v.seats.length;
  const top = el("div", { class: "table-top", id: "table-top" },
    el("span", { class: "age-now", text: "Turn " + v.turns }),
    el("span", { text: decksPhaseWords(v) }));
  if (v.cat !== null && v.cat !== undefined) top.append(el("span", { text: who(v.cat) + " holds the cat" }));
  if (v.discard.length) top.append(el("span", { text: plural(v.discard.length, "card") + " in the discard pile, " + v.discard[v.discard.length - 1].name + " on top" }));
  board.append(top);
  const middle = el("div", { class: "decks-middle" });
  const catNote = v.central.top ? "The cat lets you see this card." : null;
  middle.append(renderDeck(v, "central", v.central, by.get("deck:central"), catNote), conflictTokens(v.conflict), progressTokens(v, by));
  // Cards being looked at (the seat's own choice).
  if (v.looking) {
    const l = v.looking;
    const from = deckName(v, l.deck);
    const sec = el("section", { class: "looking", id: "looking" }, el("h3", { text: who(v.current) + " looks at " + plural(l.count, "card") + " of " + from }));
    if (l.cards) {
      const row = el("div", { class: "hand" });
      for (const c of l.cards) {
        const one = el("div", { class: "offer" }, drawCard(c, null));
        for (const a of by.get("card:" + c.id) || []) one.append(actionButton(a, "Keep " + c.name));
        row.append(one);
      }
      sec.append(row);
    }
    middle.append(sec);
  }
  const others = el("div", { class: "decks-others" });
  const order = me === null ? [...Array(n).keys()] : [...Array(n - 1).keys()].map((k) => (me + 1 + k) % n);
  for (const s of order) others.append(decksCity(v, s, by, "other"));
  board.append(others, middle);
  if (me !== null) board.append(decksCity(v, me, by, "me"));
  // The choices on nothing drawn: science, options.
  const bar = $("handbar");
  bar.replaceChildren();
  if (me === null || doc.over || !loose.length) {
    bar.hidden = true;
    document.body.style.paddingBottom = "";
  } else {
    bar.hidden = false;
    const strip = el("div", { class: "hand-actions", id: "hand-actions" },
      el("span", { id: "hand-actions-title", class: "hand-actions-title", text: decksPhaseWords(v) + ":" }),
      ...loose.map((a) => actionButton(a, capital(a.text))));
    bar.append(el("h2", { text: "Your choices" }), strip);
    document.body.style.paddingBottom = bar.offsetHeight + 12 + "px";
  }
}
