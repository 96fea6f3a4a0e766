import { DomainError, ErrorKind } from '../errors/domain-error';
import { Actor } from './actor';
import { OtherClientForbidden } from './auth.errors';
import { ClientAccess, ClientNotFound } from './client-access';
import { Role } from './role';

const actor = (role: Role): Actor => ({
  clientId: 'c-1',
  clientHandle: 'acme',
  role,
  tokenId: 't-1',
  sandbox: false,
});

class ThingNotFound extends DomainError {
  constructor() {
    super('RECIPE_SET_NOT_FOUND', ErrorKind.NotFound, 'Thing was not found.');
  }
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('ClientAccess.handleInPath', () => {
  it.each([Role.User, Role.Admin])(
    'returns the canonical own handle for %s in any case',
    (role) => {
      expect(ClientAccess.handleInPath(actor(role), 'acme')).toBe('acme');
      expect(ClientAccess.handleInPath(actor(role), 'ACME')).toBe('acme');
      expect(ClientAccess.handleInPath(actor(role), ' AcMe ')).toBe('acme');
    },
  );

  it.each([Role.User, Role.Admin])('forbids %s from naming another client', (role) => {
    const err = thrown(() => ClientAccess.handleInPath(actor(role), 'Globex'));
    expect(err).toBeInstanceOf(OtherClientForbidden);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe(ErrorKind.Forbidden);
    expect((err as DomainError).code).toBe('CLIENT_FORBIDDEN');
    expect((err as DomainError).message).toBe('The API token does not belong to client Globex.');
  });

  it('lets a ServiceAdmin name any handle, canonicalised', () => {
    expect(ClientAccess.handleInPath(actor(Role.ServiceAdmin), 'Globex')).toBe('globex');
    expect(ClientAccess.handleInPath(actor(Role.ServiceAdmin), 'ACME')).toBe('acme');
  });
});

describe('ClientAccess.owned', () => {
  const own = { id: 'r-1', clientId: 'c-1' };
  const other = { id: 'r-2', clientId: 'c-2' };

  it.each([null, undefined])('throws notFound() for a %p resource', (missing) => {
    const notFound = jest.fn(() => new ThingNotFound());
    const err = thrown(() => ClientAccess.owned(actor(Role.ServiceAdmin), missing, notFound));
    expect(err).toBeInstanceOf(ThingNotFound);
    expect(notFound).toHaveBeenCalledTimes(1);
  });

  it.each([Role.User, Role.Admin])(
    "hides another client's resource from %s as not found",
    (role) => {
      const err = thrown(() => ClientAccess.owned(actor(role), other, () => new ThingNotFound()));
      expect(err).toBeInstanceOf(ThingNotFound);
      expect((err as DomainError).kind).toBe(ErrorKind.NotFound);
      expect((err as DomainError).kind).not.toBe(ErrorKind.Forbidden);
    },
  );

  it.each([Role.User, Role.Admin, Role.ServiceAdmin])('returns an own resource to %s', (role) => {
    const notFound = jest.fn(() => new ThingNotFound());
    expect(ClientAccess.owned(actor(role), own, notFound)).toBe(own);
    expect(notFound).not.toHaveBeenCalled();
  });

  it("returns another client's resource to a ServiceAdmin", () => {
    expect(ClientAccess.owned(actor(Role.ServiceAdmin), other, () => new ThingNotFound())).toBe(
      other,
    );
  });
});

describe('ClientAccess and a sandbox actor whose token says ServiceAdmin', () => {
  const sandboxServiceAdmin: Actor = { ...actor(Role.ServiceAdmin), sandbox: true };

  it('acts for its own client only: another handle is 403, another resource not found', () => {
    expect(ClientAccess.handleInPath(sandboxServiceAdmin, 'ACME')).toBe('acme');
    expect(thrown(() => ClientAccess.handleInPath(sandboxServiceAdmin, 'Globex'))).toBeInstanceOf(
      OtherClientForbidden,
    );
    const other = { id: 'r-2', clientId: 'c-2' };
    expect(
      thrown(() => ClientAccess.owned(sandboxServiceAdmin, other, () => new ThingNotFound())),
    ).toBeInstanceOf(ThingNotFound);
  });
});

describe('ClientNotFound', () => {
  it('is a NotFound naming the handle', () => {
    const err = new ClientNotFound('globex');
    expect(err.kind).toBe(ErrorKind.NotFound);
    expect(err.code).toBe('CLIENT_NOT_FOUND');
    expect(err.message).toBe('Client globex was not found.');
  });
});
