import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';

/**
 * OpenAPI schemas for the lenient inputs of DESIGN §5, so that the document describes what is
 * really accepted (and its examples, taken from partners' payloads, validate against it).
 */
type Options = Pick<ApiPropertyOptions, 'description' | 'example' | 'required'> & {
  nullable?: boolean;
};
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

/** An integer as a JSON number or a numeric string. */
export const ApiLenientInt = (options: Options = {}): PropertyDecorator =>
  lenient(
    [
      { type: 'integer', format: 'int32' },
      { type: 'string', pattern: '^-?\\d+$' },
    ],
    options,
  );

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
        description: `${Object.keys(names).join(', ')} in any case, or the code as a string`,
      },
    ],
    options,
  );
