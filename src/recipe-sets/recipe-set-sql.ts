import { RECIPE_SET_TABLE } from './entities/recipe-set.entity';

/**
 * SQL for the readable id of the recipe set whose id is the SQL expression `id` (a column of the
 * caller's query, as `li.recipe_set_id`): a lookup by primary key per row, NULL when `id` is.
 * Its own alias is `rs`, so `id` must not name an `rs` of the caller's query.
 */
export function recipeSetReadableIdOf(id: string): string {
  return `(SELECT rs.readable_id FROM ${RECIPE_SET_TABLE} rs WHERE rs.id = ${id})`;
}
