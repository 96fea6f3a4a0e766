import { actorHolds, actsForAnyClient } from './actor';
import { parseRole, Role, roleAllowed, roleSatisfies, roleWithin } from './role';

describe('roleSatisfies', () => {
  it.each([
    [Role.User, Role.User, true],
    [Role.User, Role.Admin, false],
    [Role.User, Role.ServiceAdmin, false],
    [Role.Admin, Role.User, true],
    [Role.Admin, Role.Admin, true],
    [Role.Admin, Role.ServiceAdmin, false],
    [Role.ServiceAdmin, Role.User, true],
    [Role.ServiceAdmin, Role.Admin, true],
    [Role.ServiceAdmin, Role.ServiceAdmin, true],
  ])('held %s, required %s -> %p', (held, required, expected) => {
    expect(roleSatisfies(held, required)).toBe(expected);
  });
});

describe('parseRole', () => {
  it.each([
    ['User', Role.User],
    ['user', Role.User],
    ['USER', Role.User],
    ['admin', Role.Admin],
    ['aDmIn', Role.Admin],
    ['serviceadmin', Role.ServiceAdmin],
    ['SERVICEADMIN', Role.ServiceAdmin],
    [' ServiceAdmin ', Role.ServiceAdmin],
  ])('parses %p as %s', (raw, expected) => {
    expect(parseRole(raw)).toBe(expected);
  });

  it.each(['', '  ', 'root', 'service admin', 'service_admin', 'admins', 'Users'])(
    'returns undefined for %p',
    (raw) => {
      expect(parseRole(raw)).toBeUndefined();
    },
  );
});

describe('sandbox roles', () => {
  it('allows a sandbox client at most Admin, a live client any role', () => {
    expect([Role.User, Role.Admin, Role.ServiceAdmin].map((r) => roleAllowed(r, true))).toEqual([
      true,
      true,
      false,
    ]);
    expect([Role.User, Role.Admin, Role.ServiceAdmin].every((r) => roleAllowed(r, false))).toBe(
      true,
    );
    expect(roleWithin(Role.ServiceAdmin, true)).toBe(Role.Admin);
    expect(roleWithin(Role.User, true)).toBe(Role.User);
    expect(roleWithin(Role.ServiceAdmin, false)).toBe(Role.ServiceAdmin);
  });

  it('never lets a sandbox actor act for any client, whatever its role says', () => {
    const sandbox = { role: Role.ServiceAdmin, sandbox: true };
    expect(actsForAnyClient(sandbox)).toBe(false);
    expect(actorHolds(sandbox, Role.ServiceAdmin)).toBe(false);
    expect(actorHolds(sandbox, Role.Admin)).toBe(true);
    expect(actsForAnyClient({ role: Role.ServiceAdmin, sandbox: false })).toBe(true);
    expect(actorHolds({ role: Role.Admin, sandbox: false }, Role.ServiceAdmin)).toBe(false);
  });
});
