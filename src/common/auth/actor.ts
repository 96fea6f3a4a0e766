import { Role } from './role';

/** Who is calling: resolved from the API token by the global guard. */
export interface Actor {
  readonly clientId: string;
  readonly clientHandle: string;
  readonly role: Role;
  readonly tokenId: string;
  /**
   * Whether the client is a sandbox client (its tokens start with `pci_test_`): nothing reaches a
   * factory, messages are held, and the /api/sandbox helpers answer (src/sandbox).
   */
  readonly sandbox: boolean;
}
