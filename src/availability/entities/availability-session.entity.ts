import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { ApiTokenEntity } from '../../clients';

/**
 * A browser's sign-in to the availability pages: the session cookie is a random capability of
 * which only the hash is stored. It acts as the API token it was exchanged for, while that token
 * stays valid, until it expires or is signed out.
 */
@Entity({ name: 'availability_session' })
export class AvailabilitySessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'session_hash', type: 'char', length: 64, unique: true })
  sessionHash: string;

  @Column({ name: 'token_id', type: 'uuid' })
  tokenId: string;

  @ManyToOne(() => ApiTokenEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'token_id' })
  token?: ApiTokenEntity;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
