"use strict";
// The table of a circle of cities, drawn when the view is the base game's
// (7 Wonders and the expansions that share its view:
// Leaders, Edifice, Cities, the Wonder Pack), drawn from the view its
// family shows (runtime/src/games/base/show.rs documents every field):
// the other cities around (each with its wonder stages built as pips),
// the neighbours left and right with what you pay them, your city and
// your wonder board (an SVG) at the bottom, your hand in a bar in reach,
// each card with what it would take to build it now.

let selectedCard = null; // the id of the hand card whose actions are shown

function isCircleView(v) {
  return !!(v && typeof v === "object" && Array.isArray(v.seats) && v.phase && typeof v.phase.kind === "string"
    && v.seats.every((s) => s && typeof s.wonder === "string" && Array.isArray(s.built)));
}

// A seat's name as its player named it.
function who(s) {
  return seatName(s) || "Player " + (Number(s) + 1);
}

// A payment {bank, left, right} in words, naming the neighbours.
function payWords(pay, me) {
  if (!pay) return "choose how to pay next";
  const total = pay.bank + pay.left + pay.right;
  if (total === 0) return "free";
  const city = doc.view.seats[me];
  const parts = [];
  if (pay.bank) parts.push(pay.bank + " to the bank");
  if (pay.left) parts.push(pay.left + " to " + who(city.trade.left.seat) + " (left)");
  if (pay.right) parts.push(pay.right + " to " + who(city.trade.right.seat) + " (right)");
  return plural(total, "coin") + (parts.length > 1 || !pay.bank ? ": " + parts.join(", ") : "");
}

// An action on a card, in the page's words.
function actionWords(about, me) {
  const known = cardById[about.card] || {};
  const recruit = known.age === 0;
  switch (about.kind) {
    case "build": return (recruit ? "Recruit" : "Build") + " — " + payWords(about.pay, me);
    case "chain": return "Build free by its chain";
    case "free": return "Build free";
    case "stage": return "Build wonder stage " + about.stage + " with it — " + payWords(about.pay, me) + (about.join ? ", and join the project" : "");
    case "discard": return "Discard it for " + plural(about.gain, "coin");
    case "from_discard": return "Build it free from the discard pile";
    case "keep": return "Keep it and pass the rest on";
    case "entomb": return "Put it under your wonder";
    default: return about.kind;
  }
}

// What building a card takes now, from the actions offered on it.
function buildStatus(acts, me) {
  if (!acts || !acts.length) return null;
  const kinds = acts.map((a) => a.about.kind);
  if (kinds.includes("chain")) return "Free now, by its chain";
  if (kinds.includes("free")) return "Free now";
  if (kinds.includes("from_discard")) return "Free from the discard pile";
  if (kinds.includes("keep")) return "You may keep it";
  const build = acts.find((a) => a.about.kind === "build");
  if (build) {
    if (!build.about.pay) return "Buildable: several ways to pay";
    const w = payWords(build.about.pay, me);
    return w === "free" ? "Buildable now, free" : "Buildable now for " + w;
  }
  return "Not buildable now";
}

function cardId(c) {
  return c && typeof c === "object" ? c.id : null;
}

function actionButton(a, label) {
  const b = el("button", { class: "action", "data-action": a.number, type: "button", text: label });
  if (a.about) { b.dataset.kind = a.about.kind; b.dataset.card = a.about.card; }
  b.addEventListener("click", () => move(a.number));
  return b;
}

// The hand bar: your cards in reach, and the actions of the chosen one.
function renderHandBar(view, me) {
  const bar = $("handbar");
  bar.replaceChildren();
  const you = view.you;
  if (!you || me === null || doc.over) { bar.hidden = true; document.body.style.paddingBottom = ""; return; }
  bar.hidden = false;
  const byCard = new Map();
  const loose = [];
  for (const a of doc.actions) {
    if (a.about && a.about.card !== undefined) {
      if (!byCard.has(a.about.card)) byCard.set(a.about.card, []);
      byCard.get(a.about.card).push(a);
    } else {
      loose.push(a);
    }
  }
  // The cards the player acts on: the discard pile while building from it,
  // the draft hand while drafting, else the hand.
  const groups = [
    ["The discard pile: build one free", you.discard],
    ["Your draft hand: keep one", you.draft],
    ["Your hand", you.hand],
    ["Your kept cards", you.side],
  ].filter(([, g]) => Array.isArray(g) && g.length);
  const acted = groups.find(([, g]) => g.some((c) => byCard.has(c.id)));
  const [title, cards] = acted || groups.find(([t]) => t === "Your hand") || groups[0] || ["Your hand", []];
  const paying = doc.continues && doc.actions.length && doc.actions.every((a) => a.about);
  const strip = el("div", { class: "hand-actions", id: "hand-actions" });
  const row = el("div", { class: "hand", role: "listbox", "aria-label": title });
  const shownIds = new Set(cards.map(cardId));
  if (!shownIds.has(selectedCard) || !byCard.has(selectedCard)) {
    selectedCard = cards.map(cardId).find((i) => byCard.has(i)) ?? null;
  }
  const seen = new Set();
  for (const c of cards) {
    const acts = byCard.get(c.id);
    const box = drawCard(c, paying ? null : buildStatus(acts, me));
    if (acts && !paying) {
      box.classList.add("playable");
      box.tabIndex = 0;
      box.setAttribute("role", "option");
      const pick = () => {
        selectedCard = c.id;
        for (const o of row.querySelectorAll(".card.playable")) o.setAttribute("aria-selected", String(o === box));
        for (const b of strip.querySelectorAll("button.action")) b.hidden = Number(b.dataset.card) !== c.id;
        $("hand-actions-title").textContent = c.name + ":";
      };
      box.addEventListener("click", pick);
      box.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
      box.setAttribute("aria-selected", String(c.id === selectedCard));
    } else {
      // An option of the list all the same, one that cannot be chosen.
      box.setAttribute("role", "option");
      box.setAttribute("aria-disabled", "true");
    }
    row.append(box);
    // One set of buttons per card (two copies of a card share them).
    if (acts && !paying && !seen.has(c.id)) {
      seen.add(c.id);
      for (const a of acts) {
        const b = actionButton(a, actionWords(a.about, me));
        b.hidden = c.id !== selectedCard;
        strip.append(b);
      }
    }
  }
  const selected = cards.find((c) => c.id === selectedCard);
  let head;
  if (paying) {
    const a0 = doc.actions[0].about;
    const name = (cardById[a0.card] || {}).name || "it";
    head = "How to pay to " + (a0.kind === "stage" ? "build wonder stage " + a0.stage + " with " + name : (a0.kind === "build" ? "build " : "") + name) + ":";
    for (const a of doc.actions) strip.append(actionButton(a, payWords(a.about.pay, me)));
  } else if (selected) {
    head = selected.name + ":";
  } else if (doc.actions.length) {
    head = "";
  } else {
    head = doc.over ? "The game is over." : "Waiting for " + (doc.to_move === null ? "the others" : who(doc.to_move)) + ".";
  }
  // Choices on no card of the bar (build nothing, a debt, a built card).
  for (const a of doc.actions) {
    if (paying) break;
    if (a.about && shownIds.has(a.about.card)) continue;
    strip.append(actionButton(a, a.about ? actionWords(a.about, me) + (a.about.card !== undefined ? ": " + ((cardById[a.about.card] || {}).name || "") : "") : capital(a.text)));
  }
  strip.prepend(el("span", { id: "hand-actions-title", class: "hand-actions-title", text: head }));
  // The leaders kept (Leaders), face up to their player only, when they
  // are not the cards acted on.
  let kept = null;
  if (Array.isArray(you.side) && you.side.length && cards !== you.side) {
    kept = (el("div", { class: "kept" }, el("h3", { text: "Kept for later" }),
      el("div", { class: "kept-cards" }, ...you.side.map((c) => drawCard(c, null)))));
  }
  const rowBox = kept ? el("div", { class: "hand-and-kept" }, row, kept) : row;
  bar.append(el("h2", { text: title + (cards.length ? "" : ": empty") }), strip, rowBox);
  // The page scrolls past the bar: nothing stays hidden under it.
  document.body.style.paddingBottom = bar.offsetHeight + 12 + "px";
}

// A city drawn small: who, where, the wonder, coins, shields, military,
// production, science, the cards built by colour, the rest when not none.
function renderCircleCity(view, s, me, role) {
  const c = view.seats[s];
  const box = el("section", { class: "city seat-city" + (role ? " " + role : ""), "data-seat": s, "aria-label": who(s) });
  if (doc.to_move === s) box.classList.add("to-move");
  const roleWords = { me: "you", left: "your left neighbour", right: "your right neighbour" }[role];
  box.append(el("h3", {}, el("span", { text: who(s) }), " ", wonderPips(c), roleWords ? el("span", { class: "role", text: " · " + roleWords }) : null));
  const done = (c.stages_built || []).length;
  const facts = el("div", { class: "facts" });
  facts.append(
    el("span", { class: "wonder-line", text: c.wonder + " (" + c.side + "), " + done + " of " + c.stages_total + " stages" }),
    el("span", { class: "stat", title: plural(c.coins, "coin") }, coinSymbol(c.coins)),
    el("span", { class: "stat shields", text: "⚔ " + plural(c.shields, "shield") }));
  const m = c.military || {};
  if (m.victories || m.defeats) {
    facts.append(el("span", { class: "stat", text: "military " + (m.points >= 0 ? "+" : "") + m.points + " (" + plural(m.victories, "victory", "victories") + ", " + plural(m.defeats, "defeat") + ")" }));
  }
  box.append(facts);
  box.append(el("div", { class: "line" }, el("span", { class: "k", text: "Produces " }), productionSymbols(c.produces)));
  const sci = Object.entries(c.science || {});
  if (sci.length || c.science_wild) {
    box.append(el("div", { class: "line", text: "Symbols: " + sci.map(([k, n]) => n + " " + k).join(", ") + (c.science_wild ? (sci.length ? ", " : "") + plural(c.science_wild, "symbol") + " of your choice" : "") }));
  }
  box.append(builtCards(c.built, "No card built yet"));
  const extra = [];
  if (c.hand_count) extra.push(plural(c.hand_count, "card") + " in hand");
  if (c.draft_count) extra.push(plural(c.draft_count, "card") + " in the draft hand");
  if (c.side_count) extra.push(plural(c.side_count, "card") + " kept for later");
  if ((c.entombed || []).length) extra.push("under the wonder: " + c.entombed.map((e) => e.card.name + " (" + plural(e.points, "point") + ")").join(", "));
  if ((c.pawns || []).length) extra.push("a pawn on the project of Age " + c.pawns.map(roman).join(", "));
  if ((c.copied_stages || []).length) extra.push("copied: " + c.copied_stages.map((x) => x.wonder + " stage " + x.stage).join(", "));
  if ((c.face_up || []).length) extra.push("face up under the wonder: " + c.face_up.map((x) => c.wonder + " stage " + x.stage + ": " + x.colour).join(", "));
  extra.push(...declaredTokenWords(c.declared_tokens));
  if ((m.tokens || []).length) extra.push("victory tokens: " + m.tokens.map((t) => t.points + " VP" + (t.count > 1 ? " ×" + t.count : "")).join(", "));
  if (extra.length) box.append(el("div", { class: "line muted", text: extra.join(" · ") }));
  // What you pay this neighbour for each resource.
  if (me !== null && (role === "left" || role === "right")) {
    const prices = view.seats[me].trade[role].prices;
    const byPrice = new Map();
    for (const [r, p] of Object.entries(prices)) {
      if (!byPrice.has(p)) byPrice.set(p, []);
      byPrice.get(p).push(r);
    }
    const t = el("div", { class: "line trade" }, el("span", { class: "k", text: "You pay them: " }));
    for (const [p, rs] of [...byPrice].sort((a, b) => a[0] - b[0])) {
      t.append(el("span", { class: "price" }, coinSymbol(p), " for ", ...rs.map(resourceSymbol)));
    }
    box.append(t);
  }
  return box;
}

// The stages of a city's board built of all, as small SVG pips.
function wonderPips(c) {
  const total = c.stages_total || 0;
  const built = new Set(c.stages_built || []);
  const label = built.size + " of " + plural(total, "wonder stage") + " built";
  const box = svg("svg", { class: "pips", viewBox: "0 0 " + total * 12 + " 12", width: total * 12, height: 12,
    role: "img", "aria-label": label, "data-built": built.size, "data-total": total });
  box.append(svg("title", {}, label));
  for (let i = 1; i <= total; i++) {
    box.append(svg("rect", { x: i * 12 - 11, y: 1.5, width: 9, height: 9, rx: 2, class: "pip" + (built.has(i) ? " built" : "") }));
  }
  return box;
}

// Your wonder board drawn as a board: its name and side, what the board
// itself gives, its stages left to right as slots, each built (the slot
// filled, the card tucked under it showing below) or not, with its cost
// as symbols and its effect in words. Drawn twice, its stages in one row
// and in rows of two, and app.css shows the one the window's width suits.
function renderBoard(view, s) {
  const c = view.seats[s];
  const w = wonderData[c.wonder];
  const side = w && (w.sides.find((x) => x.name === c.side) || w.sides[0]);
  const stages = side ? side.stages : [];
  const sec = el("section", { class: "board", id: "my-board", "aria-label": "your wonder board" });
  const wide = boardSvg(c, side, stages, Math.max(stages.length, 1));
  if (stages.length > 2) {
    wide.classList.add("board-wide");
    const narrow = boardSvg(c, side, stages, 2);
    narrow.classList.add("board-narrow");
    sec.append(el("div", { class: "board-scroll" }, wide, narrow));
  } else {
    sec.append(el("div", { class: "board-scroll" }, wide));
  }
  const under = view.you && view.you.stage_cards;
  if (under && under.length) sec.append(el("div", { class: "muted", text: "Under your stages: " + under.map((x) => x.name).join(", ") }));
  return sec;
}

// The board of city `c` (its wonder's `side`) as an SVG, `cols` stages a
// row; its words for screen readers are its label.
function boardSvg(c, side, stages, cols) {
  const built = new Set(c.stages_built || []);
  const faceUp = new Map((c.face_up || []).map((f) => [f.stage, f.colour]));
  // A side whose stages have levels is built in any order within a level.
  const levelled = stages.some((st, i) => i > 0 && st.level <= stages[i - 1].level);
  const PAD = 10, SW = 150, GAP = 10, LH = 16, TUCK = 16;
  const width = Math.max(PAD * 2 + cols * SW + (cols - 1) * GAP, 310);
  const boardWords = side ? side.words || side.text || "" : "";
  const head = wrapWords(boardWords ? "The board: " + boardWords : "", Math.floor((width - 2 * PAD) / 7.4));
  const top = 34 + head.length * LH + 4;
  const costAt = levelled ? 42 : 28; // from the slot's top
  // Each stage's parts, to size the slots alike.
  const drawn = stages.map((st, i) => ({ st, no: i + 1, done: built.has(i + 1), fx: wrapWords(st.words || st.text || "", 19) }));
  const costs = drawn.map((d) => svgCost(d.st.price, d.st.cost, 0, 0, SW - 16).height);
  const costH = Math.max(20, ...costs);
  const fxAt = costAt + costH + 16;
  const H = fxAt + (Math.max(1, ...drawn.map((d) => d.fx.length)) - 1) * LH + 10;
  const rows = Math.ceil(drawn.length / cols) || 1;
  const height = top + rows * (H + TUCK + 8) + PAD - 8;
  const words = [c.wonder + ", side " + c.side + "."];
  if (boardWords) words.push("The board: " + boardWords + ".");
  for (const d of drawn) {
    words.push("Stage " + d.no + (levelled ? " (level " + d.st.level + ")" : "") + ", " + (d.done ? "built" : "not built")
      + ": costs " + (d.st.cost || "nothing") + "; " + (d.st.words || d.st.text || "") + ".");
  }
  const label = words.join(" ");
  const box = svg("svg", { class: "board-svg", viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": label,
    "data-stages": stages.length, "data-built": drawn.filter((d) => d.done).length,
    style: "max-width:" + Math.round(width * 1.25) + "px" });
  box.append(svg("title", {}, label),
    svg("rect", { class: "plate", x: 1, y: 1, width: width - 2, height: height - 2, rx: 10 }),
    svg("text", { x: PAD + 2, y: 24, class: "wonder-name" }, c.wonder + " · side " + c.side));
  if (head.length) box.append(svgLines(head, PAD + 2, 44, LH, { class: "board-words" }));
  for (const d of drawn) {
    const x = PAD + ((d.no - 1) % cols) * (SW + GAP);
    const y = top + Math.floor((d.no - 1) / cols) * (H + TUCK + 8);
    const g = svg("g", { class: "board-stage" + (d.done ? " built" : ""), "data-stage": d.no, "data-built": d.done ? "yes" : "no" });
    if (d.done) {
      // The card tucked under the stage: its back, or its colour when it
      // is turned face up.
      const col = faceUp.get(d.no);
      g.append(svg("g", { class: "tucked" + (col ? colourClass(col) : "") },
        svg("rect", { x: x + 20, y: y + H - 30, width: SW - 40, height: 30 + TUCK, rx: 4 }),
        svg("path", { d: "M" + (x + 28) + " " + (y + H + TUCK - 6) + "h" + (SW - 56) })));
    }
    g.append(svg("rect", { class: "slot", x, y, width: SW, height: H, rx: 7 }),
      svg("text", { x: x + 8, y: y + 19, class: "stage-no" }, "Stage " + d.no),
      svg("text", { x: x + SW - 8, y: y + 19, "text-anchor": "end", class: "stage-state" }, d.done ? "✓ built" : "to build"));
    if (levelled) g.append(svg("text", { x: x + 8, y: y + 35, class: "stage-level" }, "level " + d.st.level));
    g.append(svgCost(d.st.price, d.st.cost, x + 8, y + costAt, SW - 16).g,
      svgLines(d.fx, x + 8, y + fxAt, LH, { class: "stage-fx" }));
    box.append(g);
  }
  return box;
}

function phaseWords(view) {
  const p = view.phase;
  const n = p.seat === null || p.seat === undefined ? "" : who(p.seat);
  switch (p.kind) {
    case "turn": return "Every player chooses a card of their hand";
    case "last_card": return n + " plays the last card of their hand";
    case "free_build": return n + " builds a card of the discard pile for free";
    case "entomb": return n + " chooses a built card to put under their wonder";
    case "recruit": return n + " may build a card of their drafted hand";
    case "over": return "The game is over";
    default: return capital(n ? p.text.replace(/seat \d+/, n) : p.text.replace(/\bevery seat\b/, "every player").replace(/\bits\b/g, "their"));
  }
}

function renderProject(p) {
  const known = cardData[p.card.name] || {};
  const status = { open: "open", completed: "completed", failed: "failed" }[p.status] || p.status;
  return el("section", { class: "project", id: "project" },
    el("h3", { text: "Project of Age " + roman(p.age) + ": " + p.card.name + " (" + status + ")" }),
    el("div", {}, el("span", { class: "k", text: "To join: " }), costSymbols(known.price, known.cost)),
    el("div", { class: "fx", text: known.words || known.text || "" }),
    el("div", { text: plural(p.left, "pawn") + " left of " + p.pawns + (p.joined.length ? "; joined by " + p.joined.map(who).join(", ") : "") }));
}

function renderCircle(view) {
  const board = $("board");
  board.replaceChildren();
  const n = view.seats.length;
  const me = view.seat === null || view.seat === undefined ? null : view.seat;
  const top = el("div", { class: "table-top", id: "table-top" });
  const age = view.age ? "Age " + roman(view.age) : "The draft";
  top.append(el("span", { class: "age-now", text: age }));
  if (view.passing && !doc.over) top.append(el("span", { class: "passing", text: view.passing === "left" ? "← hands pass to the left" : "hands pass to the right →" }));
  top.append(el("span", { text: phaseWords(view) }));
  if (view.discard_count) top.append(el("span", { text: plural(view.discard_count, "card") + " in the discard pile" }));
  board.append(top);
  if (view.project) board.append(renderProject(view.project));
  const around = el("div", { class: "around", id: "around" });
  if (me === null) {
    for (let s = 0; s < n; s++) around.append(renderCircleCity(view, s, null, null));
  } else {
    const left = (me + 1) % n;
    const right = (me - 1 + n) % n;
    const others = el("div", { class: "others" });
    for (let k = 2; k <= n - 2; k++) others.append(renderCircleCity(view, (me + k) % n, me, null));
    if (others.childNodes.length) around.append(others);
    const row = el("div", { class: "near" });
    row.append(renderCircleCity(view, left, me, "left"));
    row.append(el("div", { class: "mine" }, renderCircleCity(view, me, me, "me")));
    if (right !== left) row.append(renderCircleCity(view, right, me, "right"));
    around.append(row, renderBoard(view, me));
  }
  board.append(around);
  renderHandBar(view, me);
}
