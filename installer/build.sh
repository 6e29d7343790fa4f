#!/usr/bin/env bash
# Builds Cruncher's package with the JDK's jpackage, into target/installer/.
#
#   installer/build.sh [app-image|deb|msi|dmg]      (default: app-image)
#
#   app-image  target/installer/Cruncher/, started by target/installer/Cruncher/bin/Cruncher (any OS)
#   deb        target/installer/cruncher_VERSION_ARCH.deb (Debian, Ubuntu)
#   msi        target/installer/Cruncher-VERSION.msi (Windows, WiX 3 on the PATH; run from Git Bash)
#   dmg        target/installer/Cruncher-VERSION.dmg (macOS)
#
# Steps: check the tools; build the jar (mvn package, tests skipped: run them with mvn verify); put the platform's
# JavaFX jars on jpackage's module path, so that jlink links them into a trimmed runtime, and the app with its other
# dependencies in the input folder, on the class path; check the module list against jdeps; run jpackage with
# installer/jpackage/common.txt, the package type's options and our icon.
set -euo pipefail

type="${1:-app-image}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

fail() { echo "build.sh: $*" >&2; exit 1; }

case "$(uname -s)" in
  Linux*) os=linux; icon=assets/icon/png/cruncher-256.png ;;
  Darwin*) os=macos; icon=installer/macos/Cruncher.icns ;;
  MINGW*|MSYS*|CYGWIN*) os=windows; icon=installer/windows/Cruncher.ico ;;
  *) fail "unknown system $(uname -s)" ;;
esac
case "$type" in
  app-image) options=() ;;
  deb) [ "$os" = linux ] || fail "a deb is built on Linux"; options=(@installer/linux/deb.txt) ;;
  msi) [ "$os" = windows ] || fail "an msi is built on Windows"; options=(@installer/windows/msi.txt) ;;
  dmg) [ "$os" = macos ] || fail "a dmg is built on macOS"; options=(@installer/macos/dmg.txt) ;;
  -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) fail "unknown package type '$type' (app-image, deb, msi or dmg)" ;;
esac

# 1. Tools: say everything that is missing at once.
missing=()
jdk_bin=""
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/jpackage" ]; then jdk_bin="$JAVA_HOME/bin/"; fi
for tool in java jpackage jlink jdeps; do
  command -v "${jdk_bin}${tool}" >/dev/null 2>&1 || missing+=("$tool (a JDK 17 or newer: apt-get install openjdk-17-jdk)")
done
command -v mvn >/dev/null 2>&1 || missing+=("mvn (apt-get install maven)")
if [ "$type" = deb ]; then
  command -v dpkg-deb >/dev/null 2>&1 || missing+=("dpkg-deb (apt-get install dpkg)")
  command -v fakeroot >/dev/null 2>&1 || missing+=("fakeroot (apt-get install fakeroot)")
fi
if [ "$type" = msi ]; then
  command -v candle >/dev/null 2>&1 || missing+=("candle and light (WiX Toolset 3, https://wixtoolset.org)")
fi
if [ ${#missing[@]} -gt 0 ]; then
  printf 'build.sh: missing tools:\n' >&2
  printf '  %s\n' "${missing[@]}" >&2
  exit 1
fi
java_major="$("${jdk_bin}java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
[ "${java_major%%.*}" -ge 17 ] 2>/dev/null || fail "jpackage needs JDK 17 or newer; this is Java ${java_major:-unknown}"
java_home="$("${jdk_bin}java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.home = //p')"
[ -f "$java_home/jmods/java.base.jmod" ] || fail "jlink needs the JDK's jmods, which $java_home/jmods lacks \
(Debian/Ubuntu: apt-get install openjdk-17-jdk-headless; Fedora: dnf install java-17-openjdk-jmods)"

# 2. The jar and its dependencies (target/cruncher.jar, target/lib).
version="$(sed -n '/<artifactId>cruncher<\/artifactId>/,/<\/version>/s:.*<version>\(.*\)</version>.*:\1:p' pom.xml)"
[ -n "$version" ] || fail "no project version in pom.xml"
app_version="${version%%-*}"  # jpackage wants numbers only: 0.1.0-SNAPSHOT is packaged as 0.1.0
echo "Building Cruncher $version ($type) ..."
mvn -B -ntp -q -DskipTests package 2>&1 | sed -e 's/\x1b\[[0-9;]*m//g' -e '/^$/d'  # Debian's Maven prints colour codes even with -q

# 3. The module path (the platform's JavaFX jars, real modules with their natives) and the class path (the rest).
work=target/installer/work
rm -rf "$work" && mkdir -p "$work/modules" "$work/input"
fx_jars=(target/lib/javafx-*-*.jar)
[ -e "${fx_jars[0]}" ] || fail "no platform JavaFX jars in target/lib (is this a JavaFX platform Maven knows?)"
for jar in target/lib/*.jar; do
  name="$(basename "$jar")"
  case "$name" in
    javafx-*-[0-9]*.[0-9]*-*.jar) cp "$jar" "$work/modules/" ;;  # javafx-base-21.0.12-linux.jar
    javafx-*) ;;                                                  # the empty jars without a platform
    *) cp "$jar" "$work/input/" ;;
  esac
done
cp target/cruncher.jar "$work/input/"
resources="$work/resources"
mkdir -p "$resources"
if [ "$os" = linux ]; then
  # Desktop integration, installed by installer/linux/postinst: jpackage's menu entry is our desktop file; the icons
  # and the AppStream metainfo travel in the app folder (lib/app/share), since jpackage 17 has no --app-content.
  cp assets/linux/org.cruncher.Cruncher.desktop "$resources/Cruncher.desktop"
  cp installer/linux/postinst installer/linux/prerm "$resources/"
  mkdir -p "$work/input/share/icons" "$work/input/share/metainfo"
  for size in 16 24 32 48 64 128 256 512; do cp "assets/icon/png/cruncher-$size.png" "$work/input/share/icons/"; done
  cp assets/icon/cruncher.svg "$work/input/share/icons/"
  cp assets/linux/org.cruncher.Cruncher.metainfo.xml "$work/input/share/metainfo/"
fi

# 4. The module list in common.txt must cover what jdeps finds; a library update that needs another module fails here.
needed="$("${jdk_bin}jdeps" --multi-release 17 --ignore-missing-deps --print-module-deps \
  --module-path "$work/modules" --add-modules javafx.controls,javafx.fxml \
  --class-path "$work/input/*" "$work/input/"*.jar 2>/dev/null | tail -n 1)"
case "$needed" in java.base*) ;; *) fail "jdeps could not list the modules the app needs" ;; esac
listed="$(sed -n 's/^--add-modules //p' installer/jpackage/common.txt)"
for module in ${needed//,/ }; do
  case "$module" in javafx.*) continue ;; esac  # javafx.base and javafx.graphics come with javafx.controls
  case ",$listed," in *",$module,"*) ;; *) fail "jdeps says the app needs $module; add it to --add-modules in installer/jpackage/common.txt" ;; esac
done

# 5. jpackage.
# Only this type's earlier output goes: building the .deb used to delete the app folder too (QA).
case "$type" in
  app-image) rm -rf target/installer/Cruncher target/installer/Cruncher.app ;;
  *) rm -f target/installer/*."$type" ;;
esac
start=$(date +%s)
"${jdk_bin}jpackage" --type "$type" --dest target/installer --app-version "$app_version" \
  --input "$work/input" --module-path "$work/modules" --icon "$icon" \
  --resource-dir "$resources" \
  @installer/jpackage/common.txt "${options[@]}"
if [ "$type" = deb ]; then
  # jpackage lists the packages of the build host's libraries: on Debian 12, names that Ubuntu lacks
  # (libjpeg62-turbo) or renamed (the 64-bit time_t "t64" packages of Ubuntu 24.04), and "zlib1g , libgtk-3-0".
  # Each such name gets its alternatives, and the list its commas (installer/linux/deb-alternatives.txt).
  deb_file=(target/installer/*.deb)
  dpkg-deb -R "${deb_file[0]}" "$work/deb"
  control="$work/deb/DEBIAN/control"
  depends="$(sed -n 's/^Depends: //p' "$control" | tr ',' '\n' | sed 's/^ *//; s/ *$//; /^$/d' \
    | while read -r package; do
        alternative="$(sed -n "s/^$package[[:space:]][[:space:]]*//p" installer/linux/deb-alternatives.txt | head -n 1)"
        echo "$package${alternative:+ | $alternative}"
      done | paste -sd ',' | sed 's/,/, /g')"
  sed -i "s/^Depends: .*/Depends: $depends/" "$control"
  chmod 0755 "$work/deb/DEBIAN"  # dpkg-deb -b refuses a DEBIAN folder a restrictive umask left closed
  dpkg-deb --root-owner-group -Zxz -b "$work/deb" "${deb_file[0]}" >/dev/null
fi
rm -rf "$work"
echo "Done in $(( $(date +%s) - start )) s (jpackage):"
case "$type" in
  app-image) du -sh target/installer/Cruncher* ;;
  *) ls -l target/installer/*."$type" ;;
esac
