import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/auth/access.decorators';
import { CONSOLE_BUILD } from './console.tokens';
import { consolePage, HASHED_ASSET, type ConsoleBuild } from './console-files';

/**
 * The admin console at /console (docs/console.md): a single-page app on this origin that calls the
 * public API under a session (POST /api/session). Its hashed assets are cached for a year; every
 * other console path answers index.html, with the console's strict Content-Security-Policy.
 * Public: the files hold no data; every API call the app makes is authorised as any other.
 */
@ApiExcludeController()
@Public()
@Controller('console')
export class ConsoleController {
  constructor(@Inject(CONSOLE_BUILD) private readonly build: ConsoleBuild | null) {}

  @Get(['assets/*file'])
  asset(@Param('file') file: string[] | string, @Res() res: Response): void {
    const name = `assets/${Array.isArray(file) ? file.join('/') : file}`;
    if (!this.build || !HASHED_ASSET.test(name)) {
      res.status(404).type('text/plain').send(`No console file ${name}.`);
      return;
    }
    // `root` makes send refuse anything outside the build; the name is checked above besides.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.sendFile(
      name,
      { root: this.build.root, dotfiles: 'deny', cacheControl: false },
      (err?: Error) => {
        if (err && !res.headersSent)
          res.status(404).type('text/plain').send(`No console file ${name}.`);
      },
    );
  }

  @Get(['', '*path'])
  page(@Res() res: Response): void {
    if (!this.build) {
      res
        .status(503)
        .type('text/plain')
        .send('The console is not built: run `npm run build` (npm start builds it when stale).');
      return;
    }
    const { html, policy } = consolePage(this.build);
    res
      .status(200)
      .set({
        'Content-Security-Policy': policy,
        'Cache-Control': 'no-cache',
        'Referrer-Policy': 'same-origin',
        'X-Robots-Tag': 'noindex, nofollow',
      })
      .type('text/html; charset=utf-8')
      .send(html);
  }
}
