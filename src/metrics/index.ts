/** What other modules may use of the metrics module: the module class and its service. */
export { MetricsModule } from './metrics.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { MetricsHttpModule } from './metrics-http.module';
export { MetricsService } from './metrics.service';
