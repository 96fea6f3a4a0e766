/**
 * What other modules may use of the log-entries module: the module class (it provides the
 * LogEntryRecorder port), the retention task and the entity list.
 */
export { LogEntriesModule } from './log-entries.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { LogEntriesHttpModule } from './log-entries-http.module';
export { LogRetention } from './log-retention';
/** The whole-schema list. */
export { LOG_ENTRY_ENTITIES } from './entities';
