#!/usr/bin/env bash
# Renders the application icon from its SVG sources into every size and format the packages use:
# assets/icon/png/cruncher-{16..1024}.png (16-32 px from cruncher-small.svg, drawn for small sizes),
# installer/windows/Cruncher.ico and installer/macos/Cruncher.icns. The results are committed, so only whoever changes
# the SVGs runs this; it needs rsvg-convert (apt-get install librsvg2-bin) and java.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null 2>&1 || { echo "icons.sh: rsvg-convert is missing (apt-get install librsvg2-bin)" >&2; exit 1; }
mkdir -p assets/icon/png
for size in 16 24 32 48 64 128 256 512 1024; do
  source=assets/icon/cruncher.svg
  [ "$size" -le 32 ] && source=assets/icon/cruncher-small.svg
  rsvg-convert --width "$size" --height "$size" "$source" --output "assets/icon/png/cruncher-$size.png"
done
java installer/IconFiles.java assets/icon/png installer/windows/Cruncher.ico installer/macos/Cruncher.icns
ls -l assets/icon/png installer/windows/Cruncher.ico installer/macos/Cruncher.icns
