import { RenderParameterInvalid } from './render.errors';
import {
  parseAnchor,
  parseBoolean,
  parseColor,
  parseCrop,
  parseDpr,
  parseFlip,
  parseFormat,
  parseMode,
  parseQuality,
  parseRotate,
  parseScale,
  parseSize,
} from './resizer-params';
import { ColorFilters } from '../common/images/legacy-filters';
import {
  parseCropUnits,
  parseGrayscale,
  parseNumberIn,
  parseResampleFilter,
  parseSharpenWhen,
} from './legacy-filter-params';
import { planTransform, RequestedSize, ResizerOptions, TransformPlan } from './transform-plan';

/**
 * Query values as Express's query parser gives them (`req.query`), or the query string's pairs in
 * order (`new URLSearchParams(search)`): with pairs, "last wins" holds exactly even across
 * spellings (`width=1&Width=2`); with an object, a name's spellings are taken in order of first
 * appearance.
 */
export type ParsedQuery = Record<string, unknown> | URLSearchParams;

export interface RenderLimits {
  /** Largest width or height (after `dpr`) a caller may ask for. */
  maxDimension: number;
}

/** The render parameters of a query string, validated. */
export interface RenderQuery extends TransformPlan {
  /** Requested size before `dpr` (`width`/`w`, `height`/`h`). */
  size: RequestedSize;
  /** State overrides by lower-cased name (names are case-insensitive; the last one wins). */
  states: Record<string, string>;
  renderStateHandle?: string;
  camera?: string;
  useCache: boolean;
  resizer: ResizerOptions;
}

const STATE_RULE =
  'A state override is name:value, with a non-empty name and value and no comma; repeat state for several.';

/** Each recognised parameter (lower-case) and what its value sets. */
type Setter = (q: RenderQuery, name: string, raw: string, limits: RenderLimits) => void;
const PARAMETERS: Record<string, Setter> = {
  width: (q, n, raw, l) => (q.size.width = parseSize(n, raw, l.maxDimension)),
  w: (q, n, raw, l) => (q.size.width = parseSize(n, raw, l.maxDimension)),
  height: (q, n, raw, l) => (q.size.height = parseSize(n, raw, l.maxDimension)),
  h: (q, n, raw, l) => (q.size.height = parseSize(n, raw, l.maxDimension)),
  state: (q, n, raw) => {
    const [name, value] = parseState(n, raw);
    q.states[name.toLowerCase()] = value;
  },
  renderstatehandle: (q, n, raw) => (q.renderStateHandle = parseHandle(n, raw)),
  camera: (q, n, raw) => (q.camera = parseHandle(n, raw)),
  usecache: (q, n, raw) => (q.useCache = parseBoolean(n, raw)),
  mode: (q, n, raw) => (q.resizer.mode = parseMode(n, raw)),
  scale: (q, n, raw) => (q.resizer.scale = parseScale(n, raw)),
  anchor: (q, n, raw) => (q.resizer.anchor = parseAnchor(n, raw)),
  bgcolor: (q, n, raw) => (q.resizer.background = parseColor(n, raw)),
  dpr: (q, n, raw) => (q.resizer.dpr = parseDpr(n, raw)),
  flip: (q, n, raw) => (q.resizer.flip = parseFlip(n, raw)),
  rotate: (q, n, raw) => (q.resizer.rotate = parseRotate(n, raw)),
  crop: (q, n, raw) => (q.resizer.crop = parseCrop(n, raw)),
  format: (q, n, raw) => (q.resizer.format = parseFormat(n, raw)),
  quality: (q, n, raw) => (q.resizer.quality = parseQuality(n, raw)),
  'jpeg.quality': (q, n, raw) => (q.resizer.jpegQuality = parseQuality(n, raw)),
  'webp.quality': (q, n, raw) => (q.resizer.webpQuality = parseQuality(n, raw)),
  'webp.lossless': (q, n, raw) => (q.resizer.webpLossless = parseBoolean(n, raw)),
  'png.quality': (q, n, raw) => (q.resizer.pngQuality = parseQuality(n, raw)),
  // The legacy ImageResizer/Imageflow filters (applied in that API's fixed order).
  srotate: (q, n, raw) => (q.resizer.sourceRotate = parseRotate(n, raw)),
  sflip: (q, n, raw) => (q.resizer.sourceFlip = parseFlip(n, raw)),
  'trim.threshold': (q, n, raw) => (q.resizer.trimThreshold = parseNumberIn(n, raw, 0, 255)),
  'trim.percentpadding': (q, n, raw) =>
    (q.resizer.trimPercentPadding = parseNumberIn(n, raw, 0, 100)),
  cropxunits: (q, n, raw) => (q.resizer.cropXUnits = parseCropUnits(n, raw)),
  cropyunits: (q, n, raw) => (q.resizer.cropYUnits = parseCropUnits(n, raw)),
  's.grayscale': (q, n, raw) => (filters(q).grayscale = parseGrayscale(n, raw)),
  's.sepia': (q, n, raw) => (filters(q).sepia = parseBoolean(n, raw)),
  's.invert': (q, n, raw) => (filters(q).invert = parseBoolean(n, raw)),
  's.alpha': (q, n, raw) => (filters(q).alpha = parseNumberIn(n, raw, 0, 1)),
  's.contrast': (q, n, raw) => (filters(q).contrast = parseNumberIn(n, raw, -1, 1)),
  's.brightness': (q, n, raw) => (filters(q).brightness = parseNumberIn(n, raw, -1, 1)),
  's.saturation': (q, n, raw) => (filters(q).saturation = parseNumberIn(n, raw, -1, 1)),
  'f.sharpen': (q, n, raw) => (q.resizer.sharpen = parseNumberIn(n, raw, 0, 99)),
  'f.sharpenwhen': (q, n, raw) => (q.resizer.sharpenWhen = parseSharpenWhen(n, raw)),
  'down.filter': (q, n, raw) => (q.resizer.downFilter = parseResampleFilter(n, raw)),
  'up.filter': (q, n, raw) => (q.resizer.upFilter = parseResampleFilter(n, raw)),
  ignoreicc: (q, n, raw) => (q.resizer.ignoreIcc = parseBoolean(n, raw)),
};

function filters(q: RenderQuery): ColorFilters {
  return (q.resizer.filters ??= {});
}

/**
 * Reads the render and image-resizer parameters of a parsed query string. Parameter names are
 * case-insensitive and unknown ones are ignored; a repeated parameter's last value wins (for
 * `state`, per state name). Every invalid value is a 400 naming the parameter and the value.
 */
export function parseRenderQuery(query: ParsedQuery, limits: RenderLimits): RenderQuery {
  const q: RenderQuery = {
    size: {},
    states: {},
    useCache: true,
    resizer: {},
    transform: undefined as never,
    transforms: false,
    key: '',
  };
  const pairs =
    query instanceof URLSearchParams
      ? [...query]
      : Object.entries(query)
          .filter(([name]) => name.toLowerCase() in PARAMETERS)
          .flatMap(([name, value]) => values(name, value).map((raw) => [name, raw] as const));
  for (const [name, raw] of pairs) PARAMETERS[name.toLowerCase()]?.(q, name, raw, limits);
  Object.assign(q, planTransform(q.size, q.resizer, limits.maxDimension));
  return q;
}

/** `name:value` split at the first colon; both parts non-empty, no comma anywhere. */
export function parseState(parameter: string, raw: string): [string, string] {
  const colon = raw.indexOf(':');
  const name = raw.slice(0, colon);
  const value = raw.slice(colon + 1);
  if (colon < 0 || raw.includes(',') || !name.trim() || !value.trim()) {
    throw new RenderParameterInvalid(parameter, raw, STATE_RULE);
  }
  return [name, value];
}

function parseHandle(parameter: string, raw: string): string {
  if (!raw.trim()) throw new RenderParameterInvalid(parameter, raw, 'It must not be empty.');
  return raw;
}

/** The string values of one parameter, in order; anything else (a nested object) is a 400. */
function values(name: string, value: unknown): string[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.map((item) => {
    if (typeof item !== 'string') {
      throw new RenderParameterInvalid(
        name,
        JSON.stringify(item) ?? String(item),
        'It must be text.',
      );
    }
    return item;
  });
}
