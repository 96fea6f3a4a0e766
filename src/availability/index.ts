/**
 * What other modules may use of the availability module. Everything else in this folder is its
 * own business.
 */
export { AvailabilityModule } from './availability.module';
export { AvailabilityService } from './availability.service';
/** For the whole-schema list. */
export { AVAILABILITY_ENTITIES } from './entities';
