import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import {
  ApiExcludeEndpoint,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Response } from 'express';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { PROBLEM_JSON, ProblemDetails } from '../common/errors/problem-details';
import { CrossOriginResource } from '../common/http/cross-origin-resource';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiPathForms } from '../common/openapi/path-forms';
import { ApiConditionalGet, ApiResponseHeaders } from '../common/openapi/response-headers';
import { ANCHORS } from '../common/images/transform-layout';
import { HANDLE_PATTERN } from '../catalog';
import { WorkLimited, WorkPolicy } from '../plans';
import { RenderAnswer, RenderService } from './render.service';
import { NAMED_COLORS } from './resizer-params';
import { ApiRecipeSetRefParam } from '../recipe-sets';
import { LEGACY_FILTER_QUERY } from './legacy-filter-docs';
import { RENDER_PATH_FORMS } from './render-path-forms';

const BASE = 'api/assets/generated/recipeset/readable/:readableId';
const DESCRIPTION =
  'An image of the recipe set from a view angle of its product. Without resizing or transformation the answer is 302 to the stored render on CDN_URL (rendered first on a miss); with any, the image bytes (PNG unless `format` says otherwise) with a strong ETag (304 on If-None-Match). ' +
  'Also answered in the forms `…/{readableId}/view/{viewAngleHandle}` and with path-segment parameters `…/{readableId}/{viewAngleHandle}/state/{preset}/camera/{camera}/width/{w}/height/{h}` (any subset, any order; a setting given in the path may not be repeated in the query: 400). A path with `\\`, `.` or `..` segments, empty segments, or an encoded `.`, `/` or `\\` is refused (400) before routing: a signed URL binds the path exactly as it is routed. ' +
  "Query: `width`/`w`, `height`/`h` (one alone keeps the aspect ratio), `state=name:value` (repeatable, names case-insensitive, last wins), `renderStateHandle`, `camera`, `useCache` (default true), and image-resizer parameters `mode` (max|pad|crop|stretch), `scale` (down|both|up|canvas), `anchor`, `bgcolor`, `dpr`, `flip`, `rotate`, `crop=x1,y1,x2,y2`, `format` (png|jpeg|jpg|webp|gif), `quality`, `jpeg.quality`, `webp.quality`, `webp.lossless`, `png.quality`, and the legacy ImageResizer filters (`trim.threshold`, `trim.percentpadding`, `srotate`, `sflip`, `cropxunits`, `cropyunits`, `s.grayscale`, `s.sepia`, `s.invert`, `s.alpha`, `s.contrast`, `s.brightness`, `s.saturation`, `f.sharpen`, `f.sharpenwhen`, `down.filter`, `up.filter`, `ignoreicc`), applied in that API's fixed order (trim, srotate, sflip, crop, rotate, flip, scale, filters, pad) whatever the query's. Unknown parameters are ignored; an invalid value is 400 naming the parameter.";

const SIZE = { type: 'integer', minimum: 1, maximum: 4096 } as const;
const QUALITY = { type: 'integer', minimum: 1, maximum: 100 } as const;

/** Every query parameter the route reads (the parsers in render-query.ts say the exact rules). */
const QUERY = [
  { name: 'width', ...SIZE, description: 'Width in pixels; alone keeps the aspect ratio.' },
  { name: 'w', ...SIZE, description: 'Alias of width.' },
  { name: 'height', ...SIZE, description: 'Height in pixels; alone keeps the aspect ratio.' },
  { name: 'h', ...SIZE, description: 'Alias of height.' },
  {
    name: 'state',
    type: 'string',
    pattern: '^[^,:]*[^,:\\s][^,:]*:[^,]*[^,\\s][^,]*$',
    description: 'name:value (no comma); repeatable, names case-insensitive, last wins.',
  },
  { name: 'renderStateHandle', type: 'string', description: 'A preset of state values.' },
  { name: 'camera', type: 'string', description: 'A camera of the view: its crop and size.' },
  { name: 'useCache', type: 'boolean', description: 'false renders afresh (default true).' },
  { name: 'format', type: 'string', enum: ['png', 'jpeg', 'jpg', 'webp', 'gif'] },
  {
    name: 'mode',
    type: 'string',
    enum: ['max', 'pad', 'crop', 'stretch'],
    description: 'How the image fits the box (default max).',
  },
  {
    name: 'scale',
    type: 'string',
    enum: ['down', 'both', 'up', 'canvas'],
    description: 'Which way the image may be resized (default down).',
  },
  {
    name: 'anchor',
    type: 'string',
    enum: Object.keys(ANCHORS),
    description: 'Where the image sits in a padded or cropped box (default middlecenter).',
  },
  {
    name: 'bgcolor',
    type: 'string',
    pattern: `^(#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|${Object.keys(NAMED_COLORS).join('|')})$`,
    description: 'Padding and JPEG background: hex RGB, RRGGBB or RRGGBBAA, or a named colour.',
  },
  {
    name: 'dpr',
    type: 'number',
    minimum: 0.01,
    maximum: 4,
    description:
      'Device pixel ratio (above 0, at most 4; `2x` is taken too): multiplies width and height.',
  },
  {
    name: 'flip',
    type: 'string',
    enum: ['none', 'h', 'x', 'v', 'y', 'both', 'hv', 'vh', 'xy', 'yx'],
    description: 'Mirror left–right (h), top–bottom (v) or both.',
  },
  {
    name: 'rotate',
    type: 'integer',
    multipleOf: 90,
    description: 'Clockwise degrees, a multiple of 90 (negative turns counter-clockwise).',
  },
  {
    name: 'crop',
    type: 'string',
    pattern: `^\\s*[+-]?(\\d+(\\.\\d*)?|\\.\\d+)\\s*,\\s*[+-]?(\\d+(\\.\\d*)?|\\.\\d+)\\s*,\\s*[+-]?(\\d+(\\.\\d*)?|\\.\\d+)\\s*,\\s*[+-]?(\\d+(\\.\\d*)?|\\.\\d+)\\s*$`,
    description:
      'x1,y1,x2,y2 in pixels of the render; x2 and y2 of 0 or less count from the right and bottom edges.',
  },
  { name: 'quality', ...QUALITY, description: 'Encoder quality of JPEG and WebP (default 90).' },
  { name: 'jpeg.quality', ...QUALITY, description: 'JPEG quality (default 90).' },
  { name: 'webp.quality', ...QUALITY, description: 'WebP quality (default 90).' },
  {
    name: 'webp.lossless',
    type: 'boolean',
    description: 'Lossless WebP, up to 2048 × 2048 pixels (400 beyond: PNG is lossless too).',
  },
  { name: 'png.quality', ...QUALITY, description: 'PNG palette quantisation quality.' },
  ...LEGACY_FILTER_QUERY,
] as const;

/** Documents one form of the render route (they share the parameters and the answers). */
function RenderDocs(operationId: string, summary: string): MethodDecorator {
  return (target, key, descriptor) => {
    const decorators: MethodDecorator[] = [
      ApiOperation({ operationId, summary, description: DESCRIPTION }),
      ApiRecipeSetRefParam('readableId'),
      ApiParam({
        name: 'viewAngleHandle',
        example: 'north',
        schema: { type: 'string', pattern: HANDLE_PATTERN.source },
      }),
      ...QUERY.map(({ name, ...schema }) =>
        ApiQuery({ name, required: false, schema: { ...schema } as Record<string, unknown> }),
      ),
      ApiProduces('image/png', 'image/jpeg', 'image/webp', 'image/gif'),
      ApiResponse({
        status: 200,
        description: 'The transformed image.',
        content: Object.fromEntries(
          ['image/png', 'image/jpeg', 'image/webp', 'image/gif'].map((t) => [
            t,
            { schema: { type: 'string', format: 'binary' } },
          ]),
        ),
      }),
      ApiResponse({
        status: 302,
        description: 'Redirect (`Location`) to the stored render on CDN_URL.',
      }),
      ApiResponseHeaders([302], 'Location'),
      ApiConditionalGet([200]),
      ApiTextError(
        400,
        'An invalid parameter (a state override without `:` or with a comma, an unknown state, value, preset or camera, a size beyond the maximum, a setting in both the path and the query), or a path a URL normaliser would read differently (backslashes, `.`/`..` or empty segments, encoded `.`, `/` or `\\`).',
      ),
      ApiTextError(
        404,
        "No such recipe set (or another client's), or no such view angle.",
        'Recipe set K7PQ4MZT was not found.',
      ),
      ApiResponse({
        status: 503,
        description:
          "Too many renders at once (the client's share of the pool is busy and its queue full, or its turn did not come within RENDER_QUEUE_WAIT_MS), a render took longer than RENDER_TIMEOUT_MS (it is finished in the background), or the database or blob store is unavailable; retry after Retry-After seconds.",
        content: { [PROBLEM_JSON]: { schema: { $ref: getSchemaPath(ProblemDetails) } } },
      }),
    ];
    for (const d of decorators) d(target, key, descriptor);
  };
}

/**
 * The Render area: images of recipe sets. Signed render URLs are for `<img>` tags on storefronts
 * and in web mail, so the images (and redirects to them) may be embedded cross-origin.
 */
@ApiTags('Rendering')
@Authenticated({ signedUrls: true })
@CrossOriginResource()
@WorkLimited(WorkPolicy.Render)
@Controller()
export class RenderController {
  constructor(private readonly renders: RenderService) {}

  @Get(`${BASE}/:viewAngleHandle`)
  @RenderDocs('renderRecipeSet', 'Render a recipe set from a view angle')
  @ApiPathForms(RENDER_PATH_FORMS)
  async renderRecipeSet(
    @CurrentActor() actor: Actor,
    @Param('readableId') readableId: string,
    @Param('viewAngleHandle') view: string,
    @Query() query: Record<string, unknown>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.renders.render(actor, readableId, [view], query, ifNoneMatch));
  }

  @Get(`${BASE}/view/:viewAngleHandle`)
  @RenderDocs('renderRecipeSetView', 'Render a recipe set from a view angle (view/ form)')
  async renderRecipeSetView(
    @CurrentActor() actor: Actor,
    @Param('readableId') readableId: string,
    @Param('viewAngleHandle') view: string,
    @Query() query: Record<string, unknown>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.renders.render(actor, readableId, ['view', view], query, ifNoneMatch));
  }

  /**
   * The path-segment forms (`…/north/state/print-output/camera/Ortho/width/381`): documented as
   * copies of renderRecipeSet (RENDER_PATH_FORMS), as a wildcard cannot be.
   */
  @Get(`${BASE}/*path`)
  @ApiExcludeEndpoint()
  async renderRecipeSetSegments(
    @CurrentActor() actor: Actor,
    @Param('readableId') readableId: string,
    @Param('path') path: string[],
    @Query() query: Record<string, unknown>,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.renders.render(actor, readableId, path, query, ifNoneMatch));
  }
}

function send(res: Response, answer: RenderAnswer): void {
  switch (answer.kind) {
    case 'redirect':
      // The target changes with the design: the redirect itself is not cached.
      res.status(302).setHeader('Location', answer.location).end();
      return;
    case 'not-modified':
      res.status(304).setHeader('ETag', answer.etag).setHeader('Cache-Control', 'no-cache').end();
      return;
    case 'image':
      res
        .status(200)
        .setHeader('Content-Type', answer.contentType)
        .setHeader('ETag', answer.etag)
        // Revalidated on every use (304 is cheap): the same URL shows a new design version.
        .setHeader('Cache-Control', 'no-cache')
        .end(answer.bytes);
  }
}
