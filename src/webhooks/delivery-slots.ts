/**
 * The attempts this process is making, by endpoint and by client, and the room each has left
 * for the next claim (see WebhookAttemptsRepository.claimDue): at most `total` at once, at most
 * `perEndpoint` at one endpoint, at most `perClient` for one client, at most `sandbox` for
 * sandbox clients together (the rest is always left to live clients).
 */
export class DeliverySlots {
  private readonly endpoints = new Map<string, number>();
  private readonly clients = new Map<string, number>();
  private sandboxUsed = 0;
  private used = 0;

  constructor(
    readonly limits: { total: number; perEndpoint: number; perClient: number; sandbox: number },
  ) {}

  /** How many more attempts may start now (all clients together). */
  get free(): number {
    return Math.max(0, this.limits.total - this.used);
  }

  /** Counts `n` attempts (negative: finished) of one endpoint of one client. */
  add(at: { endpointId: string; clientId: string; sandbox: boolean }, n: number): void {
    this.used += n;
    if (at.sandbox) this.sandboxUsed += n;
    bump(this.endpoints, at.endpointId, n);
    bump(this.clients, at.clientId, n);
  }

  /** The room left of endpoints with attempts in flight (the others have `perEndpoint`). */
  endpointRoom(): Map<string, number> {
    return roomOf(this.endpoints, this.limits.perEndpoint);
  }

  /** The room left of clients with attempts in flight (the others have `perClient`). */
  clientRoom(): Map<string, number> {
    return roomOf(this.clients, this.limits.perClient);
  }

  /** The room left to sandbox clients together. */
  sandboxRoom(): number {
    return Math.max(0, this.limits.sandbox - this.sandboxUsed);
  }
}

function bump(counts: Map<string, number>, key: string, n: number): void {
  const next = (counts.get(key) ?? 0) + n;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

function roomOf(counts: Map<string, number>, limit: number): Map<string, number> {
  return new Map([...counts].map(([key, n]) => [key, Math.max(0, limit - n)]));
}
