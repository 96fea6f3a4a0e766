import { OptionalText } from '../../common/validation/lenient';

/** Customer or shipping address: every field nullable (POST /api/order requires some, see ADDRESS_REQUIRED). */
export class AddressDto {
  @OptionalText(200, { example: 'Jane' }) firstName?: string | null;
  @OptionalText(200, { example: 'Doe' }) lastName?: string | null;
  @OptionalText(200, { example: '1 Main St' }) address1?: string | null;
  @OptionalText(200, { example: 'Suite 5' }) address2?: string | null;
  @OptionalText(200, { example: 'Springfield' }) city?: string | null;
  @OptionalText(100, { example: 'IL' }) state?: string | null;
  @OptionalText(100, { example: 'Ontario' }) province?: string | null;
  @OptionalText(40, { example: '62701' }) postalCode?: string | null;
  @OptionalText(100, { example: 'US' }) country?: string | null;
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
