import { Controller, Get, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Response } from 'express';
import { Public } from '../common/auth/access.decorators';
import { HealthService, LivenessDto, ReadinessDto } from './health.service';

@ApiTags('Operations')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('live')
  @ApiOperation({
    operationId: 'getLiveness',
    summary: 'The process is up',
    description: '200 while the process runs; it checks nothing else. Public.',
  })
  @ApiOkResponse({ type: LivenessDto })
  getLiveness(): LivenessDto {
    return this.health.liveness();
  }

  @Get('ready')
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'The database (and Redis when configured) answer',
    description:
      '200 when the database answers (and Redis, when REDIS_URL is set), 503 naming what is down. Each check gives up after 2 seconds. Public.',
  })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ type: ReadinessDto, description: 'A dependency is down.' })
  async getReadiness(@Res({ passthrough: true }) res: Response): Promise<ReadinessDto> {
    const readiness = await this.health.readiness();
    res.status(readiness.status === 'ok' ? 200 : 503);
    return readiness;
  }
}
