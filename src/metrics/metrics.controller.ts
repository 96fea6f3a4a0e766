import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { Authenticated } from '../common/auth/access.decorators';
import { Role } from '../common/auth/role';
import { MetricsService } from './metrics.service';

@ApiTags('Operations')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Authenticated({ role: Role.ServiceAdmin })
  @ApiOperation({
    operationId: 'getMetrics',
    summary: 'Prometheus metrics (ServiceAdmin token)',
    description:
      "Counters and latency histograms of HTTP requests by method, route and status (`http_requests_total`, `http_request_duration_seconds`) and Node.js process metrics, in the Prometheus text format. Requires a ServiceAdmin token. A scraper on the internal network reads the same text without a token on the API's METRICS_PORT, when the operator sets one.",
  })
  @ApiOkResponse({
    description: 'Prometheus text format.',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  async getMetrics(@Res() res: Response): Promise<void> {
    res.type(this.metrics.contentType).send(await this.metrics.render());
  }
}
