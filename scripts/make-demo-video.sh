#!/usr/bin/env bash
# Renders the landing page's demo video (public/media/mindprint-demo.webm) and its captions from text slides.
# Needs ffmpeg and the DejaVu fonts (Debian: apt-get install ffmpeg fonts-dejavu-core). The output is committed,
# so neither is needed to build or run Mindprint; run this again only to change the video.
set -euo pipefail
cd "$(dirname "$0")/.."
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
slides=(
  "Capture Personality|Answer scenarios in your own words."
  "Clone Your Voice|Read aloud. Your twin learns how you sound."
  "Preserve Memories|Stories, tagged and versioned. Yours to edit."
  "Build Your Twin|It answers from what you recorded, and cites it."
  "Own Your Data|Export everything. Delete for real."
)
work=$(mktemp -d)
vtt=public/media/mindprint-demo.vtt
echo "WEBVTT" > "$vtt"
for i in "${!slides[@]}"; do
  title=${slides[$i]%%|*}
  line=${slides[$i]#*|}
  ffmpeg -loglevel error -y -f lavfi -i "color=c=0x2e1065:s=1280x720:d=4:r=24" \
    -vf "drawtext=fontfile=$bold:text='$((i + 1)). $title':fontcolor=white:fontsize=64:x=(w-text_w)/2:y=(h/2)-80,drawtext=fontfile=$font:text='$line':fontcolor=0xddd6fe:fontsize=36:x=(w-text_w)/2:y=(h/2)+20,drawtext=fontfile=$font:text='Mindprint':fontcolor=white@0.6:fontsize=28:x=40:y=h-60" \
    -c:v libvpx-vp9 -b:v 0 -crf 45 -an "$work/$i.webm"
  echo "file '$work/$i.webm'" >> "$work/list.txt"
  printf '\n00:00:%02d.000 --> 00:00:%02d.000\n%s. %s. %s\n' $((i * 4)) $((i * 4 + 4)) $((i + 1)) "$title" "$line" >> "$vtt"
done
ffmpeg -loglevel error -y -f concat -safe 0 -i "$work/list.txt" -c copy public/media/mindprint-demo.webm
rm -rf "$work"
ls -l public/media
