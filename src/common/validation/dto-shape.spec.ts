import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { TransformOperationExecutor } from 'class-transformer/cjs/TransformOperationExecutor';
import { IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { ValidationFailed } from '../errors/domain-error';
import { MAX_FREE_FORM_KEYS, toDtoShape } from './dto-shape';
import { NestedList } from './lists';
import { StringRecord } from './records';
import { createValidationPipe } from './validation.pipe';

class Item {
  @IsString()
  sku: string;

  @IsInt()
  quantity: number;
}

class Address {
  @IsString()
  city: string;
}

class Base {
  @IsString()
  email: string;
}

class Body extends Base {
  @IsOptional()
  @ValidateNested()
  @Type(() => Address)
  address?: Address;

  @NestedList(Item, { max: 10, optional: true })
  items?: Item[];

  @StringRecord({ max: 5, optional: true })
  options?: Record<string, string>;
}

const manyKeys = (n: number): Record<string, number> => {
  const o: Record<string, number> = {};
  for (let i = 0; i < n; i++) o[`k${i}`] = i;
  return o;
};

/** An object that fails the test the moment anything looks at it (keys, values, prototype). */
const untouchable = (): object =>
  new Proxy(
    {},
    Object.fromEntries(
      ['get', 'ownKeys', 'has', 'getOwnPropertyDescriptor', 'getPrototypeOf'].map((trap) => [
        trap,
        () => {
          throw new Error(`the unknown subtree was walked (${trap})`);
        },
      ]),
    ),
  );

describe('toDtoShape', () => {
  it("keeps the DTO's properties (inherited ones too) in the body's order and never looks into unknown ones", () => {
    const shaped = toDtoShape(
      { pad: untouchable(), address: { city: 'Bern', pad: untouchable() }, email: 'a@b.co' },
      Body,
    );
    expect(shaped).toEqual({ address: { city: 'Bern' }, email: 'a@b.co' });
    expect(Object.keys(shaped as object)).toEqual(['address', 'email']);
  });

  it('cuts the elements of nested lists and leaves values it does not shape as they are', () => {
    const value = {
      email: 42,
      items: [{ sku: 'A', quantity: 1, pad: untouchable() }, 'not an object', null],
      address: 'not an object',
    };
    expect(toDtoShape(value, Body)).toEqual({
      email: 42,
      items: [{ sku: 'A', quantity: 1 }, 'not an object', null],
      address: 'not an object',
    });
    expect(value.items[0]).toHaveProperty('pad');
  });

  it('names the path of a free-form object of too many keys deeper down', () => {
    expect(() =>
      toDtoShape(
        [{ email: 'a@b.co' }, { options: { a: 'x', b: manyKeys(MAX_FREE_FORM_KEYS + 1) } }],
        Body,
      ),
    ).toThrow(
      `Invalid request: [1].options.b has ${MAX_FREE_FORM_KEYS + 1} keys; an object here may have at most ${MAX_FREE_FORM_KEYS}.`,
    );
  });

  it('refuses a free-form object of more than MAX_FREE_FORM_KEYS keys, naming the field', () => {
    expect(() => toDtoShape({ options: manyKeys(MAX_FREE_FORM_KEYS) }, Body)).not.toThrow();
    expect(() => toDtoShape({ options: manyKeys(MAX_FREE_FORM_KEYS + 1) }, Body)).toThrow(
      new ValidationFailed(
        `Invalid request: options has ${MAX_FREE_FORM_KEYS + 1} keys; an object here may have at most ${MAX_FREE_FORM_KEYS}.`,
      ),
    );
  });
});

describe('the validation pipe on objects of many keys', () => {
  const pipe = createValidationPipe();
  let getKeys: jest.SpyInstance;
  beforeEach(() => {
    getKeys = jest.spyOn(TransformOperationExecutor.prototype as never, 'getKeys' as never);
  });
  afterEach(() => getKeys.mockRestore());

  /** The most keys of any object class-transformer listed (its cost grows with their square). */
  const largestListed = (): number =>
    Math.max(
      0,
      ...getKeys.mock.calls.map((args: unknown[]) => Object.keys(args[1] as object).length),
    );

  it('never hands class-transformer the unknown keys (it lists them in quadratic time)', async () => {
    const body = {
      email: 'a@b.co',
      pad: manyKeys(20_000),
      ...manyKeys(20_000),
      address: { city: 'Bern', ...manyKeys(20_000) },
      items: [{ sku: 'A', quantity: 1, ...manyKeys(20_000) }],
    };
    const dto = await pipe.transform(body, { type: 'body', metatype: Body });
    expect(dto).toEqual({
      email: 'a@b.co',
      address: { city: 'Bern' },
      items: [{ sku: 'A', quantity: 1 }],
    });
    expect(dto).toBeInstanceOf(Body);
    expect(getKeys).toHaveBeenCalled();
    expect(largestListed()).toBeLessThanOrEqual(4);
  });

  it('refuses a free-form field of many keys with a 400 before class-transformer lists them', async () => {
    await expect(
      pipe.transform(
        { email: 'a@b.co', options: manyKeys(20_000) },
        { type: 'body', metatype: Body },
      ),
    ).rejects.toThrow('options has 20000 keys; an object here may have at most 100');
    expect(largestListed()).toBe(0);
  });

  it('takes null only where the OpenAPI document says nullable, naming the field elsewhere', () => {
    class Note {
      @ApiPropertyOptional({ nullable: true }) @IsOptional() @IsString() text?: string | null;
      @IsOptional() @IsString() author?: string;
    }
    class Notes {
      @NestedList(Note, { max: 3 })
      notes: Note[];
    }
    expect(toDtoShape({ notes: [{ text: null }] }, Notes)).toEqual({ notes: [{ text: null }] });
    expect(() => toDtoShape({ notes: [{ text: 'a' }, { author: null }] }, Notes)).toThrow(
      'Invalid request: notes[1].author must not be null (leave the field out to omit it).',
    );
    expect(() => toDtoShape({ notes: null }, Notes)).toThrow('notes must not be null');
  });
});
