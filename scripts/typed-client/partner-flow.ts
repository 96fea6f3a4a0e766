/**
 * A partner's program, written with openapi-fetch against the types openapi-typescript generates
 * from openapi.json (`./openapi` is that file: `npx openapi-typescript openapi.json -o openapi.d.ts`).
 * `npm run typed-client:check` compiles it on every build, so the document keeps describing what
 * it does: acknowledge an order, read it back, search orders (X-Total-Count), render a recipe set
 * (image bytes, 302 with Location, 304 with ETag, the path-segment form), fetch its print files
 * (202 with Retry-After, then 303 with Location), and tell errors apart by their `code`.
 * docs/typed-client.md walks through it.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './openapi';

type Schemas = components['schemas'];
export type PurchaseOrder = Schemas['PurchaseOrderDto'];
/** Every code an error answer can carry: a union of literals, not `string`. */
export type ErrorCode = NonNullable<Schemas['ProblemDetails']['code']>;

export type Api = ReturnType<typeof partnerApi>;

/** A client of the API for one partner token. */
export function partnerApi(baseUrl: string, token: string) {
  return createClient<paths>({ baseUrl, headers: { SERVICE_API_TOKEN: token } });
}

/**
 * Errors as RFC 9457 ProblemDetails: `error` is then the problem object (with `code`); without
 * this Accept header 4xx answers are one sentence of text/plain, and `error` is that string.
 */
const PROBLEMS = { Accept: 'application/problem+json' } as const;

/** What a failed call said: its code when the answer was a problem, and its text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    detail: string,
  ) {
    super(`${status} ${code ?? ''}: ${detail}`);
  }
}

/** The error of a call as ApiError: a problem object (Accept above), or a text/plain sentence. */
function failure(response: Response, error: string | Schemas['ProblemDetails'] | undefined) {
  if (error === undefined || typeof error === 'string')
    return new ApiError(response.status, undefined, error ?? response.statusText);
  return new ApiError(response.status, error.code, error.detail);
}

// The document's error codes are an enum: a typo is a compile error, not a branch never taken.
const notFound: ErrorCode = 'PURCHASE_ORDER_NOT_FOUND';
// @ts-expect-error: not a code of the API.
const misspelt: ErrorCode = 'PURCHASE_ORDER_MISSING';
export const EXAMPLE_CODES = [notFound, misspelt];

/** The README's recipe set: optional fields (rotation, a background) left out, as a request may. */
export async function createRecipeSet(api: Api, uploadedAssetId: number): Promise<string> {
  const { data, error, response } = await api.POST('/api/recipesets', {
    headers: PROBLEMS,
    body: {
      productHandle: 'demo-tee',
      options: { colour: 'black', size: 'M' },
      design: {
        front: {
          elements: [
            {
              type: 'text',
              text: 'Team Rocket',
              font: 'roboto-bold',
              size: 48,
              colour: '#d62828',
              x: 150,
              y: 80,
              align: 'center',
            },
          ],
        },
        back: {
          elements: [{ type: 'image', uploadedAssetId, x: 75, y: 100, width: 150, height: 150 }],
        },
      },
    },
  });
  if (!data) throw failure(response, error);
  return data.data.readableId;
}

/**
 * Acknowledges a purchase order once, whatever the retries: the Idempotency-Key makes a retry
 * answer the stored result (`Idempotent-Replayed: true`) instead of acknowledging it again.
 */
export async function acknowledge(
  api: Api,
  purchaseOrderNumber: string,
  recipeSetId: string,
  orderDate: string,
): Promise<{ allSuccessful: boolean; replayed: boolean }> {
  const { data, error, response } = await api.POST('/api/order/acknowledgement', {
    headers: PROBLEMS,
    params: { header: { 'Idempotency-Key': `ack-${purchaseOrderNumber}` } },
    body: {
      purchaseOrderNumber,
      orderDate,
      priority: 'normal',
      emailAddress: 'jane@example.com',
      shippingAddress: { firstName: 'Jane', lastName: 'Doe', city: 'Springfield', country: 'US' },
      // The SKU of the design's options (black, M): the server checks it against the product.
      lineItems: [{ recipeSetId, skuQuantities: [{ sku: 'DEMO-TEE-BLK-M', quantity: 2 }] }],
    },
  });
  if (!data) {
    // 422 when the client's SKU policy refused a line item: the answer is the results, each
    // recipe set's success and message, not a problem.
    if (error && typeof error === 'object' && 'statuses' in error)
      return { allSuccessful: error.allSuccessful, replayed: false };
    throw failure(response, error);
  }
  type Answered = paths['/api/order/acknowledgement']['post']['responses'][200];
  // Typed as the document declares the header: were it not declared, this would not compile.
  const replayed: 'true' | undefined = (response.headers.get('Idempotent-Replayed') ??
    undefined) as Answered['headers']['Idempotent-Replayed'];
  return { allSuccessful: data.allSuccessful, replayed: replayed === 'true' };
}

/** An order by its number; undefined when there is none (the `code` tells it from other 404s). */
export async function readOrder(
  api: Api,
  purchaseOrderNumber: string,
): Promise<PurchaseOrder | undefined> {
  const { data, error, response } = await api.GET('/api/order/order-number/{purchaseOrderNumber}', {
    headers: PROBLEMS,
    params: { path: { purchaseOrderNumber } },
  });
  if (data) return data;
  const problem = failure(response, error);
  if (problem.code === 'PURCHASE_ORDER_NOT_FOUND') return undefined;
  throw problem;
}

/** One page of the orders modified since `from`, and how many there are in all (X-Total-Count). */
export async function searchOrders(
  api: Api,
  from: string,
  page: number,
): Promise<{ orders: PurchaseOrder[]; total: number }> {
  const { data, error, response } = await api.POST('/api/orders/search', {
    headers: PROBLEMS,
    params: { query: { page, pageSize: 100 } },
    body: { lastModificationStartDate: from, workflowStatuses: ['not-started'] },
  });
  if (!data) throw failure(response, error);
  type Found = paths['/api/orders/search']['post']['responses'][200];
  // `{}` instead of `number` (a compile error below) if the document stopped declaring it.
  const total: number = Number(response.headers.get('X-Total-Count')) as NonNullable<
    Found['headers']['X-Total-Count']
  >;
  return { orders: data, total };
}

type Render =
  paths['/api/assets/generated/recipeset/readable/{readableId}/{viewAngleHandle}']['get'];
type RenderAnswer =
  | { kind: 'image'; bytes: ArrayBuffer; etag: string }
  | { kind: 'unchanged' }
  | { kind: 'stored'; location: string };

/**
 * A render of a recipe set. Resized or transformed it is the image bytes with an ETag (send it
 * back as If-None-Match: 304 while unchanged); as drawn, a 302 to the stored render, read here
 * with `redirect: 'manual'` (in Node; a browser shows such a URL in an <img> instead).
 */
export async function render(
  api: Api,
  readableId: string,
  viewAngleHandle: string,
  width: number | undefined,
  etag?: string,
): Promise<RenderAnswer> {
  const { data, error, response } = await api.GET(
    '/api/assets/generated/recipeset/readable/{readableId}/{viewAngleHandle}',
    {
      headers: PROBLEMS,
      params: {
        path: { readableId, viewAngleHandle },
        query: { width, format: 'png' },
        header: { 'If-None-Match': etag },
      },
      parseAs: 'arrayBuffer',
      redirect: 'manual',
    },
  );
  if (data) {
    const tag = response.headers.get('ETag') as NonNullable<
      Render['responses'][200]['headers']['ETag']
    >;
    return { kind: 'image', bytes: data, etag: tag };
  }
  if (response.status === 304) return { kind: 'unchanged' };
  if (response.status === 302) {
    const location: string = response.headers.get('Location') as NonNullable<
      Render['responses'][302]['headers']['Location']
    >;
    return { kind: 'stored', location };
  }
  throw failure(response, error);
}

/** The same render in the path-segment form of `<img>` URLs: `…/north/width/381/height/286`. */
export async function renderBySegments(
  api: Api,
  readableId: string,
  viewAngleHandle: string,
): Promise<Blob> {
  const { data, error, response } = await api.GET(
    '/api/assets/generated/recipeset/readable/{readableId}/{viewAngleHandle}/width/{width}/height/{height}',
    {
      params: { path: { readableId, viewAngleHandle, width: 381, height: 286 } },
      parseAs: 'blob',
    },
  );
  if (!data) throw failure(response, error);
  return data;
}

const sleep = (seconds: number) => new Promise((done) => setTimeout(done, seconds * 1000));

/**
 * The print files of a recipe set (a ZIP): 202 with Retry-After while they are made, then 303 to
 * the ZIP on the CDN. Followed by hand, to wait as the server asks; `parseAs: 'text'` because the
 * 202's body is a sentence, not JSON.
 */
export async function printFiles(api: Api, recipeSetReadableId: string): Promise<ArrayBuffer> {
  type PrintFiles = paths['/api/webtoprint/{recipeSetReadableId}']['get']['responses'];
  for (let attempt = 0; attempt < 100; attempt++) {
    const { error, response } = await api.GET('/api/webtoprint/{recipeSetReadableId}', {
      headers: PROBLEMS,
      params: { path: { recipeSetReadableId }, query: { priority: 'Highest' } },
      parseAs: 'text',
      redirect: 'manual',
    });
    if (response.status === 202) {
      const retryAfter: number = Number(response.headers.get('Retry-After')) as NonNullable<
        PrintFiles[202]['headers']['Retry-After']
      >;
      await sleep(retryAfter);
      continue;
    }
    if (response.status === 303) {
      const zip: string = response.headers.get('Location') as NonNullable<
        PrintFiles[303]['headers']['Location']
      >;
      return (await fetch(zip)).arrayBuffer();
    }
    throw failure(response, error);
  }
  throw new Error(`The print files of ${recipeSetReadableId} were not ready in time.`);
}

/**
 * The id of an image already uploaded by the client: here the one on the back of a demo recipe
 * set (a partner would upload its own with POST /api/assets/uploaded).
 */
export async function uploadedImageOf(api: Api, recipeSetId: string): Promise<number> {
  const { data, error, response } = await api.GET('/api/recipesets/{recipeSetId}', {
    headers: PROBLEMS,
    params: { path: { recipeSetId } },
  });
  if (!data) throw failure(response, error);
  for (const location of Object.values(data.data.design))
    for (const element of location.elements)
      if (element.type === 'image') return element.uploadedAssetId;
  throw new Error(`${recipeSetId} has no image to reuse.`);
}

/** A date `days` before today, as the search's window wants it (YYYY-MM-DD). */
export const daysAgo = (days: number): string =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The partner flow, end to end, on the demo data: a new recipe set designed with the demo's
 * image, ordered under a new purchase order number (so the flow can run any number of times),
 * read back, searched for, rendered from the demo T-shirt's `north` view angle, printed.
 */
export async function partnerFlow(baseUrl: string, token: string) {
  const api = partnerApi(baseUrl, token);
  const uploadedAssetId = await uploadedImageOf(api, 'DEMTEE2A');
  const recipeSet = await createRecipeSet(api, uploadedAssetId);
  const purchaseOrderNumber = `PO-${Date.now().toString(36).toUpperCase()}`;
  const orderDate = new Date().toISOString();
  const ack = await acknowledge(api, purchaseOrderNumber, recipeSet, orderDate);
  // A retry (the same key and body): the stored answer, not a second acknowledgement.
  const retried = await acknowledge(api, purchaseOrderNumber, recipeSet, orderDate);
  const order = await readOrder(api, purchaseOrderNumber);
  const missing = await readOrder(api, 'PO-NONE');
  const { orders, total } = await searchOrders(api, daysAgo(7), 1);
  const image = await render(api, recipeSet, 'north', 400);
  const again =
    image.kind === 'image' ? await render(api, recipeSet, 'north', 400, image.etag) : image;
  const stored = await render(api, recipeSet, 'north', undefined);
  const segments = await renderBySegments(api, recipeSet, 'north');
  const zip = await printFiles(api, recipeSet);
  return {
    recipeSet,
    purchaseOrderNumber,
    ack,
    retried,
    order,
    missing,
    orders,
    total,
    image,
    again,
    stored,
    segments,
    zip,
  };
}
