#!/usr/bin/env bash
# CI: the JSON export of every shipped game family, validated against
# schemas/ir.schema.json by python-jsonschema (pinned, in a virtual
# environment under target/; the standard library has no validator).
set -euo pipefail
cd "$(dirname "$0")/../.."
target="${CARGO_TARGET_DIR:-target}"
venv="$target/ir-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check jsonschema==4.23.0
fi
out="$target/ir-export"
cargo run --quiet -p sevenc -- gen --format json --out-dir "$out" cards
"$venv/bin/python" tests/ir-scorer/validate.py schemas/ir.schema.json "$out"/*.json
