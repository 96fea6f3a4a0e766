/**
 * Whose job a worker takes next from a fair queue (docs/architecture.md, Workers): the clients
 * with due jobs take turns, one job each per round, least recently served first (round robin with
 * a quantum of one job: print jobs are bounded by the cost ceilings, so a job is the unit of
 * work). Live clients always come before sandbox clients, and a client already running its
 * concurrency cap is passed over. Priority orders only a client's own jobs: each candidate is the
 * head of one client's due jobs (its highest priority, oldest first), never compared across
 * clients.
 */

/** The first due job of one client (or of the jobs without a client, owner ''). */
export interface WaitingHead {
  id: string;
  owner: string;
  sandbox: boolean;
  /** When it was queued (ms): between clients never served, the one waiting longest first. */
  queuedAt: number;
}

/** Owners remembered; beyond it the least recently served is forgotten (it then goes first). */
const MAX_REMEMBERED = 10_000;

export class FairTurns {
  /**
   * Each owner's last turn (a count of turns), least recently served first: a Map keeps
   * insertion order, and an owner served again is moved to the end.
   */
  private readonly served = new Map<string, number>();
  private turn = 0;

  /**
   * The heads in the order to try them: live before sandbox; among each, owners never served (or
   * forgotten) first, by how long their head waited, then the least recently served. Owners with
   * `active` jobs at or over `perClient` are left out.
   */
  order(
    heads: readonly WaitingHead[],
    active: ReadonlyMap<string, number>,
    perClient: number,
  ): WaitingHead[] {
    const rank = (owner: string) => this.served.get(owner) ?? -1;
    return heads
      .filter((h) => (active.get(h.owner) ?? 0) < perClient)
      .sort(
        (a, b) =>
          Number(a.sandbox) - Number(b.sandbox) ||
          rank(a.owner) - rank(b.owner) ||
          a.queuedAt - b.queuedAt,
      );
  }

  /** `owner` had its turn: it goes to the back of the round. */
  took(owner: string): void {
    this.served.delete(owner);
    this.served.set(owner, ++this.turn);
    if (this.served.size > MAX_REMEMBERED) this.served.delete(this.served.keys().next().value!);
  }
}
