#!/usr/bin/env bash
# `npm run setup`: everything Kotonoha needs on a Debian/Ubuntu machine, then `npm ci`.
# Safe to run again: a package already installed is left alone. Each one is checked by the
# package itself (dpkg), not by a folder that another package might also create.
set -euo pipefail
cd "${0%/*}/.."

# package | what needs it
packages=(
  "chromium|the browser tests (Playwright drives the system Chromium, never a downloaded one)"
  "edict|the offline dictionary (/usr/share/edict/edict, imported on first start)"
  "kanjidic-xml|the built-in kanji dictionary KANJIDIC2 (/usr/share/edict/kanjidic2.xml.gz, imported on first start)"
  "ffmpeg|the video search: probing, thumbnails, subtitle tracks and audio clips"
  "fonts-noto-cjk|Japanese and Chinese text on screen (without a CJK font every kanji is an empty box)"
  "manpages-ja|real Japanese prose for the corpus tests and benches"
  "openssl|the HTTPS tests make their own certificate (and the README's recipes use it)"
)

installed() {
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = "installed" ]
}

print_list() {
  for entry in "${packages[@]}"; do
    printf '  %-16s %s\n' "${entry%%|*}" "${entry#*|}"
  done
}

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "npm run setup installs system packages on Debian or Ubuntu only. On this system, install:"
  print_list
  echo "(Chromium may also be given as CHROMIUM_PATH; ffmpeg must bring ffprobe.) Then run: npm ci"
  exit 1
fi

missing=()
for entry in "${packages[@]}"; do
  name=${entry%%|*}
  if installed "$name"; then
    echo "ok       $name"
  else
    echo "missing  $name — ${entry#*|}"
    missing+=("$name")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    as_root=()
  elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
  else
    echo "Installing needs root. Run as root, or install: apt-get install ${missing[*]}"
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
  for name in "${missing[@]}"; do
    installed "$name" || { echo "apt-get did not install $name"; exit 1; }
  done
fi

# What the project runs, checked once more by the commands themselves.
for command in chromium ffmpeg ffprobe; do
  command -v "$command" >/dev/null 2>&1 || { echo "$command is not on the PATH after installing its package"; exit 1; }
done
[ -f /usr/share/edict/edict ] || { echo "edict is installed but /usr/share/edict/edict is missing"; exit 1; }

npm ci --no-audit --no-fund
echo "Set up. Start with: npm start   Test with: npm test"
