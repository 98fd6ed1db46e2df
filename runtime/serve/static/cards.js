"use strict";
// Cards drawn as cards, and costs as symbols, from the card data of
// /api/games/{id}/cards: shared by the tables of every family. The
// symbols are the project's own (letters in shapes of CSS), no artwork.

// A cue beside each colour for players who do not tell colours apart (the
// rulebooks print a symbol per colour for them): a shape and the colour's
// name. A colour the list does not know gets its initial.
const COLOUR_CUES = {
  brown: "▲", grey: "◆", gray: "◆", blue: "●", green: "✚", yellow: "★", red: "⚔",
  purple: "♛", white: "♟", black: "✖", gold: "✦", orange: "✦",
};

// Short marks of the resources the base game and its expansions name;
// another resource is drawn with its first two letters.
const RESOURCE_MARKS = {
  wood: "Wd", stone: "St", clay: "Cl", ore: "Or", glass: "Gl", papyrus: "Pa",
  loom: "Lo", textile: "Tx", cloth: "Cl", brick: "Br", gold: "Au",
};

function colourKey(col) {
  return String(col || "").toLowerCase().replace(/[^a-z]/g, "");
}

function colourClass(col) {
  const k = colourKey(col);
  return k ? " c-" + k : "";
}

function capital(s) {
  s = String(s || "");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// The colour's cue and name, for a card's band.
function colourCue(col) {
  const k = colourKey(col);
  const mark = COLOUR_CUES[k] || (k ? k[0].toUpperCase() : "?");
  return el("span", { class: "cue", "aria-hidden": "true", text: mark });
}

function plural(n, one, many) {
  return n + " " + (n === 1 ? one : (many || one + "s"));
}

// One resource symbol: a small shape with the resource's mark, its name
// for screen readers and on hover.
function resourceSymbol(name) {
  return el("span", { class: "res r-" + colourKey(name), title: name, text: resourceMark(name) });
}

function coinSymbol(n) {
  return el("span", { class: "coin", title: plural(n, "coin"), text: String(n) });
}

// A cost from its `price` ({coins, coins_per_age, resources: [{resource,
// count}]}) as the symbols to draw, in order: `{coins: n}`, `{resource}`
// (one a unit, up to 4) and `{note}` (a count, "per Age"). Drawn in HTML
// by `costSymbols`, in SVG by `svgCost`.
function costParts(price) {
  const out = [];
  if (!price) return out;
  if (price.coins > 0) out.push({ coins: price.coins });
  if (price.coins_per_age > 0) out.push({ coins: price.coins_per_age }, { note: "per Age" });
  if (price.coins_per_card > 0) out.push({ coins: price.coins_per_card }, { note: "per " + price.per_card + " card you have" });
  for (const r of price.resources || []) {
    if (r.count <= 4) for (let i = 0; i < r.count; i++) out.push({ resource: r.resource });
    else out.push({ note: r.count + "×" }, { resource: r.resource });
  }
  return out;
}

// A cost as symbols, with the words for screen readers; "free" when it
// asks nothing.
function costSymbols(price, words) {
  const box = el("span", { class: "cost", "aria-label": "cost: " + (words || "free") });
  if (!price) {
    box.append(el("span", { text: words || "" }));
    return box;
  }
  const parts = costParts(price);
  for (const p of parts) {
    if (p.coins !== undefined) box.append(coinSymbol(p.coins));
    else if (p.resource !== undefined) box.append(resourceSymbol(p.resource));
    else box.append(el("small", { text: p.note === "per Age" ? " per Age " : p.note }));
  }
  if (!parts.length) box.append(el("span", { class: "free", text: words && words !== "free" ? words : "free" }));
  return box;
}

// ---- SVG ---------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, ...kids) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) e.setAttribute(k, v);
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

// The mark a resource is drawn with.
function resourceMark(name) {
  return RESOURCE_MARKS[colourKey(name)] || capital(String(name).slice(0, 2));
}

// A cost drawn in SVG from (x, y), the same symbols as `costSymbols` (the
// resources' colours from app.css), in rows of at most `width` units:
// returns the group and its height.
function svgCost(price, words, x, y, width) {
  const g = svg("g", { class: "cost", "data-cost": words || "free" });
  const parts = costParts(price);
  let cx = x;
  let cy = y;
  const place = (w) => {
    if (cx > x && cx + w > x + width) { cx = x; cy += 22; }
    const at = cx;
    cx += w + 3;
    return at;
  };
  for (const p of parts) {
    if (p.coins !== undefined) {
      const at = place(18);
      g.append(svg("g", { class: "scoin" }, svg("title", {}, plural(p.coins, "coin")),
        svg("circle", { cx: at + 9, cy: cy + 9, r: 9 }),
        svg("text", { x: at + 9, y: cy + 13, "text-anchor": "middle" }, String(p.coins))));
    } else if (p.resource !== undefined) {
      const at = place(24);
      g.append(svg("g", { class: "sres r-" + colourKey(p.resource) }, svg("title", {}, p.resource),
        svg("rect", { x: at, y: cy + 1, width: 24, height: 17, rx: 3 }),
        svg("text", { x: at + 12, y: cy + 14, "text-anchor": "middle" }, resourceMark(p.resource))));
    } else {
      const w = 7 * p.note.length;
      const at = place(w);
      g.append(svg("text", { x: at, y: cy + 14, class: "snote" }, p.note));
    }
  }
  if (!parts.length) g.append(svg("text", { x, y: y + 14, class: "snote free" }, words && words !== "free" ? words : "free"));
  return { g, height: cy - y + 20 };
}

// `text` in lines of at most `chars` characters, broken between words
// (a line of the text stays a line): SVG text does not wrap by itself.
function wrapWords(text, chars) {
  const lines = [];
  for (const para of String(text || "").split("\n")) {
    let line = "";
    for (const w of para.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + w.length > chars) { lines.push(line); line = w; } else line = line ? line + " " + w : w;
    }
    if (line) lines.push(line);
  }
  return lines;
}

// Lines of text drawn from (x, y), `step` units apart.
function svgLines(lines, x, y, step, attrs) {
  const t = svg("text", { x, y, ...(attrs || {}) });
  lines.forEach((l, i) => t.append(svg("tspan", { x, dy: i ? step : 0 }, l)));
  return t;
}

// A production ({"fixed": {res: n}, "choices": [{options, amount}]}) as
// symbols.
function productionSymbols(p) {
  const box = el("span", { class: "prod" });
  for (const [r, n] of Object.entries((p && p.fixed) || {})) {
    const one = el("span", { class: "unit", title: n + " " + r });
    if (n <= 4) for (let i = 0; i < n; i++) one.append(resourceSymbol(r));
    else one.append(el("small", { text: n + "×" }), resourceSymbol(r));
    box.append(one);
  }
  for (const c of (p && p.choices) || []) {
    const one = el("span", { class: "unit choice", title: (c.amount > 1 ? c.amount + " of " : "one of ") + c.options.join(" or ") });
    if (c.amount > 1) one.append(el("small", { text: c.amount + "× " }));
    c.options.forEach((r, i) => {
      if (i) one.append(el("span", { class: "or", text: "/" }));
      one.append(resourceSymbol(r));
    });
    box.append(one);
  }
  if (!box.childNodes.length) box.append(el("span", { class: "muted", text: "nothing" }));
  return box;
}

// The effect in words, one sentence a line, as the language describes it
// (`words`); the card file's text when the data has no words.
function effectWords(known) {
  const w = (known && (known.words || known.text)) || "";
  return el("div", { class: "fx", text: w });
}

// The cards each card is chained from (the reverse of `chains`), built
// once from the card data.
let chainedFrom = null;
function chainSources(name) {
  if (!chainedFrom) {
    chainedFrom = {};
    for (const [n, c] of Object.entries(cardData)) {
      for (const t of c.chains || []) (chainedFrom[t] = chainedFrom[t] || []).push(n);
    }
  }
  return chainedFrom[name] || [];
}

// A card drawn whole: the colour band with its cue, the name, the cost as
// symbols, the effect in words, its chains, and `status` (what it would
// take to build it now) when given.
function drawCard(card, status) {
  const name = cardName(card) ?? String(card);
  // By id first: two cards of one name (a Loom of Age I and of Age II)
  // differ in Age and chains.
  const known = (card && typeof card === "object" && cardById[card.id] && cardById[card.id].name === name ? cardById[card.id] : cardData[name]) || {};
  const col = (card && card.colour) || known.colour || "";
  const box = el("div", { class: "card" + colourClass(col), "data-card": name });
  box.append(
    el("div", { class: "band" }, colourCue(col), el("span", { class: "band-name", text: capital(col) }),
      known.age ? el("span", { class: "age", text: "Age " + roman(known.age) }) : null),
    el("b", { class: "name", text: name }),
    costSymbols(known.price, known.cost),
    effectWords(known));
  const to = known.chains || [];
  const from = chainSources(name);
  if (to.length || from.length) {
    const ch = el("div", { class: "chain" });
    if (from.length) ch.append(el("div", { text: "Free in a city with " + from.join(" or ") }));
    if (to.length) ch.append(el("div", { text: "Then free: " + to.join(", ") }));
    box.append(ch);
  }
  if (status) box.append(el("div", { class: "status", text: status }));
  return box;
}

function roman(n) {
  return ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII"][n] || String(n);
}

// ---- what every table draws of a city, and its actions -----------------

// A city's cards, grouped by colour as its view gives them (`groups`:
// [{colour, cards: [{name}]}]), each a chip with its effect as a tooltip;
// `empty` when there are none.
function builtCards(groups, empty) {
  const cards = el("div", { class: "built" });
  for (const g of groups || []) {
    cards.append(el("div", { class: "built-colour", "data-colour": g.colour },
      ...g.cards.map((x) => {
        const known = cardData[x.name] || {};
        return el("span", { class: "chip" + colourClass(g.colour), "data-card": x.name, title: known.words || known.text || "" },
          colourCue(g.colour), " " + x.name);
      })));
  }
  if (!(groups || []).length) cards.append(el("span", { class: "muted", text: empty }));
  return cards;
}

// A city's progress tokens as a line, or null when it has none.
function progressLine(tokens) {
  if (!(tokens || []).length) return null;
  return el("div", { class: "line" }, el("span", { class: "k", text: "Progress tokens: " }),
    ...tokens.map((t) => el("span", { class: "chip c-green", title: (cardData[t.name] || {}).words || "", text: t.name })));
}

// Each kind of token a card set declares that a city holds, in words
// ("2 debt tokens", the tokens named when the view lists them).
function declaredTokenWords(tokens) {
  const out = [];
  for (const [k, v] of Object.entries(tokens || {})) {
    if (v === null) continue;
    const n = Array.isArray(v) ? v.length : v;
    if (n) out.push(plural(n, k + " token") + (Array.isArray(v) ? " (" + v.join(", ") + ")" : ""));
  }
  return out;
}

// The actions offered (`doc.actions`), by what they are on: `keyOf(about)`
// names the thing ("slot:3", "deck:central") or null for an action on
// nothing drawn, which goes to `loose`.
function actionsByThing(keyOf) {
  const by = new Map();
  const loose = [];
  for (const a of doc.actions) {
    const key = a.about ? keyOf(a.about) : null;
    if (key === null || key === undefined) { loose.push(a); continue; }
    if (!by.has(key)) by.set(key, []);
    by.get(key).push(a);
  }
  return { by, loose };
}
