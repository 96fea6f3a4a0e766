import { MAX_REFERENCE_LENGTH, UploadedAssetDto } from './dto/uploaded-asset.dto';
import { MAX_FILE_NAME_LENGTH } from './file-name';

/** An uploaded asset as documented in OpenAPI. */
export const ASSET_EXAMPLE: UploadedAssetDto = {
  id: 1042,
  uri: 'https://cdn.example.com/uploads/50/50d858e0985ecc7f60418aaf0cc5ab587f42c2570a884095a9e8ccacd0f6545c.png',
  userFacingFileName: 'team-logo.png',
  mimeType: 'image/png',
  width: 1200,
  height: 800,
  bytes: 48213,
  sha256: '9b74c9897bac770ffc029102a200c5de0b2c5d1f4e8a0e7a5e3c2d1b0a9f8e7d',
  createdDate: '2026-11-23T20:15:00.000Z',
  organizationIdentifier: 'ORG-1042',
  clientAccountReference: 'CUST-88731',
};

/** The multipart body of `POST /api/assets/uploaded`: the file and the optional text fields. */
export const UPLOAD_BODY_SCHEMA = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: 'The image: PNG, JPEG, WebP, GIF or TIFF (told by its content).',
    },
    userFacingFileName: {
      type: 'string',
      maxLength: MAX_FILE_NAME_LENGTH,
      description:
        "The name shown for the file; default: the file part's name. Paths and control characters are removed.",
      example: 'team-logo.png',
    },
    organizationIdentifier: {
      type: 'string',
      maxLength: MAX_REFERENCE_LENGTH,
      description: 'The organization (e.g. a school or club) the upload belongs to.',
      example: 'ORG-1042',
    },
    clientAccountReference: {
      type: 'string',
      maxLength: MAX_REFERENCE_LENGTH,
      description: "The caller's own reference for the account that uploaded it.",
      example: 'CUST-88731',
    },
  },
};
