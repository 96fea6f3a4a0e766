import { applyDecorators } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EncodedJson, sendEncodedJson } from '../common/http/encoded-json';
import { sendSpooledJson, SpooledJson } from '../common/http/spooled-json';
import { ApiHeader, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { SavedAssetListEnvelopeDto } from './dto/list.dto';
import { LIST_EXAMPLE } from './saved-assets.examples';

/** Strong ETag of a list envelope: its hash, quoted. */
export const etagOf = (hash: string): string => `"${hash}"`;

/** Caches (the caller's too) revalidate before reuse: a 304 is cheap. */
export const LIST_CACHE_CONTROL = 'private, no-cache';

/**
 * A list answer: encoded whole, or spooled (see SpooledJson) when it is a long unpaged list or its
 * items pass a megabyte.
 */
export type ListAnswer = EncodedJson | SpooledJson;

export const isSpooled = (answer: ListAnswer): answer is SpooledJson => 'chunks' in answer;

/** What an answer weighs in memory (the list cache's budget). */
export const bytesHeld = (answer: ListAnswer): number =>
  isSpooled(answer) ? answer.heldBytes : answer.plain.length + answer.gzipped.length;

/** Sends a list answer (ETag, 304, gzip) of either kind. */
export function sendList(req: Request, res: Response, answer: ListAnswer): Promise<void> {
  if (isSpooled(answer)) return sendSpooledJson(req, res, answer, LIST_CACHE_CONTROL);
  sendEncodedJson(req, res, answer, LIST_CACHE_CONTROL);
  return Promise.resolve();
}

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
