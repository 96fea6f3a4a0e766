// A webhook receiver that verifies each delivery with the official Standard Webhooks library
// (npm install standardwebhooks), deduplicates on webhook-id, and acts on the events it takes.
//
//   WEBHOOK_SECRET=whsec_... PORT=8080 node webhook-receiver.mjs
//
// Answer 2xx quickly (within 15 s): do slow work after answering. Anything else is retried.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET);
const seen = new Set(); // use your database in production: ids repeat across retries

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      // Checks the signature (any of them, during a secret rotation) and the timestamp (5 min).
      event = webhook.verify(body, req.headers);
    } catch {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(204).end();
    if (seen.has(event.id)) return;
    seen.add(event.id);
    const { data } = event;
    if (event.type === 'order.line_item.status_changed')
      console.log(
        `${data.purchaseOrderNumber} #${data.sequence}: ${data.recipeSetReadableId} is ${data.status}`,
      );
    else console.log(`verified ${event.type} ${event.id}`);
  });
}).listen(Number(process.env.PORT ?? 8080), '127.0.0.1');
