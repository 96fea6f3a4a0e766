export interface LogEntryRecord {
  id: string;
  status: number;
  method: string;
  route: string;
  code: string;
  message: string;
  requestId: string;
}

/** Persists the public log entry an error body links to; implemented by the log-entries module. */
export abstract class LogEntryRecorder {
  abstract record(entry: LogEntryRecord): Promise<void>;
}
