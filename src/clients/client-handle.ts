/**
 * The one rule for client handles, shared by the HTTP API (CreateClientDto), the service and the
 * CLI, so that no way in accepts a handle another refuses.
 */
export const CLIENT_HANDLE_PATTERN = /^[a-z0-9][a-z0-9_-]{1,63}$/;

export const CLIENT_HANDLE_RULE =
  '2–64 characters of a-z, 0-9, "-" or "_", starting with a letter or digit';

/** A handle as given to the form it is stored and looked up in: trimmed, lower-case. */
export function normalizeClientHandle(handle: string): string {
  return handle.trim().toLowerCase();
}

/** What is wrong with `handle` (normalized) as a new client's handle; undefined when nothing. */
export function clientHandleProblem(handle: string): string | undefined {
  return CLIENT_HANDLE_PATTERN.test(handle) ? undefined : `handle must be ${CLIENT_HANDLE_RULE}`;
}
