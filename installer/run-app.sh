#!/usr/bin/env bash
# Starts the Cruncher manager from a fresh clone: installs what this machine lacks (JDK 17, Maven, GTK 3 for the
# window; Xvfb when there is no display), builds it once (again after a change to the sources), then runs it as the
# installed app runs: JavaFX as modules, the heap capped at 512 MB. Arguments go to the app as given, spaces and
# all, and its exit code is the script's.
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

jar=target/cruncher.jar
if [ ! -f "$jar" ] || [ -n "$(find src pom.xml -newer "$jar" -print -quit)" ]; then
  echo "Building Cruncher (mvn package; a minute or two the first time)..."
  # Debian's Maven colours its output even when it is not a terminal's.
  mvn -q -B -ntp package -DskipTests 2>&1 | sed 's/\x1b\[[0-9;]*m//g'
fi
run=(java -Xmx512m --module-path target/lib --add-modules javafx.controls,javafx.fxml -jar "$jar" "$@")
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No display: the window opens on a virtual X display (Xvfb)."
  exec xvfb-run -a "${run[@]}"
fi
exec "${run[@]}"
