import { Body, Controller, Param, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { Actor } from '../common/auth/actor';
import { Authenticated } from '../common/auth/access.decorators';
import { PlanActor, PlanLimited } from '../plans';
import { ImageGenDocs } from './imagegen-docs';
import { ImageGenService } from './imagegen.service';

/** Image generation: the only routes of this controller, so that limits can apply to all. */
@ApiTags('Image generation')
@Authenticated()
@PlanLimited()
@Controller('api/imagegen')
export class ImageGenController {
  constructor(private readonly images: ImageGenService) {}

  @Post(':generator')
  @ImageGenDocs()
  async generateImage(
    @PlanActor() actor: Actor,
    @Param('generator') generator: string,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.images.generate(actor, generator, query.format, body);
    if (answer.kind === 'saved') {
      res.status(201).json({ data: answer.asset });
      return;
    }
    res
      .status(200)
      .setHeader('Content-Type', answer.contentType)
      .setHeader('Content-Disposition', `inline; filename="${answer.fileName}"`)
      .setHeader('ETag', answer.etag)
      .end(answer.bytes);
  }
}
