import { applyDecorators, Type as Class } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { RecordNestedList } from './slices';
import { CaseInsensitiveEnum } from './lenient';

/**
 * The list inputs of the API, each rule written once. The OpenAPI schema is set here explicitly:
 * the Swagger plugin reads validation decorators only where they are written on the property.
 */
export interface ListOptions {
  /** At most this many items (400 beyond, naming the field). */
  max: number;
  /** At least this many items. */
  min?: number;
  /** May be absent (and null when `nullable`). */
  optional?: boolean;
  nullable?: boolean;
  description?: string;
  example?: unknown;
}

/** Decorators in the order TypeScript applies a written stack: the last one written first. */
const stack = (...written: PropertyDecorator[]): PropertyDecorator =>
  applyDecorators(...written.reverse());

const doc = ({ optional, nullable, description, example }: ListOptions) => ({
  ...(nullable ? { nullable: true } : {}),
  ...(example === undefined ? {} : { example }),
  ...(description === undefined ? {} : { description }),
  ...(optional ? { required: false } : {}),
});

/** The rules of a list of objects itself, not of its elements. */
const objectListRules = (options: ListOptions): PropertyDecorator[] => [
  IsArray(),
  ...(options.min === undefined ? [] : [ArrayMinSize(options.min)]),
  ArrayMaxSize(options.max),
  IsObject({ each: true }),
];

/** A list of objects, each validated as `type` (one at a time: see slices.ts). */
export const NestedList = (type: Class, options: ListOptions): PropertyDecorator =>
  stack(
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      type: [type],
      ...(options.min === undefined ? {} : { minItems: options.min }),
      maxItems: options.max,
      ...doc(options),
    }),
    ...(options.optional ? [IsOptional()] : []),
    ...objectListRules(options),
    ValidateNested({ each: true }),
    Type(() => type),
    RecordNestedList(type, options.max, objectListRules(options)),
  );

/** Longest text of one item of a string list. */
const ITEM_LENGTH = 200;

/** A string, or a list of strings, taken as a list (the live integration sends either). */
const toStringList = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? [value] : typeof value === 'number' ? [String(value)] : value;

/**
 * A list of strings of at most 200 characters each. With `acceptOne`, a single string (or number)
 * is accepted too, as a list of one; the schema documents both forms.
 */
export const StringList = (options: ListOptions & { acceptOne?: boolean }): PropertyDecorator =>
  stack(
    (options.optional ? ApiPropertyOptional : ApiProperty)(
      options.acceptOne
        ? {
            type: String,
            // Keeps the Swagger plugin from wrapping the alternatives into the items of an array.
            isArray: false,
            // The list's limits, also beside the alternatives (as the document has always shown).
            maxLength: ITEM_LENGTH,
            maxItems: options.max,
            anyOf: [
              { type: 'string', maxLength: ITEM_LENGTH },
              {
                type: 'array',
                maxItems: options.max,
                items: { type: 'string', maxLength: ITEM_LENGTH },
              },
            ],
            ...doc(options),
          }
        : { type: [String], maxItems: options.max, maxLength: ITEM_LENGTH, ...doc(options) },
    ),
    ...(options.optional ? [IsOptional()] : []),
    ...(options.acceptOne ? [Transform(toStringList)] : []),
    IsArray(),
    ArrayMaxSize(options.max),
    IsString({ each: true }),
    MaxLength(ITEM_LENGTH, { each: true }),
  );

/** A list of values of an enumeration, each in any case (converted to its canonical spelling). */
export const EnumList = (values: readonly string[], options: ListOptions): PropertyDecorator =>
  stack(
    (options.optional ? ApiPropertyOptional : ApiProperty)({
      enum: values,
      isArray: true,
      maxItems: options.max,
      ...doc(options),
    }),
    ...(options.optional ? [IsOptional()] : []),
    IsArray(),
    ArrayMaxSize(options.max),
    CaseInsensitiveEnum(values, { each: true }),
  );
