import { ApiParam } from '@nestjs/swagger';
import { ApiInt32IdParam } from '../common/openapi/int32-id-param';

/** The path parameter of the routes by id. */
export const IdParam = (description: string): MethodDecorator => ApiInt32IdParam(311, description);

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
