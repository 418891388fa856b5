#!/usr/bin/env bash
# Runs setup, then every test layer; stops at the first failure.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/versions.sh
source "$ROOT/scripts/versions.sh"

bash "$ROOT/scripts/setup.sh"

# npm's wasm-opt (binaryen 132) must win over any other wasm-opt on PATH.
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="$CHROMEDRIVER_BIN"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

T0=$SECONDS
SUMMARY=()
CURRENT=""

on_exit() {
  local rc=$?
  echo
  echo "==================== summary ===================="
  for line in "${SUMMARY[@]}"; do echo "  ok    $line"; done
  if [[ $rc -ne 0 ]]; then
    echo "  FAIL  $CURRENT (exit $rc)"
    echo "RESULT: FAILED at '$CURRENT' after $((SECONDS - T0))s"
  else
    echo "RESULT: all ${#SUMMARY[@]} steps passed in $((SECONDS - T0))s"
  fi
}
trap on_exit EXIT

step() {
  local name="$1"; shift
  CURRENT="$name"
  local t=$SECONDS
  echo
  echo "==> $name"
  echo "    \$ $*"
  "$@"
  SUMMARY+=("$(printf '%-28s %4ss' "$name" "$((SECONDS - t))")")
}

# The page's layers (ARCHITECTURE.md): no import points up, no file cycle.
step "layers self-test" python3 scripts/layers.py --self-test
step "layers"           python3 scripts/layers.py
step "fmt"              cargo fmt --all -- --check
step "clippy native"    cargo clippy --workspace --all-targets -- -D warnings
step "clippy wasm32"    cargo clippy --target "$WASM_TARGET" -p pyramid --all-targets --features split -- -D warnings
step "native tests"     cargo test --workspace
step "wasm tests"       cargo test -p pyramid --target "$WASM_TARGET"
step "trunk build"      trunk build --release
# The same build as a static site published under a sub-path (e2e/pwa.spec.ts).
step "trunk build /pyramid/" trunk build --release --public-url /pyramid/ --dist target/pages/pyramid
step "solver binary"    cargo build --release -p pyramid-engine --bin pyramid-solver
step "playwright"       npx --no-install playwright test
