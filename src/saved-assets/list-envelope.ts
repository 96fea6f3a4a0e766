import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { encodeJson } from '../common/http/encoded-json';
import { ITEMS, JsonSpoolWriter } from '../common/http/spooled-json';
import { SavedAssetListEnvelopeDto } from './dto/list.dto';
import { SavedUploadedAssetDto } from './dto/saved-asset.dto';
import { etagOf, ListAnswer } from './list-answer';
import { ListBudget } from './list-budget';

/** The envelope's apiVersion: the version of this API's list envelope. */
export const SAVED_ASSETS_API_VERSION = '1.0.0';

/** lastModification of an empty list: fixed, so that an empty answer keeps its hash. */
const NOTHING_MODIFIED = new Date(0).toISOString();

/**
 * Item text serialised between two turns of the event loop: once a slice is written the loop
 * turns (a spooled answer deflates the slice in libuv's thread pool meanwhile).
 */
const SLICE_BYTES = 256 * 1024;

/**
 * Items (their text once) an answer holds as one text, to be encoded whole (text and gzip, sent
 * with a length); past it the answer is spooled (held deflated, streamed).
 */
export const INLINE_ITEM_BYTES = 1024 * 1024;

/** The length of the envelope's `hash` (base64 of an MD5), quoted. */
const HASH_JSON_LENGTH = 26;

type Paging = SavedAssetListEnvelopeDto['paging'];

/** The envelope's members before `hash` and `contents`, as JSON text without its closing brace. */
function envelopeStart(lastModified: Date | null, paging: Paging): string {
  const rest = JSON.stringify({
    lastModification: lastModified?.toISOString() ?? NOTHING_MODIFIED,
    error: null,
    apiVersion: SAVED_ASSETS_API_VERSION,
    paging,
  });
  return rest.slice(0, -1);
}

/** How an answer is written. */
export interface EnvelopeOptions {
  /** The most bytes the answer may have (LIST_MAX_RESPONSE_BYTES). */
  maxBytes: number;
  /** What to throw when the next item would take the answer past maxBytes. */
  tooLarge: (budget: ListBudget) => Error;
  /** Spool the answer however small (a long unpaged list is always streamed). */
  spool?: boolean;
}

/**
 * The spec's envelope around the items `batches` yields, and its `hash`: the digest of everything
 * else in it. Each item is serialised once, on its own, counted against the byte budget (twice: it
 * is sent under both `contents` and `data`) and digested; the loop turns after every slice of
 * text. Within INLINE_ITEM_BYTES the answer is encoded whole; past it (or with `spool`) the items
 * are deflated slice by slice as they come, so a long answer is held compressed, once. Past
 * `maxBytes` nothing more is read or written: `tooLarge` is thrown before a byte is sent.
 */
export async function writeEnvelope(
  batches: AsyncIterable<SavedUploadedAssetDto[]>,
  lastModified: Date | null,
  paging: Paging,
  options: EnvelopeOptions,
): Promise<ListAnswer> {
  const start = envelopeStart(lastModified, paging);
  const around = `${start},"hash":${'0'.repeat(HASH_JSON_LENGTH)},"contents":[],"data":[]}`;
  const budget = new ListBudget(options.maxBytes, Buffer.byteLength(around, 'utf8'));
  const digest = createHash('md5').update(`${start},"contents":[`);
  let spool = options.spool ? new JsonSpoolWriter() : undefined;
  let slice: string[] = [];
  let sliceBytes = 0;
  let itemBytes = 0;
  for await (const batch of batches) {
    for (const item of batch) {
      const text = JSON.stringify(item);
      const bytes = Buffer.byteLength(text, 'utf8');
      if (!budget.add(bytes)) throw options.tooLarge(budget);
      digest.update(budget.count > 1 ? `,${text}` : text);
      slice.push(text);
      sliceBytes += bytes;
      itemBytes += bytes;
      if (sliceBytes < SLICE_BYTES) continue;
      if (!spool && itemBytes > INLINE_ITEM_BYTES) spool = new JsonSpoolWriter();
      if (spool) {
        await spool.add(slice);
        slice = [];
        sliceBytes = 0;
      } else {
        // Held until the end (at most INLINE_ITEM_BYTES): only the loop turns.
        sliceBytes = 0;
        await nextTurn();
      }
    }
  }
  const hash = digest.update(']}').digest('base64');
  const head = `${start},"hash":${JSON.stringify(hash)},"contents":[`;
  if (spool) {
    await spool.add(slice);
    return spool.finish([head, ITEMS, '],"data":[', ITEMS, ']}'], etagOf(hash));
  }
  const items = slice.join(',');
  return encodeJson(`${head}${items}],"data":[${items}]}`, etagOf(hash));
}
