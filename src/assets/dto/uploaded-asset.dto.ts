import { ApiProperty } from '@nestjs/swagger';
import { OptionalText } from '../../common/validation/lenient';
import { UPLOAD_FORMATS } from '../../common/images/images';
import { MAX_FILE_NAME_LENGTH } from '../file-name';

const UPLOAD_MIME_TYPES = Object.values(UPLOAD_FORMATS).map((f) => f.mimeType);

/** Longest organization identifier and client account reference. */
export const MAX_REFERENCE_LENGTH = 200;

/** The text fields sent beside the file in `POST /api/assets/uploaded`. */
export class UploadAssetFieldsDto {
  @OptionalText(MAX_FILE_NAME_LENGTH, {
    example: 'team-logo.png',
    description:
      "The name shown for the file; default: the file part's name. Paths and control characters are removed.",
  })
  userFacingFileName?: string | null;

  @OptionalText(MAX_REFERENCE_LENGTH, {
    example: 'ORG-1042',
    description:
      'The organization (e.g. a school or club) the upload belongs to, for listing its uploads.',
  })
  organizationIdentifier?: string | null;

  @OptionalText(MAX_REFERENCE_LENGTH, {
    example: 'CUST-88731',
    description: "The caller's own reference for the account that uploaded it.",
  })
  clientAccountReference?: string | null;
}

/** An uploaded image as the API returns it. */
export class UploadedAssetDto {
  @ApiProperty({ type: 'integer', format: 'int32', example: 19 })
  id: number;

  @ApiProperty({
    description:
      'Where the stored image is served (CDN_URL). Stable and unguessable; the same bytes uploaded again by the same client give the same link.',
    example:
      'https://cdn.example.com/uploads/50/50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c.png',
  })
  uri: string;

  @ApiProperty({ type: String, nullable: true, example: 'team-logo.png' })
  userFacingFileName: string | null;

  @ApiProperty({ enum: UPLOAD_MIME_TYPES, example: 'image/png' })
  mimeType: string;

  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 1200,
    description: 'Pixels, after the EXIF orientation was applied.',
  })
  width: number;

  @ApiProperty({ type: 'integer', format: 'int32', example: 800 })
  height: number;

  @ApiProperty({
    type: 'integer',
    format: 'int32',
    example: 48213,
    description: 'Size of the stored image.',
  })
  bytes: number;

  @ApiProperty({
    pattern: '^[0-9a-f]{64}$',
    example: '9b74c9897bac770ffc029102a200c5de0b2c5d1f4e8a0e7a5e3c2d1b0a9f8e7d',
    description:
      'Hex SHA-256 of the stored image (metadata stripped, so it may differ from the file sent).',
  })
  sha256: string;

  @ApiProperty({ type: String, format: 'date-time', example: '2026-11-23T20:15:00.000Z' })
  createdDate: string;

  @ApiProperty({ type: String, nullable: true, example: 'ORG-1042' })
  organizationIdentifier: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'CUST-88731' })
  clientAccountReference: string | null;
}

export class UploadedAssetResponseDto {
  @ApiProperty({ type: UploadedAssetDto })
  data: UploadedAssetDto;
}
