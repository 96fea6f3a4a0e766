import { All, applyDecorators, Controller, Get, Head, Param, Req, Res } from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Request, Response } from 'express';
import { Public } from '../auth/access.decorators';
import { ApiTextError } from '../openapi/api-text-error.decorator';
import { BLOB_CONTENT_TYPES } from './blob-keys';
import { BlobNotFound, BlobServer } from './blob-server';
import { IMMUTABLE_CACHE_CONTROL } from './blob-store';
import { ApiIfNoneMatch } from '../openapi/response-headers';

const MEDIA_TYPES = [...new Set(Object.values(BLOB_CONTENT_TYPES).map((t) => t.split(';')[0]))];
/** The bytes as stored; a JSON blob is any JSON document. */
const BINARY = Object.fromEntries(
  MEDIA_TYPES.map((t) => [
    t,
    { schema: t === 'application/json' ? {} : { type: 'string', format: 'binary' } },
  ]),
);
const header = (description: string, example?: string) => ({
  description,
  schema: { type: 'string', ...(example ? { example } : {}) },
});
const ETAG = header(
  'Strong entity tag of the blob (derived from its key).',
  `"3f${'0'.repeat(38)}"`,
);
const CACHING = {
  ETag: ETAG,
  'Cache-Control': header('Blobs never change under their key.', IMMUTABLE_CACHE_CONTROL),
  'Accept-Ranges': header('Single byte ranges are served.', 'bytes'),
};

/** The path of every blob link: `{CDN_URL}/{namespace}/{shard}/{file}`. */
function BlobOperation(operationId: string, summary: string): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      operationId,
      summary,
      description:
        "A stored blob (uploaded artwork, catalog images, renders, print files), as linked from `uri` fields: `{CDN_URL}/{key}`, where CDN_URL defaults to `{BASE_URL}/cdn`. Public: the key is the capability (unguessable for private content). Blobs never change, so answers carry a strong ETag and `Cache-Control: public, max-age=31536000, immutable`; `If-None-Match` gives 304. One byte range (`Range: bytes=…`, honoured under `If-Range` with the ETag) gives 206; several disjoint ranges give the whole blob (200); a range beyond the end gives 416. The content type follows the key's extension; blobs are sandboxed (`Content-Security-Policy: …; sandbox`, `X-Content-Type-Options: nosniff`) and may be embedded cross-origin.",
    }),
    ApiParam({
      name: 'namespace',
      description: 'What kind of blob (e.g. uploads).',
      schema: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,31}$', example: 'uploads' },
    }),
    ApiParam({
      name: 'shard',
      description: 'The first two hex digits of the hash.',
      schema: { type: 'string', pattern: '^[0-9a-f]{2}$', example: '3f' },
    }),
    ApiParam({
      name: 'file',
      description: 'The 64 hex digit hash, then the extension (the content type follows it).',
      schema: {
        type: 'string',
        pattern: `^[0-9a-f]{64}\\.(${Object.keys(BLOB_CONTENT_TYPES).join('|')})$`,
        example: `3f${'0'.repeat(62)}.png`,
      },
    }),
    ApiIfNoneMatch(),
    ApiProduces(...MEDIA_TYPES),
    ApiResponse({ status: 200, description: 'The whole blob.', headers: CACHING, content: BINARY }),
    ApiResponse({
      status: 206,
      description: 'The requested byte range.',
      headers: {
        ...CACHING,
        'Content-Range': header('The range sent and the full size.', 'bytes 0-99/2048'),
      },
      content: BINARY,
    }),
    ApiResponse({
      status: 304,
      description: "If-None-Match names the blob's ETag: the cached copy is current.",
      headers: CACHING,
    }),
    ApiTextError(404, 'No blob has this key (or it is not a blob key).'),
    ApiResponse({
      status: 416,
      description: 'The range starts beyond the end of the blob.',
      headers: { 'Content-Range': header('The full size.', 'bytes */2048') },
      content: { 'text/plain': { schema: { type: 'string' } } },
    }),
    ApiResponse({
      status: 503,
      description: 'The blob store (e.g. the S3 bucket) is unreachable; retry later.',
      content: {
        'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } },
      },
    }),
  );
}

/**
 * Serves blobs under `/cdn` (outside `/api`, public): links keep working whichever store is
 * configured and whether or not a CDN fronts it.
 */
@ApiTags('Blobs')
@Public()
@Controller('cdn')
export class BlobServingController {
  constructor(private readonly server: BlobServer) {}

  // HEAD first: Express would otherwise hand HEAD to the GET route (the answer is the same).
  @Head(':namespace/:shard/:file')
  @BlobOperation('headBlob', 'Size, type and ETag of a blob, without its bytes')
  headBlob(@Param() path: BlobPath, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.server.serve(keyOf(path), req, res);
  }

  @Get(':namespace/:shard/:file')
  @BlobOperation('getBlob', 'Download a blob')
  getBlob(@Param() path: BlobPath, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.server.serve(keyOf(path), req, res);
  }

  /** Any other path under /cdn is no key: the same 404 as an absent blob. */
  @All('*rest')
  @ApiExcludeEndpoint()
  notABlob(@Param('rest') rest: string[]): never {
    throw new BlobNotFound(rest.join('/'));
  }
}

interface BlobPath {
  namespace: string;
  shard: string;
  file: string;
}

const keyOf = (p: BlobPath): string => `${p.namespace}/${p.shard}/${p.file}`;
