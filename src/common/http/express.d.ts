import 'http';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (see request-id.ts). */
    id?: string;
  }
}
