import { Injectable } from '@nestjs/common';
import { ChangeNotices, libraryId } from '../common/caching/change-notices';
import { cacheLookups, TtlCache } from '../common/caching/ttl-cache';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import { bytesHeld, ListAnswer } from './list-answer';

/**
 * How long an encoded list page is served without asking the database. Every change of a library
 * (an asset saved, a job added or reported, an asset deactivated, an upload of the organization)
 * drops its pages at once here and, through Redis, on the other instances; this bounds what a lost
 * notice costs.
 */
export const LIST_CACHE_TTL_MS = 5000;

/**
 * Pages kept at most, and their bytes (text and gzip: about 180 KiB for 50 assets with a job each;
 * a spooled unpaged list weighs its deflated items).
 */
const MAX_PAGES = 2000;
const MAX_BYTES = 64 * 2 ** 20;

interface CachedPage {
  library: string;
  body: ListAnswer;
}

/**
 * Encoded list pages by everything that selects them (client, organization, filters, sort and
 * page), so that an organization's library read again and again (back offices poll it, and page
 * through it) costs neither queries nor serialisation until it changes.
 */
@Injectable()
export class SavedAssetListCache {
  private readonly pages: TtlCache<CachedPage>;

  constructor(changes: ChangeNotices, metrics: MetricsRegistry) {
    this.pages = new TtlCache<CachedPage>({
      maxEntries: MAX_PAGES,
      ttlMs: LIST_CACHE_TTL_MS,
      maxSize: MAX_BYTES,
      sizeOf: (page) => bytesHeld(page.body),
      lookups: cacheLookups(metrics, 'saved_asset_pages'),
    });
    changes.listen((kind, id) => {
      if (kind === 'library') this.pages.drop((page) => page.library === id);
    });
  }

  /** Read before the database: pass to `set` (see TtlCache). */
  get generation(): number {
    return this.pages.generation;
  }

  get(key: string): ListAnswer | undefined {
    return this.pages.get(key)?.body;
  }

  /** Keeps `body` as the page `key` of the library (client, organization). */
  set(
    key: string,
    clientId: string,
    organization: string,
    body: ListAnswer,
    generation: number,
  ): void {
    this.pages.set(key, { library: libraryId(clientId, organization), body }, generation);
  }
}
