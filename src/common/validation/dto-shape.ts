import { Type as Class } from '@nestjs/common';
import type { TransformerPackage } from '@nestjs/common/interfaces/external/transformer-package.interface';
import { classToPlain, ClassTransformOptions, plainToInstance } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import { invalidField } from '../errors/domain-error';

/**
 * Why a body is cut to its DTO's shape before class-transformer sees it: `plainToInstance` costs
 * O(k²) for an object of k keys (TransformOperationExecutor.getKeys de-duplicates the keys with
 * `keys.filter((k, i) => keys.indexOf(k) === i)`), and it copies every key, unknown ones included,
 * before class-validator's whitelist drops them. One object of 250,000 unknown keys blocked the
 * event loop for 66 s. Cut first, in one linear pass, class-transformer only meets objects of at
 * most a DTO's properties, or free-form objects of at most {@link MAX_FREE_FORM_KEYS} keys.
 */

/** Most keys of one object in a field without a declared shape (a record, a design). */
export const MAX_FREE_FORM_KEYS = 100;

/** A DTO property: the class its value is built as (`@Type`), if any, and whether it takes null. */
interface Property {
  readonly type: Class | undefined;
  readonly nullable: boolean;
}

/** A DTO's validated properties. */
type Shape = Map<string, Property>;

/**
 * Where `@ApiProperty` keeps a property's options (`DECORATORS.API_MODEL_PROPERTIES` of
 * @nestjs/swagger): the same `nullable` the OpenAPI document shows is the one the pipe applies.
 */
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

interface DocumentedProperty {
  nullable?: boolean;
  anyOf?: { nullable?: boolean }[];
  oneOf?: { nullable?: boolean }[];
}

/**
 * Whether the OpenAPI document declares `cls.key` nullable: `@ApiProperty({ nullable: true })`,
 * or a form of its `anyOf`/`oneOf` (the lenient inputs put `nullable` on each form).
 */
function isNullable(cls: Class, key: string): boolean {
  const options = Reflect.getMetadata(API_MODEL_PROPERTIES, cls.prototype as object, key) as
    DocumentedProperty | undefined;
  if (!options) return false;
  const forms = [...(options.anyOf ?? []), ...(options.oneOf ?? [])];
  return options.nullable === true || forms.some((form) => form.nullable === true);
}

const shapes = new WeakMap<Class, Shape | null>();

/**
 * The properties class-validator's whitelist keeps (those with any validation rule, inherited ones
 * included); null for a class without rules (a built-in such as Date, or a free-form type).
 */
function shapeOf(cls: Class): Shape | null {
  const known = shapes.get(cls);
  if (known !== undefined) return known;
  const shape: Shape = new Map();
  for (const { propertyName } of getMetadataStorage().getTargetValidationMetadatas(
    cls,
    '',
    false,
    false,
  )) {
    if (shape.has(propertyName)) continue;
    const type = defaultMetadataStorage.findTypeMetadata(cls, propertyName);
    shape.set(propertyName, {
      // Every @Type of this code base is `() => Class`: it does not look at the value.
      type: type ? (type.typeFunction?.() as Class) : undefined,
      nullable: isNullable(cls, propertyName),
    });
  }
  const result = shape.size > 0 ? shape : null;
  shapes.set(cls, result);
  return result;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A free-form object of too many keys, found at `path` (keys from the outside in). The path is
 * put together only on the way out of the walk: most bodies never need one.
 */
class TooManyKeys extends Error {
  readonly path: (string | number)[] = [];
  constructor(readonly keys: number) {
    super('too many keys');
  }
}

/** `null` in a field the OpenAPI document does not declare nullable, found at `path`. */
class NullNotTaken extends Error {
  readonly path: (string | number)[] = [];
  constructor(key: string) {
    super('null where null is not taken');
    this.path.push(key);
  }
}

/** Runs `walk` for the value under `key`, adding `key` to the path of what it throws. */
function under<T>(key: string | number, walk: () => T): T {
  try {
    return walk();
  } catch (err) {
    if (err instanceof TooManyKeys || err instanceof NullNotTaken) err.path.unshift(key);
    throw err;
  }
}

const pathText = (path: (string | number)[]): string =>
  path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key),
    '',
  ) || 'body';

/**
 * `value` as class-transformer should see it for `cls`: the properties `cls` does not declare
 * are left out without being looked at (the whitelist would drop them anyway), nested DTOs (and
 * lists of them) are cut likewise, and the objects of free-form fields are checked to have at
 * most {@link MAX_FREE_FORM_KEYS} keys (400 naming the field). `null` is taken only where the
 * OpenAPI document says the field is nullable (`@ApiProperty({ nullable: true })`); elsewhere it
 * is a 400 naming the field, whether the field is optional or not (an optional field is left
 * out, never sent as null). Linear in the size of what is kept; `value` itself is not changed.
 */
export function toDtoShape(value: unknown, cls: Class): unknown {
  try {
    return shaped(value, cls);
  } catch (err) {
    if (err instanceof NullNotTaken) {
      throw invalidField(pathText(err.path), 'must not be null (leave the field out to omit it)');
    }
    if (!(err instanceof TooManyKeys)) throw err;
    const field = pathText(err.path);
    throw invalidField(
      field,
      `has ${err.keys} keys; an object here may have at most ${MAX_FREE_FORM_KEYS}`,
    );
  }
}

function shaped(value: unknown, cls: Class): unknown {
  if (Array.isArray(value)) return value.map((item, i) => under(i, () => shaped(item, cls)));
  const shape = shapeOf(cls);
  if (!shape) return freeForm(value);
  if (!isPlainObject(value)) return value;
  const kept: Record<string, unknown> = {};
  // In the body's order (errors are listed in it); unknown keys are skipped, their values unread.
  for (const key of Object.keys(value)) {
    const property = shape.get(key);
    if (!property) continue;
    const sub = value[key];
    if (sub === null && !property.nullable) throw new NullNotTaken(key);
    const nested = property.type;
    kept[key] = under(key, () => (nested ? shaped(sub, nested) : freeForm(sub)));
  }
  return kept;
}

/** Checks (not copies) a free-form value: no object in it has more than MAX_FREE_FORM_KEYS keys. */
function freeForm(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    value.forEach((item, i) => under(i, () => freeForm(item)));
  } else if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length > MAX_FREE_FORM_KEYS) throw new TooManyKeys(keys.length);
    for (const key of keys) under(key, () => freeForm(value[key]));
  }
  return value;
}

/**
 * class-transformer for the validation pipe (ValidationPipe's `transformerPackage`): the same
 * functions, with the plain value cut to the DTO's shape first (see {@link toDtoShape}).
 */
export const dtoTransformer: TransformerPackage = {
  plainToInstance: <T>(cls: Class<T>, plain: unknown, options?: ClassTransformOptions) =>
    plainToInstance(cls, toDtoShape(plain, cls), options) as T | T[],
  classToPlain: (object: unknown, options?: ClassTransformOptions) =>
    classToPlain(object, options) as Record<string, unknown>,
};
