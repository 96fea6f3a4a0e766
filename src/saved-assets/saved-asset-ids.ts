/** A boolean as written in a path (`true`, `false`, `1`, `0`, any case), else undefined. */
export function parsePathBoolean(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : undefined;
}
