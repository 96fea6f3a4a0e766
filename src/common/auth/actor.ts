import { Role } from './role';

/** Who is calling: resolved from the API token by the global guard. */
export interface Actor {
  readonly clientId: string;
  readonly clientHandle: string;
  readonly role: Role;
  readonly tokenId: string;
}
