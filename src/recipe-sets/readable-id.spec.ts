import {
  isChoosableReadableId,
  newReadableId,
  parseRecipeSetRef,
  READABLE_ID_ALPHABET,
} from './readable-id';

describe('readable recipe-set ids', () => {
  it('are 8 characters without ambiguous ones', () => {
    const ids = Array.from({ length: 2000 }, newReadableId);
    for (const id of ids) expect(id).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(READABLE_ID_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('parse as readable (upper-cased) or UUID (lower-cased), else undefined', () => {
    expect(parseRecipeSetRef(' abcd1234 ')).toEqual({ kind: 'readable', value: 'ABCD1234' });
    expect(parseRecipeSetRef('3F0C3F5E-7D4B-4A53-9A43-1F0B0C8F4C11')).toEqual({
      kind: 'uuid',
      value: '3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11',
    });
    for (const bad of ['ABC', 'ABCD12345', 'ABCD-123', '', 'x'.repeat(36)])
      expect(parseRecipeSetRef(bad)).toBeUndefined();
  });

  it('may be chosen (sandbox) only when they hold a character the service never draws', () => {
    for (const id of ['FAILTEE1', 'FAIL0X7Q', 'OOOOOOOO', 'ABCD1234'])
      expect(isChoosableReadableId(id)).toBe(true);
    for (const id of ['DEMTEE2A', 'ZZZZ2345', ...Array.from({ length: 200 }, newReadableId)])
      expect(isChoosableReadableId(id)).toBe(false);
  });
});
