#!/usr/bin/env bash
# Renders the PNG icons in assets/ from assets/icon.svg and
# pwa/icon-maskable.svg (full bleed, for masks and Apple's home screen) with
# headless Chromium. Run by hand after changing an SVG; the PNGs are
# committed, so builds never need it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT/assets"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

render() { # svg size out.png
  local svg="$1" size="$2" out="$3"  # svg relative to the repository
  cat > "$TMP/page.html" <<HTML
<!doctype html><html><body style="margin:0;background:transparent">
<img src="file://$ROOT/$svg" width="$size" height="$size" style="display:block"></body></html>
HTML
  chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars --force-device-scale-factor=1 \
    --default-background-color=00000000 --user-data-dir="$TMP/profile" \
    --window-size="$size,$size" --screenshot="$ROOT/assets/$out" "file://$TMP/page.html" 2>/dev/null
  echo "assets/$out: ${size}x${size}"
}

render assets/icon.svg 192 icon-192.png
render assets/icon.svg 512 icon-512.png
render pwa/icon-maskable.svg 512 icon-maskable-512.png
render pwa/icon-maskable.svg 180 apple-touch-icon.png
