import { parseRole, Role, roleSatisfies } from './role';

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
