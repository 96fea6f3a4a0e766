/** Token roles, from least to most privileged (docs/design.md §3). */
export enum Role {
  User = 'User',
  Admin = 'Admin',
  ServiceAdmin = 'ServiceAdmin',
}

const RANK: Record<Role, number> = { [Role.User]: 0, [Role.Admin]: 1, [Role.ServiceAdmin]: 2 };

/** True when `held` grants at least what `required` needs. */
export function roleSatisfies(held: Role, required: Role): boolean {
  return RANK[held] >= RANK[required];
}

/** Parses a role name in any case; undefined when it is not a role. */
export function parseRole(value: string): Role | undefined {
  return Object.values(Role).find((r) => r.toLowerCase() === value.trim().toLowerCase());
}
