/**
 * What other modules may use of the saved-assets module. Everything else in this folder is its
 * own business (lint forbids deep imports from outside).
 */
export { SavedAssetsModule } from './saved-assets.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { SavedAssetsHttpModule } from './saved-assets-http.module';
export { SavedAssetsService } from './saved-assets.service';
/** For the whole-schema list. */
export { SAVED_ASSET_ENTITIES } from './entities';
/** The list's SQL, for the benchmark's query plans. */
export { pageQuery, SORT_ORDERS, totalsQuery } from './saved-asset-list.repository';
export { LIST_CACHE_TTL_MS } from './saved-asset-list.cache';
/** The largest list answer a page of assets at their size limit can make (tests, benchmark). */
export { worstListBytes } from './list-budget';
