import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { ClientAccountEntity } from './client-account.entity';

/** Roles a user of a client account can have (a ServiceAdmin is an operator, not a user). */
export enum UserRole {
  User = 'User',
  Admin = 'Admin',
}

/** `Invited`: the invitation is not yet accepted; `Active`: can sign in; `Disabled`: cannot. */
export enum UserStatus {
  Invited = 'Invited',
  Active = 'Active',
  Disabled = 'Disabled',
}

/**
 * A person of a client account. The e-mail (kept lower-case) is a user at most once per client;
 * among live clients, at most one user who has accepted holds it (check-credentials names no
 * client), while a sandbox client's users hold addresses for that client alone (docs/design.md
 * §3). The password is an argon2id hash; the open invitation a SHA-256 hash of its link's token,
 * replaced when the invitation is sent again and cleared when it is accepted.
 */
@Entity({ name: 'app_user' })
@Index('IDX_app_user_client', ['clientId', 'invitedAt'])
@Unique('UQ_app_user_client_email', ['clientId', 'email'])
@Index('UQ_app_user_live_email', ['email'], {
  unique: true,
  where: 'accepted_at IS NOT NULL AND NOT sandbox',
})
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** The client's world (a copy of its sandbox flag, which never changes): see the indexes. */
  @Column({ type: 'boolean', default: false })
  sandbox: boolean;

  @Column({ name: 'first_name', type: 'varchar', length: 100, nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100, nullable: true })
  lastName: string | null;

  @Column({ type: 'varchar', length: 16 })
  role: UserRole;

  @Column({ type: 'varchar', length: 16 })
  status: UserStatus;

  /** The language of the invitation and of the acceptance pages (`en`, `de`, …). */
  @Column({ type: 'varchar', length: 16 })
  locale: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 200, nullable: true })
  passwordHash: string | null;

  @Column({
    name: 'invitation_token_hash',
    type: 'char',
    length: 64,
    nullable: true,
    unique: true,
  })
  invitationTokenHash: string | null;

  @Column({ name: 'invitation_expires_at', type: 'timestamptz', nullable: true })
  invitationExpiresAt: Date | null;

  /** When the (last) invitation was sent. */
  @Column({ name: 'invited_at', type: 'timestamptz' })
  invitedAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
