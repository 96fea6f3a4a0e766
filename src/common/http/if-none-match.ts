/**
 * Whether an If-None-Match header names `etag` or is `*`: the caller's copy is current (304).
 * Tags compare weakly, as RFC 9110 §13.1.2 asks for GET and HEAD (a `W/` prefix is ignored).
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
