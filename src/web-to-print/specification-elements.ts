import type { ProductLocation } from '../catalog';
import type { PdfPageCanvas } from '../common/pdf/pdf-page';
import type { TextOutline, TextOutlineRequest } from '../fonts';
import type { DesignElement } from '../recipe-sets';
import type { ImageResolution } from './location-files';

/**
 * The design's elements on the placement specification (specification-pdf.ts): each measured
 * (text by its outline) and described, drawn as a numbered box on the print area, and listed in a
 * table of positions and sizes.
 */

const MM_PER_PT = 25.4 / 72;
const MAX_ROWS = 12;

/** Where an element sits on its print area, in mm (unrotated box), and what it is. */
export interface PlacedElement {
  box: { x: number; y: number; width: number; height: number };
  rotation: number;
  what: string;
  colour: string;
}

/** A length in mm as the sheet writes it: one decimal. */
export const mm = (v: number) => (Math.round(v * 10) / 10).toFixed(1);

/**
 * Where each element sits on its print area and what it is: an image with its upload and effective
 * resolution (flagged below `minimumDpi`), a text with its font, size and colour, boxed by its
 * outline (measured by `outline`, so in the thread that has the fonts).
 */
export async function placedElements(
  elements: readonly DesignElement[],
  outline: (request: TextOutlineRequest) => Promise<TextOutline>,
  resolutions: readonly ImageResolution[],
  minimumDpi: number,
): Promise<PlacedElement[]> {
  const placed: PlacedElement[] = [];
  for (const e of elements) {
    if (e.type === 'image') {
      const resolution = resolutions.find(
        (r) =>
          r.uploadedAssetId === e.uploadedAssetId &&
          r.widthMm === e.width &&
          r.heightMm === e.height,
      );
      const dpi = resolution
        ? `, ${resolution.effectiveDpi} dpi${resolution.warnings.length > 0 ? ` (below ${minimumDpi})` : ''}`
        : '';
      placed.push({
        box: { x: e.x, y: e.y, width: e.width, height: e.height },
        rotation: e.rotation,
        what: `image, upload ${e.uploadedAssetId}${dpi}`,
        colour: '#1565c0',
      });
      continue;
    }
    const { bbox } = await outline({
      font: e.font,
      text: e.text,
      size: e.size,
      scale: 1,
      align: e.align,
    });
    placed.push({
      box: {
        x: e.x + bbox.x * MM_PER_PT,
        y: e.y + bbox.y * MM_PER_PT,
        width: bbox.width * MM_PER_PT,
        height: bbox.height * MM_PER_PT,
      },
      rotation: e.rotation,
      what: `"${e.text.length > 30 ? `${e.text.slice(0, 29)}...` : e.text}" ${e.font} ${e.size} pt ${e.colour}`,
      colour: e.colour,
    });
  }
  return placed;
}

/** The print area scaled into a square, with the design printed in it, each element's box and number. */
export async function printAreaDiagram(
  page: PdfPageCanvas,
  location: ProductLocation,
  elements: PlacedElement[],
  at: { x: number; y: number; size: number; print?: Buffer },
): Promise<void> {
  const { widthMm, heightMm } = location.printArea;
  const k = at.size / Math.max(widthMm, heightMm);
  const area = { x: at.x, y: at.y, width: widthMm * k, height: heightMm * k };
  page.fillRect(area, '#f4f4f4');
  if (at.print) await page.drawPng(at.print, area, area);
  page.strokeRect(area, '#999999', 0.75);
  page.clipped(area, () =>
    elements.forEach((e) =>
      page.strokeRect(
        {
          x: area.x + e.box.x * k,
          y: area.y + e.box.y * k,
          width: e.box.width * k,
          height: e.box.height * k,
        },
        e.colour,
        1,
      ),
    ),
  );
  await Promise.all(
    elements.map((e, i) =>
      page.text(String(i + 1), {
        x: area.x + e.box.x * k + 2,
        y: area.y + e.box.y * k + 2,
        size: 8,
        bold: true,
      }),
    ),
  );
}

/**
 * The table of the elements (at most MAX_ROWS rows, then how many more): number, description,
 * position, size and rotation, its left edge and top at `at`.
 */
export async function elementTable(
  page: PdfPageCanvas,
  elements: PlacedElement[],
  { x: left, y: top }: { x: number; y: number },
): Promise<void> {
  const columns = [
    { title: '#', x: left },
    { title: 'Element', x: left + 20 },
    { title: 'x mm', x: left + 400 },
    { title: 'y mm', x: left + 450 },
    { title: 'width x height mm', x: left + 500 },
    { title: 'rotation', x: left + 600 },
  ];
  for (const c of columns) await page.text(c.title, { x: c.x, y: top, size: 8, bold: true });
  if (elements.length === 0)
    await page.text('(no elements)', { x: left + 20, y: top + 13, size: 8 });
  for (const [i, e] of elements.slice(0, MAX_ROWS).entries()) {
    const y = top + 13 + i * 12;
    const cells = [
      String(i + 1),
      e.what,
      mm(e.box.x),
      mm(e.box.y),
      `${mm(e.box.width)} x ${mm(e.box.height)}`,
      `${e.rotation} deg`,
    ];
    for (const [j, cell] of cells.entries()) await page.text(cell, { x: columns[j].x, y, size: 8 });
  }
  if (elements.length > MAX_ROWS)
    await page.text(`... and ${elements.length - MAX_ROWS} more`, {
      x: left + 20,
      y: top + 13 + MAX_ROWS * 12,
      size: 8,
    });
}
