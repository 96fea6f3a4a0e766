import { applyDecorators } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';

/** The path parameter of the routes by id. */
export const IdParam = (description: string): MethodDecorator =>
  applyDecorators(
    ApiParam({
      name: 'id',
      description,
      schema: { type: 'integer', format: 'int32' },
      example: 311,
    }),
  );

export const ORGANIZATION_PATH = ApiParam({
  name: 'clientIdentifier',
  description: 'The organization identifier the assets were saved under.',
  example: 'ORG-1042',
});

export const CLIENT_PATH = ApiParam({
  name: 'clientHandle',
  description: "The caller's client (any client for a ServiceAdmin token).",
  example: 'demo',
});
