import { JobHandlers, JobHandlersMismatch } from './job-handlers';
import { JOB_QUEUES, JobName } from './job-registry';

const JOBS = Object.keys(JOB_QUEUES) as JobName[];
const registration = (name: JobName) => ({
  name,
  handler: () => Promise.resolve(),
  concurrency: 1,
});

/** The handlers of every job of the registry but `except`. */
function handlersBut(...except: JobName[]): JobHandlers {
  const handlers = new JobHandlers();
  for (const name of JOBS.filter((n) => !except.includes(n))) handlers.add(registration(name));
  return handlers;
}

describe('JobHandlers', () => {
  it('accepts one handler for every job of the registry', () => {
    const handlers = handlersBut();
    expect(() => handlers.checkComplete()).not.toThrow();
    expect(handlers.all.map((r) => r.name)).toEqual(JOBS);
  });

  it('refuses a second handler for a job at once, naming the job', () => {
    const handlers = handlersBut();
    expect(() => handlers.add(registration('print-files'))).toThrow(
      "more than one handler for 'print-files'",
    );
    expect(handlers.all.filter((r) => r.name === 'print-files')).toHaveLength(1);
  });

  it('refuses a registry with a job nobody handles, naming every such job', () => {
    const handlers = handlersBut('sandbox-scenario', 'deliver-webhook');
    let thrown: unknown;
    try {
      handlers.checkComplete();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(JobHandlersMismatch);
    expect((thrown as JobHandlersMismatch).missing).toEqual([
      'deliver-webhook',
      'sandbox-scenario',
    ]);
    expect((thrown as Error).message).toContain(
      "no handler for 'deliver-webhook', 'sandbox-scenario'",
    );
  });

  it('refuses a handler of a job the registry does not have', () => {
    const handlers = handlersBut();
    expect(() => handlers.checkComplete(JOBS.filter((n) => n !== 'deliver-message'))).toThrow(
      "a handler for 'deliver-message', not in the registry",
    );
  });
});
