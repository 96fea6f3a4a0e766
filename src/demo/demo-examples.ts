import { PRODUCT_EXAMPLE } from '../catalog';
import type { DocumentExamples, ExampleContext } from '../common/openapi/document-examples';
import { ACK_EXAMPLE } from '../orders';
import { DESIGN_EXAMPLE } from '../recipe-sets';
import { accountExamples } from './demo-account-examples';
import type { DemoIds } from './demo-example-ids';
import { DEMO_ORGANIZATION } from './demo-saved-assets';
import { DEMO_RENDER_STATE_RECIPE_SET } from './demo.service';

/**
 * The OpenAPI document's examples, naming the demo data of a fresh `npm start` (client `demo`, its
 * recipe sets DEMTEE2A…, the demo T-shirt's view angles, the demo upload and library), so that
 * every operation in Swagger UI executes as shown with the demo Admin token (`npm run
 * swagger:examples` sends them all). Ids of the demo's uploads and library are those a fresh
 * embedded database gives them (identity columns, filled in the seed's order); those of its
 * account rows (a colleague, webhook endpoints…) are `ids`, read at run time (DemoExampleIds).
 */
const RECIPE_SET = 'DEMTEE2A';
/** The demo artwork's upload (on the back of every demo design) and its stored file. */
const DEMO_UPLOAD_ID = 19;
const DEMO_UPLOAD_FILE = '32bb1c85ccab493891245e5266667f4ba06023e054ba7fbfef3b18ae4dbc78c3.png';
/**
 * The demo library's saved assets: 1 and 2 have a production job each, 3 none (its example adds
 * one); 2 is the one deactivateSavedAsset's example deactivates.
 */
const SAVED_ASSET_WITH_JOB = 1;
const SAVED_ASSET_WITHOUT_JOB = 3;
const SAVED_ASSET_TO_DEACTIVATE = 2;
/** A demo recipe set no order example names: its design can change (until it is ordered). */
const UNORDERED_RECIPE_SET = 'DEMTEE2E';

const day = (context: ExampleContext, daysBefore: number): string =>
  new Date(context.now.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);

/** The design example, with the demo artwork's upload. */
const DESIGN = {
  ...DESIGN_EXAMPLE,
  back: {
    elements: DESIGN_EXAMPLE.back.elements.map((e) => ({ ...e, uploadedAssetId: DEMO_UPLOAD_ID })),
  },
};

const SECOND_TIME = (what: string) => ({
  statuses: [409],
  why: `when it runs a second time with the same ${what} (Swagger UI makes a new purchase order number each time it loads the document)`,
});
const SANDBOX_ONLY = {
  statuses: [403],
  why: "with a live token such as the demo's: the sandbox helpers answer sandbox tokens (`pci_test_…`) only",
};

const ADDRESS = ACK_EXAMPLE.shippingAddress;

function acknowledgement(context: ExampleContext, purchaseOrderNumber: string) {
  return {
    purchaseOrderNumber,
    orderDate: context.now.toISOString(),
    emailAddress: 'jane@example.com',
    priority: 'normal',
    shippingAddress: ADDRESS,
    lineItems: [
      { recipeSetId: RECIPE_SET, skuQuantities: [{ sku: 'DEMO-TEE-WHT-S', quantity: 2 }] },
    ],
  };
}

/** The filters of the orders list and its counts: a month back to tomorrow. */
const orderFilters = (context: ExampleContext) => ({
  orderedFrom: day(context, 30),
  orderedTo: day(context, -1),
  modifiedFrom: day(context, 30),
  modifiedTo: day(context, -1),
  purchaseOrderNumber: 'PO-',
  recipeSet: RECIPE_SET,
  shipped: false,
});

/** The render routes of a render state (a preset): on the demo recipe set of a product with one. */
const RENDER_STATE_OPERATIONS = [
  'renderRecipeSetState',
  'renderRecipeSetStateCamera',
  'renderRecipeSetStateWidth',
  'renderRecipeSetStateCameraWidth',
  'renderRecipeSetStateHeight',
  'renderRecipeSetStateCameraHeight',
  'renderRecipeSetStateWidthHeight',
  'renderRecipeSetStateCameraWidthHeight',
];

export function demoExamples(context: ExampleContext, ids?: Partial<DemoIds>): DocumentExamples {
  const po = context.purchaseOrderNumber;
  const account = accountExamples(context, ids);
  return {
    parameters: {
      ...account.parameters,
      clientHandle: 'demo',
      recipeSetId: RECIPE_SET,
      readableId: RECIPE_SET,
      recipeSetReadableId: RECIPE_SET,
      viewAngleHandle: 'north',
      camera: 'closeup',
      width: 600,
      height: 400,
      purchaseOrderNumber: po,
      clientIdentifier: DEMO_ORGANIZATION,
      generator: 'text',
      sku: 'DEMO-TEE-WHT-S',
      namespace: 'uploads',
      shard: DEMO_UPLOAD_FILE.slice(0, 2),
      file: DEMO_UPLOAD_FILE,
    },
    operations: {
      ...account.operations,
      ...Object.fromEntries(
        RENDER_STATE_OPERATIONS.map((id) => [
          id,
          {
            parameters: {
              readableId: DEMO_RENDER_STATE_RECIPE_SET.readableId,
              renderStateHandle: DEMO_RENDER_STATE_RECIPE_SET.preset,
            },
          },
        ]),
      ),
      createClient: {
        body: { handle: 'acme', name: 'Acme Apparel', plan: 'standard' },
        outcome: { statuses: [409], why: 'when it runs a second time (the handle is taken)' },
      },
      // The product createProduct's example makes: replaced, then deleted (the demo's own products
      // have recipe sets designed on them, which keeps them from being deleted).
      replaceProduct: {
        parameters: { productHandle: PRODUCT_EXAMPLE.handle },
        body: PRODUCT_EXAMPLE,
      },
      deleteProduct: { parameters: { productHandle: PRODUCT_EXAMPLE.handle } },
      createProduct: {
        outcome: { statuses: [409], why: 'when it runs a second time (the handle is taken)' },
      },
      updateClient: { body: { sharingEnabled: true, currency: 'EUR' } },
      // A seeded plan first: the custom example's 5 requests a minute would leave the demo's
      // moderation and image generation examples answering 429 within the minute.
      setClientPlan: { bodyExample: 'seeded' },
      issueToken: { body: { role: 'User', label: 'ERP integration' } },
      ...Object.fromEntries(
        ['getBlob', 'headBlob'].map((id) => [
          id,
          {
            outcome: {
              statuses: [404],
              why: "names a file of another server: the `uri` of an upload, a render or a print file names one of this server's",
            },
          },
        ]),
      ),
      ...Object.fromEntries(
        ['availabilityOverview', 'availabilitySignIn', 'availabilitySignOut'].map((id) => [
          id,
          {
            outcome: {
              statuses: id === 'availabilityOverview' ? [401] : [403],
              why: 'in Swagger UI: these HTML pages are for a browser, signed in with their own form (its session cookie and CSRF token); open /availability in a browser',
            },
          },
        ]),
      ),
      createRecipeSet: {
        body: {
          productHandle: 'demo-tee',
          options: { colour: 'black', size: 'M' },
          design: DESIGN,
        },
      },
      replaceRecipeSetDesign: {
        parameters: { recipeSetId: UNORDERED_RECIPE_SET },
        body: { design: DESIGN },
      },
      acknowledgeOrder: {
        body: acknowledgement(context, po),
        outcome: SECOND_TIME('purchase order number'),
      },
      acknowledgeOrders: {
        body: [acknowledgement(context, `${po}-B`)],
        outcome: SECOND_TIME('purchase order number'),
      },
      submitOrder: {
        body: {
          ...acknowledgement(context, `${po}-F`),
          customerAddress: ADDRESS,
        },
        outcome: SECOND_TIME('purchase order number'),
      },
      shipNotification: {
        body: {
          purchaseOrderNumber: po,
          lineItems: [
            {
              recipeSetReadableId: RECIPE_SET,
              shipmentVendor: 'UPS',
              shipmentTracking: ['1Z999AA10123456784'],
            },
          ],
        },
      },
      putOrderStatus: {
        body: {
          purchaseOrderNumber: po,
          lineItems: [{ recipeSetReadableId: RECIPE_SET, workflowStatus: 'in-progress' }],
        },
      },
      postOrderStatus: {
        body: {
          purchaseOrderNumber: po,
          lineItems: [{ recipeSetReadableId: RECIPE_SET, workflowStatus: 'in-progress' }],
        },
      },
      listRecipeSetIds: { parameters: { fromDate: day(context, 7), status: 'Ordered' } },
      searchOrders: {
        body: { lastModificationStartDate: day(context, 7), workflowStatuses: ['not-started'] },
      },
      // The orders the acknowledgement examples make (a number starting PO-, DEMTEE2A, today):
      // the batch's and the full order's are not started and not shipped. No cursor: a cursor is
      // the nextCursor of a page the server answered.
      listOrders: {
        parameters: { ...orderFilters(context), status: ['not-started'], cursor: null },
      },
      countOrdersByStatus: { parameters: orderFilters(context) },
      listSavedAssetsIncludingUploads: { parameters: { 'path:includeUploadedAssets': 'true' } },
      getUploadedAsset: { parameters: { id: DEMO_UPLOAD_ID } },
      getSavedAsset: { parameters: { id: SAVED_ASSET_WITH_JOB } },
      createProductionJob: { parameters: { id: SAVED_ASSET_WITHOUT_JOB } },
      updateProductionJob: { parameters: { id: SAVED_ASSET_WITH_JOB } },
      deactivateSavedAsset: {
        parameters: { id: SAVED_ASSET_TO_DEACTIVATE },
        outcome: {
          statuses: [404],
          why: 'when it runs a second time (the first deactivated the saved asset)',
        },
      },
      listEvents: { parameters: { after: null, purchaseOrderNumber: po } },
      getLogEntry: {
        parameters: { logId: '3f0c3f5e-7d4b-4a53-9a43-1f0b0c8f4c11' },
        outcome: {
          statuses: [404],
          why: 'names no log entry of this server: an error answer links to its own',
        },
      },
      ...Object.fromEntries(
        ['showInvitation', 'acceptInvitation', 'getSharePage', 'getShareImage'].map((id) => [
          id,
          {
            parameters: { token: 'k3Jq8v2ZP0cS1yW6tB9xQ4mD7fH5gL2e' },
            outcome: {
              statuses: [404],
              why: "names no link: the token is the secret of a link sent by e-mail, so only the link's own token opens it",
            },
          },
        ]),
      ),
      ...Object.fromEntries(
        [
          'sandboxAdvanceOrder',
          'sandboxShipOrder',
          'sandboxCancelOrder',
          'sandboxRunScenario',
          'sandboxFailPrintFiles',
          'sandboxMessages',
        ].map((id) => [id, { outcome: SANDBOX_ONLY }]),
      ),
    },
  };
}
