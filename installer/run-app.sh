#!/usr/bin/env bash
# Starts the Cruncher manager from a fresh clone: installs what this machine lacks (JDK 17, Maven, GTK 3 for the
# window; Xvfb when there is no display), then runs it with `mvn javafx:run`. Extra arguments go to the app.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }

missing=()
command -v java >/dev/null 2>&1 || missing+=(openjdk-17-jdk)
command -v mvn >/dev/null 2>&1 || missing+=(maven)
if command -v dpkg-query >/dev/null 2>&1; then
  installed libgtk-3-0 || missing+=(libgtk-3-0)
  if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    installed xvfb || missing+=(xvfb)
    installed xauth || missing+=(xauth)
  fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

args=""
if [ $# -gt 0 ]; then args="-Djavafx.args=$*"; fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No display: the window opens on a virtual X display (Xvfb)."
  exec xvfb-run -a mvn -q -B javafx:run ${args:+"$args"}
fi
exec mvn -q -B javafx:run ${args:+"$args"}
