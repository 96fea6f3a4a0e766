import { Global, Module } from '@nestjs/common';
import { Broadcast } from './broadcast';
import { RedisConnection } from './redis-connection';
import { SharedFlight } from './shared-flight';

export { RedisConnection, withTimeout } from './redis-connection';
export { SharedFlight } from './shared-flight';

/**
 * Redis for every feature (when `REDIS_URL` is set): the shared connection, broadcasts and
 * single flight across instances.
 */
@Global()
@Module({
  providers: [RedisConnection, Broadcast, SharedFlight],
  exports: [RedisConnection, Broadcast, SharedFlight],
})
export class RedisModule {}
