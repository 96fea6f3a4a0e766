import { teeProduct } from '../factories/catalog';

/**
 * The rules beyond the schema that valid catalog and design requests follow, applied by the fuzz
 * suite to generated ones: a product's references resolve (images of the client, locations,
 * options with colours), and a design names the product's locations, bundled fonts, the client's
 * uploads, and anchors inside the print area. The generated values are kept where the rules allow.
 */

export interface DesignPools {
  /** Uploaded-asset ids of the fuzzing client. */
  assetIds: () => readonly string[];
  /** Bundled font handles. */
  fonts: readonly string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The print area of both locations of the fuzzing product (teeProduct). */
const AREA = { widthMm: 300, heightMm: 400 };
const LOCATIONS = ['front', 'back'];
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/;

const clamp = (v: unknown, min: number, max: number, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;
const pick = <T>(list: readonly T[], n: number): T => list[Math.abs(n) % list.length];

const FILE_NAME_TEMPLATES = [
  '{readableId}-{location}',
  '{purchaseOrderNumber}_{sku} x{quantity} {location}.v{designVersion}',
  '{productHandle}-{uuid}-{location}',
];
const CMYK_PROFILES = ['FOGRA39', 'GRACoL2006'];

/**
 * Print settings made valid (a client's, or a location's overrides): a profile of the colour
 * space given, and a file name template from a valid list.
 */
export function validPrintSettings(body: unknown, n: number): unknown {
  if (!isObj(body)) return body;
  const b = { ...body };
  const cmyk = typeof b.iccProfile === 'string' && b.iccProfile !== 'sRGB';
  if (b.colorSpace === 'rgb' && cmyk) b.iccProfile = 'sRGB';
  if (b.colorSpace === 'cmyk' && b.iccProfile === 'sRGB') b.iccProfile = pick(CMYK_PROFILES, n);
  // A generated template is almost never valid (placeholders, {location}): one that is instead.
  if (typeof b.fileNameTemplate === 'string') b.fileNameTemplate = pick(FILE_NAME_TEMPLATES, n);
  return b;
}

/**
 * A valid product: the generated handle, name, description and locations (handles made unique),
 * with options, SKUs and a view angle from teeProduct whose images are the client's and whose
 * design layer shows the first generated location.
 */
export function validProduct(body: unknown, images: number[], handle?: string): unknown {
  if (!isObj(body) || images.length === 0) return body;
  const base = teeProduct({ mask: images[0], shading: images[images.length - 1] }, 'x');
  const seen = new Set<string>();
  const locations = (Array.isArray(body.locations) ? body.locations : []).filter(
    (l): l is Obj =>
      isObj(l) &&
      typeof l.handle === 'string' &&
      !seen.has(l.handle.toLowerCase()) &&
      !!seen.add(l.handle.toLowerCase()),
  );
  const used: Obj[] = (locations.length > 0 ? locations : (base.locations as Obj[])).map((l, i) =>
    isObj(l.print) ? { ...l, print: validPrintSettings(l.print, i) } : l,
  );
  const view = base.viewAngles[0];
  return {
    ...body,
    handle: handle ?? body.handle,
    options: base.options,
    skus: base.skus,
    locations: used,
    viewAngles: [
      {
        ...view,
        layers: view.layers.map((l) =>
          l.type === 'design' ? { ...l, location: used[0].handle } : l,
        ),
      },
    ],
    renderStates: base.renderStates,
    renderStatePresets: base.renderStatePresets,
  };
}

/** A valid design for the fuzzing product, from a generated one. */
/** Valid options of the fuzzing product (some left out, taking their first value). */
export function validOptions(n: number): Record<string, string> {
  const all = { colour: pick(['white', 'black'], n), size: pick(['S', 'M'], n >> 1) };
  return n % 3 === 0 ? {} : n % 3 === 1 ? { colour: all.colour } : all;
}

export function validDesign(design: unknown, n: number, pools: DesignPools): unknown {
  if (!isObj(design)) return design;
  const out: Obj = {};
  let text = 0;
  Object.values(design).forEach((location, i) => {
    if (i >= LOCATIONS.length || !isObj(location)) return;
    const elements = (Array.isArray(location.elements) ? location.elements : [])
      .slice(0, 20)
      .filter(isObj)
      .map((e, k) => element(e, n + k, pools))
      .filter((e) => {
        if (e.type !== 'text') return true;
        text += (e.text as string).length;
        return text <= 5000;
      });
    out[LOCATIONS[i]] = { ...location, elements };
  });
  return out;
}

function element(e: Obj, n: number, pools: DesignPools): Obj {
  const at = {
    x: clamp(e.x, 0, AREA.widthMm, AREA.widthMm / 2),
    y: clamp(e.y, 0, AREA.heightMm, AREA.heightMm / 2),
    rotation: clamp(e.rotation, -360, 360, 0),
  };
  const assets = pools.assetIds();
  if (e.type === 'image' && assets.length > 0)
    return {
      ...e,
      ...at,
      uploadedAssetId: Number(pick(assets, n)),
      width: clamp(e.width, 0.1, 3000, 50),
      height: clamp(e.height, 0.1, 3000, 50),
    };
  const words =
    typeof e.text === 'string' && e.text.trim() !== '' && !CONTROL.test(e.text) ? e.text : 'Text';
  return {
    ...e,
    ...at,
    type: 'text',
    text: [...words].slice(0, 500).join(''),
    font: pick(pools.fonts, n),
    size: clamp(e.size, 1, 1000, 24),
  };
}
