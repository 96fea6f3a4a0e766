/** A wrong option or environment: reported without a stack trace, exit code 2. */
export class UsageError extends Error {}

export const errorMessage = (err: unknown): string =>
  err instanceof Error ? err.message : String(err);
