#!/usr/bin/env bash
# Draws the demo gallery (lake scenes at different times of day, a short clip and a
# time-lapse) with ffmpeg's filters. The output is committed in scripts/demo-media/, so
# `npm run dev` seeds it without needing ffmpeg; rerun this only to change the demo set.
set -euo pipefail
cd "$(dirname "$0")/demo-media"

# scene NAME SKY_TOP SKY_BOTTOM WATER SUN_Y: sky gradient, sun, hills and rippled water.
# Colours are RRRGGGBBB; the hills are the sky's top colour darkened.
scene() {
  local name=$1 top=$2 bottom=$3 water=$4 sun=$5
  channel() { # channel OFFSET SUN_VALUE
    local o=$1 sunv=$2
    local t=$((10#${top:o:3})) b=$((10#${bottom:o:3})) w=$((10#${water:o:3}))
    echo "if(lt(hypot(X-900,Y-${sun}),45), ${sunv},
      if(lt(Y, 330+40*sin(X/150)+20*sin(X/37)), ${t}+(${b}-${t})*Y/430,
      if(lt(Y,430), ${t}*0.35+20,
      ${w}*(0.8+0.2*sin(Y/3+sin(X/40))))))"
  }
  ffmpeg -loglevel error -y -f lavfi -i "color=c=black:s=1280x720:d=1" -frames:v 1 \
    -vf "geq=r='$(channel 0 255)':g='$(channel 3 225)':b='$(channel 6 140)'" -q:v 4 "$name.jpg"
  # The versions an upload makes (VERSIONS in app/features/uploads/upload-limits.ts); 1280 px is the photo.
  ffmpeg -loglevel error -y -i "$name.jpg" -vf scale=960:-2 -q:v 4 "$name-small.jpg"
  ffmpeg -loglevel error -y -i "$name.jpg" -vf scale=640:-2 -q:v 5 "$name-thumb.jpg"
  card "$name.jpg" "$name-card.jpg"
}

# card IN OUT: the share card the box and the upload make (SHARE_CARD in protocol/share-card.ts).
card() {
  ffmpeg -loglevel error -y -i "$1" -frames:v 1 -q:v 5 \
    -vf "scale=1200:630:force_original_aspect_ratio=increase,crop=1200:630" "$2"
}

# Colours as RRRGGGBBB.
scene morning 120150200 240200160 060110150 300
scene noon 040120220 150200240 020090150 120
scene sunset 060040110 250120050 080060090 380
scene storm 070080090 140150160 050060070 900
scene night 005010040 030040090 005015040 200

# A day's pick from a 4K camera (ADR 032): the sunset at 3840 px with some grain, as its 2560 px
# large version and its sheet of 256-px tiles (ingest/zoom-sheet.ts), both at the box's q 5.
ffmpeg -loglevel error -y -i sunset.jpg -filter_complex \
  "[0]scale=3840:2160:flags=lanczos,noise=alls=8:allf=t,split[a][b];[a]scale=2560:-2[l];[b]pad=3840:2304:0:0:black,untile=15x9[t]" \
  -map "[l]" -frames:v 1 -q:v 5 sunset-large.jpg -map "[t]" -q:v 5 -f image2pipe -c:v mjpeg sunset-tiles.bin

# A gallery photo uploaded at 2560 px (ADR 032): the morning as its web version, with grain, and
# the sheet of 256-px tiles the upload page makes of it; the 1280 px picture is its medium version.
ffmpeg -loglevel error -y -i morning.jpg -filter_complex \
  "[0]scale=2560:1440:flags=lanczos,noise=alls=8:allf=t,split[w][b];[b]pad=2560:1536:0:0:black,untile=10x6[t]" \
  -map "[w]" -frames:v 1 -q:v 5 morning-web.jpg -map "[t]" -q:v 5 -f image2pipe -c:v mjpeg morning-tiles.bin

# A 10 s clip of the harbour and a time-lapse of a day, 480p H.264 with posters.
ffmpeg -loglevel error -y -loop 1 -i noon.jpg -t 10 -r 25 \
  -vf "scale=854:480,zoompan=z='1+0.0008*on':d=250:s=854x480:fps=25,format=yuv420p" \
  -c:v libx264 -preset veryfast -crf 30 -movflags +faststart harbour.mp4
ffmpeg -loglevel error -y -i harbour.mp4 -frames:v 1 -vf scale=480:-2 -q:v 5 harbour-poster.jpg
card harbour.mp4 harbour-card.jpg
ffmpeg -loglevel error -y -framerate 0.5 -pattern_type glob -i '{morning,noon,sunset,night}.jpg' \
  -vf "scale=1280:720,framerate=fps=25:interp_start=0:interp_end=255,format=yuv420p" \
  -c:v libx264 -preset veryfast -crf 32 -movflags +faststart timelapse.mp4
ffmpeg -loglevel error -y -i timelapse.mp4 -frames:v 1 -vf scale=480:-2 -q:v 5 timelapse-poster.jpg
card timelapse.mp4 timelapse-card.jpg
ls -la
