import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor } from '../common/auth/actor';
import { Authenticated, CurrentActor } from '../common/auth/access.decorators';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { SignedRenderUrlDto, SignRenderUrlDto } from './render-links.dto';
import { RenderLinksService } from './render-links.service';

/** Signed render URLs: renders in `<img>` tags and e-mails, without the API token. */
@ApiTags('Rendering')
@Authenticated()
@Controller('api/assets/generated')
export class RenderLinksController {
  constructor(private readonly links: RenderLinksService) {}

  @Post('sign')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'signRenderUrl',
    summary: 'Sign a render URL so it works without the API token',
    description:
      "Signs a render URL of one of the caller's recipe sets (any form and parameters of the render route) with an HMAC over its path, parameters, client and expiry. The signed URL works without the token header until `expiresAt`, for `<img>` tags and e-mails; changing any parameter invalidates it. The URL is checked as the render route checks it. Signing keys are derived from the data keys and rotate with them: links signed with a key still listed keep working.",
  })
  @ApiOkResponse({ type: SignedRenderUrlDto })
  @ApiTextError(
    400,
    'Not a render URL, an invalid render parameter, `useCache=false`, or `expiresInSeconds` out of range.',
  )
  @ApiTextError(
    404,
    "No such recipe set (or another client's), or no such view angle.",
    'Recipe set K7PQ4MZT was not found.',
  )
  async signRenderUrl(
    @CurrentActor() actor: Actor,
    @Body() body: SignRenderUrlDto,
  ): Promise<SignedRenderUrlDto> {
    return this.links.sign(actor, body);
  }
}
