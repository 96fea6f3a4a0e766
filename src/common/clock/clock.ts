import { Global, Injectable, Module } from '@nestjs/common';

/**
 * "Now" for the services: the times they store (last modification, production start) and the
 * defaults they compute come from here, so tests move time instead of waiting for it.
 */
export abstract class Clock {
  abstract now(): Date;
}

@Injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }],
  exports: [Clock],
})
export class ClockModule {}
