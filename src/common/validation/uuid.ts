/** A UUID in its usual text form (any version, any case). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID: checked before a lookup, since PostgreSQL rejects other text as a uuid. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
