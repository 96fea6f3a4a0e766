import type { ProductLocation } from '../catalog';
import { Artwork, RasterArtwork } from './image-analysis';
import { effectiveDpi, placementSize, SizeMm } from './placement';

/** The checks of artwork moderation as pure functions of what was measured. */

export type Severity = 'error' | 'warning' | 'info';

export interface ModerationIssue {
  code: string;
  severity: Severity;
  message: string;
}

export const ARTWORK_RULES = {
  /** Formats artwork may come in. */
  allowedFormats: ['png', 'jpeg', 'webp', 'svg', 'tiff', 'gif'],
  /** Allowed, with a warning: at most 256 colours and on/off transparency. */
  limitedFormats: ['gif'],
  /** The print DPI without a product location (the catalog's default). */
  defaultDpi: 300,
  /** Below this share of the location's DPI: error; below the DPI itself: warning. */
  dpiErrorShare: 0.5,
  /** Fewer pixels on a side: error; fewer than minWarningPixels: warning. */
  minErrorPixels: 50,
  minWarningPixels: 200,
  /** Colours an embroidery location takes before a warning (thread changes). */
  maxEmbroideryColours: 12,
  /** Share of visible pixels that may be partly transparent on embroidery and laser. */
  maxPartialShare: 0.02,
  /** Slack in millimetres before a placement counts as larger than the print area. */
  areaToleranceMm: 0.5,
} as const;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const mm = (size: SizeMm) => `${round(size.widthMm)} × ${round(size.heightMm)} mm`;

/** What was measured and where the artwork goes. */
export interface ArtworkContext {
  artwork: Artwork;
  location?: ProductLocation;
  /** The placement size in millimetres as the caller gave it. */
  given: { width?: number; height?: number };
}

export interface ArtworkFindings {
  issues: ModerationIssue[];
  placement?: SizeMm;
  effectiveDpi?: number;
  requiredDpi?: number;
}

/** Every image check; the text check is separate (see word lists). */
export function checkArtwork(ctx: ArtworkContext): ArtworkFindings {
  const { artwork, location } = ctx;
  const issues: ModerationIssue[] = [...formatIssues(artwork)];
  const placement = placementSize(artwork, ctx.given, location?.printArea);
  if (placement && location) issues.push(...areaIssues(placement, location));
  if (artwork.kind === 'vector') {
    issues.push({
      code: 'VECTOR_ARTWORK',
      severity: 'info',
      message:
        'SVG artwork is vector: it prints sharp at any size; its pixels (resolution, transparency, colours) were not checked.',
    });
    return { issues, placement };
  }
  issues.push(...sizeIssues(artwork));
  const findings: ArtworkFindings = { issues, placement };
  if (placement) {
    const required = location?.dpi ?? ARTWORK_RULES.defaultDpi;
    const dpi = effectiveDpi(artwork, placement);
    issues.push(...dpiIssues(artwork, placement, dpi, required, location?.handle));
    Object.assign(findings, { effectiveDpi: round(dpi), requiredDpi: required });
  }
  issues.push(...transparencyIssues(artwork, location));
  if (
    location?.embellishment === 'embroidery' &&
    artwork.colours > ARTWORK_RULES.maxEmbroideryColours
  )
    issues.push({
      code: 'TOO_MANY_COLOURS',
      severity: 'warning',
      message: `The artwork has about ${artwork.colours} colours; embroidery location ${location.handle} takes at most ${ARTWORK_RULES.maxEmbroideryColours} thread colours well.`,
    });
  return findings;
}

function formatIssues(artwork: Artwork): ModerationIssue[] {
  const name = artwork.format.toUpperCase();
  if (!(ARTWORK_RULES.allowedFormats as readonly string[]).includes(artwork.format))
    return [
      {
        code: 'FORMAT_NOT_ALLOWED',
        severity: 'error',
        message: `${name} artwork is not accepted; send PNG, JPEG, WebP, TIFF, GIF or SVG.`,
      },
    ];
  if ((ARTWORK_RULES.limitedFormats as readonly string[]).includes(artwork.format))
    return [
      {
        code: 'FORMAT_LIMITED',
        severity: 'warning',
        message: `${name} has at most 256 colours and on/off transparency; PNG prints better.`,
      },
    ];
  return [];
}

function areaIssues(placement: SizeMm, location: ProductLocation): ModerationIssue[] {
  const area = location.printArea;
  const slack = ARTWORK_RULES.areaToleranceMm;
  if (placement.widthMm <= area.widthMm + slack && placement.heightMm <= area.heightMm + slack)
    return [];
  return [
    {
      code: 'PLACEMENT_EXCEEDS_PRINT_AREA',
      severity: 'warning',
      message: `The placement of ${mm(placement)} is larger than the print area of location ${location.handle} (${mm(area)}); it will be cut or scaled down.`,
    },
  ];
}

function sizeIssues(artwork: RasterArtwork): ModerationIssue[] {
  const shortest = Math.min(artwork.width, artwork.height);
  const px = `${artwork.width} × ${artwork.height} px`;
  if (shortest < ARTWORK_RULES.minErrorPixels)
    return [
      {
        code: 'IMAGE_TOO_SMALL',
        severity: 'error',
        message: `The artwork is ${px}: at least ${ARTWORK_RULES.minErrorPixels} px on each side are needed.`,
      },
    ];
  if (shortest < ARTWORK_RULES.minWarningPixels)
    return [
      {
        code: 'IMAGE_SMALL',
        severity: 'warning',
        message: `The artwork is ${px}: fewer than ${ARTWORK_RULES.minWarningPixels} px on a side rarely print well.`,
      },
    ];
  return [];
}

function dpiIssues(
  artwork: RasterArtwork,
  placement: SizeMm,
  dpi: number,
  required: number,
  location: string | undefined,
): ModerationIssue[] {
  const where = location ? `location ${location}` : 'print';
  const base = `The artwork is ${artwork.width} × ${artwork.height} px placed at ${mm(placement)}: ${Math.floor(dpi)} DPI`;
  if (dpi < required * ARTWORK_RULES.dpiErrorShare)
    return [
      {
        code: 'RESOLUTION_TOO_LOW',
        severity: 'error',
        message: `${base}, less than half of the ${required} DPI ${where} needs; it would print blurred or pixelated.`,
      },
    ];
  if (dpi < required)
    return [
      {
        code: 'RESOLUTION_LOW',
        severity: 'warning',
        message: `${base}, below the ${required} DPI ${where} needs; it may print slightly soft.`,
      },
    ];
  return [];
}

function transparencyIssues(
  artwork: RasterArtwork,
  location: ProductLocation | undefined,
): ModerationIssue[] {
  if (artwork.transparentShare >= 0.999)
    return [
      {
        code: 'EMPTY_ARTWORK',
        severity: 'error',
        message: 'The artwork is fully transparent: nothing would print.',
      },
    ];
  const embellishment = location?.embellishment ?? 'print';
  if (embellishment !== 'print') {
    if (artwork.partialShare <= ARTWORK_RULES.maxPartialShare) return [];
    return [
      {
        code: 'PARTIAL_TRANSPARENCY',
        severity: 'warning',
        message: `${Math.round(artwork.partialShare * 100)}% of the artwork is partly transparent; ${embellishment} cannot reproduce partial transparency.`,
      },
    ];
  }
  if (artwork.transparentShare > 0) return [];
  if (artwork.solidBorder)
    return [
      {
        code: 'SOLID_BACKGROUND',
        severity: 'warning',
        message: `The artwork has no transparency and a solid ${artwork.solidBorder} background, which prints as a rectangle; make the background transparent unless the rectangle is intended.`,
      },
    ];
  return [
    {
      code: 'NO_TRANSPARENCY',
      severity: 'info',
      message: 'The artwork has no transparent pixels: it prints as a full rectangle.',
    },
  ];
}
