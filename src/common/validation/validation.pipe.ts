import { ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldError, ValidationFailed } from '../errors/domain-error';

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

/**
 * The global pipe: transforms and validates DTOs; unknown fields are dropped, never rejected
 * (DESIGN §5). Failures become a 400 naming each field and rule.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
