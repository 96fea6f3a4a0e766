import type { ProductDefinition } from '../catalog';
import { Design, DesignElement, LocationDesign, TEXT_ALIGNMENTS, TextAlign } from './design';
import { PrintCeilings, printCostProblems } from './print-cost';
import { HEX_COLOUR, notAColour } from '../common/validation/colour';
import { INT32_MAX } from '../common/validation/int32';

/** Limits of one design: what a caller can make big. */
export const DESIGN_LIMITS = {
  elementsPerLocation: 100,
  elements: 200,
  textLength: 1000,
  totalText: 10_000,
  minFontSize: 1,
  maxFontSize: 1000,
  /** An image element's width and height: at most this many times the print area's longer side. */
  elementSizeFactor: 10,
} as const;

/** What {@link checkDesign} needs to know besides the product. */
export interface DesignContext {
  product: ProductDefinition;
  fontExists(handle: string): boolean;
  /**
   * The print files' ceilings (PRINT_MAX_PIXELS, PRINT_MAX_IMAGE_PIXELS): a design over them is
   * refused, since its print files could not be made. Unset: not checked (a design's shape alone).
   */
  print?: PrintCeilings;
}

export type DesignCheck =
  { ok: true; design: Design; imageIds: number[] } | { ok: false; problems: string[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const round = (n: number): number => Math.round(n * 1000) / 1000;

/**
 * Checks a design against its product and normalises it (location handles as the product spells
 * them, colours lower-case, defaults filled in, numbers rounded to µm). Unknown fields are dropped.
 *
 * Placement rule: an element's anchor (a text's anchor point, an image's top-left corner) must lie
 * within the location's print area; what extends beyond the print area is clipped when rendered
 * and printed. Anything else (an unknown location or font, a bad colour, a size out of range) is
 * a problem named by its path, e.g. `design.front.elements[2].size`.
 */
export function checkDesign(raw: unknown, ctx: DesignContext): DesignCheck {
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { ok: true, design: {}, imageIds: [] };
  if (!isObj(raw)) return { ok: false, problems: ['design must be an object of locations.'] };
  const locations = new Map(ctx.product.locations.map((l) => [l.handle.toLowerCase(), l]));
  const design: Design = {};
  const imageIds = new Set<number>();
  let elements = 0;
  let text = 0;
  for (const [name, value] of Object.entries(raw)) {
    const location = locations.get(name.toLowerCase());
    const path = `design.${name}`;
    if (!location) {
      problems.push(
        `${path}: product ${ctx.product.handle} has no location ${name} (it has ${ctx.product.locations.map((l) => l.handle).join(', ')}).`,
      );
      continue;
    }
    if (!isObj(value)) {
      problems.push(`${path} must be an object with elements.`);
      continue;
    }
    const { widthMm, heightMm } = location.printArea;
    const out: LocationDesign = { elements: [] };
    if (value.background !== undefined && value.background !== null) {
      if (typeof value.background !== 'string' || !HEX_COLOUR.test(value.background))
        problems.push(notAColour(`${path}.background`, value.background));
      else out.background = value.background.toLowerCase();
    }
    const list = value.elements ?? [];
    if (!Array.isArray(list)) {
      problems.push(`${path}.elements must be a list.`);
      continue;
    }
    if (list.length > DESIGN_LIMITS.elementsPerLocation) {
      problems.push(
        `${path}.elements has ${list.length} elements; a location may have at most ${DESIGN_LIMITS.elementsPerLocation}.`,
      );
      continue;
    }
    elements += list.length;
    list.forEach((item: unknown, i) => {
      const at = `${path}.elements[${i}]`;
      const element = checkElement(item, at, { widthMm, heightMm }, ctx, problems);
      if (!element) return;
      if (element.type === 'image') imageIds.add(element.uploadedAssetId);
      else text += element.text.length;
      out.elements.push(element);
    });
    design[location.handle] = out;
  }
  if (elements > DESIGN_LIMITS.elements)
    problems.push(
      `design has ${elements} elements; at most ${DESIGN_LIMITS.elements} are allowed.`,
    );
  if (text > DESIGN_LIMITS.totalText)
    problems.push(
      `design has ${text} characters of text; at most ${DESIGN_LIMITS.totalText} are allowed.`,
    );
  if (ctx.print) problems.push(...printCostProblems(design, ctx.product, ctx.print));
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, design, imageIds: [...imageIds] };
}

function checkElement(
  item: unknown,
  at: string,
  area: { widthMm: number; heightMm: number },
  ctx: DesignContext,
  problems: string[],
): DesignElement | undefined {
  if (!isObj(item)) {
    problems.push(`${at} must be an object.`);
    return undefined;
  }
  const before = problems.length;
  const num = (field: string, min: number, max: number, fallback?: number, hint = ''): number => {
    const v = item[field] ?? fallback;
    if (!isNum(v) || v < min || v > max) {
      problems.push(`${at}.${field} must be a number from ${min} to ${max}${hint}.`);
      return 0;
    }
    return round(v);
  };
  const inArea = ` (millimetres within the ${area.widthMm} × ${area.heightMm} mm print area)`;
  const anchor = (): { x: number; y: number } => ({
    x: num('x', 0, area.widthMm, undefined, inArea),
    y: num('y', 0, area.heightMm, undefined, inArea),
  });
  if (item.type === 'text') {
    const text = item.text;
    if (typeof text !== 'string' || text.trim() === '' || text.length > DESIGN_LIMITS.textLength)
      problems.push(`${at}.text must be text of 1 to ${DESIGN_LIMITS.textLength} characters.`);
    else if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(text))
      problems.push(`${at}.text must not contain control characters other than line breaks.`);
    const font = item.font;
    if (typeof font !== 'string' || !ctx.fontExists(font))
      problems.push(`${at}.font ${JSON.stringify(font)} is not a font of GET /api/fonts.`);
    const colour = item.colour ?? '#000000';
    if (typeof colour !== 'string' || !HEX_COLOUR.test(colour))
      problems.push(notAColour(`${at}.colour`, colour));
    const align = (
      typeof item.align === 'string' ? item.align.toLowerCase() : (item.align ?? 'left')
    ) as TextAlign;
    if (!TEXT_ALIGNMENTS.includes(align))
      problems.push(`${at}.align must be one of: ${TEXT_ALIGNMENTS.join(', ')}.`);
    const size = num('size', DESIGN_LIMITS.minFontSize, DESIGN_LIMITS.maxFontSize);
    const { x, y } = anchor();
    const rotation = num('rotation', -360, 360, 0);
    if (problems.length > before) return undefined;
    return {
      type: 'text',
      text: text as string,
      font: (font as string).toLowerCase(),
      size,
      colour: (colour as string).toLowerCase(),
      x,
      y,
      rotation,
      align,
    };
  }
  if (item.type === 'image') {
    const id = item.uploadedAssetId;
    if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > INT32_MAX)
      problems.push(`${at}.uploadedAssetId must be the integer id of an uploaded asset.`);
    const { x, y } = anchor();
    // Beyond the print area an element is clipped before it is decoded: its size bounds only
    // the resampling, but a box far larger than anything printable is a mistake.
    const factor = DESIGN_LIMITS.elementSizeFactor;
    const most = factor * Math.max(area.widthMm, area.heightMm);
    const sizeHint = ` (mm, at most ${factor} times the print area's longer side)`;
    const width = num('width', 0.1, most, undefined, sizeHint);
    const height = num('height', 0.1, most, undefined, sizeHint);
    const rotation = num('rotation', -360, 360, 0);
    if (problems.length > before) return undefined;
    return { type: 'image', uploadedAssetId: id as number, x, y, width, height, rotation };
  }
  problems.push(`${at}.type must be text or image.`);
  return undefined;
}

/**
 * The design with its fields in their documented order (PostgreSQL's jsonb keeps keys in its own
 * order): `background`, `elements`; an element's `type` first. Locations keep the product's order.
 */
export function presentDesign(design: Design, locationOrder: readonly string[] = []): Design {
  const rank = (h: string) => {
    const i = locationOrder.indexOf(h);
    return i < 0 ? locationOrder.length : i;
  };
  const out: Design = {};
  for (const handle of Object.keys(design).sort((a, b) => rank(a) - rank(b))) {
    const { background, elements } = design[handle];
    out[handle] = {
      ...(background === undefined ? {} : { background }),
      elements: elements.map((e): DesignElement =>
        e.type === 'text'
          ? {
              type: 'text',
              text: e.text,
              font: e.font,
              size: e.size,
              colour: e.colour,
              x: e.x,
              y: e.y,
              rotation: e.rotation,
              align: e.align,
            }
          : {
              type: 'image',
              uploadedAssetId: e.uploadedAssetId,
              x: e.x,
              y: e.y,
              width: e.width,
              height: e.height,
              rotation: e.rotation,
            },
      ),
    };
  }
  return out;
}

/** Largest print-area side a product may have (mm): the bound of positions before the product is known. */
const ANY_AREA_MM = 5000;

/**
 * What is wrong with a design whatever its product (the request's own shape: types, ranges,
 * colours, lists), so that a malformed design is 400 before anything is looked up.
 */
export function designShapeProblems(raw: unknown): string[] {
  if (!isObj(raw)) return ['design must be an object of locations.'];
  const area = { widthMm: ANY_AREA_MM, heightMm: ANY_AREA_MM };
  const product = {
    handle: 'any',
    locations: Object.keys(raw).map((handle) => ({
      handle,
      printArea: area,
      dpi: 300,
      embellishment: 'print',
    })),
  } as unknown as ProductDefinition;
  const result = checkDesign(raw, { product, fontExists: () => true });
  return result.ok ? [] : result.problems;
}
