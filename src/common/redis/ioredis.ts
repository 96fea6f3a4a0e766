/**
 * The one file that imports ioredis. Connections are opened by RedisConnection (the shared one),
 * Broadcast (its subscriptions) and pingRedis (the check at start); features use those.
 */
export { Redis } from 'ioredis';
