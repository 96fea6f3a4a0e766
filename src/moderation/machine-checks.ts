import { Artwork } from './image-analysis';
import { hammingDistance } from './perceptual-hash';

/** The checks of machine moderation as pure functions of what was measured. */

export type Verdict = 'pass' | 'review' | 'block';

export interface MachineReason {
  code: string;
  message: string;
  verdict: Exclude<Verdict, 'pass'>;
}

export const MACHINE_RULES = {
  /** At most this many of 64 bits from a blocked hash: block; at most reviewDistance: review. */
  blockDistance: 8,
  reviewDistance: 14,
  /** Contrast (std. deviation of luminance or alpha, 0–255) below this: block; below nearBlank: review. */
  blankStdDev: 2,
  nearBlankStdDev: 6,
  /** The longer side over the shorter above this: review. */
  maxAspectRatio: 8,
} as const;

export interface BlockedHash {
  id: number;
  hash: string;
  label: string | null;
}

export interface MachineScores {
  /** 1 for a uniform (blank) image, down to 0 at a contrast of 32 or more. */
  blank: number | null;
  /** The contrast the blank score is computed from (0–255). */
  stdDev: number | null;
  aspectRatio: number;
  /** Bits from the nearest blocked hash (0–64); null with an empty blocklist. */
  hashDistance: number | null;
  /** The id of that nearest blocked hash. */
  nearestBlockedHashId: number | null;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Scores and reasons of one image against the client's blocklist. */
export function machineCheck(
  artwork: Artwork,
  blocked: readonly BlockedHash[],
): { reasons: MachineReason[]; scores: MachineScores } {
  const reasons: MachineReason[] = [];
  const aspectRatio =
    Math.max(artwork.width, artwork.height) / Math.min(artwork.width, artwork.height);
  const scores: MachineScores = {
    blank: null,
    stdDev: null,
    aspectRatio: round(aspectRatio, 2),
    hashDistance: null,
    nearestBlockedHashId: null,
  };
  if (aspectRatio > MACHINE_RULES.maxAspectRatio)
    reasons.push({
      code: 'EXTREME_ASPECT_RATIO',
      verdict: 'review',
      message: `The image is ${artwork.width} × ${artwork.height} px, an aspect ratio of ${round(aspectRatio, 1)}:1 (more than ${MACHINE_RULES.maxAspectRatio}:1).`,
    });
  if (artwork.kind === 'vector') {
    reasons.push({
      code: 'VECTOR_NOT_ANALYSED',
      verdict: 'review',
      message: 'SVG artwork is not rasterised by machine moderation: a person should look at it.',
    });
    return { reasons, scores };
  }
  const contrast = Math.max(artwork.lumaStdDev, artwork.alphaStdDev);
  scores.stdDev = round(contrast, 2);
  scores.blank = round(1 - Math.min(contrast, 32) / 32, 3);
  if (contrast < MACHINE_RULES.blankStdDev)
    reasons.push({
      code: 'BLANK_IMAGE',
      verdict: 'block',
      message: `The image is blank: its pixels hardly vary (contrast ${scores.stdDev} of 255).`,
    });
  else if (contrast < MACHINE_RULES.nearBlankStdDev)
    reasons.push({
      code: 'NEAR_BLANK_IMAGE',
      verdict: 'review',
      message: `The image is nearly blank (contrast ${scores.stdDev} of 255).`,
    });
  let nearest: { entry: BlockedHash; distance: number } | undefined;
  for (const entry of blocked) {
    const distance = hammingDistance(artwork.hash, entry.hash);
    if (!nearest || distance < nearest.distance) nearest = { entry, distance };
  }
  if (nearest) {
    scores.hashDistance = nearest.distance;
    scores.nearestBlockedHashId = nearest.entry.id;
    const what = `blocked image ${nearest.entry.id}${nearest.entry.label ? ` (${nearest.entry.label})` : ''}`;
    if (nearest.distance <= MACHINE_RULES.blockDistance)
      reasons.push({
        code: 'BLOCKED_IMAGE',
        verdict: 'block',
        message: `The image matches ${what}: ${nearest.distance} of 64 hash bits differ.`,
      });
    else if (nearest.distance <= MACHINE_RULES.reviewDistance)
      reasons.push({
        code: 'SIMILAR_TO_BLOCKED_IMAGE',
        verdict: 'review',
        message: `The image resembles ${what}: ${nearest.distance} of 64 hash bits differ.`,
      });
  }
  return { reasons, scores };
}

/** block when any reason blocks, else review when any asks for it, else pass. */
export function verdictOf(reasons: readonly MachineReason[]): Verdict {
  if (reasons.some((r) => r.verdict === 'block')) return 'block';
  return reasons.length > 0 ? 'review' : 'pass';
}
