import { ApiExtension, ApiHeader, ApiResponse, OpenAPIObject } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { TOKEN_CHALLENGE } from './security-schemes';

/**
 * The response headers clients read, each described once (`components.headers`): an operation
 * declares which of its answers carry which with {@link ApiResponseHeaders}; the answers every
 * operation can give (429, 503, 401) get theirs in {@link applyResponseHeaders}. The e2e contract
 * check (test/support/contract.ts) fails when an answer carries one of these headers that its
 * operation's response does not declare.
 */
export const RESPONSE_HEADERS = {
  'X-Total-Count': {
    description: 'How many items match in all, over every page.',
    schema: { type: 'integer', minimum: 0, example: 1234 },
  },
  Location: {
    description: 'Where the answer is (the redirect target).',
    schema: { type: 'string' },
  },
  ETag: {
    description:
      'A strong entity tag of the answer: send it back in If-None-Match to get 304 while it is unchanged.',
    schema: { type: 'string', example: '"2mD0sZ3t7mGg6o9ZXr1xTQ=="' },
  },
  'Retry-After': {
    description: 'Seconds to wait before retrying.',
    schema: { type: 'integer', minimum: 1, example: 5 },
  },
  RateLimit: {
    description:
      'What is left of the limit (IETF draft-ietf-httpapi-ratelimit-headers): `"<policy>";r=<remaining>;t=<seconds to reset>`.',
    schema: { type: 'string', example: '"plan";r=57;t=42' },
  },
  'RateLimit-Policy': {
    description:
      'The limit that applies: `"<policy>";q=<quota>;w=<window in seconds>` (policies `plan`, `render`, `upload`).',
    schema: { type: 'string', example: '"plan";q=60;w=60' },
  },
  'Idempotent-Replayed': {
    description:
      '`true` when this is the stored answer of an earlier request with the same Idempotency-Key, replayed.',
    schema: { type: 'string', enum: ['true'] },
  },
  'WWW-Authenticate': {
    description: `Names the header to send the API token in: \`${TOKEN_CHALLENGE}\`.`,
    schema: { type: 'string', example: TOKEN_CHALLENGE },
  },
} as const;

export type ResponseHeader = keyof typeof RESPONSE_HEADERS;

/** Which answers: a status (`302`), a class (`'2xx'`) or all of them (`'*'`). */
export type StatusSelector = number | `${1 | 2 | 3 | 4 | 5}xx` | '*';

const EXTENSION = 'x-response-header-';

/**
 * Declares that the operation's answers of `statuses` carry the `headers` (on a controller: every
 * operation of it). Applied once the document is complete, so `'*'` covers the common errors too.
 */
export function ApiResponseHeaders(
  statuses: StatusSelector[],
  ...headers: ResponseHeader[]
): MethodDecorator & ClassDecorator {
  return applyDecorators(...headers.map((h) => ApiExtension(`${EXTENSION}${h}`, statuses)));
}

/** The `If-None-Match` request header of an operation that answers 304. */
export const ApiIfNoneMatch = (): MethodDecorator =>
  ApiHeader({
    name: 'If-None-Match',
    required: false,
    description: 'The ETag of a copy the caller has: 304 without a body while it is current.',
    schema: { type: 'string' },
  });

/** `If-None-Match`, its 304, and the ETag on `statuses` and on the 304. */
export function ApiConditionalGet(statuses: StatusSelector[] = [200]): MethodDecorator {
  return applyDecorators(
    ApiIfNoneMatch(),
    ApiResponse({
      status: 304,
      description: 'Not modified: the copy If-None-Match names is current.',
    }),
    ApiResponseHeaders([...statuses, 304], 'ETag'),
  );
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const selects = (selector: StatusSelector, status: string): boolean =>
  selector === '*' ||
  String(selector) === status ||
  (typeof selector === 'string' && selector[0] === status[0]);

/**
 * Moves the headers of ApiResponseHeaders into the operations' responses (as references to
 * `components.headers`), and adds the headers of the common answers: Retry-After on every 429 and
 * 503, WWW-Authenticate on every 401.
 */
export function applyResponseHeaders(document: OpenAPIObject): void {
  const components = (document.components ??= {});
  components.headers = Object.fromEntries(
    Object.entries(RESPONSE_HEADERS).map(([name, h]) => [name, structuredClone(h)]),
  ) as typeof components.headers;
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const declared: [ResponseHeader, StatusSelector[]][] = [
        ['Retry-After', [429, 503]],
        ['WWW-Authenticate', [401]],
      ];
      const extended = operation as unknown as Record<string, unknown>;
      for (const key of Object.keys(extended).filter((k) => k.startsWith(EXTENSION))) {
        declared.push([key.slice(EXTENSION.length) as ResponseHeader, extended[key] as never]);
        delete extended[key];
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!response || '$ref' in response) continue;
        for (const [name, selectors] of declared) {
          if (!selectors.some((s) => selects(s, status))) continue;
          response.headers = {
            ...response.headers,
            [name]: { $ref: `#/components/headers/${name}` },
          };
        }
      }
    }
  }
}
