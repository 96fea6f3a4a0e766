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

/**
 * The most a sandbox client's token may hold. `ServiceAdmin` acts for every client: a sandbox
 * client acts for itself alone, so it is never issued one, and one found in the database acts as
 * this (docs/design.md §3).
 */
export const SANDBOX_ROLE_CEILING = Role.Admin;

/** Whether a client of this world may hold `role`. */
export function roleAllowed(role: Role, sandbox: boolean): boolean {
  return !sandbox || roleSatisfies(SANDBOX_ROLE_CEILING, role);
}

/** `role`, lowered to what a client of this world may hold. */
export function roleWithin(role: Role, sandbox: boolean): Role {
  return roleAllowed(role, sandbox) ? role : SANDBOX_ROLE_CEILING;
}
