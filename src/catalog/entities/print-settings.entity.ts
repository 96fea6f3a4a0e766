import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { ClientAccountEntity } from '../../clients';
import type { PrintSettings } from '../print-settings';

/**
 * A client's print settings (how its print files are made), written whole by its admins. A client
 * without a row has the defaults.
 */
@Entity({ name: 'client_print_settings' })
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
