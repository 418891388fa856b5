#!/usr/bin/env bash
# The page's figures (load, click-to-repaint, hint latency, first-load size)
# against the release build. Prints numbers and asserts nothing, so it is not
# part of scripts/test.sh. Run scripts/test.sh (or at least `trunk build
# --release`) first.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
[[ -f dist/index.html ]] || trunk build --release
# One test at a time: each measures the machine, and must have it alone.
PYRAMID_MEASURE=1 exec npx --no-install playwright test e2e/measure.spec.ts --workers=1 --reporter=line "$@"
