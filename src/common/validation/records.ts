import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy, ValidationArguments } from 'class-validator';

/**
 * A JSON object of string values (`{"colour": "black", "size": "M"}`): at most `max` entries, keys
 * of at most 64 and values of at most `valueLength` characters. Numbers are not taken as text:
 * these name things, and a name is a string.
 */
export function StringRecord(options: {
  max: number;
  valueLength?: number;
  optional?: boolean;
  description?: string;
  example?: Record<string, string>;
}): PropertyDecorator {
  const valueLength = options.valueLength ?? 100;
  const problem = (value: unknown): string | undefined => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return 'must be an object of string values';
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > options.max) return `must have at most ${options.max} entries`;
    for (const [k, v] of entries) {
      if (k.length < 1 || k.length > 64)
        return `has a key of ${k.length} characters (1–64 allowed)`;
      if (typeof v !== 'string') return `has a value of ${JSON.stringify(k)} that is not a string`;
      if (v.length < 1 || v.length > valueLength)
        return `has a value of ${JSON.stringify(k)} of ${v.length} characters (1–${valueLength} allowed)`;
    }
    return undefined;
  };
  return applyDecorators(
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      type: 'object',
      additionalProperties: { type: 'string', minLength: 1, maxLength: valueLength },
      maxProperties: options.max,
      ...(options.description ? { description: options.description } : {}),
      ...(options.example ? { example: options.example } : {}),
    }),
    ...(options.optional ? [IsOptional()] : []),
    ValidateBy({
      name: 'stringRecord',
      validator: {
        validate: (value: unknown) => problem(value) === undefined,
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property} ${problem(args?.value) ?? 'is invalid'}`,
      },
    }),
  );
}
