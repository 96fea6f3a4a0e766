import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * "Print files are due for this recipe set": written in the acknowledgement's transaction (an
 * outbox), consumed by the web-to-print module's queue.
 */
@Entity({ name: 'print_file_request' })
@Unique('UQ_print_file_request_order_recipe_set', ['orderId', 'recipeSetId'])
@Index('IDX_print_file_request_status', ['status', 'priority', 'createdAt'])
export class PrintFileRequestEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'client_id', type: 'uuid' })
  clientId: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ name: 'recipe_set_id', type: 'uuid' })
  recipeSetId: string;

  @Column({ type: 'smallint' })
  priority: number;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
