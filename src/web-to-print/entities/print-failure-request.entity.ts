import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RecipeSetEntity } from '../../recipe-sets';

/**
 * A print-file failure a sandbox client asked for (POST /api/sandbox/recipesets/{id}/print-files/fail):
 * the next print-file run of the recipe set takes it and fails for good with its reason.
 */
@Entity({ name: 'print_failure_request' })
export class PrintFailureRequestEntity {
  @PrimaryColumn({
    name: 'recipe_set_id',
    type: 'uuid',
    primaryKeyConstraintName: 'PK_print_failure_request',
  })
  recipeSetId: string;

  @ManyToOne(() => RecipeSetEntity, { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'recipe_set_id',
    foreignKeyConstraintName: 'FK_print_failure_request_recipe_set',
  })
  recipeSet?: RecipeSetEntity;

  @Column({ type: 'varchar', length: 500 })
  reason: string;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;
}
