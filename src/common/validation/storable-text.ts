import { invalidField, ValidationFailed } from '../errors/domain-error';

/**
 * Text PostgreSQL cannot store or compare: NUL, and a UTF-16 surrogate without its pair. Every text
 * the API takes is checked against it (the global validation pipe, and the callers that skip it).
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** The rule as a 400 words it, after the field's name. */
export const UNSTORABLE_RULE = 'must not contain NUL characters or unpaired surrogates';

/** True when the database can store `text`. */
export function isStorable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** `text` without what the database cannot store (for text shown back, where refusing would not help). */
export function withoutUnstorable(text: string): string {
  return text.replace(UNSTORABLE_ALL, '');
}

/** Paths (as the validation pipe's field errors write them) of the strings in `value` that the database cannot store. */
export function unstorableText(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return isStorable(value) ? [] : [path || 'body'];
  if (Array.isArray(value)) return value.flatMap((v, i) => unstorableText(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  return Object.entries(value).flatMap(([k, v]) => unstorableText(v, path ? `${path}.${k}` : k));
}

/** One field the database cannot store: `Invalid request: <field> must not contain ….` */
export function unstorableField(field: string): ValidationFailed {
  return invalidField(field, UNSTORABLE_RULE);
}
