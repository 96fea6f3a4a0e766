/**
 * Public pages whose address carries a capability (the token of an invitation or share link):
 * the request log writes the path with the token replaced, so logs never hold a working link.
 */
const CAPABILITY_PATHS = /^(\/(?:invitation|share)\/)[^/?#]+/i;

/** `path` (no query) with a capability token replaced by `[token]`. */
export function pathForLog(path: string): string {
  return path.replace(CAPABILITY_PATHS, '$1[token]');
}
