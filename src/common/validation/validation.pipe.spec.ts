import { ValidationError } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { DomainError, ErrorKind, ValidationFailed } from '../errors/domain-error';
import { NestedList } from './lists';
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

  it('rejects kept text the database cannot store, naming each field; unknown fields are dropped', async () => {
    const err = await failure({
      reference: 'PO\u0000',
      note: 'dropped\u0000',
      lineItems: [
        { sku: 'A', quantity: 1 },
        { sku: '\ud800', quantity: 1 },
      ],
    });
    expect(err.message).toBe(
      'Invalid request: reference, lineItems[1].sku must not contain NUL characters or unpaired surrogates.',
    );
    expect(err.fields?.map((f) => f.field)).toEqual(['reference', 'lineItems[1].sku']);
  });

  it('answers 404 for a path parameter with a NUL character, and leaves others alone', async () => {
    const pipe = createValidationPipe();
    await expect(
      pipe.transform('PO\u0000', { type: 'param', metatype: String, data: 'number' }),
    ).rejects.toMatchObject({
      kind: ErrorKind.NotFound,
      message: expect.stringContaining('number'),
    });
    await expect(
      pipe.transform('PO-1', { type: 'param', metatype: String, data: 'number' }),
    ).resolves.toBe('PO-1');
  });
});

class SlicedOrderDto {
  @IsString() reference: string;

  @NestedList(LineItemDto, { min: 1, max: 3000 })
  lineItems: LineItemDto[];
}

describe('createValidationPipe on a body with a NestedList (validated element by element)', () => {
  const pipe = createValidationPipe();
  const sliced = async (value: unknown): Promise<unknown> =>
    pipe.transform(value, { type: 'body', metatype: SlicedOrderDto });
  const rejection = async (value: unknown): Promise<ValidationFailed> => {
    const err: unknown = await sliced(value).then(
      () => new Error('expected the pipe to reject'),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ValidationFailed);
    return err as ValidationFailed;
  };

  it('returns the same DTO as validating in one go: elements transformed, unknown fields dropped', async () => {
    const out = (await sliced({
      reference: 'PO-1',
      extra: 1,
      lineItems: [
        { sku: 'A', quantity: 2, colour: 'red' },
        { sku: 'B', quantity: 1 },
      ],
    })) as SlicedOrderDto;
    expect(out).toBeInstanceOf(SlicedOrderDto);
    expect(out.lineItems[1]).toBeInstanceOf(LineItemDto);
    expect(out).toEqual({
      reference: 'PO-1',
      lineItems: [
        { sku: 'A', quantity: 2 },
        { sku: 'B', quantity: 1 },
      ],
    });
  });

  it('names every invalid field with its full path, in the object and in its elements', async () => {
    const err = await rejection({
      reference: 7,
      lineItems: [
        { sku: 'A', quantity: 1 },
        { sku: 3, quantity: 0 },
      ],
    });
    expect(err.fields).toEqual([
      { field: 'reference', message: 'reference must be a string' },
      { field: 'lineItems[1].sku', message: 'lineItems[1].sku must be a string' },
      { field: 'lineItems[1].quantity', message: 'lineItems[1].quantity must not be less than 1' },
    ]);
    expect(err.message).toBe(
      'Invalid request: reference must be a string; lineItems[1].sku must be a string; lineItems[1].quantity must not be less than 1.',
    );
  });

  it("applies the list's own rules to the whole list: too short, too long, not objects", async () => {
    expect((await rejection({ reference: 'R', lineItems: [] })).fields).toEqual([
      { field: 'lineItems', message: 'lineItems must contain at least 1 elements' },
    ]);
    const tooLong = Array.from({ length: 3001 }, () => ({ sku: 'A', quantity: 0 }));
    expect((await rejection({ reference: 'R', lineItems: tooLong })).fields).toEqual([
      { field: 'lineItems', message: 'lineItems must contain no more than 3000 elements' },
    ]);
    expect((await rejection({ reference: 'R', lineItems: ['x'] })).fields).toEqual([
      { field: 'lineItems', message: 'each value in lineItems must be an object' },
    ]);
    // Missing: the DTO's rules judge it as they always have (array, sizes, objects).
    expect((await rejection({ reference: 'R' })).fields?.map((f) => f.field)).toEqual([
      'lineItems',
      'lineItems',
      'lineItems',
      'lineItems',
    ]);
  });

  it('names unstorable text inside elements as in one go', async () => {
    const err = await rejection({
      reference: 'R\u0000',
      lineItems: [{ sku: '\ud800', quantity: 1 }],
    });
    expect(err.message).toBe(
      'Invalid request: reference, lineItems[0].sku must not contain NUL characters or unpaired surrogates.',
    );
  });

  it('lets other work run while a long list is validated', async () => {
    const lineItems = Array.from({ length: 3000 }, (_, i) => ({ sku: `S${i}`, quantity: 1 }));
    let ranAt: number | undefined;
    setTimeout(() => (ranAt = performance.now()), 0);
    await sliced({ reference: 'R', lineItems });
    const doneAt = performance.now();
    expect(ranAt).toBeDefined();
    expect(ranAt!).toBeLessThan(doneAt);
  });
});
