import { DomainError, ErrorKind } from '../errors/domain-error';
import { actsForAnyClient, Actor } from './actor';
import { OtherClientForbidden } from './auth.errors';

/**
 * Object-level checks every module uses (docs/design.md §3).
 * - A path that names a client handle: the caller's own, or any for a live `ServiceAdmin`; else
 *   403 (a sandbox actor acts for its own client only, whatever its role).
 * - A resource loaded by id: another client's resource answers as if absent (404).
 */
export const ClientAccess = {
  /** Returns the canonical (lower-case) handle the caller may act for, or throws 403. */
  handleInPath(actor: Actor, handle: string): string {
    const canonical = handle.trim().toLowerCase();
    if (!actsForAnyClient(actor) && canonical !== actor.clientHandle) {
      throw new OtherClientForbidden(handle);
    }
    return canonical;
  },

  /**
   * The client whose resources the caller may load by id (a lookup within it answers another
   * client's id as an unknown one); undefined for a ServiceAdmin (any client's).
   */
  scope(actor: Actor): string | undefined {
    return actsForAnyClient(actor) ? undefined : actor.clientId;
  },

  /** Returns `resource` when the caller owns it (or is ServiceAdmin); else throws `notFound()`. */
  owned<T extends { clientId: string }>(
    actor: Actor,
    resource: T | null | undefined,
    notFound: () => DomainError,
  ): T {
    if (!resource) throw notFound();
    if (!actsForAnyClient(actor) && resource.clientId !== actor.clientId) throw notFound();
    return resource;
  },
};

export class ClientNotFound extends DomainError {
  constructor(handle: string) {
    super('CLIENT_NOT_FOUND', ErrorKind.NotFound, `Client ${handle} was not found.`);
  }
}
