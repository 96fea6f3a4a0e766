/** What other modules may use of the health module: the module class and the worker's probes. */
export { HealthModule } from './health.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { HealthHttpModule } from './health-http.module';
export { serveWorkerProbes } from './worker-probes';
