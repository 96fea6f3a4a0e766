import { INestApplication } from '@nestjs/common';
import { RecipeSetsService, RecipeSetSummary } from '../../src/recipe-sets';

/** `count` recipe sets of the `tee` product for a client, created through the real service. */
export function createRecipeSets(
  app: INestApplication,
  clientId: string,
  count = 1,
): Promise<RecipeSetSummary[]> {
  return app.get(RecipeSetsService).create(clientId, { productHandle: 'tee', count });
}
