import { Role, roleSatisfies } from './role';

/** Who is calling: resolved from the API token by the global guard. */
export interface Actor {
  readonly clientId: string;
  readonly clientHandle: string;
  readonly role: Role;
  readonly tokenId: string;
  /**
   * Whether the client is a sandbox client (its tokens start with `pci_test_`): nothing reaches a
   * factory, messages are held, and the /api/sandbox helpers answer (src/sandbox). A sandbox actor
   * never acts for another client (see actsForAnyClient).
   */
  readonly sandbox: boolean;
  /** A console session's caller: its user and session (tokenId then holds the user's id). */
  readonly userId?: string;
  readonly sessionId?: string;
}

/**
 * Whether the caller may act for any client: a live `ServiceAdmin`. A sandbox actor never may,
 * whatever role its token names (defence in depth: such a token is never issued).
 */
export function actsForAnyClient(actor: Pick<Actor, 'role' | 'sandbox'>): boolean {
  return actor.role === Role.ServiceAdmin && !actor.sandbox;
}

/** Whether the caller holds `required`; a sandbox actor never holds `ServiceAdmin`. */
export function actorHolds(actor: Pick<Actor, 'role' | 'sandbox'>, required: Role): boolean {
  if (required === Role.ServiceAdmin) return actsForAnyClient(actor);
  return roleSatisfies(actor.role, required);
}
