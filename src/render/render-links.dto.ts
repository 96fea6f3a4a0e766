import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { LenientInt, RequiredText } from '../common/validation/lenient';

/** The longest URL that can be signed (browsers and mail clients handle much longer ones). */
export const MAX_SIGNED_URL_LENGTH = 2048;
/** The lifetime of a signed URL when the request names none (capped by SIGNED_URL_MAX_SECONDS). */
export const DEFAULT_SIGNED_URL_SECONDS = 7 * 24 * 3600;

export class SignRenderUrlDto {
  @RequiredText(MAX_SIGNED_URL_LENGTH, {
    description:
      'A render URL of this server (absolute, or a path starting with `/api/assets/generated/recipeset/readable/`), with any of its parameters.',
    example: '/api/assets/generated/recipeset/readable/DEMTEE2A/north?width=400&format=jpeg',
  })
  url: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: `Seconds the signed URL works for; default ${DEFAULT_SIGNED_URL_SECONDS} (7 days), at most SIGNED_URL_MAX_SECONDS (default 30 days).`,
    example: 86400,
  })
  @IsOptional()
  @LenientInt(1)
  expiresInSeconds?: number;
}

export class SignedRenderUrlDto {
  @ApiProperty({
    description:
      'The URL with `client`, `expires`, `keyId` and `signature` added: it works without the API token header until it expires.',
    example:
      'https://api.example.com/api/assets/generated/recipeset/readable/DEMTEE2A/north?width=400&format=jpeg&client=acme&expires=1764547200&keyId=k1&signature=Qm9n…',
  })
  url: string;

  @ApiProperty({ format: 'date-time', example: '2025-12-01T00:00:00.000Z' })
  expiresAt: string;
}
