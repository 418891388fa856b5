#!/usr/bin/env bash
# Idempotent setup: installs only what is missing or at the wrong version.
# Safe to run any number of times. Needs rustup + cargo + node + npm; apt-get as root
# (or via sudo) only when Chromium is missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/versions.sh
source "$ROOT/scripts/versions.sh"

export PATH="$HOME/.cargo/bin:$PATH"

say()  { printf '[setup] %s\n' "$*"; }
die()  { printf '[setup] ERROR: %s\n' "$*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || die "'$1' not found on PATH ($2)"; }

need rustup "install rustup first"
need cargo  "install rustup/cargo first"
need node   "install node (>= 20) first"
need npm    "install npm first"

# ---------------------------------------------------------------- Cargo.lock pins
# Before any install: a drift here would install the wrong tool.
# The version of crate $1 in Cargo.lock (empty if it is not there).
lock_version() {
  awk -v want="name = \"$1\"" '$0 == want {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock
}
if [[ -f Cargo.lock ]]; then
  lock_wbg="$(lock_version wasm-bindgen)"
  [[ "$lock_wbg" == "$WASM_BINDGEN_VERSION" ]] \
    || die "Cargo.lock has wasm-bindgen $lock_wbg but WASM_BINDGEN_VERSION=$WASM_BINDGEN_VERSION"
  say "Cargo.lock wasm-bindgen $lock_wbg: ok"
  lock_split="$(lock_version wasm_split_helpers)"
  [[ "$lock_split" == "$WASM_SPLIT_HELPERS_VERSION" ]] \
    || die "Cargo.lock has wasm_split_helpers ${lock_split:-(none)}, but scripts/versions.sh pairs" \
           "wasm-split-cli $WASM_SPLIT_CLI_VERSION with wasm_split_helpers $WASM_SPLIT_HELPERS_VERSION." \
           "The split point's runtime and the tool that splits the wasm must be a pair that works" \
           "together: change WASM_SPLIT_CLI_VERSION and WASM_SPLIT_HELPERS_VERSION at once, or bring" \
           "Cargo.lock back (cargo update -p wasm_split_helpers --precise $WASM_SPLIT_HELPERS_VERSION)."
  say "Cargo.lock wasm_split_helpers $lock_split, paired with wasm-split-cli $WASM_SPLIT_CLI_VERSION: ok"
fi

# ---------------------------------------------------------------- wasm target
if rustup target list --installed | grep -qx "$WASM_TARGET"; then
  say "rust target $WASM_TARGET: present"
else
  say "rust target $WASM_TARGET: installing"
  rustup target add "$WASM_TARGET"
fi

# ---------------------------------------------------------------- trunk
have_trunk="$(trunk --version 2>/dev/null || true)"
if [[ "$have_trunk" == "trunk $TRUNK_VERSION" ]]; then
  say "trunk $TRUNK_VERSION: present"
else
  say "trunk: have '${have_trunk:-none}', want $TRUNK_VERSION; running cargo install (~25 min)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

# ---------------------------------------------------------------- wasm-bindgen-cli
have_wbg="$(wasm-bindgen --version 2>/dev/null || true)"
if [[ "$have_wbg" == "wasm-bindgen $WASM_BINDGEN_VERSION" ]] \
   && command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
  say "wasm-bindgen-cli $WASM_BINDGEN_VERSION: present"
else
  say "wasm-bindgen-cli: have '${have_wbg:-none}', want $WASM_BINDGEN_VERSION; running cargo install (~10 min)"
  # No --locked on purpose: see scripts/versions.sh.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

# ---------------------------------------------------------------- wasm-split-cli
if cargo install --list | grep -qx "wasm_split_cli_support v$WASM_SPLIT_CLI_VERSION:" \
   && command -v wasm-split-cli >/dev/null 2>&1; then
  say "wasm-split-cli $WASM_SPLIT_CLI_VERSION: present"
else
  say "wasm-split-cli: want $WASM_SPLIT_CLI_VERSION; running cargo install (~1 min)"
  cargo install wasm_split_cli_support --version "$WASM_SPLIT_CLI_VERSION" --features build-binary --locked --force
fi

# ---------------------------------------------------------------- chromium + driver
if [[ -x "$CHROMIUM_BIN" && -x "$CHROMEDRIVER_BIN" ]]; then
  say "chromium + chromedriver: present"
else
  say "chromium/chromedriver missing; installing ${APT_PACKAGES[*]} via apt"
  SUDO=""
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die "need root or sudo for apt-get"
    SUDO="sudo"
  fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${APT_PACKAGES[@]}"
fi

# ---------------------------------------------------------------- npm packages
# Stamp = hash of package.json + package-lock.json, written after a good install.
stamp_file="node_modules/.setup-stamp"
if [[ -f package-lock.json ]]; then
  want_stamp="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)"
  if [[ -d node_modules && -f "$stamp_file" && "$(cat "$stamp_file")" == "$want_stamp" ]]; then
    say "node_modules: up to date with package-lock.json"
  else
    say "node_modules: missing or stale; running npm ci"
    npm ci --no-audit --no-fund
    echo "$want_stamp" > "$stamp_file"
  fi
else
  say "no package-lock.json; running npm install"
  npm install --no-audit --no-fund
  cat package.json package-lock.json | sha256sum | cut -d' ' -f1 > "$stamp_file"
fi

# ---------------------------------------------------------------- consistency checks
have_opt="$(node_modules/.bin/wasm-opt --version 2>/dev/null || true)"
[[ "$have_opt" == "wasm-opt version $WASM_OPT_VERSION"* ]] \
  || die "node_modules/.bin/wasm-opt reports '$have_opt', want version $WASM_OPT_VERSION"
grep -q "wasm_bindgen *= *\"$WASM_BINDGEN_VERSION\"" Trunk.toml \
  || die "Trunk.toml [tools] wasm_bindgen differs from WASM_BINDGEN_VERSION=$WASM_BINDGEN_VERSION"
grep -q "wasm_opt *= *\"version_$WASM_OPT_VERSION\"" Trunk.toml \
  || die "Trunk.toml [tools] wasm_opt differs from version_$WASM_OPT_VERSION"
for pair in "binaryen=$BINARYEN_NPM_VERSION" "@playwright/test=$PLAYWRIGHT_VERSION" \
            "@axe-core/playwright=$AXE_PLAYWRIGHT_VERSION"; do
  pkg="${pair%%=*}"; want="${pair#*=}"
  got="$(node -p "require('./node_modules/$pkg/package.json').version" 2>/dev/null || true)"
  [[ "$got" == "$want" ]] || die "npm $pkg is '$got', scripts/versions.sh wants $want (fix package.json)"
done
say "wasm-opt $WASM_OPT_VERSION (npm binaryen), npm pins, Trunk.toml pins: ok"

# ---------------------------------------------------------------- crates
# Trunk runs cargo with --offline, so every crate must be downloaded beforehand.
say "cargo fetch"
cargo fetch --quiet

say "done"
