import { JobWorker, TakenJob, WorkerQueue } from './job-worker';

const job = (id: string): TakenJob<string> => ({ id, data: id, retryCount: 0, priority: 2 });

/** A queue holding `jobs` that records outcomes; `failRecording` makes recording reject. */
function fakeQueue(jobs: TakenJob<string>[], failRecording = false) {
  const outcomes: string[] = [];
  const queue: WorkerQueue<string> = {
    take: () => Promise.resolve(jobs.shift()),
    complete: (j) => {
      outcomes.push(`completed ${j.id}`);
      return failRecording ? Promise.reject(new Error('database down')) : Promise.resolve();
    },
    fail: (j, err) => {
      outcomes.push(`failed ${j.id}: ${(err as Error).message}`);
      return failRecording ? Promise.reject(new Error('database down')) : Promise.resolve();
    },
  };
  return { queue, outcomes };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('JobWorker', () => {
  const errors: string[] = [];
  const options = {
    pollMs: 10_000,
    attemptTimeoutMs: 1000,
    onError: (err: unknown, what: string) => errors.push(`${what}: ${(err as Error).message}`),
  };
  beforeEach(() => (errors.length = 0));

  it('runs the waiting jobs one after another and records each outcome', async () => {
    const { queue, outcomes } = fakeQueue([job('a'), job('b'), job('c')]);
    const ran: string[] = [];
    const worker = new JobWorker(
      queue,
      (j) => {
        ran.push(j.data);
        return j.id === 'b' ? Promise.reject(new Error('no fonts')) : Promise.resolve();
      },
      options,
    );
    worker.start();
    await until(() => outcomes.length === 3);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(outcomes).toEqual(['completed a', 'failed b: no fonts', 'completed c']);
    expect(await worker.stop(1000)).toBe(true);
  });

  it('survives outcomes that cannot be recorded (the database is gone): told, never thrown', async () => {
    const { queue, outcomes } = fakeQueue([job('a'), job('b')], true);
    const worker = new JobWorker(
      queue,
      (j) => (j.id === 'a' ? Promise.resolve() : Promise.reject(new Error('boom'))),
      options,
    );
    worker.start();
    await until(() => errors.length === 2);
    expect(outcomes).toEqual(['completed a', 'failed b: boom']);
    expect(errors).toEqual([
      'record the job completed: database down',
      'record the job failed: database down',
    ]);
    expect(await worker.stop(1000)).toBe(true);
  });

  it('fails an attempt that runs past its time and goes on to the next job', async () => {
    const { queue, outcomes } = fakeQueue([job('slow'), job('next')]);
    const worker = new JobWorker(
      queue,
      (j) => (j.id === 'slow' ? new Promise<void>(() => {}) : Promise.resolve()),
      { ...options, attemptTimeoutMs: 30 },
    );
    worker.start();
    await until(() => outcomes.length === 2);
    expect(outcomes).toEqual(['failed slow: the attempt took longer than 30 ms', 'completed next']);
    expect(await worker.stop(1000)).toBe(true);
  });

  it('polls again when notified instead of waiting for the interval', async () => {
    const jobs: TakenJob<string>[] = [];
    const { queue, outcomes } = fakeQueue(jobs);
    const worker = new JobWorker(queue, () => Promise.resolve(), options);
    worker.start();
    await new Promise((r) => setTimeout(r, 20));
    jobs.push(job('late'));
    worker.notify();
    await until(() => outcomes.length === 1);
    expect(outcomes).toEqual(['completed late']);
    expect(await worker.stop(1000)).toBe(true);
  });

  it('stop waits for the running job, and answers false when it outlasts the timeout', async () => {
    let finish!: () => void;
    const { queue, outcomes } = fakeQueue([job('long')]);
    const worker = new JobWorker(
      queue,
      () => new Promise<void>((resolve) => (finish = resolve)),
      options,
    );
    worker.start();
    await until(() => finish !== undefined);
    expect(await worker.stop(20)).toBe(false);
    finish();
    expect(await worker.stop(1000)).toBe(true);
    expect(outcomes).toEqual(['completed long']);
  });
});
