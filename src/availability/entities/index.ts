import { AvailabilityChangeEntity } from './availability-change.entity';
import { AvailabilitySessionEntity } from './availability-session.entity';
import { SkuAvailabilityEntity } from './sku-availability.entity';

export const AVAILABILITY_ENTITIES = [
  SkuAvailabilityEntity,
  AvailabilityChangeEntity,
  AvailabilitySessionEntity,
];
