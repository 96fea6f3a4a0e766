import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiResponseHeaders } from '../common/openapi/response-headers';
import { PrintFilesAnswer, WebToPrintService } from './web-to-print.service';
import { ApiRecipeSetRefParam } from '../recipe-sets';

const TEXT = { 'text/plain': { schema: { type: 'string' } } };

/** The answers every web-to-print route documents. */
function PrintFilesDocs(what: string): MethodDecorator {
  return (target, key, descriptor) => {
    for (const d of [
      ApiQuery({
        name: 'priority',
        required: false,
        description:
          'Priority of the generation this request starts if nothing started it: 0–4 or Lowest, Lower, Normal, Higher, Highest (any case); default 2. A proof (a recipe set no acknowledged order names yet) runs at most at Normal (2): a higher value is lowered to 2, so proofs never delay real orders.',
        schema: {
          type: 'string',
          enum: ['0', '1', '2', '3', '4', 'Lowest', 'Lower', 'Normal', 'Higher', 'Highest'],
          example: 'Highest',
        },
      }),
      ApiResponse({
        status: 303,
        description: `Ready: \`Location\` is ${what} on CDN_URL.`,
      }),
      ApiResponse({
        status: 200,
        description: `Ready, and the request's Accept is text/plain: the URL of ${what} as text.`,
        content: TEXT,
      }),
      ApiResponse({
        status: 202,
        description:
          'Not ready yet (generation was started at the given priority if nothing had started it); retry after `Retry-After` seconds.',
        content: TEXT,
      }),
      ApiResponseHeaders([303], 'Location'),
      ApiResponseHeaders([202], 'Retry-After'),
      ApiTextError(400, 'An invalid priority.'),
      ApiTextError(
        422,
        "The design's print files would exceed a ceiling (a design saved before it): a location's print canvas over PRINT_MAX_PIXELS.",
      ),
      ApiTextError(
        429,
        'A proof (the recipe set is not ordered) while the client already has PRINT_PROOF_QUEUE_LIMIT proofs queued or being made; retry after `Retry-After` seconds.',
      ),
      ApiTextError(
        403,
        'The recipe set is OnHold or Cancelled: its print files are not available.',
      ),
      ApiTextError(
        404,
        "No such recipe set (or another client's).",
        'Recipe set K7PQ4MZT was not found.',
      ),
    ])
      d(target, key, descriptor);
  };
}

const RECIPE_SET = ApiRecipeSetRefParam('recipeSetReadableId');

/** Web-to-print: the print-ready files of recipe sets. */
@ApiTags('Web-to-print')
@Authenticated()
@Controller('api/webtoprint')
export class WebToPrintController {
  constructor(private readonly webToPrint: WebToPrintService) {}

  @Get('uuid/:recipeUuid')
  @ApiOperation({
    operationId: 'getWebToPrintByUuid',
    summary: 'The print files (ZIP) of a recipe set, by UUID',
    description: 'As GET /api/webtoprint/{recipeSetReadableId}.',
  })
  @ApiParam({ name: 'recipeUuid', format: 'uuid' })
  @PrintFilesDocs('the ZIP')
  async byUuid(
    @CurrentActor() actor: Actor,
    @Param('recipeUuid') id: string,
    @Query('priority') priority: unknown,
    @Headers('accept') accept: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.webToPrint.zip(actor, id, priority), accept);
  }

  @Get(':recipeSetReadableId')
  @RECIPE_SET
  @ApiOperation({
    operationId: 'getWebToPrint',
    summary: 'The print files (ZIP) of a recipe set',
    description:
      "The print-ready files of the recipe set's current design: a ZIP of a PDF (print area plus 3 mm bleed, TrimBox and BleedBox, text as outlines) and a PNG at the location's DPI per designed location, and manifest.json. Ready: 303 to the ZIP (200 with its URL for Accept: text/plain). Not ready: 202 with Retry-After; the request starts generation at `priority` if nothing started it, so a recipe set can be proofed before it is ordered. Generation that failed for good: 500 with the reason (the one `print_files.failed` carries) and the log link.",
  })
  @PrintFilesDocs('the ZIP')
  async zip(
    @CurrentActor() actor: Actor,
    @Param('recipeSetReadableId') id: string,
    @Query('priority') priority: unknown,
    @Headers('accept') accept: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.webToPrint.zip(actor, id, priority), accept);
  }

  @Get(':recipeSetReadableId/location/:location')
  @RECIPE_SET
  @ApiParam({ name: 'location', example: 'front' })
  @ApiOperation({
    operationId: 'getWebToPrintLocation',
    summary: "One location's print-ready PDF",
    description:
      'As GET /api/webtoprint/{recipeSetReadableId}, for the PDF of one location; 404 for a location the product does not have or the design leaves blank.',
  })
  @PrintFilesDocs("the location's PDF")
  async location(
    @CurrentActor() actor: Actor,
    @Param('recipeSetReadableId') id: string,
    @Param('location') location: string,
    @Query('priority') priority: unknown,
    @Headers('accept') accept: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.webToPrint.locationPdf(actor, id, location, priority), accept);
  }
}

function send(res: Response, answer: PrintFilesAnswer, accept: string | undefined): void {
  if (answer.kind === 'pending') {
    res
      .status(202)
      .setHeader('Retry-After', String(answer.retryAfter))
      .type('text/plain; charset=utf-8')
      .send(
        `Print files of recipe set ${answer.recipeSet} are being prepared; retry in ${answer.retryAfter} seconds.`,
      );
    return;
  }
  if (prefersText(accept)) {
    res.status(200).type('text/plain; charset=utf-8').send(answer.url);
    return;
  }
  res.status(303).setHeader('Location', answer.url).end();
}

/** Whether the most preferred type of an Accept header is text/plain. */
function prefersText(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranked = accept
    .split(',')
    .map((part, i) => {
      const [type, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.type === 'text/plain';
}
