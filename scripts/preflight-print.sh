#!/usr/bin/env bash
# Preflights the demo print files (every demo product, RGB and CMYK settings) with tools a print
# shop would use, independently of the project's own preflight test: qpdf finds no structural
# error; poppler's pdfinfo reads PDF 1.6, the PDF/X-4 subtype (from the XMP) and a TrimBox within
# the BleedBox on every page; poppler's pdfimages lists every image (soft masks aside) as
# ICC-based with 3 components in an RGB file, 4 in a CMYK one.
# Needs `npm run build` first; installs qpdf and poppler-utils (Debian) when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v qpdf >/dev/null || ! command -v pdfinfo >/dev/null || ! command -v unzip >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qpdf poppler-utils unzip) >/dev/null
fi
dir=.tmp/print-preflight
rm -rf "$dir" && mkdir -p "$dir/zip"
node dist/scripts/print-examples.js "$dir" --all >/dev/null
checked=0
images_checked=0
for zip in "$dir"/*.zip; do
  case "$zip" in *-cmyk.zip) components=4 ;; *) components=3 ;; esac
  rm -rf "$dir/zip" && mkdir -p "$dir/zip" && (cd "$dir/zip" && unzip -q "../$(basename "$zip")")
for pdf in "$dir"/zip/*.pdf; do
  qpdf --check "$pdf" >/dev/null || { echo "preflight: qpdf --check failed for $pdf"; qpdf --check "$pdf"; exit 1; }
  info=$(pdfinfo "$pdf")
  grep -q '^PDF version: *1\.6$' <<<"$info" || { echo "preflight: $pdf is not PDF 1.6"; exit 1; }
  grep -q '^PDF subtype: *PDF/X-4$' <<<"$info" || { echo "preflight: $pdf is not PDF/X-4"; exit 1; }
  pages=$(awk '/^Pages:/ {print $2}' <<<"$info")
  boxes=$(pdfinfo -box -f 1 -l "$pages" "$pdf")
  # Every page's TrimBox lies within its BleedBox (pdfinfo shows the boxes as x1 y1 x2 y2).
  awk -v file="$pdf" '
    / BleedBox:/ { page = $2; for (i = 0; i < 4; i++) bleed[page, i] = $(4 + i) }
    / TrimBox:/  { page = $2; for (i = 0; i < 4; i++) trim[page, i] = $(4 + i); pages[page] = 1 }
    END {
      n = 0
      for (p in pages) {
        n++
        if (trim[p, 0] < bleed[p, 0] || trim[p, 1] < bleed[p, 1] || trim[p, 2] > bleed[p, 2] || trim[p, 3] > bleed[p, 3]) {
          printf "preflight: %s page %s: TrimBox outside BleedBox\n", file, p; exit 1
        }
      }
      if (n == 0) { printf "preflight: %s: no TrimBox read\n", file; exit 1 }
    }' <<<"$boxes"
  # pdfimages -list: page num type width height color comp bpc enc interp object ID ...
  images=$(pdfimages -list "$pdf" | awk 'NR > 2')
  awk -v file="$pdf" -v n="$components" '
    NF == 0 || $3 == "smask" { next }
    $6 != "icc" || $7 != n { printf "preflight: %s: image %s is %s with %s components, not icc with %s\n", file, $11, $6, $7, n; bad = 1 }
    END { exit bad }' <<<"$images"
  images_checked=$((images_checked + $(grep -c ' image ' <<<"$images" || true)))
  checked=$((checked + 1))
done
done
[ "$images_checked" -ge 4 ] || { echo "preflight: only $images_checked images in the demo PDFs, expected 4"; exit 1; }
[ "$checked" -ge 6 ] || { echo "preflight: $checked print PDFs in the demo ZIPs, expected 6 (3 locations, RGB and CMYK)"; exit 1; }
echo "preflight: $checked print PDF(s) of the demo products, RGB and CMYK: qpdf clean, PDF 1.6, PDF/X-4, TrimBox within BleedBox on every page, images ICC-based with the output intent's components"
