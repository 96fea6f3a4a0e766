import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { ClientAccountEntity } from '../../clients';

/**
 * A word (or phrase) a client adds to the built-in list of a language, stored as it is matched:
 * lower case, without diacritics, words joined by one space.
 */
@Entity({ name: 'moderation_word' })
@Unique('UQ_moderation_word', ['clientId', 'locale', 'word'])
export class ModerationWordEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  /** The language (`de`), lower case. */
  @Column({ type: 'varchar', length: 8 })
  locale: string;

  @Column({ type: 'varchar', length: 500 })
  word: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
