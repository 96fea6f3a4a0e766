import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * What an error body links to. Holds no personal data and no stack: the link is public
 * (a capability URL), so only these fields are ever stored.
 */
@Entity({ name: 'log_entry' })
export class LogEntryEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Index()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'smallint' })
  status: number;

  @Column({ type: 'varchar', length: 10 })
  method: string;

  @Column({ type: 'varchar', length: 500 })
  route: string;

  @Column({ type: 'varchar', length: 64 })
  code: string;

  @Column({ type: 'varchar', length: 1000 })
  message: string;

  @Column({ name: 'request_id', type: 'varchar', length: 128 })
  requestId: string;
}
