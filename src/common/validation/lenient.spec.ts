import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { createValidationPipe } from './validation.pipe';
import {
  CaseInsensitiveEnum,
  IntEnum,
  LenientBoolean,
  LenientDate,
  LenientInt,
  LenientNumber,
  LenientString,
  parseIsoDate,
} from './lenient';

describe('parseIsoDate', () => {
  it.each([
    ['2026-03-30', '2026-03-30T00:00:00.000Z'],
    ['2022-01-31T13:15:05.2151663-05:00', '2022-01-31T18:15:05.215Z'],
    ['2022-01-31T13:15:05Z', '2022-01-31T13:15:05.000Z'],
    ['2022-01-31T13:15:05+0130', '2022-01-31T11:45:05.000Z'],
    ['2022-01-31T13:15', '2022-01-31T13:15:00.000Z'],
    ['2022-01-31 13:15:05.5+02', '2022-01-31T11:15:05.500Z'],
    ['0050-06-01T12:00:00+02:00', '0050-06-01T10:00:00.000Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['0099-12-31T23:59:59.999Z', '0099-12-31T23:59:59.999Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['0004-02-29', '0004-02-29T00:00:00.000Z'],
  ])('%s -> %s', (input, expected) => {
    expect(parseIsoDate(input)?.toISOString()).toBe(expected);
  });

  it.each([
    '2026-02-30',
    '2026-13-01',
    '31/01/2022',
    'yesterday',
    '',
    '2022-01-31T25:00',
    '0000-06-01',
    '0001-01-01T00:30:00+01:00',
    '9999-12-31T23:00:00-05:00',
    '0100-02-29',
    20220131,
    null,
  ])('rejects %p', (input) => {
    expect(parseIsoDate(input)).toBeUndefined();
  });
});

const PRIORITY = { lowest: 0, lower: 1, normal: 2, higher: 3, highest: 4 };

class Sample {
  @IsOptional() @LenientDate() when?: Date;
  @IsOptional() @LenientInt(0, 100) qty?: number;
  @IsOptional() @LenientNumber() price?: number;
  @IsOptional() @LenientBoolean() flag?: boolean;
  @IsOptional() @LenientString(5) code?: string;
  @IsOptional() @CaseInsensitiveEnum(['Requested', 'Fulfilled']) proof?: string;
  @IsOptional() @IntEnum(PRIORITY) priority?: number;
}

const pipe = createValidationPipe();
const parse = (value: object) =>
  pipe.transform(value, { type: 'body', metatype: Sample }) as Promise<Sample>;

describe('lenient decorators through the validation pipe', () => {
  it('accepts the spellings client systems send and converts them', async () => {
    const out = await parse({
      when: '2026-03-30',
      qty: '2',
      price: '12.50',
      flag: 'true',
      code: 12345,
      proof: 'requested',
      priority: 'Normal',
    });
    expect(out).toEqual({
      when: new Date('2026-03-30T00:00:00Z'),
      qty: 2,
      price: 12.5,
      flag: true,
      code: '12345',
      proof: 'Requested',
      priority: 2,
    });
    expect((await parse({ priority: '3' })).priority).toBe(3);
    expect((await parse({ priority: 4 })).priority).toBe(4);
  });

  it('rejects what cannot be converted, naming the field and the rule', async () => {
    await expect(parse({ when: '31/01/2022' })).rejects.toThrow(
      'when must be an ISO 8601 date or date-time',
    );
    await expect(parse({ qty: '2.5' })).rejects.toThrow('qty must be an integer');
    await expect(parse({ qty: '101' })).rejects.toThrow('qty must not be greater than 100');
    await expect(parse({ price: 'abc' })).rejects.toThrow('price must be a number');
    for (const notDecimal of ['0x10', '0b1', '0o7', 'Infinity', '1_000', '']) {
      await expect(parse({ qty: notDecimal })).rejects.toThrow('qty must be an integer');
      await expect(parse({ price: notDecimal })).rejects.toThrow('price must be a number');
    }
    expect(await parse({ qty: ' 7 ', price: '-1.5e1' })).toEqual({ qty: 7, price: -15 });
    await expect(parse({ flag: 'maybe' })).rejects.toThrow('flag must be a boolean');
    await expect(parse({ code: 'toolong' })).rejects.toThrow('code must be at most 5 characters');
    await expect(parse({ proof: 'done' })).rejects.toThrow(
      'proof must be one of: Requested, Fulfilled',
    );
    await expect(parse({ priority: 'urgent' })).rejects.toThrow(
      'priority must be one of 0 (lowest), 1 (lower), 2 (normal)',
    );
    await expect(parse({ priority: 9 })).rejects.toThrow('priority must be one of');
  });

  it('lets null through where the OpenAPI document says nullable, and names the field elsewhere', async () => {
    class Nullable {
      @ApiPropertyOptional({ nullable: true }) @IsOptional() @LenientDate() when?: Date | null;
      @ApiPropertyOptional({ anyOf: [{ type: 'integer', nullable: true }] })
      @IsOptional()
      @LenientInt(0, 100)
      qty?: number | null;
    }
    const out = await pipe.transform(
      { when: null, qty: null },
      { type: 'body', metatype: Nullable },
    );
    expect(out).toEqual({ when: null, qty: null });
    await expect(parse({ proof: null })).rejects.toThrow(
      'proof must not be null (leave the field out to omit it)',
    );
  });
});
