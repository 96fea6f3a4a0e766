import type { ProductLocation } from '../catalog';
import {
  clipToCanvas,
  compositeRgba,
  decodeResizedRegion,
  PixelRect,
  PlacedImage,
  rasterizeSvgRgba,
  Rgba,
  rotateRgba,
} from '../common/images/compose';
import type { TextOutline, TextOutlineRequest } from '../fonts';
import type { ImageElement, LocationDesign, TextElement } from '../recipe-sets';
import { placeRegion, visibleRegion } from './geometry';

/**
 * A location's design as pixels: the print area (`widthMm` × `heightMm`) stretched onto a
 * `width` × `height` canvas, its background colour, then its elements in order: text as vector
 * outlines of the bundled fonts (never the host's), images from their stored bytes. Everything is
 * clipped to the print area; the rest is transparent. Deterministic.
 *
 * Image elements fill their box exactly (`fit: fill`): the storefront chooses the box, usually
 * with the image's aspect ratio. Rotations turn about the text anchor and the image box centre.
 * When the canvas's aspect ratio differs from the print area's, text is stretched with it and
 * image boxes are rotated in pixel space (the layers of real products keep the ratio).
 */

/** Millimetres per point. */
export const MM_PER_PT = 25.4 / 72;

export interface DesignSources {
  /** Text outlines from the bundled fonts (FontsService.outline). */
  outline(request: TextOutlineRequest): Promise<TextOutline>;
  /** The stored bytes of an uploaded asset (an image element's `uploadedAssetId`). */
  uploadedAsset(id: number): Promise<Buffer>;
  /** sharp's limitInputPixels for every decoded image. */
  limitInputPixels: number;
}

/** A number written into SVG: 3 decimals at most, no "-0". */
const num = (v: number): string => {
  const r = Math.round(v * 1000) / 1000;
  return String(r === 0 ? 0 : r);
};

/**
 * The part `region` (by default the whole canvas) of the design drawn on a `width` × `height`
 * canvas; null when nothing would be drawn (no background, no element).
 */
export async function rasterizeDesign(
  location: ProductLocation,
  design: LocationDesign | undefined,
  size: { width: number; height: number },
  sources: DesignSources,
  region: PixelRect = { left: 0, top: 0, width: size.width, height: size.height },
): Promise<Rgba | null> {
  if (!design || (design.background === undefined && design.elements.length === 0)) return null;
  const sx = size.width / location.printArea.widthMm;
  const sy = size.height / location.printArea.heightMm;
  const canvas = new LayeredCanvas(region.width, region.height, design.background);
  let texts: TextElement[] = [];
  const flushTexts = async (): Promise<void> => {
    if (texts.length > 0) await canvas.add(await textLayer(texts, sx, sy, region, sources));
    texts = [];
  };
  // One element at a time: each is decoded only after the one before is on the canvas (or in
  // the pending batch), so memory is bounded by the canvas, not by the number of elements.
  for (const element of design.elements) {
    if (element.type === 'text') {
      texts.push(element);
      continue;
    }
    await flushTexts();
    await canvas.add(await imageLayer(element, sx, sy, region, sources));
  }
  await flushTexts();
  return canvas.result();
}

/**
 * A canvas drawn layer by layer. Layers wait in a batch composited in one libvips call (one
 * rounding, as a single call gives) until the batch would hold more pixels than the canvas; then
 * the batch is drawn onto the canvas. Peak memory: the canvas, its next version and one canvas'
 * worth of layers, whatever the number of layers.
 */
class LayeredCanvas {
  private canvas: Rgba | undefined;
  private pending: PlacedImage[] = [];
  private pendingPixels = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly background: string | undefined,
  ) {}

  async add(placed: PlacedImage | null): Promise<void> {
    // Only what falls on the canvas is kept (a turned element's corners are dropped now).
    const layer = placed && (await clipToCanvas(placed, this.width, this.height));
    if (!layer) return;
    const pixels = layer.image.width * layer.image.height;
    if (this.pending.length > 0 && this.pendingPixels + pixels > this.width * this.height)
      await this.flush();
    this.pending.push(layer);
    this.pendingPixels += pixels;
  }

  async result(): Promise<Rgba> {
    if (!this.canvas || this.pending.length > 0) await this.flush();
    return this.canvas!;
  }

  private async flush(): Promise<void> {
    const layers = this.pending;
    this.pending = [];
    this.pendingPixels = 0;
    this.canvas = await compositeRgba(
      this.width,
      this.height,
      layers,
      this.canvas ? undefined : this.background,
      this.canvas,
    );
  }
}

/** Consecutive text elements as one SVG of outlines, the size of the region. */
async function textLayer(
  texts: TextElement[],
  sx: number,
  sy: number,
  region: PixelRect,
  sources: DesignSources,
): Promise<PlacedImage | null> {
  const paths: string[] = [];
  for (const text of texts) {
    const outline = await sources.outline({
      font: text.font,
      text: text.text,
      size: text.size,
      scale: sx * MM_PER_PT,
      align: text.align,
    });
    if (outline.d === '') continue;
    const stretch = Math.abs(sy / sx - 1) > 1e-9 ? ` scale(1 ${num(sy / sx)})` : '';
    const turn = text.rotation % 360 !== 0 ? ` rotate(${num(text.rotation)})` : '';
    paths.push(
      `<path fill="${text.colour}" transform="translate(${num(text.x * sx)} ${num(text.y * sy)})${stretch}${turn}" d="${outline.d}"/>`,
    );
  }
  if (paths.length === 0) return null;
  const { left, top, width, height } = region;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="${left} ${top} ${width} ${height}">${paths.join('')}</svg>`;
  return { image: await rasterizeSvgRgba(svg, sources.limitInputPixels), left: 0, top: 0 };
}

/** An image element: only the part of its box that can show is decoded, resized and rotated. */
async function imageLayer(
  element: ImageElement,
  sx: number,
  sy: number,
  region: PixelRect,
  sources: DesignSources,
): Promise<PlacedImage | null> {
  const box = {
    width: Math.max(1, Math.round(element.width * sx)),
    height: Math.max(1, Math.round(element.height * sy)),
    cx: (element.x + element.width / 2) * sx - region.left,
    cy: (element.y + element.height / 2) * sy - region.top,
    rotation: element.rotation,
  };
  const visible = visibleRegion(box, region.width, region.height);
  if (!visible) return null;
  const bytes = await sources.uploadedAsset(element.uploadedAssetId);
  const part = await decodeResizedRegion(
    bytes,
    box.width,
    box.height,
    visible,
    sources.limitInputPixels,
  );
  const turned = await rotateRgba(part, box.rotation);
  return { image: turned, ...placeRegion(box, visible, turned) };
}
