/** Longest part of a caller's value shown back in a 400 text. */
const MAX_SHOWN = 60;

/** A caller's value as a 400 text shows it: as JSON, shortened when it is long. */
export function shownValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}
