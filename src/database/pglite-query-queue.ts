/** Message types that end a query cycle of the PostgreSQL wire protocol. */
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** What the queue needs of the PGlite instance. */
export interface PGliteBackend {
  isInTransaction(): boolean;
  exec(sql: string): Promise<unknown>;
  runExclusive<T>(work: () => Promise<T>): Promise<T>;
  execProtocolRawStream(
    message: Uint8Array,
    options: { onRawData: (data: Uint8Array) => void },
  ): Promise<void>;
}

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
}

/**
 * The queue between the socket connections and the single PGlite backend.
 *
 * `@electric-sql/pglite-socket` 0.2.17 (pinned) hands the backend one message at a time and
 * switches connections between any two messages unless a transaction is open. A parameterised
 * query is several messages (Parse, Bind, Describe, Execute, Sync), so two pooled connections
 * querying at once interleave them and get each other's results; and one failed message stops its
 * queue for good. This queue keeps a connection's turn from its first message to the end of the
 * cycle (Sync or a simple Query) and for the whole of a transaction, and keeps going after a
 * failed message. It replaces the server's own queue (same interface) before the server starts.
 */
export class AtomicQueryQueue {
  private readonly queue: QueuedMessage[] = [];
  private processing = false;
  /** The connection whose turn it is: mid-cycle, or inside a transaction. */
  private owner: number | null = null;
  private lastHandlerId: number | null = null;

  constructor(private readonly db: PGliteBackend) {}

  enqueue(
    handlerId: number,
    message: Uint8Array,
    onData: (data: Uint8Array) => void,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i].handlerId === handlerId)
        this.queue.splice(i, 1)[0].reject(new Error('Handler disconnected'));
    }
    if (this.owner === handlerId) this.owner = null;
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.db.isInTransaction() && this.lastHandlerId === handlerId) {
      await this.db.exec('ROLLBACK');
      this.lastHandlerId = null;
    }
    if (this.owner === handlerId) this.owner = null;
    await this.process();
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const holder = this.owner ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = holder === null ? 0 : this.queue.findIndex((m) => m.handlerId === holder);
        if (index === -1) break; // wait for the holder's next message
        const item = this.queue.splice(index, 1)[0];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (err) {
          this.owner = null;
          item.reject(err);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        const type = item.message[0];
        // A startup message has no type byte (it begins with its length): it ends a cycle too.
        const endsCycle = type === SYNC || type === QUERY || type === TERMINATE || type === 0;
        this.owner = endsCycle ? null : item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }
}
