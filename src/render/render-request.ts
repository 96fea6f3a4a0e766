import { ImageTransform } from '../common/images/transform-layout';
import { parseRenderPath, RenderPath } from './path-forms';
import { quote, RenderPathInvalid } from './render.errors';
import { ParsedQuery, parseRenderQuery, RenderLimits } from './render-query';
import { parseSize } from './resizer-params';
import { planTransform, RequestedSize } from './transform-plan';

/** Everything a render URL asks for: what to render and how to transform it. */
export interface RenderUrl {
  viewAngle: string;
  /** Preset handle (`renderStateHandle` query parameter, or the `state/{preset}` path segment). */
  renderStateHandle?: string;
  camera?: string;
  /** State overrides by lower-cased name. */
  states: Record<string, string>;
  useCache: boolean;
  /** Requested size before `dpr`; neither → the camera's or view's default size. */
  size: RequestedSize;
  transform: ImageTransform;
  /** True: answer transformed bytes (200); false: redirect to the stored render (302). */
  transforms: boolean;
  /** Canonical description of the transformation ('' when none), for cache keys and ETags. */
  transformKey: string;
}

/**
 * Combines the path form and the query string of a render URL.
 *
 * Accepted query parameters (names case-insensitive, unknown ones ignored, the last of repeated
 * values wins; invalid values are 400 `Invalid value for <name>: '<value>'. <rule>`):
 * `width`/`w`, `height`/`h` (integers 1…maxDimension, after `dpr` too), `state=name:value`
 * (repeatable), `renderStateHandle`, `camera`, `useCache` (true/false/1/0, default true), `mode`
 * (max|pad|crop|stretch), `scale` (down|both|up|canvas), `anchor` (topleft … bottomright), `bgcolor`
 * (hex RGB/RRGGBB/RRGGBBAA, `#` tolerated, or a named colour), `dpr` (0 < dpr ≤ 4, `2x` tolerated),
 * `flip` (none|h|x|v|y|both|hv|vh|xy|yx), `rotate` (multiples of 90, clockwise), `crop=x1,y1,x2,y2`
 * (source pixels before rotation; x2/y2 ≤ 0 count from the right/bottom edge), `format`
 * (png|jpeg|jpg|webp|gif), `quality` (JPEG, and WebP unless `webp.quality`), `jpeg.quality`,
 * `webp.quality`, `webp.lossless`, `png.quality` (palette PNG at that quality), qualities 1…100. A setting
 * is given once: a query parameter that repeats a path segment (`camera`, `renderStateHandle` and
 * `state/…`, `width`/`w`, `height`/`h`) is 400, so that no part of a URL silently overrides
 * another (a signed URL binds exactly what is rendered); a size from the path obeys the same
 * maximum as one from the query.
 */
export function parseRenderRequest(
  segments: readonly string[],
  query: ParsedQuery,
  limits: RenderLimits,
): RenderUrl {
  const path = parseRenderPath(segments);
  const pathSize = (name: 'width' | 'height') =>
    path[name] === undefined ? undefined : parseSize(name, String(path[name]), limits.maxDimension);
  const fromQuery = parseRenderQuery(query, limits);
  refuseRepeated(path, {
    camera: fromQuery.camera,
    renderStateHandle: fromQuery.renderStateHandle,
    width: fromQuery.size.width,
    height: fromQuery.size.height,
  });
  const size: RequestedSize = {
    width: fromQuery.size.width ?? pathSize('width'),
    height: fromQuery.size.height ?? pathSize('height'),
  };
  if (size.width === undefined) delete size.width;
  if (size.height === undefined) delete size.height;
  const plan = planTransform(size, fromQuery.resizer, limits.maxDimension);
  const request: RenderUrl = {
    viewAngle: path.viewAngle,
    states: fromQuery.states,
    useCache: fromQuery.useCache,
    size,
    transform: plan.transform,
    transforms: plan.transforms,
    transformKey: plan.key,
  };
  const renderStateHandle = fromQuery.renderStateHandle ?? path.renderStateHandle;
  const camera = fromQuery.camera ?? path.camera;
  if (renderStateHandle !== undefined) request.renderStateHandle = renderStateHandle;
  if (camera !== undefined) request.camera = camera;
  return request;
}

/** Each setting a path segment gives: the segment's name and the query parameters that repeat it. */
const REPEATABLE = {
  camera: ['camera', 'camera'],
  renderStateHandle: ['state', 'renderStateHandle'],
  width: ['width', 'width (or w)'],
  height: ['height', 'height (or h)'],
} as const;

/** 400 when the query gives a setting the path gives already. */
function refuseRepeated(
  path: RenderPath,
  fromQuery: Record<keyof typeof REPEATABLE, unknown>,
): void {
  for (const field of Object.keys(REPEATABLE) as (keyof typeof REPEATABLE)[]) {
    const [segment, parameter] = REPEATABLE[field];
    if (path[field] !== undefined && fromQuery[field] !== undefined)
      throw new RenderPathInvalid(
        `The render URL gives ${segment} twice: as the path segment ${segment}/${quote(String(path[field]))} and as the query parameter ${parameter}; give it once.`,
      );
  }
}
