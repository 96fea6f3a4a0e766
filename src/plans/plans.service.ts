import { Injectable } from '@nestjs/common';
import { ClientAccountEntity } from '../clients';
import { Clock } from '../common/clock/clock';
import { ValidationFailed } from '../common/errors/domain-error';
import { PlanLimits, planLimits } from './plan-limits';
import { ClientPlanDto, SetPlanDto } from './plans.dto';
import { PlanClientNotFound } from './plans.errors';
import { PlansRepository } from './plans.repository';

/** `YYYY-MM` of `now` (UTC). */
export const monthOf = (now: Date): string => now.toISOString().slice(0, 7);

/** Seconds from `now` to the start of the next calendar month (UTC). */
export function secondsToNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/** Clients' plans: what applies to a client, changing it, and the monthly count. */
@Injectable()
export class PlansService {
  constructor(
    private readonly repo: PlansRepository,
    private readonly clock: Clock,
  ) {}

  async client(handle: string): Promise<{ client: ClientAccountEntity; limits: PlanLimits }> {
    const client = await this.repo.findClient(handle.trim().toLowerCase());
    if (!client) throw new PlanClientNotFound(handle);
    return { client, limits: planLimits(client) };
  }

  async get(handle: string): Promise<ClientPlanDto> {
    const { client, limits } = await this.client(handle);
    return this.describe(client, limits);
  }

  /** A seeded plan by name, or limits of the client's own. */
  async set(handle: string, input: SetPlanDto): Promise<ClientPlanDto> {
    const custom = input.limit !== undefined || input.windowSeconds !== undefined;
    if (custom && (input.limit === undefined || input.windowSeconds === undefined))
      throw new ValidationFailed('Invalid request: limit and windowSeconds go together.', [
        { field: 'windowSeconds', message: 'limit and windowSeconds go together' },
      ]);
    if (!custom && !input.plan && input.libraryAssets === undefined)
      throw new ValidationFailed(
        'Invalid request: send a plan, limit and windowSeconds, or libraryAssets.',
        [{ field: 'plan', message: 'plan, limit and windowSeconds, or libraryAssets is required' }],
      );
    const { client } = await this.client(handle);
    const libraryLimit = input.libraryAssets ?? null;
    await this.repo.setPlan(
      client.handle,
      !custom && !input.plan
        ? { libraryLimit }
        : {
            plan: input.plan ?? client.plan,
            rateLimit: custom ? input.limit! : null,
            rateWindowSeconds: custom ? input.windowSeconds! : null,
            monthlyCap: custom ? (input.monthlyCap ?? null) : null,
            libraryLimit,
          },
    );
    return this.get(client.handle);
  }

  /** Counts one request of this month; false when the monthly cap is reached (none counted). */
  countRequest(client: ClientAccountEntity, limits: PlanLimits): Promise<boolean> {
    if (limits.monthlyCap === null) return Promise.resolve(true);
    return this.repo.countRequest(client.id, monthOf(this.clock.now()), limits.monthlyCap);
  }

  private async describe(client: ClientAccountEntity, limits: PlanLimits): Promise<ClientPlanDto> {
    return {
      clientHandle: client.handle,
      plan: limits.name,
      limit: limits.limit,
      windowSeconds: limits.windowSeconds,
      monthlyCap: limits.monthlyCap,
      usedThisMonth: await this.repo.usage(client.id, monthOf(this.clock.now())),
      libraryAssets: limits.libraryAssets,
    };
  }
}
