/**
 * A partner's program run as it is: `node main.js` with API_URL and TOKEN (an Admin or User token
 * of the demo client) in the environment. Runs the partner flow once and checks what each call
 * answered; exit 0 when every answer is the one the flow expects, 1 with the first that is not.
 * `npm run typed-client:run` compiles it against the generated types and runs it twice in a row
 * against the same server.
 */
import { partnerFlow } from './partner-flow';

function expect(what: string, ok: boolean, seen: unknown): void {
  if (!ok) throw new Error(`${what}: got ${JSON.stringify(seen)}`);
  console.log(`ok  ${what}`);
}

async function main(): Promise<void> {
  const { API_URL, TOKEN } = process.env;
  if (!API_URL || !TOKEN) throw new Error('Set API_URL and TOKEN.');
  const r = await partnerFlow(API_URL, TOKEN);
  console.log(`recipe set ${r.recipeSet}, purchase order ${r.purchaseOrderNumber}`);
  expect('acknowledged, every recipe set', r.ack.allSuccessful && !r.ack.replayed, r.ack);
  expect('the retry answered the stored result', r.retried.replayed, r.retried);
  expect('the order reads back', r.order?.purchaseOrderNumber === r.purchaseOrderNumber, r.order);
  expect('an unknown order is undefined', r.missing === undefined, r.missing);
  expect(
    'the search finds the new order',
    r.total >= 1 && r.orders.some((o) => o.purchaseOrderNumber === r.purchaseOrderNumber),
    r.total,
  );
  expect('a resized render is an image with an ETag', r.image.kind === 'image', r.image.kind);
  expect('the same render with its ETag is 304', r.again.kind === 'unchanged', r.again.kind);
  expect('the render as drawn is a 302', r.stored.kind === 'stored', r.stored.kind);
  expect('the path-segment form is a PNG', r.segments.type === 'image/png', r.segments.type);
  const zip = new Uint8Array(r.zip);
  expect('the print files are a ZIP', zip[0] === 0x50 && zip[1] === 0x4b, zip.slice(0, 4));
}

main().catch((e: unknown) => {
  console.error(`partner flow FAILED: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
