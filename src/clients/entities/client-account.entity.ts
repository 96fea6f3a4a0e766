import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export enum Plan {
  Free = 'free',
  Standard = 'standard',
  Enterprise = 'enterprise',
}

/** A client account: the tenant every resource belongs to. */
@Entity({ name: 'client_account' })
export class ClientAccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Canonical lower-case handle, unique. */
  @Column({ type: 'varchar', length: 64, unique: true })
  handle: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'varchar', length: 32 })
  plan: Plan;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Whether the client's designs may be shared (POST /api/share/send); operators switch it. */
  @Column({ name: 'sharing_enabled', type: 'boolean', default: true })
  sharingEnabled: boolean;
}
