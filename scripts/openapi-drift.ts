/**
 * Compares two OpenAPI documents (as text). Returns undefined when equal, else a short list of the
 * first differing lines.
 */
export function describeDrift(
  committed: string,
  current: string,
  maxLines = 20,
): string | undefined {
  if (committed === current) return undefined;
  if (committed.trim() === '') return '  the committed document is missing or empty';
  const a = committed.split('\n');
  const b = current.split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length) && out.length < maxLines; i++) {
    if (a[i] !== b[i])
      out.push(
        `  line ${i + 1}:\n    committed: ${a[i] ?? '<none>'}\n    code:      ${b[i] ?? '<none>'}`,
      );
  }
  return out.join('\n');
}
