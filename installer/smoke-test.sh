#!/usr/bin/env bash
# Smoke test of the package, as CI runs it: builds the app-image (installer/build.sh app-image), then starts its
# launcher the way a volunteer's desktop would, on a virtual display (Xvfb) and a fresh data folder, with
# --screenshot; checks that it exits cleanly, that the PNG shows a drawn window (installer/CheckScreenshot.java) and
# that the state was saved in the data folder; then runs the launcher's command line (emulate, check-state) on the
# trimmed runtime. Installs Xvfb and GTK 3 when they are missing (Debian/Ubuntu).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "smoke-test: $*" >&2; exit 1; }

if command -v dpkg-query >/dev/null 2>&1; then
  installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }
  missing=()
  for package in libgtk-3-0 xvfb xauth; do installed "$package" || missing+=("$package"); done
  if [ ${#missing[@]} -gt 0 ]; then
    sudo_cmd=""
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
    echo "Installing: ${missing[*]}"
    $sudo_cmd apt-get update -qq
    $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi
command -v xvfb-run >/dev/null 2>&1 || fail "xvfb-run is missing (apt-get install xvfb xauth)"

bash installer/build.sh app-image
launcher=target/installer/Cruncher/bin/Cruncher
[ -x "$launcher" ] || fail "no launcher at $launcher"

data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
start=$(date +%s%N)
if ! timeout 180 xvfb-run -a -s "-screen 0 1600x1000x24" "$launcher" --data-dir "$data" \
    --screenshot "$data/window.png" --after 3 > "$data/out.log" 2>&1; then
  cat "$data/out.log" >&2
  fail "the packaged app did not exit cleanly"
fi
echo "The packaged app started, drew its window and exited in $(( ($(date +%s%N) - start) / 1000000 )) ms."
grep -q "Screenshot written" "$data/out.log" || { cat "$data/out.log" >&2; fail "no screenshot was written"; }
if grep -E "Exception|Error:" "$data/out.log" >&2; then fail "the packaged app reported errors"; fi
java installer/CheckScreenshot.java "$data/window.png"
[ -s "$data/state/client_state.xml" ] || fail "the packaged app saved no state in its data folder"
cp "$data/window.png" target/installer/smoke-window.png

"$launcher" emulate src/test/resources/scenarios/seed-75-25 --days 1 > "$data/emulate.txt" \
  || fail "the packaged command line could not emulate: $(cat "$data/emulate.txt")"
grep -q "1.00 days emulated" "$data/emulate.txt" || fail "emulate printed: $(head -3 "$data/emulate.txt")"
"$launcher" check-state "$data/state/client_state.xml" > "$data/check.txt" \
  || fail "check-state could not read the packaged app's own state: $(cat "$data/check.txt")"
echo "Smoke test passed: window in target/installer/smoke-window.png; emulate and check-state work."
