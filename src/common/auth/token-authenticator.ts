import { Actor } from './actor';

/** Resolves a presented API token to its caller; implemented by the clients module. */
export abstract class TokenAuthenticator {
  abstract authenticate(token: string): Promise<Actor | undefined>;
}
