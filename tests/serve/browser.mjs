// Plays complete games through `sevenw serve`'s page in a real browser
// (Debian's headless Chromium, driven by playwright-core), one person
// against bots in each game, and saves a screenshot of each game mid-way
// and at its end (the base game's also at its start, and at 1280×800 and
// 400 px wide). On the base game's table it checks every position it
// sees: nothing internal on the page, every card of the hand with its
// name, cost and effect, the hand in reach without scrolling.
//
//   node tests/serve/browser.mjs SEVENW_BINARY SCREENSHOT_DIR
//
// Run by tests/serve/run.sh, which installs what it needs.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [bin, shots] = process.argv.slice(2);
if (!bin || !shots) {
  console.error("usage: node browser.mjs SEVENW_BINARY SCREENSHOT_DIR");
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
    body: { game: "duel", seed: 5, seats: [{ kind: "person", name: "Ana" }, { kind: "greedy" }] },
  },
  {
    label: "architects-3p",
    body: {
      game: "architects",
      players: 3,
      seed: 9,
      seats: [{ kind: "person", name: "Ana" }, { kind: "greedy" }, { kind: "random" }],
    },
  },
];

/** Starts the server on a free port of loopback; resolves to its address. */
function startServer(db) {
  const child = spawn(bin, ["serve", "--addr", "127.0.0.1:0", "--db", db], {
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

// What the base game's table must show, checked on every position seen:
// nothing internal (no field name, raw boolean, empty value, seat counted
// from 0), every card of the hand with its name, cost and effect, and the
// hand in reach without scrolling. Returns the problems found.
async function baseTableProblems(page) {
  return page.evaluate(() => {
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
    if (!document.querySelector("#board .around")) problems.push("no cities drawn around the table");
    if (!document.querySelector("#my-board .stage")) problems.push("no wonder stage drawn");
    if (!/Age|draft/.test(document.querySelector("#table-top")?.innerText || "")) problems.push("no Age shown");
    const bar = document.querySelector("#handbar");
    const cards = bar ? [...bar.querySelectorAll(".card")] : [];
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
  });
}

async function shoot(page, path, width) {
  const size = page.viewportSize();
  if (width && width !== size.width) await page.setViewportSize({ width, height: 800 });
  await page.screenshot({ path, fullPage: !width });
  if (width && width !== size.width) await page.setViewportSize(size);
}

async function playThrough(page, base, game) {
  const created = await api(base, "/api/games", game.body);
  const me = created.seats.find((s) => s.kind === "person");
  await page.goto(base + me.link);
  let clicks = 0;
  let shotMid = false;
  const deadline = Date.now() + 300000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${game.label}: not over after ${clicks} moves`);
    // Either the game is over, or an action of ours is offered.
    await page.waitForSelector("#over:not([hidden]), button.action:not([disabled])", { timeout: 120000 });
    if (await page.isVisible("#over:not([hidden])")) break;
    // A locator, not element handles: the page may draw the same position
    // again (an event arriving after it showed our turn), and a handle to
    // a button drawn over would no longer click; a locator finds the
    // button again when it clicks.
    if (game.table === "base") {
      const problems = await baseTableProblems(page);
      if (problems.length) throw new Error(`${game.label}, after ${clicks} moves: ${problems.join("; ")}`);
      if (clicks === 0) {
        await shoot(page, join(shots, `${game.label}-start.png`));
        await shoot(page, join(shots, `${game.label}-start-1280x800.png`), 1280);
        await shoot(page, join(shots, `${game.label}-start-400.png`), 400);
      }
      // A card of the hand chosen offers its actions.
      const playable = page.locator("#handbar .card.playable");
      const cards = await playable.count();
      if (cards > 0) await playable.nth((clicks * 5) % cards).click();
    }
    const actions = page.locator("button.action:not([disabled]):visible");
    const offered = await actions.count();
    if (offered === 0) continue;
    if (!shotMid && clicks >= 8) {
      await page.screenshot({ path: join(shots, `${game.label}-mid.png`), fullPage: true });
      if (game.table === "base") {
        await shoot(page, join(shots, `${game.label}-mid-1280x800.png`), 1280);
        await shoot(page, join(shots, `${game.label}-mid-400.png`), 400);
      }
      shotMid = true;
    }
    const before = await page.getAttribute("body", "data-played");
    const pick = actions.nth((clicks * 7) % offered);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes("/moves") && r.request().method() === "POST"),
      pick.click(),
    ]);
    clicks += 1;
    // The page shows the position after the move before we look again.
    await page.waitForFunction((b) => document.body.dataset.played !== b, before, { timeout: 120000 });
  }
  await page.waitForSelector("#score table", { timeout: 30000 });
  await page.screenshot({ path: join(shots, `${game.label}-end.png`), fullPage: true });
  if (game.table === "base") {
    await shoot(page, join(shots, `${game.label}-end-400.png`), 400);
    const problems = await baseTableProblems(page);
    if (problems.length) throw new Error(`${game.label}, at the end: ${problems.join("; ")}`);
  }
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
  for (const game of GAMES) {
    const page = await browser.newPage({ viewport: { width: 1280, height: game.table === "base" ? 800 : 900 } });
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
    await playThrough(page, base, game);
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
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
