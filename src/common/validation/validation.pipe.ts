import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, ErrorKind, FieldError, ValidationFailed } from '../errors/domain-error';

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

/** Text PostgreSQL cannot store or compare: NUL, and a UTF-16 surrogate without its pair. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_RULE = 'must not contain NUL characters or unpaired surrogates';

/** Paths (as fieldErrors writes them) of the strings in `value` that the database cannot store. */
export function unstorableText(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? [path || 'body'] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => unstorableText(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object' || value instanceof Date) return [];
  return Object.entries(value).flatMap(([k, v]) => unstorableText(v, path ? `${path}.${k}` : k));
}

/**
 * Validation plus one rule for every text the API takes: it must be storable. A body or query
 * field with a NUL or an unpaired surrogate is a 400 naming it; a path parameter with one names
 * nothing that can exist (404). Only the fields a DTO keeps are checked (unknown ones are dropped).
 */
class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param' && typeof value === 'string' && UNSTORABLE.test(value)) {
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
      const fields = unstorableText(result);
      if (fields.length > 0) {
        throw new ValidationFailed(
          `Invalid request: ${fields.join(', ')} ${UNSTORABLE_RULE}.`,
          fields.map((field) => ({ field, message: UNSTORABLE_RULE })),
        );
      }
    }
    return result;
  }
}

/**
 * The global pipe: transforms and validates DTOs; unknown fields are dropped, never rejected
 * (DESIGN §5). Failures become a 400 naming each field and rule.
 */
export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    forbidUnknownValues: true,
    exceptionFactory: (errors) => {
      const fields = fieldErrors(errors);
      const summary =
        fields.length > 0 ? fields.map((f) => f.message).join('; ') : 'The request is invalid';
      return new ValidationFailed(`Invalid request: ${summary}.`, fields);
    },
  });
}
