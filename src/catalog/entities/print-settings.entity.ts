import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { ClientAccountEntity } from '../../clients';
import type { PrintSettings } from '../print-settings';

/** The table of clients' print settings, for the SQL of other modules (they import it, not write it). */
export const CLIENT_PRINT_SETTINGS_TABLE = 'client_print_settings';

/**
 * A client's print settings (how its print files are made), written whole by its admins. A client
 * without a row has the defaults.
 */
@Entity({ name: CLIENT_PRINT_SETTINGS_TABLE })
export class ClientPrintSettingsEntity {
  @PrimaryColumn({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @OneToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ type: 'jsonb' })
  settings: PrintSettings;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
