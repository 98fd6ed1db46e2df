#!/usr/bin/env bash
# The playtest table as people and programs use it, against a real
# `sevenw serve`: complete games through the page in Debian's headless
# Chromium (screenshots in target/screenshots/, axe-core's accessibility
# check of the lobby and each table; Duel with the test expansion Omens,
# for its board of spaces, through `sevenw-trials`), a schema-based fuzzer
# (schemathesis) against the server's OpenAPI document, and a load of 200
# games at once with a kill -9 half-way (tests/serve/load.py).
# Installs what it needs: Debian's chromium (apt-get, when missing),
# playwright-core and axe-core from npm (tests/serve/package-lock.json), schemathesis
# from PyPI into a venv under target/.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

if ! command -v chromium >/dev/null 2>&1; then
  echo "== installing Debian's chromium"
  sudo_=""
  [ "$(id -u)" -eq 0 ] || sudo_="sudo"
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq chromium >/dev/null
fi

echo "== playwright-core and axe-core (npm)"
(cd tests/serve && npm ci --no-audit --no-fund --silent)

cargo build --quiet -p sevenw
# The shipped games with the test expansions, for what no shipped card
# set lays (a board of spaces beside Duel's table).
cargo build --quiet -p sevenw-test-expansions --features sevenw-cli/serve
target_dir=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
bin="$target_dir/debug/sevenw"

echo "== complete games through the page in headless Chromium"
node tests/serve/browser.mjs "$bin" "$target_dir/screenshots" "$target_dir/debug/sevenw-trials"

echo "== schemathesis against the server's OpenAPI document"
venv="$target_dir/serve-venv"
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'schemathesis==4.32.5'
fi
db=$(mktemp -d)
"$bin" serve --addr 127.0.0.1:0 --db "$db/fuzz.sqlite" >"$db/out" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -rf "$db"' EXIT
for _ in $(seq 1 100); do
  addr=$(grep -o 'http://[0-9.:]*/' "$db/out" | head -1 || true)
  [ -n "$addr" ] && break
  sleep 0.2
done
[ -n "$addr" ] || { cat "$db/out"; echo "the server printed no address" >&2; exit 1; }
# Every check but one: a set-up that fits the schema may still be one the
# rules refuse (more seats than players, say), answered 422, which
# `positive_data_acceptance` would count as a failure. The event stream
# never ends by itself: the timeout ends each read of it (a few seconds,
# so that the run takes about a minute).
"$venv/bin/schemathesis" run "${addr}api/openapi.json" \
  --checks all --exclude-checks positive_data_acceptance \
  --max-examples 15 --generation-deterministic \
  --workers 1 --request-timeout 3
kill -0 $pid || { echo "the server died under the fuzzer" >&2; exit 1; }
echo "== the server answered every fuzzed request without a 5xx and is still up"

echo "== load: 200 games at once by scripted clients, a kill -9 and restart, memory"
python3 tests/serve/load.py "$bin" --games 200 --clients 8
