/** Milliseconds per unit of a token lifetime. */
const UNITS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d{1,6})([smhd])$/;
/** The longest lifetime a token can be given: ten years. */
export const MAX_TOKEN_LIFETIME_MS = 3650 * UNITS.d;

export type DurationParse = { ms: number } | { problem: string };

/**
 * A token lifetime such as `90s`, `15m`, `12h` or `7d`: a positive whole number and one unit
 * (seconds, minutes, hours, days), up to ten years. Anything else is a problem naming the value.
 */
export function parseTokenLifetime(value: string): DurationParse {
  const match = DURATION.exec(value.trim());
  if (!match)
    return {
      problem: `${JSON.stringify(value)} is not a duration: use a positive whole number and a unit s, m, h or d, e.g. 90s, 15m, 12h or 7d`,
    };
  const ms = Number(match[1]) * UNITS[match[2] as keyof typeof UNITS];
  if (ms <= 0) return { problem: `${JSON.stringify(value)} is not a positive duration` };
  if (ms > MAX_TOKEN_LIFETIME_MS)
    return { problem: `${JSON.stringify(value)} is longer than the maximum of 3650d` };
  return { ms };
}
