#!/usr/bin/env bash
# Lighthouse 12.2.3 (mobile preset, the default) against the release build
# served with gzip. Prints the scores and the main metrics (FCP, LCP, TBT, CLS)
# with the machine's benchmark index beside each run (its speed then); asserts
# nothing, and is not part of scripts/test.sh. Lighthouse is installed on
# first use under target/lighthouse (npm, Node 20; 13.x needs Node 22).
# Usage: bash scripts/lighthouse.sh [RUNS]   (default 3 runs)
#        PYRAMID_LH_PAGE=rules.html bash scripts/lighthouse.sh 1   (another page of the build)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
RUNS="${1:-3}"
PAGE="${PYRAMID_LH_PAGE:-?deal=1&rules=classic}"
PORT="${PYRAMID_LH_PORT:-8770}"
LH_DIR="$ROOT/target/lighthouse"

[[ -f dist/index.html ]] || trunk build --release
if [[ ! -x "$LH_DIR/node_modules/.bin/lighthouse" ]]; then
  mkdir -p "$LH_DIR"
  [[ -f "$LH_DIR/package.json" ]] || echo '{"private":true}' > "$LH_DIR/package.json"
  (cd "$LH_DIR" && npm i -E lighthouse@12.2.3 --no-audit --no-fund)
fi

node scripts/gzip-server.mjs dist "$PORT" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/" && break
  sleep 0.1
done

for i in $(seq "$RUNS"); do
  OUT="$LH_DIR/report-$i.json"
  CHROME_PATH=/usr/bin/chromium "$LH_DIR/node_modules/.bin/lighthouse" \
    "http://127.0.0.1:$PORT/$PAGE" \
    --quiet --output=json --output-path="$OUT" \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
  node -e '
    const r = require(process.argv[1]);
    const c = r.categories, a = r.audits;
    const s = (k) => c[k].score.toFixed(2);
    const ms = (k) => Math.round(a[k].numericValue) + " ms";
    console.log(`run ${process.argv[2]} (benchmark index ${Math.round(r.environment.benchmarkIndex)}): performance ${s("performance")}, accessibility ${s("accessibility")}, best practices ${s("best-practices")}, SEO ${s("seo")}; FCP ${ms("first-contentful-paint")}, LCP ${ms("largest-contentful-paint")}, TBT ${ms("total-blocking-time")}, CLS ${a["cumulative-layout-shift"].numericValue.toFixed(3)}, SI ${ms("speed-index")}`);
    for (const k of ["accessibility", "best-practices", "seo"]) for (const ref of c[k].auditRefs) {
      const au = a[ref.id];
      if (ref.weight > 0 && au.score !== null && au.score < 1) console.log(`  ${k}: ${ref.id} (${au.title}) ${au.score}`);
    }
  ' "$OUT" "$i"
done
