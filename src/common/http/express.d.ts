import 'http';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (see request-id.ts). */
    id?: string;
    /**
     * What the request carries beside `body` (the digest of an uploaded file): part of the
     * Idempotency-Key request hash.
     */
    bodyFingerprint?: string;
  }
}
