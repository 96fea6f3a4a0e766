/**
 * Runs `work` one at a time: a call while it runs asks for one more run once it ends (however
 * many calls came meanwhile), and its promise settles after that run. Failures go to `onError`;
 * the promise never rejects.
 */
export class CoalescedRun {
  private running?: Promise<void>;
  private again = false;

  constructor(
    private readonly work: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.work().catch(this.onError);
        } while (this.again);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Settles when no run is in progress. */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }
}
