import { Actor } from './actor';

/** Resolves a presented API token to its caller; implemented by the clients module. */
export abstract class TokenAuthenticator {
  abstract authenticate(token: string): Promise<Actor | undefined>;

  /**
   * The caller of the token with this id while it is still valid (not revoked or expired, its
   * user active): for sessions exchanged for a token, checked again on each use.
   */
  abstract authenticateTokenId(tokenId: string): Promise<Actor | undefined>;

  /** The caller a valid signed URL acts as: a `User` of that client (undefined if it is gone). */
  abstract signedUrlActor(clientHandle: string): Promise<Actor | undefined>;
}
