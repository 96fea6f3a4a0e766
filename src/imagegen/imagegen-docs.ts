import { applyDecorators } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { UploadedAssetResponseDto } from '../assets';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiResponseHeaders } from '../common/openapi/response-headers';
import { GENERATOR_NAMES, GENERATORS, IMAGE_FORMATS } from './generators';

const DESCRIPTION =
  "Draws an image with the generator named in the path and answers it as PNG (default) or, with `format=svg`, as SVG (text as outlines, no fonts needed). The body is the generator's own (see the examples): " +
  '`text` `{text, font?, colour?, size?}` (text in a bundled font, cropped to its ink, on transparency), ' +
  '`monogram` `{letters, frame?, colour?, size?}` (1–3 letters, upper-cased, in a circle, square or diamond frame, or none), ' +
  '`pattern` `{seed, colours?, size?}` (a tile pattern that the seed alone decides) and ' +
  '`qr` `{text}` (a QR code, black on white, 10 px a module). ' +
  'No image is larger than 2048 px on a side. The same request always gives the same bytes (a strong ETag of them). ' +
  'With `"save": true` the image is stored as PNG as an uploaded asset of the calling client (as POST /api/assets/uploaded would) and the answer is 201 with it. Any token role.';

const EXAMPLES = {
  text: {
    summary: 'text',
    value: { text: 'Team Rocket', font: 'lobster', colour: '#d62828', size: 96 },
  },
  monogram: {
    summary: 'monogram',
    value: { letters: 'JAK', frame: 'diamond', colour: '#1d3557', size: 512 },
  },
  pattern: {
    summary: 'pattern',
    value: { seed: 'order-42015953', colours: ['#264653', '#2a9d8f', '#e9c46a'] },
  },
  qr: { summary: 'qr', value: { text: 'https://shop.example.com/p/team-tee' } },
  saved: { summary: 'text, saved as an uploaded asset', value: { text: 'Hello', save: true } },
};

const IMAGE = { schema: { type: 'string', format: 'binary' } };

/** The OpenAPI description of `POST /api/imagegen/{generator}`. */
export function ImageGenDocs(): MethodDecorator {
  return applyDecorators(
    ApiResponseHeaders([200], 'ETag'),
    ApiExtraModels(...Object.values(GENERATORS)),
    ApiOperation({
      operationId: 'generateImage',
      summary: 'Generate an image: text, monogram, pattern or QR code',
      description: DESCRIPTION,
    }),
    ApiParam({
      name: 'generator',
      schema: { type: 'string', enum: GENERATOR_NAMES },
      description: "Which image to draw; the body is that generator's (any case).",
      example: 'text',
    }),
    ApiQuery({
      name: 'format',
      required: false,
      schema: { type: 'string', enum: Object.keys(IMAGE_FORMATS), default: 'png' },
      description: 'Format of a 200 answer (a saved image is always PNG).',
    }),
    ApiBody({
      description:
        'The body of the generator named in the path: TextImageRequestDto for `text`, MonogramImageRequestDto for `monogram`, PatternImageRequestDto for `pattern`, QrImageRequestDto for `qr`. Unknown fields are ignored.',
      schema: { anyOf: Object.values(GENERATORS).map((dto) => ({ $ref: getSchemaPath(dto) })) },
      examples: EXAMPLES,
    }),
    ApiResponse({
      status: 200,
      description:
        'The image: `image/png`, or `image/svg+xml` with `format=svg`; with a strong `ETag` of its bytes.',
      content: Object.fromEntries(Object.values(IMAGE_FORMATS).map((type) => [type, IMAGE])),
    }),
    ApiCreatedResponse({
      type: UploadedAssetResponseDto,
      description: 'With `"save": true`: the image stored as an uploaded asset (PNG).',
    }),
    ApiTextError(
      400,
      'A field of the body outside its rule (too long a text, a size above the maximum, a colour not #rrggbb, more than 6 colours, letters other than 1–3 letters, an unknown font or frame), or `format` neither png nor svg; or no clientHandle (`Missing clientHandle.`).',
      'Invalid request: size must not be greater than 1024.',
    ),
    ApiTextError(
      404,
      'No generator of this name.',
      'Image generator "sticker" does not exist; the generators are text, monogram, pattern, qr.',
    ),
  );
}
