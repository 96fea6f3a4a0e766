/** `512kb`, `25mb`, `100b` → bytes (1 kb = 1024 b). */
export function parseSize(size: string): number {
  const m = /^(\d+)(b|kb|mb)$/i.exec(size.trim());
  if (!m) throw new Error(`not a size: ${size}`);
  return (
    Number(m[1]) * { b: 1, kb: 1024, mb: 1024 * 1024 }[m[2].toLowerCase() as 'b' | 'kb' | 'mb']
  );
}
