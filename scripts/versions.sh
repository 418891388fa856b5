# shellcheck shell=bash
# The ONE place where tool versions are pinned. Sourced by setup.sh, test.sh, play.sh.
# Why each pin is what it is stands beside it.
#
# If you change a version here, also change the copies that tools read themselves:
#   TRUNK / WASM_BINDGEN / WASM_OPT  -> Trunk.toml [tools]
#   WASM_BINDGEN                     -> Cargo.toml (wasm-bindgen = "=...")
#   WASM_SPLIT_HELPERS               -> Cargo.lock (cargo update -p wasm_split_helpers --precise ...)
#   BINARYEN / PLAYWRIGHT / AXE      -> package.json devDependencies (then npm install)
# scripts/setup.sh checks that these copies agree and fails if they do not.

# Rust target for the browser build.
WASM_TARGET="wasm32-unknown-unknown"

# trunk 0.22.x needs a newer rustc than the 1.95 here.
TRUNK_VERSION="0.21.14"

# Must equal the wasm-bindgen version in Cargo.lock. Installed WITHOUT --locked
# (its lock file pins a webpki-roots version the registry mirror lacks).
WASM_BINDGEN_VERSION="0.2.130"

# wasm-split-cli (crate wasm_split_cli_support, feature build-binary): splits
# the page's wasm at its #[wasm_split] point (scripts/wasm-split.mjs). It has
# no --version: setup.sh asks `cargo install --list`.
WASM_SPLIT_CLI_VERSION="0.2.4"
# Its runtime half, the crate wasm_split_helpers (the #[wasm_split] macro's
# runtime, a dependency in Cargo.toml): the two speak one format (the
# `__wasm_split_unstable` section the macro writes and the CLI reads), so
# they are pinned as a pair: the two versions this build is tested with.
# Change both at once; setup.sh checks Cargo.lock against this.
WASM_SPLIT_HELPERS_VERSION="0.2.3"

# wasm-opt comes from the npm package `binaryen` (never Debian's binaryen 108,
# whose output crashes in Chromium). npm version 132.0.0 -> `wasm-opt version 132`.
BINARYEN_NPM_VERSION="132.0.0"
WASM_OPT_VERSION="132"            # Trunk.toml: wasm_opt = "version_132"

# npm devDependencies (exact versions, see package.json).
PLAYWRIGHT_VERSION="1.65.1"       # @playwright/test; never `npx playwright install`
AXE_PLAYWRIGHT_VERSION="4.13.0"   # @axe-core/playwright; 4.14.0 needs node >= 22.12, we have node 20

# Browser + driver from Debian.
CHROMIUM_BIN="/usr/bin/chromium"
CHROMEDRIVER_BIN="/usr/bin/chromedriver"
APT_PACKAGES=(chromium chromium-driver)
