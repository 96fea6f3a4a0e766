import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ClientAccountEntity } from '../../clients';

/** A perceptual hash (dHash) of an image a client blocks: near copies of it are refused. */
@Entity({ name: 'moderation_blocked_hash' })
@Index('IDX_moderation_blocked_hash_client', ['clientId', 'id'])
export class BlockedHashEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  /** 16 lower-case hex digits. */
  @Column({ type: 'varchar', length: 16 })
  hash: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  label: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
