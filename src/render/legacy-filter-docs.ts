import { RESAMPLE_FILTERS, SHARPEN_WHEN } from '../common/images/legacy-filters';

const FACTOR = { type: 'number', minimum: -1, maximum: 1 } as const;

/**
 * The legacy ImageResizer/Imageflow parameters of the render route, for its OpenAPI description
 * (legacy-filter-params.ts says the exact rules).
 */
export const LEGACY_FILTER_QUERY = [
  {
    name: 'trim.threshold',
    type: 'number',
    minimum: 0,
    maximum: 255,
    description: "Trims a border of the top-left pixel's colour (within this difference) first.",
  },
  {
    name: 'trim.percentpadding',
    type: 'number',
    minimum: 0,
    maximum: 100,
    description: 'Keeps this % of the trimmed width and height on each side.',
  },
  {
    name: 'srotate',
    type: 'integer',
    multipleOf: 90,
    description: 'Turns the source (clockwise degrees) before crop.',
  },
  {
    name: 'sflip',
    type: 'string',
    enum: ['none', 'h', 'x', 'v', 'y', 'both', 'hv', 'vh', 'xy', 'yx'],
    description: 'Mirrors the source before crop.',
  },
  {
    name: 'cropxunits',
    type: 'number',
    minimum: 1,
    maximum: 1_000_000,
    description: "crop's x values are in these units of the source's width (100: percent).",
  },
  {
    name: 'cropyunits',
    type: 'number',
    minimum: 1,
    maximum: 1_000_000,
    description: "crop's y values are in these units of the source's height.",
  },
  {
    name: 's.grayscale',
    type: 'string',
    enum: ['true', 'y', 'ry', 'ntsc', 'bt709', 'flat'],
    description:
      'Grayscale: NTSC luma (true, y, ntsc), BT.709 (ry, bt709) or equal weights (flat).',
  },
  { name: 's.sepia', type: 'boolean', description: 'Sepia tone.' },
  { name: 's.invert', type: 'boolean', description: 'Inverts the colours (not the alpha).' },
  {
    name: 's.alpha',
    type: 'number',
    minimum: 0,
    maximum: 1,
    description: 'Multiplies the opacity.',
  },
  { name: 's.contrast', ...FACTOR, description: 'Contrast, −1 to 1 (0: unchanged).' },
  { name: 's.brightness', ...FACTOR, description: 'Brightness, −1 to 1 (0: unchanged).' },
  { name: 's.saturation', ...FACTOR, description: 'Saturation, −1 (gray) to 1 (0: unchanged).' },
  {
    name: 'f.sharpen',
    type: 'number',
    minimum: 0,
    maximum: 99,
    description: 'Sharpening after scaling, 0–99.',
  },
  {
    name: 'f.sharpenwhen',
    type: 'string',
    enum: [...SHARPEN_WHEN],
    description: 'When f.sharpen applies (default always).',
  },
  {
    name: 'down.filter',
    type: 'string',
    enum: Object.keys(RESAMPLE_FILTERS),
    description:
      'Resampling filter when shrinking (case, _ and - ignored; see the mapping in docs/api/rendering.md).',
  },
  {
    name: 'up.filter',
    type: 'string',
    enum: Object.keys(RESAMPLE_FILTERS),
    description: 'Resampling filter when enlarging.',
  },
  { name: 'ignoreicc', type: 'boolean', description: "Ignores the source's ICC profile." },
] as const;
