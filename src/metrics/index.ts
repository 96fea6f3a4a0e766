/** What other modules may use of the metrics module: the module class and its service. */
export { MetricsModule } from './metrics.module';
export { MetricsService } from './metrics.service';
