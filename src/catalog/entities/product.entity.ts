import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { ClientAccountEntity } from '../../clients';
import type { ProductDefinition } from '../product-definition';

/** The table of products, for the SQL of other modules (they import it, not write it). */
export const PRODUCT_TABLE = 'product';

/**
 * A product of a client's catalog. The definition (options, SKUs, locations, view angles, render
 * states) is one JSON document: it is read and written whole, by admins, and renders read it whole.
 */
@Entity({ name: PRODUCT_TABLE })
@Unique('UQ_product_client_handle', ['clientId', 'handle'])
export class ProductEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @ManyToOne(() => ClientAccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'client_id' })
  client?: ClientAccountEntity;

  /** Lower-case; unique within the client. */
  @Column({ type: 'varchar', length: 64 })
  handle: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'jsonb' })
  definition: ProductDefinition;

  /** Incremented on every replacement of the definition. */
  @Column({ type: 'int', default: 1 })
  version: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_modified_at', type: 'timestamptz', default: () => 'now()' })
  lastModifiedAt: Date;

  /** Whether designs of this product may be shared (`sharingEnabled` of the definition). */
  @Column({ name: 'sharing_enabled', type: 'boolean', default: true })
  sharingEnabled: boolean;
}
