import { readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { sourceFiles } from '../../../test/support/source-files';
import { JOB_QUEUES } from './job-registry';

const SRC = join(__dirname, '..', '..');

/** `print-files` → `PrintFilesJob`. */
const className = (job: string): string =>
  `${job.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Job`;

/** The job names each source file registers a handler for (`….handle('<job>', …)`). */
function handlersInSource(): { job: string; file: string }[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\.handle\(\s*'([a-z0-9-]+)'/g)].map((m) => ({
      job: m[1],
      file: relative(SRC, file),
    })),
  );
}

/**
 * The convention of job handlers: the handler of job `<job>` is registered (JobQueue.handle) in
 * a file `<job>.job.ts`, by its class `<Job>Job`, and nowhere else; at start JobQueue refuses a
 * process whose handlers do not match the registry (job-handlers.ts).
 */
describe('job handler files', () => {
  const jobs = Object.keys(JOB_QUEUES);
  const handlers = handlersInSource();

  it('finds the handlers of the source', () => {
    expect(handlers.length).toBeGreaterThanOrEqual(4);
  });

  it('registers exactly one handler for every job of the registry, and none for another', () => {
    const count = (job: string) => handlers.filter((h) => h.job === job).length;
    expect(jobs.filter((job) => count(job) !== 1).map((job) => `${job}: ${count(job)}`)).toEqual(
      [],
    );
    expect(handlers.filter((h) => !jobs.includes(h.job))).toEqual([]);
  });

  it("registers each job's handler in its <job>.job.ts, by its class <Job>Job", () => {
    const misplaced = handlers.filter((h) => basename(h.file) !== `${h.job}.job.ts`);
    expect(misplaced).toEqual([]);
    for (const { job, file } of handlers)
      expect(readFileSync(join(SRC, file), 'utf8')).toContain(`export class ${className(job)} `);
  });

  it('names job classes after their job', () => {
    expect(className('print-files')).toBe('PrintFilesJob');
    expect(className('sandbox-scenario')).toBe('SandboxScenarioJob');
  });
});
