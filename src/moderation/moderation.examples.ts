import { ArtworkModerationDto, MachineModerationDto } from './dto/moderation-result.dto';

/** What the moderation routes answer, as documented in OpenAPI. */
export const ARTWORK_REJECTED_EXAMPLE: ArtworkModerationDto = {
  approved: false,
  issues: [
    {
      code: 'RESOLUTION_TOO_LOW',
      severity: 'error',
      message:
        'The artwork is 100 × 100 px placed at 100 × 100 mm: 25 DPI, less than half of the 300 DPI location front needs; it would print blurred or pixelated.',
    },
    {
      code: 'IMAGE_SMALL',
      severity: 'warning',
      message: 'The artwork is 100 × 100 px: fewer than 200 px on a side rarely print well.',
    },
  ],
  measurements: {
    format: 'png',
    width: 100,
    height: 100,
    placementWidthMm: 100,
    placementHeightMm: 100,
    effectiveDpi: 25.4,
    requiredDpi: 300,
    colours: 3,
    hasTransparency: true,
  },
};

export const MACHINE_BLOCKED_EXAMPLE: MachineModerationDto = {
  verdict: 'block',
  reasons: [
    {
      code: 'BLOCKED_IMAGE',
      message: 'The image matches blocked image 12 (leaked logo): 3 of 64 hash bits differ.',
    },
  ],
  scores: {
    blank: 0.05,
    stdDev: 30.4,
    aspectRatio: 1.5,
    hashDistance: 3,
    nearestBlockedHashId: 12,
  },
  hash: 'f0e4c2d7c8b0a1f3',
};

export const MODERATION_BODY_EXAMPLES = {
  upload: {
    summary: 'An upload placed on a product location',
    value: {
      uploadedAssetId: 19,
      productHandle: 'demo-tee',
      location: 'front',
      width: 100,
      height: 100,
      text: 'Team Falcons 2026',
      locale: 'en',
    },
  },
  plain: { summary: 'An upload alone', value: { uploadedAssetId: 19 } },
};

export const MODERATION_400 =
  'Invalid body (the field and the rule): uploadedAssetId missing in JSON or sent beside a file, location without productHandle, location missing for a product with several, width or height out of 1–10000; or the image is no image, corrupt, or over MAX_UPLOAD_PIXELS; or the multipart body is malformed; or no clientHandle (`Missing clientHandle.`).';
export const MODERATION_404 =
  "The upload is absent or another client's, or the product or its location is unknown (named).";
