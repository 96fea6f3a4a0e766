import { createHash } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { turnsDuring } from '../../test/support/loop-turns';
import { ITEMS, SpooledJson } from '../common/http/spooled-json';
import { SavedUploadedAssetDto } from './dto/saved-asset.dto';
import { isSpooled, ListAnswer } from './list-answer';
import { ListBudget, worstListBytes } from './list-budget';
import { INLINE_ITEM_BYTES, writeEnvelope } from './list-envelope';

describe('ListBudget', () => {
  it('counts each item twice with the commas between, and refuses the item that would not fit', () => {
    // envelope 10; items of 4 bytes: 10 + 2*4 = 18, then + 2*(4+1) = 28, then 38.
    const budget = new ListBudget(37, 10);
    expect(budget.add(4)).toBe(true);
    expect(budget.bytes).toBe(18);
    expect(budget.add(4)).toBe(true);
    expect(budget.bytes).toBe(28);
    expect(budget.add(4)).toBe(false);
    expect({ count: budget.count, bytes: budget.bytes }).toEqual({ count: 2, bytes: 28 });
    // A smaller item still fits: nothing was counted for the refused one.
    expect(budget.add(3)).toBe(true);
    expect(budget.bytes).toBe(36);
  });

  it('takes an answer of exactly the limit', () => {
    const budget = new ListBudget(worstListBytes(3, 100, 50), 50);
    expect([budget.add(100), budget.add(100), budget.add(100), budget.add(0)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(budget.bytes).toBe(worstListBytes(3, 100, 50));
  });

  it('knows the worst answer of a page: 500 assets of 64 KiB fit 64 MiB', () => {
    expect(worstListBytes(500, 64 * 1024, 4096)).toBeLessThanOrEqual(64 * 2 ** 20);
    expect(worstListBytes(0, 64 * 1024, 300)).toBe(300);
  });
});

/** Items shaped like saved assets, `notes` making each about `size` bytes. */
const items = (n: number, size = 200): SavedUploadedAssetDto[] =>
  Array.from(
    { length: n },
    (_, i) => ({ id: i, userFacingFileName: `é-${i}`, notes: 'n'.repeat(size) }) as never,
  );

async function* inBatches<T>(all: T[], size = 7): AsyncGenerator<T[]> {
  for (let i = 0; i < all.length; i += size) yield await Promise.resolve(all.slice(i, i + size));
}

const PAGING = { totalRecords: 3, pageCount: 1, page: 1, pageSize: 3 };

/** The answer's text, inflating a spooled one. */
function textOf(answer: ListAnswer): string {
  if (!isSpooled(answer)) return answer.plain.toString('utf8');
  const spooled = answer;
  const inner = spooled.chunks.map((c) => inflateRawSync(c).toString('utf8')).join('');
  return spooled.parts.map((p) => (p === ITEMS ? inner : p)).join('');
}

class Refused extends Error {
  constructor(readonly fit: number) {
    super(`fit ${fit}`);
  }
}
const options = (maxBytes: number, spool = false) => ({
  maxBytes,
  tooLarge: (b: ListBudget) => new Refused(b.count),
  spool,
});

describe('writeEnvelope', () => {
  const modified = new Date('2026-03-30T14:05:00Z');

  it('writes the envelope with each item under contents and data, hash and ETag of the rest', async () => {
    const all = items(3);
    const answer = await writeEnvelope(inBatches(all, 2), modified, PAGING, options(1e6));
    expect(isSpooled(answer)).toBe(false);
    const text = textOf(answer);
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(body).toMatchObject({ contents: all, data: all, paging: PAGING, error: null });
    const { hash, data, ...rest } = body;
    expect(data).toEqual(all);
    expect(hash).toBe(createHash('md5').update(JSON.stringify(rest)).digest('base64'));
    expect(answer.etag).toBe(`"${hash as string}"`);
  });

  it('takes a list of exactly LIST_MAX_RESPONSE_BYTES and refuses one byte less, naming what fit', async () => {
    const all = items(5);
    const exact = Buffer.byteLength(
      textOf(await writeEnvelope(inBatches(all), modified, PAGING, options(1e6))),
    );
    const fits = await writeEnvelope(inBatches(all), modified, PAGING, options(exact));
    expect(Buffer.byteLength(textOf(fits))).toBe(exact);
    await expect(
      writeEnvelope(inBatches(all), modified, PAGING, options(exact - 1)),
    ).rejects.toEqual(new Refused(4));
  });

  it('stops reading batches once the budget is spent', async () => {
    let read = 0;
    async function* counted(): AsyncGenerator<SavedUploadedAssetDto[]> {
      for (let i = 0; i < 100; i++) {
        read++;
        yield await Promise.resolve(items(10, 1000));
      }
    }
    const refused = await writeEnvelope(counted(), modified, PAGING, options(50_000)).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(Refused);
    // Items of about 1 KB, twice each: about 24 fit in 50,000 bytes, read in batches of 10.
    const fit = (refused as Refused).fit;
    expect(fit).toBeGreaterThan(20);
    expect(fit).toBeLessThan(25);
    expect(read).toBe(Math.floor(fit / 10) + 1);
  });

  it('spools past INLINE_ITEM_BYTES, with the same text, turning the loop between slices', async () => {
    const all = items(Math.ceil((3 * INLINE_ITEM_BYTES) / 10_000), 10_000);
    const whole = items(all.length, 10_000).map((i) => JSON.stringify(i));
    const expected = JSON.parse(
      textOf(await writeEnvelope(inBatches(all, 100), modified, PAGING, options(1e9))),
    ) as { contents: unknown[] };
    expect(expected.contents).toEqual(whole.map((w) => JSON.parse(w) as unknown));
    const { result, turns } = await turnsDuring(() =>
      writeEnvelope(inBatches(all, 100), modified, PAGING, options(1e9)),
    );
    expect(isSpooled(result)).toBe(true);
    const text = textOf(result);
    expect(JSON.parse(text)).toEqual(expected);
    expect((result as SpooledJson).plainBytes).toBe(Buffer.byteLength(text));
    // About 3 MiB of item text in 256 KiB slices.
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it('spools a short list when asked (a long unpaged list is always streamed)', async () => {
    const answer = await writeEnvelope(inBatches(items(3)), null, PAGING, options(1e6, true));
    expect(isSpooled(answer)).toBe(true);
    expect(JSON.parse(textOf(answer)).data).toHaveLength(3);
  });
});
