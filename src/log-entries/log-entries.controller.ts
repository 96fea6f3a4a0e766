import { Controller, Get, Header, Param, Req, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { Request, Response } from 'express';
import { Public } from '../common/auth/access.decorators';
import { ApiTextError } from '../common/openapi/api-text-error.decorator';
import { LogEntryDto } from './log-entries.dto';
import { LogEntriesService } from './log-entries.service';
import { renderLogEntryPage } from './log-entry.page';

/**
 * The page an error body links to. Public by design: the random id is the capability, and the
 * entry holds no personal data (docs/design.md §4).
 */
@ApiTags('Log entries')
@ApiExtraModels(LogEntryDto)
@Public()
@Controller('logentry')
export class LogEntriesController {
  constructor(private readonly logEntries: LogEntriesService) {}

  @Get('detail/:logId')
  @ApiOperation({
    operationId: 'getLogEntry',
    summary: 'Show a log entry linked from an error (HTML, or JSON on Accept: application/json)',
    description:
      'The log entry an error response links to (`Log entry: …/logentry/detail/{id}`): time, request id, method, route, status, error code and message, without personal data or stack traces. Public, as the link is given to the caller; entries are purged after LOG_ENTRY_RETENTION_DAYS. HTML by default, JSON with `Accept: application/json`.',
  })
  @ApiProduces('text/html', 'application/json')
  @ApiOkResponse({
    description: 'The log entry.',
    content: {
      'text/html': { schema: { type: 'string' } },
      'application/json': { schema: { $ref: getSchemaPath(LogEntryDto) } },
    },
  })
  @ApiTextError(404, 'No such log entry (or it has been purged).')
  @Header('Cache-Control', 'no-store')
  @Header('Vary', 'Accept')
  async getLogEntry(
    @Param('logId') logId: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const entry: LogEntryDto = await this.logEntries.get(logId);
    if (req.accepts(['text/html', 'application/json']) === 'application/json') {
      res.json(entry);
    } else {
      res.type('text/html; charset=utf-8').send(renderLogEntryPage(entry));
    }
  }
}
