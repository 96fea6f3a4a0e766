import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { SavedAssetListEnvelopeDto } from './dto/list.dto';
import { LIST_EXAMPLE } from './saved-assets.examples';

/** Strong ETag of a list envelope: its hash, quoted. */
export const etagOf = (hash: string): string => `"${hash}"`;

/** Whether an If-None-Match header names `etag` (or `*`); weak tags compare by their value. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/**
 * Answers a list: 304 without a body when the caller's copy is current, else 200 with the
 * envelope. Both carry the ETag; `no-cache` makes caches revalidate (a 304 is cheap).
 */
export function sendList(
  res: Response,
  list: SavedAssetListEnvelopeDto,
  ifNoneMatch: string | undefined,
): void {
  const etag = etagOf(list.hash);
  res.setHeader('ETag', etag).setHeader('Cache-Control', 'private, no-cache');
  if (noneMatchHits(ifNoneMatch, etag)) res.status(304).end();
  else res.status(200).json(list);
}

const HEADERS = {
  ETag: {
    description: 'The envelope\'s hash as a strong entity tag: `"<hash>"`.',
    schema: { type: 'string', example: '"AfoO01vWutb1C6lHVCpCqw=="' },
  },
  'Cache-Control': {
    description: 'Revalidate before reuse (If-None-Match).',
    schema: { type: 'string', example: 'private, no-cache' },
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
