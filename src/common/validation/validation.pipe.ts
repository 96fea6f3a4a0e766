import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { validate, ValidatorOptions } from 'class-validator';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DomainError, ErrorKind, FieldError, ValidationFailed } from '../errors/domain-error';
import { yieldToLoop } from '../scheduling/yield-to-loop';
import { dtoTransformer } from './dto-shape';
import { NestedListRule, nestedListsOf } from './slices';
import { isStorable, UNSTORABLE_RULE, unstorableText } from './storable-text';

/** Flattens class-validator errors into `field` paths such as `lineItems[0].quantity`. */
export function fieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent
      ? /^\d+$/.test(e.property)
        ? `${parent}[${e.property}]`
        : `${parent}.${e.property}`
      : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({
      field,
      message: message.replace(e.property, field),
    }));
    return [...own, ...fieldErrors(e.children ?? [], field)];
  });
}

/** `fields` as they read inside `prefix` (the path of the object they were validated in). */
export function withinPath(fields: FieldError[], prefix: string): FieldError[] {
  return fields.map(({ field, message }) => {
    const inner = field === 'body' ? '' : field;
    const path = inner.startsWith('[') || inner === '' ? `${prefix}${inner}` : `${prefix}.${inner}`;
    return { field: path, message: inner ? message.replace(inner, path) : `${path} ${message}` };
  });
}

/** One 400 for every invalid field, in the words of the exception factory below. */
export function validationFailed(fields: FieldError[]): ValidationFailed {
  const summary =
    fields.length > 0 ? fields.map((f) => f.message).join('; ') : 'The request is invalid';
  return new ValidationFailed(`Invalid request: ${summary}.`, fields);
}

function assertStorable(fields: string[]): void {
  if (fields.length === 0) return;
  throw new ValidationFailed(
    `Invalid request: ${fields.join(', ')} ${UNSTORABLE_RULE}.`,
    fields.map((field) => ({ field, message: UNSTORABLE_RULE })),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validation plus one rule for every text the API takes: it must be storable. A body or query
 * field with a NUL or an unpaired surrogate is a 400 naming it; a path parameter with one names
 * nothing that can exist (404). Only the fields a DTO keeps are checked (unknown ones are dropped).
 * A body's nested lists (NestedList) are validated element by element, letting other work run
 * between elements (see slices.ts), with the same errors as in one go.
 */
class AppValidationPipe extends ValidationPipe {
  /** While validating the head of a body in slices: its lists, emptied (see inSlices). */
  private readonly emptiedLists = new AsyncLocalStorage<Set<string>>();

  /** An emptied list's own rules were checked on the whole list (empty, it may be too short). */
  protected override async validate(
    object: object,
    options?: ValidatorOptions,
  ): Promise<ValidationError[]> {
    const errors = await super.validate(object, options);
    const emptied = this.emptiedLists.getStore();
    return emptied ? errors.filter((e) => !emptied.has(e.property)) : errors;
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const lists =
      metadata.type === 'body' && metadata.metatype && isObject(value)
        ? nestedListsOf(metadata.metatype)
        : undefined;
    return lists
      ? this.inSlices(value as Record<string, unknown>, metadata, lists)
      : this.whole(value, metadata);
  }

  private async whole(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param' && typeof value === 'string' && !isStorable(value)) {
      throw new DomainError(
        'NOT_FOUND',
        ErrorKind.NotFound,
        `Nothing is named by ${metadata.data ?? 'the path'}: it contains a NUL character or an unpaired surrogate.`,
      );
    }
    const result: unknown = await super.transform(value, metadata);
    // Only what a DTO validated (and stripped of unknown fields); a raw array body, such as the
    // batch, is checked item by item by its own pipe.
    if ((metadata.type === 'body' || metadata.type === 'query') && this.toValidate(metadata)) {
      assertStorable(unstorableText(result));
    }
    return result;
  }

  /**
   * Each nested list's own rules (array, size, objects only), then the object with its valid
   * lists emptied, then each of their elements on its own: the same errors as in one go.
   */
  private async inSlices(
    value: Record<string, unknown>,
    metadata: ArgumentMetadata,
    lists: Map<string, NestedListRule>,
  ): Promise<unknown> {
    const head: Record<string, unknown> = { ...value };
    const listFields: FieldError[] = [];
    const emptied = new Set<string>();
    const pending: [string, NestedListRule, unknown[]][] = [];
    for (const [property, rule] of lists) {
      const list = value[property];
      if (!Array.isArray(list)) continue; // the DTO's own rules judge it
      head[property] = [];
      emptied.add(property);
      const errors = await validate(Object.assign(new rule.listOnly(), { [property]: list }));
      listFields.push(...fieldErrors(errors));
      // An invalid list (too long, not all objects): its elements are not looked at.
      if (errors.length === 0) pending.push([property, rule, list]);
    }
    const fields: FieldError[] = [];
    const unstorable: string[] = [];
    let result: Record<string, unknown> | undefined;
    try {
      result = (await this.emptiedLists.run(emptied, () =>
        super.transform(head, metadata),
      )) as Record<string, unknown>;
      unstorable.push(...unstorableText(result));
    } catch (err) {
      if (!(err instanceof ValidationFailed)) throw err;
      fields.push(...(err.fields ?? []));
    }
    fields.push(...listFields);
    for (const [property, rule, list] of pending) {
      const elements: unknown[] = [];
      for (const [i, element] of list.entries()) {
        await yieldToLoop();
        try {
          const valid: unknown = await super.transform(element, {
            type: 'body',
            metatype: rule.type,
          });
          unstorable.push(...unstorableText(valid, `${property}[${i}]`));
          elements.push(valid);
        } catch (err) {
          if (!(err instanceof ValidationFailed)) throw err;
          fields.push(...withinPath(err.fields ?? [], `${property}[${i}]`));
        }
      }
      if (result) result[property] = elements;
    }
    if (fields.length > 0 || !result) throw validationFailed(fields);
    assertStorable(unstorable);
    return result;
  }
}

/**
 * The global pipe: transforms and validates DTOs; unknown fields are dropped, never rejected
 * (docs/design.md §5), and before class-transformer copies them (dto-shape.ts: its cost would grow
 * with the square of an object's keys). Failures become a 400 naming each field and rule.
 */
export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    transformerPackage: dtoTransformer,
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => validationFailed(fieldErrors(errors)),
  });
}
