#!/usr/bin/env python3
"""Load on `sevenw serve`, on loopback, bounded in count and time.

    python3 tests/serve/load.py SEVENW_BINARY [--games 200] [--clients 8]

Starts the server on a fresh database and opens GAMES games at once (a mix
of the base game, Duel and Architects, every seat a person played by a
scripted client through the host token). CLIENTS threads play them
move by move, round robin, each move a GET of the seat's document and a
POST of a random legal action. Half-way the server is killed with
SIGKILL and started again on the same database: every game must be where
its last acknowledged move left it. Then every game is played to its end,
and its replay log checked by `sevenw replay`. A second wave of the same
size warms up the allocator and SQLite's cache, and a third measures
memory: the server's resident memory after the third wave must be within
5% (and 1 MiB) of after the second: flat, not growing with the games
played, finished games being put away (`Slot::settle`).

Prints the 50th, 99th percentile and maximum time of a person's action
(the POST, on the server; bots do not play here) and exits 1 if the 99th
percentile is 50 ms or more, a game is lost or mixed up, or memory grows.
Python's standard library only.
"""

import argparse
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

KINDS = [
    {"game": "base", "players": 3},
    {"game": "duel"},
    {"game": "architects", "players": 3},
    {"game": "base", "players": 4, "with": ["leaders", "edifice"]},
]


class Server:
    def __init__(self, binary, db):
        self.binary, self.db = binary, db
        self.proc = None
        self.base = None

    def start(self):
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--addr", "127.0.0.1:0", "--db", self.db],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        deadline = time.time() + 120
        line = ""
        while time.time() < deadline:
            line = self.proc.stdout.readline()
            m = re.search(r"http://[0-9.:]+/", line)
            if m:
                self.base = m.group(0).rstrip("/")
                # Keep reading the server's output so it never blocks.
                threading.Thread(target=self.proc.stdout.read, daemon=True).start()
                return
            if self.proc.poll() is not None:
                break
        raise SystemExit(f"the server printed no address: {line}")

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def call(server, method, path, body=None, token=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(server.base + path, data=data, method=method)
    if data is not None:
        req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


class Game:
    def __init__(self, server, i, seed):
        kind = dict(KINDS[i % len(KINDS)])
        players = kind.get("players", 2)
        kind["seed"] = seed
        kind["seats"] = [{"kind": "person", "name": f"g{i}p{s}"} for s in range(players)]
        status, created = call(server, "POST", "/api/games", kind)
        if status != 201:
            raise SystemExit(f"cannot create a game: {status} {created}")
        self.id, self.host = created["id"], created["host"]
        self.acknowledged = 0
        self.over = False
        self.lock = threading.Lock()
        self.rng = random.Random(seed)

    def step(self, server, times):
        """One move; False once the game is over."""
        status, doc = call(server, "GET", f"/api/games/{self.id}", token=self.host)
        if status != 200:
            raise RuntimeError(f"game {self.id}: GET {status} {doc}")
        if doc["id"] != self.id:
            raise RuntimeError(f"game {self.id}: the document of {doc['id']}")
        if doc["played"] != self.acknowledged:
            raise RuntimeError(
                f"game {self.id}: {doc['played']} decisions, {self.acknowledged} acknowledged"
            )
        if doc["over"]:
            self.over = True
            return False
        action = self.rng.choice(doc["actions"])["number"]
        body = {"seat": doc["to_move"], "action": action, "played": doc["played"]}
        t = time.perf_counter()
        status, after = call(server, "POST", f"/api/games/{self.id}/moves", body, self.host)
        times.append(time.perf_counter() - t)
        if status != 200:
            raise RuntimeError(f"game {self.id}: POST {status} {after}")
        self.acknowledged += 1
        return True


def play(server, games, clients, until):
    """Plays every game until `until(game)` says stop, CLIENTS threads."""
    times, errors = [], []
    queue = list(games)
    qlock = threading.Lock()

    def worker():
        while True:
            with qlock:
                if not queue:
                    return
                g = queue.pop(0)
            try:
                if not until(g) and g.step(server, times):
                    with qlock:
                        queue.append(g)
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(str(e))

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise SystemExit("\n".join(errors[:10]))
    return times


def wave(server, n, clients, seed, kill_at=None):
    games = [Game(server, i, seed + i) for i in range(n)]
    times = []
    if kill_at is not None:
        times += play(server, games, clients, lambda g: g.acknowledged >= kill_at)
        server.kill9()
        server.start()
        # Every game where its last acknowledged move left it.
        for g in games:
            status, doc = call(server, "GET", f"/api/games/{g.id}", token=g.host)
            if status != 200 or doc["played"] != g.acknowledged:
                raise SystemExit(f"game {g.id} lost after kill -9: {status} {doc}")
    times += play(server, games, clients, lambda g: g.over)
    return games, times


def pct(times, p):
    s = sorted(times)
    return s[min(len(s) - 1, int(p / 100 * len(s)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--clients", type=int, default=8)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        server = Server(a.binary, os.path.join(d, "tables.sqlite"))
        server.start()
        started = time.time()
        games, times = wave(server, a.games, a.clients, 1000, kill_at=15)
        rss1 = server.rss_kib()
        # Every finished game's log replays.
        for g in games[:: max(1, len(games) // 20)]:
            req = urllib.request.Request(f"{server.base}/api/games/{g.id}/log")
            with urllib.request.urlopen(req) as r:
                log = r.read()
            path = os.path.join(d, f"{g.id}.log")
            with open(path, "wb") as f:
                f.write(log)
            out = subprocess.run([a.binary, "replay", path], capture_output=True, text=True)
            if out.returncode != 0:
                raise SystemExit(f"game {g.id}: its log does not replay: {out.stderr}")
        # Then two more waves: the first warms the allocator's arenas and
        # SQLite's page cache; between the second and the third the
        # server's memory must be flat.
        _, times2 = wave(server, a.games, a.clients, 5000)
        rss2 = server.rss_kib()
        _, times3 = wave(server, a.games, a.clients, 9000)
        rss3 = server.rss_kib()
        server.stop()
        times += times2 + times3
        ms = [t * 1000 for t in times]
        print(
            f"{3 * a.games} games ({a.games} at once, {a.clients} clients), {len(ms)} moves "
            f"in {time.time() - started:.1f} s, a kill -9 and restart half-way through the first "
            f"{a.games}: person's action p50 {pct(ms, 50):.1f} ms, p99 {pct(ms, 99):.1f} ms, "
            f"max {max(ms):.1f} ms; server memory after each wave {rss1 / 1024:.1f}, "
            f"{rss2 / 1024:.1f}, {rss3 / 1024:.1f} MiB"
        )
        if pct(ms, 99) >= 50:
            raise SystemExit("the 99th percentile of a person's action is 50 ms or more")
        if rss3 > rss2 * 1.05 + 1024:
            raise SystemExit("the server's memory grew with the games played")


if __name__ == "__main__":
    main()
