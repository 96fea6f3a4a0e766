import type { Address } from './dto/address.dto';

/**
 * What of an order is encrypted, and under which context (the FieldCipher binds a value to it, so
 * a value copied to another row does not decrypt): written by the acknowledgement's rows, read by
 * the purchase-order mapper.
 */

/** What `personal_data` holds, encrypted. */
export interface PersonalData {
  emailAddress: string | null;
  phoneNumber: string | null;
  customerAddress: Address | null;
  shippingAddress: Address | null;
}

/** The encryption context of an order's personal data: its id. */
export const personalDataContext = (orderId: string): string => `purchase_order:${orderId}`;

/** The encryption context of a line item's gift message: its order and position. */
export const giftMessageContext = (orderId: string, position: number): string =>
  `order_line_item:${orderId}:${position}`;
