import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESPONSE_HEADERS } from '../../src/common/openapi/response-headers';

/** One response as the server sent it (recorded by the test app). */
export interface RecordedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string;
  /** The answer's headers, names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
}

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, object>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: object;
}

/**
 * Paths the document does not describe on purpose: Swagger UI itself, the console's page and files
 * (an application on the API's origin, not an API: docs/console.md), and test-only routes.
 */
const UNDOCUMENTED = [
  /^\/docs(-json|-yaml)?(\/|$)/i,
  /^\/console(\/|$)/i,
  /^\/test-only\//i,
  // Render paths with `.`, `..` or empty segments: refused (400) before routing; no template has them.
  /^\/api\/assets\/generated\/recipeset\/readable\/.*(\/\.{1,2}(\/|$)|\/\/)/i,
];
/**
 * The render route's path-segment forms the document does not list: state, camera, width and
 * height in another order than the documented one, or after `view/{viewAngleHandle}`.
 */
const UNLISTED_RENDER_FORMS =
  /^\/api\/assets\/generated\/recipeset\/readable\/[^/]+\/(view\/)?[^/]+\/(state|camera|width|height)\//i;
/** The headers clients read (src/common/openapi/response-headers.ts): each must be documented. */
const DECLARED_HEADERS = Object.keys(RESPONSE_HEADERS);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Checks recorded responses against the committed OpenAPI document: the route and method exist,
 * the status is documented, each header clients read that the answer carries (X-Total-Count,
 * Location, ETag, Retry-After, RateLimit, …) is declared on that status, the content type is one
 * the document declares for that status, and a JSON body satisfies its schema. Responses of unknown routes (404 before routing) are skipped.
 */
export class ContractChecker {
  private readonly doc: OpenApiDocument;
  private readonly ajv: Ajv;
  private readonly compiled = new Map<object, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp }[];

  constructor(file = join(__dirname, '..', '..', 'openapi.json')) {
    this.doc = withNullAsJsonSchema(JSON.parse(readFileSync(file, 'utf8'))) as OpenApiDocument;
    this.ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.templates = Object.keys(this.doc.paths).map((template) => ({
      template,
      pattern: new RegExp(
        `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`,
        'i',
      ),
    }));
  }

  /** Problems with one response (empty when it conforms, or when the route is not described). */
  check(r: RecordedResponse): string[] {
    const path = r.url.split('?')[0];
    const method = r.method.toLowerCase();
    if (!METHODS.includes(method) || UNDOCUMENTED.some((p) => p.test(path))) return [];
    const match = this.templates.filter((t) => t.pattern.test(path));
    if (match.length === 0)
      return r.status === 404 || UNLISTED_RENDER_FORMS.test(path)
        ? []
        : [`${r.method} ${path}: no such path in openapi.json (${r.status})`];
    // Prefer the template with the most fixed text (e.g. /api/order/status over /api/order/{x}).
    const template = match.sort(
      (a, b) =>
        b.template.replace(/\{[^}]+\}/g, '').length - a.template.replace(/\{[^}]+\}/g, '').length,
    )[0].template;
    const operation = this.doc.paths[template][method];
    const where = `${r.method} ${template} -> ${r.status}`;
    if (!operation) return r.status === 404 ? [] : [`${where}: method not documented`];
    const response = operation.responses[String(r.status)] ?? operation.responses.default;
    if (!response) return [`${where}: status not documented`];
    const documented = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()));
    const undeclared = DECLARED_HEADERS.filter(
      (h) => r.headers[h.toLowerCase()] !== undefined && !documented.has(h.toLowerCase()),
    );
    if (undeclared.length > 0)
      return [`${where}: header ${undeclared.join(', ')} sent but not documented`];
    if (r.body.length === 0) return [];
    const mediaType = r.contentType.split(';')[0].trim().toLowerCase();
    const declared = response.content ?? {};
    if (!(mediaType in declared)) {
      return [
        `${where}: content type ${mediaType || '(none)'} not documented (declared: ${Object.keys(declared).join(', ') || 'none'})`,
      ];
    }
    const schema = declared[mediaType].schema;
    if (!schema || !/json/.test(mediaType)) return [];
    let body: unknown;
    try {
      body = JSON.parse(r.body.toString('utf8'));
    } catch {
      return [`${where}: body is not JSON`];
    }
    const validate = this.validator(schema);
    if (validate(body)) return [];
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
    return [`${where}: body does not match the schema: ${errors.join('; ')}`];
  }

  private validator(schema: object): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      // Local $refs (#/components/…) resolve against the document's components.
      validate = this.ajv.compile({ allOf: [schema], components: this.doc.components });
      this.compiled.set(schema, validate);
    }
    return validate;
  }
}

/**
 * OpenAPI 3.0's `nullable: true` "adds null to the allowed values" (also of an `enum` or a
 * `$ref`/`allOf`), which JSON Schema validators do not know: rewrite it as `anyOf [null, schema]`.
 */
export function withNullAsJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullAsJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, withNullAsJsonSchema(v)]),
  );
  return nullable === true ? { anyOf: [{ type: 'null' }, converted] } : converted;
}
