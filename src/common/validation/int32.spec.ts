import { DomainError, ErrorKind } from '../errors/domain-error';
import {
  INT32_MAX,
  INT32_MIN,
  InvalidInt32Id,
  int32IdMessage,
  isInt32,
  parseInt32,
  parseInt32Id,
} from './int32';

describe('int32 ids', () => {
  it('has the ends of a signed 32-bit integer', () => {
    expect([INT32_MIN, INT32_MAX]).toEqual([-2147483648, 2147483647]);
  });

  it.each([
    ['-2147483648', INT32_MIN],
    ['2147483647', INT32_MAX],
    [' +7 ', 7],
    ['-5', -5],
    ['0', 0],
    [-2147483648, INT32_MIN],
  ])('reads %p as %p (both ends of the range included)', (text, n) => {
    expect(parseInt32(text)).toBe(n);
    expect(parseInt32Id(text, 'Thing')).toBe(n);
  });

  it.each(['-2147483649', '2147483648', '1.5', '1e3', 'abc', '', '0x10', '99999999999', '١٢'])(
    'refuses %p',
    (text) => {
      expect(parseInt32(text)).toBeUndefined();
      expect(() => parseInt32Id(text, 'Thing')).toThrow(InvalidInt32Id);
    },
  );

  it('isInt32 takes the ends and refuses what lies past them', () => {
    expect([INT32_MIN, INT32_MAX, INT32_MIN - 1, INT32_MAX + 1, 0.5].map(isInt32)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('parseInt32Id', () => {
  const thrownBy = (run: () => unknown): unknown => {
    try {
      run();
    } catch (e) {
      return e;
    }
    throw new Error('nothing thrown');
  };

  it('answers 400 INVALID_ID naming the id and quoting the text sent', () => {
    const e = thrownBy(() => parseInt32Id('abc', 'Saved asset'));
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({
      code: 'INVALID_ID',
      kind: ErrorKind.BadRequest,
      message: 'Saved asset id "abc" is not an integer between -2147483648 and 2147483647.',
    });
  });

  it('quotes at most 100 characters of the text, escaped as JSON', () => {
    expect(int32IdMessage('Blocked hash', `"${'9'.repeat(200)}`)).toBe(
      `Blocked hash id "\\"${'9'.repeat(99)}" is not an integer between -2147483648 and 2147483647.`,
    );
  });
});
