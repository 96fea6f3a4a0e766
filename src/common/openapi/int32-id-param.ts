import { ApiParam } from '@nestjs/swagger';

/** The `id` path parameter of the routes by int32 id (read with `parseInt32Id`). */
export const ApiInt32IdParam = (example: number, description?: string): MethodDecorator =>
  ApiParam({
    name: 'id',
    ...(description === undefined ? {} : { description }),
    schema: { type: 'integer', format: 'int32' },
    example,
  });
