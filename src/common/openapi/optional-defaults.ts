import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

/**
 * A DTO documents what the server assumes for a field a request leaves out with
 * `@ApiPropertyOptional({ default })`. The Swagger plugin puts every DTO in `components.schemas`,
 * where a generator cannot tell a request's schema from a response's (17 DTOs are both: catalog
 * locations, layers and design elements are sent and read back), and openapi-typescript reads a
 * `default` there as "always present": each such optional field of a request body became
 * required in the generated types. So in the components a `default` stays only on required
 * properties; an optional one says its default in its description, and stays optional.
 */
export function describeDefaultsOfOptionalProperties(
  schemas: Record<string, SchemaObject | ReferenceObject>,
): void {
  for (const schema of Object.values(schemas)) visit(schema);
}

function visit(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(visit);
    return;
  }
  const schema = node as SchemaObject;
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (required.has(name) || '$ref' in property || property.default === undefined) continue;
    const said = `Default: \`${JSON.stringify(property.default)}\`.`;
    const description = property.description?.trim();
    property.description = description
      ? `${description}${/[.!?]$/.test(description) ? '' : '.'} ${said}`
      : said;
    delete property.default;
  }
  Object.values(schema).forEach(visit);
}
