/** Examples for the OpenAPI document, from the partners' documentation (COMPATIBILITY.md). */
export const ACK_EXAMPLE = {
  purchaseOrderNumber: '42015953',
  orderDate: '2022-01-31T13:15:05.2151663-05:00',
  emailAddress: 'jane@example.com',
  phoneNumber: '+1 555 0100',
  priority: 'normal',
  proofStatus: 'Requested',
  shippingAddress: {
    firstName: 'Jane',
    lastName: 'Doe',
    address1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    postalCode: '62701',
    country: 'US',
  },
  lineItems: [
    { recipeSetId: 'DEMTEE2A', skuQuantities: [{ sku: 'DEMO-TEE-WHT-S', quantity: '2' }] },
  ],
};

export const NOT_FOUND_404 =
  'Recipe set ABCD2345 was not found. Log entry: https://api.example.com/logentry/detail/3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11';
export const CONFLICT_409 =
  'Purchase order 42015953 was already submitted. Log entry: https://api.example.com/logentry/detail/3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11';
