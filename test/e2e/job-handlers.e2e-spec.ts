import { TestingModuleBuilder } from '@nestjs/testing';
import { JobQueue } from '../../src/common/jobs/job-queue';
import { DeliverMessageJob } from '../../src/messages';
import { createTestApp, startBeside, TestApp } from '../setup/test-app';

/**
 * Every job of the registry has exactly one handler in a process that runs workers: the app
 * refuses to start otherwise, naming the jobs (src/common/jobs/job-handlers.ts).
 */
describe('Jobs: one handler per job, checked at start', () => {
  let t: TestApp;

  /** Starts the app on the test database (then closes it), as `override` changes it. */
  const startWith = (
    workers: boolean,
    override: (builder: TestingModuleBuilder) => void = () => undefined,
  ) =>
    startBeside(
      t,
      { WORKERS: String(workers) },
      {
        override,
        inspect: (app) => app.get(JobQueue).workers,
      },
    );
  /** The outbox's job registers no handler. */
  const withoutDeliverMessage = (builder: TestingModuleBuilder) =>
    builder.overrideProvider(DeliverMessageJob).useValue({});

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts its workers when every job has its handler', async () => {
    await expect(startWith(true)).resolves.toBe('up');
  });

  it('refuses to start its workers when a job has no handler, naming the job', async () => {
    await expect(startWith(true, withoutDeliverMessage)).rejects.toThrow(
      "Job handlers do not match the job registry (src/common/jobs/job-registry.ts): no handler for 'deliver-message'.",
    );
  });

  it('starts without workers (WORKERS=false, as the CLI) whatever handlers it has', async () => {
    await expect(startWith(false, withoutDeliverMessage)).resolves.toBe('disabled');
  });

  it('refuses a second handler for a job, with or without workers', async () => {
    const twice = (builder: TestingModuleBuilder) =>
      builder.overrideProvider(DeliverMessageJob).useFactory({
        factory: (jobs: JobQueue) => ({
          onModuleInit: () => {
            for (let i = 0; i < 2; i++)
              jobs.handle('deliver-message', () => Promise.resolve(), { concurrency: 1 });
          },
        }),
        inject: [JobQueue],
      });
    for (const workers of [true, false])
      await expect(startWith(workers, twice)).rejects.toThrow(
        "more than one handler for 'deliver-message'",
      );
  });
});
