import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { JobQueue } from '../common/jobs/job-queue';
import { RedisConnection, withTimeout } from '../common/redis/redis.module';
import { HealthRepository } from './health.repository';

const CHECK_TIMEOUT_MS = 2000;

export class LivenessDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';
}

export class ReadinessChecksDto {
  @ApiProperty({ enum: ['up', 'down'] })
  database: 'up' | 'down';

  @ApiProperty({
    enum: ['up', 'down', 'disabled'],
    description: '"disabled" when REDIS_URL is not set.',
  })
  redis: 'up' | 'down' | 'disabled';

  @ApiProperty({
    enum: ['up', 'down', 'disabled'],
    description: 'This process\'s job workers; "disabled" with WORKERS=false.',
  })
  workers: 'up' | 'down' | 'disabled';
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ok', 'unavailable'] })
  status: 'ok' | 'unavailable';

  @ApiProperty({ type: ReadinessChecksDto })
  checks: ReadinessChecksDto;
}

@Injectable()
export class HealthService {
  constructor(
    private readonly database: HealthRepository,
    private readonly redis: RedisConnection,
    private readonly jobs: JobQueue,
  ) {}

  liveness(): LivenessDto {
    return { status: 'ok' };
  }

  async readiness(): Promise<ReadinessDto> {
    const [database, redis] = await Promise.all([
      this.checkDatabase(),
      this.redis.check(CHECK_TIMEOUT_MS),
    ]);
    const workers = this.jobs.workers;
    const ok = database === 'up' && redis !== 'down' && workers !== 'down';
    return { status: ok ? 'ok' : 'unavailable', checks: { database, redis, workers } };
  }

  private async checkDatabase(): Promise<'up' | 'down'> {
    try {
      await withTimeout(this.database.ping(), CHECK_TIMEOUT_MS);
      return 'up';
    } catch {
      return 'down';
    }
  }
}
