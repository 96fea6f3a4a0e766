import { ValidationFailed } from '../common/errors/domain-error';
import { createValidationPipe } from '../common/validation/validation.pipe';
import { GENERATORS, generatorNamed } from './generators';

/** The rules of each generator's body, applied as the service applies them. */
const pipe = createValidationPipe();
const check = (generator: keyof typeof GENERATORS, body: unknown) =>
  pipe.transform(body, { type: 'body', metatype: GENERATORS[generator] });

async function refusal(generator: keyof typeof GENERATORS, body: unknown): Promise<string[]> {
  try {
    await check(generator, body);
  } catch (err) {
    if (err instanceof ValidationFailed) return (err.fields ?? []).map((f) => f.field);
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(body)}`);
}

describe('image generator bodies', () => {
  it('finds generators by name in any case', () => {
    expect(generatorNamed('QR')).toBe('qr');
    expect(generatorNamed(' Monogram ')).toBe('monogram');
    expect(generatorNamed('sticker')).toBeUndefined();
    expect(generatorNamed('constructor')).toBeUndefined();
  });

  describe('monogram letters', () => {
    it.each(['A', 'jk', 'JAK', 'Éva', 'øÅß'])('accepts %j', async (letters) => {
      await expect(check('monogram', { letters })).resolves.toMatchObject({ letters });
    });

    it.each(['', 'ABCD', 'A1', 'J K', 'A.', '漢', '🙂', 'Ω'])('refuses %j', async (letters) => {
      expect(await refusal('monogram', { letters })).toEqual(['letters']);
    });

    it('refuses missing letters and letters that are not text', async () => {
      expect(await refusal('monogram', {})).toContain('letters');
      expect(await refusal('monogram', { letters: 7 })).toContain('letters');
    });

    it('takes a frame in any case and refuses an unknown one', async () => {
      await expect(check('monogram', { letters: 'A', frame: 'DIAMOND' })).resolves.toMatchObject({
        frame: 'diamond',
      });
      expect(await refusal('monogram', { letters: 'A', frame: 'star' })).toEqual(['frame']);
    });
  });

  it('caps text, size, colours and seeds, naming the field', async () => {
    expect(await refusal('text', { text: 'x'.repeat(201) })).toEqual(['text']);
    expect(await refusal('text', { text: '   ' })).toEqual(['text']);
    expect(await refusal('text', { text: 'a', size: 1025 })).toEqual(['size']);
    expect(await refusal('text', { text: 'a', colour: 'red' })).toEqual(['colour']);
    expect(await refusal('qr', { text: 'x'.repeat(501) })).toEqual(['text']);
    expect(await refusal('pattern', { seed: 's', size: 4096 })).toEqual(['size']);
    expect(await refusal('pattern', { seed: 's', colours: Array(7).fill('#000000') })).toEqual([
      'colours',
    ]);
    expect(await refusal('pattern', { seed: 's', colours: ['#000000', 'blue'] })).toEqual([
      'colours',
    ]);
  });

  it('counts characters as code points, and takes a number as its text', async () => {
    await expect(check('text', { text: '🙂'.repeat(200) })).resolves.toBeDefined();
    await expect(check('pattern', { seed: 42 })).resolves.toMatchObject({ seed: '42' });
  });

  it('keeps QR text exactly as sent, and colours lower-case', async () => {
    await expect(check('qr', { text: ' padded ' })).resolves.toMatchObject({ text: ' padded ' });
    await expect(
      check('pattern', { seed: 's', colours: ['#AABBCC', '#ddeeff'] }),
    ).resolves.toMatchObject({ colours: ['#aabbcc', '#ddeeff'] });
  });

  it('refuses text the database could not store, and a save that is not a boolean', async () => {
    expect(await refusal('qr', { text: 'a\u0000b' })).toEqual(['text']);
    expect(await refusal('qr', { text: 'a', save: 'maybe' })).toEqual(['save']);
  });
});
