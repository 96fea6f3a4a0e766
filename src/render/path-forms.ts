import { quote, RenderPathInvalid } from './render.errors';

/**
 * The URL forms in use after `/api/assets/generated/recipeset/readable/{id}/`:
 * - `{viewAngle}`
 * - `view/{viewAngle}`
 * - either of them followed by path-segment parameters, pairs of key and value in any order:
 *   `state/{preset}`, `camera/{camera}`, `width/{w}`, `height/{h}` (keys case-insensitive), e.g.
 *   `north/state/ber-print-output/camera/Ortho/width/381/height/286`.
 *
 * A view angle may itself be called `view`: `view/{angle}` has an even number of segments, and a
 * view angle followed by pairs an odd number, so the count tells the forms apart.
 */
export interface RenderPath {
  viewAngle: string;
  /** From `state/{preset}`: a render-state preset handle. */
  renderStateHandle?: string;
  camera?: string;
  width?: number;
  height?: number;
}

const KEYS = {
  state: 'renderStateHandle',
  camera: 'camera',
  width: 'width',
  height: 'height',
} as const;

/** Parses the decoded segments Express gives for a `*path` wildcard (a trailing slash is ignored). */
export function parseRenderPath(segments: readonly string[]): RenderPath {
  const parts = segments.at(-1) === '' ? segments.slice(0, -1) : [...segments];
  const empty = parts.findIndex((part) => part === '');
  if (parts.length === 0 || empty >= 0) {
    throw new RenderPathInvalid(
      parts.length === 0
        ? 'The render URL names no view angle.'
        : `The render URL has an empty segment at position ${empty + 1}.`,
    );
  }
  const viewForm = parts[0].toLowerCase() === 'view' && parts.length % 2 === 0;
  const viewAngle = viewForm ? parts[1] : parts[0];
  const pairs = parts.slice(viewForm ? 2 : 1);
  if (pairs.length % 2 !== 0) {
    throw new RenderPathInvalid(
      `The render URL segment ${quote(pairs.at(-1)!)} after view angle ${quote(viewAngle)} has no value; path parameters come in pairs such as width/381.`,
    );
  }
  const result: RenderPath = { viewAngle };
  for (let i = 0; i < pairs.length; i += 2) {
    const [key, value] = [pairs[i], pairs[i + 1]];
    const field = KEYS[key.toLowerCase() as keyof typeof KEYS];
    if (!field) {
      throw new RenderPathInvalid(
        `The render URL segment ${quote(key)} is not a path parameter; use state, camera, width or height.`,
      );
    }
    if (result[field] !== undefined) {
      throw new RenderPathInvalid(`The render URL gives ${quote(key)} more than once.`);
    }
    if (field === 'width' || field === 'height') {
      if (!/^\d+$/.test(value) || Number(value) < 1) {
        throw new RenderPathInvalid(
          `The render URL segment ${key}/${quote(value)} is not a size: it must be an integer of at least 1.`,
        );
      }
      result[field] = Number(value);
    } else {
      result[field] = value;
    }
  }
  return result;
}
