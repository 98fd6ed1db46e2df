#!/usr/bin/env bash
# A RUSTC_WRAPPER for cargo-fuzz that leaves the crates cargo downloads
# (crates.io and git dependencies: syn, prettyplease, serde-saphyr, pest, …)
# out of the coverage instrumentation. Our crates, and the generic code of
# dependencies they instantiate, stay instrumented.
#
# Why: the `card_set` target spends most of an execution in syn and
# prettyplease formatting the generated code. Their branches guide the
# fuzzer toward nothing of ours, and instrumenting them costs more than
# running them. With this wrapper `card_set` runs about 1.8 times as many
# inputs a second (README, "Soak mode and fuzzing").
#
#   cd fuzz
#   RUSTC_BOOTSTRAP=1 RUSTC_WRAPPER=$PWD/ours-only.sh \
#     cargo fuzz run -s none -a --target-dir target/ours-only card_set
#
# (A target directory of its own, so that this build and the fully
# instrumented one do not overwrite each other.)
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "ours-only.sh is a RUSTC_WRAPPER, run by cargo: see README, \"Soak mode and fuzzing\"" >&2
  exit 2
fi
rustc="$1"
shift

downloaded=false
for arg in "$@"; do
  case "$arg" in
    */registry/src/*.rs | */git/checkouts/*.rs) downloaded=true ;;
  esac
done

if ! $downloaded; then
  exec "$rustc" "$@"
fi

args=()
for arg in "$@"; do
  case "$arg" in
    -Cpasses=sancov-module | -Cllvm-args=-sanitizer-coverage-*) ;;
    *) args+=("$arg") ;;
  esac
done
exec "$rustc" "${args[@]}"
