import { FIXED_EXAMPLE_CONTEXT } from '../common/openapi/document-examples';
import { ACK_EXAMPLE } from '../orders';
import { DESIGN_EXAMPLE } from '../recipe-sets';
import { DEMO_ID_PLACEHOLDERS, DemoExampleIds } from './demo-example-ids';
import { demoExamples } from './demo-examples';

const ids = {
  recipeUuid: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  tokenId: '00000000-0000-4000-8000-000000000003',
  shareLinkId: '00000000-0000-4000-8000-000000000004',
  moderationWordId: 41,
  blockedHashId: 42,
  webhookEndpointId: '00000000-0000-4000-8000-000000000005',
  webhookDeliveryId: '00000000-0000-4000-8000-000000000006',
  removableWebhookEndpointId: '00000000-0000-4000-8000-000000000007',
};

/** Each id as the table names it: by-name parameters, and the `id` of each operation. */
function named(table: ReturnType<typeof demoExamples>) {
  const id = (operationId: string) => table.operations[operationId].parameters!.id;
  return {
    recipeUuid: table.parameters.recipeUuid,
    userId: table.parameters.userId,
    tokenId: table.parameters.tokenId,
    shareLinkId: id('revokeShareLink'),
    moderationWordId: id('deleteModerationWord'),
    blockedHashId: id('unblockHash'),
    webhookEndpointId: id('getWebhookEndpoint'),
    webhookDeliveryId: id('redeliverWebhook'),
    removableWebhookEndpointId: id('deleteWebhookEndpoint'),
  };
}

describe('demoExamples', () => {
  it('names the fixed placeholders without ids (the committed document)', () => {
    expect(named(demoExamples(FIXED_EXAMPLE_CONTEXT))).toEqual(DEMO_ID_PLACEHOLDERS);
  });

  it("names the demo's ids read at run time, and a placeholder for a row that is gone", () => {
    expect(named(demoExamples(FIXED_EXAMPLE_CONTEXT, ids))).toEqual(ids);
    const gone = { ...ids, removableWebhookEndpointId: undefined };
    expect(named(demoExamples(FIXED_EXAMPLE_CONTEXT, gone))).toEqual({
      ...ids,
      removableWebhookEndpointId: DEMO_ID_PLACEHOLDERS.removableWebhookEndpointId,
    });
    // Every operation on the demo endpoint names the same one.
    const table = demoExamples(FIXED_EXAMPLE_CONTEXT, ids);
    for (const operationId of [
      'updateWebhookEndpoint',
      'rotateWebhookSecret',
      'testWebhookEndpoint',
      'listWebhookDeliveries',
      'replayWebhookEvents',
    ])
      expect(table.operations[operationId].parameters).toEqual({ id: ids.webhookEndpointId });
  });

  it("builds the design and the address from their owners' examples, on the demo's upload", () => {
    const table = demoExamples(FIXED_EXAMPLE_CONTEXT);
    const { design } = table.operations.replaceRecipeSetDesign.body as {
      design: typeof DESIGN_EXAMPLE;
    };
    expect(design.front).toEqual(DESIGN_EXAMPLE.front);
    expect(design.back.elements).toEqual([
      { ...DESIGN_EXAMPLE.back.elements[0], uploadedAssetId: 19 },
    ]);
    const order = table.operations.acknowledgeOrder.body as { shippingAddress: unknown };
    expect(order.shippingAddress).toEqual(ACK_EXAMPLE.shippingAddress);
  });

  it('names the bottle recipe set and its preset in the render-state routes only', () => {
    const table = demoExamples(FIXED_EXAMPLE_CONTEXT);
    expect(table.operations.renderRecipeSetStateCameraWidthHeight.parameters).toEqual({
      readableId: 'DEMBTL2A',
      renderStateHandle: 'print-output',
    });
    expect(table.parameters).not.toHaveProperty('renderStateHandle');
    expect(table.parameters.readableId).toBe('DEMTEE2A');
  });
});

describe('DemoExampleIds', () => {
  it('holds a copy of the ids it was given, none at first', () => {
    const holder = new DemoExampleIds();
    expect(holder.current()).toEqual({});
    const given = { ...ids };
    holder.set(given);
    given.userId = 'changed';
    expect(holder.current()).toEqual(ids);
  });
});
