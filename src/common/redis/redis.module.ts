import { Global, Module } from '@nestjs/common';
import { Broadcast } from './broadcast';
import { RedisConnection } from './redis-connection';

export { RedisConnection, withTimeout } from './redis-connection';

/** Redis for every feature (when `REDIS_URL` is set): the shared connection and broadcasts. */
@Global()
@Module({ providers: [RedisConnection, Broadcast], exports: [RedisConnection, Broadcast] })
export class RedisModule {}
