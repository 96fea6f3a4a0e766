#!/usr/bin/env bash
# Preflights the demo print files with tools a print shop would use, independently of the
# project's own preflight test: qpdf finds no structural error, and poppler's pdfinfo reads
# PDF 1.6, the PDF/X-4 subtype (from the XMP) and a TrimBox within the BleedBox on every page.
# Needs `npm run build` first; installs qpdf and poppler-utils (Debian) when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v qpdf >/dev/null || ! command -v pdfinfo >/dev/null || ! command -v unzip >/dev/null; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qpdf poppler-utils unzip) >/dev/null
fi
dir=.tmp/print-preflight
rm -rf "$dir" && mkdir -p "$dir/zip"
node dist/scripts/print-examples.js "$dir" >/dev/null
(cd "$dir/zip" && unzip -q ../demo-bottle.zip)
checked=0
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
  checked=$((checked + 1))
done
[ "$checked" -gt 0 ] || { echo "preflight: no print PDF in the demo ZIP"; exit 1; }
echo "preflight: $checked print PDF(s): qpdf clean, PDF 1.6, PDF/X-4, TrimBox within BleedBox on every page"
