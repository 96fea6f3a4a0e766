import { ValidationFailed } from '../errors/domain-error';
import {
  isStorable,
  UNSTORABLE_RULE,
  unstorableField,
  unstorableText,
  withoutUnstorable,
} from './storable-text';

describe('isStorable', () => {
  it.each(['', 'plain', 'ok 🙂', '👩‍👩‍👧‍👦', 'é漢字', '\u0001 control characters are stored'])(
    'accepts %j',
    (text) => {
      expect(isStorable(text)).toBe(true);
    },
  );

  it.each(['\u0000', 'a\u0000b', '\ud83d', '\ude00', 'x\ud83dy', '\ude00\ud83d'])(
    'refuses %j (NUL, or a surrogate without its pair)',
    (text) => {
      expect(isStorable(text)).toBe(false);
    },
  );

  it('gives the same answer each time (no state between calls)', () => {
    expect([isStorable('\u0000'), isStorable('\u0000'), isStorable('ok')]).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('withoutUnstorable', () => {
  it('drops NUL characters and lone surrogates and keeps paired ones', () => {
    expect(withoutUnstorable('a\u0000b\ud83d c🙂\ude00')).toBe('ab c🙂');
    expect(withoutUnstorable('\ud83d\u0000\ude00')).toBe('');
  });
});

describe('unstorableText', () => {
  it('finds NUL characters and unpaired surrogates anywhere, and accepts paired ones', () => {
    expect(
      unstorableText({
        a: 'ok 🙂',
        b: ['x', 'y\u0000'],
        c: { d: '\udc00', e: new Date(0), f: 1 },
        g: '\ud83d',
      }),
    ).toEqual(['b[1]', 'c.d', 'g']);
    expect(unstorableText('\u0000')).toEqual(['body']);
    expect(unstorableText({ emoji: '👩‍👩‍👧‍👦', text: 'é漢字' })).toEqual([]);
  });
});

describe('unstorableField', () => {
  it('is the 400 naming the field', () => {
    const e = unstorableField('sku');
    expect(e).toBeInstanceOf(ValidationFailed);
    expect(UNSTORABLE_RULE).toBe('must not contain NUL characters or unpaired surrogates');
    expect(e.message).toBe(
      'Invalid request: sku must not contain NUL characters or unpaired surrogates.',
    );
    expect(e.fields).toEqual([
      { field: 'sku', message: 'sku must not contain NUL characters or unpaired surrogates' },
    ]);
  });
});
