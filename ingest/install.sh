#!/usr/bin/env bash
# Installs the camera box on Raspberry Pi OS or Debian 12, or brings an installed one up to date:
# packages, the `camera` user, the checkout in /opt, its configuration, the systemd service with
# its watchdog, the Pi's hardware watchdog, then `box check`. Every step is skipped when done.
#   sudo ingest/install.sh --worker-url https://… --device-id harbour-cam-1 --input rtsp://…
# The device secret is asked for (not echoed), or read from CAMERA_DEVICE_SECRET.
# --dry-run writes only under DESTDIR (its test): no apt-get, useradd, git, npm or systemctl.
set -euo pipefail

REPO_URL=${REPO_URL:-https://example.invalid/lake-garda-live-camera.git}
DESTDIR=${DESTDIR:-}
APP=/opt/lake-garda-camera
ENV_FILE=/etc/lake-garda-camera.env
UNIT=/etc/systemd/system/camera-box.service
DATA=/var/lib/lake-garda-camera
dry_run=false
worker_url="" device_id="" input=""

while (($#)); do
  case $1 in
  --worker-url) worker_url=$2 && shift ;;
  --device-id) device_id=$2 && shift ;;
  --input) input=$2 && shift ;;
  --dry-run) dry_run=true ;;
  *) echo "install.sh: unknown option $1" >&2 && exit 2 ;;
  esac
  shift
done

say() { echo "install: $*"; }
run() { if $dry_run; then say "would run: $*"; else "$@"; fi; }
ask() { # ask VAR "question" [secret]
  local answer
  if [[ -n ${!1} ]]; then return; fi
  if [[ ${3:-} == secret ]]; then read -rsp "$2: " answer && echo; else read -rp "$2: " answer; fi
  printf -v "$1" '%s' "$answer"
}

if ! $dry_run && ((EUID != 0)); then echo "install.sh: run it with sudo" >&2 && exit 1; fi
secret=${CAMERA_DEVICE_SECRET:-}
existing="$DESTDIR$ENV_FILE"
if [[ -f $existing ]]; then
  say "keeping the configuration in $ENV_FILE (edit it to change a setting)"
else
  ask worker_url "The site's address (https://…)"
  ask device_id "The box's id (the Worker's CAMERA_DEVICE_ID)"
  ask input "The camera's RTSP URL (rtsp://user:password@address:554/path)"
  ask secret "The box's secret (the Worker's CAMERA_DEVICE_SECRET)" secret
fi

run apt-get update -qq
run apt-get install -y -qq --no-install-recommends ffmpeg git ca-certificates nodejs npm
id camera >/dev/null 2>&1 || run useradd --system --home-dir "$APP" --groups video camera

if [[ -d $DESTDIR$APP/.git ]]; then
  run git -C "$APP" pull --ff-only
else
  run git clone --depth 1 "$REPO_URL" "$APP"
fi
# The box runs the Node of its checkout (the `node` package), whatever Debian ships.
run bash -c "cd '$APP' && npm ci --omit=dev --no-audit --no-fund"

mkdir -p "$DESTDIR$DATA" "$(dirname "$DESTDIR$ENV_FILE")" "$(dirname "$DESTDIR$UNIT")"
if [[ ! -f $existing ]]; then
  umask 027
  cat >"$existing" <<ENV
CAMERA_WORKER_URL=$worker_url
CAMERA_DEVICE_ID=$device_id
CAMERA_DEVICE_SECRET=$secret
CAMERA_INPUT=$input
CAMERA_DATA_DIR=$DATA
ENV
  umask 022
fi
chmod 0640 "$existing"
run chown root:camera "$ENV_FILE"
run chown camera:camera "$DATA"

# The unit as committed, with this checkout's paths.
here=$(cd "$(dirname "$0")" && pwd)
sed "s#/opt/lake-garda-camera#$APP#g" "$here/camera-box.service" >"$DESTDIR$UNIT"
if command -v systemd-analyze >/dev/null && ! $dry_run; then systemd-analyze verify "$UNIT"; fi

# A Pi: its hardware watchdog reboots it when the kernel or systemd itself hangs.
config_txt=$DESTDIR/boot/firmware/config.txt
if [[ -f $config_txt ]] && ! grep -q '^dtparam=watchdog=on' "$config_txt"; then
  echo 'dtparam=watchdog=on' >>"$config_txt"
  say "the Pi's hardware watchdog is on after the next reboot"
fi
if [[ -f $config_txt ]]; then
  mkdir -p "$DESTDIR/etc/systemd/system.conf.d"
  # bcm2835's watchdog allows at most about 16 s.
  printf '[Manager]\nRuntimeWatchdogSec=14s\nRebootWatchdogSec=2min\n' \
    >"$DESTDIR/etc/systemd/system.conf.d/lake-garda-camera-watchdog.conf"
  run systemctl daemon-reexec
fi

run systemctl enable systemd-time-wait-sync
run systemctl daemon-reload
run systemctl enable camera-box
run systemctl restart camera-box
if ! $dry_run; then
  say "checking the box"
  runuser -u camera -- bash -c "cd '$APP' && set -a && . '$ENV_FILE' && exec node_modules/.bin/node ingest/cli.ts check" ||
    say "fix what box check names, then: sudo systemctl restart camera-box"
fi
say "done: journalctl -u camera-box -f shows what the box does"
