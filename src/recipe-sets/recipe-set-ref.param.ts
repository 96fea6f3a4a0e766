import { ApiParam } from '@nestjs/swagger';

/**
 * A recipe set reference in a path as the OpenAPI document describes it: the 8 characters of a
 * readable id (any case) or a UUID. Anything else answers 404 (or 400 where the path itself is
 * refused, e.g. an encoded `/`), so a client generated from the document never builds such a path.
 */
export const RECIPE_SET_REF_PATTERN =
  '^([A-Za-z0-9]{8}|[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12})$';

/** The path parameter `name` holding a recipe set reference (readable id or UUID). */
export function ApiRecipeSetRefParam(name: string): MethodDecorator & ClassDecorator {
  return ApiParam({
    name,
    description: 'Readable id (8 characters, any case) or UUID.',
    example: 'DEMTEE2A',
    schema: { type: 'string', pattern: RECIPE_SET_REF_PATTERN },
  });
}
