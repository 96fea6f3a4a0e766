import type {
  DesignLayer,
  FillLayer,
  ImageLayer,
  LayerCondition,
  ProductDefinition,
  ProductViewAngle,
} from '../catalog';
import {
  InvalidRenderSize,
  InvalidRenderStateValue,
  MissingOptionColour,
  UnknownCamera,
  UnknownRenderPreset,
  UnknownRenderState,
  UnknownViewAngle,
} from './render.errors';

/**
 * What a render request asks of a product, resolved against its definition without touching a
 * pixel: the effective render states, the layers to draw, the crop and the default output size.
 * Every unknown handle fails here, before any image is loaded.
 */

/** Largest width or height of a render, in pixels (whatever a camera or a caller asks for). */
export const MAX_RENDER_SIDE = 4096;

export interface RenderRequest {
  /** A view angle's handle, any case. */
  viewAngle: string;
  /** A render-state preset's handle (`print-output`), any case. */
  renderStateHandle?: string;
  /** State overrides (name any case → value), applied in order: a later one wins. */
  states?: ReadonlyArray<readonly [name: string, value: string]>;
  /** A camera of the view angle, any case. */
  camera?: string;
}

export interface PixelSize {
  width: number;
  height: number;
}

/** A rectangle of view pixels. */
export interface ViewCrop extends PixelSize {
  x: number;
  y: number;
}

/** A fill layer with the colour chosen for its option. */
export type TintedFillLayer<ImageRef> = FillLayer<ImageRef> & { hex: string };

export type RenderLayer<ImageRef> =
  ImageLayer<ImageRef> | TintedFillLayer<ImageRef> | DesignLayer<ImageRef>;

export interface RenderInputs<ImageRef = number> {
  product: ProductDefinition<ImageRef>;
  view: ProductViewAngle<ImageRef>;
  /** Every render state of the product → its effective value (state handles as defined). */
  states: Record<string, string>;
  /** The view's layers whose conditions hold, in drawing order; fills carry their colour. */
  layers: RenderLayer<ImageRef>[];
  /** The camera's handle as defined, or null without a camera. */
  camera: string | null;
  /** The camera's crop, or null (the whole view). */
  crop: ViewCrop | null;
  /** The camera's output size, or the view's own size without a camera. */
  outputSize: PixelSize;
}

const findByHandle = <T extends { handle: string }>(items: readonly T[], handle: string) =>
  items.find((item) => item.handle.toLowerCase() === handle.toLowerCase());

/**
 * Resolves a render request against a product and a recipe set's chosen options.
 * States: the defaults, then the preset's values, then the overrides in order.
 *
 * @throws UnknownViewAngle (404) for a view angle the product lacks; UnknownRenderPreset,
 *   UnknownRenderState, InvalidRenderStateValue, UnknownCamera (400) for the other handles;
 *   MissingOptionColour (409) when a fill layer's option has no colour for the chosen value.
 */
export function resolveRenderInputs<ImageRef>(
  product: ProductDefinition<ImageRef>,
  options: Readonly<Record<string, string>>,
  request: RenderRequest,
): RenderInputs<ImageRef> {
  const view = findByHandle(product.viewAngles, request.viewAngle);
  if (!view) {
    throw new UnknownViewAngle(
      product.handle,
      request.viewAngle,
      product.viewAngles.map((v) => v.handle),
    );
  }
  const states = resolveStates(product, request);
  const layers = view.layers
    .filter((layer) => conditionHolds(layer.when, states))
    .map((layer): RenderLayer<ImageRef> =>
      layer.type === 'fill'
        ? { ...layer, hex: optionColour(product, options, layer.option) }
        : layer,
    );
  let camera = null;
  if (request.camera !== undefined) {
    camera = findByHandle(view.cameras, request.camera);
    if (!camera) {
      throw new UnknownCamera(
        view.handle,
        request.camera,
        view.cameras.map((c) => c.handle),
      );
    }
  }
  return {
    product,
    view,
    states,
    layers,
    camera: camera?.handle ?? null,
    crop: camera ? { x: camera.x, y: camera.y, width: camera.width, height: camera.height } : null,
    outputSize: camera
      ? { width: camera.outputWidth, height: camera.outputHeight }
      : { width: view.width, height: view.height },
  };
}

function resolveStates(
  product: ProductDefinition<unknown>,
  request: RenderRequest,
): Record<string, string> {
  const states: Record<string, string> = {};
  for (const state of product.renderStates) states[state.handle] = state.default;
  const set = (name: string, value: string): void => {
    const state = findByHandle(product.renderStates, name);
    if (!state) {
      throw new UnknownRenderState(
        product.handle,
        name,
        product.renderStates.map((s) => s.handle),
      );
    }
    if (!state.values.includes(value)) {
      throw new InvalidRenderStateValue(state.handle, value, state.values);
    }
    states[state.handle] = value;
  };
  if (request.renderStateHandle !== undefined) {
    const preset = findByHandle(product.renderStatePresets, request.renderStateHandle);
    if (!preset) {
      throw new UnknownRenderPreset(
        product.handle,
        request.renderStateHandle,
        product.renderStatePresets.map((p) => p.handle),
      );
    }
    for (const [name, value] of Object.entries(preset.states)) set(name, value);
  }
  for (const [name, value] of request.states ?? []) set(name, value);
  return states;
}

/** Every entry of the condition holds (state names any case); no condition always holds. */
function conditionHolds(when: LayerCondition | undefined, states: Record<string, string>): boolean {
  if (!when) return true;
  const byName = new Map(Object.entries(states).map(([k, v]) => [k.toLowerCase(), v]));
  return Object.entries(when).every(([name, value]) => byName.get(name.toLowerCase()) === value);
}

function optionColour(
  product: ProductDefinition<unknown>,
  options: Readonly<Record<string, string>>,
  handle: string,
): string {
  const option = findByHandle(product.options, handle);
  const chosen = Object.entries(options).find(
    ([name]) => name.toLowerCase() === handle.toLowerCase(),
  )?.[1];
  const hex = option?.values.find((v) => v.value === chosen)?.hex;
  if (hex === undefined) throw new MissingOptionColour(product.handle, handle, chosen);
  return hex.toLowerCase();
}

/**
 * The size to render at: the default (`inputs.outputSize`) when neither side is asked for, one
 * side alone keeping the default's aspect ratio (rounded, at least 1), or both exactly.
 *
 * @throws InvalidRenderSize for a side that is not a whole number from 1 to MAX_RENDER_SIDE.
 */
export function resolveOutputSize(
  defaultSize: PixelSize,
  requested: { width?: number; height?: number } = {},
): PixelSize {
  const { width, height } = requested;
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new InvalidRenderSize(
        `the render ${name} must be a whole number of at least 1; got ${value}.`,
      );
    }
  }
  const aspect = defaultSize.width / defaultSize.height;
  const size =
    width !== undefined && height !== undefined
      ? { width, height }
      : width !== undefined
        ? { width, height: Math.max(1, Math.round(width / aspect)) }
        : height !== undefined
          ? { width: Math.max(1, Math.round(height * aspect)), height }
          : defaultSize;
  if (size.width > MAX_RENDER_SIDE || size.height > MAX_RENDER_SIDE) {
    throw new InvalidRenderSize(
      `the render size ${size.width} × ${size.height} is larger than the maximum of ${MAX_RENDER_SIDE} pixels per side.`,
    );
  }
  return size;
}
