import { ClientAccountEntity, Plan } from '../clients';

/** What a plan allows on the rate-limited routes (moderation and image generation). */
export interface PlanLimits {
  /** The plan's name: a seeded one, or `custom` for limits an operator set. */
  name: string;
  /** Requests per window… */
  limit: number;
  /** …of this many seconds. */
  windowSeconds: number;
  /** Requests per calendar month (UTC); null: no cap. */
  monthlyCap: number | null;
  /** Uploaded assets, and active saved assets, the client's library may hold (409 beyond). */
  libraryAssets: number;
}

/** The seeded plans. */
export const PLANS: Record<Plan, PlanLimits> = {
  [Plan.Free]: {
    name: Plan.Free,
    limit: 10,
    windowSeconds: 60,
    monthlyCap: 1_000,
    libraryAssets: 1_000,
  },
  [Plan.Standard]: {
    name: Plan.Standard,
    limit: 120,
    windowSeconds: 60,
    monthlyCap: 100_000,
    libraryAssets: 100_000,
  },
  [Plan.Enterprise]: {
    name: Plan.Enterprise,
    limit: 1_200,
    windowSeconds: 60,
    monthlyCap: null,
    libraryAssets: 1_000_000,
  },
};

/** The limits that apply to a client: those an operator set for it, else its plan's. */
export function planLimits(
  client: Pick<
    ClientAccountEntity,
    'plan' | 'rateLimit' | 'rateWindowSeconds' | 'monthlyCap' | 'libraryLimit'
  >,
): PlanLimits {
  const plan = PLANS[client.plan] ?? PLANS[Plan.Standard];
  // The library's size is set on its own: it does not make the rate limits custom.
  const libraryAssets = client.libraryLimit ?? plan.libraryAssets;
  if (client.rateLimit !== null && client.rateWindowSeconds !== null)
    return {
      name: 'custom',
      limit: client.rateLimit,
      windowSeconds: client.rateWindowSeconds,
      monthlyCap: client.monthlyCap,
      libraryAssets,
    };
  return { ...plan, libraryAssets };
}
