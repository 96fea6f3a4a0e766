import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { SpecificationService } from './specification.service';
import { ApiRecipeSetRefParam } from '../recipe-sets';

/** The placement specification PDF, outside `/api` where partner integrations fetch it. */
@ApiTags('Web-to-print')
@Authenticated()
@Controller()
export class SpecificationController {
  constructor(private readonly specifications: SpecificationService) {}

  @Get(':clientHandle/specification/:recipeSetId/pdf')
  @ApiOperation({
    operationId: 'getPlacementSpecification',
    summary: 'The placement specification PDF of a recipe set',
    description:
      "One A4 page per designed location: a render of the product, the print area with the design and each element's box, a table of positions, sizes and rotations in mm with fonts and colours, the embellishment, the SKUs and quantities of the order it was last acknowledged in, the readable id and a QR code linking to its print files. The handle must be the token's client (any, for a ServiceAdmin).",
  })
  @ApiParam({ name: 'clientHandle', example: 'acme' })
  @ApiRecipeSetRefParam('recipeSetId')
  @ApiProduces('application/pdf')
  @ApiResponse({
    status: 200,
    description: 'The PDF.',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiTextError(403, "The handle is not the token's client.")
  @ApiTextError(
    404,
    "No such recipe set (or another client's).",
    'Recipe set K7PQ4MZT was not found.',
  )
  async specification(
    @CurrentActor() actor: Actor,
    @Param('clientHandle') clientHandle: string,
    @Param('recipeSetId') recipeSetId: string,
    @Res() res: Response,
  ): Promise<void> {
    const { name, bytes } = await this.specifications.pdf(actor, clientHandle, recipeSetId);
    res
      .status(200)
      .type('application/pdf')
      .setHeader('Content-Disposition', `inline; filename="${name}"`)
      .setHeader('Cache-Control', 'private, no-cache')
      .end(bytes);
  }
}
