import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { ProductEntity } from '../../catalog';
import { ClientAccountEntity } from '../../clients';
import type { Design } from '../design';
import { RecipeStatus } from '../recipe-status';

/** The table of recipe sets, for the SQL of other modules (they import it, not write it). */
export const RECIPE_SET_TABLE = 'recipe_set';

/** A customer's design of a product: what orders refer to, and what renders and print files derive from. */
@Entity({ name: RECIPE_SET_TABLE })
@Index(['clientId', 'status', 'lastModifiedAt'])
export class RecipeSetEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** 8 upper-case characters, unique across the service. */
  @Column({ name: 'readable_id', type: 'char', length: 8, unique: true })
  readableId: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  @Column({ name: 'product_handle', type: 'varchar', length: 100 })
  productHandle: string;

  /**
   * The catalog product designed on; null for recipe sets made without a design (before designs
   * existed, or blank ones made for tests). A product with recipe sets cannot be deleted.
   */
  @Index()
  @Column({ name: 'product_id', type: 'uuid', nullable: true })
  productId: string | null;

  @ManyToOne(() => ProductEntity, { onDelete: 'NO ACTION' })
  @JoinColumn({ name: 'product_id' })
  product?: ProductEntity;

  /** The chosen option values (`{"colour": "black", "size": "M"}`). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  options: Record<string, string>;

  @Column({ type: 'varchar', length: 40, default: RecipeStatus.Created })
  status: RecipeStatus;

  /** Design per location (docs/design.md §7): background and elements of each. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  design: Design;

  /** Incremented on every change of the design. */
  @Column({ type: 'int', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_modified_at', type: 'timestamptz', default: () => 'now()' })
  lastModifiedAt: Date;
}
