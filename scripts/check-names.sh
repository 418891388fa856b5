#!/usr/bin/env bash
# Proves on real builds that the page's file names follow their bytes
# (scripts/build-names.mjs): three `trunk build --release`, ~5 min each on
# 2 cores, so not part of scripts/test.sh.
#   1. the tree as it is;
#   2. code of the later module changed (a constant of the statistics'
#      chart): the page's JS and wasm keep their names, the later module's
#      files get new ones;
#   3. a string of the table's shell changed (the main module): the page's
#      JS and wasm get new names.
# A *string* of the later module is not code: every data segment stays in
# the main module (the two share one memory), so changing one changes the
# main wasm's bytes, and its name, as it must.
# Each edit is made in the working tree and undone when the script ends; the
# builds go to target/check-names/, never dist/. LATER_FROM/LATER_TO and
# MAIN_FROM/MAIN_TO choose the edits (FROM must occur in exactly one file
# under src/).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"

LATER_FROM="${LATER_FROM:-const TREND_HEIGHT: u64 = 40;}"
LATER_TO="${LATER_TO:-const TREND_HEIGHT: u64 = 41;}"
MAIN_FROM="${MAIN_FROM:-here is a new deal.}"
MAIN_TO="${MAIN_TO:-here is a new deal!}"
OUT="$ROOT/target/check-names"

die() { printf 'check-names: %s\n' "$*" >&2; exit 1; }

# The one file under src/ that holds $1, unmodified.
file_of() {
  local files
  mapfile -t files < <(git grep -l -F -- "$1" -- src)
  [[ ${#files[@]} -eq 1 ]] || die "\"$1\" is in ${#files[@]} files under src/ (want 1): set ${2}"
  git diff --quiet -- "${files[0]}" || die "${files[0]} has uncommitted changes: commit or stash them first"
  printf '%s' "${files[0]}"
}
LATER_FILE="$(file_of "$LATER_FROM" LATER_FROM)"
MAIN_FILE="$(file_of "$MAIN_FROM" MAIN_FROM)"

BACKUP="$(mktemp -d)"
kept() { printf '%s/%s' "$BACKUP" "${1//\//_}"; }
restore() {
  local f
  for f in "$LATER_FILE" "$MAIN_FILE"; do
    if [[ -f "$(kept "$f")" ]]; then cp "$(kept "$f")" "$f"; fi
  done
  rm -rf "$BACKUP"
}
trap restore EXIT
cp "$LATER_FILE" "$(kept "$LATER_FILE")"
cp "$MAIN_FILE" "$(kept "$MAIN_FILE")"

edit() { # file from to: the first "from" in file becomes "to"
  python3 -c 'import sys; p, a, b = sys.argv[1:]; t = open(p).read(); open(p, "w").write(t.replace(a, b, 1))' "$@"
}

# build NAME: a release build into target/check-names/NAME; its page files
# (page JS, page wasm, later loader, later wasm) into target/check-names/NAME.names.
build() {
  local dist="$OUT/$1" glob
  rm -rf "$dist"
  printf 'check-names: building %s ...\n' "$1"
  trunk build --release --dist "$dist" >"$OUT/$1.log" 2>&1 || die "trunk build failed: $OUT/$1.log"
  : >"$OUT/$1.names"
  for glob in 'pyramid-*.js' 'pyramid-*_bg.wasm' 'later-*.js' 'later-*.wasm'; do
    (cd "$dist" && compgen -G "$glob") >>"$OUT/$1.names" || die "no $glob in $dist"
  done
}
names() { mapfile -t "$1" <"$OUT/$2.names"; }

mkdir -p "$OUT"
build base
edit "$LATER_FILE" "$LATER_FROM" "$LATER_TO"
build later-edit
cp "$(kept "$LATER_FILE")" "$LATER_FILE"
edit "$MAIN_FILE" "$MAIN_FROM" "$MAIN_TO"
build main-edit
restore
trap - EXIT
names base base; names later later-edit; names main main-edit

printf '\n%-11s %-28s %-34s %-28s %s\n' "" "page JS" "page wasm" "later loader" "later wasm"
for row in base later main; do
  declare -n n="$row"
  printf '%-11s %-28s %-34s %-28s %s\n' "$row" "${n[0]}" "${n[1]}" "${n[2]}" "${n[3]}"
done
echo

ok=1
[[ "${later[0]} ${later[1]}" == "${base[0]} ${base[1]}" ]] \
  || { echo "FAIL: a later-only change ($LATER_FILE) renamed the page's files"; ok=0; }
[[ "${later[2]}" != "${base[2]}" && "${later[3]}" != "${base[3]}" ]] \
  || { echo "FAIL: a later-only change ($LATER_FILE) kept the later module's names"; ok=0; }
[[ "${main[0]}" != "${base[0]}" && "${main[1]}" != "${base[1]}" ]] \
  || { echo "FAIL: a change to the main module ($MAIN_FILE) kept the page's names"; ok=0; }
[[ $ok == 1 ]] || exit 1
echo "ok: a later-only change renames only the later module's files; a main change renames the page's"
