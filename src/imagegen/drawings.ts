import { qrCodePath } from '../common/pdf/qr-code';
import type { TextOutline } from '../fonts';
import { Frame, IMAGEGEN_LIMITS } from './dto/generators.dto';
import { Box, centreOn, num, svgDocument } from './svg';

/**
 * The text, monogram and QR drawings as SVG documents, from outlines the fonts module made (so
 * no font is needed to show them). Pure: the same input gives the same document.
 */

const MAX_SIDE = IMAGEGEN_LIMITS.maxSide;

/**
 * Text cropped to its ink with a margin of 15 % of the font size; a side longer than the
 * maximum is scaled down to fit. Blank ink (a character the font draws as nothing) gives a
 * transparent image one line high.
 */
export function textSvg(outline: TextOutline, size: number, colour: string): string {
  const margin = Math.max(2, Math.round(size * 0.15));
  const ink = outline.bbox;
  if (outline.d === '' || ink.width === 0 || ink.height === 0) {
    return svgDocument(2 * margin, Math.ceil(1.2 * size) + 2 * margin, '');
  }
  const [w, h] = [ink.width + 2 * margin, ink.height + 2 * margin];
  const k = Math.min(1, MAX_SIDE / Math.max(w, h));
  const width = Math.min(MAX_SIDE, Math.max(1, Math.ceil(w * k)));
  const height = Math.min(MAX_SIDE, Math.max(1, Math.ceil(h * k)));
  const transform = centreOn(ink, width / 2, height / 2, k);
  return svgDocument(
    width,
    height,
    `<path fill="${colour}" fill-rule="nonzero" transform="${transform}" d="${outline.d}"/>`,
  );
}

/** Space between two letters of a monogram, as a share of the first letter's outline size. */
const LETTER_GAP = 0.06;

/**
 * Letters side by side, each centred on one horizontal line, scaled to fit inside the frame and
 * centred in a transparent square of `size` pixels. The frame is a thick line and a thin one
 * inside it, in the letters' colour.
 */
export function monogramSvg(
  letters: readonly TextOutline[],
  outlineSize: number,
  frame: Frame,
  colour: string,
  size: number,
): string {
  const gap = outlineSize * LETTER_GAP;
  const placed: string[] = [];
  let cursor = 0;
  let tallest = 0;
  for (const { d, bbox } of letters) {
    if (d === '') continue;
    const dx = cursor - bbox.x;
    const dy = -(bbox.y + bbox.height / 2);
    placed.push(`<path transform="translate(${num(dx)} ${num(dy)})" d="${d}"/>`);
    cursor += bbox.width + gap;
    tallest = Math.max(tallest, bbox.height);
  }
  const c = size / 2;
  const stroke = size * 0.035;
  const body = [frameSvg(frame, size, stroke, colour)];
  if (placed.length > 0) {
    const box: Box = { x: 0, y: -tallest / 2, width: cursor - gap, height: tallest };
    const k = letterScale(frame, box, size, stroke);
    body.push(
      `<g fill="${colour}" fill-rule="nonzero" transform="${centreOn(box, c, c, k)}">${placed.join('')}</g>`,
    );
  }
  return svgDocument(size, size, body.join(''));
}

/** The largest scale at which the letters fit inside the frame with some air around them. */
function letterScale(frame: Frame, box: Box, size: number, stroke: number): number {
  const c = size / 2;
  const inner = c - stroke * 3.5;
  const [w, h] = [box.width, box.height];
  const byHeight = (size * (frame === 'none' ? 0.8 : 0.42)) / h;
  switch (frame) {
    case 'circle':
      return Math.min(byHeight, (1.7 * inner) / Math.hypot(w, h));
    case 'diamond':
      // Inside |x| + |y| ≤ R: half the width plus half the height within R.
      return Math.min(byHeight, (1.7 * (c - stroke * 5)) / (w + h));
    case 'square':
      return Math.min(byHeight, (1.7 * inner) / w, (1.7 * inner) / h);
    case 'none':
      return Math.min(byHeight, (1.8 * c) / w);
  }
}

function frameSvg(frame: Frame, size: number, stroke: number, colour: string): string {
  const c = size / 2;
  const thin = stroke * 0.4;
  const outer = stroke / 2 + 1;
  const inner = outer + stroke * 1.6;
  const line = (w: number) => `fill="none" stroke="${colour}" stroke-width="${num(w)}"`;
  switch (frame) {
    case 'none':
      return '';
    case 'circle':
      return (
        `<circle cx="${num(c)}" cy="${num(c)}" r="${num(c - outer)}" ${line(stroke)}/>` +
        `<circle cx="${num(c)}" cy="${num(c)}" r="${num(c - inner)}" ${line(thin)}/>`
      );
    case 'square': {
      const rect = (m: number, w: number) =>
        `<rect x="${num(m)}" y="${num(m)}" width="${num(size - 2 * m)}" height="${num(size - 2 * m)}" ${line(w)}/>`;
      return rect(outer, stroke) + rect(inner, thin);
    }
    case 'diamond': {
      const diamond = (m: number, w: number) =>
        `<path d="M${num(c)} ${num(m)}L${num(size - m)} ${num(c)}L${num(c)} ${num(size - m)}L${num(m)} ${num(c)}Z" ${line(w)} stroke-linejoin="miter"/>`;
      // A miter reaches stroke / √2 past its corner; an inset of `d` moves a corner by d × √2.
      const corner = stroke * Math.SQRT1_2 + 1;
      return diamond(corner, stroke) + diamond(corner + stroke * 1.6 * Math.SQRT2, thin);
    }
  }
}

/** Pixels of one module of a QR code. */
export const QR_MODULE_PIXELS = 10;

/** A QR code of `text`, black on white with its 4-module quiet zone, 10 pixels a module. */
export function qrSvg(text: string): string {
  const { d, size } = qrCodePath(text);
  const side = size * QR_MODULE_PIXELS;
  return svgDocument(
    side,
    side,
    `<rect width="${side}" height="${side}" fill="#ffffff"/>` +
      `<path fill="#000000" shape-rendering="crispEdges" transform="scale(${QR_MODULE_PIXELS})" d="${d}"/>`,
  );
}
