import { layoutCharacterIn, oneLine } from './one-line';

describe('one-line text', () => {
  it('finds the first control or bidirectional formatting character', () => {
    expect(layoutCharacterIn('Demo tee 👕 Ünïcødé')).toBeUndefined();
    expect(layoutCharacterIn('Tee\r\nSTOP')).toBe('U+000D at 4');
    expect(layoutCharacterIn('Tee \u202Egnp.exe')).toBe('U+202E at 5');
    expect(layoutCharacterIn('a\u2066b')).toBe('U+2066 at 2');
  });

  it('makes one plain line: controls become a space, bidi formatting goes', () => {
    expect(oneLine('Tee\r\n\tSTOP  reply')).toBe('Tee STOP reply');
    expect(oneLine('Tee \u202Eexe.gnp\u202C!')).toBe('Tee exe.gnp!');
    expect(oneLine('\u2028Mug\u0085Blue ')).toBe('Mug Blue');
    expect(oneLine('שלום Mug')).toBe('שלום Mug');
  });
});
