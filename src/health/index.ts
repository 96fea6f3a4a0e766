/** What other modules may use of the health module: the module class and the worker's probes. */
export { HealthModule } from './health.module';
export { serveWorkerProbes } from './worker-probes';
