import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { UserEntity } from '../../clients';

/** Why a session ended (`ended_reason`); an expired session simply stops working. */
export enum SessionEnd {
  SignedOut = 'signed-out',
  SignedOutEverywhere = 'signed-out-everywhere',
  UserDisabled = 'user-disabled',
  PasswordChanged = 'password-changed',
  /** The browser signed in again: the session it held is replaced (no session is reused). */
  Replaced = 'replaced',
}

/**
 * A user's sign-in to the console (docs/design.md §3): the cookie holds a random capability of
 * which only the SHA-256 hash is stored. It works until it is ended, `idle` passes without a
 * request, or `expires_at` (the absolute lifetime) comes; and only while its user is active.
 */
@Entity({ name: 'user_session' })
@Index('IDX_user_session_user_open', ['userId'], { where: 'ended_at IS NULL' })
export class UserSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'session_hash', type: 'char', length: 64, unique: true })
  sessionHash: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** The last request's time (written at most once a minute): the idle timeout counts from it. */
  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ name: 'ended_reason', type: 'varchar', length: 32, nullable: true })
  endedReason: SessionEnd | null;

  /** Where the sign-in came from (the address `trust proxy` tells) and its browser, for the user's list. */
  @Column({ type: 'varchar', length: 64 })
  source: string;

  @Column({ name: 'user_agent', type: 'varchar', length: 200, nullable: true })
  userAgent: string | null;
}

export const USER_SESSION_ENTITIES = [UserSessionEntity];
