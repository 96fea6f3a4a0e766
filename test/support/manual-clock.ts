import { Clock } from '../../src/common/clock/clock';

/** A clock that stands still until a test moves it. */
export class ManualClock extends Clock {
  constructor(private at = Date.now()) {
    super();
  }

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
