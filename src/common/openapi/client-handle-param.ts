import { ApiParam } from '@nestjs/swagger';

/** The `clientHandle` path parameter of the client-scoped routes (catalog, availability). */
export const ApiClientHandleParam = ApiParam({
  name: 'clientHandle',
  description: "The caller's client (any client for a ServiceAdmin token).",
  example: 'demo',
});
