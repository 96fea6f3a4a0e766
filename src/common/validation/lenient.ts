import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsDate,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidationOptions,
} from 'class-validator';

/**
 * Input rules of docs/design.md §5: strict where it matters, lenient where client systems differ.
 * Each decorator converts the accepted spellings and then validates the canonical value.
 */

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * Parses ISO 8601: date-only (midnight UTC), date-time with any number of fractional digits and
 * any offset (none means UTC). Undefined for anything else, including impossible dates and
 * instants outside the years 0001–9999 UTC (which responses could not write as ISO 8601).
 */
export function parseIsoDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string') return undefined;
  const m = ISO_DATE.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', offset = 'Z'] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return undefined;
  // Not Date.UTC: it reads the years 0–99 as 1900–1999.
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  if (at.getUTCDate() !== day) return undefined; // 2026-02-30
  at.setUTCHours(hour, minute, second, Number((frac + '000').slice(0, 3)));
  let time = at.getTime();
  if (offset.toUpperCase() !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2) || '0');
    if (oh > 23 || om > 59) return undefined;
    time -= sign * (oh * 60 + om) * 60_000;
  }
  const result = new Date(time);
  const utcYear = result.getUTCFullYear();
  return utcYear >= 1 && utcYear <= 9999 ? result : undefined;
}

const toDate = ({ value }: { value: unknown }): unknown =>
  value == null ? value : (parseIsoDate(value) ?? value);

/** Decimal notation only: `Number()` would also read "0x10", "0b1" and "Infinity". */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

const toNumber = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && DECIMAL.test(value.trim()) && Number.isFinite(Number(value.trim()))
    ? Number(value.trim())
    : value;

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
  }
  if (value === 1) return true;
  if (value === 0) return false;
  return value;
};

/** A date or date-time in ISO 8601 (see parseIsoDate), converted to a Date. */
export const LenientDate = (options?: ValidationOptions): PropertyDecorator =>
  applyDecorators(
    Transform(toDate),
    IsDate({ message: '$property must be an ISO 8601 date or date-time', ...options }),
  );

/** An integer, as a JSON number or a numeric string ("2"). */
export const LenientInt = (min?: number, max?: number): PropertyDecorator =>
  applyDecorators(
    Transform(toNumber),
    IsInt({ message: '$property must be an integer' }),
    ...(min === undefined ? [] : [Min(min)]),
    ...(max === undefined ? [] : [Max(max)]),
  );

/** A finite number, as a JSON number or a numeric string. */
export const LenientNumber = (): PropertyDecorator =>
  applyDecorators(
    Transform(toNumber),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: '$property must be a number' }),
  );

/** A boolean, as true/false, "true"/"false", 1/0 or "1"/"0". */
export const LenientBoolean = (): PropertyDecorator =>
  applyDecorators(Transform(toBoolean), IsBoolean({ message: '$property must be a boolean' }));

/** A string of at most `max` characters; numbers are taken as their decimal text; trimmed. */
export const LenientString = (max: number): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : typeof value === 'string'
          ? value.trim()
          : value,
    ),
    IsString({ message: '$property must be a string' }),
    MaxLength(max, { message: `$property must be at most ${max} characters` }),
  );

/** One of `values` in any case, converted to its canonical spelling. */
export const CaseInsensitiveEnum = (
  values: readonly string[],
  options?: ValidationOptions,
): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) =>
      Array.isArray(value)
        ? value.map((v: unknown) => canonicalEnum(values, v))
        : canonicalEnum(values, value),
    ),
    IsIn(values as string[], {
      message: `$property must be one of: ${values.join(', ')}`,
      ...options,
    }),
  );

/** Canonical spelling of `value` among `values` (any case), or `value` unchanged. */
export function canonicalEnum(values: readonly string[], value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const wanted = value.trim().toLowerCase();
  return values.find((v) => v.toLowerCase() === wanted) ?? value;
}

/**
 * An integer enumeration given as the number, its string, or the member name in any case
 * (`2`, `"2"`, `"normal"`, `"Normal"`), converted to the number.
 */
export const IntEnum = (names: Record<string, number>): PropertyDecorator => {
  const codes = [...new Set(Object.values(names))];
  const described = Object.entries(names)
    .map(([n, c]) => `${c} (${n})`)
    .join(', ');
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => intEnumCode(names, value)),
    IsIn(codes, { message: `$property must be one of ${described}` }),
  );
};

export function intEnumCode(names: Record<string, number>, value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return value;
  const v = value.trim();
  if (/^-?\d+$/.test(v)) return Number(v);
  const entry = Object.entries(names).find(([n]) => n.toLowerCase() === v.toLowerCase());
  return entry ? entry[1] : value;
}

/**
 * An optional, nullable text field of at most `max` characters (numbers taken as text), with its
 * OpenAPI description: the most common field of the partner payloads.
 */
export const OptionalText = (
  max: number,
  doc: { example?: string; description?: string } = {},
): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: max, ...doc }),
    IsOptional(),
    LenientString(max),
  );

/**
 * A required identifier of at most `max` characters (numbers taken as text, surrounding spaces
 * dropped) that must not be empty: a blank purchase order number or recipe set id names nothing.
 */
export const RequiredText = (
  max: number,
  doc: { example?: string; description?: string } = {},
): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ type: String, minLength: 1, maxLength: max, pattern: '\\S', ...doc }),
    LenientString(max),
    // After trimming; the document says the same with a pattern (a character other than space).
    MinLength(1, { message: '$property must not be empty' }),
  );
