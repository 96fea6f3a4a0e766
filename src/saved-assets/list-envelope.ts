import { createHash } from 'node:crypto';
import { ITEMS, JsonSpoolWriter, SpooledJson } from '../common/http/spooled-json';
import { SavedAssetListEnvelopeDto } from './dto/list.dto';
import { SavedUploadedAssetDto } from './dto/saved-asset.dto';
import { etagOf } from './list-answer';

/** The envelope's apiVersion: the version of this API's list envelope. */
export const SAVED_ASSETS_API_VERSION = '1.0.0';

/** lastModification of an empty list: fixed, so that an empty answer keeps its hash. */
const NOTHING_MODIFIED = new Date(0).toISOString();

/** The envelope's members before `hash` and `contents`, as JSON text without its closing brace. */
function envelopeStart(
  lastModified: Date | null,
  paging: SavedAssetListEnvelopeDto['paging'],
): string {
  const rest = JSON.stringify({
    lastModification: lastModified?.toISOString() ?? NOTHING_MODIFIED,
    error: null,
    apiVersion: SAVED_ASSETS_API_VERSION,
    paging,
  });
  return rest.slice(0, -1);
}

/**
 * The spec's envelope as JSON text, and its `hash`: the digest of everything else in it. The
 * items are serialised once, for the digest and for both `contents` and `data`.
 */
export function envelopeJson(
  contents: SavedUploadedAssetDto[],
  lastModified: Date | null,
  paging: SavedAssetListEnvelopeDto['paging'],
): [string, string] {
  const start = envelopeStart(lastModified, paging);
  const items = JSON.stringify(contents);
  // `{...rest, contents}`, as JSON.stringify would write it.
  const hash = createHash('md5').update(`${start},"contents":${items}}`).digest('base64');
  return [`${start},"hash":${JSON.stringify(hash)},"contents":${items},"data":${items}}`, hash];
}

/**
 * The same envelope, spooled: `batches` yields the items a batch at a time (read from the
 * database as they are needed); each batch is digested and deflated before the next is read, so
 * the text of one batch is held at a time. The bytes sent equal envelopeJson's for the same items.
 */
export async function spoolEnvelope(
  batches: AsyncIterable<SavedUploadedAssetDto[]>,
  lastModified: Date | null,
  paging: SavedAssetListEnvelopeDto['paging'],
): Promise<SpooledJson> {
  const start = envelopeStart(lastModified, paging);
  const digest = createHash('md5').update(`${start},"contents":[`);
  const spool = new JsonSpoolWriter();
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    const items = batch.map((item) => JSON.stringify(item));
    digest.update((first ? '' : ',') + items.join(','));
    first = false;
    await spool.add(items);
  }
  const hash = digest.update(']}').digest('base64');
  return spool.finish(
    [`${start},"hash":${JSON.stringify(hash)},"contents":[`, ITEMS, '],"data":[', ITEMS, ']}'],
    etagOf(hash),
  );
}
