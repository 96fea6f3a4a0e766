import { Injectable } from '@nestjs/common';
import { ClientAccountEntity } from '../clients';
import { UnitOfWork } from '../common/persistence/unit-of-work';

export type PlanFields = Partial<
  Pick<
    ClientAccountEntity,
    'plan' | 'rateLimit' | 'rateWindowSeconds' | 'monthlyCap' | 'libraryLimit'
  >
>;

/** Clients' plans and their monthly usage. Inside a unit of work, in its transaction. */
@Injectable()
export class PlansRepository {
  constructor(private readonly uow: UnitOfWork) {}

  findClient(handle: string): Promise<ClientAccountEntity | null> {
    return this.uow.manager.findOneBy(ClientAccountEntity, { handle });
  }

  findClientById(id: string): Promise<ClientAccountEntity | null> {
    return this.uow.manager.findOneBy(ClientAccountEntity, { id });
  }

  /** Sets the client's plan fields; false when there is no such client. */
  async setPlan(handle: string, fields: PlanFields): Promise<boolean> {
    const result = await this.uow.manager.update(ClientAccountEntity, { handle }, fields);
    return (result.affected ?? 0) > 0;
  }

  /**
   * Counts one request of `month` unless the count has reached `cap`, in one statement (the
   * upsert locks the row: concurrent requests are counted one after the other); whether it did.
   */
  async countRequest(clientId: string, month: string, cap: number): Promise<boolean> {
    if (cap <= 0) return false;
    const rows = await this.uow.manager.query<unknown[]>(
      `INSERT INTO monthly_usage (client_id, month, count) VALUES ($1, $2, 1)
       ON CONFLICT (client_id, month) DO UPDATE SET count = monthly_usage.count + 1
         WHERE monthly_usage.count < $3
       RETURNING count`,
      [clientId, month, cap],
    );
    return rows.length > 0;
  }

  async usage(clientId: string, month: string): Promise<number> {
    const rows = await this.uow.manager.query<{ count: number }[]>(
      `SELECT count FROM monthly_usage WHERE client_id = $1 AND month = $2`,
      [clientId, month],
    );
    return rows[0]?.count ?? 0;
  }
}
