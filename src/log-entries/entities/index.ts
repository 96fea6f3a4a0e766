import { LogEntryEntity } from './log-entry.entity';

/** The tables the log-entries module owns. */
export const LOG_ENTRY_ENTITIES = [LogEntryEntity];
