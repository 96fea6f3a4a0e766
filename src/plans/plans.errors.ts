import { DomainError, ErrorKind } from '../common/errors/domain-error';

/** A rate-limited route names its client: route value, `clientHandle` header or query parameter. */
export class MissingClientHandle extends DomainError {
  constructor() {
    super('MISSING_CLIENT_HANDLE', ErrorKind.BadRequest, 'Missing clientHandle.');
  }
}

export class PlanClientNotFound extends DomainError {
  constructor(handle: string) {
    super(
      'CLIENT_NOT_FOUND',
      ErrorKind.NotFound,
      `Client ${JSON.stringify(handle.slice(0, 100))} was not found.`,
    );
  }
}

export class InvalidClientHandle extends DomainError {
  constructor(handle: string, rule: string) {
    super(
      'INVALID_CLIENT_HANDLE',
      ErrorKind.BadRequest,
      `Invalid clientHandle ${JSON.stringify(handle.slice(0, 100))}: it must be ${rule}.`,
    );
  }
}
