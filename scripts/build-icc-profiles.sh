#!/usr/bin/env bash
# Builds the CMYK ICC profiles bundled in assets/icc/ from free characterisation data, so that
# every byte of them can be redistributed: the measurement data are Fogra's and IDEAlliance's
# published print conditions as shipped by Debian's icc-profiles-free (FOGRA39L.ti3, TR006.ti3;
# Zlib licence, Kai-Uwe Behrmann), turned into profiles by ArgyllCMS's colprof (Debian's argyll).
# Not run by CI: the profiles are committed; rerun only to change how they are made.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v colprof >/dev/null || [ ! -f /usr/share/color/icc/FOGRA39L.ti3 ]; then
  apt-get install -y -qq argyll icc-profiles-free >/dev/null
fi
out=assets/icc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# build <data> <profile> <total ink limit %> <description>
build() {
  cp "/usr/share/color/icc/$1.ti3" "$work/$2.ti3"
  # Medium quality tables, ramped black generation (colprof's default), the condition's total
  # area coverage as the ink limit, black limited to 98 %.
  (cd "$work" && colprof -qm -kr -l"$3" -L98 -A "Product Customizer Integration API" \
    -D "$4" -C "No copyright. Built by ArgyllCMS colprof from $1.ti3 of icc-profiles-free (Zlib)." \
    "$2" >/dev/null)
  cp "$work/$2.icc" "$out/$2.icc"
  echo "$out/$2.icc: $(wc -c <"$out/$2.icc") bytes"
}
build FOGRA39L FOGRA39 330 "FOGRA39 (ISO 12647-2:2004 Amd 1, coated paper), built from FOGRA39L"
build TR006 GRACoL2006 320 "GRACoL 2006 Coated #1 (CGATS TR 006), built from TR006"
