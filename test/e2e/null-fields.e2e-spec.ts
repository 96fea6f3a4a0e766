import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { Role } from '../../src/common/auth/role';
import { PlansService } from '../../src/plans';
import { createClient, TestClient } from '../factories/clients';
import { createTestApp, TestApp } from '../setup/test-app';
import {
  OpenApiDocument,
  Operation,
  operationsOf,
  Parameter,
  Schema,
  urlOf,
} from '../support/openapi-arbitraries';

/**
 * `null` in every field of every JSON body of the committed OpenAPI document, one field at a
 * time, nested fields (objects and the objects of lists) included: where the document says the
 * field is nullable the API takes it (no 400 about null, never a 5xx); everywhere else the answer
 * is a 400 naming the field. The body holds nothing but the null (other required fields missing
 * are 400s of their own, named apart), so the null is judged before anything runs. A body that is
 * one of several schemas chosen by a path parameter (`POST /api/imagegen/{generator}`: the
 * generator's) is sent with each value of that parameter and the schema in the same place.
 */
const doc = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'),
) as OpenApiDocument;
const schemas = doc.components?.schemas ?? {};

/** How deep nested fields are followed (a line item's SKU quantity is at depth 3). */
const MAX_DEPTH = 3;

const resolve = (schema: Schema): Schema => {
  const ref = schema.$ref as string | undefined;
  return ref ? resolve(schemas[ref.replace('#/components/schemas/', '')] ?? {}) : schema;
};

/** The forms a value may take: the schema itself and its allOf/anyOf/oneOf members, resolved. */
const forms = (schema: Schema): Schema[] => {
  const own = resolve(schema);
  const members = ['allOf', 'anyOf', 'oneOf'].flatMap(
    (k) => (own[k] as Schema[] | undefined) ?? [],
  );
  return [own, ...members.flatMap(forms)];
};

const nullable = (schema: Schema): boolean =>
  schema.nullable === true || forms(schema).some((f) => f.nullable === true);

interface Field {
  path: (string | number)[];
  nullable: boolean;
}

function fieldsOf(schema: Schema, prefix: (string | number)[], depth: number): Field[] {
  if (depth > MAX_DEPTH) return [];
  const properties: Record<string, Schema> = Object.assign(
    {},
    ...forms(schema).map((f) => (f.properties as Record<string, Schema> | undefined) ?? {}),
  );
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = [...prefix, name];
    const list = forms(property).find((f) => f.type === 'array' && f.items);
    const inner = list ? fieldsOf(list.items as Schema, [...path, 0], depth + 1) : [];
    return [
      { path, nullable: nullable(property) },
      ...fieldsOf(property, path, depth + 1),
      ...inner,
    ];
  });
}

const pathText = (path: (string | number)[]): string =>
  path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key),
    '',
  );

/** A body holding only `null` at `path`. */
function bodyWithNull(path: (string | number)[]): unknown {
  return path.reduceRight<unknown>(
    (inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }),
    null,
  );
}

const bodyOperations = operationsOf(doc).filter(
  (op) => op.body && resolve(op.body).type !== 'array',
);

/** What is sent: an operation, the schema of its body, and path parameters it needs for that. */
interface Case {
  op: Operation;
  schema: Schema;
  path: Record<string, unknown>;
}

function casesOf(op: Operation): Case[] {
  const members = (resolve(op.body!).anyOf ?? resolve(op.body!).oneOf) as Schema[] | undefined;
  const chooser = op.parameters.find(
    (p) =>
      p.in === 'path' && (resolve(p.schema ?? {}).enum as unknown[])?.length === members?.length,
  );
  if (!members || !chooser) return [{ op, schema: op.body!, path: {} }];
  const values = resolve(chooser.schema ?? {}).enum as unknown[];
  return members.map((schema, i) => ({ op, schema, path: { [chooser.name]: values[i] } }));
}

const cases = bodyOperations.flatMap(casesOf);
const title = ({ op, path }: Case) =>
  `${op.method.toUpperCase()} ${op.path}${Object.keys(path).length ? ` ${JSON.stringify(path)}` : ''}`;

describe('null in every field of every JSON body (HTTP)', () => {
  let t: TestApp;
  let admin: TestClient;
  let sandbox: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createClient(t.app, { role: Role.ServiceAdmin });
    sandbox = await createClient(t.app, { role: Role.Admin, sandbox: true });
    for (const handle of [admin.handle, sandbox.handle])
      await t.app.get(PlansService).set(handle, { limit: 1_000_000, windowSeconds: 60 });
  });

  afterAll(() => t?.close());

  /** A value for a parameter that gets the request as far as its body. */
  const valueOf = (p: Parameter, client: TestClient): unknown => {
    if (p.name === 'clientHandle') return client.handle;
    const schema = resolve(p.schema ?? {});
    if (schema.example !== undefined) return schema.example;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    if (schema.format === 'uuid' || /key$/i.test(p.name)) return randomUUID();
    return schema.type === 'integer' || schema.type === 'number' ? 1 : 'A1';
  };

  const send = ({ op, path }: Case, body: unknown) => {
    const client = op.path.startsWith('/api/sandbox/') ? sandbox : admin;
    const parts = { path: {}, query: {}, header: {} } as Record<string, Record<string, unknown>>;
    for (const p of op.parameters)
      if (p.required || p.name === 'clientHandle') parts[p.in][p.name] = valueOf(p, client);
    Object.assign(parts.path, path);
    const req = request(t.http)
      [op.method](urlOf(op, { path: parts.path, query: parts.query, header: parts.header }))
      .set('SERVICE_API_TOKEN', client.token)
      .set('Accept', 'application/problem+json');
    for (const [name, value] of Object.entries(parts.header)) req.set(name, String(value));
    return req.send(body as object);
  };

  it('covers the operations that take a JSON body', () => {
    expect(bodyOperations.length).toBeGreaterThan(30);
    expect(bodyOperations.map((op) => op.operationId)).toEqual(
      expect.arrayContaining([
        'createWebhookEndpoint',
        'updateWebhookEndpoint',
        'acknowledgeOrder',
      ]),
    );
  });

  it.each(cases.map((c) => [title(c), c] as const))(
    '%s: null is taken where nullable, and a 400 naming the field elsewhere',
    async (_, c) => {
      const problems: string[] = [];
      for (const field of fieldsOf(c.schema, [], 1)) {
        const name = pathText(field.path);
        const res = await send(c, bodyWithNull(field.path));
        // application/problem+json, which supertest leaves as text.
        const answer = (res.text ? JSON.parse(res.text) : {}) as {
          errors?: { field: string; message: string }[];
        };
        const errors = answer.errors ?? [];
        const refusedNull = errors.some(
          (e) => e.field === name && /must not be null/.test(e.message),
        );
        const named = errors.some((e) => e.field === name);
        if (res.status >= 500) problems.push(`${name}: ${res.status}`);
        else if (field.nullable && refusedNull) problems.push(`${name} (nullable): refused`);
        else if (!field.nullable && (res.status !== 400 || !named))
          problems.push(`${name}: ${res.status} ${res.text.slice(0, 200)}`);
      }
      expect(problems).toEqual([]);
    },
  );
});
