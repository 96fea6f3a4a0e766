import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { Idempotent } from '../common/idempotency/idempotent.decorator';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { CreateRecipeSetDto, RecipeSetEnvelopeDto, ReplaceDesignDto } from './recipe-sets.dto';
import { RecipeSetDesignsService } from './recipe-set-designs.service';
import { ApiRecipeSetRefParam } from './recipe-set-ref.param';

const RECIPE_SET = ApiRecipeSetRefParam('recipeSetId');
const INVALID_DESIGN =
  'Invalid design or options, naming each problem by its path: an unknown location, option value or font, a colour not #rrggbb, an anchor outside the print area, too many elements or too much text.';

/** Recipe sets with their designs: what storefronts write and everything downstream reads. */
@ApiTags('Recipe sets')
@Authenticated()
@Controller('api/recipesets')
export class RecipeSetsController {
  constructor(private readonly designs: RecipeSetDesignsService) {}

  @Post()
  @Idempotent()
  @ApiOperation({
    operationId: 'createRecipeSet',
    summary: 'Create a recipe set: a product of the catalog with options and a design',
    description:
      "Creates a recipe set of the caller's client on one of its products, with option values (an option left out takes its first value) and a design per location: text in a bundled font (GET /api/fonts) and uploaded images (POST /api/assets/uploaded), positioned in millimetres within the location's print area. Accepts an optional Idempotency-Key.",
  })
  @ApiCreatedResponse({ type: RecipeSetEnvelopeDto })
  @ApiTextError(
    400,
    `${INVALID_DESIGN} Or a productHandle the client's catalog does not have (named in the text), or a readableId without I, O, 0 or 1 (sandbox).`,
    'Invalid request: productHandle "mug" is not a product of this client\'s catalog (GET /api/catalog/{clientHandle}/products lists them).',
  )
  @ApiTextError(403, 'A readableId chosen by a live client (sandbox clients only).')
  @ApiTextError(404, "An image that is not one of the client's uploads.")
  @ApiTextError(409, 'The readableId chosen is taken.')
  async createRecipeSet(
    @CurrentActor() actor: Actor,
    @Body() body: CreateRecipeSetDto,
  ): Promise<RecipeSetEnvelopeDto> {
    return { data: await this.designs.createFor(actor, body) };
  }

  @Get(':recipeSetId')
  @RECIPE_SET
  @ApiOperation({
    operationId: 'getRecipeSet',
    summary: 'Read a recipe set with its design',
    description: "By readable id or UUID; another client's recipe set is 404.",
  })
  @ApiOkResponse({ type: RecipeSetEnvelopeDto })
  @ApiTextError(404, 'No such recipe set.', 'Recipe set K7PQ4MZT was not found.')
  async getRecipeSet(
    @CurrentActor() actor: Actor,
    @Param('recipeSetId') recipeSetId: string,
  ): Promise<RecipeSetEnvelopeDto> {
    return { data: await this.designs.get(actor, recipeSetId) };
  }

  @Put(':recipeSetId/design')
  @RECIPE_SET
  @ApiOperation({
    operationId: 'replaceRecipeSetDesign',
    summary: 'Replace the design of a recipe set',
    description:
      'Replaces the whole design and increments the version, while the recipe set is Created; once ordered it is 409. With `version`, also 409 when the recipe set has changed since that version.',
  })
  @ApiOkResponse({ type: RecipeSetEnvelopeDto })
  @ApiTextError(400, INVALID_DESIGN)
  @ApiTextError(404, "No such recipe set, or an image that is not one of the client's uploads.")
  @ApiTextError(
    409,
    'The recipe set is no longer Created, or is past the given version.',
    'Recipe set DEMTEE2A is Ordered: its design can change only while it is Created.',
  )
  async replaceRecipeSetDesign(
    @CurrentActor() actor: Actor,
    @Param('recipeSetId') recipeSetId: string,
    @Body() body: ReplaceDesignDto,
  ): Promise<RecipeSetEnvelopeDto> {
    return { data: await this.designs.replaceDesign(actor, recipeSetId, body) };
  }
}
