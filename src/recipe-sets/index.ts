/**
 * What other modules may use of the recipe-sets module. Everything else in this folder is its
 * own business (lint forbids deep imports from outside).
 */
export { RecipeSetsModule } from './recipe-sets.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { RecipeSetsHttpModule } from './recipe-sets-http.module';
export {
  createCountProblem,
  MAX_RECIPE_SETS_PER_CREATE,
  RecipeSetsService,
} from './recipe-sets.service';
export type { RecipeSetRecord, RecipeSetSummary } from './recipe-sets.service';
/** The catalog's, as orderableProducts answers them. */
export type { OrderableProduct } from '../catalog';
export { RecipeSetDesignsService } from './recipe-set-designs.service';
export type { DesignedRecipeSet } from './recipe-set-designs.service';
export type { Design, DesignElement, LocationDesign, TextElement, ImageElement } from './design';
export { RecipeSetNotFound, TooManyRecipeSets } from './recipe-sets.errors';
/** The design example, for the OpenAPI examples that design on the demo's upload. */
export { DESIGN_EXAMPLE } from './recipe-sets.examples';
export { parseRecipeSetRef } from './readable-id';
export { ApiRecipeSetRefParam, RECIPE_SET_REF_PATTERN } from './recipe-set-ref.param';
export type { RecipeSetRef } from './readable-id';
export { RECIPE_STATUSES, RecipeStatus } from './recipe-status';
export {
  drawsSomething,
  PRINT_BLEED_MM,
  PRINT_BYTES_PER_PIXEL,
  printCanvasPixels,
  printCostProblems,
  printJobBytes,
  printPixels,
} from './print-cost';
/** For relations (foreign keys) of other modules' entities, and the whole-schema list. */
export { RecipeSetEntity } from './entities/recipe-set.entity';
/** For other modules' SQL: the table's name, and the lookups they may embed. */
export { RECIPE_SET_TABLE } from './entities/recipe-set.entity';
export { recipeSetReadableIdOf } from './recipe-set-sql';
export { RECIPE_SET_ENTITIES } from './entities';
