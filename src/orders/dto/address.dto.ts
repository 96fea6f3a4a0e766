import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { LenientString } from '../../common/validation/lenient';

const field = (example: string) => ApiPropertyOptional({ type: String, nullable: true, example });

/** Customer or shipping address: every field nullable (POST /api/order requires some, see ADDRESS_REQUIRED). */
export class AddressDto {
  @field('Jane') @IsOptional() @LenientString(200) firstName?: string | null;
  @field('Doe') @IsOptional() @LenientString(200) lastName?: string | null;
  @field('1 Main St') @IsOptional() @LenientString(200) address1?: string | null;
  @field('Suite 5') @IsOptional() @LenientString(200) address2?: string | null;
  @field('Springfield') @IsOptional() @LenientString(200) city?: string | null;
  @field('IL') @IsOptional() @LenientString(100) state?: string | null;
  @field('Ontario') @IsOptional() @LenientString(100) province?: string | null;
  @field('62701') @IsOptional() @LenientString(40) postalCode?: string | null;
  @field('US') @IsOptional() @LenientString(100) country?: string | null;
}

/** Fields `POST /api/order` requires in both addresses. */
export const ADDRESS_REQUIRED = [
  'firstName',
  'lastName',
  'address1',
  'city',
  'state',
  'postalCode',
  'country',
] as const;

export interface Address {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  province: string | null;
  postalCode: string | null;
  country: string | null;
}
