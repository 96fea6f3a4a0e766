import { ApiExtension, OpenAPIObject, SchemaObject } from '@nestjs/swagger';

/** Where ApiBodyContent keeps its schemas until the document is built. */
const EXTENSION = 'x-body-content';

/**
 * The request body's schema for one content type, where it differs from the others (a route that
 * takes JSON or a multipart form with a file): `@ApiBody` gives every content type the same one.
 */
export function ApiBodyContent(contentType: string, schema: SchemaObject): MethodDecorator {
  return ApiExtension(EXTENSION, { [contentType]: schema });
}

/** Moves the schemas of ApiBodyContent into their operations' request bodies. */
export function applyBodyContents(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const extended = operation as unknown as Record<string, unknown>;
      const schemas = extended[EXTENSION] as Record<string, SchemaObject> | undefined;
      if (!schemas) continue;
      delete extended[EXTENSION];
      const body = operation.requestBody;
      if (!body || '$ref' in body) continue;
      for (const [type, schema] of Object.entries(schemas)) body.content[type] = { schema };
    }
  }
}
