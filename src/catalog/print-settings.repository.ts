import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../common/persistence/unit-of-work';
import { ClientPrintSettingsEntity } from './entities/print-settings.entity';
import { PrintSettings } from './print-settings';

/** Clients' print settings. Inside a unit of work, in its transaction. */
@Injectable()
export class PrintSettingsRepository {
  constructor(private readonly uow: UnitOfWork) {}

  async find(clientId: string): Promise<PrintSettings | undefined> {
    const row = await this.uow.manager.findOne(ClientPrintSettingsEntity, { where: { clientId } });
    return row?.settings;
  }

  /** Writes the client's settings whole (one statement: concurrent writes leave one of them). */
  async put(clientId: string, settings: PrintSettings, at: Date): Promise<void> {
    await this.uow.manager
      .createQueryBuilder()
      .insert()
      .into(ClientPrintSettingsEntity)
      .values({ clientId, settings, updatedAt: at })
      .orUpdate(['settings', 'updated_at'], ['client_id'])
      .execute();
  }
}
