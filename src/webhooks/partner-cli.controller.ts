import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { Public } from '../common/auth/access.decorators';
import { projectRoot } from '../common/files/project-root';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { PartnerCliNotBuilt } from './webhooks.errors';

/** Where `npm run build` writes the partner CLI (scripts/build-partner-cli.mjs). */
export const PARTNER_CLI_FILE = join(projectRoot(), 'dist', 'pci.cjs');

/**
 * The partner commands (`pci listen`, `pci trigger`) as one file that `node` runs with nothing
 * installed: partners fetch it from the API they integrate with, in the version it serves.
 */
@ApiTags('Webhooks')
@Public()
@Controller('downloads')
export class PartnerCliController {
  private file: Promise<Buffer> | undefined;

  @Get('pci.cjs')
  @ApiOperation({
    operationId: 'getPartnerCli',
    summary: 'The partner CLI (pci listen, pci trigger) as one file for Node.js',
    description:
      "A dependency-free CommonJS file: `node pci.cjs listen --forward-to http://localhost:8080/` forwards the events of the token's client (PCI_TOKEN) to a local webhook receiver, signed per Standard Webhooks; `node pci.cjs trigger <event type>` causes an event for a sandbox client. Needs Node.js 20.19 or later. Public: it holds no secret.",
  })
  @ApiProduces('application/javascript')
  @ApiOkResponse({
    description: 'The file.',
    content: { 'application/javascript': { schema: { type: 'string' } } },
  })
  @ApiTextError(404, 'The server runs from sources that were not built.')
  @Header('Cache-Control', 'no-cache')
  async getPartnerCli(@Res() res: Response): Promise<void> {
    this.file ??= readFile(PARTNER_CLI_FILE);
    let body: Buffer;
    try {
      body = await this.file;
    } catch {
      this.file = undefined;
      throw new PartnerCliNotBuilt();
    }
    res.type('application/javascript; charset=utf-8').send(body);
  }
}
