#!/usr/bin/env bash
# The soak of every variant: `sevenw sim --check` (every invariant after
# every move, each game's sheet and replay checked) with random bots, one
# thread, seed 2026, for each of the 110 variants the runtime plays: the
# base game in both editions, alone, with Leaders, with Edifice and with
# both, and each of those with Cities (its edition and, with Leaders, its
# leaders), with the Wonder Pack, and with all four, at 3 to 7 players;
# Duel, alone, with Pantheon, with Agora and with both; Architects at 2 to
# 7 players.
#
# Usage: tests/soak-all.sh [GAMES] [OUT]
#   GAMES  games per variant (default 1000000)
#   OUT    folder of results, one file per variant (default target/soak)
# Environment:
#   SEVENW      the binary to run (default: built here, release)
#   SOAK_JOBS   variants run at once (default 1)
#   SOAK_ONLY   run only the variants whose name contains this text
#
# A variant whose result file says "no violation" is done and skipped, so
# a stopped run resumes where it was. Results are written to NAME.txt.part
# and renamed when the run ends well. The exit code is 1 if a variant found
# a violation or failed (its .part file says why), 0 otherwise; the summary
# line lists each variant with its decisions and seconds.
set -euo pipefail

games=${1:-1000000}
cd "$(dirname "$0")/.."
out=${2:-target/soak}
jobs=${SOAK_JOBS:-1}
only=${SOAK_ONLY:-}
if ! [[ $games =~ ^[1-9][0-9]*$ ]]; then
    echo "error: GAMES must be a positive whole number, not '$games'" >&2
    exit 2
fi
if ! [[ $jobs =~ ^[1-9][0-9]*$ ]]; then
    echo "error: SOAK_JOBS must be a positive whole number, not '$jobs'" >&2
    exit 2
fi
if [[ -z ${SEVENW:-} ]]; then
    cargo build --quiet --release -p sevenw
    SEVENW=$PWD/target/release/sevenw
fi
mkdir -p "$out"

# name|arguments, in the order they run.
variants=()
for ed in 1 2; do
    for with in none leaders edifice leaders,edifice \
        cities cities,leaders cities,edifice cities,leaders,edifice \
        wonder-pack cities,leaders,edifice,wonder-pack; do
        for p in 3 4 5 6 7; do
            name="base$ed-${with//,/+}-$p"
            args="--game base --edition $ed --players $p"
            [[ $with == none ]] || args+=" --with $with"
            variants+=("$name|$args")
        done
    done
done
variants+=("duel|--game duel")
variants+=("pantheon|--game duel --with pantheon")
variants+=("agora|--game duel --with agora")
variants+=("pantheon+agora|--game duel --with pantheon,agora")
for p in 2 3 4 5 6 7; do
    variants+=("architects-$p|--game architects --players $p")
done

run() {
    local name=$1 args=$2
    local file="$out/$name.txt"
    # shellcheck disable=SC2086 # the arguments are words
    if "$SEVENW" sim --check $args --games "$games" --bots random \
        --threads 1 --seed 2026 >"$file.part" 2>&1; then
        mv "$file.part" "$file"
    else
        echo "$name: FAILED (see $file.part)"
        return 1
    fi
}

failed=0
running=0
for v in "${variants[@]}"; do
    name=${v%%|*}
    args=${v#*|}
    [[ -z $only || $name == *"$only"* ]] || continue
    file="$out/$name.txt"
    if [[ -f $file ]] && grep -q "no violation" "$file" &&
        grep -q "^$games game" "$file"; then
        continue
    fi
    run "$name" "$args" &
    running=$((running + 1))
    if ((running >= jobs)); then
        wait -n || failed=1
        running=$((running - 1))
    fi
done
while ((running > 0)); do
    wait -n || failed=1
    running=$((running - 1))
done

done=0
for v in "${variants[@]}"; do
    name=${v%%|*}
    file="$out/$name.txt"
    [[ -f $file ]] || continue
    # Line 2: "S s, R games/s (…)"; line 3: "checked: … each of N decisions, …".
    secs=$(sed -n 2p "$file" | cut -d' ' -f1)
    decisions=$(sed -n 3p "$file" | sed 's/.*each of \([0-9]*\) decisions.*/\1/')
    echo "$name: $(sed -n 1p "$file" | cut -d' ' -f1) games, $decisions decisions, $secs s, no violation"
    done=$((done + 1))
done
echo "$done of ${#variants[@]} variants done in $out"
exit "$failed"
