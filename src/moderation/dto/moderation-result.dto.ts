import { ApiProperty } from '@nestjs/swagger';

export class ModerationIssueDto {
  @ApiProperty({ example: 'RESOLUTION_TOO_LOW', description: 'Stable code of the check.' })
  code: string;

  @ApiProperty({ enum: ['error', 'warning', 'info'], example: 'error' })
  severity: 'error' | 'warning' | 'info';

  @ApiProperty({
    example:
      'The artwork is 100 × 100 px placed at 100 × 100 mm: 25 DPI, less than half of the 300 DPI location front needs; it would print blurred or pixelated.',
  })
  message: string;
}

/** What the checks measured. */
export class ArtworkMeasurementsDto {
  @ApiProperty({ example: 'png', description: 'The format told by the content.' })
  format: string;

  @ApiProperty({ example: 100, description: 'Pixels (SVG: its declared size).' })
  width: number;

  @ApiProperty({ example: 100 })
  height: number;

  @ApiProperty({ type: Number, nullable: true, example: 100, description: 'Placement width (mm).' })
  placementWidthMm: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 100 })
  placementHeightMm: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 25.4 })
  effectiveDpi: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 300 })
  requiredDpi: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 3,
    description: 'Colours after quantising (raster artwork).',
  })
  colours: number | null;

  @ApiProperty({ type: Boolean, nullable: true, example: true })
  hasTransparency: boolean | null;
}

export class ArtworkModerationDto {
  @ApiProperty({ example: false, description: 'True when no issue is an error.' })
  approved: boolean;

  @ApiProperty({ type: [ModerationIssueDto] })
  issues: ModerationIssueDto[];

  @ApiProperty({ type: ArtworkMeasurementsDto })
  measurements: ArtworkMeasurementsDto;
}

export class MachineReasonDto {
  @ApiProperty({ example: 'BLOCKED_IMAGE' })
  code: string;

  @ApiProperty({
    example: 'The image matches blocked image 12 (leaked logo): 3 of 64 hash bits differ.',
  })
  message: string;
}

export class MachineScoresDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0.05,
    description: '1 for a uniform image, 0 at a contrast of 32 or more (null for SVG).',
  })
  blank: number | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 30.4,
    description: 'Contrast: standard deviation of luminance or alpha (0–255).',
  })
  stdDev: number | null;

  @ApiProperty({ example: 1.5, description: 'Longer side over shorter side.' })
  aspectRatio: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 3,
    description:
      "Bits (of 64) from the nearest hash of the client's blocklist; null when it is empty.",
  })
  hashDistance: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 12 })
  nearestBlockedHashId: number | null;
}

export class MachineModerationDto {
  @ApiProperty({ enum: ['pass', 'review', 'block'], example: 'block' })
  verdict: 'pass' | 'review' | 'block';

  @ApiProperty({ type: [MachineReasonDto] })
  reasons: MachineReasonDto[];

  @ApiProperty({ type: MachineScoresDto })
  scores: MachineScoresDto;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'f0e4c2d7c8b0a1f3',
    description:
      'The dHash of the image (null for SVG): what POST /api/moderation/blocked-hashes takes.',
  })
  hash: string | null;
}
