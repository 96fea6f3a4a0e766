import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { Public } from '../common/auth/access.decorators';
import { CrossOriginResource } from '../common/http/cross-origin-resource';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { ApiResponseHeaders } from '../common/openapi/response-headers';
import { MESSAGE_LOCALES } from '../messages';
import { SharePageService } from './share-page.service';

const HTML = { 'text/html': { schema: { type: 'string' } } };

/**
 * The page a share link opens. Public: the unguessable token in the path is the capability, so
 * the page is never stored by caches, never sends a Referer, and is not indexed.
 */
@ApiTags('Share')
@Public()
@Controller('share')
export class SharePageController {
  constructor(private readonly pages: SharePageService) {}

  @Get(':token')
  @ApiOperation({
    operationId: 'getSharePage',
    summary: 'The page a share link opens (HTML)',
    description:
      'Shows the shared design: the product name and its render, with link-preview tags (Open Graph, Twitter card), in the language the share was sent in. Public: the token in the link is the key. Without JavaScript, no-store, no referrer, not indexed.',
  })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The share page.', content: HTML })
  @ApiResponse({ status: 404, description: 'No such link (an HTML page says so).', content: HTML })
  @ApiResponse({
    status: 410,
    description:
      'The link expired or was revoked, or its design may no longer be shared (an HTML page says so).',
    content: HTML,
  })
  @ApiParam({ name: 'token', description: 'The token of the share link (43 characters).' })
  async getSharePage(@Req() req: Request, @Res() res: Response): Promise<void> {
    // Read as it came (not through the pipes, which answer 404 in text for text no table holds):
    // whatever it is, this page answers, in HTML.
    const token = String(req.params.token);
    const preferred = req.acceptsLanguages([...MESSAGE_LOCALES]) || undefined;
    const answer = await this.pages.page(token, preferred);
    res
      .status(answer.status)
      .set({
        'Content-Security-Policy': answer.policy,
        'Cache-Control': 'no-store, private',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex, nofollow',
      })
      .type('text/html; charset=utf-8')
      .send(answer.html);
  }

  /** Shown by the share page and the share e-mail, which web mail shows on its own origin. */
  @Get(':token/image')
  @CrossOriginResource()
  @ApiOperation({
    operationId: 'getShareImage',
    summary: 'The image a share link shows (e-mail and page)',
    description:
      "Redirects to the stored render of the shared design from its product's first view angle, while the link works: once it expires or is revoked, or its design may no longer be shared, the image stops too (410). Public: the token in the link is the key.",
  })
  @ApiParam({ name: 'token', description: 'The token of the share link (43 characters).' })
  @ApiResponse({
    status: 302,
    description: 'Redirect (`Location`) to the stored render on CDN_URL.',
  })
  @ApiResponseHeaders([302], 'Location')
  @ApiTextError(404, 'No such link.', 'This share link does not exist.')
  @ApiTextError(
    410,
    'The link expired or was revoked, or its design may no longer be shared.',
    'This share link has expired or was withdrawn.',
  )
  async getShareImage(@Req() req: Request, @Res() res: Response): Promise<void> {
    const answer = await this.pages.image(String(req.params.token));
    res.setHeader('Referrer-Policy', 'no-referrer').setHeader('X-Robots-Tag', 'noindex, nofollow');
    if (answer.status === 302) {
      // Checked on every use: not cached, so a revoked link's image stops at once.
      res.status(302).setHeader('Cache-Control', 'no-store, private');
      res.setHeader('Location', answer.location).end();
      return;
    }
    res
      .status(answer.status)
      .type('text/plain; charset=utf-8')
      .send(
        answer.status === 404
          ? 'This share link does not exist.'
          : 'This share link has expired or was withdrawn.',
      );
  }
}
