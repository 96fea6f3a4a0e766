import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../src/common/errors/error-codes';

interface Schema {
  properties?: Record<string, Schema & { default?: unknown }>;
  required?: string[];
  [key: string]: unknown;
}
const doc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string; responses: object }>>;
  components: { schemas: Record<string, Schema>; headers: Record<string, object> };
};

/** Paths (`Schema.properties.x`) of the optional properties with a `default`, at any depth. */
function defaultedOptionals(node: unknown, at: string): string[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((n, i) => defaultedOptionals(n, `${at}[${i}]`));
  const schema = node as Schema;
  const required = new Set(schema.required ?? []);
  const own = Object.entries(schema.properties ?? {})
    .filter(([name, p]) => !required.has(name) && p.default !== undefined)
    .map(([name]) => `${at}.${name}`);
  return [
    ...own,
    ...Object.entries(schema).flatMap(([k, v]) => defaultedOptionals(v, `${at}.${k}`)),
  ];
}

describe('The committed openapi.json, as client generators read it', () => {
  it('has no `default` on an optional property of a component (generators make it required)', () => {
    expect(defaultedOptionals(doc.components.schemas, 'components.schemas')).toEqual([]);
  });

  it("enumerates ProblemDetails' code: every ErrorCode", () => {
    const code = JSON.stringify(doc.components.schemas.ProblemDetails.properties?.code);
    const enumerated = /"\$ref":"#\/components\/schemas\/(\w+)"/.exec(code)?.[1];
    const values = enumerated ? doc.components.schemas[enumerated].enum : JSON.parse(code).enum;
    expect(values).toEqual([...ERROR_CODES]);
  });

  it('declares the headers clients read on the routes that send them', () => {
    const declared = (path: string, method: string, status: string): string[] =>
      Object.keys(
        (doc.paths[path][method].responses as Record<string, { headers?: object }>)[status]
          .headers ?? {},
      );
    const render = '/api/assets/generated/recipeset/readable/{readableId}/{viewAngleHandle}';
    expect(declared('/api/orders/search', 'post', '200')).toContain('X-Total-Count');
    expect(declared('/api/users', 'get', '200')).toContain('X-Total-Count');
    expect(declared(render, 'get', '302')).toContain('Location');
    expect(declared(render, 'get', '200')).toEqual(expect.arrayContaining(['ETag', 'RateLimit']));
    expect(declared(render, 'get', '304')).toContain('ETag');
    expect(declared(render, 'get', '429')).toEqual(
      expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy']),
    );
    expect(declared(`${render}/width/{width}`, 'get', '302')).toContain('Location');
    expect(declared('/api/webtoprint/{recipeSetReadableId}', 'get', '303')).toContain('Location');
    expect(declared('/api/webtoprint/{recipeSetReadableId}', 'get', '202')).toContain(
      'Retry-After',
    );
    expect(declared('/api/order/acknowledgement', 'post', '200')).toContain('Idempotent-Replayed');
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item)) {
        const responses = operation.responses as Record<string, object>;
        if (responses['503'])
          expect([path, method, declared(path, method, '503')]).toEqual([
            path,
            method,
            expect.arrayContaining(['Retry-After']),
          ]);
      }
  });

  it('describes the render path-segment forms: every subset of state, camera, width, height', () => {
    const forms = Object.keys(doc.paths).filter((p) =>
      /\/readable\/\{readableId\}\/\{viewAngleHandle\}\/(state|camera|width|height)\//.test(p),
    );
    expect(forms).toHaveLength(15);
    expect(forms).toContain(
      '/api/assets/generated/recipeset/readable/{readableId}/{viewAngleHandle}/state/{renderStateHandle}/camera/{camera}/width/{width}/height/{height}',
    );
  });
});
