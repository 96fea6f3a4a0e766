/**
 * Addresses that carry a capability, which the request log and the error log write with it
 * replaced, so that logs never hold a working link:
 * - public pages of an invitation or share link (`/invitation/{token}`, `/share/{token}/…`);
 * - blobs (`/cdn/{namespace}/{key}`): the key of a private blob is unguessable and is the only
 *   thing guarding it (docs/design.md §9); the namespace stays, to tell renders from uploads.
 */
const CAPABILITY_PATHS: readonly [RegExp, string][] = [
  [/^(\/(?:invitation|share)\/)[^/?#]+/i, '$1[token]'],
  [/^(\/cdn\/[^/?#]+\/)[^?#]+/i, '$1[key]'],
];

/** `path` (no query) with a capability token or key replaced by `[token]` or `[key]`. */
export function pathForLog(path: string): string {
  return CAPABILITY_PATHS.reduce(
    (p, [pattern, replacement]) => p.replace(pattern, replacement),
    path,
  );
}
