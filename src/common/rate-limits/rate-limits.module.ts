import { Global, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { CommonSettings } from '../settings/common-settings';
import { RedisConnection } from '../redis/redis-connection';
import { RedisThrottlerStorage } from './redis-throttler-storage';

/**
 * Rate limits (`@nestjs/throttler`), counted in Redis across instances when REDIS_URL is set. The
 * `default` throttler is the per-source limit of the credential check; a route opts in with
 * `@UseGuards(ThrottlerGuard)`.
 */
@Global()
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [CommonSettings, RedisConnection],
      useFactory: (config: CommonSettings, redis: RedisConnection) => ({
        storage: new RedisThrottlerStorage(redis),
        throttlers: [{ name: 'default', ttl: 60_000, limit: config.rateLimitPerMinute }],
      }),
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitsModule {}
