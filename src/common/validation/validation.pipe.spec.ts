import { ValidationError } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { DomainError, ErrorKind, ValidationFailed } from '../errors/domain-error';
import { createValidationPipe, fieldErrors } from './validation.pipe';

const node = (
  property: string,
  constraints?: Record<string, string>,
  children: ValidationError[] = [],
): ValidationError => ({
  property,
  constraints,
  children,
});

describe('fieldErrors', () => {
  it('keeps top-level properties as they are', () => {
    expect(fieldErrors([node('name', { isString: 'name must be a string' })])).toEqual([
      { field: 'name', message: 'name must be a string' },
    ]);
  });

  it('flattens nested trees into dotted and indexed paths that the messages name', () => {
    const tree = [
      node('lineItems', undefined, [
        node('0', undefined, [
          node('quantity', {
            min: 'quantity must not be less than 1',
            isInt: 'quantity must be an integer number',
          }),
        ]),
        node('2', undefined, [node('sku', { isString: 'sku must be a string' })]),
      ]),
      node('shipping', undefined, [
        node('address', undefined, [node('zip', { matches: 'zip must match /^\\d+$/' })]),
      ]),
    ];
    expect(fieldErrors(tree)).toEqual([
      { field: 'lineItems[0].quantity', message: 'lineItems[0].quantity must not be less than 1' },
      {
        field: 'lineItems[0].quantity',
        message: 'lineItems[0].quantity must be an integer number',
      },
      { field: 'lineItems[2].sku', message: 'lineItems[2].sku must be a string' },
      { field: 'shipping.address.zip', message: 'shipping.address.zip must match /^\\d+$/' },
    ]);
  });

  it('reports a parent constraint before its children and uses the given parent prefix', () => {
    const tree = [
      node(
        'tags',
        {
          arrayMinSize: 'tags must contain at least 1 elements',
          isString: 'each value in tags must be a string',
        },
        [node('0', { isString: '0 must be a string' })],
      ),
    ];
    expect(fieldErrors(tree, 'order')).toEqual([
      { field: 'order.tags', message: 'order.tags must contain at least 1 elements' },
      { field: 'order.tags', message: 'each value in order.tags must be a string' },
      { field: 'order.tags[0]', message: 'order.tags[0] must be a string' },
    ]);
  });

  it('returns nothing for an empty list', () => {
    expect(fieldErrors([])).toEqual([]);
  });
});

class LineItemDto {
  @IsString() sku: string;
  @IsInt() @Min(1) quantity: number;
}

class OrderDto {
  @IsString() reference: string;

  @ValidateNested({ each: true })
  @ArrayMinSize(1)
  @Type(() => LineItemDto)
  lineItems: LineItemDto[];
}

async function failure(value: unknown): Promise<ValidationFailed> {
  try {
    await createValidationPipe().transform(value, { type: 'body', metatype: OrderDto });
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationFailed);
    return e as ValidationFailed;
  }
  throw new Error('expected the pipe to reject');
}

describe('createValidationPipe', () => {
  it('transforms valid input into the DTO and strips unknown properties instead of rejecting them', async () => {
    const out = await createValidationPipe().transform(
      { reference: 'PO-1', extra: 'x', lineItems: [{ sku: 'A', quantity: 2, colour: 'red' }] },
      { type: 'body', metatype: OrderDto },
    );
    expect(out).toBeInstanceOf(OrderDto);
    expect(out.lineItems[0]).toBeInstanceOf(LineItemDto);
    expect(out).toEqual({ reference: 'PO-1', lineItems: [{ sku: 'A', quantity: 2 }] });
    expect(out).not.toHaveProperty('extra');
    expect(out.lineItems[0]).not.toHaveProperty('colour');
  });

  it('rejects a nested invalid field with a 400 ValidationFailed naming its path', async () => {
    const err = await failure({
      reference: 'PO-1',
      lineItems: [
        { sku: 'A', quantity: 1 },
        { sku: 'B', quantity: 0 },
      ],
    });
    expect(err).toBeInstanceOf(DomainError);
    expect(err.kind).toBe(ErrorKind.BadRequest);
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.message).toBe('Invalid request: lineItems[1].quantity must not be less than 1.');
    expect(err.fields).toEqual([
      { field: 'lineItems[1].quantity', message: 'lineItems[1].quantity must not be less than 1' },
    ]);
  });

  it('lists every invalid field', async () => {
    const err = await failure({ reference: 7, lineItems: [] });
    expect(err.fields?.map((f) => f.field)).toEqual(['reference', 'lineItems']);
    expect(err.message).toBe(
      'Invalid request: reference must be a string; lineItems must contain at least 1 elements.',
    );
  });

  it('rejects a non-object body as if every field were missing', async () => {
    const err = await failure('nope');
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.fields?.map((f) => f.field)).toEqual(['reference', 'lineItems']);
  });
});
