import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { UnitOfWork } from '../persistence/unit-of-work';
import { Broadcast } from '../redis/broadcast';

/**
 * What changed: the kind of record and its id. `library` is an organization's artwork library
 * (saved assets, their jobs, its uploads); its id is `libraryId(clientId, organization)`.
 */
export type ChangedKind = 'recipe-set' | 'product' | 'library';

const CHANNEL = 'pci:changed';

/**
 * Tells whoever keeps copies of records in memory that a record changed: listeners in this
 * process at once, other instances through Redis (when configured). A notice that cannot reach
 * another instance is lost, so every such copy needs its own short time to live as well.
 */
@Injectable()
export class ChangeNotices implements OnModuleInit {
  private readonly logger = new Logger(ChangeNotices.name);
  private readonly listeners: ((kind: ChangedKind, id: string) => void)[] = [];

  constructor(
    private readonly broadcast: Broadcast,
    private readonly uow: UnitOfWork,
  ) {}

  onModuleInit(): void {
    this.broadcast.subscribe(CHANNEL, (message) => {
      // The kind ends at the first colon; the id may hold colons of its own.
      const at = message.indexOf(':');
      this.tell(message.slice(0, at) as ChangedKind, message.slice(at + 1));
    });
  }

  /** Calls `listener` with every change, here or (with Redis) elsewhere. */
  listen(listener: (kind: ChangedKind, id: string) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Tells this process, and the other instances as soon as Redis takes it (not awaited), once the
   * change is committed: told earlier, a reader could copy the old row again before the commit.
   */
  changed(kind: ChangedKind, id: string): void {
    this.uow.afterCommitOrNow(() => {
      this.tell(kind, id);
      this.broadcast
        .publish(CHANNEL, `${kind}:${id}`)
        .catch((err: unknown) =>
          this.logger.warn(
            { err, kind, id },
            'a change notice could not reach the other instances',
          ),
        );
    });
  }

  private tell(kind: ChangedKind, id: string): void {
    for (const listener of this.listeners) listener(kind, id);
  }
}

/** The id of an organization's artwork library in change notices. */
export const libraryId = (clientId: string, organization: string): string =>
  `${clientId}:${organization.trim()}`;
