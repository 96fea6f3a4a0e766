/**
 * The catalog model (docs/design.md §7) as plain types: what a product is, independent of HTTP and
 * storage. The DTOs validate input into this shape; renders and print files read it.
 *
 * `ImageRef` is how layers name their images: uploaded image ids (numbers) in stored products;
 * the demo catalog uses names of images it draws and installs first.
 */
import type { LocationPrintSettings } from './print-settings';

export const EMBELLISHMENTS = ['print', 'embroidery', 'laser'] as const;
export type Embellishment = (typeof EMBELLISHMENTS)[number];

export const BLEND_MODES = ['over', 'multiply', 'screen', 'overlay'] as const;
export type BlendMode = (typeof BLEND_MODES)[number];

/** One choice of an option; `hex` (`#rrggbb`) when the option is a colour. */
export interface ProductOptionValue {
  value: string;
  name?: string;
  hex?: string;
}

/** A choice the customer makes (`colour`, `size`). */
export interface ProductOption {
  handle: string;
  name?: string;
  values: ProductOptionValue[];
}

/** A stock-keeping unit: one combination of option values, with its unit price. */
export interface ProductSku {
  sku: string;
  options: Record<string, string>;
  unitPrice: number;
}

/** A printable part of the product (`front`, `back`, `wrap`); sizes in millimetres. */
export interface ProductLocation {
  handle: string;
  name?: string;
  printArea: { widthMm: number; heightMm: number };
  /** Print resolution, default 300. */
  dpi: number;
  embellishment: Embellishment;
  /** Overrides of the client's print settings for this location's files. */
  print?: LocationPrintSettings;
}

/** Render-state values a layer needs to be drawn (every entry must hold); absent = always. */
export type LayerCondition = Record<string, string>;

/** A stored image drawn over what is below. */
export interface ImageLayer<ImageRef = number> {
  type: 'image';
  imageId: ImageRef;
  blend?: BlendMode;
  /** 0–1, default 1. */
  opacity?: number;
  when?: LayerCondition;
}

/** A mask (its alpha, or its luminance when opaque) tinted with the colour chosen for `option`. */
export interface FillLayer<ImageRef = number> {
  type: 'fill';
  maskImageId: ImageRef;
  /** Handle of an option whose values all have `hex`. */
  option: string;
  blend?: BlendMode;
  when?: LayerCondition;
}

/**
 * Where a location's design appears: the print area fitted into a rectangle in view pixels
 * (`x`, `y` its top-left corner before rotation), rotated by `rotation` degrees about its centre,
 * clipped by an optional mask and shaded by an optional overlay (multiplied), both view-sized.
 */
export interface DesignLayer<ImageRef = number> {
  type: 'design';
  location: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
  maskImageId?: ImageRef;
  overlayImageId?: ImageRef;
  when?: LayerCondition;
}

export type ProductLayer<ImageRef = number> =
  ImageLayer<ImageRef> | FillLayer<ImageRef> | DesignLayer<ImageRef>;

/** A named crop of a view angle, in view pixels, with the output size it renders at by default. */
export interface ProductCamera {
  handle: string;
  x: number;
  y: number;
  width: number;
  height: number;
  outputWidth: number;
  outputHeight: number;
}

/** One picture of the product (`north`, `basic-2`): native size and layers drawn in order. */
export interface ProductViewAngle<ImageRef = number> {
  handle: string;
  name?: string;
  width: number;
  height: number;
  layers: ProductLayer<ImageRef>[];
  cameras: ProductCamera[];
}

/** A named state of the picture (`lid`: open|closed) with its default. */
export interface RenderState {
  handle: string;
  values: string[];
  default: string;
}

/** A named set of render-state values (`renderStateHandle`, e.g. `print-output`). */
export interface RenderStatePreset {
  handle: string;
  states: Record<string, string>;
}

export interface ProductDefinition<ImageRef = number> {
  handle: string;
  name: string;
  description?: string;
  options: ProductOption[];
  skus: ProductSku[];
  locations: ProductLocation[];
  viewAngles: ProductViewAngle<ImageRef>[];
  renderStates: RenderState[];
  renderStatePresets: RenderStatePreset[];
}
