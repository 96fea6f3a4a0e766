/**
 * A recipe set's design (docs/design.md §7): per location of the product, an optional background
 * colour and elements drawn in order. Positions and sizes are millimetres from the print area's
 * top-left corner; rotations are degrees clockwise.
 */

export const TEXT_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type TextAlign = (typeof TEXT_ALIGNMENTS)[number];

/**
 * Text set in a bundled font. (`x`, `y`) is the anchor on the first line's baseline: its start,
 * middle or end as `align` says; lines (`\n`) follow at 1.2 × `size`; `rotation` turns about the anchor.
 */
export interface TextElement {
  type: 'text';
  text: string;
  /** Handle of a font of GET /api/fonts. */
  font: string;
  /** Points (1 pt = 1/72 inch). */
  size: number;
  /** `#rrggbb`. */
  colour: string;
  x: number;
  y: number;
  rotation: number;
  align: TextAlign;
}

/** An uploaded image in the box `x`, `y`, `width`, `height` (top-left; rotated about its centre). */
export interface ImageElement {
  type: 'image';
  uploadedAssetId: number;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

export type DesignElement = TextElement | ImageElement;

export interface LocationDesign {
  /** `#rrggbb`; absent = transparent. */
  background?: string;
  elements: DesignElement[];
}

/** Location handle → its design. Locations without a design are blank. */
export type Design = Record<string, LocationDesign>;
