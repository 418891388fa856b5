#!/usr/bin/env bash
# Local development server with live reload: http://127.0.0.1:8080/
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

bash "$ROOT/scripts/setup.sh"

# npm's wasm-opt (binaryen 132) must win over any other wasm-opt on PATH.
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk serve --address 127.0.0.1 --port 8080 "$@"
