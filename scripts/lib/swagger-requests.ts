/**
 * The request Swagger UI's "Try it out" → "Execute" sends for an operation left as shown: each
 * parameter's example (or default), the body's example, a file where the form asks for one; and
 * the answers the example is documented to get.
 */

type Json = Record<string, unknown>;

export interface Operation {
  path: string;
  method: string;
  operationId: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  'x-example-outcome'?: number[];
}

export interface Sendable {
  method: string;
  /** The path with its parameters and the query. */
  url: string;
  headers: Record<string, string>;
  json?: unknown;
  form?: Record<string, unknown>;
}

/** `#/components/…` references resolved (one level at a time, as often as needed). */
function resolve(document: Json, node: unknown): Json {
  let value = node as Json;
  while (value && typeof value.$ref === 'string') {
    value = value.$ref
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => at[key] as Json, document);
  }
  return value;
}

/** What Swagger UI puts in a parameter's field: its example, else its default. */
function shownValue(document: Json, parameter: Json): unknown {
  const schema = resolve(document, parameter.schema);
  const examples = parameter.examples as Record<string, Json> | undefined;
  return (
    parameter.example ??
    (examples ? Object.values(examples)[0]?.value : undefined) ??
    schema?.example ??
    schema?.default
  );
}

/** The body's example as shown (JSON), or the form's fields; a string names what is missing. */
function shownBody(
  document: Json,
  requestBody: Json,
  file: unknown,
): Pick<Sendable, 'json' | 'form'> | string {
  const content = requestBody.content as Record<string, Json>;
  const json = content['application/json'];
  if (json) {
    const examples = json.examples as Record<string, Json> | undefined;
    const example = json.example ?? (examples ? Object.values(examples)[0]?.value : undefined);
    return { json: example ?? sampleOf(document, json.schema) };
  }
  const multipart = content['multipart/form-data'];
  if (multipart) {
    const schema = resolve(document, multipart.schema);
    const form: Record<string, unknown> = {};
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, node] of Object.entries((schema.properties ?? {}) as Json)) {
      const property = resolve(document, node);
      const value = property.format === 'binary' ? file : (property.example ?? property.default);
      if (value !== undefined) form[name] = value;
      else if (required.has(name)) return `the form field ${name} has no example`;
    }
    return { form };
  }
  return `no body of a type Swagger UI fills in (${Object.keys(content).join(', ')})`;
}

/**
 * The body Swagger UI fills in from the schema when the operation shows no example of its own:
 * each property's example, else its default, else its first allowed value, else a placeholder of
 * its type (swagger-ui's sampleFromSchema, for request bodies).
 */
export function sampleOf(document: Json, node: unknown, depth = 0): unknown {
  const schema = resolve(document, node);
  if (!schema || depth > 8) return undefined;
  if (schema.example !== undefined) return schema.example;
  const parts = (schema.allOf ?? undefined) as unknown[] | undefined;
  if (parts)
    return Object.assign({}, ...parts.map((part) => sampleOf(document, part, depth + 1) as Json));
  const alternatives = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (alternatives) return sampleOf(document, alternatives[0], depth + 1);
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.type === 'array') return [sampleOf(document, schema.items, depth + 1)];
  if (schema.type === 'object' || schema.properties) {
    const sample: Json = {};
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
      if (resolve(document, property)?.readOnly) continue;
      sample[name] = sampleOf(document, property, depth + 1);
    }
    if (!schema.properties && schema.additionalProperties && schema.additionalProperties !== true)
      sample.additionalProp1 = sampleOf(document, schema.additionalProperties, depth + 1);
    return sample;
  }
  const now = new Date().toISOString();
  const formats: Record<string, unknown> = {
    'date-time': now,
    date: now.slice(0, 10),
    email: 'user@example.com',
    uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    uri: 'https://example.com/',
  };
  if (schema.type === 'string') return formats[schema.format as string] ?? 'string';
  if (schema.type === 'integer' || schema.type === 'number') return 0;
  if (schema.type === 'boolean') return true;
  return undefined;
}

/** The request as shown, or what keeps it from being sent. */
export function sendable(document: Json, operation: Operation, file: unknown): Sendable | string {
  let path = operation.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const node of operation.parameters ?? []) {
    const parameter = resolve(document, node);
    const value = shownValue(document, parameter);
    const name = parameter.name as string;
    if (value === undefined) {
      if (parameter.required) return `the ${String(parameter.in)} parameter ${name} has no example`;
      continue;
    }
    // An array in the query goes as the parameter repeated (OpenAPI's default, form and explode).
    if (parameter.in === 'query' && Array.isArray(value)) {
      for (const item of value as unknown[])
        query.append(name, JSON.stringify(item).replace(/^"(.*)"$/, '$1'));
      continue;
    }
    const text = JSON.stringify(value).replace(/^"(.*)"$/, '$1');
    if (parameter.in === 'path') path = path.replace(`{${name}}`, encodeURIComponent(text));
    else if (parameter.in === 'query') query.set(name, text);
    else if (parameter.in === 'header') headers[name] = text;
  }
  // Swagger UI asks for the first media type of the first success answer.
  const success = Object.entries(operation.responses).find(([code]) => /^2/.test(code))?.[1];
  const accept = success?.content ? Object.keys(success.content)[0] : undefined;
  if (accept) headers.Accept = accept;
  let body: Pick<Sendable, 'json' | 'form'> = {};
  if (operation.requestBody) {
    const shown = shownBody(document, resolve(document, operation.requestBody), file);
    if (typeof shown === 'string') return shown;
    body = shown;
  }
  const search = query.toString();
  return {
    method: operation.method,
    url: path + (search ? `?${search}` : ''),
    headers,
    ...body,
  };
}

/**
 * The statuses the operation's example is documented to get: every 2xx and 3xx it documents, and
 * those its `x-example-outcome` adds (each documented among its responses, with the reason).
 */
export function exampleOutcomes(operation: Operation): number[] {
  const documented = Object.keys(operation.responses).map(Number);
  return [
    ...documented.filter((s) => s >= 200 && s < 400),
    ...(operation['x-example-outcome'] ?? []).filter((s) => documented.includes(s)),
  ];
}
