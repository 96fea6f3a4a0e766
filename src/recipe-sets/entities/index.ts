import { RecipeSetEntity } from './recipe-set.entity';

/** The tables the recipe-sets module owns. */
export const RECIPE_SET_ENTITIES = [RecipeSetEntity];
