import { releaseWorkerPool } from '../../src/common/workers/worker-pool';

// A unit spec that draws through the process's worker pool (renders, PDFs, print files) starts it
// without an application to release it: its threads end with the spec file, not with Jest's worker.
afterAll(() => releaseWorkerPool());
