// Plays complete games through `sevenw serve`'s page in a real browser
// (Debian's headless Chromium, driven by playwright-core), one person
// against bots in each game, and saves screenshots of each game at its
// start, mid-way and at its end, at 1280×800 and 400 px wide (and the
// whole page). On every position it sees it checks the page: nothing
// internal on it, every card of the hand (or the pyramid) with its name,
// cost and effect, the hand in reach without scrolling; and what each
// table draws: the cities, their wonder pips and your SVG wonder board
// (a slot per stage with its cost and effect) of the base game, Duel's
// pyramid (each face-up card read whole below it when focused or
// tapped) and conflict track with its pawn, read from the bottom city's
// side (also from the second seat), a spectator's Duel page that says
// "you" to nobody, Architects' decks, conflict tokens and wonder pieces.
// Given the test expansions' binary (`sevenw-trials`, built with the
// `serve` feature), it also plays Duel with Omens, whose board of spaces
// beside the table is checked on every position (its name, whether it is
// open, each space's card, card back or emptiness and its price, the
// lays offered on its empty spaces by the card they lay) and a card of it
// taken by a click on the card.
// Duel with Pantheon and Agora (shipped) is checked the same way, with
// its senate (each chamber's points, decrees, cubes and controller) and
// your schemes drawn; the base game with Cities and the Wonder Pack too.
// axe-core checks the lobby and each table (and Duel's spectator page):
// no serious or critical accessibility violation.
//
//   node tests/serve/browser.mjs SEVENW_BINARY SCREENSHOT_DIR [TRIALS_BINARY]
//
// Run by tests/serve/run.sh, which installs what it needs.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const [bin, shots, trials] = process.argv.slice(2);
if (!bin || !shots) {
  console.error("usage: node browser.mjs SEVENW_BINARY SCREENSHOT_DIR [TRIALS_BINARY]");
  process.exit(2);
}
mkdirSync(shots, { recursive: true });

const GAMES = [
  {
    label: "base-3p",
    table: "base",
    body: {
      game: "base",
      players: 3,
      seed: 7,
      seats: [{ kind: "person", name: "Ana" }, { kind: "greedy" }, { kind: "random" }],
    },
  },
  {
    label: "base-leaders-edifice-4p",
    table: "base",
    body: {
      game: "base",
      with: ["leaders", "edifice"],
      players: 4,
      seed: 21,
      seats: [{ kind: "person", name: "Ana" }, { kind: "greedy" }, { kind: "random" }, { kind: "greedy" }],
    },
  },
  {
    label: "duel",
    table: "pyramid",
    mid: 12,
    body: { game: "duel", seed: 5, seats: [{ kind: "person", name: "Ana" }, { kind: "greedy" }] },
  },
  // A board of spaces beside the pyramid (the test expansion Omens'
  // shrine): played only with the test expansions' binary.
  {
    label: "duel-omens",
    table: "pyramid",
    trials: true,
    boards: true,
    mid: 12,
    body: { game: "duel", with: ["omens"], seed: 5, seats: [{ kind: "person", name: "Ana" }, { kind: "greedy" }] },
  },
  // Duel with both of its expansions: Pantheon's board of divinities,
  // Agora's senate and schemes, and the tokens laid on the figures.
  {
    label: "duel-pantheon-agora",
    table: "pyramid",
    boards: true,
    mid: 12,
    body: { game: "duel", with: ["pantheon", "agora"], seed: 3, seats: [{ kind: "person", name: "Ana" }, { kind: "greedy" }] },
  },
  // The base game with Cities and the Wonder Pack's boards.
  {
    label: "base-cities-wonder-pack-4p",
    table: "base",
    body: {
      game: "base",
      with: ["cities", "wonder-pack"],
      players: 4,
      seed: 11,
      seats: [{ kind: "person", name: "Ana" }, { kind: "greedy" }, { kind: "random" }, { kind: "greedy" }],
    },
  },
  {
    label: "architects-3p",
    table: "decks",
    body: {
      game: "architects",
      players: 3,
      seed: 9,
      seats: [{ kind: "person", name: "Ana" }, { kind: "greedy" }, { kind: "random" }],
    },
  },
];

/** Starts the server on a free port of loopback; resolves to its address. */
function startServer(db, program = bin) {
  const child = spawn(program, ["serve", "--addr", "127.0.0.1:0", "--db", db], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`no address printed: ${out}`)), 60000);
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/[0-9.:]+\//);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[0].replace(/\/$/, "") });
      }
    });
    child.on("exit", (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
}

async function api(base, path, body) {
  const r = await fetch(base + path, {
    method: body ? "POST" : "GET",
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${text}`);
  return JSON.parse(text);
}

// What every table must show, checked on every position seen: nothing
// internal (no field name, raw boolean, empty value, seat counted from
// 0), every card of the hand (and of the pyramid) with its name, cost and
// effect, the hand in reach without scrolling, and what the game's table
// draws (`table`). Returns the problems found.
async function tableProblems(page, table) {
  return page.evaluate((table) => {
    const problems = [];
    const parts = ["header", "#turn", "#seats", "#board", "#handbar"]
      .map((q) => document.querySelector(q))
      .filter((e) => e && !e.hidden);
    const text = parts.map((e) => e.innerText).join("\n");
    const bad = [
      [/\b[a-z]+_[a-z_]+\b/, "a field name"],
      [/\b(true|false)\b/, "a raw boolean"],
      [/\b(null|undefined|NaN)\b|\[object Object\]/, "an empty value"],
      [/\b(seat|player) 0\b/i, "a seat counted from 0"],
      [/\bnone\b/, "an empty row"],
      [/\((\w+)\) \(\1\)/, "a kind said twice"],
    ];
    for (const [re, what] of bad) {
      const m = text.match(re);
      if (m) problems.push(`${what}: "${m[0]}" in "${text.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\n/g, " ")}"`);
    }
    const drawn = (q) => document.querySelectorAll(q).length;
    if (table === "base") {
      if (!document.querySelector("#board .around")) problems.push("no cities drawn around the table");
      // Your wonder board: an SVG with one slot per stage, each with its
      // cost and effect, a built one filled with its card tucked under it.
      const boards = [...document.querySelectorAll("#my-board svg.board-svg")];
      if (document.body.dataset.over !== "true" && document.querySelector(".seat-city.me")) {
        if (boards.filter((b) => b.getBoundingClientRect().width > 0).length !== 1) problems.push("not one wonder board shown");
        for (const b of boards) {
          const stages = [...b.querySelectorAll(".board-stage[data-stage]")];
          if (!Number(b.dataset.stages) || stages.length !== Number(b.dataset.stages)) problems.push(`a board of ${b.dataset.stages} stages drawn with ${stages.length} slots`);
          if (!/side/.test(b.querySelector(".wonder-name")?.textContent || "") || !b.getAttribute("aria-label")) problems.push("a board without its name, side or label");
          for (const st of stages) {
            const cost = st.querySelector(".cost");
            if (!cost?.textContent.trim() || !cost.dataset.cost) problems.push(`stage ${st.dataset.stage} without its cost`);
            if (!st.querySelector(".stage-fx")?.textContent.trim()) problems.push(`stage ${st.dataset.stage} without its effect`);
            if ((st.dataset.built === "yes") !== !!st.querySelector(".tucked")) problems.push(`stage ${st.dataset.stage} built without its card tucked, or the reverse`);
          }
          const pips = document.querySelector(".seat-city.me .pips");
          if (!pips || pips.dataset.built !== b.dataset.built) problems.push(`the board's ${b.dataset.built} stages built, the city's pips ${pips?.dataset.built}`);
        }
      }
      // Every city's wonder progress as pips: its stages built of all.
      for (const c of document.querySelectorAll(".seat-city")) {
        const p = c.querySelector("h3 .pips[data-total]");
        if (!p || p.querySelectorAll(".pip").length !== Number(p.dataset.total) || p.querySelectorAll(".pip.built").length !== Number(p.dataset.built)) problems.push(`city ${c.dataset.seat}'s wonder progress not drawn`);
      }
      if (!/Age|draft/.test(document.querySelector("#table-top")?.innerText || "")) problems.push("no Age shown");
    }
    if (table === "pyramid") {
      const over = document.body.dataset.over === "true";
      const top = document.querySelector("#table-top")?.innerText || "";
      if (!/Age|draft/.test(top)) problems.push("no Age shown");
      const pawn = document.querySelector("#track svg .pawn[data-pawn]");
      if (!pawn) problems.push("no conflict track with its pawn");
      const ends = [...document.querySelectorAll("#track .capital-label")].map((e) => e.textContent);
      const names = [...document.querySelectorAll("#seats li")].map((e) => e.textContent.split(" ←")[0]);
      if (ends.length !== 2 || !ends.every((t) => names.some((n) => n && t.startsWith(n.split(" (")[0])))) problems.push(`the track's ends not named for the players: ${ends}`);
      if (drawn("#track rect[data-square]") !== 19) problems.push(`a track of ${drawn("#track rect[data-square]")} spaces`);
      if (drawn(".mil-token") !== drawn(".mil-token[data-coins]")) problems.push("a military token without its coins");
      if (!drawn("#progress-tokens .ptoken") && !over) problems.push("no progress token on offer drawn");
      if (/draft/.test(top)) {
        // (None left while a wonder chosen last does what choosing it
        // does: a cube placed, a scheme kept.)
        const left = typeof doc !== "undefined" && doc.view && doc.view.draft ? doc.view.draft.length : 1;
        if (drawn("#draft .wonder-card") !== left && !over) problems.push(`${drawn("#draft .wonder-card")} wonders of the draft drawn of ${left}`);
        for (const w of document.querySelectorAll("#draft .wonder-card")) {
          if (!w.querySelector(".name")?.innerText.trim() || !w.querySelector(".cost")?.innerText.trim() || !w.querySelector(".fx")?.innerText.trim()) problems.push(`a wonder of the draft without its name, cost or effect: ${w.outerHTML.slice(0, 200)}`);
        }
      } else {
        const slots = [...document.querySelectorAll("#pyramid .slot")];
        if (!slots.length) problems.push("no pyramid drawn");
        // The whole pyramid in sight, however many columns its figure has.
        const pbox = document.querySelector(".pyramid-box");
        if (pbox && pbox.scrollWidth > pbox.clientWidth + 1) problems.push(`the pyramid is ${pbox.scrollWidth} px wide in a box of ${pbox.clientWidth}`);
        for (const sl of slots) {
          if (!["up", "down", "empty"].includes(sl.dataset.state)) problems.push(`a slot in no state: ${sl.outerHTML.slice(0, 120)}`);
          if (sl.dataset.state === "down" && !sl.querySelector(".card-back .back-age")?.textContent) problems.push("a face-down card without its Age on its back");
          if (sl.dataset.state === "empty" && sl.childNodes.length) problems.push("a taken slot not left empty");
          if (sl.dataset.state === "up") {
            const c = sl.querySelector(".card");
            if (!c?.querySelector(".name")?.innerText.trim() || !c.querySelector(".cost") || !c.querySelector(".fx")?.textContent.trim()) problems.push(`a pyramid card without its name, cost or effect: ${sl.outerHTML.slice(0, 200)}`);
          }
        }
        // Rows overlap: each row below starts lower than the one above, by less than a card.
        const byRow = new Map(slots.map((sl) => [Number(sl.dataset.row), sl.getBoundingClientRect()]));
        for (const [r, rect] of byRow) {
          const below = byRow.get(r + 1);
          if (below && !(below.top > rect.top && below.top < rect.bottom)) problems.push(`row ${r + 2} does not overlap row ${r + 1}`);
        }
        if (!over && slots.some((sl) => sl.dataset.state !== "empty") && !slots.some((sl) => sl.dataset.accessible === "yes")) problems.push("no accessible card marked");
        if (slots.some((sl) => sl.dataset.state === "up" && sl.tabIndex !== 0)) problems.push("a card face up that the keyboard cannot reach");
      }
      // The boards beside the table, each as the document has it: its
      // name, whether it is open, a space for each of its spaces with its
      // card (or empty) and its price in words, a card offered with its
      // button saying its price.
      const boards = (typeof doc !== "undefined" && doc.view && doc.view.boards) || [];
      const drawnBoards = [...document.querySelectorAll("#board .spaces-board")];
      if (drawnBoards.length !== boards.length) problems.push(`${drawnBoards.length} boards drawn of ${boards.length}`);
      for (const [i, b] of boards.entries()) {
        const box = drawnBoards[i];
        if (!box) continue;
        const head = box.querySelector("h3")?.innerText || "";
        if (!head.toLowerCase().includes(b.name.toLowerCase())) problems.push(`the board ${b.name} drawn as "${head}"`);
        if (/closed/.test(head) === b.open) problems.push(`the board ${b.name} ${b.open ? "open" : "closed"}, its heading "${head}"`);
        const spaces = [...box.querySelectorAll(".space")];
        if (spaces.length !== b.spaces.length) problems.push(`the board ${b.name}: ${spaces.length} spaces drawn of ${b.spaces.length}`);
        for (const [j, x] of b.spaces.entries()) {
          const sp = spaces[j];
          if (!sp) continue;
          if (x.card) {
            const c = sp.querySelector(".card");
            // Its name and effect; not its cost (the space's price is paid).
            if (c?.querySelector(".name")?.innerText.trim() !== x.card.name || !c.querySelector(".fx")?.textContent.trim()) problems.push(`a card of the board ${b.name} without its name or effect: ${sp.outerHTML.slice(0, 200)}`);
            if (c?.querySelector(".cost")?.getBoundingClientRect().height) problems.push(`a card of the board ${b.name} shows its own cost beside the space's price`);
            // A card it laid face down, the seat reads it marked so.
            if (x.face_down && !/face down/i.test(c?.querySelector(".status")?.innerText || "")) problems.push(`a card of the board ${b.name} laid face down not marked so`);
          } else if (x.face_down) {
            // Another's card face down: a card back, its colour, no name.
            if (!sp.querySelector(".space-down") || sp.querySelector(".card")) problems.push(`a face-down card of the board ${b.name} not drawn as a card back`);
          } else if (!sp.querySelector(".space-empty") || sp.querySelector(".card")) {
            problems.push(`an empty space of the board ${b.name} not drawn empty`);
          }
          const price = sp.querySelector(".space-price")?.innerText || "";
          if (!/\d+ coins?|free/i.test(price)) problems.push(`a space of the board ${b.name} without its price: "${price}"`);
          const offered = doc.actions.filter((a) => a.about && (a.about.kind === "board" || a.about.kind === "lay") && a.about.space === x.space);
          const buttons = [...sp.querySelectorAll("button.action")];
          if (buttons.length !== offered.length) problems.push(`a space of the board ${b.name} with ${buttons.length} buttons for ${offered.length} moves`);
          for (const [k, a] of offered.entries()) {
            const words = buttons[k]?.innerText || "";
            if (a.about.kind === "lay") {
              // Laying a card drawn: which card, on this space.
              const card = (doc.view.drawn_cards || []).find((c) => c.id === a.about.card);
              if (!card || !words.includes(card.name)) problems.push(`laying a card on the board ${b.name} offered as "${words}"`);
            } else if (!words.includes(a.about.coins ? `${a.about.coins} coin` : "free")) problems.push(`taking a card of the board ${b.name} offered as "${words}" for ${a.about.coins} coins`);
            else if ((a.about.gives_up || []).some((t) => !words.includes(t)) || (!(a.about.gives_up || []).length && /giving up/.test(words))) {
              // The tokens a take gives up for coins off its price.
              problems.push(`taking a card of the board ${b.name} offered as "${words}", giving up ${JSON.stringify(a.about.gives_up)}`);
            }
          }
        }
        if (!b.open && doc.actions.some((a) => a.about && a.about.kind === "board")) problems.push(`the board ${b.name} is closed but offers its cards`);
      }
      // The senate, as the document has it: each chamber with its
      // points, its decree face up (by name) or as a back, its cubes and
      // who controls it.
      const senate = typeof doc !== "undefined" && doc.view && doc.view.senate;
      if (senate) {
        const chambers = [...document.querySelectorAll("#senate .chamber")];
        if (chambers.length !== senate.chambers.length) problems.push(`${chambers.length} chambers drawn of ${senate.chambers.length}`);
        for (const [i, c] of senate.chambers.entries()) {
          const box = chambers[i];
          if (!box) continue;
          const words = box.innerText;
          if (!words.includes(`Chamber ${i + 1}`) || !words.includes(`${c.points} point`)) problems.push(`chamber ${i + 1} drawn without its number or points: "${words.slice(0, 80)}"`);
          if (c.decree && box.querySelector(".card .name")?.innerText.trim() !== c.decree.name) problems.push(`chamber ${i + 1}'s decree ${c.decree.name} not drawn`);
          if (!c.decree && c.decree_face_down && !box.querySelector(".space-down")) problems.push(`chamber ${i + 1}'s face-down decree not drawn as a back`);
          const named = [...box.querySelectorAll(".card .name")].map((e) => e.innerText.trim());
          for (const d of c.under || []) if (!named.includes(d.name)) problems.push(`chamber ${i + 1}'s decree ${d.name}, under the top one, not drawn`);
          for (const n of c.cubes) if (!words.includes(` ${n}`)) problems.push(`chamber ${i + 1}'s cubes (${c.cubes}) not drawn`);
          if (!/controls? it/.test(words)) problems.push(`chamber ${i + 1} does not say who controls it`);
        }
      }
      // The schemes: yours face up, each with its state; the counts of
      // every player's.
      const schemes = typeof doc !== "undefined" && doc.view && doc.view.schemes;
      if (schemes) {
        const box = document.querySelector("#schemes");
        if (!box) problems.push("the schemes not drawn");
        else {
          const cards = [...box.querySelectorAll(".card .name")].map((e) => e.innerText.trim());
          for (const m of [...schemes.mine.map((m) => m.card), ...schemes.drawn]) if (!cards.includes(m.name)) problems.push(`your scheme ${m.name} not drawn`);
          if (!/holds? \d/.test(box.querySelector("h3")?.innerText || "")) problems.push("the schemes held not counted");
        }
      }
      // The track reads from the side of the city at the bottom (yours, or
      // the first player's for a spectator): its capital at the left.
      const labels = [...document.querySelectorAll("#track .capital-label")].sort((a, b) => a.getBBox().x - b.getBBox().x);
      const bottom = [...document.querySelectorAll(".pair-city")].pop()?.querySelector("h3 span")?.textContent;
      if (!bottom || !labels[0]?.textContent.startsWith(bottom + "'s capital")) problems.push(`the track's left end is "${labels[0]?.textContent}", the city at the bottom ${bottom}'s`);
    }
    if (table === "decks") {
      const seats = drawn("#seats li");
      if (drawn(".deck[data-deck]") !== seats + 1) problems.push(`${drawn(".deck[data-deck]")} decks drawn for ${seats} seats`);
      if (!document.querySelector('.deck[data-deck="central"][data-size]')) problems.push("no central deck drawn");
      for (const d of document.querySelectorAll(".deck[data-deck]")) {
        const top = d.querySelector(".card");
        if (top && (!top.querySelector(".name")?.innerText.trim() || !top.querySelector(".fx")?.innerText.trim())) problems.push(`a deck's top card without its name or effect: ${d.outerHTML.slice(0, 200)}`);
      }
      if (!drawn("#conflict-tokens .ctoken[data-side]")) problems.push("no conflict token drawn");
      if (drawn(".pieces .stage[data-built]") < seats) problems.push("no wonder pieces drawn");
      if (!drawn("#progress-tokens .ptoken")) problems.push("no progress token drawn");
    }
    const bar = document.querySelector("#handbar");
    const cards = bar && !bar.hidden ? [...bar.querySelectorAll(".card")] : [];
    for (const c of cards) {
      const name = c.querySelector(".name")?.innerText.trim();
      const cost = c.querySelector(".cost");
      const fx = c.querySelector(".fx")?.innerText.trim();
      if (!name || !cost || !cost.innerText.trim() || !fx) problems.push(`a hand card without its name, cost or effect: ${c.outerHTML.slice(0, 200)}`);
    }
    if (cards.length) {
      const r = cards[0].getBoundingClientRect();
      if (r.top < 0 || r.top >= window.innerHeight) problems.push(`the hand is out of reach: its first card at ${Math.round(r.top)} px in a window of ${window.innerHeight}`);
    }
    return problems;
  }, table);
}

// axe-core's serious and critical violations on the page as it is.
async function accessibilityProblems(page) {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

// The page at `moment`: whole, and at 1280×800 and 400 px wide.
async function shootAll(page, label, moment) {
  await page.screenshot({ path: join(shots, `${label}-${moment}.png`), fullPage: true });
  await shoot(page, join(shots, `${label}-${moment}-1280x800.png`), 1280);
  await shoot(page, join(shots, `${label}-${moment}-400.png`), 400);
  // Your wonder board alone, at both widths (the hand bar, which may
  // cover it, hidden meanwhile).
  const board = page.locator("#my-board");
  if (await board.count()) {
    const size = page.viewportSize();
    await page.evaluate(() => { document.getElementById("handbar").style.visibility = "hidden"; });
    for (const width of [1280, 400]) {
      await page.setViewportSize({ width, height: 800 });
      await board.evaluate((b) => b.scrollIntoView());
      await board.screenshot({ path: join(shots, `${label}-${moment}-board-${width}.png`) });
    }
    await page.evaluate(() => { document.getElementById("handbar").style.visibility = ""; });
    await page.setViewportSize(size);
  }
}

async function shoot(page, path, width) {
  const size = page.viewportSize();
  if (width && width !== size.width) await page.setViewportSize({ width, height: 800 });
  await page.screenshot({ path, fullPage: !width });
  if (width && width !== size.width) await page.setViewportSize(size);
}

// A card face up of the pyramid focused (the `n`th, round), or tapped at
// `width` px wide when given (then the panel is shot): the panel below
// the pyramid shows its name, cost and effect. Returns the problem, or
// null.
async function readPyramidCard(page, n, width, shot) {
  const ups = page.locator("#pyramid .slot.up");
  const count = await ups.count();
  if (!count) return null;
  const size = page.viewportSize();
  if (width) await page.setViewportSize({ width, height: 800 });
  const covered = page.locator("#pyramid .slot.up:not(.playable)");
  const slot = width && (await covered.count()) ? covered.first() : ups.nth((n * 3) % count);
  if (width) {
    // A tap: a card's lower half may lie under the cards below it.
    await slot.dispatchEvent("click");
    await page.waitForTimeout(400);
    await page.screenshot({ path: shot });
  } else {
    await slot.focus();
  }
  const read = await slot.evaluate((sl) => {
    const d = document.querySelector("#pyramid-details");
    const seen = (e) => !!e && e.getBoundingClientRect().height > 0 && e.innerText.trim() !== "";
    return {
      name: sl.querySelector(".name")?.innerText.trim(),
      shown: d?.querySelector(".card .name")?.innerText.trim(),
      cost: !!d?.querySelector(".card .cost") && d.querySelector(".card .cost").getBoundingClientRect().height > 0,
      fx: seen(d?.querySelector(".card .fx")),
      status: seen(d?.querySelector(".card .status")),
    };
  });
  if (width) await page.setViewportSize(size);
  if (!read.name || read.name !== read.shown || !read.cost || !read.fx || !read.status) {
    return `a card of the pyramid focused${width ? " at " + width + " px" : ""} is not read whole below it: ${JSON.stringify(read)}`;
  }
  return null;
}

// What a spectator's page (not a seat) of the two-player game shows:
// the table drawn as for a seat, no hand bar, and nothing said to "you"
// (but the cards' own effects and costs, which speak to whoever builds
// them).
async function spectate(base, created, game) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(base + created.spectate);
    await page.waitForSelector("#board .pair-city");
    const problems = await tableProblems(page, game.table);
    const said = await page.evaluate(() => {
      // A card's own words (its effect, and a cost counted in its
      // builder's cards) speak to whoever builds it.
      const fx = [...document.querySelectorAll("#board .fx, #board .cost")];
      for (const e of fx) e.style.display = "none";
      const text = ["header", "#turn", "#seats", "#board", "#handbar"].map((q) => document.querySelector(q))
        .filter((e) => e && !e.hidden).map((e) => e.innerText).join("\n");
      for (const e of fx) e.style.display = "";
      const labels = [...document.querySelectorAll("[aria-label]")].filter((e) => !e.closest(".fx, .cost")).map((e) => e.getAttribute("aria-label"));
      return [...text.split("\n"), ...labels].filter((l) => /\byou(r|rs)?\b/i.test(l));
    });
    if (said.length) problems.push(`a spectator is spoken to: ${said.slice(0, 3).join(" | ")}`);
    if (await page.isVisible("#handbar")) problems.push("a spectator is shown a hand bar");
    await shoot(page, join(shots, `${game.label}-spectator-1280x800.png`), 1280);
    const a11y = await accessibilityProblems(page);
    if (problems.length || a11y.length) throw new Error(`${game.label}, a spectator's page: ${[...problems, ...a11y].join("; ")}`);
  } finally {
    await page.close();
  }
}

// The boards beside the table, shot at 1280×800 and 400 px wide, the
// first board (or `top`) at the top of the window.
async function shootBoards(page, label, moment, top = "#board .spaces-board") {
  const size = page.viewportSize();
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 800 });
    await page.locator(top).first().evaluate((b) => b.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: join(shots, `${label}-${moment}-${width}.png`) });
  }
  await page.setViewportSize(size);
}

// A card of a board offered, taken by a click on the card (not on its
// button): it goes to the city of the player who took it. Returns the
// problem, or null.
async function takeFromBoard(page, label) {
  await shootBoards(page, label, "board-open");
  const space = page.locator('#board .space.offered[data-state="card"]').first();
  const name = await space.locator(".card .name").innerText();
  const before = await page.getAttribute("body", "data-played");
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/moves") && r.request().method() === "POST"),
    space.locator(".card .name").click(),
  ]);
  await page.waitForFunction((b) => document.body.dataset.played !== b, before, { timeout: 120000 });
  const mine = await page.evaluate(() => [...document.querySelectorAll(".pair-city.me .chip[data-card]")].map((c) => c.dataset.card));
  return mine.includes(name) ? null : `${name}, taken from a board, is not in the city: ${mine.join(", ")}`;
}

async function playThrough(page, base, game) {
  const created = await api(base, "/api/games", game.body);
  const me = created.seats.find((s) => s.kind === "person");
  await page.goto(base + me.link);
  let clicks = 0;
  let tookBoard = false;
  let shotBoards = false;
  let shotLay = false;
  let shotMid = false;
  let shotStart = false;
  const deadline = Date.now() + 300000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${game.label}: not over after ${clicks} moves`);
    // Either the game is over, or an action of ours is offered (in
    // sight: the bar hides the actions of the cards not chosen, and a
    // card stays chosen while a move elsewhere, on a board, is made).
    await page.waitForSelector("#over:not([hidden]), button.action:not([disabled]):visible", { timeout: 120000 });
    if (await page.isVisible("#over:not([hidden])")) break;
    // A locator, not element handles: the page may draw the same position
    // again (an event arriving after it showed our turn), and a handle to
    // a button drawn over would no longer click; a locator finds the
    // button again when it clicks.
    const problems = await tableProblems(page, game.table);
    if (problems.length) throw new Error(`${game.label}, after ${clicks} moves: ${problems.join("; ")}`);
    if (clicks === 0 && !shotStart) {
      await shootAll(page, game.label, "start");
      const a11y = await accessibilityProblems(page);
      if (a11y.length) throw new Error(`${game.label}'s table at its start: ${a11y.join("; ")}`);
      shotStart = true;
    }
    if (game.table === "base") {
      // A card of the hand chosen offers its actions.
      const playable = page.locator("#handbar .card.playable");
      const cards = await playable.count();
      if (cards > 0) await playable.nth((clicks * 5) % cards).click();
    }
    if (game.table === "pyramid") {
      // A card of the pyramid chosen offers its actions in the bar.
      const playable = page.locator("#pyramid .slot.playable");
      const cards = await playable.count();
      if (cards > 0) {
        await playable.nth((clicks * 5) % cards).click();
        const chosen = await page.evaluate(() => {
          const sel = document.querySelector("#pyramid .slot.selected .name")?.innerText;
          const bar = document.querySelector("#handbar .card .name")?.innerText;
          return { sel, bar, buttons: document.querySelectorAll("#hand-actions button.action:not([hidden])").length };
        });
        if (!chosen.sel || chosen.sel !== chosen.bar || !chosen.buttons) {
          throw new Error(`${game.label}: choosing a card of the pyramid did not offer its actions: ${JSON.stringify(chosen)}`);
        }
      }
    }
    if (game.table === "pyramid") {
      // Any card face up, reached by the keyboard, is read whole below the
      // pyramid (at 400 px the pyramid draws only names and costs).
      const width = clicks === (game.mid || 8) ? 400 : null;
      const problem = await readPyramidCard(page, clicks, width, join(shots, `${game.label}-mid-card-read-400.png`));
      if (problem) throw new Error(`${game.label}, after ${clicks} moves: ${problem}`);
    }
    if (!shotMid && clicks >= (game.mid || 8)) {
      await shootAll(page, game.label, "mid");
      const a11y = await accessibilityProblems(page);
      if (a11y.length) throw new Error(`${game.label}'s table mid-way: ${a11y.join("; ")}`);
      shotMid = true;
      if (game.table === "pyramid") await spectate(base, created, game);
    }
    if (game.boards && !shotBoards && (await page.locator("#board .spaces-board .space .card").count())) {
      await shootBoards(page, game.label, "board");
      shotBoards = true;
    }
    // Cards drawn to lay one face down: shown above the boards.
    if (game.boards && !shotLay && (await page.locator("#drawn-cards .card").count())) {
      await shootBoards(page, game.label, "lay", "#drawn-cards");
      shotLay = true;
    }
    if (game.boards && !tookBoard && (await page.locator('#board .space.offered[data-state="card"]').count())) {
      const problem = await takeFromBoard(page, game.label);
      if (problem) throw new Error(`${game.label}, after ${clicks} moves: ${problem}`);
      tookBoard = true;
      clicks += 1;
      continue;
    }
    const before = await page.getAttribute("body", "data-played");
    // Architects: every other card is taken by a click on its deck (not
    // on the deck's button).
    const decks = game.table === "decks" ? page.locator(".deck.offered .deck-head") : null;
    const byDeck = decks && clicks % 2 === 0 ? await decks.count() : 0;
    const actions = page.locator("button.action:not([disabled]):visible");
    const offered = await actions.count();
    if (offered === 0 && byDeck === 0) continue;
    const pick = byDeck ? decks.nth(clicks % byDeck) : actions.nth((clicks * 7) % offered);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/moves") && r.request().method() === "POST"),
      pick.click(),
    ]);
    clicks += 1;
    // The page shows the position after the move before we look again.
    await page.waitForFunction((b) => document.body.dataset.played !== b, before, { timeout: 120000 });
  }
  if (game.boards && !tookBoard) throw new Error(`${game.label}: no card of a board was offered in the whole game`);
  await page.waitForSelector("#score table", { timeout: 30000 });
  await shootAll(page, game.label, "end");
  const problems = await tableProblems(page, game.table);
  if (problems.length) throw new Error(`${game.label}, at the end: ${problems.join("; ")}`);
  const state = await api(base, `/api/games/${created.id}?t=${me.token}`);
  if (!state.over) throw new Error(`${game.label}: the page says over, the API does not`);
  // A finished game downloads as a replay log from the page's link.
  const href = await page.getAttribute("a#log-link", "href");
  const log = await (await fetch(new URL(href, base))).text();
  if (!log.includes("seed")) throw new Error(`${game.label}: no replay log behind the link`);
  console.log(`${game.label}: played to the end through the page, ${clicks} clicks`);
}

const dir = mkdtempSync(join(tmpdir(), "sevenw-browser-"));
const { child, base } = await startServer(join(dir, "tables.sqlite"));
let trialsChild = null;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
let failed = false;
try {
  // The lobby: accessible, and drawn.
  const lobby = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await lobby.goto(base + "/");
  await lobby.waitForSelector("#game option", { state: "attached" });
  const a11y = await accessibilityProblems(lobby);
  if (a11y.length) throw new Error(`the lobby: ${a11y.join("; ")}`);
  // Each game of the library chosen: only the choices it offers are on
  // the form (an edition to choose among several, its expansions), and
  // no empty row ("none").
  const library = await api(base, "/api/library");
  for (const g of library.games) {
    await lobby.selectOption("#game", g.name);
    const form = await lobby.evaluate(() => ({
      text: document.querySelector("#new-game").innerText,
      edition: !document.querySelector("#edition").hidden,
      expansions: [...document.querySelectorAll("#expansions input[name=with]")].map((x) => x.value),
    }));
    const problems = [];
    if (/\bnone\b/.test(form.text)) problems.push("an empty row");
    if (form.edition !== g.editions.length > 1) problems.push(`the edition row ${form.edition ? "shown" : "hidden"} for ${g.editions.length} editions`);
    const first = g.expansions.filter((x) => !x.editions || !x.editions.length || x.editions.includes(g.editions[0])).map((x) => x.name);
    if (form.expansions.join() !== first.join()) problems.push(`expansions ${form.expansions} offered of ${first}`);
    if (problems.length) throw new Error(`the lobby with ${g.title}: ${problems.join("; ")}`);
  }
  await lobby.selectOption("#game", library.games[0].name);
  await lobby.screenshot({ path: join(shots, "lobby.png"), fullPage: true });
  await lobby.close();
  // Duel from the second seat: the track reads from that player's side.
  if (!process.env.ONLY || "duel".startsWith(process.env.ONLY)) {
    const created = await api(base, "/api/games", { game: "duel", seed: 6, seats: [{ kind: "greedy" }, { kind: "person", name: "Ana" }] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(base + created.seats.find((s) => s.kind === "person").link);
    await page.waitForSelector("#track .capital-label");
    const problems = await tableProblems(page, "pyramid");
    const bottom = await page.evaluate(() => [...document.querySelectorAll(".pair-city")].pop()?.querySelector("h3 span")?.textContent);
    if (bottom !== "Ana") problems.push(`the city at the bottom is ${bottom}'s, not the seat's`);
    if (problems.length) throw new Error(`duel from the second seat: ${problems.join("; ")}`);
    await page.screenshot({ path: join(shots, "duel-second-seat-1280x800.png") });
    await page.close();
  }
  // The test expansions' games on a server of their own binary.
  let trialsBase = null;
  const games = GAMES.filter((g) => (!g.trials || trials) && (!process.env.ONLY || g.label.startsWith(process.env.ONLY)));
  if (!trials) console.log("no test expansions' binary given: Duel with Omens' board not played");
  for (const game of games) {
    if (game.trials && !trialsBase) {
      const started = await startServer(join(dir, "trials.sqlite"), trials);
      trialsChild = started.child;
      trialsBase = started.base;
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Counts the times the page draws the position it shows again while
    // choices are offered: each would replace the buttons under a player's
    // pointer, and a click in between would be lost.
    await page.addInitScript(() => {
      window.redrawn = 0;
      let drawnAt = null;
      new MutationObserver((records) => {
        for (const r of records) {
          const offered = (n) => n.matches && n.matches("button.action");
          if ([...r.removedNodes].some((n) => offered(n) && !n.disabled) && document.body.dataset.played === drawnAt) {
            window.redrawn += 1;
          }
          if ([...r.addedNodes].some(offered)) drawnAt = document.body.dataset.played;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await playThrough(page, game.trials ? trialsBase : base, game);
    if (errors.length) throw new Error(`${game.label}: the page threw: ${errors.join("; ")}`);
    const redrawn = await page.evaluate(() => window.redrawn);
    if (redrawn) throw new Error(`${game.label}: the choices were drawn again ${redrawn} times for the same position`);
    await page.close();
  }
} catch (e) {
  console.error(String(e && e.stack ? e.stack : e));
  failed = true;
} finally {
  await browser.close();
  child.kill();
  if (trialsChild) trialsChild.kill();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
