import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ClientAccountEntity } from '../../clients';
import { RecipeSetEntity } from '../../recipe-sets';

/**
 * A share link (docs/design.md §9): one per recipient of a share, so that one can be revoked
 * without the others. The link is a capability: only the SHA-256 hash of its random token is
 * stored, and the recipient only masked (the outbox keeps the message itself, encrypted).
 */
@Entity({ name: 'share_link' })
@Index('IDX_share_link_recipe_set', ['clientId', 'recipeSetId', 'createdAt'])
export class ShareLinkEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ name: 'recipe_set_id', type: 'uuid' })
  recipeSetId: string;

  @ManyToOne(() => RecipeSetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipe_set_id' })
  recipeSet?: RecipeSetEntity;

  /** SHA-256 of the link's token, base64url. */
  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ type: 'varchar', length: 8 })
  channel: 'email' | 'sms';

  /** The recipient as listings show it (maskRecipient). */
  @Column({ name: 'recipient_hint', type: 'varchar', length: 100 })
  recipientHint: string;

  /** The locale of the message and of the share page (`en`, `de`, `fr`, `es`, `nl`). */
  @Column({ type: 'varchar', length: 16 })
  locale: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
