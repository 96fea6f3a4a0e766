import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { envelopeSchema, EVENT_CATALOG } from '../events/event-catalog';
import { EventType } from '../events/event-recorder';
import { PROBLEM_JSON, ProblemDetails } from '../errors/problem-details';
import { applyBodyContents } from './api-body-content';
import {
  applyExamples,
  ExamplesTable,
  FIXED_EXAMPLE_CONTEXT,
  liveExampleContext,
} from './document-examples';
import { describeDefaultsOfOptionalProperties } from './optional-defaults';
import { expressNullableReferences } from './nullable-references';
import { applyPathForms } from './path-forms';
import { applyProblemExamples } from './problem-examples';
import { applyResponseHeaders } from './response-headers';
import {
  API_TOKEN_SECURITY,
  SESSION_SECURITY,
  SIGNED_URL_SECURITY,
  TOKEN_HEADER,
} from './security-schemes';

export const OPENAPI_TITLE = 'Product Customizer Integration API';

/**
 * The OpenAPI document of the running application (deterministic: no host-specific values), with
 * the examples of `examples` (document-examples.ts) as of a fixed date.
 */
export function buildOpenApiDocument(
  app: INestApplication,
  examples?: ExamplesTable,
): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(OPENAPI_TITLE)
    .setDescription(
      'Integration API of the product customizer: orders, availability, saved assets, rendering, ' +
        'web-to-print, sharing and users. Authenticate with the `SERVICE_API_TOKEN` header. ' +
        'Errors are `text/plain` (4xx) or RFC 9457 ProblemDetails (5xx, or any error when the ' +
        'request sends `Accept: application/problem+json`).',
    )
    .setVersion('v1')
    .addServer('/', 'This service')
    .addTag('Orders', 'Acknowledge purchase orders, update their line items, read and search them.')
    .addTag(
      'Recipe sets',
      'Customized products: a catalog product, chosen options and a design per location.',
    )
    .addTag('Catalog', "A client's products: options, SKUs, printable locations, view angles.")
    .addTag('Assets', 'Uploaded artwork: images stored for designs.')
    .addTag('Rendering', 'Images of recipe sets from view angles, resized and transformed.')
    .addTag('Clients', 'The calling client account.')
    .addTag(
      'Web-to-print',
      'Print-ready files of recipe sets (PDF, PNG and manifest in a ZIP), made by jobs after acknowledgements or on request.',
    )
    .addTag(
      'Users',
      'People of a client account: invitations and their acceptance page, credential checks.',
    )
    .addTag('Fonts', 'The fonts text in designs is drawn from.')
    .addTag('Image generation', 'Text, monogram, pattern and QR code images, drawn on request.')
    .addTag(
      'Moderation',
      "Checks of artwork before it is printed, a machine verdict, and each client's word lists and blocked images.",
    )
    .addTag('Share', 'Share a design by e-mail and SMS; the public page its links open.')
    .addTag(
      'Availability',
      'Price adjustments and availability of SKUs: the admin API, and the HTML pages with their sign-in.',
    )
    .addTag('Admin', 'Client accounts and API tokens (ServiceAdmin).')
    .addTag('Log entries', 'What error bodies link to.')
    .addTag(
      'Blobs',
      'Stored files (uploads, catalog images, renders, print files) behind CDN_URL links.',
    )
    .addTag(
      'Webhooks',
      'Events pushed to partner endpoints (Standard Webhooks: signed, retried, in sequence per purchase order) and the event log to catch up from. Each event type and its payload: `x-webhooks`.',
    )
    .addTag(
      'Sandbox',
      "Test helpers of sandbox clients (tokens `pci_test_…`): move an order through a factory's workflow, ship it, cancel it, fail its print files or play a whole scenario, each firing the events of the real transition; read the e-mails and SMS held for the client. A live token gets 403.",
    )
    .addTag('Operations', 'Health and metrics.')
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: TOKEN_HEADER,
        description: 'The API token of a client.',
      },
      API_TOKEN_SECURITY,
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'cookie',
        name: 'pci_session',
        description:
          "A console session (POST /api/session), for browsers: `__Host-pci_session` over HTTPS, `pci_session` over plain HTTP. A request that changes something (POST, PUT, PATCH, DELETE) also needs the session's CSRF token in `X-CSRF-Token` (403 without it); a request the browser marks as cross-site (`Sec-Fetch-Site`) is refused.",
      },
      SESSION_SECURITY,
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'query',
        name: 'signature',
        description:
          'A signed URL (POST /api/assets/generated/sign): the URL carries `client`, `expires`, `keyId` and `signature`, and works without the token until it expires.',
      },
      SIGNED_URL_SECURITY,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ProblemDetails],
    operationIdFactory: (_controller, method) => method,
  });
  applyBodyContents(document);
  applyPathForms(document);
  addCommonErrors(document);
  applyProblemExamples(document);
  applyResponseHeaders(document);
  describeDefaultsOfOptionalProperties(document.components?.schemas ?? {});
  addWebhooks(document);
  expressNullableReferences(document);
  tidyAlternatives(document.components?.schemas ?? {});
  if (examples) applyExamples(document, examples(FIXED_EXAMPLE_CONTEXT));
  return document;
}

const SIGNED_HEADERS = [
  ['webhook-id', 'The event id (`evt_…`), the same on every retry: deduplicate on it.'],
  ['webhook-timestamp', 'When this attempt was sent, in Unix seconds: refuse old ones (replays).'],
  [
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">` with the key in the endpoint secret (after `whsec_`); two, space-separated, for 24 hours after a rotation. Verify with a Standard Webhooks library.',
  ],
] as const;

/**
 * The events webhooks deliver, as OpenAPI 3.1's `webhooks` would list them (this document is
 * 3.0, where the `x-webhooks` extension is read by Redoc and others): one POST per event type,
 * with the Standard Webhooks headers and the envelope. Answer 2xx within 15 s; anything else is
 * retried.
 */
function addWebhooks(document: OpenAPIObject): void {
  const hooks: Record<string, unknown> = {};
  for (const [type, entry] of Object.entries(EVENT_CATALOG)) {
    hooks[type] = {
      post: {
        operationId: `event_${type.replace(/\./g, '_')}`,
        summary: type,
        description: entry.summary,
        tags: ['Webhooks'],
        parameters: SIGNED_HEADERS.map(([name, description]) => ({
          in: 'header',
          name,
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: envelopeSchema(type as EventType, {
                type: 'object',
                properties: entry.data,
              }),
            },
          },
        },
        responses: {
          '200': {
            description:
              'Any 2xx within 15 s: delivered. Anything else, no answer, or a redirect (not followed) is retried (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h; Retry-After honoured); 410 disables the endpoint.',
          },
        },
      },
    };
  }
  (document as OpenAPIObject & { 'x-webhooks': unknown })['x-webhooks'] = hooks;
}

const PROBLEM = { [PROBLEM_JSON]: { schema: { $ref: '#/components/schemas/ProblemDetails' } } };
const TEXT_OR_PROBLEM = { 'text/plain': { schema: { type: 'string' } }, ...PROBLEM };

/**
 * Answers every operation can give (docs/design.md §4): 500 and 503 (database unavailable) as
 * ProblemDetails everywhere; for operations with path parameters, 400 for a malformed
 * percent-encoding; for operations with a body, 400 for malformed JSON, 413 for a body over the
 * limit and 415 for an encoding the server cannot decode. Their headers: applyResponseHeaders.
 */
function addCommonErrors(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const responses = operation.responses;
      responses['503'] ??= {
        description: 'The database is unavailable; retry later (Retry-After).',
        content: PROBLEM,
      };
      responses['500'] ??= {
        description: 'Unexpected error, with a link to its log entry.',
        content: PROBLEM,
      };
      if (operation.parameters?.some((p) => 'in' in p && p.in === 'path')) {
        // Express answers before routing when a path segment is not valid percent-encoded UTF-8.
        responses['400'] ??= {
          description: 'A path parameter is not valid percent-encoded UTF-8.',
          content: TEXT_OR_PROBLEM,
        };
      }
      if (operation.requestBody) {
        responses['400'] ??= {
          description: 'Malformed JSON or an invalid body.',
          content: TEXT_OR_PROBLEM,
        };
        responses['413'] ??= {
          description:
            "The body is larger than JSON_BODY_LIMIT (or the operation's own smaller limit), or holds more than JSON_MAX_VALUES values or an object of more than JSON_MAX_OBJECT_KEYS keys.",
          content: TEXT_OR_PROBLEM,
        };
        responses['415'] ??= {
          description:
            'The body has a Content-Encoding other than identity, gzip, deflate or br, or a charset other than UTF-8.',
          content: TEXT_OR_PROBLEM,
        };
      }
    }
  }
}

/**
 * Serves Swagger UI at `/docs` and the document at `/docs-json`: built once, and its examples made
 * again for each request (today's dates, a new purchase order number) so that they execute as
 * shown.
 */
export function setupOpenApi(app: INestApplication, examples?: ExamplesTable): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app, examples), {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
    customSiteTitle: OPENAPI_TITLE,
    // The token entered in Authorize stays in the page's memory only: never in localStorage, where
    // it would outlive the tab and be readable by any script of this origin later.
    swaggerOptions: { persistAuthorization: false, displayOperationId: true },
    patchDocumentOnRequest: examples
      ? (_req, _res, document) => {
          const served = structuredClone(document);
          applyExamples(served, examples(liveExampleContext()));
          return served;
        }
      : undefined,
  });
}

/**
 * The Swagger plugin adds what it infers from the TypeScript type (`nullable` for `T | null`,
 * `format: date-time` for `Date`) beside an explicit list of alternatives (anyOf/oneOf), where
 * OpenAPI 3.0 does not allow them without a `type`: move `nullable` onto each alternative and
 * leave `format` to the alternatives.
 */
function tidyAlternatives(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(tidyAlternatives);
    return;
  }
  const schema = node as Record<string, unknown>;
  const alternatives = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  if (schema.type === undefined && Array.isArray(alternatives)) {
    delete schema.format;
    if (schema.nullable === true) {
      delete schema.nullable;
      for (const alternative of alternatives) {
        if (alternative.type !== undefined) alternative.nullable = true;
      }
    }
  }
  Object.values(schema).forEach(tidyAlternatives);
}
