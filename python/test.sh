#!/usr/bin/env bash
# The Python package's tests (README: `cargo test --workspace && bash
# python/test.sh`): a venv under target/python-venv with the pinned tools
# (requirements-test.txt, and requirements-rl.txt when there is one), the
# release wheel built as CI builds it (target/wheels) and installed, pytest
# over python/tests, then a designer's path: a `sevenc new` folder's cards
# built into a module of its own with the command its README gives, in a
# second venv, and played from Python.
#
# Compares with the command line: SEVENW_BIN and SEVENC_BIN, else the
# debug binaries `cargo test --workspace` built (built here if need be).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$root/target/python-venv"
start=$SECONDS
step() { echo "== python/test.sh: $* ($((SECONDS - start)) s)"; }

step "the venv ($venv)"
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r python/requirements-test.txt
if [ -f python/requirements-rl.txt ]; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r python/requirements-rl.txt
fi

step "the wheel (maturin build --release)"
rm -f target/wheels/sevenw-*.whl
"$venv/bin/maturin" build --quiet --release -m python/Cargo.toml -o target/wheels -i "$venv/bin/python"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps target/wheels/sevenw-*.whl

if [ -z "${SEVENW_BIN:-}" ] || [ -z "${SEVENC_BIN:-}" ]; then
    step "the command line to compare with (cargo build)"
    cargo build --quiet -p sevenw --bin sevenw -p sevenc --bin sevenc
    export SEVENW_BIN="${SEVENW_BIN:-$target/debug/sevenw}"
    export SEVENC_BIN="${SEVENC_BIN:-$target/debug/sevenc}"
fi

step "pytest python/tests"
"$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests

step "a designer's folder built into its own module"
scratch="$root/target/python-designer"
rm -rf "$scratch/harbours"
mkdir -p "$scratch"
"$SEVENC_BIN" new "$scratch/harbours" >/dev/null
dvenv="$scratch/venv"
[ -x "$dvenv/bin/python" ] || "$python" -m venv "$dvenv"
"$dvenv/bin/python" -m pip install --quiet --disable-pip-version-check -r python/requirements-test.txt
command="$(grep -o 'SEVENW_CARD_SETS=\$PWD/cards pip install .*' "$scratch/harbours/README.md")"
[ "$command" = "SEVENW_CARD_SETS=\$PWD/cards pip install $root/python" ] || {
    echo "the folder's README gives \`$command\`" >&2
    exit 1
}
# The README's command, in the second venv; its build tools are already
# there (no download: --no-build-isolation), the venv's bin first on the
# PATH as if it were activated.
(cd "$scratch/harbours" && PATH="$dvenv/bin:$PATH" SEVENW_CARD_SETS=$PWD/cards pip install \
    --quiet --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps "$root/python")
(cd "$scratch" && "$dvenv/bin/python" - <<'PY'
import sevenw

names = {g["name"]: g for g in sevenw.games()}
assert "harbours" in names and names["harbours"]["extends"] == "base", names
env = sevenw.Env(expansions=["harbours"], players=4, seed=1)
while not env.is_over:
    env.step(env.bot("greedy"))
assert env.rewards().any()
print("harbours plays from Python:", env)
PY
)
step "passed"
