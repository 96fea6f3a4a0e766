import { EventType } from './event-recorder';

type Schema = Record<string, unknown>;

const str = (description: string, example?: unknown): Schema => ({
  type: 'string',
  description,
  ...(example === undefined ? {} : { example }),
});
const int = (description: string, example?: number): Schema => ({
  type: 'integer',
  description,
  ...(example === undefined ? {} : { example }),
});
const strings = (description: string, example: string[]): Schema => ({
  type: 'array',
  items: { type: 'string' },
  description,
  example,
});

const CLIENT = { clientHandle: str('The client the event belongs to.', 'acme') };
const ORDER = {
  ...CLIENT,
  purchaseOrderNumber: str('The purchase order.', 'PO-2026-0042'),
  sequence: int(
    "1, 2, 3… for the purchase order's events (per client); delivered to an endpoint in this order.",
    2,
  ),
};
const LINE = {
  recipeSetReadableId: str("The line item's recipe set.", 'DEMTEE2A'),
  lineItemId: int('The line item (`lineItems[].id` of the order).', 1042),
  externalLineItemId: {
    ...str("The partner's own line item id, if it gave one.", 'L-7'),
    nullable: true,
  },
};
const RECIPE_SET = {
  ...CLIENT,
  recipeSetReadableId: str('The recipe set.', 'DEMTEE2A'),
};

/** Each event type: when it is sent, and its `data`. The OpenAPI document's `x-webhooks`. */
export const EVENT_CATALOG: Record<EventType, { summary: string; data: Record<string, Schema> }> = {
  'order.acknowledged': {
    summary:
      'A purchase order was acknowledged (POST /api/order/acknowledgement(s), POST /api/order).',
    data: {
      ...ORDER,
      recipeSetReadableIds: strings('Its recipe sets (the first 500).', ['DEMTEE2A']),
      recipeSetCount: int('How many recipe sets it names.', 1),
      lineItemCount: int('How many line items it has.', 1),
    },
  },
  'order.warning': {
    summary:
      "A purchase order was acknowledged with warnings: the client's SKU policy is `warn` and line items' SKUs are not ones their recipe set's product lists, or contradict the design. Sent after its `order.acknowledged`.",
    data: {
      ...ORDER,
      warnings: {
        type: 'array',
        description: 'The warnings (the first 100), in line order.',
        items: {
          type: 'object',
          required: ['recipeSetReadableId', 'lineItemPosition', 'sku', 'message'],
          properties: {
            recipeSetReadableId: str("The line item's recipe set.", 'DEMTEE2A'),
            lineItemPosition: int("The line item's place in the order (0 for the first).", 0),
            sku: { ...str('The SKU the warning is about.', 'DEMO-TEE-BLK-M'), nullable: true },
            message: str(
              'What is wrong.',
              'SKU DEMO-TEE-BLK-M is colour black, but recipe set DEMTEE2A is designed in colour white.',
            ),
          },
        },
      },
      warningCount: int('How many warnings the order has.', 1),
    },
  },
  'order.line_item.status_changed': {
    summary:
      "A line item's workflow status changed (POST/PUT /api/order/status); a repeat of the same status sends nothing.",
    data: {
      ...ORDER,
      ...LINE,
      status: str('The new workflow status.', 'InProgress'),
      previousStatus: str('The status before.', 'NotStarted'),
    },
  },
  'order.shipment.recorded': {
    summary:
      'A ship notification added tracking numbers, a vendor or serial numbers to a line item (POST /api/order/ship-notification); one that adds nothing sends nothing.',
    data: {
      ...ORDER,
      ...LINE,
      shipmentVendor: { ...str('The shipment vendor.', 'UPS'), nullable: true },
      shipmentTracking: strings('The tracking numbers this notification added.', [
        '1Z999AA10123456784',
      ]),
      serialNumbersAdded: int('How many serial numbers it added.', 0),
    },
  },
  'recipe_set.status_changed': {
    summary:
      "A recipe set's status changed (ordered, through web-to-print, held, cancelled…). Delivered in order per recipe set.",
    data: {
      ...RECIPE_SET,
      status: str('The new status.', 'Ordered'),
      previousStatus: str('The status before.', 'Created'),
    },
  },
  'print_files.ready': {
    summary: 'The print files of a design version are ready.',
    data: {
      ...RECIPE_SET,
      designVersion: int('The design version they were made from.', 3),
      printFilesUrl: str(
        'Where to fetch them (with the API token).',
        'https://api.example.com/api/webtoprint/DEMTEE2A',
      ),
      locations: strings('The printable locations with files.', ['front', 'back']),
    },
  },
  'print_files.failed': {
    summary:
      'The print files of a design version could not be made (after the last retry, or at once for a design over the limits).',
    data: {
      ...RECIPE_SET,
      designVersion: int('The design version.', 3),
      error: str(
        'Why.',
        'The print files cannot be made: location front needs 180,000,000 pixels, more than 100,000,000.',
      ),
    },
  },
  'share.sent': {
    summary:
      'A design was shared by e-mail and/or SMS (POST /api/share/send). Counts only: never the recipients.',
    data: {
      ...RECIPE_SET,
      emailRecipients: int('Links sent by e-mail.', 1),
      smsRecipients: int('Links sent by SMS.', 1),
      shareLinkIds: strings('The share links (GET /api/share/links).', [
        '3f2c9a1e-8d4b-4c6a-9e1f-2b7d5a0c4e81',
      ]),
    },
  },
  'user.invitation.accepted': {
    summary: 'An invited user set a password and became Active.',
    data: {
      ...CLIENT,
      userId: str('The user.', '7d1e4c2a-5b6f-4a3e-9c8d-1f2e3a4b5c6d'),
      email: str('Their e-mail address.', 'jane@example.com'),
      role: str('Their role.', 'User'),
    },
  },
  'webhook.ping': {
    summary: 'A test sent with POST /api/webhooks/endpoints/{id}/test, to that endpoint only.',
    data: {
      ...CLIENT,
      endpointId: str('The endpoint tested.', '0b7f0a52-8a1c-4f7e-b1d2-6c3e9a8d7f10'),
    },
  },
};

/** The envelope of every event, with `data` as given. */
export function envelopeSchema(type: EventType, data: Schema): Schema {
  return {
    type: 'object',
    required: ['id', 'type', 'timestamp', 'data'],
    properties: {
      id: str(
        'The event id; also the `webhook-id` header, the same on every retry.',
        'evt_2b3Jx0yQf1mZ8vR4kT6wLg',
      ),
      type: { type: 'string', enum: [type] },
      timestamp: str('When the event happened (UTC, ISO 8601).', '2026-11-27T10:15:00.000Z'),
      data,
    },
  };
}
