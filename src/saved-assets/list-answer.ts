import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { SavedAssetListEnvelopeDto } from './dto/list.dto';
import { LIST_EXAMPLE } from './saved-assets.examples';

/** Strong ETag of a list envelope: its hash, quoted. */
export const etagOf = (hash: string): string => `"${hash}"`;

/** Caches (the caller's too) revalidate before reuse: a 304 is cheap. */
export const LIST_CACHE_CONTROL = 'private, no-cache';

const HEADERS = {
  ETag: {
    description: 'The envelope\'s hash as a strong entity tag: `"<hash>"`.',
    schema: { type: 'string', example: '"AfoO01vWutb1C6lHVCpCqw=="' },
  },
  Vary: {
    description: 'The answer is gzipped for callers that accept it (Accept-Encoding).',
    schema: { type: 'string', example: 'Accept-Encoding' },
  },
  'Cache-Control': {
    description: 'Revalidate before reuse (If-None-Match).',
    schema: { type: 'string', example: LIST_CACHE_CONTROL },
  },
};

/** The answers of the list routes: the envelope with its ETag, or 304. */
export const ListResponses = (): MethodDecorator =>
  applyDecorators(
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'The ETag of a copy the caller holds: 304 while the list is the same.',
      schema: { type: 'string' },
    }),
    ApiOkResponse({
      type: SavedAssetListEnvelopeDto,
      headers: HEADERS,
      description:
        'The envelope; nothing matching is an empty array with paging.totalRecords 0 (never 404).',
      example: LIST_EXAMPLE,
    }),
    ApiResponse({
      status: 304,
      description: 'If-None-Match names the current ETag: the copy the caller holds is current.',
      headers: HEADERS,
    }),
  );
