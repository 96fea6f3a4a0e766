import { create } from 'qrcode';

/**
 * A QR code of `text` (the only file that imports qrcode) as SVG path data: one unit square per
 * dark module, `size` × `size` units including the 4-module quiet zone, to fill at any scale.
 */
export function qrCodePath(text: string): { d: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
    }
  }
  return { d: parts.join(''), size: modules.size + 2 * quiet };
}
