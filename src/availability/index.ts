/**
 * What other modules may use of the availability module. Everything else in this folder is its
 * own business.
 */
export { AvailabilityModule } from './availability.module';
/** Its routes: the API composes it, the worker and the CLI do not (src/composition.ts). */
export { AvailabilityHttpModule } from './availability-http.module';
export { AvailabilityService } from './availability.service';
/** For the whole-schema list. */
export { AVAILABILITY_ENTITIES } from './entities';
