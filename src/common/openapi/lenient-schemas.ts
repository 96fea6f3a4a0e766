import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';

/**
 * OpenAPI schemas for the lenient inputs of docs/design.md §5, so that the document describes what
 * is really accepted (and its examples, taken from partners' payloads, validate against it).
 */
type Options = Pick<ApiPropertyOptions, 'description' | 'example' | 'required'> & {
  nullable?: boolean;
};
type Range = { minimum?: number; maximum?: number };
type Form = Record<string, unknown>;

/** `anyOf` the accepted forms; `nullable` goes on each form, as OpenAPI 3.0 wants a type beside it. */
function lenient(
  forms: Form[],
  { required = true, nullable, ...rest }: Options,
): PropertyDecorator {
  return ApiProperty({
    required,
    ...rest,
    anyOf: nullable ? forms.map((f) => ({ ...f, nullable: true })) : forms,
  } as ApiPropertyOptions);
}

/**
 * An integer as a JSON number or a numeric string. With a range, the string form documents the
 * digits that surely fit in it (fewer than `maximum` has), without a sign when `minimum` >= 0,
 * and not all zeros when `minimum` >= 1.
 */
export const ApiLenientInt = ({
  minimum,
  maximum,
  ...options
}: Options & Range = {}): PropertyDecorator =>
  lenient(
    [
      { type: 'integer', format: 'int32', ...omitUndefined({ minimum, maximum }) },
      { type: 'string', pattern: numericPattern({ minimum, maximum }) },
    ],
    options,
  );

const omitUndefined = (o: Range): Range =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function numericPattern({ minimum, maximum }: Range): string {
  const n = maximum === undefined ? undefined : Math.max(1, String(maximum).length - 1);
  // From 1 up: a non-zero digit after any leading zeros.
  if (minimum !== undefined && minimum >= 1)
    return `^0*[1-9]\\d${n === undefined ? '*' : `{0,${n - 1}}`}$`;
  const sign = minimum !== undefined && minimum >= 0 ? '' : '-?';
  return `^${sign}\\d${n === undefined ? '+' : `{1,${n}}`}$`;
}

/** An ISO 8601 date-time with any offset, or a date (midnight UTC). */
export const ApiLenientDate = (options: Options = {}): PropertyDecorator =>
  lenient(
    [
      { type: 'string', format: 'date-time' },
      { type: 'string', format: 'date' },
    ],
    options,
  );

/** An integer enumeration: the code, its string, or the member name in any case. */
export const ApiIntEnum = (
  names: Record<string, number>,
  options: Options = {},
): PropertyDecorator =>
  lenient(
    [
      { type: 'integer', enum: [...new Set(Object.values(names))] },
      {
        type: 'string',
        // Any case is accepted; the usual spellings are listed.
        enum: [
          ...new Set(Object.values(names).map(String)),
          ...Object.keys(names),
          ...Object.keys(names).map((n) => n.toLowerCase()),
          ...Object.keys(names).map((n) => n.toUpperCase()),
        ],
        description: `${Object.keys(names).join(', ')} in any case, or the code as a string`,
      },
    ],
    options,
  );
